//! `cargo bench --bench connect` (criterion): the mahjong judge on a 75 × 75
//! board with about a third of the cells tiles and 2,000 random tile pairs,
//! beside a straightforward per-query breadth-first search (a queue of
//! (cell, heading) states over a 2-D array, a turn costing one segment; its
//! distance array and queue reused across queries, and the board parsed once
//! outside the timing, which favours the baseline). Both must answer alike
//! before anything is timed.

use std::collections::VecDeque;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};

use clearboard::connect::judge::{judge_mahjong, parse_mahjong, random_mahjong_input};
use clearboard::connect::Pos;

/// The baseline's buffers, kept across queries.
#[derive(Default)]
struct Scratch {
    dist: Vec<u32>,
    queue: VecDeque<(Pos, usize, u32)>,
}

/// Fewest segments from a to b on a grid with its ring, or 0.
fn baseline_query(tile: &[Vec<bool>], a: Pos, b: Pos, scratch: &mut Scratch) -> u32 {
    let (h, w) = (tile.len() as i32, tile[0].len() as i32);
    let open = |p: Pos| {
        p.x >= -1
            && p.y >= -1
            && p.x <= w
            && p.y <= h
            && p != a
            && !(p.x >= 0 && p.y >= 0 && p.x < w && p.y < h && tile[p.y as usize][p.x as usize])
    };
    let dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let idx = |p: Pos, d: usize| (((p.y + 1) * (w + 2) + p.x + 1) as usize) * 4 + d;
    let Scratch { dist, queue: q } = scratch;
    dist.clear();
    dist.resize(((w + 2) * (h + 2) * 4) as usize, u32::MAX);
    q.clear();
    let mut best = u32::MAX;
    for (d, &(dx, dy)) in dirs.iter().enumerate() {
        let n = Pos::new(a.x + dx, a.y + dy);
        if n == b {
            return 1;
        }
        if open(n) {
            dist[idx(n, d)] = 1;
            q.push_back((n, d, 1));
        }
    }
    while let Some((p, d, k)) = q.pop_front() {
        if dist[idx(p, d)] < k || k >= best {
            continue;
        }
        for (nd, &(dx, dy)) in dirs.iter().enumerate() {
            let nk = k + u32::from(nd != d);
            let n = Pos::new(p.x + dx, p.y + dy);
            if n == b {
                best = best.min(nk);
            } else if open(n) && nk < dist[idx(n, nd)] {
                dist[idx(n, nd)] = nk;
                if nk == k {
                    q.push_front((n, nd, nk));
                } else {
                    q.push_back((n, nd, nk));
                }
            }
        }
    }
    if best == u32::MAX {
        0
    } else {
        best
    }
}

const QUERIES: u64 = 2_000;

fn baseline(tile: &[Vec<bool>], queries: &[(Pos, Pos)], scratch: &mut Scratch) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for &(a, b) in queries {
        writeln!(out, "{}", baseline_query(tile, a, b, scratch)).unwrap();
    }
    out
}

fn mahjong(c: &mut Criterion) {
    let input = String::from_utf8(random_mahjong_input(75, 33, QUERIES, 1)).unwrap();
    let case = parse_mahjong(&input).unwrap();
    let tile: Vec<Vec<bool>> = (0..75)
        .map(|y| {
            (0..75)
                .map(|x| case.board.get(Pos::new(x, y)) != 0)
                .collect()
        })
        .collect();
    let mut scratch = Scratch::default();
    assert_eq!(
        baseline(&tile, &case.queries, &mut scratch).as_bytes(),
        judge_mahjong(&input).unwrap().as_slice(),
        "baseline and judge disagree"
    );
    let mut group = c.benchmark_group("mahjong_judge");
    // The baseline takes about 0.4 s an iteration: the same number of
    // iterations in every sample keeps its run to a minute.
    group.sampling_mode(SamplingMode::Flat);
    group.throughput(Throughput::Elements(QUERIES));
    group.bench_function("baseline", |b| {
        b.iter(|| baseline(black_box(&tile), black_box(&case.queries), &mut scratch))
    });
    group.bench_function("clearboard", |b| {
        b.iter(|| judge_mahjong(black_box(&input)).unwrap())
    });
    group.finish();
}

criterion_group! {
    name = benches;
    // The baseline takes about 0.4 s an iteration: 20 samples are enough.
    config = Criterion::default().sample_size(20);
    targets = mahjong
}
criterion_main!(benches);
