//! The built-in Mayan levels: at least 40, n from 1 to 5, each proved to be
//! cleared in exactly n moves and in no fewer, in the NOIP format that the
//! judge reads.

use clearboard::budget::Budget;
use clearboard::mayan::levels::{
    built_in, count_solutions, parse_levels, shortest_clearing, shortest_clearing_within, to_text,
    BUILT_IN,
};
use clearboard::mayan::solve::{replay, solve, Outcome, Settings};

#[test]
fn there_are_forty_levels_from_one_to_five_moves() {
    let levels = built_in();
    assert!(levels.len() >= 40, "{} levels", levels.len());
    for n in 1..=5 {
        assert!(
            levels.iter().filter(|l| l.moves == n).count() >= 8,
            "n = {}",
            n
        );
    }
    let mut last = 0;
    for l in levels {
        assert!(l.moves >= last, "levels are ordered by n");
        last = l.moves;
        assert!(l.board.is_settled());
    }
}

#[test]
fn every_level_is_proved_exactly_n_and_no_shorter() {
    for (i, l) in built_in().iter().enumerate() {
        let (shortest, _) = shortest_clearing(&l.board, 5, Budget::UNLIMITED)
            .unwrap_or_else(|| panic!("level {} cannot be cleared in 5 moves", i + 1));
        assert_eq!(shortest, l.moves, "level {}", i + 1);
        match solve(&l.board, l.moves, Settings::default()).outcome {
            Outcome::Solved(moves) => {
                assert_eq!(moves.len() as u32, l.moves);
                assert!(
                    replay(&l.board, &moves).unwrap().is_empty(),
                    "level {}",
                    i + 1
                );
            }
            other => panic!("level {}: {:?}", i + 1, other),
        }
        let count = count_solutions(&l.board, l.moves, 1000, 10_000_000).unwrap();
        assert!(count >= 1, "level {}", i + 1);
    }
}

#[test]
fn the_searches_for_the_fewest_moves_share_one_budget_when_asked() {
    // The last level of four moves: the searches for 1, 2 and 3 moves find nothing, the fourth clears it.
    let l = built_in().iter().rev().find(|l| l.moves == 4).unwrap();
    let nodes: Vec<u64> = (1..=4)
        .map(|n| solve(&l.board, n, Settings::default()).nodes)
        .collect();
    let total: u64 = nodes.iter().sum();
    let most = *nodes.iter().max().unwrap();
    assert!(most < total, "{:?}", nodes);
    // Enough for each search alone, not for all of them.
    let each = Budget::nodes(most + 1);
    assert_eq!(shortest_clearing(&l.board, 8, each).map(|s| s.0), Some(4));
    assert_eq!(shortest_clearing_within(&l.board, 8, each), None);
    let found = shortest_clearing_within(&l.board, 8, Budget::nodes(total + 1)).unwrap();
    assert_eq!(found.0, 4);
    assert!(replay(&l.board, &found.1).unwrap().is_empty());
}

#[test]
fn each_level_is_a_judge_input_and_the_file_round_trips() {
    let levels = built_in();
    assert_eq!(to_text(levels), BUILT_IN);
    for (i, l) in levels.iter().enumerate() {
        let input = format!("{}\n{}", l.moves, l.board.to_columns_text());
        let out = clearboard::mayan::judge::judge(&input).unwrap();
        assert_ne!(out, b"-1\n", "level {}", i + 1);
        assert_eq!(out.iter().filter(|&&b| b == b'\n').count() as u32, l.moves);
    }
}

#[test]
fn malformed_level_files_name_the_line() {
    let err = parse_levels("1\n1 1 0\n0\n0\n0\n0\n2\n1 0\n0\n").unwrap_err();
    assert!(err.message.contains("level 2"), "{}", err);
    assert!(err.line >= 7, "{}", err);
}

#[test]
fn counting_solutions_respects_its_limit_and_budget() {
    let l = built_in()[32];
    let all = count_solutions(&l.board, l.moves, u64::MAX, u64::MAX).unwrap();
    assert!(all >= 2);
    assert_eq!(count_solutions(&l.board, l.moves, 1, u64::MAX), Some(1));
    assert_eq!(count_solutions(&l.board, l.moves, u64::MAX, 1), None);
}

/// Every sequence of exactly `n` moves from `b` that ends on the empty
/// board, enumerated one by one (the reference for the remembering count).
/// A move is told by what it changes, worked out here on its own: a swap by
/// the two cells it exchanges (the judge's `x y 1` and `x+1 y -1` are one
/// swap), a block moved into an empty cell by its cell and its way.
fn count_plainly(b: &clearboard::mayan::Board, n: u32) -> u64 {
    if b.is_empty() {
        return u64::from(n == 0);
    }
    // A colour with one or two blocks left never vanishes (runs of three).
    if n == 0 || b.color_counts()[1..].iter().any(|&k| k == 1 || k == 2) {
        return 0;
    }
    let mut distinct = std::collections::BTreeMap::new();
    for m in b.moves() {
        let (x, y) = (m.x as usize, m.y as usize);
        let to = (x as i32 + m.dir as i32) as usize;
        let key = if b.get(to, y) != 0 {
            (x.min(to), y, 0)
        } else {
            (x, y, m.dir)
        };
        distinct.entry(key).or_insert(m);
    }
    distinct
        .values()
        .map(|&m| count_plainly(&b.play(m).unwrap(), n - 1))
        .sum()
}

#[test]
fn a_swap_is_one_way_to_clear_whichever_block_is_dragged() {
    // Two blocks side by side, swapped: the judge's `0 0 1` and `1 0 -1`.
    // Level 2 is cleared by one swap only.
    let l = built_in()[1];
    assert_eq!(l.moves, 1);
    let firsts: Vec<_> = l
        .board
        .moves()
        .into_iter()
        .filter(|&m| l.board.play(m).unwrap().is_empty())
        .collect();
    assert_eq!(firsts.len(), 2, "two move codes clear it: {firsts:?}");
    assert_eq!(count_solutions(&l.board, 1, u64::MAX, u64::MAX), Some(1));
}

#[test]
fn two_different_moves_that_clear_a_board_are_two_ways() {
    // Every last move leaves the empty board: counted as sequences of
    // positions, level 1 (cleared by `2 0 -1`, the judge's answer, or by
    // dragging (2, 2) left) had "1 solution". Each one-move level's count is
    // the moves that clear it, a swap counted once.
    let mut told = 0;
    for (i, l) in built_in().iter().enumerate().filter(|(_, l)| l.moves == 1) {
        let clearing: Vec<_> = l
            .board
            .moves()
            .into_iter()
            .filter(|&m| l.board.play(m).unwrap().is_empty())
            .collect();
        // A swap is one way whichever block is dragged: its two cells.
        let ways = clearing
            .iter()
            .map(|m| {
                let to = (m.x as i32 + m.dir as i32) as u8;
                if l.board.get(to as usize, m.y as usize) != 0 {
                    (m.x.min(to), m.y, 0)
                } else {
                    (m.x, m.y, m.dir)
                }
            })
            .collect::<std::collections::BTreeSet<_>>()
            .len() as u64;
        assert_eq!(
            count_solutions(&l.board, 1, u64::MAX, u64::MAX),
            Some(ways),
            "level {}: {clearing:?}",
            i + 1
        );
        told += usize::from(ways > 1);
    }
    assert!(
        told > 0,
        "a one-move level with two ways (else this checks nothing)"
    );
    assert!(
        count_solutions(&built_in()[0].board, 1, u64::MAX, u64::MAX).unwrap() >= 2,
        "level 1"
    );
}

#[test]
fn the_count_of_solutions_is_every_sequence_and_the_page_gets_it_within_its_budget() {
    for (i, l) in built_in().iter().enumerate() {
        let counted = count_solutions(&l.board, l.moves, u64::MAX, u64::MAX).unwrap();
        {
            assert_eq!(counted, count_plainly(&l.board, l.moves), "level {}", i + 1);
        }
        // The page counts with a Hint's budget of positions: every level's
        // count is complete within it.
        assert_eq!(
            count_solutions(&l.board, l.moves, 10_000, 300_000),
            Some(counted.min(10_000)),
            "level {}",
            i + 1
        );
    }
}

/// The built-in set is the set `clearboard gen mayan-levels` (8 a move
/// count, seed 1) makes: the same levels for each n. (Their order within n
/// is the generator's grading as it was when the file was made, before
/// solutions were counted as a player sees them (by moves, a swap once): kept, so that level
/// numbers — the links and a player's ticks — keep their boards.) Release
/// only, as this whole file: the generator's exact searches take about
/// 15 s there.
#[test]
fn the_built_in_levels_are_the_set_the_generator_makes() {
    let graded = clearboard::mayan::levels::generate(8, 1);
    let made: Vec<_> = graded.iter().map(|g| g.level).collect();
    let built = built_in();
    assert_eq!(made.len(), built.len());
    for n in 1..=5u32 {
        let mut a: Vec<String> = made
            .iter()
            .filter(|l| l.moves == n)
            .map(|l| to_text(&[*l]))
            .collect();
        let mut b: Vec<String> = built
            .iter()
            .filter(|l| l.moves == n)
            .map(|l| to_text(&[*l]))
            .collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "n = {n}: the generator makes these levels");
    }
}
