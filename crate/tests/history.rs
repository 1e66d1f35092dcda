//! The shared `History` (undo, redo, restart, the move list), tested once
//! for any `Puzzle` against a plain model — a list of moves replayed from
//! the start — and run on every game that follows the shape.

use clearboard::game::{History, Puzzle};
use clearboard::mayan::{self, Mayan};
use clearboard::samegame::{Board, Rules, SameGame};
use proptest::prelude::*;

#[derive(Clone, Copy, Debug)]
enum Op {
    Play(u16),
    Undo,
    Redo,
    Restart,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => any::<u16>().prop_map(Op::Play),
        2 => Just(Op::Undo),
        2 => Just(Op::Redo),
        1 => Just(Op::Restart),
    ]
}

/// Runs `ops` on a history and on the model; after every step the current
/// position, the move list and what undo/redo may do agree.
fn check<P>(puzzle: P, start: P::Position, ops: &[Op]) -> Result<(), TestCaseError>
where
    P: Puzzle + Clone,
    P::Position: PartialEq,
{
    let mut h = History::new(puzzle.clone(), start.clone());
    let mut done: Vec<P::Move> = Vec::new();
    let mut redo: Vec<P::Move> = Vec::new();
    for &op in ops {
        match op {
            Op::Play(pick) => {
                let legal = puzzle.moves(h.current());
                prop_assert_eq!(&legal, &h.legal_moves());
                if legal.is_empty() {
                    prop_assert!(h.is_over(), "no legal move, yet the game is not over");
                    continue;
                }
                let mv = legal[pick as usize % legal.len()];
                prop_assert!(h.play(mv).is_ok());
                done.push(mv);
                redo.clear();
            }
            Op::Undo => {
                prop_assert_eq!(h.undo(), !done.is_empty());
                if let Some(m) = done.pop() {
                    redo.push(m);
                }
            }
            Op::Redo => {
                prop_assert_eq!(h.redo(), !redo.is_empty());
                if let Some(m) = redo.pop() {
                    done.push(m);
                }
            }
            Op::Restart => {
                h.restart();
                while let Some(m) = done.pop() {
                    redo.push(m);
                }
            }
        }
        // The model: replay the moves from the start.
        let mut pos = start.clone();
        for &m in &done {
            pos = puzzle.play(&pos, m).expect("a replayed move is legal").0;
        }
        prop_assert!(h.current() == &pos, "the position after {:?}", op);
        prop_assert_eq!(h.moves_played().collect::<Vec<_>>(), done.clone());
        prop_assert_eq!(h.played().len(), done.len());
        prop_assert_eq!(h.can_undo(), !done.is_empty());
        prop_assert_eq!(h.can_redo(), !redo.is_empty());
        prop_assert!(h.start() == &start);
        prop_assert_eq!(h.is_over(), puzzle.is_over(&pos));
    }
    Ok(())
}

#[test]
fn an_illegal_move_changes_nothing() {
    let start = Board::random(4, 4, 2, 1).unwrap();
    let mut h = History::new(SameGame::default(), start.clone());
    let legal = h.legal_moves();
    h.play(legal[0]).unwrap();
    h.undo();
    // A single ball (or an empty cell) is not a move.
    let single = clearboard::samegame::Board::parse(&["RG", "GR"], 1).unwrap();
    let mut s = History::new(SameGame::default(), single.clone());
    assert!(s.play(clearboard::samegame::Cell::new(0, 0)).is_err());
    assert_eq!(s.current(), &single);
    assert!(s.played().is_empty());
    assert!(!s.can_undo());
    assert!(!s.can_redo() && h.can_redo());
    let mut m = History::new(Mayan, mayan::Board::default());
    assert!(m.play(mayan::Move::new(0, 0, 1)).is_err());
    assert!(m.is_over());
}

fn mayan_board() -> impl Strategy<Value = mayan::Board> {
    proptest::collection::vec(proptest::collection::vec(1u8..=4, 0..=4), 5).prop_filter_map(
        "a settled board",
        |cols| {
            mayan::Board::from_columns(&cols)
                .ok()
                .filter(|b| b.is_settled())
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn history_follows_the_model_in_same_game(
        w in 1usize..=7, h in 1usize..=6, colors in 2u8..=4, seed in any::<u64>(),
        ops in proptest::collection::vec(op(), 0..40),
    ) {
        let start = Board::random(w, h, colors, seed).unwrap();
        check(SameGame { rules: Rules::default() }, start, &ops)?;
    }

    #[test]
    fn history_follows_the_model_in_the_mayan_puzzle(
        start in mayan_board(),
        ops in proptest::collection::vec(op(), 0..30),
    ) {
        check(Mayan, start, &ops)?;
    }
}
