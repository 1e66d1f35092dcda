//! `cargo bench --bench playouts` (criterion): the solver's play-outs
//! (tabu-colour random games to the end) on the 20 standard positions, on
//! the general `BitBoard` (the baseline: one mask per colour per column, a
//! loop over columns for every count and flood, its flood buffer reused) and
//! on `SmallBoard` (256-bit colour masks), measured alike by criterion. Both
//! play the same number of games with the same policy; before timing, their
//! move and ball totals must agree within 2 %.

use std::hint::black_box;

use clearboard::samegame::{BitBoard, Board, Flood, SmallBoard};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const GAMES_PER_POSITION: usize = 100;

fn positions() -> Vec<Board> {
    let text = include_str!("../tests/data/samegame-standard-20.txt");
    clearboard::cli::parse_positions(text).unwrap()
}

fn below(rng: &mut u64) -> impl FnMut(u64) -> u64 + '_ {
    move |n| {
        *rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((*rng >> 32) * n) >> 32
    }
}

fn tabu(board: &Board) -> usize {
    (1..=board.colors())
        .max_by_key(|&c| {
            (0..board.width())
                .flat_map(|x| (0..board.height()).map(move |y| (x, y)))
                .filter(|&(x, y)| board.get(x, y) == c)
                .count()
        })
        .unwrap() as usize
        - 1
}

/// (moves played, balls left summed) over all games.
fn bitboard_playouts(boards: &[(Board, usize)], flood: &mut Flood, games: usize) -> (u64, u64) {
    let mut rng = 1u64;
    let (mut moves, mut left) = (0, 0);
    for (board, skip) in boards {
        let start = BitBoard::from_board(board);
        for _ in 0..games {
            let mut b = start.clone();
            while let Some(mv) = b.random_cluster(*skip, flood, below(&mut rng)) {
                b.remove(mv.anchor, flood);
                moves += 1;
            }
            left += b.balls() as u64;
        }
    }
    (moves, left)
}

fn small_playouts(boards: &[(Board, usize)], games: usize) -> (u64, u64) {
    let mut rng = 1u64;
    let (mut moves, mut left) = (0, 0);
    for (board, skip) in boards {
        let start = SmallBoard::from_board(board).unwrap();
        for _ in 0..games {
            let mut b = start;
            while b.random_move(*skip, below(&mut rng)).is_some() {
                moves += 1;
            }
            left += b.balls() as u64;
        }
    }
    (moves, left)
}

fn playouts(c: &mut Criterion) {
    let boards: Vec<(Board, usize)> = positions()
        .into_iter()
        .map(|b| {
            let t = tabu(&b);
            (b, t)
        })
        .collect();
    assert_eq!(boards.len(), 20);
    let mut flood = Flood::default();
    // Different random games, the same policy: over many games the totals
    // must be close.
    let (m_bits, l_bits) = bitboard_playouts(&boards, &mut flood, 1_000);
    let (m_small, l_small) = small_playouts(&boards, 1_000);
    let close = |a: u64, b: u64| a.abs_diff(b) * 50 < a.max(b);
    assert!(close(m_bits, m_small), "moves {m_bits} vs {m_small}");
    assert!(close(l_bits, l_small), "balls left {l_bits} vs {l_small}");
    let mut group = c.benchmark_group("samegame_playouts");
    group.throughput(Throughput::Elements((20 * GAMES_PER_POSITION) as u64));
    group.bench_function("baseline", |b| {
        b.iter(|| bitboard_playouts(black_box(&boards), &mut flood, GAMES_PER_POSITION))
    });
    group.bench_function("clearboard", |b| {
        b.iter(|| small_playouts(black_box(&boards), GAMES_PER_POSITION))
    });
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
