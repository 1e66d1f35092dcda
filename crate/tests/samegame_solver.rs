//! The Same Game solver: its move lists replay to their claimed scores, it
//! is deterministic under a node budget, and it beats greedy.

use clearboard::budget::Budget;
use clearboard::samegame::solver::{replay, solve, width_within, SolveSettings, BEAM_MEMORY};
use clearboard::samegame::{BitBoard, Board, Flood};
use proptest::prelude::*;

fn budget(nodes: u64, seed: u64) -> SolveSettings {
    SolveSettings {
        budget: Budget::nodes(nodes),
        threads: 1,
        seed,
        ..SolveSettings::default()
    }
}

fn greedy_score(board: &Board) -> i64 {
    let mut b = BitBoard::from_board(board);
    let mut flood = Flood::default();
    let mut score = 0;
    while let Some(g) = b.greedy(&mut flood) {
        score += (g.size as i64 - 2).pow(2);
        b.remove(g.anchor, &mut flood);
    }
    score + if b.balls() == 0 { 1000 } else { 0 }
}

fn standard_positions() -> Vec<Board> {
    let text = include_str!("data/samegame-standard-20.txt");
    text.trim()
        .split("\n\n")
        .map(|block| Board::parse(&block.lines().collect::<Vec<_>>(), 1).unwrap())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn every_move_list_replays_to_its_claimed_score(
        // Up to 16 × 16 the search runs on SmallBoard, beyond on BitBoard.
        (w, h, k) in (1usize..=20, 1usize..=20, 2u8..=9),
        seed in any::<u64>(),
        nodes in 1u64..3000,
        threads in 1usize..=2,
    ) {
        let board = Board::random(w, h, k, seed).unwrap();
        let s = solve(&board, &SolveSettings { threads, ..budget(nodes, seed) }, &|_| {});
        let (score, cleared) = replay(&board, &s.moves).map_err(TestCaseError::fail)?;
        prop_assert_eq!(score, s.score);
        prop_assert_eq!(cleared, s.cleared);
    }
}

#[test]
fn a_node_budget_makes_the_search_deterministic() {
    let board = Board::random(12, 12, 4, 9).unwrap();
    let a = solve(&board, &budget(20_000, 3), &|_| {});
    let b = solve(&board, &budget(20_000, 3), &|_| {});
    assert_eq!(a, b);
}

/// Threads exchange their best lines after each beam, each waiting for the
/// others' round: with a node budget what they find still depends only on
/// the board, seed, threads and budget, not on timing.
#[test]
fn a_node_budget_makes_threads_exchanging_lines_deterministic() {
    for (threads, seed) in [(2, 3), (3, 4)] {
        let board = Board::random(12, 12, 4, 9 + seed).unwrap();
        let settings = SolveSettings {
            threads,
            ..budget(20_000, seed)
        };
        let a = solve(&board, &settings, &|_| {});
        for _ in 0..3 {
            assert_eq!(solve(&board, &settings, &|_| {}), a, "{threads} threads");
        }
    }
}

#[test]
fn the_solver_beats_greedy_on_every_standard_position_at_a_small_budget() {
    for (i, board) in standard_positions().iter().enumerate() {
        let s = solve(board, &budget(3_000, 1), &|_| {});
        let g = greedy_score(board);
        assert_eq!(replay(board, &s.moves).unwrap().0, s.score);
        assert!(
            s.score > g,
            "position {}: solver {} vs greedy {}",
            i + 1,
            s.score,
            g
        );
    }
}

/// Each reported line replays to the score it claims; the scores rise and
/// the last is the answer.
#[test]
fn progress_reports_rising_best_lines() {
    let board = Board::random(10, 10, 3, 4).unwrap();
    let seen = std::sync::Mutex::new(Vec::new());
    let s = solve(&board, &budget(5_000, 1), &|line| {
        assert_eq!(
            replay(&board, &line.moves).unwrap(),
            (line.score, line.cleared)
        );
        seen.lock().unwrap().push(line.score)
    });
    let seen = seen.into_inner().unwrap();
    assert!(seen.len() >= 2, "{seen:?}");
    assert!(seen.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(*seen.last().unwrap(), s.score);
}

/// The page's step-by-step search on boards on either side of 16 × 16 (the
/// largest the solver's `SmallBoard` holds): each step's best replays and
/// never gets worse.
#[test]
fn sessions_on_small_and_large_boards_return_replayable_games() {
    use clearboard::samegame::solver::Session;
    for (w, h, k) in [(16, 16, 5), (17, 16, 4), (16, 20, 3)] {
        let board = Board::random(w, h, k, 7).unwrap();
        let mut session = Session::new(&board, 3, 0, BEAM_MEMORY, &|_| {});
        let mut last = i64::MIN;
        for _ in 0..4 {
            session.step();
            let best = session.best();
            assert_eq!(
                replay(&board, &best.moves).unwrap(),
                (best.score, best.cleared),
                "{}×{}×{}",
                w,
                h,
                k
            );
            assert!(best.score >= last);
            last = best.score;
        }
        assert!(last > greedy_score(&board), "{}×{}×{}", w, h, k);
    }
}

#[test]
fn a_session_widens_until_its_beam_keeps_everything() {
    use clearboard::samegame::solver::Session;
    let board = Board::random(4, 4, 3, 2).unwrap();
    let mut session = Session::new(&board, 1, 0, BEAM_MEMORY, &|_| {});
    let mut steps = 0;
    while session.step() {
        steps += 1;
        assert!(
            steps < 30,
            "a 4×4 board is searched exhaustively by a finite beam"
        );
    }
    let best = session.best();
    assert_eq!(
        replay(&board, &best.moves).unwrap(),
        (best.score, best.cleared)
    );
    // An exhaustive search is at least as good as any budgeted one.
    let budgeted = solve(&board, &budget(200, 1), &|_| {});
    assert!(best.score >= budgeted.score);
}

#[test]
fn the_largest_boards_and_most_colours_are_solved() {
    for (w, h, k) in [(64, 64, 9), (64, 1, 2), (1, 64, 9), (30, 30, 6)] {
        let board = Board::random(w, h, k, 5).unwrap();
        let s = solve(&board, &budget(400, 2), &|_| {});
        assert_eq!(
            replay(&board, &s.moves).unwrap(),
            (s.score, s.cleared),
            "{}×{}×{}",
            w,
            h,
            k
        );
        assert!(!s.moves.is_empty(), "a move list for {}×{}×{}", w, h, k);
    }
}

/// The worker's search: for a time, within a memory bound (its widest beam
/// is the one that fits), reporting lines that replay, and different
/// sessions (threads) searching differently; a tiny board ends early as
/// exhaustive.
#[test]
fn a_session_thinks_for_a_time_within_its_memory() {
    use clearboard::samegame::solver::Session;
    use std::sync::atomic::{AtomicUsize, Ordering};
    static REPORTS: AtomicUsize = AtomicUsize::new(0);
    fn count(_: &clearboard::samegame::solver::Solution) {
        REPORTS.fetch_add(1, Ordering::Relaxed);
    }
    let board = &standard_positions()[3];
    let memory = 8 << 20;
    let mut scores = Vec::new();
    for thread in 0..2 {
        let mut session = Session::new(board, 1, thread, memory, &count);
        assert_eq!(session.max_width(), width_within(225, memory));
        assert_eq!(session.max_width(), 256, "8 MiB at about 25 KB a node");
        let t = std::time::Instant::now();
        let more = session.think(Budget::time(std::time::Duration::from_millis(400)));
        let spent = t.elapsed();
        assert!(more, "a standard position is not searched exhaustively");
        assert!(spent >= std::time::Duration::from_millis(400), "{spent:?}");
        // The clock is read every few hundred positions: the search stops
        // soon after its time (loosely bounded: the machine may be busy).
        assert!(spent < std::time::Duration::from_millis(3000), "{spent:?}");
        let best = session.best();
        assert_eq!(
            replay(board, &best.moves).unwrap(),
            (best.score, best.cleared)
        );
        assert!(best.score > greedy_score(board));
        assert!(best.nodes > 0);
        scores.push((best.score, best.moves));
    }
    assert_ne!(scores[0].1, scores[1].1, "two threads' lines differ");
    assert!(REPORTS.load(Ordering::Relaxed) >= 2);
    let mut tiny = Session::new(&Board::random(4, 4, 3, 2).unwrap(), 1, 0, memory, &|_| {});
    assert!(!tiny.think(Budget::time(std::time::Duration::from_secs(5))));
    // Exhaustive stays exhaustive: a later call, even with no time, says so.
    let best = tiny.best().score;
    assert!(!tiny.think(Budget::time(std::time::Duration::ZERO)));
    assert!(!tiny.step());
    assert_eq!(tiny.best().score, best);
}

/// Under a time budget several threads search at once; what they find
/// replays to its claimed score, beats greedy and widens the beam.
#[test]
fn threads_under_a_time_budget_return_a_replayable_better_game() {
    let board = &standard_positions()[0];
    let settings = SolveSettings {
        budget: Budget::time(std::time::Duration::from_millis(1500)),
        threads: 3,
        seed: 5,
        max_width: 1 << 20,
    };
    let s = solve(board, &settings, &|_| {});
    let (score, cleared) = replay(board, &s.moves).expect("legal moves");
    assert_eq!((score, cleared), (s.score, s.cleared));
    assert!(
        s.score > greedy_score(board),
        "{} vs greedy {}",
        s.score,
        greedy_score(board)
    );
    assert!(
        s.width >= 4 && s.nodes > 1000,
        "width {} nodes {}",
        s.width,
        s.nodes
    );
}

/// A session run slice by slice (as the page's worker runs it, returning
/// to its event loop between slices) finds exactly what one call finds:
/// the beams pause between two parents and go on from there. On a board
/// over 16 × 16 there is no exact end search, so the whole search is the
/// beams'; every slice, however small, makes progress.
#[test]
fn a_search_in_slices_finds_what_one_call_finds() {
    use clearboard::samegame::solver::Session;
    for (w, h, k, seed) in [(17, 17, 4, 3), (20, 12, 5, 8)] {
        let board = Board::random(w, h, k, seed).unwrap();
        let mut whole = Session::new(&board, seed, 1, 8 << 20, &|_| {});
        assert!(whole.think(Budget::nodes(30_000)));
        for slice in [0, 1, 97, 5_000] {
            let mut sliced = Session::new(&board, seed, 1, 8 << 20, &|_| {});
            sliced.begin(Budget::nodes(30_000));
            let mut calls = 0;
            let more = loop {
                calls += 1;
                assert!(calls < 100_000, "slices of {slice} make progress");
                if let Some(more) = sliced.advance(Budget::nodes(slice)) {
                    break more;
                }
            };
            assert!(more);
            assert!(calls > 5, "slices of {slice}: {calls} calls");
            assert_eq!(sliced.best(), whole.best(), "{w}×{h}, slices of {slice}");
            // Ended: another call says the same at once.
            assert_eq!(sliced.advance(Budget::nodes(0)), Some(true));
        }
    }
}

/// A slice ends between two children of a parent, not only between two
/// parents: on a large board a parent has hundreds of children, each
/// played out to the end (a 64 × 64 board's took over a second in the
/// page, where Stop waits for the slice). Here every call of a one-position
/// slice plays out at most one child more, and the search still finds what
/// one call finds.
#[test]
fn a_slice_ends_between_two_children_of_a_parent() {
    use clearboard::samegame::solver::Session;
    let board = Board::random(30, 30, 9, 5).unwrap();
    let mut whole = Session::new(&board, 5, 1, 8 << 20, &|_| {});
    assert!(whole.think(Budget::nodes(1_500)));
    let mut sliced = Session::new(&board, 5, 1, 8 << 20, &|_| {});
    sliced.begin(Budget::nodes(1_500));
    let (mut calls, mut before) = (0u64, 0u64);
    loop {
        calls += 1;
        let done = sliced.advance(Budget::nodes(1));
        let now = sliced.nodes();
        assert!(
            now - before <= 1,
            "call {calls}: {} play-outs in a one-position slice",
            now - before
        );
        before = now;
        if done.is_some() {
            break;
        }
    }
    assert!(calls >= 1_000, "{calls} calls");
    assert_eq!(sliced.best(), whole.best());
}

/// On a small board the exact search of the line's end runs in slices too:
/// a question cut by its slice is asked again from the table the slice
/// left. Given room to walk back to the start, sliced and whole searches
/// both prove the best game there is (the same score); on a standard
/// position with a budget, the sliced search's line replays to its score.
#[test]
fn the_exact_end_search_in_slices_proves_what_one_call_proves() {
    use clearboard::samegame::solver::Session;
    let mut proved = 0;
    for seed in 0..6u64 {
        let board = Board::random(7, 7, 3, seed).unwrap();
        let mut whole = Session::new(&board, 1, 0, 1 << 20, &|_| {});
        let whole_more = whole.think(Budget::nodes(400_000));
        let mut sliced = Session::new(&board, 1, 0, 1 << 20, &|_| {});
        sliced.begin(Budget::nodes(400_000));
        let mut calls = 0;
        let sliced_more = loop {
            calls += 1;
            assert!(calls < 1_000_000);
            if let Some(more) = sliced.advance(Budget::nodes(50)) {
                break more;
            }
        };
        assert_eq!(sliced_more, whole_more, "seed {seed}");
        let (a, b) = (whole.best(), sliced.best());
        assert_eq!(replay(&board, &b.moves).unwrap(), (b.score, b.cleared));
        if !whole_more {
            assert_eq!(a.score, b.score, "seed {seed}: both proved the best");
            proved += 1;
        }
    }
    assert!(proved >= 3, "{proved} of 6 boards proved");
    let board = &standard_positions()[0];
    let mut session = Session::new(board, 2, 0, 8 << 20, &|_| {});
    // A node budget of n play-outs leaves the end search n / 4 positions.
    session.begin(Budget::nodes(20_000));
    let mut calls = 0;
    while session.advance(Budget::nodes(300)).is_none() {
        calls += 1;
    }
    assert!(calls > 60, "{calls} slices");
    let best = session.best();
    assert_eq!(
        replay(board, &best.moves).unwrap(),
        (best.score, best.cleared)
    );
    assert!(best.score > greedy_score(board));
}
