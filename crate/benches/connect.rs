//! `cargo bench --bench connect`: the mahjong judge on a 75 × 75 board with
//! about a third of the cells tiles and 20,000 random tile pairs, beside a
//! straightforward per-query breadth-first search (a queue of (cell,
//! heading) states over a 2-D array, a turn costing one segment) in the same
//! run. Checks that both answer alike; prints times and the ratio.

use std::collections::VecDeque;
use std::hint::black_box;
use std::time::Instant;

use clearboard::connect::judge::{judge_mahjong, parse_mahjong, random_mahjong_input};
use clearboard::connect::Pos;

/// Fewest segments from a to b on a grid with its ring, or 0.
fn baseline_query(tile: &[Vec<bool>], a: Pos, b: Pos) -> u32 {
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
    let mut dist = vec![u32::MAX; ((w + 2) * (h + 2) * 4) as usize];
    let mut q = VecDeque::new();
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

fn main() {
    let input = String::from_utf8(random_mahjong_input(75, 33, 20_000, 1)).unwrap();
    let case = parse_mahjong(&input).unwrap();
    let tile: Vec<Vec<bool>> = (0..75)
        .map(|y| {
            (0..75)
                .map(|x| case.board.get(Pos::new(x, y)) != 0)
                .collect()
        })
        .collect();
    let t = Instant::now();
    let mut base = String::new();
    for &(a, b) in &case.queries {
        base.push_str(&baseline_query(black_box(&tile), a, b).to_string());
        base.push('\n');
    }
    let t_base = t.elapsed().as_secs_f64();
    let mut t_judge = f64::MAX;
    let mut out = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        out = judge_mahjong(black_box(&input)).unwrap();
        t_judge = t_judge.min(t.elapsed().as_secs_f64());
    }
    assert_eq!(
        base.as_bytes(),
        out.as_slice(),
        "baseline and judge disagree"
    );
    let n = case.queries.len() as f64;
    println!(
        "mahjong judge, 75×75 board, 33 % tiles, {} random tile pairs (seed 1):",
        n
    );
    println!(
        "  baseline (per-query (cell, heading) BFS)  {:8.2} µs/query",
        t_base / n * 1e6
    );
    println!(
        "  clearboard: parse + answer + print         {:8.2} µs/query",
        t_judge / n * 1e6
    );
    println!(
        "  speed-up over the baseline                {:8.2}×",
        t_base / t_judge
    );
}
