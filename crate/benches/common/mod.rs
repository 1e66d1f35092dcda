//! What the hand-rolled benchmarks share.

use std::time::Instant;

/// Runs `f` `runs` times; the best wall time in seconds and the last result.
pub fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::MAX;
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        let v = f();
        best = best.min(t.elapsed().as_secs_f64());
        last = Some(v);
    }
    (best, last.expect("at least one run"))
}
