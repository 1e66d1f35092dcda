//! `cargo bench --bench mayan` (criterion): the solver on the hardest inputs
//! — full 35-block boards of 10 colours (3 or 4 blocks each, so no colour is
//! pruned at the start), n = 5, none of them solvable, so the whole tree is
//! searched — with memoised failures, beside the plain pruned depth-first
//! search (the same three prunings, no memo), measured alike by criterion.
//! Both must reach the same outcome before anything is timed.

use std::hint::black_box;

use clearboard::mayan::solve::{solve, Outcome, Settings};
use clearboard::mayan::{random_full_board, Board};
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};

/// Boards of seeds 1–3; the plain search takes about 1–2 s on each.
const SEEDS: std::ops::RangeInclusive<u64> = 1..=3;

fn run(boards: &[Board], memo: bool) -> Vec<Outcome> {
    boards
        .iter()
        .map(|b| {
            solve(
                b,
                5,
                Settings {
                    memo,
                    ..Settings::default()
                },
            )
            .outcome
        })
        .collect()
}

fn full_boards(c: &mut Criterion) {
    let boards: Vec<Board> = SEEDS.map(random_full_board).collect();
    let plain = run(&boards, false);
    assert_eq!(plain, run(&boards, true), "both searches agree");
    assert!(
        plain.iter().all(|o| *o == Outcome::NoSolution),
        "no board is solvable, so both search the whole tree: {plain:?}"
    );
    let mut group = c.benchmark_group("mayan_full_boards_n5");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("baseline", |b| b.iter(|| run(black_box(&boards), false)));
    group.bench_function("clearboard", |b| b.iter(|| run(black_box(&boards), true)));
    group.finish();
}

criterion_group!(benches, full_boards);
criterion_main!(benches);
