//! 连连看 (Lianliankan, Onet): remove two tiles of the same kind joined by a
//! path of at most three straight segments (two turns) through empty cells
//! or the one-cell ring around the board; after each removal the game's
//! [`Variant`] slides tiles. The board is won when empty and stuck when no
//! pair can be joined (a [`Move::Shuffle`] then rearranges the tiles left).
//!
//! Cells are 0-based, `x` the column from the left and `y` the row from the
//! **top** (as the path-connect engine, [`crate::connect::Pos`], counts);
//! path corners on the ring have x = −1 or w, y = −1 or h.
//!
//! The join test works on bit masks of the occupied cells, one per row and
//! one per column of the ringed board: with the two tiles taken out, a path
//! of at most three segments runs along A's column to some row r, across
//! row r, and along B's column to B — or the same with rows and columns
//! swapped. So the two tiles join exactly when some row in both tiles'
//! free column runs is clear between their columns, or some column in both
//! free row runs is clear between their rows.

pub mod deal;
pub mod link;
pub mod solve;

use std::fmt;

pub use crate::connect::Pos;
use crate::game::Puzzle;

/// Largest width and height of a board (the ringed board fits a 64-bit row).
pub const MAX_SIDE: usize = 32;

/// The most tile kinds (each has its own letter or digit: [`KIND_LETTERS`]).
pub const MAX_KINDS: usize = 62;

/// The letter of kind k is `KIND_LETTERS[k - 1]`: A–Z, a–z, 0–9.
pub const KIND_LETTERS: &[u8; MAX_KINDS] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// The most turns a joining path may take.
pub const MAX_TURNS: u32 = 2;

/// How tiles slide after a removal, as in the Onet levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Nothing moves.
    None,
    /// Tiles fall down their column, closing gaps.
    Down,
    /// Tiles rise up their column.
    Up,
    /// Tiles slide left along their row.
    Left,
    /// Tiles slide right along their row.
    Right,
    /// The top half of each column slides up, the bottom half down.
    SplitVertical,
    /// The left half of each row slides left, the right half right.
    SplitHorizontal,
    /// Both halves of each column slide towards the middle.
    GatherVertical,
    /// Both halves of each row slide towards the middle.
    GatherHorizontal,
}

impl Variant {
    /// Every variant, in the order the page lists them.
    pub const ALL: [Variant; 9] = [
        Variant::None,
        Variant::Down,
        Variant::Up,
        Variant::Left,
        Variant::Right,
        Variant::SplitVertical,
        Variant::SplitHorizontal,
        Variant::GatherVertical,
        Variant::GatherHorizontal,
    ];

    /// Its name in links and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Variant::None => "none",
            Variant::Down => "down",
            Variant::Up => "up",
            Variant::Left => "left",
            Variant::Right => "right",
            Variant::SplitVertical => "split-vertical",
            Variant::SplitHorizontal => "split-horizontal",
            Variant::GatherVertical => "gather-vertical",
            Variant::GatherHorizontal => "gather-horizontal",
        }
    }

    /// The variant called `name`, or an error listing the names.
    pub fn parse(name: &str) -> Result<Variant, String> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == name)
            .ok_or_else(|| {
                format!(
                    "unknown variant '{}' (the variants are {})",
                    crate::link::shorten(name),
                    Variant::ALL.map(Variant::name).join(", ")
                )
            })
    }

    /// Whether tiles move along columns (true) or rows (false); `None`
    /// moves nothing.
    fn vertical(self) -> bool {
        matches!(
            self,
            Variant::Down | Variant::Up | Variant::SplitVertical | Variant::GatherVertical
        )
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A board: w × h cells, each empty (0) or a tile of kind 1..=62.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    w: usize,
    h: usize,
    cells: Vec<u8>,
}

/// The occupied cells as bit masks of the ringed board: `rows[y + 1]` has
/// bit x + 1 set when (x, y) holds a tile, `cols[x + 1]` bit y + 1.
#[derive(Clone, Debug)]
pub struct Occupancy {
    rows: [u64; MAX_SIDE + 2],
    cols: [u64; MAX_SIDE + 2],
    w: u32,
    h: u32,
}

/// The free run around bit `p` of a line whose occupied cells are `occ`
/// (bit p itself clear), of length `len`: (first, last) free index.
#[inline]
fn run(occ: u64, p: u32, len: u32) -> (u32, u32) {
    let below = occ & ((1u64 << p) - 1);
    let lo = if below == 0 {
        0
    } else {
        64 - below.leading_zeros()
    };
    let above = occ >> (p + 1);
    let hi = if above == 0 {
        len - 1
    } else {
        p + above.trailing_zeros()
    };
    (lo, hi)
}

/// Whether no bit of `occ` lies from index a to index b (either order).
#[inline]
fn clear(occ: u64, a: u32, b: u32) -> bool {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    let mask = (u64::MAX >> (63 - hi)) & (u64::MAX << lo);
    occ & mask == 0
}

impl Occupancy {
    /// The masks of `board`.
    pub fn of(board: &Board) -> Occupancy {
        let mut o = Occupancy {
            rows: [0; MAX_SIDE + 2],
            cols: [0; MAX_SIDE + 2],
            w: board.w as u32,
            h: board.h as u32,
        };
        for y in 0..board.h {
            for x in 0..board.w {
                if board.cells[y * board.w + x] != 0 {
                    o.rows[y + 1] |= 1 << (x + 1);
                    o.cols[x + 1] |= 1 << (y + 1);
                }
            }
        }
        o
    }

    /// Whether the ringed cell (x, y) has an empty neighbour.
    #[inline]
    fn open_beside(&self, x: u32, y: u32) -> bool {
        let row = self.rows[y as usize];
        let col = self.cols[x as usize];
        row >> (x - 1) & 1 == 0
            || row >> (x + 1) & 1 == 0
            || col >> (y - 1) & 1 == 0
            || col >> (y + 1) & 1 == 0
    }

    #[inline]
    fn flip(&mut self, x: u32, y: u32) {
        self.rows[y as usize] ^= 1 << x;
        self.cols[x as usize] ^= 1 << y;
    }

    /// Whether tiles at `a` and `b` (distinct, both occupied) can be joined
    /// by at most three segments. The kinds are not looked at.
    pub fn joinable(&mut self, a: Pos, b: Pos) -> bool {
        let (ax, ay, bx, by) = ring(a, b);
        // A path leaves each tile through an empty neighbour (or the tiles
        // touch): most tiles of a full board are ruled out at once.
        if ax.abs_diff(bx) + ay.abs_diff(by) != 1
            && !(self.open_beside(ax, ay) && self.open_beside(bx, by))
        {
            return false;
        }
        self.flip(ax, ay);
        self.flip(bx, by);
        let found = self.any_three(ax, ay, bx, by);
        self.flip(ax, ay);
        self.flip(bx, by);
        found
    }

    /// With both ends taken out: whether some path of at most three
    /// segments joins them (what [`Occupancy::three`] finds, without
    /// looking for the shortest).
    #[inline]
    fn any_three(&self, ax: u32, ay: u32, bx: u32, by: u32) -> bool {
        let (w2, h2) = (self.w + 2, self.h + 2);
        let (alo, ahi) = run(self.cols[ax as usize], ay, h2);
        let (blo, bhi) = run(self.cols[bx as usize], by, h2);
        if (alo.max(blo)..=ahi.min(bhi)).any(|r| clear(self.rows[r as usize], ax, bx)) {
            return true;
        }
        let (alo, ahi) = run(self.rows[ay as usize], ax, w2);
        let (blo, bhi) = run(self.rows[by as usize], bx, w2);
        (alo.max(blo)..=ahi.min(bhi)).any(|c| clear(self.cols[c as usize], ay, by))
    }

    /// A path with the fewest segments (at most three) joining `a` and `b`,
    /// shortest in length among those: its corners from `a` to `b`.
    pub fn path(&mut self, a: Pos, b: Pos) -> Option<Vec<Pos>> {
        let (ax, ay, bx, by) = ring(a, b);
        self.flip(ax, ay);
        self.flip(bx, by);
        let found = self.fewest(ax, ay, bx, by);
        self.flip(ax, ay);
        self.flip(bx, by);
        found.map(|corners| {
            corners
                .into_iter()
                .map(|(x, y)| Pos::new(x as i32 - 1, y as i32 - 1))
                .collect()
        })
    }

    /// With both ends taken out: the path as ringed corners.
    fn fewest(&self, ax: u32, ay: u32, bx: u32, by: u32) -> Option<Vec<(u32, u32)>> {
        let (w2, h2) = (self.w + 2, self.h + 2);
        if (ax == bx && clear(self.cols[ax as usize], ay, by))
            || (ay == by && clear(self.rows[ay as usize], ax, bx))
        {
            return Some(vec![(ax, ay), (bx, by)]);
        }
        let col_a = run(self.cols[ax as usize], ay, h2);
        let col_b = run(self.cols[bx as usize], by, h2);
        let row_a = run(self.rows[ay as usize], ax, w2);
        let row_b = run(self.rows[by as usize], bx, w2);
        let within = |v: u32, (lo, hi): (u32, u32)| lo <= v && v <= hi;
        // One turn: at (ax, by) or (bx, ay); the shorter is the same length.
        if within(by, col_a) && within(ax, row_b) {
            return Some(vec![(ax, ay), (ax, by), (bx, by)]);
        }
        if within(ay, col_b) && within(bx, row_a) {
            return Some(vec![(ax, ay), (bx, ay), (bx, by)]);
        }
        self.three(ax, ay, bx, by)
    }

    /// With both ends taken out: the shortest path of at most three
    /// segments as ringed corners (degenerate corners included), or None.
    fn three(&self, ax: u32, ay: u32, bx: u32, by: u32) -> Option<Vec<(u32, u32)>> {
        let (w2, h2) = (self.w + 2, self.h + 2);
        let mut best: Option<(u32, Vec<(u32, u32)>)> = None;
        let mut consider = |len: u32, corners: [(u32, u32); 4]| {
            if best.as_ref().is_none_or(|(l, _)| len < *l) {
                best = Some((len, corners.to_vec()));
            }
        };
        // Along the columns, across row r.
        let (alo, ahi) = run(self.cols[ax as usize], ay, h2);
        let (blo, bhi) = run(self.cols[bx as usize], by, h2);
        for r in alo.max(blo)..=ahi.min(bhi) {
            if clear(self.rows[r as usize], ax, bx) {
                let len = ay.abs_diff(r) + ax.abs_diff(bx) + by.abs_diff(r);
                consider(len, [(ax, ay), (ax, r), (bx, r), (bx, by)]);
            }
        }
        // Along the rows, down column c.
        let (alo, ahi) = run(self.rows[ay as usize], ax, w2);
        let (blo, bhi) = run(self.rows[by as usize], bx, w2);
        for c in alo.max(blo)..=ahi.min(bhi) {
            if clear(self.cols[c as usize], ay, by) {
                let len = ax.abs_diff(c) + ay.abs_diff(by) + bx.abs_diff(c);
                consider(len, [(ax, ay), (c, ay), (c, by), (bx, by)]);
            }
        }
        best.map(|(_, mut corners)| {
            corners.dedup();
            corners
        })
    }
}

/// Both cells in ringed coordinates.
#[inline]
fn ring(a: Pos, b: Pos) -> (u32, u32, u32, u32) {
    (
        (a.x + 1) as u32,
        (a.y + 1) as u32,
        (b.x + 1) as u32,
        (b.y + 1) as u32,
    )
}

impl Board {
    /// An empty board of `w` × `h` cells (1..=32 each).
    pub fn new(w: usize, h: usize) -> Result<Board, String> {
        if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
            return Err(format!(
                "a board is 1 to {} wide and high, not {} × {}",
                MAX_SIDE, w, h
            ));
        }
        Ok(Board {
            w,
            h,
            cells: vec![0; w * h],
        })
    }

    /// A board from its cells (row by row from the top), checked: every
    /// kind 1..=62 and occurring an even number of times.
    pub fn from_cells(w: usize, h: usize, cells: Vec<u8>) -> Result<Board, String> {
        let mut b = Board::new(w, h)?;
        if cells.len() != w * h {
            return Err(format!(
                "a {} × {} board has {} cells, not {}",
                w,
                h,
                w * h,
                cells.len()
            ));
        }
        let mut counts = [0usize; MAX_KINDS + 1];
        for &k in &cells {
            if k as usize > MAX_KINDS {
                return Err(format!("kind {} is above {}", k, MAX_KINDS));
            }
            counts[k as usize] += 1;
        }
        if let Some(k) = (1..=MAX_KINDS).find(|&k| counts[k] % 2 == 1) {
            return Err(format!(
                "kind {} occurs {} {} (every kind occurs an even number of times)",
                KIND_LETTERS[k - 1] as char,
                counts[k],
                if counts[k] == 1 { "time" } else { "times" }
            ));
        }
        b.cells = cells;
        Ok(b)
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.w
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.h
    }

    /// The cells, row by row from the top.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Whether `p` lies on the board (not the ring).
    pub fn contains(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as usize) < self.w && (p.y as usize) < self.h
    }

    /// The kind at `p` (0 when empty or off the board).
    pub fn get(&self, p: Pos) -> u8 {
        if self.contains(p) {
            self.cells[p.y as usize * self.w + p.x as usize]
        } else {
            0
        }
    }

    pub(crate) fn set(&mut self, p: Pos, kind: u8) {
        self.cells[p.y as usize * self.w + p.x as usize] = kind;
    }

    /// Tiles left.
    pub fn tiles(&self) -> usize {
        self.cells.iter().filter(|&&k| k != 0).count()
    }

    /// Whether no tile is left.
    pub fn is_empty(&self) -> bool {
        self.cells.iter().all(|&k| k == 0)
    }

    /// The occupied cells in reading order.
    pub fn occupied(&self) -> impl Iterator<Item = Pos> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, &k)| k != 0)
            .map(|(i, _)| Pos::new((i % self.w) as i32, (i / self.w) as i32))
    }

    /// Why `a`, `b` is not a pair to try, or None: both on the board, two
    /// different cells, both tiles, of the same kind.
    pub fn pair_problem(&self, a: Pos, b: Pos) -> Option<PairError> {
        if !self.contains(a) || !self.contains(b) {
            return Some(PairError::OffBoard);
        }
        if a == b {
            return Some(PairError::SameCell);
        }
        let (ka, kb) = (self.get(a), self.get(b));
        if ka == 0 || kb == 0 {
            return Some(PairError::Empty);
        }
        if ka != kb {
            return Some(PairError::DifferentKinds);
        }
        None
    }

    /// The corners of a fewest-segment joining path of at most three
    /// segments, or why the two cannot be removed.
    pub fn join(&self, a: Pos, b: Pos) -> Result<Vec<Pos>, PairError> {
        if let Some(e) = self.pair_problem(a, b) {
            return Err(e);
        }
        Occupancy::of(self).path(a, b).ok_or(PairError::NoPath)
    }

    /// Every pair of equal tiles that can be joined, each once, in reading
    /// order of the first tile, then of the second.
    pub fn pairs(&self) -> Vec<(Pos, Pos)> {
        solve::all_pairs(self)
    }

    /// Whether some pair can be joined.
    pub fn has_pair(&self) -> bool {
        !self.pairs().is_empty()
    }

    /// The tiles of each kind (index = kind), each list in reading order.
    pub fn by_kind(&self) -> Vec<Vec<Pos>> {
        let mut by_kind: Vec<Vec<Pos>> = vec![Vec::new(); MAX_KINDS + 1];
        for p in self.occupied() {
            by_kind[self.get(p) as usize].push(p);
        }
        by_kind
    }

    /// Removes the tiles at `a` and `b` (no check) and slides by `variant`;
    /// returns the tiles that moved, (from, to).
    pub fn remove(&mut self, a: Pos, b: Pos, variant: Variant) -> Vec<(Pos, Pos)> {
        self.set(a, 0);
        self.set(b, 0);
        let mut slides = Vec::new();
        if variant == Variant::None {
            return slides;
        }
        let lines: Vec<i32> = if variant.vertical() {
            let mut l = vec![a.x, b.x];
            l.dedup();
            l
        } else {
            let mut l = vec![a.y, b.y];
            l.dedup();
            l
        };
        for line in lines {
            self.slide_line(line, variant, &mut slides);
        }
        slides
    }

    /// Slides the tiles of one column (vertical variants) or row.
    fn slide_line(&mut self, line: i32, variant: Variant, slides: &mut Vec<(Pos, Pos)>) {
        for seg in self.segments_of(line, variant) {
            let tiles: Vec<(Pos, u8)> = seg
                .cells
                .iter()
                .map(|&c| (c, self.get(c)))
                .filter(|&(_, k)| k != 0)
                .collect();
            for &c in &seg.cells {
                self.set(c, 0);
            }
            let start = if seg.to_end {
                seg.cells.len() - tiles.len()
            } else {
                0
            };
            for (j, &(from, kind)) in tiles.iter().enumerate() {
                let to = seg.cells[start + j];
                self.set(to, kind);
                if to != from {
                    slides.push((from, to));
                }
            }
        }
    }

    /// The segments of one line under `variant`: each holds its cells in
    /// order and the end its tiles slide to.
    fn segments_of(&self, line: i32, variant: Variant) -> Vec<Segment> {
        let len = if variant.vertical() { self.h } else { self.w } as i32;
        let at = |i: i32| {
            if variant.vertical() {
                Pos::new(line, i)
            } else {
                Pos::new(i, line)
            }
        };
        let half = len / 2;
        let parts: &[(i32, i32, bool)] = match variant {
            Variant::None => &[],
            Variant::Up | Variant::Left => &[(0, len, false)],
            Variant::Down | Variant::Right => &[(0, len, true)],
            Variant::SplitVertical | Variant::SplitHorizontal => {
                &[(0, half, false), (half, len, true)]
            }
            Variant::GatherVertical | Variant::GatherHorizontal => {
                &[(0, half, true), (half, len, false)]
            }
        };
        parts
            .iter()
            .filter(|(lo, hi, _)| lo < hi)
            .map(|&(lo, hi, to_end)| Segment {
                cells: (lo..hi).map(at).collect(),
                to_end,
            })
            .collect()
    }

    /// Every segment of the board: the lines' parts under a sliding
    /// variant, every cell on its own under `None`.
    pub(crate) fn segments(&self, variant: Variant) -> Vec<Segment> {
        if variant == Variant::None {
            return self
                .cells
                .iter()
                .enumerate()
                .map(|(i, _)| Segment {
                    cells: vec![Pos::new((i % self.w) as i32, (i / self.w) as i32)],
                    to_end: false,
                })
                .collect();
        }
        let lines = if variant.vertical() { self.w } else { self.h };
        (0..lines as i32)
            .flat_map(|l| self.segments_of(l, variant))
            .collect()
    }

    /// How many tiles of each kind are left (index = kind).
    pub fn kind_counts(&self) -> [u16; MAX_KINDS + 1] {
        let mut c = [0u16; MAX_KINDS + 1];
        for &k in &self.cells {
            c[k as usize] += 1;
        }
        c
    }

    /// The board as text: rows from the top, `.` empty, kinds as
    /// [`KIND_LETTERS`].
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity((self.w + 1) * self.h);
        for row in self.cells.chunks(self.w) {
            for &k in row {
                s.push(letter(k));
            }
            s.push('\n');
        }
        s
    }
}

/// A run of cells whose tiles slide together to one end.
#[derive(Clone, Debug)]
pub(crate) struct Segment {
    /// The cells in order along the line.
    pub cells: Vec<Pos>,
    /// Whether tiles gather at the last cell (else at the first).
    pub to_end: bool,
}

/// The character of kind `k` (`.` for empty).
pub fn letter(k: u8) -> char {
    if k == 0 {
        '.'
    } else {
        KIND_LETTERS[k as usize - 1] as char
    }
}

/// The kind of character `c` (0 for `.`), or None.
pub fn kind_of(c: char) -> Option<u8> {
    if c == '.' {
        return Some(0);
    }
    KIND_LETTERS
        .iter()
        .position(|&l| l as char == c)
        .map(|i| i as u8 + 1)
}

/// Why two cells cannot be removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PairError {
    /// A cell lies off the board.
    OffBoard,
    /// The same cell twice.
    SameCell,
    /// A cell holds no tile.
    Empty,
    /// The tiles differ.
    DifferentKinds,
    /// No path of at most two turns joins them.
    NoPath,
    /// A shuffle found no winnable arrangement.
    NoWinnableShuffle,
    /// The game has had its [`MAX_SHUFFLES`] shuffles.
    NoShufflesLeft,
    /// A shuffle of an empty board.
    NothingToShuffle,
}

impl fmt::Display for PairError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairError::OffBoard => f.write_str("a cell lies off the board"),
            PairError::SameCell => f.write_str("the same tile twice"),
            PairError::Empty => f.write_str("a cell holds no tile"),
            PairError::DifferentKinds => f.write_str("the two tiles are of different kinds"),
            PairError::NoPath => f.write_str("no path with at most two turns joins the two tiles"),
            PairError::NoWinnableShuffle => {
                f.write_str("no winnable arrangement of the tiles left was found")
            }
            PairError::NoShufflesLeft => {
                write!(f, "no shuffle is left: a game allows {}", MAX_SHUFFLES)
            }
            PairError::NothingToShuffle => f.write_str("no tile is left to shuffle"),
        }
    }
}

impl std::error::Error for PairError {}

/// Shuffles a game allows (as the Onet games limit them). It also bounds
/// what opening a link costs: each shuffle it replays is a new winnable
/// arrangement to build (up to about 0.1 s on a 32 × 32 board in a page).
pub const MAX_SHUFFLES: u32 = 10;

/// A move: a pair removed, or the tiles left shuffled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Removes the tiles at the two cells.
    Pair(Pos, Pos),
    /// Rearranges the tiles left on their cells, into an arrangement the
    /// solver proves winnable (the same every time for the same position).
    Shuffle,
}

/// A position: the board and how many shuffles led to it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The tiles.
    pub board: Board,
    /// Shuffles so far.
    pub shuffles: u32,
    /// Pairs removed so far.
    pub pairs: u32,
}

impl Position {
    /// A position at the start of a game.
    pub fn start(board: Board) -> Position {
        Position {
            board,
            shuffles: 0,
            pairs: 0,
        }
    }

    /// The score: 10 per pair removed, −50 per shuffle.
    pub fn score(&self) -> i64 {
        10 * i64::from(self.pairs) - 50 * i64::from(self.shuffles)
    }
}

/// What a move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    /// A pair went: the path's corners, the kind and the tiles that slid.
    Pair {
        /// Corners from the first tile to the second (ring cells allowed).
        path: Vec<Pos>,
        /// The pair's kind.
        kind: u8,
        /// Tiles that slid, (from, to).
        slides: Vec<(Pos, Pos)>,
    },
    /// The tiles were shuffled.
    Shuffle,
}

/// The rules: 连连看 under one variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lianliankan {
    /// How tiles slide after a removal.
    pub variant: Variant,
}

impl Puzzle for Lianliankan {
    type Position = Position;
    type Move = Move;
    type Record = Record;
    type Error = PairError;

    /// Every joinable pair in reading order ([`Board::pairs`]); when there
    /// is none and tiles are left, the shuffle while the game has one left
    /// ([`MAX_SHUFFLES`]).
    fn moves(&self, pos: &Position) -> Vec<Move> {
        let pairs: Vec<Move> = pos
            .board
            .pairs()
            .into_iter()
            .map(|(a, b)| Move::Pair(a, b))
            .collect();
        if pairs.is_empty() && !pos.board.is_empty() && pos.shuffles < MAX_SHUFFLES {
            vec![Move::Shuffle]
        } else {
            pairs
        }
    }

    fn play(&self, pos: &Position, mv: Move) -> Result<(Position, Record), PairError> {
        match mv {
            Move::Pair(a, b) => {
                let path = pos.board.join(a, b)?;
                let kind = pos.board.get(a);
                let mut next = pos.clone();
                let slides = next.board.remove(a, b, self.variant);
                next.pairs += 1;
                Ok((next, Record::Pair { path, kind, slides }))
            }
            Move::Shuffle => {
                if pos.board.is_empty() {
                    return Err(PairError::NothingToShuffle);
                }
                if pos.shuffles >= MAX_SHUFFLES {
                    return Err(PairError::NoShufflesLeft);
                }
                let board = deal::shuffle(&pos.board, self.variant, pos.shuffles)
                    .ok_or(PairError::NoWinnableShuffle)?;
                Ok((
                    Position {
                        board,
                        shuffles: pos.shuffles + 1,
                        pairs: pos.pairs,
                    },
                    Record::Shuffle,
                ))
            }
        }
    }

    /// Over when the board is empty (won), or when no pair joins and the
    /// game has had its [`MAX_SHUFFLES`] (lost). A stuck board with a
    /// shuffle left is not over: it can be shuffled.
    fn is_over(&self, pos: &Position) -> bool {
        pos.board.is_empty() || (pos.shuffles >= MAX_SHUFFLES && !pos.board.has_pair())
    }
}

#[cfg(test)]
mod tests;

/// The turn-limited search from the tile at `from` as layers on the ringed
/// grid ((w + 2) × (h + 2), ring included, rows from the top): 1–3 for an
/// empty cell first reached with that many segments, 5–7 for a tile of
/// `from`'s kind that a path of 1–3 segments reaches, 4 for `from`, 0
/// otherwise (the page's "Show search"; deals use it on a board of one kind).
pub fn reach(b: &Board, from: Pos) -> Vec<u8> {
    let (w, h) = (b.width() as i32, b.height() as i32);
    let (w2, h2) = (w + 2, h + 2);
    let idx = |p: Pos| ((p.y + 1) * w2 + p.x + 1) as usize;
    let inside = |p: Pos| p.x >= -1 && p.y >= -1 && p.x <= w && p.y <= h;
    let kind = b.get(from);
    let mut out = vec![0u8; (w2 * h2) as usize];
    out[idx(from)] = 4;
    let mut frontier = vec![from];
    for layer in 1..=3u8 {
        let mut next = Vec::new();
        for &p in &frontier {
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let mut q = Pos::new(p.x + dx, p.y + dy);
                while inside(q) {
                    let k = b.get(q);
                    if k != 0 {
                        if k == kind && q != from && out[idx(q)] == 0 {
                            out[idx(q)] = 4 + layer;
                        }
                        break;
                    }
                    if out[idx(q)] == 0 {
                        out[idx(q)] = layer;
                        next.push(q);
                    }
                    q = Pos::new(q.x + dx, q.y + dy);
                }
            }
        }
        frontier = next;
    }
    out
}
