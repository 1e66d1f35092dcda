//! What every Same Game board representation offers: [`Board`] (the general
//! grid), [`BitBoard`](super::BitBoard) (a 64-bit mask per colour per
//! column), [`SmallBoard`](super::SmallBoard) (256-bit colour masks, up to
//! 16 × 16) and [`PackedBoard`](super::PackedBoard) (the POJ 1027 judge's
//! 15 × 10 three-colour engine). They play by the same rules, and the
//! conformance tests (crate/tests/samegame_boards.rs) check each against
//! [`Board`] through this trait.

use super::board::{Board, Cell, MoveError, Removal};
use super::columns::greedy_key;
use super::greedy::{greedy_choice, Labeller};

/// A settled Same Game position in some representation: no ball floats and
/// no empty column stands left of a non-empty one.
///
/// Cells are 0-based, columns from the left and rows from the bottom, as
/// in [`Cell`]; colours are 1..=9 and 0 is an empty cell. A cluster is
/// reported as a [`Removal`]: its colour, its size and its anchor (the
/// bottommost ball of its leftmost column).
///
/// The engines' own hot paths (the judge's greedy scan, the solver's
/// play-outs) are inherent methods of each type; these methods are the
/// common ground, for code and tests that work on any representation.
pub trait SameGameBoard: Clone {
    /// Reusable buffers for floods and scans (`()` where none are needed).
    type Scratch: Default;

    /// The position of `board`, or `None` when this representation cannot
    /// hold it (too wide, too high or too many colours).
    fn from_board(board: &Board) -> Option<Self>;

    /// Number of columns.
    fn width(&self) -> usize;

    /// Number of rows.
    fn height(&self) -> usize;

    /// The ball at column `col`, row `row` (both within the board), 0 when
    /// the cell is empty.
    fn get(&self, col: usize, row: usize) -> u8;

    /// Number of balls on the board.
    fn balls(&self) -> usize;

    /// Calls `f` with every cluster of two or more balls, in an order of the
    /// representation's choosing.
    fn for_each_cluster(&self, scratch: &mut Self::Scratch, f: impl FnMut(Removal));

    /// Removes the cluster at `cell`, lets the balls fall and closes empty
    /// columns, exactly as [`Board::remove`]: what was removed, or why the
    /// cell is not a move (and then nothing changes).
    fn remove_cluster(
        &mut self,
        cell: Cell,
        scratch: &mut Self::Scratch,
    ) -> Result<Removal, MoveError>;

    /// The colour of the ball at `cell`, or why the cell is not a move
    /// because it is outside the board or empty.
    fn ball(&self, cell: Cell) -> Result<u8, MoveError> {
        let (col, row) = (cell.col as usize, cell.row as usize);
        if col >= self.width() || row >= self.height() {
            return Err(MoveError::OutsideBoard);
        }
        match self.get(col, row) {
            0 => Err(MoveError::EmptyCell),
            color => Ok(color),
        }
    }

    /// Whether no cluster of two or more balls is left.
    fn is_over(&self) -> bool {
        for col in 0..self.width() {
            for row in 0..self.height() {
                let v = self.get(col, row);
                if v != 0
                    && (col + 1 < self.width() && self.get(col + 1, row) == v
                        || row + 1 < self.height() && self.get(col, row + 1) == v)
                {
                    return false;
                }
            }
        }
        true
    }

    /// The greedy move of POJ 1027: the largest cluster; among equal sizes
    /// the one reaching the leftmost column; among those the one with the
    /// bottommost ball there — the anchor reported. `None` when the game is
    /// over. (By default, the best of [`for_each_cluster`](Self::for_each_cluster).)
    fn greedy(&self, scratch: &mut Self::Scratch) -> Option<Removal> {
        let mut best: Option<(u64, Removal)> = None;
        self.for_each_cluster(scratch, |c| {
            let key = greedy_key(c.size, c.anchor.col as usize, c.anchor.row as u32);
            if best.is_none_or(|(b, _)| key > b) {
                best = Some((key, c));
            }
        });
        best.map(|(_, c)| c)
    }

    /// Plays the [`greedy`](Self::greedy) move: removes it and returns it,
    /// or `None` (and no change) when the game is over.
    fn play_greedy(&mut self, scratch: &mut Self::Scratch) -> Option<Removal> {
        let choice = self.greedy(scratch)?;
        self.remove_cluster(choice.anchor, scratch)
            .expect("the greedy choice is a move");
        Some(choice)
    }
}

impl SameGameBoard for Board {
    type Scratch = Labeller;

    fn from_board(board: &Board) -> Option<Board> {
        Some(board.clone())
    }

    fn width(&self) -> usize {
        Board::width(self)
    }

    fn height(&self) -> usize {
        Board::height(self)
    }

    fn get(&self, col: usize, row: usize) -> u8 {
        Board::get(self, col, row)
    }

    fn balls(&self) -> usize {
        Board::balls(self)
    }

    fn for_each_cluster(&self, _: &mut Labeller, mut f: impl FnMut(Removal)) {
        for c in self.clusters() {
            if c.size() >= 2 {
                f(Removal {
                    color: c.color,
                    size: c.size(),
                    anchor: c.anchor,
                });
            }
        }
    }

    fn remove_cluster(
        &mut self,
        cell: Cell,
        labeller: &mut Labeller,
    ) -> Result<Removal, MoveError> {
        self.remove_with(cell, labeller)
    }

    fn is_over(&self) -> bool {
        Board::is_over(self)
    }

    fn greedy(&self, labeller: &mut Labeller) -> Option<Removal> {
        greedy_choice(self, labeller).map(|g| Removal {
            color: g.color,
            size: g.size,
            anchor: g.anchor,
        })
    }
}
