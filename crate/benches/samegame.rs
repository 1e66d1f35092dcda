//! `cargo bench --bench samegame`: the POJ 1027 judge on 20,000 random games
//! (fixed seed) beside a straightforward baseline — per-move flood fill over
//! a 2-D array, as a first program would do it — in the same run. Prints
//! times per game and the ratio; checks both print the same thing.

// The baseline is written the way a first program indexes a 2-D array.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

mod common;

use std::hint::black_box;

use clearboard::samegame::poj;

const GAMES: usize = 20_000;

/// The baseline: a 2-D array, a fresh visited array and a queue flood fill
/// from every ball on every move, compaction by copying.
fn baseline(input: &str) -> String {
    use std::fmt::Write;
    let mut lines = input.lines().filter(|l| !l.trim().is_empty());
    let n: usize = lines.next().unwrap().trim().parse().unwrap();
    let mut out = String::new();
    for game in 1..=n {
        // grid[row][col], row 0 at the bottom; b' ' is empty.
        let mut grid = [[b' '; 15]; 10];
        for r in 0..10 {
            let line = lines.next().unwrap().as_bytes();
            grid[9 - r].copy_from_slice(&line[..15]);
        }
        if game > 1 {
            out.push('\n');
        }
        writeln!(out, "Game {}:\n", game).unwrap();
        let (mut score, mut left, mut mv) = (0i64, 150usize, 0);
        loop {
            let mut seen = [[false; 15]; 10];
            let mut best: Option<(usize, usize, usize, Vec<(usize, usize)>)> = None;
            for c in 0..15 {
                for r in 0..10 {
                    if grid[r][c] == b' ' || seen[r][c] {
                        continue;
                    }
                    let color = grid[r][c];
                    let mut cells = vec![(r, c)];
                    seen[r][c] = true;
                    let mut k = 0;
                    while k < cells.len() {
                        let (y, x) = cells[k];
                        k += 1;
                        let nbrs = [
                            (y.wrapping_sub(1), x),
                            (y + 1, x),
                            (y, x.wrapping_sub(1)),
                            (y, x + 1),
                        ];
                        for (ny, nx) in nbrs {
                            if ny < 10 && nx < 15 && !seen[ny][nx] && grid[ny][nx] == color {
                                seen[ny][nx] = true;
                                cells.push((ny, nx));
                            }
                        }
                    }
                    // Column-major scan: the first ball met is the anchor.
                    if best.as_ref().is_none_or(|b| cells.len() > b.0) {
                        best = Some((cells.len(), r, c, cells));
                    }
                }
            }
            let Some((size, r, c, cells)) = best.filter(|b| b.0 >= 2) else {
                break;
            };
            mv += 1;
            let points = (size as i64 - 2) * (size as i64 - 2);
            score += points;
            left -= size;
            writeln!(
                out,
                "Move {} at ({},{}): removed {} balls of color {}, got {} points.",
                mv,
                r + 1,
                c + 1,
                size,
                grid[r][c] as char,
                points
            )
            .unwrap();
            for (y, x) in cells {
                grid[y][x] = b' ';
            }
            let mut next = [[b' '; 15]; 10];
            let mut to_c = 0;
            for c in 0..15 {
                let mut to_r = 0;
                for r in 0..10 {
                    if grid[r][c] != b' ' {
                        next[to_r][to_c] = grid[r][c];
                        to_r += 1;
                    }
                }
                if to_r > 0 {
                    to_c += 1;
                }
            }
            grid = next;
        }
        if left == 0 {
            score += 1000;
        }
        writeln!(
            out,
            "Final score: {}, with {} balls remaining.",
            score, left
        )
        .unwrap();
    }
    out
}

fn main() {
    let text = String::from_utf8(poj::random_input(GAMES as u64, 1)).unwrap();
    let (t_base, base_out) = common::best_of(3, || baseline(black_box(&text)));
    let (t_parse, boards) = common::best_of(5, || poj::parse(black_box(&text)).unwrap());
    let (t_judge, judge_out) = common::best_of(15, || poj::judge(black_box(&text)).unwrap());
    assert_eq!(
        base_out.as_bytes(),
        judge_out.as_slice(),
        "baseline and judge disagree"
    );
    let per = |t: f64| t / GAMES as f64 * 1e6;
    println!(
        "samegame judge, {} random POJ 1027 games (seed 1), best of runs:",
        GAMES
    );
    println!(
        "  baseline (2-D array, per-move BFS)  {:8.2} µs/game",
        per(t_base)
    );
    println!(
        "  clearboard: parse only              {:8.2} µs/game",
        per(t_parse)
    );
    println!(
        "  clearboard: parse + play + print    {:8.2} µs/game",
        per(t_judge)
    );
    println!(
        "  speed-up over the baseline          {:8.2}×",
        t_base / t_judge
    );
    black_box(boards);
}
