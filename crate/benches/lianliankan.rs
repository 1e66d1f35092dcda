//! `cargo bench --bench lianliankan`: 连连看 deal generation (16 × 9, 36
//! kinds, every variant: median time and draws needed) and the exact
//! solver on random deals (not generated to be winnable): the share
//! decided within 100 ms, the median time, and the share a KShisen-style
//! greedy check calls solvable against the true share. The greedy check
//! (remove the first joinable pair, again and again, ignoring the variant
//! when it decides) runs on the same boards in the same process.

use std::time::{Duration, Instant};

use clearboard::budget::Budget;
use clearboard::lianliankan::deal::{deal, random_board, Spec};
use clearboard::lianliankan::solve::{solve_threads, Settings, Verdict, MEMO_CAP};
use clearboard::lianliankan::{Board, Variant};

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// KShisen's check: take the first joinable pair while there is one, with
/// no sliding (as the anchors do); solvable when the board empties.
fn greedy_says_solvable(b: &Board) -> bool {
    let mut b = b.clone();
    while let Some(&(p, q)) = b.pairs().first() {
        b.remove(p, q, Variant::None);
    }
    b.is_empty()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let boards: u64 = args
        .iter()
        .position(|a| a == "--boards")
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let deals: u64 = if args.iter().any(|a| a == "--no-deals") {
        0
    } else {
        50
    };
    // `--nodes N`: a node budget per board instead of 100 ms (results that
    // do not depend on the machine's load).
    let nodes: Option<u64> = args
        .iter()
        .position(|a| a == "--nodes")
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok());
    // `--threads T`: searches per board sharing their proofs (default 1).
    // `--no-learn`: restarts order their moves at random (the learned order
    // is the command line's).
    let learn = !args.iter().any(|a| a == "--no-learn");
    // `--no-sleep`: no sleep sets (the command line's search has them).
    let sleep = !args.iter().any(|a| a == "--no-sleep");
    let threads: usize = args
        .iter()
        .position(|a| a == "--threads")
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let only: Vec<Variant> = match args.iter().position(|a| a == "--variant") {
        Some(i) => vec![Variant::parse(&args[i + 1]).expect("a variant")],
        None => Variant::ALL.to_vec(),
    };
    println!("lianliankan deals, 16 × 9, 36 kinds, seeds 1-{}:", deals);
    println!("  variant            median ms   max ms");
    for &v in only.iter().filter(|_| deals > 0) {
        let spec = classic(v);
        let mut times = Vec::new();
        for seed in 1..=deals {
            let t = Instant::now();
            deal(spec, seed).expect("a deal");
            times.push(t.elapsed().as_secs_f64() * 1e3);
        }
        let max = times.iter().cloned().fold(0.0, f64::max);
        println!("  {:18} {:9.2} {:8.1}", v.name(), median(&mut times), max);
    }
    println!(
        "lianliankan solver, {} random 16 × 9 / 36-kind boards per variant, 100 ms each:",
        boards
    );
    println!("  variant            decided   won    lost   median ms   greedy says solvable");
    for &v in &only {
        let spec = classic(v);
        let (won, lost, mut times) = measure(v, boards, nodes, threads, (learn, sleep), |seed| {
            random_board(spec, seed).unwrap()
        });
        let greedy: u64 = (1..=boards)
            .map(|seed| u64::from(greedy_says_solvable(&random_board(spec, seed).unwrap())))
            .sum();
        let n = boards as f64;
        println!(
            "  {:18} {:6.1} % {:5.1} % {:5.1} % {:9.2}   {:5.1} % (true share ≥ {:.1} %)",
            v.name(),
            100.0 * (won + lost) as f64 / n,
            100.0 * won as f64 / n,
            100.0 * lost as f64 / n,
            median(&mut times),
            100.0 * greedy as f64 / n,
            100.0 * won as f64 / n
        );
    }
    println!(
        "lianliankan solver on winnable deals (16 × 9, 36 kinds, seeds 1-{}), 100 ms each:",
        boards
    );
    println!("  variant            won     median ms");
    for &v in &only {
        let spec = classic(v);
        let (won, _, mut times) = measure(v, boards, nodes, threads, (learn, sleep), |seed| {
            deal(spec, seed).unwrap().board
        });
        println!(
            "  {:18} {:5.1} % {:9.2}",
            v.name(),
            100.0 * won as f64 / boards as f64,
            median(&mut times)
        );
    }
}

/// The Classic size under `v`.
fn classic(v: Variant) -> Spec {
    Spec {
        w: 16,
        h: 9,
        kinds: 36,
        variant: v,
    }
}

/// Solves the boards of seeds 1..=`boards` with 100 ms each (or `nodes`
/// positions each): (won, lost, times in ms).
fn measure(
    v: Variant,
    boards: u64,
    nodes: Option<u64>,
    threads: usize,
    (learn, sleep): (bool, bool),
    board_of: impl Fn(u64) -> Board,
) -> (u64, u64, Vec<f64>) {
    let (mut won, mut lost) = (0u64, 0u64);
    let mut times = Vec::new();
    for seed in 1..=boards {
        let b = board_of(seed);
        let t = Instant::now();
        let out = solve_threads(
            &b,
            v,
            Settings {
                budget: nodes.map_or(Budget::time(Duration::from_millis(100)), Budget::nodes),
                memo_cap: MEMO_CAP,
                learn,
                sleep,
            },
            threads,
        );
        times.push(t.elapsed().as_secs_f64() * 1e3);
        match out.verdict {
            Verdict::Won(_) => won += 1,
            Verdict::Lost => lost += 1,
            Verdict::Unknown => {}
        }
    }
    (won, lost, times)
}
