//! Mayan puzzle rules one by one, the statement's sample, order-sensitive
//! answers, and the solver against exhaustive search.

use clearboard::budget::Budget;
use clearboard::mayan::solve::{replay, solve, solve_level, Goal, Outcome, Settings};
use clearboard::mayan::{Board, Move, Step};
use proptest::prelude::*;

fn board(columns: &[&[u8]]) -> Board {
    let mut cols: Vec<Vec<u8>> = columns.iter().map(|c| c.to_vec()).collect();
    cols.resize(5, Vec::new());
    Board::from_columns(&cols).unwrap()
}

fn columns(b: &Board) -> Vec<Vec<u8>> {
    (0..5)
        .map(|x| {
            b.column(x)
                .iter()
                .copied()
                .take_while(|&c| c != 0)
                .collect()
        })
        .collect()
}

fn m(x: usize, y: usize, dir: i8) -> Move {
    Move::new(x, y, dir)
}

#[test]
fn dragging_onto_a_block_swaps_the_two() {
    let b = board(&[&[1, 2], &[3, 4]]);
    let after = b.play(m(0, 1, 1)).unwrap();
    assert_eq!(
        columns(&after),
        vec![vec![1, 4], vec![3, 2], vec![], vec![], vec![]]
    );
}

#[test]
fn dragging_into_an_empty_cell_drops_the_block_into_the_lower_column() {
    let b = board(&[&[1, 2, 3], &[4]]);
    let after = b.play(m(0, 2, 1)).unwrap();
    assert_eq!(
        columns(&after),
        vec![vec![1, 2], vec![4, 3], vec![], vec![], vec![]]
    );
}

#[test]
fn blocks_above_a_moved_block_fall() {
    let b = board(&[&[1, 2, 3]]);
    let after = b.play(m(0, 0, 1)).unwrap();
    assert_eq!(
        columns(&after),
        vec![vec![2, 3], vec![1], vec![], vec![], vec![]]
    );
}

#[test]
fn a_drag_onto_the_same_colour_is_no_move() {
    let b = board(&[&[1, 2], &[3, 2]]);
    assert!(!b.is_move(m(0, 1, 1)));
    assert_eq!(b.play(m(0, 1, 1)), None);
    assert!(!b.moves().contains(&m(1, 1, -1)));
}

#[test]
fn nothing_moves_off_the_board_and_only_blocks_move() {
    let b = board(&[&[1], &[], &[], &[], &[2]]);
    assert!(!b.is_move(m(0, 0, -1)));
    assert!(!b.is_move(m(4, 0, 1)));
    assert!(!b.is_move(m(1, 0, 1)), "an empty cell is not a block");
    assert_eq!(b.moves(), vec![m(0, 0, 1), m(4, 0, -1)]);
}

#[test]
fn two_separate_groups_vanish_together() {
    // Swapping the bottom 1 of column 0 with the 2 beside it makes a column
    // of three 2s (x = 0) and a row of three 1s (x = 1..3) at once.
    let b = board(&[&[1, 2, 2], &[2], &[1], &[1]]);
    let steps = b.play_steps(m(0, 0, 1)).unwrap();
    assert!(matches!(steps[0], Step::Dragged(_)));
    let sets: Vec<Vec<(u8, u8)>> = vanished(&steps);
    assert_eq!(sets.len(), 1, "one vanishing, both groups in it");
    assert_eq!(
        sorted(&sets[0]),
        vec![(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (3, 0)]
    );
    assert!(b.play(m(0, 0, 1)).unwrap().is_empty());
}

fn vanished(steps: &[Step]) -> Vec<Vec<(u8, u8)>> {
    steps
        .iter()
        .filter_map(|s| {
            if let Step::Vanished(c, _) = s {
                Some(c.clone())
            } else {
                None
            }
        })
        .collect()
}

fn sorted(cells: &[(u8, u8)]) -> Vec<(u8, u8)> {
    let mut v = cells.to_vec();
    v.sort();
    v
}

#[test]
fn a_row_and_a_column_sharing_a_block_vanish_together() {
    // Swapping the 1 under column 2's two 7s with the 7 to its right makes
    // row 0 = 7 7 7 and column 2 = 7 7 7, sharing (2, 0): five blocks.
    let b = board(&[&[7], &[7], &[1, 7, 7], &[7]]);
    let steps = b.play_steps(m(2, 0, 1)).unwrap();
    let sets = vanished(&steps);
    assert_eq!(sets.len(), 1);
    assert_eq!(
        sorted(&sets[0]),
        vec![(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]
    );
    assert_eq!(
        columns(&b.play(m(2, 0, 1)).unwrap()),
        vec![vec![], vec![], vec![], vec![1], vec![]]
    );
}

#[test]
fn vanishing_blocks_let_others_fall_into_a_chain() {
    // Swapping the 6 at (2,2) with the 1 to its right gives column 2 three
    // 1s; they vanish, its 2 falls to row 0 beside two 2s, which vanish next.
    let b = board(&[&[2], &[2], &[1, 1, 6, 2], &[3, 4, 1]]);
    let steps = b.play_steps(m(2, 2, 1)).unwrap();
    let kinds: Vec<&str> = steps
        .iter()
        .map(|s| match s {
            Step::Dragged(_) => "drag",
            Step::Fell(_) => "fall",
            Step::Vanished(..) => "vanish",
        })
        .collect();
    assert_eq!(kinds, ["drag", "vanish", "fall", "vanish"]);
    let sets = vanished(&steps);
    assert_eq!(sorted(&sets[0]), vec![(2, 0), (2, 1), (2, 2)]);
    assert_eq!(sorted(&sets[1]), vec![(0, 0), (1, 0), (2, 0)]);
    assert_eq!(
        columns(&b.play(m(2, 2, 1)).unwrap()),
        vec![vec![], vec![], vec![], vec![3, 4, 6], vec![]]
    );
}

#[test]
fn nothing_vanishes_while_blocks_fall() {
    // The 5 passes a row of two 5s while falling: no run is formed mid-air.
    let b = board(&[&[5], &[1, 2, 3, 5], &[5]]);
    let after = b.play(m(1, 3, 1)).unwrap();
    assert_eq!(
        columns(&after),
        vec![vec![5], vec![1, 2, 3], vec![5, 5], vec![], vec![]]
    );
}

#[test]
fn the_statement_sample_is_solved_as_published() {
    let b = board(&[&[1], &[2, 1], &[2, 3, 4], &[3, 1], &[2, 4, 3, 4]]);
    let r = solve(&b, 3, Settings::default());
    assert_eq!(
        r.outcome,
        Outcome::Solved(vec![m(2, 1, 1), m(3, 1, 1), m(3, 0, 1)])
    );
}

#[test]
fn a_left_move_into_an_empty_cell_can_be_the_answer() {
    // Row 0 is 2 2 _ 2: only dropping the right 2 into the gap clears it.
    let b = board(&[&[2], &[2], &[], &[2]]);
    let r = solve(&b, 1, Settings::default());
    assert_eq!(r.outcome, Outcome::Solved(vec![m(3, 0, -1)]));
    assert_eq!(exhaustive(&b, 1), Some(vec![m(3, 0, -1)]));
}

#[test]
fn a_left_drop_comes_before_a_later_right_move() {
    // Dropping the 2 at (3,1) into column 2 completes row 0 = 2 2 2, which
    // vanishes (column 1's 3s fall); then the 3 at (1,0) moves right into
    // the gap and completes row 0 = 3 3 3.
    let b = board(&[&[2], &[2, 3, 3], &[], &[3, 2]]);
    let want = vec![m(3, 1, -1), m(1, 0, 1)];
    assert_eq!(exhaustive(&b, 2), Some(want.clone()));
    assert_eq!(
        solve(&b, 2, Settings::default()).outcome,
        Outcome::Solved(want)
    );
}

#[test]
fn clearing_early_is_not_an_exact_answer_but_is_reported() {
    // One move clears this board; no sequence of exactly two does (the
    // board would be empty before the second move, and nothing else works).
    let b = board(&[&[1], &[1], &[3, 1], &[3, 3]]);
    assert_eq!(exhaustive(&b, 2), None);
    let one = exhaustive(&b, 1).unwrap();
    let (exact, early) = solve_level(&b, 2, Budget::UNLIMITED);
    assert_eq!(exact, Outcome::NoSolution);
    assert_eq!(early, Some(one.clone()));
    let at_most = solve(
        &b,
        2,
        Settings {
            goal: Goal::AtMost,
            ..Settings::default()
        },
    )
    .outcome;
    assert_eq!(at_most, Outcome::Solved(one));
    assert!(
        exhaustive(&Board::default(), 1).is_none(),
        "no move exists on an empty board"
    );
}

#[test]
fn an_answer_may_pad_with_a_harmless_move_first() {
    // Row 0 is 2 2 _ 2, cleared by one move; with exactly two, the answer
    // first moves (1,0) right (harmless: 2 _ 2 2), then drops (0,0) in.
    let b = board(&[&[2], &[2], &[], &[2]]);
    let want = vec![m(1, 0, 1), m(0, 0, 1)];
    assert_eq!(exhaustive(&b, 2), Some(want.clone()));
    assert_eq!(
        solve(&b, 2, Settings::default()).outcome,
        Outcome::Solved(want)
    );
}

#[test]
fn a_time_budget_stops_the_search() {
    let b = clearboard::mayan::random_full_board(2);
    let r = solve(
        &b,
        5,
        Settings {
            budget: Budget::time(std::time::Duration::from_millis(1)),
            memo: false,
            ..Settings::default()
        },
    );
    assert_eq!(r.outcome, Outcome::OutOfBudget);
}

#[test]
fn a_node_budget_stops_the_search() {
    let b = clearboard::mayan::random_full_board(3);
    let r = solve(
        &b,
        5,
        Settings {
            budget: Budget::nodes(100),
            ..Settings::default()
        },
    );
    assert_eq!(r.outcome, Outcome::OutOfBudget);
    assert!(r.nodes <= 100);
}

#[test]
fn the_judge_reports_a_spent_budget_above_n_5_as_an_error_not_minus_1() {
    let b = clearboard::mayan::random_full_board(3);
    let input = format!("9\n{}", b.to_columns_text());
    let err = clearboard::mayan::judge::judge_with_budget(&input, 1000).unwrap_err();
    assert_eq!(err.line, 1);
    assert!(err.message.contains("n = 9"), "{}", err.message);
    assert!(err.message.contains("1000 positions"), "{}", err.message);
    // Up to n = 5 there is no budget: the same board gets its proven answer.
    let input = format!("2\n{}", b.to_columns_text());
    assert_eq!(
        clearboard::mayan::judge::judge_with_budget(&input, 1).unwrap(),
        b"-1\n"
    );
}

/// The first clearing sequence of exactly n moves over all moves in the
/// statement's order, with no pruning at all.
fn exhaustive(b: &Board, n: u32) -> Option<Vec<Move>> {
    if n == 0 {
        return b.is_empty().then(Vec::new);
    }
    for mv in b.moves() {
        let next = b.play(mv).unwrap();
        if let Some(mut rest) = exhaustive(&next, n - 1) {
            rest.insert(0, mv);
            return Some(rest);
        }
    }
    None
}

fn arb_board() -> impl Strategy<Value = Board> {
    proptest::collection::vec(proptest::collection::vec(1u8..=3, 0..4), 5).prop_filter_map(
        "no run of three",
        |cols| {
            let b = Board::from_columns(&cols).ok()?;
            b.is_settled().then_some(b)
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_solver_finds_the_smallest_solution_exhaustive_search_finds(b in arb_board(), n in 1u32..=3, cap in 0usize..4) {
        let want = exhaustive(&b, n);
        // A capped memo (0, 1, 10, or the default) changes the work, never the answer.
        let memo_cap = [0, 1, 10, clearboard::mayan::solve::MEMO_CAP][cap];
        let got = solve(&b, n, Settings { memo_cap, ..Settings::default() }).outcome;
        match want {
            Some(moves) => {
                prop_assert!(replay(&b, &moves).unwrap().is_empty());
                prop_assert_eq!(got, Outcome::Solved(moves));
            }
            None => prop_assert_eq!(got, Outcome::NoSolution),
        }
    }
}

/// Every sequence of exactly `left` or fewer moves from `b` that ends with
/// the board empty (none is played on from an empty board).
fn clearing_sequences(b: &Board, left: u32, prefix: &mut Vec<Move>, out: &mut Vec<Vec<Move>>) {
    if b.is_empty() {
        if !prefix.is_empty() {
            out.push(prefix.clone());
        }
        return;
    }
    if left == 0 {
        return;
    }
    for mv in b.moves() {
        prefix.push(mv);
        clearing_sequences(&b.play(mv).unwrap(), left - 1, prefix, out);
        prefix.pop();
    }
}

/// On small random boards, every clearing sequence of one to three moves is
/// found by enumeration; for each length the solver answers the first of
/// them in the statement's order (so it matches or beats every one), and
/// "no solution" exactly where there is none. Counts what it checked, so it
/// cannot pass on boards that no sequence clears.
#[test]
fn every_clearing_sequence_is_matched_or_beaten() {
    let mut rng = 0x2011u64;
    let mut below = |n: u64| {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (rng >> 33) % n
    };
    let (mut boards, mut sequences) = (0, 0);
    for _ in 0..4000 {
        let cols: Vec<Vec<u8>> = (0..5)
            .map(|_| (0..below(3)).map(|_| 1 + below(2) as u8).collect())
            .collect();
        let Ok(b) = Board::from_columns(&cols) else {
            continue;
        };
        if !b.is_settled() || b.is_empty() {
            continue;
        }
        let mut all = Vec::new();
        clearing_sequences(&b, 3, &mut Vec::new(), &mut all);
        for n in 1..=3u32 {
            let first = all.iter().filter(|s| s.len() == n as usize).min();
            match (solve(&b, n, Settings::default()).outcome, first) {
                (Outcome::Solved(found), Some(first)) => {
                    assert!(replay(&b, &found).unwrap().is_empty());
                    assert_eq!(&found, first, "n = {n} on {:?}", columns(&b));
                }
                (Outcome::NoSolution, None) => {}
                (other, first) => panic!("n = {n} on {:?}: {other:?}, want {first:?}", columns(&b)),
            }
        }
        boards += usize::from(!all.is_empty());
        sequences += all.len();
    }
    assert!(
        boards >= 100,
        "only {boards} boards had a clearing sequence"
    );
    assert!(sequences >= 300, "only {sequences} clearing sequences");
}
