//! `cargo bench --bench playouts`: the solver's play-outs (tabu-colour
//! random games to the end) on the 20 standard positions, on the general
//! `BitBoard` (the baseline: one mask per colour per column, a loop over
//! columns for every count and flood) and on `SmallBoard` (256-bit colour
//! masks), in the same run. Prints moves per second and the ratio; both must
//! play the same number of games and only legal, complete ones.

mod common;

use std::hint::black_box;

use clearboard::samegame::{BitBoard, Board, Flood, SmallBoard};

const GAMES_PER_POSITION: usize = 2_000;

fn positions() -> Vec<Board> {
    let text = include_str!("../tests/data/samegame-standard-20.txt");
    text.split("\n\n")
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let rows: Vec<Vec<u8>> = p
                .lines()
                .map(|l| {
                    l.split_whitespace()
                        .map(|t| t.parse::<u8>().unwrap() + 1)
                        .collect()
                })
                .collect();
            Board::from_rows(&rows, 5).unwrap()
        })
        .collect()
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
fn bitboard_playouts(boards: &[(Board, usize)]) -> (u64, u64) {
    let mut flood = Flood::default();
    let mut rng = 1u64;
    let (mut moves, mut left) = (0, 0);
    for (board, skip) in boards {
        let start = BitBoard::from_board(board);
        for _ in 0..GAMES_PER_POSITION {
            let mut b = start.clone();
            while let Some(mv) = b.random_cluster(*skip, &mut flood, below(&mut rng)) {
                b.remove(mv.anchor, &mut flood);
                moves += 1;
            }
            left += b.balls() as u64;
        }
    }
    (moves, left)
}

fn small_playouts(boards: &[(Board, usize)]) -> (u64, u64) {
    let mut rng = 1u64;
    let (mut moves, mut left) = (0, 0);
    for (board, skip) in boards {
        let start = SmallBoard::from_board(board).unwrap();
        for _ in 0..GAMES_PER_POSITION {
            let mut b = start;
            while b.random_move(*skip, below(&mut rng)).is_some() {
                moves += 1;
            }
            left += b.balls() as u64;
        }
    }
    (moves, left)
}

fn main() {
    let boards: Vec<(Board, usize)> = positions()
        .into_iter()
        .map(|b| {
            let t = tabu(&b);
            (b, t)
        })
        .collect();
    assert_eq!(boards.len(), 20);
    let (t_bits, (m_bits, l_bits)) = common::best_of(3, || bitboard_playouts(black_box(&boards)));
    let (t_small, (m_small, l_small)) = common::best_of(3, || small_playouts(black_box(&boards)));
    // Different random games, the same policy: the totals must be close.
    let close = |a: u64, b: u64| a.abs_diff(b) * 50 < a.max(b);
    assert!(close(m_bits, m_small), "moves {m_bits} vs {m_small}");
    assert!(close(l_bits, l_small), "balls left {l_bits} vs {l_small}");
    let games = (20 * GAMES_PER_POSITION) as f64;
    println!(
        "samegame play-outs, {} tabu-colour random games per standard position, best of 3:",
        GAMES_PER_POSITION
    );
    println!(
        "  baseline BitBoard   {:8.2} µs/game  {:6.1} M moves/s",
        t_bits / games * 1e6,
        m_bits as f64 / t_bits / 1e6
    );
    println!(
        "  SmallBoard          {:8.2} µs/game  {:6.1} M moves/s",
        t_small / games * 1e6,
        m_small as f64 / t_small / 1e6
    );
    println!("  speed-up            {:8.2}×", t_bits / t_small);
}
