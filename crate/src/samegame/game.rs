//! A Same Game being played: the start position, the moves so far with
//! their points, undo and redo. A move is the cell chosen; replaying the
//! moves from the start gives the position.

use super::board::{Board, Cell, MoveError};
use super::rules::Rules;

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

/// A game: a start board, the positions after each move, and moves undone
/// (kept for redo until a new move is made).
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    positions: Vec<Board>,
    played: Vec<Played>,
    undone: Vec<Played>,
}

impl Game {
    /// A new game from `start`.
    pub fn new(start: Board, rules: Rules) -> Game {
        Game {
            rules,
            positions: vec![start],
            played: Vec::new(),
            undone: Vec::new(),
        }
    }

    /// The scoring rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        self.positions.last().expect("a game has a position")
    }

    /// The start position.
    pub fn start(&self) -> &Board {
        &self.positions[0]
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
            self.rules.end_adjustment(self.board().balls())
        } else {
            0
        };
        self.move_points() + end
    }

    /// Whether no move is left.
    pub fn is_over(&self) -> bool {
        self.board().is_over()
    }

    /// Plays the cluster at `cell`; clears the redo list.
    pub fn play(&mut self, cell: Cell) -> Result<Played, MoveError> {
        let p = self.apply(cell)?;
        self.undone.clear();
        Ok(p)
    }

    fn apply(&mut self, cell: Cell) -> Result<Played, MoveError> {
        let mut next = self.board().clone();
        let removal = next.remove(cell)?;
        let p = Played {
            cell: removal.anchor,
            color: removal.color,
            size: removal.size,
            points: self.rules.move_points(removal.size),
        };
        self.positions.push(next);
        self.played.push(p);
        Ok(p)
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.played.pop() {
            Some(p) => {
                self.positions.pop();
                self.undone.push(p);
                true
            }
            None => false,
        }
    }

    /// Plays again the last move undone; false when there is none.
    pub fn redo(&mut self) -> bool {
        match self.undone.pop() {
            Some(p) => {
                let cell = p.cell;
                self.apply(cell).expect("a redone move was legal before");
                true
            }
            None => false,
        }
    }

    /// Whether [`Game::redo`] would do something.
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Back to the start position (the moves can be redone).
    pub fn restart(&mut self) {
        while self.undo() {}
    }
}
