//! A bitboard Same Game position for engines that play many moves: one
//! 64-bit mask per colour per column (bit r = row r), flood fill by shifts,
//! adds and masks, gravity by squeezing bits out of a mask.
//!
//! It plays by exactly the rules of [`Board`] (the tests replay games on
//! both and compare); it exists because branch-free mask arithmetic is many
//! times faster than visiting cells one by one.

use super::board::{Board, Cell, MoveError, Removal};
use super::columns::{greedy_key, grow, key_parts, paired, squeeze};
use super::repr::SameGameBoard;

/// A settled Same Game position as column masks.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BitBoard {
    width: usize,
    height: usize,
    colors: usize,
    /// Non-empty columns (always the leftmost ones).
    used: usize,
    /// `masks[k * (width + 2) + c + 1]`: balls of colour k + 1 in column c;
    /// one zero column on each side so neighbours need no bounds checks.
    masks: Vec<u64>,
}

/// Room for a board's padded columns in the fixed-size flood buffers
/// (indices are masked with `LANES - 1`, so no bounds check is needed).
const LANES: usize = 128;
const _: () = assert!(super::board::MAX_SIDE + 2 <= LANES);

/// Scratch space for floods: the colour being flooded and the cluster being
/// grown, per padded column.
#[derive(Clone, Debug)]
pub struct Flood {
    m: [u64; LANES],
    cur: [u64; LANES],
    /// Balls of the colour not yet in a cluster (all zero between uses).
    rem: [u64; LANES],
}

impl Default for Flood {
    fn default() -> Flood {
        Flood {
            m: [0; LANES],
            cur: [0; LANES],
            rem: [0; LANES],
        }
    }
}

impl Flood {
    /// Loads the padded colour masks `m` (zero columns at both ends; floods
    /// never read past the right one).
    #[inline]
    fn load(&mut self, m: &[u64]) {
        self.m[..m.len()].copy_from_slice(m);
    }

    /// Grows the cluster of the loaded colour from `seed` (balls of it in
    /// padded column `c0`); leaves it in `cur` and returns (size, lowest,
    /// highest padded column).
    #[inline(always)]
    fn grow(&mut self, c0: usize, seed: u64) -> (usize, usize, usize) {
        grow::<LANES, 64>(&self.m, &mut self.cur, c0, seed)
    }
}

impl BitBoard {
    /// The bitboard of `board`.
    pub fn from_board(board: &Board) -> BitBoard {
        let (width, height) = (board.width(), board.height());
        let colors = board.colors() as usize;
        let mut masks = vec![0u64; colors * (width + 2)];
        for col in 0..width {
            for row in 0..height {
                let v = board.get(col, row);
                if v != 0 {
                    masks[(v as usize - 1) * (width + 2) + col + 1] |= 1 << row;
                }
            }
        }
        BitBoard {
            width,
            height,
            colors,
            used: board.used_width(),
            masks,
        }
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of balls.
    pub fn balls(&self) -> usize {
        self.masks.iter().map(|m| m.count_ones() as usize).sum()
    }

    /// The colour at (col, row), 0 when empty.
    pub fn get(&self, col: usize, row: usize) -> u8 {
        let stride = self.width + 2;
        (0..self.colors)
            .find(|k| self.masks[k * stride + col + 1] >> row & 1 != 0)
            .map_or(0, |k| k as u8 + 1)
    }

    /// Number of colours.
    pub fn colors(&self) -> usize {
        self.colors
    }

    /// Balls of colour index k (0-based).
    pub fn color_count(&self, k: usize) -> usize {
        let stride = self.width + 2;
        self.masks[k * stride..(k + 1) * stride]
            .iter()
            .map(|m| m.count_ones() as usize)
            .sum()
    }

    /// A 64-bit hash of the position (for de-duplicating search states).
    pub fn hash64(&self) -> u64 {
        let mut h = 0x9E37_79B9_7F4A_7C15u64;
        for (i, &m) in self.masks.iter().enumerate() {
            h = (h ^ m.wrapping_add(i as u64)).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
            h ^= h >> 29;
        }
        h
    }

    /// Calls `f` with every cluster of two or more balls, by colour, then
    /// column, then row of its anchor.
    pub fn for_each_cluster(&self, flood: &mut Flood, mut f: impl FnMut(Removal)) {
        for k in 0..self.colors {
            self.for_each_cluster_of(k, flood, &mut f);
        }
    }

    /// Calls `f` with every cluster of two or more balls of colour index k
    /// (0-based), by column, then row of its anchor.
    pub fn for_each_cluster_of(&self, k: usize, flood: &mut Flood, mut f: impl FnMut(Removal)) {
        const K: usize = LANES - 1;
        let stride = self.width + 2;
        flood.load(&self.masks[k * stride..(k + 1) * stride]);
        for c in 1..self.used + 1 {
            let m = &flood.m;
            flood.rem[c & K] = paired(m[(c - 1) & K], m[c & K], m[(c + 1) & K]);
        }
        for c in 1..self.used + 1 {
            while flood.rem[c & K] != 0 {
                let seed = flood.rem[c & K] & flood.rem[c & K].wrapping_neg();
                let (size, lo, hi) = flood.grow(c, seed);
                for j in lo..hi + 1 {
                    flood.rem[j & K] &= !flood.cur[j & K];
                    flood.cur[j & K] = 0;
                }
                f(Removal {
                    anchor: Cell::new(c - 1, seed.trailing_zeros() as usize),
                    size,
                    color: k as u8 + 1,
                });
            }
        }
    }

    /// A cluster of two or more balls chosen uniformly at random among those
    /// of every colour but colour index `skip` (0-based), or among `skip`'s
    /// when no other colour has one; `None` when there is no move. `below(n)`
    /// must return a uniform random number in 0..n. Its `anchor` is a random
    /// ball of the cluster, not necessarily the anchor.
    ///
    /// It draws a random ball with a neighbour of its colour and keeps its
    /// cluster with probability 2 / size (so every cluster is as likely),
    /// which floods about half a cluster's size in clusters per call instead
    /// of every cluster on the board.
    pub fn random_cluster(
        &self,
        skip: usize,
        flood: &mut Flood,
        mut below: impl FnMut(u64) -> u64,
    ) -> Option<Removal> {
        const K: usize = LANES - 1;
        let stride = self.width + 2;
        let used = self.used;
        // The column first: its bounds check covers the others' (and the
        // solver's play-outs on large boards measured the difference).
        let paired = |m: &[u64], c: usize| {
            let x = m[c];
            paired(m[c - 1], x, m[c + 1])
        };
        let mut counts = [0u64; super::board::MAX_COLORS as usize];
        for pass in 0..2 {
            let mut total = 0;
            for (k, count) in counts[..self.colors].iter_mut().enumerate() {
                if (k == skip) != (pass == 1) {
                    continue;
                }
                let m = &self.masks[k * stride..(k + 1) * stride];
                *count = (1..used + 1)
                    .map(|c| paired(m, c).count_ones() as u64)
                    .sum();
                total += *count;
            }
            if total == 0 {
                continue;
            }
            loop {
                // The ball: colour, then column, then bit.
                let mut r = below(total);
                let mut k = 0;
                while (k == skip) != (pass == 1) || r >= counts[k] {
                    if (k == skip) == (pass == 1) {
                        r -= counts[k];
                    }
                    k += 1;
                }
                let m = &self.masks[k * stride..(k + 1) * stride];
                let mut c = 1;
                let mut bits = paired(m, c);
                while r >= bits.count_ones() as u64 {
                    r -= bits.count_ones() as u64;
                    c += 1;
                    bits = paired(m, c);
                }
                for _ in 0..r {
                    bits &= bits - 1;
                }
                let bit = bits & bits.wrapping_neg();
                flood.load(m);
                let (size, lo, hi) = flood.grow(c, bit);
                for j in lo..hi + 1 {
                    flood.cur[j & K] = 0;
                }
                if size == 2 || below(size as u64) < 2 {
                    return Some(Removal {
                        anchor: Cell::new(c - 1, bit.trailing_zeros() as usize),
                        size,
                        color: k as u8 + 1,
                    });
                }
            }
        }
        None
    }

    /// The greedy move of POJ 1027 (largest cluster; then leftmost column;
    /// then bottommost ball), or `None` when no cluster of two is left.
    pub fn greedy(&self, flood: &mut Flood) -> Option<Removal> {
        const K: usize = LANES - 1;
        let stride = self.width + 2;
        // The best so far as one number: size, then leftmost, then bottommost.
        let mut best = 0u64;
        let mut best_color = 0;
        for k in 0..self.colors {
            flood.load(&self.masks[k * stride..(k + 1) * stride]);
            let (m, rem) = (&flood.m, &mut flood.rem);
            // Balls with a neighbour of their colour; the rest are alone.
            for c in 1..self.used + 1 {
                rem[c & K] = paired(m[(c - 1) & K], m[c & K], m[(c + 1) & K]);
            }
            // A cluster crosses from a column to the next only where both
            // hold its colour in one row, so it lies within one stretch of
            // columns linked that way; a stretch whose unflooded balls cannot
            // make a cluster as large as the best is skipped whole.
            let mut c = 1;
            while c <= self.used {
                let mut end = c;
                let mut left = flood.rem[c & K].count_ones() as usize;
                while end < self.used && flood.m[end & K] & flood.m[(end + 1) & K] != 0 {
                    end += 1;
                    left += flood.rem[end & K].count_ones() as usize;
                }
                'stretch: for j in c..end + 1 {
                    while flood.rem[j & K] != 0 {
                        if (left as u64) < best >> 16 {
                            break 'stretch;
                        }
                        let seed = flood.rem[j & K] & flood.rem[j & K].wrapping_neg();
                        let (size, lo, hi) = flood.grow(j, seed);
                        left -= size;
                        for i in lo..hi + 1 {
                            flood.rem[i & K] &= !flood.cur[i & K];
                            flood.cur[i & K] = 0;
                        }
                        let key = greedy_key(size, j, seed.trailing_zeros());
                        if key > best {
                            best = key;
                            best_color = k as u8 + 1;
                        }
                    }
                }
                c = end + 1;
            }
            flood.rem[..self.used + 2].fill(0);
        }
        (best != 0).then(|| {
            let (size, c, row) = key_parts(best);
            Removal {
                anchor: Cell::new(c - 1, row),
                size,
                color: best_color,
            }
        })
    }

    /// Removes the cluster at `cell` (which must hold a ball of a cluster of
    /// two or more), lets balls fall and closes empty columns. Returns its
    /// size. ([`SameGameBoard::remove_cluster`] checks the cell first.)
    pub fn remove(&mut self, cell: Cell, flood: &mut Flood) -> usize {
        let stride = self.width + 2;
        let c0 = cell.col as usize + 1;
        let bit = 1u64 << cell.row;
        let k = (0..self.colors)
            .find(|k| self.masks[k * stride + c0] & bit != 0)
            .expect("the cell holds a ball");
        flood.load(&self.masks[k * stride..(k + 1) * stride]);
        let (size, lo, hi) = flood.grow(c0, bit);
        self.take(lo, hi, flood);
        size
    }

    /// Removes the balls flooded in `flood.cur` (padded columns `lo..=hi`,
    /// cleared on the way), lets balls fall and closes empty columns.
    #[inline(always)]
    fn take(&mut self, lo: usize, hi: usize, flood: &mut Flood) {
        let stride = self.width + 2;
        let mut emptied = false;
        for c in lo..=hi {
            let gone = std::mem::take(&mut flood.cur[c]);
            let mut occupied = 0;
            for j in 0..self.colors {
                let m = &mut self.masks[j * stride + c];
                *m = squeeze::<false, 64, 1>(*m, gone);
                occupied |= *m;
            }
            emptied |= occupied == 0;
        }
        // Closing columns moves a column of every colour's masks; the packed
        // engine keeps a column in one word and closes it in one move.
        if emptied {
            let mut to = 1;
            for from in 1..=self.used {
                if (0..self.colors).all(|j| self.masks[j * stride + from] == 0) {
                    continue;
                }
                if from != to {
                    for j in 0..self.colors {
                        self.masks[j * stride + to] = self.masks[j * stride + from];
                        self.masks[j * stride + from] = 0;
                    }
                }
                to += 1;
            }
            self.used = to - 1;
        }
    }
}

impl SameGameBoard for BitBoard {
    type Scratch = Flood;

    fn from_board(board: &Board) -> Option<BitBoard> {
        Some(BitBoard::from_board(board))
    }

    fn width(&self) -> usize {
        self.width
    }

    fn height(&self) -> usize {
        self.height
    }

    fn get(&self, col: usize, row: usize) -> u8 {
        BitBoard::get(self, col, row)
    }

    fn balls(&self) -> usize {
        BitBoard::balls(self)
    }

    fn for_each_cluster(&self, flood: &mut Flood, f: impl FnMut(Removal)) {
        BitBoard::for_each_cluster(self, flood, f)
    }

    fn remove_cluster(&mut self, cell: Cell, flood: &mut Flood) -> Result<Removal, MoveError> {
        let color = self.ball(cell)?;
        let k = color as usize - 1;
        let stride = self.width + 2;
        flood.load(&self.masks[k * stride..(k + 1) * stride]);
        let (size, lo, hi) = flood.grow(cell.col as usize + 1, 1 << cell.row);
        if size < 2 {
            flood.cur[lo] = 0;
            return Err(MoveError::SingleBall);
        }
        let anchor = Cell::new(lo - 1, flood.cur[lo].trailing_zeros() as usize);
        self.take(lo, hi, flood);
        Ok(Removal {
            color,
            size,
            anchor,
        })
    }

    fn greedy(&self, flood: &mut Flood) -> Option<Removal> {
        BitBoard::greedy(self, flood)
    }
}
