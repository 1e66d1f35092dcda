//! `cargo bench --bench samegame` (criterion): the POJ 1027 judge on 1,000
//! random games (fixed seed) beside a straightforward baseline — per-move
//! flood fill over a 2-D array, as a first program would do it, with its
//! buffers reused (no allocation per flood) — measured alike by criterion.
//! Both must print the same bytes before anything is timed.
//! `node scripts/bench-ratios.mjs` prints the ratio from criterion's estimates.

// The baseline is written the way a first program indexes a 2-D array.
#![allow(clippy::needless_range_loop)]

use std::hint::black_box;

use clearboard::samegame::poj;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const GAMES: u64 = 1_000;

/// The baseline: a 2-D array, a visited array cleared every move and a queue
/// flood fill from every ball on every move, compaction by copying. The
/// cluster buffers live across moves and games.
fn baseline(input: &str) -> String {
    use std::fmt::Write;
    let mut lines = input.lines().filter(|l| !l.trim().is_empty());
    let n: usize = lines.next().unwrap().trim().parse().unwrap();
    let mut out = String::new();
    let mut cells: Vec<(usize, usize)> = Vec::with_capacity(150);
    let mut best_cells: Vec<(usize, usize)> = Vec::with_capacity(150);
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
            // (size, row, column) of the biggest cluster so far; its cells
            // are in `best_cells`.
            let mut best: Option<(usize, usize, usize)> = None;
            for c in 0..15 {
                for r in 0..10 {
                    if grid[r][c] == b' ' || seen[r][c] {
                        continue;
                    }
                    let color = grid[r][c];
                    cells.clear();
                    cells.push((r, c));
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
                    if best.is_none_or(|b| cells.len() > b.0) {
                        best = Some((cells.len(), r, c));
                        std::mem::swap(&mut cells, &mut best_cells);
                    }
                }
            }
            let Some((size, r, c)) = best.filter(|b| b.0 >= 2) else {
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
            for &(y, x) in &best_cells {
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

fn judge(c: &mut Criterion) {
    let text = String::from_utf8(poj::random_input(GAMES, 1)).unwrap();
    assert_eq!(
        baseline(&text).as_bytes(),
        poj::judge(&text).unwrap().as_slice(),
        "baseline and judge disagree"
    );
    let mut group = c.benchmark_group("samegame_judge");
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("baseline", |b| b.iter(|| baseline(black_box(&text))));
    group.bench_function("clearboard", |b| {
        b.iter(|| poj::judge(black_box(&text)).unwrap())
    });
    group.bench_function("clearboard_parse_only", |b| {
        b.iter(|| poj::parse(black_box(&text)).unwrap())
    });
    group.finish();
}

criterion_group!(benches, judge);
criterion_main!(benches);
