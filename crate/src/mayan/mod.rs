//! The Mayan puzzle (NOIP 2011, seed 003): a 5 × 7 board of coloured blocks;
//! a move drags a block one cell left or right (swapping with a block there,
//! or dropping into an empty cell); runs of three or more equal colours in a
//! row or column vanish together, blocks fall, and chains repeat. Clear the
//! board in exactly n moves. The board and its rules, the solver
//! ([`solve`]) and the NOIP judge ([`judge`]).

pub mod judge;
pub mod levels;
pub mod link;
pub mod solve;

use crate::grid::{settle_column, EMPTY};

/// Columns.
pub const WIDTH: usize = 5;
/// Rows.
pub const HEIGHT: usize = 7;
/// Highest colour.
pub const MAX_COLOR: u8 = 10;

/// A move: the block at (x, y) — column from the left, row from the bottom,
/// 0-based — dragged one cell right (`dir` = 1) or left (`dir` = −1).
/// Moves order as the statement wants: by x, then y, then right first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Column, 0..=4.
    pub x: u8,
    /// Row, 0..=6.
    pub y: u8,
    /// 1 = right, −1 = left.
    pub dir: i8,
}

impl Move {
    /// The move of the block at (x, y) in direction `dir`.
    pub fn new(x: usize, y: usize, dir: i8) -> Move {
        Move {
            x: x as u8,
            y: y as u8,
            dir,
        }
    }

    fn order_key(&self) -> (u8, u8, u8) {
        (self.x, self.y, if self.dir == 1 { 0 } else { 1 })
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Move {
    fn cmp(&self, other: &Move) -> std::cmp::Ordering {
        self.order_key().cmp(&other.order_key())
    }
}

/// One stage of a move's aftermath, for animation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The drag itself: the swap, or the block lifted into the next column.
    Dragged(Board),
    /// Blocks fell.
    Fell(Board),
    /// These cells (x, y) vanished at once; the board without them.
    Vanished(Vec<(u8, u8)>, Board),
}

/// A Mayan position: cells column-major, bottom first, 0 = empty. Always
/// settled and without a run of three between moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; WIDTH * HEIGHT],
}

impl Default for Board {
    fn default() -> Board {
        Board {
            cells: [EMPTY; WIDTH * HEIGHT],
        }
    }
}

impl Board {
    /// A board from columns, bottom first (at most 7 blocks of 1..=10 each).
    pub fn from_columns(columns: &[Vec<u8>]) -> Result<Board, String> {
        if columns.len() != WIDTH {
            return Err(format!(
                "a board has {} columns, not {}",
                WIDTH,
                columns.len()
            ));
        }
        let mut b = Board::default();
        for (x, col) in columns.iter().enumerate() {
            if col.len() > HEIGHT {
                return Err(format!(
                    "column {} has {} blocks, at most {}",
                    x + 1,
                    col.len(),
                    HEIGHT
                ));
            }
            for (y, &c) in col.iter().enumerate() {
                if !(1..=MAX_COLOR).contains(&c) {
                    return Err(format!("colour {} is not from 1 to {}", c, MAX_COLOR));
                }
                b.cells[x * HEIGHT + y] = c;
            }
        }
        Ok(b)
    }

    /// The block at (x, y), 0 when empty.
    #[inline]
    pub fn get(&self, x: usize, y: usize) -> u8 {
        self.cells[x * HEIGHT + y]
    }

    #[inline]
    fn set(&mut self, x: usize, y: usize, v: u8) {
        self.cells[x * HEIGHT + y] = v;
    }

    /// Column x, bottom first.
    pub fn column(&self, x: usize) -> &[u8] {
        &self.cells[x * HEIGHT..(x + 1) * HEIGHT]
    }

    /// Number of blocks.
    pub fn blocks(&self) -> usize {
        self.cells.iter().filter(|&&c| c != EMPTY).count()
    }

    /// Whether no block is left.
    pub fn is_empty(&self) -> bool {
        self.cells.iter().all(|&c| c == EMPTY)
    }

    /// Blocks of each colour (index = colour).
    pub fn color_counts(&self) -> [u8; MAX_COLOR as usize + 1] {
        let mut n = [0u8; MAX_COLOR as usize + 1];
        for &c in &self.cells {
            n[c as usize] += 1;
        }
        n
    }

    /// Whether `m` is a move here: a block at (x, y), a target column on the
    /// board, and not a drag onto a block of the same colour.
    pub fn is_move(&self, m: Move) -> bool {
        let (x, y) = (m.x as usize, m.y as usize);
        if x >= WIDTH || y >= HEIGHT || (m.dir != 1 && m.dir != -1) {
            return false;
        }
        let tx = x as i32 + m.dir as i32;
        if !(0..WIDTH as i32).contains(&tx) {
            return false;
        }
        let c = self.get(x, y);
        c != EMPTY && self.get(tx as usize, y) != c
    }

    /// Every move, in the statement's order.
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for x in 0..WIDTH {
            for y in 0..HEIGHT {
                for dir in [1, -1] {
                    let m = Move::new(x, y, dir);
                    if self.is_move(m) {
                        out.push(m);
                    }
                }
            }
        }
        out
    }

    /// The drag alone: swap with the target block, or lift the block into
    /// the target cell (where it will fall). No gravity yet.
    fn drag(&self, m: Move) -> Board {
        let (x, y) = (m.x as usize, m.y as usize);
        let tx = (x as i32 + m.dir as i32) as usize;
        let mut b = *self;
        let (c, t) = (b.get(x, y), b.get(tx, y));
        b.set(tx, y, c);
        b.set(x, y, t);
        b
    }

    /// Gravity on every column; whether anything fell.
    fn fall(&mut self) -> bool {
        let mut moved = false;
        for x in 0..WIDTH {
            moved |= settle_column(&mut self.cells[x * HEIGHT..(x + 1) * HEIGHT]);
        }
        moved
    }

    /// The cells in a horizontal or vertical run of three or more, as a bit
    /// per cell (index x * 7 + y).
    fn runs(&self) -> u64 {
        let mut marked = 0u64;
        for x in 0..WIDTH {
            for y in 0..HEIGHT {
                let c = self.get(x, y);
                if c == EMPTY {
                    continue;
                }
                if x + 2 < WIDTH && self.get(x + 1, y) == c && self.get(x + 2, y) == c {
                    marked |= 0b1 << (x * HEIGHT + y)
                        | 1 << ((x + 1) * HEIGHT + y)
                        | 1 << ((x + 2) * HEIGHT + y);
                }
                if y + 2 < HEIGHT && self.get(x, y + 1) == c && self.get(x, y + 2) == c {
                    marked |= 0b111 << (x * HEIGHT + y);
                }
            }
        }
        marked
    }

    fn remove(&mut self, marked: u64) {
        for (i, c) in self.cells.iter_mut().enumerate() {
            if marked >> i & 1 != 0 {
                *c = EMPTY;
            }
        }
    }

    /// Plays `m` and everything that follows; `None` when `m` is not a move.
    pub fn play(&self, m: Move) -> Option<Board> {
        if !self.is_move(m) {
            return None;
        }
        let mut b = self.drag(m);
        loop {
            b.fall();
            let marked = b.runs();
            if marked == 0 {
                return Some(b);
            }
            b.remove(marked);
        }
    }

    /// Plays `m` and returns every stage: the drag, each fall, each set of
    /// cells that vanished together. `None` when `m` is not a move.
    pub fn play_steps(&self, m: Move) -> Option<Vec<Step>> {
        if !self.is_move(m) {
            return None;
        }
        let mut b = self.drag(m);
        let mut steps = vec![Step::Dragged(b)];
        loop {
            if b.fall() {
                steps.push(Step::Fell(b));
            }
            let marked = b.runs();
            if marked == 0 {
                return Some(steps);
            }
            b.remove(marked);
            let cells = (0..WIDTH * HEIGHT)
                .filter(|i| marked >> i & 1 != 0)
                .map(|i| ((i / HEIGHT) as u8, (i % HEIGHT) as u8))
                .collect();
            steps.push(Step::Vanished(cells, b));
        }
    }

    /// The cells in a horizontal or vertical run of three or more, as
    /// (x, y) pairs, column by column from the left, each from the bottom.
    pub fn run_cells(&self) -> Vec<(usize, usize)> {
        let runs = self.runs();
        (0..WIDTH * HEIGHT)
            .filter(|i| runs >> i & 1 != 0)
            .map(|i| (i / HEIGHT, i % HEIGHT))
            .collect()
    }

    /// Whether a block floats or a run of three stands (neither may happen
    /// between moves).
    pub fn is_settled(&self) -> bool {
        let mut b = *self;
        !b.fall() && self.runs() == 0
    }

    /// A packed key: each column's seven 4-bit cells in a u32.
    pub fn key(&self) -> [u32; WIDTH] {
        let mut k = [0u32; WIDTH];
        for (x, kx) in k.iter_mut().enumerate() {
            for y in 0..HEIGHT {
                *kx |= (self.get(x, y) as u32) << (4 * y);
            }
        }
        k
    }

    /// The board in the judge's format: one line per column, bottom first,
    /// ended by 0.
    pub fn to_columns_text(&self) -> String {
        let mut s = String::new();
        for x in 0..WIDTH {
            for &c in self.column(x).iter().take_while(|&&c| c != EMPTY) {
                s.push_str(&c.to_string());
                s.push(' ');
            }
            s.push_str("0\n");
        }
        s
    }
}

/// A full board (35 blocks) of 10 colours, each used 3 or 4 times, with no
/// run of three: the hardest kind of input for a search (no colour can be
/// pruned at the start). The same for the same `seed` everywhere.
pub fn random_full_board(seed: u64) -> Board {
    let mut rng = crate::rng::Rng::new(seed);
    let mut bag: Vec<u8> = (1..=MAX_COLOR)
        .flat_map(|c| std::iter::repeat_n(c, if c <= 5 { 4 } else { 3 }))
        .collect();
    loop {
        for i in (1..bag.len()).rev() {
            bag.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let b = Board {
            cells: bag.clone().try_into().expect("35 blocks"),
        };
        if b.runs() == 0 {
            return b;
        }
    }
}

/// The Mayan puzzle's rules as a [`crate::game::Puzzle`]: positions are
/// boards, a move drags a block, and its record is every stage of what
/// followed (for animation). The game is over when the board is empty or no
/// move is left; a level's move count n is the level's, not the rules'.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mayan;

/// Why a Mayan move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAMove(pub Move);

impl std::fmt::Display for NotAMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "dragging ({}, {}) {} is not a move here (no block there, off the board, or onto its own colour)",
            self.0.x,
            self.0.y,
            if self.0.dir == 1 { "right" } else { "left" }
        )
    }
}

impl crate::game::Puzzle for Mayan {
    type Position = Board;
    type Move = Move;
    type Record = Vec<Step>;
    type Error = NotAMove;

    /// [`Board::moves`]: by x, then y, then right before left.
    fn moves(&self, pos: &Board) -> Vec<Move> {
        pos.moves()
    }

    fn play(&self, pos: &Board, m: Move) -> Result<(Board, Vec<Step>), NotAMove> {
        let steps = pos.play_steps(m).ok_or(NotAMove(m))?;
        let next = pos.play(m).ok_or(NotAMove(m))?;
        Ok((next, steps))
    }

    fn is_over(&self, pos: &Board) -> bool {
        pos.is_empty() || pos.moves().is_empty()
    }
}
