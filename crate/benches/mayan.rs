//! `cargo bench --bench mayan`: the solver on the hardest inputs — full
//! 35-block boards of 10 colours (3 or 4 blocks each, so no colour is pruned
//! at the start), n = 5 — with memoised failures, beside the plain pruned
//! depth-first search (the same three prunings, no memo) in the same run.

use std::time::Instant;

use clearboard::mayan::random_full_board;
use clearboard::mayan::solve::{solve, Settings};

fn main() {
    let boards: Vec<_> = (1..=8).map(random_full_board).collect();
    let mut totals = [(0f64, 0u64); 2];
    println!("mayan, n = 5, full 10-colour boards (seeds 1-8):");
    println!("  seed  outcome        plain nodes   plain ms    memo nodes    memo ms");
    for (i, b) in boards.iter().enumerate() {
        let mut row = Vec::new();
        for (j, memo) in [false, true].into_iter().enumerate() {
            let t = Instant::now();
            let r = solve(
                b,
                5,
                Settings {
                    memo,
                    ..Settings::default()
                },
            );
            let dt = t.elapsed().as_secs_f64();
            totals[j].0 += dt;
            totals[j].1 += r.nodes;
            row.push((r, dt));
        }
        assert_eq!(row[0].0.outcome, row[1].0.outcome, "both searches agree");
        let outcome = match &row[1].0.outcome {
            clearboard::mayan::solve::Outcome::Solved(m) => format!("solved in {}", m.len()),
            o => format!("{:?}", o),
        };
        println!(
            "  {:4}  {:12} {:12} {:10.1} {:12} {:10.1}",
            i + 1,
            outcome,
            row[0].0.nodes,
            row[0].1 * 1e3,
            row[1].0.nodes,
            row[1].1 * 1e3
        );
    }
    let n = boards.len() as f64;
    println!(
        "  mean per board: plain {:.0} ms ({} nodes), memo {:.0} ms ({} nodes); speed-up {:.1}×",
        totals[0].0 / n * 1e3,
        totals[0].1 / boards.len() as u64,
        totals[1].0 / n * 1e3,
        totals[1].1 / boards.len() as u64,
        totals[0].0 / totals[1].0
    );
}
