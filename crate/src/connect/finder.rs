//! The path-connect query by breadth-first search over segment counts, with
//! whole rays cast by bit operations.
//!
//! The board plus its one-cell ring is kept as bit rows (1 = passable).
//! Layer k holds the cells a path of k segments can reach, split by the axis
//! of its last segment: `H` (horizontal) and `V` (vertical). Layer k + 1
//! turns: `H' = fill_rows(V)` and `V' = fill_columns(H)`, each minus what an
//! earlier layer reached *on the same axis*. Keeping the two axes apart is
//! what makes the count exact: a cell first reached vertically must still
//! pass a horizontal ray through it one layer later (marking it visited for
//! both axes is the classic off-by-one). A ray through a row is the whole
//! run of passable cells around its seeds: an add carries it upwards through
//! a word, an occluded shift fill carries it downwards, and a carry bit moves
//! it across words.

use super::{Board, Pos};
use crate::bitrun::{fill_down, fill_up};

/// A shortest path: its number of segments and its corners, from the first
/// tile through each turn to the second tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// Number of straight segments (turns + 1).
    pub segments: u32,
    /// The first tile, each turn, the second tile.
    pub corners: Vec<Pos>,
}

/// Answers path-connect queries on one board; the board never changes
/// between queries.
#[derive(Clone, Debug)]
pub struct PathFinder {
    board: Board,
    /// Words per bit row of the ringed board (width + 2 bits).
    words: usize,
    /// Rows of the ringed board (height + 2).
    rows: usize,
    /// Passable cells: the ring and the empty cells.
    open: Vec<u64>,
    vis_h: Vec<u64>,
    vis_v: Vec<u64>,
    cur_h: Vec<u64>,
    cur_v: Vec<u64>,
    next_h: Vec<u64>,
    next_v: Vec<u64>,
    /// The new cells of each layer, (H, V), kept when a path is wanted.
    layers: Vec<(Vec<u64>, Vec<u64>)>,
}

/// How a query ended.
enum Reached {
    /// After this many segments, via the last segment's axis.
    At(u32, Axis),
    Never,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Axis {
    H,
    V,
}

#[inline]
fn bit(set: &[u64], words: usize, x: usize, y: usize) -> bool {
    set[y * words + x / 64] >> (x % 64) & 1 != 0
}

#[inline]
fn put(set: &mut [u64], words: usize, x: usize, y: usize, on: bool) {
    let w = &mut set[y * words + x / 64];
    if on {
        *w |= 1 << (x % 64);
    } else {
        *w &= !(1 << (x % 64));
    }
}

/// Fills one bit row: every run of `open` holding a bit of `seed` (⊆ open).
#[inline]
fn fill_row(open: &[u64], seed: &[u64], out: &mut [u64]) {
    let mut carry = 0u64;
    for i in 0..open.len() {
        let m = open[i];
        let s = seed[i] | (carry & m & 1);
        let up = fill_up(m, s);
        out[i] = up;
        carry = up >> 63;
    }
    carry = 0;
    for i in (0..open.len()).rev() {
        let m = open[i];
        let g = fill_down(m, out[i] | ((carry & (m >> 63)) << 63));
        out[i] = g;
        carry = g & 1;
    }
}

impl PathFinder {
    /// A finder for `board`.
    pub fn new(board: &Board) -> PathFinder {
        let (w, h) = (board.width(), board.height());
        let words = (w + 2).div_ceil(64);
        let rows = h + 2;
        let mut open = vec![0u64; words * rows];
        for y in 0..rows {
            for x in 0..w + 2 {
                let inside = (1..=w).contains(&x) && (1..=h).contains(&y);
                let tile = inside && board.get(Pos::new(x as i32 - 1, y as i32 - 1)) != 0;
                put(&mut open, words, x, y, !tile);
            }
        }
        let zero = vec![0u64; words * rows];
        PathFinder {
            board: board.clone(),
            words,
            rows,
            open,
            vis_h: zero.clone(),
            vis_v: zero.clone(),
            cur_h: zero.clone(),
            cur_v: zero.clone(),
            next_h: zero.clone(),
            next_v: zero,
            layers: Vec::new(),
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The fewest segments joining `a` and `b` (distinct cells on the
    /// board), or `None` when no path exists.
    pub fn segments(&mut self, a: Pos, b: Pos) -> Option<u32> {
        match self.search(a, b, u32::MAX, false) {
            Reached::At(k, _) => Some(k),
            Reached::Never => None,
        }
    }

    /// Whether `a` and `b` can be joined with at most `max_turns` turns
    /// (连连看: 2); stops as soon as it knows.
    pub fn joinable(&mut self, a: Pos, b: Pos, max_turns: u32) -> bool {
        matches!(
            self.search(a, b, max_turns.saturating_add(1), false),
            Reached::At(..)
        )
    }

    /// A path with the fewest segments, with its corners, or `None`.
    pub fn path(&mut self, a: Pos, b: Pos) -> Option<Path> {
        self.path_within(a, b, u32::MAX)
    }

    /// A path with the fewest segments if it has at most `max_segments`.
    pub fn path_within(&mut self, a: Pos, b: Pos, max_segments: u32) -> Option<Path> {
        match self.search(a, b, max_segments, true) {
            Reached::At(k, axis) => Some(self.trace(a, b, k, axis)),
            Reached::Never => None,
        }
    }

    /// Every pair of equal tiles (same kind) that can be joined with at most
    /// `max_turns` turns, each pair once, first tile before the second in
    /// reading order.
    pub fn joinable_pairs(&mut self, max_turns: u32) -> Vec<(Pos, Pos)> {
        let (w, h) = (self.board.width() as i32, self.board.height() as i32);
        let tiles: Vec<Pos> = (0..h)
            .flat_map(|y| (0..w).map(move |x| Pos::new(x, y)))
            .filter(|&p| self.board.get(p) != 0)
            .collect();
        let mut pairs = Vec::new();
        for (i, &a) in tiles.iter().enumerate() {
            for &b in &tiles[i + 1..] {
                if self.board.get(a) == self.board.get(b) && self.joinable(a, b, max_turns) {
                    pairs.push((a, b));
                }
            }
        }
        pairs
    }

    fn check(&self, p: Pos) {
        assert!(self.board.contains(p), "{:?} is off the board", p);
    }

    /// Breadth-first search by segment count from `a` to `b`.
    fn search(&mut self, a: Pos, b: Pos, max_segments: u32, record: bool) -> Reached {
        self.check(a);
        self.check(b);
        assert!(a != b, "a query joins two different cells");
        let words = self.words;
        let (ax, ay) = (a.x as usize + 1, a.y as usize + 1);
        let (bx, by) = (b.x as usize + 1, b.y as usize + 1);
        self.layers.clear();
        if max_segments == 0 {
            return Reached::Never;
        }
        if ax.abs_diff(bx) + ay.abs_diff(by) == 1 {
            return Reached::At(1, if ay == by { Axis::H } else { Axis::V });
        }
        // The two end cells are never passed through.
        let (a_open, b_open) = (
            bit(&self.open, words, ax, ay),
            bit(&self.open, words, bx, by),
        );
        put(&mut self.open, words, ax, ay, false);
        put(&mut self.open, words, bx, by, false);
        let result = self.layers_from(ax, ay, bx, by, max_segments, record);
        put(&mut self.open, words, ax, ay, a_open);
        put(&mut self.open, words, bx, by, b_open);
        result
    }

    fn layers_from(
        &mut self,
        ax: usize,
        ay: usize,
        bx: usize,
        by: usize,
        max: u32,
        record: bool,
    ) -> Reached {
        let words = self.words;
        for v in [
            &mut self.vis_h,
            &mut self.vis_v,
            &mut self.next_h,
            &mut self.next_v,
        ] {
            v.fill(0);
        }
        // Layer 1: the rays from a.
        let row = ay * words;
        for x in [ax - 1, ax + 1] {
            if bit(&self.open, words, x, ay) {
                put(&mut self.next_h, words, x, ay, true);
            }
        }
        self.cur_h.fill(0);
        fill_row(
            &self.open[row..row + words],
            &self.next_h[row..row + words],
            &mut self.cur_h[row..row + words],
        );
        self.next_h.fill(0);
        for y in [ay - 1, ay + 1] {
            if bit(&self.open, words, ax, y) {
                put(&mut self.next_v, words, ax, y, true);
            }
        }
        self.cur_v.copy_from_slice(&self.next_v);
        fill_columns(&self.open, &mut self.cur_v, words);
        self.next_v.fill(0);
        let mut k = 1;
        loop {
            for (vis, cur) in [
                (&mut self.vis_h, &self.cur_h),
                (&mut self.vis_v, &self.cur_v),
            ] {
                for (v, c) in vis.iter_mut().zip(cur) {
                    *v |= c;
                }
            }
            if record {
                self.layers.push((self.cur_h.clone(), self.cur_v.clone()));
            }
            if bit(&self.cur_h, words, bx - 1, by) || bit(&self.cur_h, words, bx + 1, by) {
                return Reached::At(k, Axis::H);
            }
            if bit(&self.cur_v, words, bx, by - 1) || bit(&self.cur_v, words, bx, by + 1) {
                return Reached::At(k, Axis::V);
            }
            if k >= max {
                return Reached::Never;
            }
            // Turn: rows through the vertical cells, columns through the horizontal ones.
            let mut any = false;
            for y in 0..self.rows {
                let r = y * words..(y + 1) * words;
                if self.cur_v[r.clone()].iter().any(|&w| w != 0) {
                    fill_row(
                        &self.open[r.clone()],
                        &self.cur_v[r.clone()],
                        &mut self.next_h[r.clone()],
                    );
                    for (n, v) in self.next_h[r.clone()].iter_mut().zip(&self.vis_h[r]) {
                        *n &= !v;
                        any |= *n != 0;
                    }
                }
            }
            self.next_v.copy_from_slice(&self.cur_h);
            fill_columns(&self.open, &mut self.next_v, words);
            for (n, v) in self.next_v.iter_mut().zip(&self.vis_v) {
                *n &= !v;
                any |= *n != 0;
            }
            if !any {
                return Reached::Never;
            }
            std::mem::swap(&mut self.cur_h, &mut self.next_h);
            std::mem::swap(&mut self.cur_v, &mut self.next_v);
            self.next_h.fill(0);
            k += 1;
        }
    }

    /// The corners of a k-segment path found by a recorded search.
    fn trace(&mut self, a: Pos, b: Pos, k: u32, axis: Axis) -> Path {
        let words = self.words;
        let (ax, ay) = (a.x as usize + 1, a.y as usize + 1);
        let (bx, by) = (b.x as usize + 1, b.y as usize + 1);
        let mut corners = vec![b];
        let (mut x, mut y) = (bx, by);
        let mut axis = axis;
        // Passable for tracing: the open cells without the two ends.
        let mut open = self.open.clone();
        put(&mut open, words, ax, ay, false);
        put(&mut open, words, bx, by, false);
        for layer in (1..k).rev() {
            // The segment `layer + 1` runs along `axis` from a turn cell of
            // layer `layer` (on the other axis) to (x, y).
            let (h, v) = &self.layers[layer as usize - 1];
            let target = if axis == Axis::H { v } else { h };
            let (tx, ty) = find_on_ray(&open, words, target, x, y, axis);
            corners.push(Pos::new(tx as i32 - 1, ty as i32 - 1));
            x = tx;
            y = ty;
            axis = if axis == Axis::H { Axis::V } else { Axis::H };
        }
        corners.push(a);
        corners.reverse();
        Path {
            segments: k,
            corners,
        }
    }
}

/// Fills every column: each run of open cells holding a bit of `set`, by a
/// pass down the rows and a pass back up.
fn fill_columns(open: &[u64], set: &mut [u64], words: usize) {
    let mut prev: &mut [u64] = &mut [];
    for (row, o) in set.chunks_exact_mut(words).zip(open.chunks_exact(words)) {
        for ((c, p), o) in row.iter_mut().zip(prev.iter()).zip(o) {
            *c |= p & o;
        }
        prev = row;
    }
    let mut prev: &mut [u64] = &mut [];
    for (row, o) in set
        .chunks_exact_mut(words)
        .rev()
        .zip(open.chunks_exact(words).rev())
    {
        for ((c, p), o) in row.iter_mut().zip(prev.iter()).zip(o) {
            *c |= p & o;
        }
        prev = row;
    }
}

/// Walks from the cell next to (x, y) along `axis` in both directions
/// through open cells and returns the first cell in `target`.
fn find_on_ray(
    open: &[u64],
    words: usize,
    target: &[u64],
    x: usize,
    y: usize,
    axis: Axis,
) -> (usize, usize) {
    let step = |(cx, cy): (usize, usize), back: bool| -> (usize, usize) {
        match (axis, back) {
            (Axis::H, false) => (cx + 1, cy),
            (Axis::H, true) => (cx.wrapping_sub(1), cy),
            (Axis::V, false) => (cx, cy + 1),
            (Axis::V, true) => (cx, cy.wrapping_sub(1)),
        }
    };
    let rows = open.len() / words;
    for back in [false, true] {
        let mut c = step((x, y), back);
        while c.0 < words * 64 && c.1 < rows && bit(open, words, c.0, c.1) {
            if bit(target, words, c.0, c.1) {
                return c;
            }
            c = step(c, back);
        }
    }
    unreachable!("a recorded layer always has a turn cell on the ray")
}
