//! Same Game as a [`Puzzle`] (the position is a [`Board`], a move the cell
//! chosen) and a game being played ([`Game`]: the shared [`History`] with
//! Same Game's scoring). Replaying the moves from the start gives the
//! position.

use super::board::{Board, Cell, MoveError};
use super::rules::Rules;
use crate::game::{History, Puzzle};

/// One move made, with what it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The cell chosen.
    pub cell: Cell,
    /// The colour removed.
    pub color: u8,
    /// Balls removed.
    pub size: usize,
    /// Points for the move (without the bonus).
    pub points: i64,
}

/// Same Game's rules as a [`Puzzle`]: positions are boards, a move is a
/// cell of a cluster of two or more, and its record is [`Played`] (the
/// cell recorded is the cluster's anchor: its leftmost column, bottommost
/// ball there).
#[derive(Clone, Copy, Debug, Default)]
pub struct SameGame {
    /// The scoring.
    pub rules: Rules,
}

impl Puzzle for SameGame {
    type Position = Board;
    type Move = Cell;
    type Record = Played;
    type Error = MoveError;

    /// One move per cluster of two or more, its anchor, in the order of the
    /// anchors: leftmost column first, bottom first within a column.
    fn moves(&self, pos: &Board) -> Vec<Cell> {
        pos.clusters()
            .into_iter()
            .filter(|c| c.size() >= 2)
            .map(|c| c.anchor)
            .collect()
    }

    fn play(&self, pos: &Board, cell: Cell) -> Result<(Board, Played), MoveError> {
        let mut next = pos.clone();
        let removal = next.remove(cell)?;
        let played = Played {
            cell: removal.anchor,
            color: removal.color,
            size: removal.size,
            points: self.rules.move_points(removal.size),
        };
        Ok((next, played))
    }

    fn is_over(&self, pos: &Board) -> bool {
        pos.is_over()
    }
}

/// A game being played: the shared history of positions, with Same Game's
/// scoring on top.
#[derive(Clone, Debug)]
pub struct Game {
    history: History<SameGame>,
    played: Vec<Played>,
}

impl Game {
    /// A new game from `start`.
    pub fn new(start: Board, rules: Rules) -> Game {
        Game {
            history: History::new(SameGame { rules }, start),
            played: Vec::new(),
        }
    }

    /// The history (positions, moves, undo and redo).
    pub fn history(&self) -> &History<SameGame> {
        &self.history
    }

    /// The scoring rules.
    pub fn rules(&self) -> &Rules {
        &self.history.puzzle().rules
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        self.history.current()
    }

    /// The start position.
    pub fn start(&self) -> &Board {
        self.history.start()
    }

    /// The moves that led to the current position.
    pub fn played(&self) -> &[Played] {
        &self.played
    }

    /// Sum of the points of the moves played (without bonus or penalty).
    pub fn move_points(&self) -> i64 {
        self.played.iter().map(|p| p.points).sum()
    }

    /// The score: move points, plus the end bonus or penalty once the game
    /// is over.
    pub fn score(&self) -> i64 {
        let end = if self.is_over() {
            self.rules().end_adjustment(self.board().balls())
        } else {
            0
        };
        self.move_points() + end
    }

    /// Whether no move is left.
    pub fn is_over(&self) -> bool {
        self.history.is_over()
    }

    /// Plays the cluster at `cell`; clears the redo list.
    pub fn play(&mut self, cell: Cell) -> Result<Played, MoveError> {
        let p = *self.history.play(cell)?;
        self.sync();
        Ok(p)
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        let done = self.history.undo();
        self.sync();
        done
    }

    /// Plays again the last move undone; false when there is none.
    pub fn redo(&mut self) -> bool {
        let done = self.history.redo();
        self.sync();
        done
    }

    /// Whether [`Game::redo`] would do something.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Back to the start position (the moves can be redone).
    pub fn restart(&mut self) {
        self.history.restart();
        self.sync();
    }

    /// Keeps the list of records in step with the history.
    fn sync(&mut self) {
        let h = self.history.played();
        self.played.truncate(h.len());
        let have = self.played.len();
        self.played.extend(h[have..].iter().map(|(_, p)| *p));
    }
}
