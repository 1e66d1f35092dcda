//! The path-connect query behind mahjong (seed 002), POJ 1101 "The Game" and
//! 连连看: the fewest straight horizontal/vertical segments of a path between
//! two tiles through empty cells, allowed to leave the board by a one-cell
//! ring (going further out never saves a segment). The board, the query
//! engine ([`PathFinder`]) and the two judges ([`judge`]).

mod finder;
pub mod judge;

pub use finder::{Path, PathFinder};

/// A cell, 0-based: `x` the column from the left, `y` the row from the top.
/// Path corners may lie on the ring around the board (x = −1 or w, y = −1
/// or h).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// Column, 0 = leftmost; −1 and w are the ring.
    pub x: i32,
    /// Row, 0 = top; −1 and h are the ring.
    pub y: i32,
}

impl Pos {
    /// The cell at column `x`, row `y`.
    pub const fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }
}

/// Largest width and height a board may have.
pub const MAX_SIDE: usize = 4096;

/// A board of `width` × `height` cells, each empty (0) or a tile of kind
/// 1..=255 (the mahjong judges use kind 1 for every tile).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: usize,
    height: usize,
    cells: Vec<u8>,
}

impl Board {
    /// An empty board.
    pub fn new(width: usize, height: usize) -> Result<Board, String> {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(format!(
                "a board is 1 to {} wide and high, not {}×{}",
                MAX_SIDE, width, height
            ));
        }
        Ok(Board {
            width,
            height,
            cells: vec![0; width * height],
        })
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether `p` is on the board (not the ring).
    pub fn contains(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as usize) < self.width && (p.y as usize) < self.height
    }

    /// The cell at `p` (0 when empty or off the board).
    pub fn get(&self, p: Pos) -> u8 {
        if self.contains(p) {
            self.cells[p.y as usize * self.width + p.x as usize]
        } else {
            0
        }
    }

    /// Puts a tile of `kind` (0 = empty) at `p`, which must be on the board.
    pub fn set(&mut self, p: Pos, kind: u8) {
        assert!(self.contains(p), "{:?} is off the board", p);
        self.cells[p.y as usize * self.width + p.x as usize] = kind;
    }

    /// The board as text, one line per row from the top: `.` for empty,
    /// `X` for kind 1, letters `a`… for kinds 2 and up (for tests and
    /// screen readers).
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity((self.width + 1) * self.height);
        for row in self.cells.chunks(self.width) {
            for &k in row {
                s.push(match k {
                    0 => '.',
                    1 => 'X',
                    k => char::from(b'a' + (k - 2) % 26),
                });
            }
            s.push('\n');
        }
        s
    }
}
