//! The Same Game board: balls of 1..=9 colours on a grid, clusters, the
//! removal of a cluster with gravity and column closing, and text formats.

use crate::grid::{Grid, EMPTY};
use crate::rng::Rng;
use crate::text::InputError;

use super::greedy::Labeller;
use super::repr::SameGameBoard;

/// Largest width and height a board may have.
pub const MAX_SIDE: usize = 64;
/// Largest number of colours.
pub const MAX_COLORS: u8 = 9;
/// The letter of colour k is `COLOR_LETTERS[k - 1]`.
pub const COLOR_LETTERS: &[u8; 9] = b"RGBYVOCPW";

/// A cell, 0-based, column from the left and row from the bottom. Shown to
/// users 1-based as (row, column), like POJ 1027.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Column, 0 = leftmost.
    pub col: u8,
    /// Row, 0 = bottom.
    pub row: u8,
}

impl Cell {
    /// The cell at column `col`, row `row` (0-based).
    pub fn new(col: usize, row: usize) -> Cell {
        Cell {
            col: col as u8,
            row: row as u8,
        }
    }
}

/// A 4-connected group of balls of one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// Its colour, 1..=9.
    pub color: u8,
    /// Its balls, in no particular order.
    pub cells: Vec<Cell>,
    /// The bottommost ball of its leftmost column.
    pub anchor: Cell,
}

impl Cluster {
    /// Number of balls.
    pub fn size(&self) -> usize {
        self.cells.len()
    }
}

/// Why a cell is not a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The cell is outside the board.
    OutsideBoard,
    /// The cell holds no ball.
    EmptyCell,
    /// The ball has no neighbour of its colour.
    SingleBall,
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            MoveError::OutsideBoard => "the cell is outside the board",
            MoveError::EmptyCell => "the cell is empty",
            MoveError::SingleBall => "a single ball cannot be removed",
        })
    }
}

/// A cluster of two or more balls as the engines report it: what a removal
/// took away, or what a move would take (a listed cluster, the greedy
/// choice, a play-out's move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Removal {
    /// Its colour, 1..=9.
    pub color: u8,
    /// How many balls.
    pub size: usize,
    /// The bottommost ball of the cluster's leftmost column.
    pub anchor: Cell,
}

/// A Same Game position: which ball is where. Always settled: no ball floats
/// and no empty column stands left of a non-empty one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    grid: Grid,
    colors: u8,
}

/// `rows` with their line numbers: the first is on line `first_line`, the
/// others follow it.
fn numbered<'a>(rows: &[&'a str], first_line: usize) -> Vec<(usize, &'a str)> {
    rows.iter()
        .enumerate()
        .map(|(i, &r)| (first_line + i, r))
        .collect()
}

impl Board {
    /// A board from rows given top row first; 0 is an empty cell, 1..=colors
    /// a ball. The board is settled (balls fall, empty columns close).
    pub fn from_rows(rows: &[Vec<u8>], colors: u8) -> Result<Board, String> {
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.len());
        check_size(width as u64, height as u64, colors as u64)?;
        if let Some(r) = rows.iter().position(|r| r.len() != width) {
            return Err(format!(
                "row {} has {}, the first row has {}",
                r + 1,
                crate::text::plural(rows[r].len() as i64, "cell"),
                width
            ));
        }
        let mut grid = Grid::new(width, height);
        for (i, row) in rows.iter().enumerate() {
            for (col, &v) in row.iter().enumerate() {
                if v > colors {
                    return Err(format!("colour {} is above the {} colours", v, colors));
                }
                grid.set(col, height - 1 - i, v);
            }
        }
        grid.fall();
        grid.close_empty_columns();
        Ok(Board { grid, colors })
    }

    /// A random full board: every cell a uniformly drawn colour.
    pub fn random(width: usize, height: usize, colors: u8, seed: u64) -> Result<Board, String> {
        check_size(width as u64, height as u64, colors as u64)?;
        let mut rng = Rng::new(seed);
        let mut grid = Grid::new(width, height);
        for col in 0..width {
            for row in 0..height {
                grid.set(col, row, 1 + rng.below(colors as u64) as u8);
            }
        }
        Ok(Board { grid, colors })
    }

    /// Parses a board written row by row, top row first: either letters
    /// (`RGBYVOCPW`, `.` for empty) without spaces, or digits separated by
    /// spaces where digit d is colour d + 1 (the benchmark's format).
    /// `first_line` numbers the first row in errors. The number of colours
    /// is the highest colour used (at least 2).
    pub fn parse(rows: &[&str], first_line: usize) -> Result<Board, InputError> {
        Board::parse_rows(&numbered(rows, first_line), first_line, true)
    }

    /// [`Board::parse`] of rows that carry their own line numbers (an input
    /// whose comment lines fall between a board's rows).
    pub fn parse_numbered(rows: &[(usize, &str)]) -> Result<Board, InputError> {
        let first_line = rows.first().map_or(1, |&(n, _)| n);
        Board::parse_rows(rows, first_line, true)
    }

    /// Parses a board in letters only (a link's form: `RGBYVOCPW`, `.` for
    /// empty); a digit or a space is a bad letter.
    pub fn parse_letters(rows: &[&str], first_line: usize) -> Result<Board, InputError> {
        Board::parse_rows(&numbered(rows, first_line), first_line, false)
    }

    fn parse_rows(
        rows: &[(usize, &str)],
        first_line: usize,
        digits: bool,
    ) -> Result<Board, InputError> {
        let mut cells: Vec<Vec<u8>> = Vec::with_capacity(rows.len());
        for (i, &(line, row)) in rows.iter().enumerate() {
            let row = if digits { row.trim() } else { row };
            let parsed: Result<Vec<u8>, InputError> = if digits
                && (row.contains(|c: char| c.is_ascii_whitespace())
                    || row.len() == 1 && row.as_bytes()[0].is_ascii_digit())
            {
                row.split_ascii_whitespace()
                    .enumerate()
                    .map(|(c, t)| match t.parse::<u8>() {
                        Ok(d) if d < MAX_COLORS => Ok(d + 1),
                        _ => Err(InputError::new(
                            line,
                            format!(
                                "column {}: '{}' is not a colour digit 0-{}",
                                c + 1,
                                crate::link::shorten(t),
                                MAX_COLORS - 1
                            ),
                        )),
                    })
                    .collect()
            } else {
                row.chars()
                    .enumerate()
                    .map(|(c, ch)| {
                        u8::try_from(ch)
                            .ok()
                            .filter(u8::is_ascii)
                            .and_then(color_of_letter)
                            .ok_or_else(|| {
                                InputError::new(
                                    line,
                                    format!(
                                        "column {}: '{}' is not a colour letter (RGBYVOCPW or .)",
                                        c + 1,
                                        crate::text::shown_char(ch)
                                    ),
                                )
                            })
                    })
                    .collect()
            };
            let parsed = parsed?;
            // Too large, said at the line that makes it so (it was the position's first line).
            if i == MAX_SIDE {
                return Err(InputError::new(
                    line,
                    format!("a board has at most {MAX_SIDE} rows; this is row {}", i + 1),
                ));
            }
            if parsed.len() > MAX_SIDE {
                return Err(InputError::new(
                    line,
                    format!(
                        "this row has {} cells; a board is at most {MAX_SIDE} wide",
                        parsed.len()
                    ),
                ));
            }
            if let Some(first) = cells.first() {
                if parsed.len() != first.len() {
                    return Err(InputError::new(
                        line,
                        format!(
                            "this row has {} cell{}, the first row has {}",
                            parsed.len(),
                            if parsed.len() == 1 { "" } else { "s" },
                            first.len()
                        ),
                    ));
                }
            }
            cells.push(parsed);
        }
        let colors = cells.iter().flatten().copied().max().unwrap_or(0).max(2);
        Board::from_rows(&cells, colors).map_err(|m| InputError::new(first_line, m))
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.grid.width()
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.grid.height()
    }

    /// Number of colours the board may hold.
    pub fn colors(&self) -> u8 {
        self.colors
    }

    /// The ball at (col, row), 0 when empty.
    pub fn get(&self, col: usize, row: usize) -> u8 {
        self.grid.get(col, row)
    }

    /// The underlying grid (for engines that want raw access).
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Number of balls on the board.
    pub fn balls(&self) -> usize {
        self.grid.count()
    }

    /// Number of non-empty columns (they are the leftmost ones).
    pub fn used_width(&self) -> usize {
        (0..self.width())
            .position(|c| self.grid.get(c, 0) == EMPTY)
            .unwrap_or(self.width())
    }

    /// The cluster holding the ball at `cell` (a single ball is a cluster of
    /// one), or `None` for an empty or outside cell.
    pub fn cluster_at(&self, cell: Cell) -> Option<Cluster> {
        let color = self.ball(cell).ok()?;
        let mut labeller = Labeller::default();
        let start = self.grid.index(cell.col as usize, cell.row as usize);
        labeller.begin(&self.grid);
        labeller.flood(&self.grid, start, true);
        let cells: Vec<Cell> = labeller
            .cells()
            .iter()
            .map(|&i| {
                let (c, r) = self.grid.cell_of(i);
                Cell::new(c, r)
            })
            .collect();
        let anchor = *cells.iter().min().expect("a cluster holds its start");
        Some(Cluster {
            color,
            cells,
            anchor,
        })
    }

    /// Every cluster, single balls included, in the order of their anchors
    /// (leftmost column first, bottom first within a column).
    pub fn clusters(&self) -> Vec<Cluster> {
        let mut labeller = Labeller::default();
        labeller.begin(&self.grid);
        let mut out = Vec::new();
        for col in 0..self.used_width() {
            for row in 0..self.height() {
                let color = self.grid.get(col, row);
                if color == EMPTY {
                    break;
                }
                let i = self.grid.index(col, row);
                if labeller.seen(i) {
                    continue;
                }
                labeller.flood(&self.grid, i, true);
                let cells = labeller
                    .cells()
                    .iter()
                    .map(|&j| {
                        let (c, r) = self.grid.cell_of(j);
                        Cell::new(c, r)
                    })
                    .collect();
                out.push(Cluster {
                    color,
                    cells,
                    anchor: Cell::new(col, row),
                });
            }
        }
        out
    }

    /// Whether no cluster of two or more balls is left.
    pub fn is_over(&self) -> bool {
        let raw = self.grid.raw();
        let stride = self.grid.stride();
        for col in 0..self.used_width() {
            for row in 0..self.height() {
                let i = self.grid.index(col, row);
                let v = raw[i];
                if v == EMPTY {
                    break;
                }
                if raw[i + 1] == v || raw[i + stride] == v {
                    return false;
                }
            }
        }
        true
    }

    /// Removes the cluster at `cell` (two or more balls), lets the balls fall
    /// and closes empty columns.
    pub fn remove(&mut self, cell: Cell) -> Result<Removal, MoveError> {
        let mut labeller = Labeller::default();
        self.remove_with(cell, &mut labeller)
    }

    /// [`Board::remove`] reusing a labeller's buffers.
    pub fn remove_with(
        &mut self,
        cell: Cell,
        labeller: &mut Labeller,
    ) -> Result<Removal, MoveError> {
        let color = self.ball(cell)?;
        let start = self.grid.index(cell.col as usize, cell.row as usize);
        labeller.begin(&self.grid);
        let size = labeller.flood(&self.grid, start, true);
        if size < 2 {
            return Err(MoveError::SingleBall);
        }
        let stride = self.grid.stride();
        let (mut lo, mut hi) = (usize::MAX, 0);
        let mut anchor = start;
        for &i in labeller.cells() {
            self.grid.set_raw(i, EMPTY);
            anchor = anchor.min(i);
            let col = i / stride - 1;
            lo = lo.min(col);
            hi = hi.max(col);
        }
        let mut emptied = false;
        for col in lo..=hi {
            self.grid.fall_column(col);
            emptied |= self.grid.get(col, 0) == EMPTY;
        }
        if emptied {
            self.grid.close_empty_columns();
        }
        let (c, r) = self.grid.cell_of(anchor);
        Ok(Removal {
            color,
            size,
            anchor: Cell::new(c, r),
        })
    }

    /// Where every ball goes when `removed` (a cluster of this board) is
    /// taken away: (from, to) for each remaining ball, for animating the fall
    /// and the closing of columns. Agrees with [`Board::remove`].
    pub fn fall_map(&self, removed: &[Cell]) -> Vec<(Cell, Cell)> {
        let mut gone = vec![false; self.width() * self.height()];
        for c in removed {
            gone[c.col as usize * self.height() + c.row as usize] = true;
        }
        let mut out = Vec::new();
        let mut to_col = 0;
        for col in 0..self.used_width() {
            let mut to_row = 0;
            for row in 0..self.height() {
                if self.grid.get(col, row) == EMPTY {
                    break;
                }
                if !gone[col * self.height() + row] {
                    out.push((Cell::new(col, row), Cell::new(to_col, to_row)));
                    to_row += 1;
                }
            }
            if to_row > 0 {
                to_col += 1;
            }
        }
        out
    }

    /// The board as text, top row first, one letter per ball, `.` for empty.
    pub fn to_letters(&self) -> String {
        let mut s = String::with_capacity((self.width() + 1) * self.height());
        for row in (0..self.height()).rev() {
            for col in 0..self.width() {
                s.push(match self.grid.get(col, row) {
                    EMPTY => '.',
                    v => char::from(COLOR_LETTERS[v as usize - 1]),
                });
            }
            s.push('\n');
        }
        s
    }
}

/// The colour of a letter (`.` is empty), case-insensitive.
pub fn color_of_letter(b: u8) -> Option<u8> {
    if b == b'.' {
        return Some(EMPTY);
    }
    let up = b.to_ascii_uppercase();
    COLOR_LETTERS
        .iter()
        .position(|&l| l == up)
        .map(|p| p as u8 + 1)
}

/// Checks a board's size and colours (as written: a link's numbers are
/// checked before they are narrowed, so that a message quotes them).
pub(crate) fn check_size(width: u64, height: u64, colors: u64) -> Result<(), String> {
    let side = 1..=MAX_SIDE as u64;
    if !side.contains(&width) || !side.contains(&height) {
        return Err(format!(
            "a board is 1 to {} wide and high, not {}×{}",
            MAX_SIDE, width, height
        ));
    }
    if !(2..=MAX_COLORS as u64).contains(&colors) {
        return Err(format!(
            "a board has 2 to {} colours, not {}",
            MAX_COLORS, colors
        ));
    }
    Ok(())
}
