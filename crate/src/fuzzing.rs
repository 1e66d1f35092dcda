//! The fuzz targets' bodies (`fuzz/`, run by `make fuzz` with cargo fuzz),
//! kept in the library so that `make test` replays every committed corpus
//! input through exactly the same code (`crate/tests/fuzz_corpus.rs`).
//! Each takes arbitrary bytes; none may panic, hang or grow without bound,
//! whatever the input. Errors are fine: they are what bad input gets.

use crate::budget::Budget;
use crate::game::History;
use crate::{cli, connect, lianliankan, link, mayan, samegame};

/// A fuzz target's body: true when the input got past parsing to the checks
/// that follow it (the corpus replay counts these, so that a corpus of
/// inputs all rejected at the door cannot pass for a test).
pub type Target = fn(&[u8]) -> bool;

/// The fuzz targets, by name (the directories of `fuzz/corpus/`).
pub const TARGETS: &[(&str, Target)] = &[
    ("judge_samegame", judge_samegame),
    ("judge_connect", judge_connect),
    ("judge_mayan", judge_mayan),
    ("links", links),
    ("solve_inputs", solve_inputs),
];

fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// POJ 1027: the whole judge run (parse, play every game, print), as
/// `clearboard judge samegame` and the page's POJ paste.
pub fn judge_samegame(data: &[u8]) -> bool {
    if let Some(t) = text(data) {
        if let Ok(out) = samegame::poj::judge(t) {
            assert!(out.is_empty() || out.ends_with(b"\n"));
            return true;
        }
    }
    false
}

/// Mahjong and POJ 1101: the whole judge runs, as the command line and the
/// page's path query tool (`PathQueries`), with a path for each query.
pub fn judge_connect(data: &[u8]) -> bool {
    let Some(t) = text(data) else { return false };
    let mahjong = connect::judge::judge_mahjong(t).is_ok();
    let poj = connect::judge::judge_poj1101(t).is_ok();
    if let Ok(case) = connect::judge::parse_mahjong(t) {
        let mut f = connect::PathFinder::new(&case.board);
        for &(a, b) in case.queries.iter().take(64) {
            if let Some(p) = f.path(a, b) {
                assert_eq!(p.corners.len() as u32, p.segments + 1);
            }
        }
    }
    mahjong || poj
}

/// NOIP 2011 Mayan: the judge's parser and a bounded whole run (the node
/// budget keeps every input fast), as the CLI and the page's NOIP paste.
pub fn judge_mayan(data: &[u8]) -> bool {
    let Some(t) = text(data) else { return false };
    if mayan::judge::parse(t).is_ok() {
        let _ = mayan::judge::judge_with_budget(t, 20_000);
        return true;
    }
    false
}

/// Every game's link parser, and opening the link as the page does
/// (replaying its moves on the game's history).
pub fn links(data: &[u8]) -> bool {
    let Some(t) = text(data) else { return false };
    let _ = link::game_of(t);
    let parsed = link::Link::parse(t, Some(7));
    let ok = parsed.is_ok();
    match parsed {
        Ok(link::Link::Lianliankan(l)) => {
            if let Ok((board, _)) = l.start.open() {
                let rules = lianliankan::Lianliankan {
                    variant: l.start.variant(),
                };
                let mut h = History::new(rules, lianliankan::Position::start(board));
                for m in l.moves.iter().take(64) {
                    if h.play(*m).is_err() {
                        break;
                    }
                }
                let back = lianliankan::link::Link {
                    start: l.start.clone(),
                    moves: h.moves_played().collect(),
                };
                assert!(lianliankan::link::Link::parse(&back.to_string(), None).is_ok());
            }
        }
        Ok(link::Link::SameGame(l)) => {
            let _ = l.game(samegame::Rules::default());
        }
        Ok(link::Link::Mayan(l)) => {
            assert_eq!(mayan::link::Link::parse(&l.to_string()).as_ref(), Ok(&l));
        }
        Err(e) => assert!(!e.is_empty()),
    }
    ok
}

/// The solvers' inputs: `solve samegame` positions and `solve lianliankan`
/// boards, each parsed and searched on a small node budget, and the page's
/// solver worker (`SolverSession`) on the same text.
pub fn solve_inputs(data: &[u8]) -> bool {
    let Some(t) = text(data) else { return false };
    let mut searched = false;
    if let Ok(boards) = cli::parse_positions(t) {
        searched |= !boards.is_empty();
        for b in boards.iter().take(2) {
            let settings = samegame::solver::SolveSettings {
                budget: Budget::nodes(200),
                threads: 1,
                ..samegame::solver::SolveSettings::default()
            };
            let _ = samegame::solver::solve(b, &settings, &|_| {});
        }
    }
    if let Ok(boards) = cli::parse_lianliankan(t) {
        searched |= !boards.is_empty();
        for b in boards.iter().take(2) {
            for v in [lianliankan::Variant::None, lianliankan::Variant::Left] {
                let out = lianliankan::solve::solve(b, v, lianliankan::solve::Settings::nodes(500));
                if let lianliankan::solve::Verdict::Won(order) = out.verdict {
                    assert!(lianliankan::solve::wins(b, v, &order));
                }
            }
        }
    }
    // The page's solver worker: the board as `SolverSession` reads it (the
    // game's text), a session with narrow beams thinking on a node budget
    // (as the worker's `think`, which has a time budget), and its best line
    // replayed to the score it claims. Boards up to 400 balls: a play-out
    // is as long as the board is big, and the fuzzer's time limit is 10 s.
    let rows: Vec<&str> = t.lines().filter(|l| !l.trim().is_empty()).collect();
    if let Ok(b) = samegame::Board::parse(&rows, 1) {
        searched = true;
        let mut session = samegame::solver::Session::new(&b, 1, 1, 1 << 20, &quiet);
        if b.balls() <= 400 {
            session.think(Budget::nodes(2_000));
        }
        let best = session.best();
        let replayed = samegame::solver::replay(&b, &best.moves);
        assert_eq!(
            replayed,
            Ok((best.score, best.cleared)),
            "the session's best line replays"
        );
    }
    searched
}

/// A solver session's progress report, ignored.
fn quiet(_: &samegame::solver::Solution) {}
