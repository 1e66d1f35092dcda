//! The shape every game follows, and the history every game's page keeps.
//!
//! A game is a [`Puzzle`]: a position type, a move type (plain data), the
//! legal moves of a position in a stated order, playing a move (a new
//! position, and a record of what the move did), and whether the game is
//! over. [`History`] keeps the positions of a game being played with undo,
//! redo, restart and the list of moves; every game's wasm class is built on
//! it. Solvers, autoplay, links and logs all work on moves as data.

use std::fmt::{Debug, Display};

/// The rules of a game as a value (it may hold settings such as scoring).
pub trait Puzzle {
    /// A position (what undo restores).
    type Position: Clone + Debug;
    /// A move: data, applied to a position by [`Puzzle::play`].
    type Move: Copy + Debug + PartialEq;
    /// What a move did (removed balls, points…), for logs and scores.
    type Record: Clone + Debug;
    /// Why a move is not legal.
    type Error: Display + Debug;

    /// Every legal move of `pos`, in the order the game's documentation
    /// states (the order searches and judges try them).
    fn moves(&self, pos: &Self::Position) -> Vec<Self::Move>;

    /// Plays `mv` on `pos`: the next position and the move's record.
    fn play(
        &self,
        pos: &Self::Position,
        mv: Self::Move,
    ) -> Result<(Self::Position, Self::Record), Self::Error>;

    /// Whether the game is over at `pos` (no move, or nothing left to do).
    fn is_over(&self, pos: &Self::Position) -> bool;
}

/// A game being played: its start, the positions after each move with the
/// moves' records, and the moves taken back (kept for redo until another
/// move is played).
#[derive(Clone, Debug)]
pub struct History<P: Puzzle> {
    puzzle: P,
    positions: Vec<P::Position>,
    played: Vec<(P::Move, P::Record)>,
    undone: Vec<(P::Move, P::Record, P::Position)>,
}

impl<P: Puzzle> History<P> {
    /// A new game of `puzzle` from `start`.
    pub fn new(puzzle: P, start: P::Position) -> History<P> {
        History {
            puzzle,
            positions: vec![start],
            played: Vec::new(),
            undone: Vec::new(),
        }
    }

    /// The rules.
    pub fn puzzle(&self) -> &P {
        &self.puzzle
    }

    /// The current position.
    pub fn current(&self) -> &P::Position {
        self.positions.last().expect("a history has a position")
    }

    /// The start position.
    pub fn start(&self) -> &P::Position {
        &self.positions[0]
    }

    /// The position before the last move (none at the start).
    pub fn before_last(&self) -> Option<&P::Position> {
        self.positions
            .len()
            .checked_sub(2)
            .map(|i| &self.positions[i])
    }

    /// The moves that led to the current position, with their records.
    pub fn played(&self) -> &[(P::Move, P::Record)] {
        &self.played
    }

    /// The moves that led to the current position.
    pub fn moves_played(&self) -> impl Iterator<Item = P::Move> + '_ {
        self.played.iter().map(|(m, _)| *m)
    }

    /// The legal moves of the current position.
    pub fn legal_moves(&self) -> Vec<P::Move> {
        self.puzzle.moves(self.current())
    }

    /// Whether the game is over at the current position.
    pub fn is_over(&self) -> bool {
        self.puzzle.is_over(self.current())
    }

    /// Plays `mv`; the redo list is cleared. On error nothing changes.
    pub fn play(&mut self, mv: P::Move) -> Result<&P::Record, P::Error> {
        let (next, record) = self.puzzle.play(self.current(), mv)?;
        self.undone.clear();
        self.positions.push(next);
        self.played.push((mv, record));
        Ok(&self.played.last().expect("just pushed").1)
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.played.pop() {
            Some((mv, record)) => {
                let pos = self.positions.pop().expect("a position per move");
                self.undone.push((mv, record, pos));
                true
            }
            None => false,
        }
    }

    /// Plays again the last move taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        match self.undone.pop() {
            Some((mv, record, pos)) => {
                self.positions.push(pos);
                self.played.push((mv, record));
                true
            }
            None => false,
        }
    }

    /// Whether [`History::undo`] would do something.
    pub fn can_undo(&self) -> bool {
        !self.played.is_empty()
    }

    /// Whether [`History::redo`] would do something.
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Back to the start (every move can be redone).
    pub fn restart(&mut self) {
        while self.undo() {}
    }
}
