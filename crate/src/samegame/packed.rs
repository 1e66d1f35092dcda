//! The POJ 1027 judge's engine: a 15 × 10 board of three colours packed one
//! 64-bit word per column, each colour in a 16-bit lane (bit `16k + r` is a
//! ball of colour k + 1 in row r). One word holds a column of every colour,
//! so the isolated-ball pass, the floods and gravity work on all colours at
//! once; lanes never mix because rows 10–15 of every lane stay empty (the
//! carry of a run fill stops there, and shifts across a lane boundary are
//! masked off).
//!
//! It plays by exactly the rules of [`Board`] and its greedy choice is
//! exactly [`greedy_choice`](super::greedy_choice) (the conformance tests
//! replay random games on both); it exists because the judge plays hundreds
//! of thousands of moves.

use super::board::{Board, Cell, MoveError, Removal};
use super::columns::{greedy_key, grow, key_parts, paired, squeeze};
use super::repr::SameGameBoard;

/// Columns.
pub const WIDTH: usize = 15;
/// Rows.
pub const HEIGHT: usize = 10;
/// Colours.
pub const COLORS: usize = 3;

/// The rows of one lane.
const ROWS: u64 = (1 << HEIGHT) - 1;
/// Multiplying a lane-0 value by this copies it into every lane.
const REPEAT: u64 = 1 | 1 << 16 | 1 << 32;
/// The top bit of every lane.
const HIGH: u64 = 0x8000 * REPEAT;
/// Padded columns: one empty column on each side.
const PAD: usize = 32;
/// Indices are masked with this, so the compiler needs no bounds checks.
const M: usize = PAD - 1;
const _: () = assert!(WIDTH + 2 <= PAD);

/// A settled position: `cols[c + 1]` is column c; `cols[0]` and every
/// column right of the used ones are empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedBoard {
    cols: [u64; PAD],
    used: usize,
}

/// Scratch space for the greedy scan; it also remembers the balls of the
/// last chosen cluster so [`PackedBoard::remove_choice`] need not flood
/// again.
#[derive(Clone, Debug, Default)]
pub struct PackedScan {
    cur: [u64; PAD],
    rem: [u64; PAD],
    best: [u64; PAD],
    tot: [u64; PAD],
    /// Per column of the position being played: balls with a neighbour of
    /// their colour, their number per lane, and the lanes in which the
    /// column and the next share a row (a cluster can cross there and only
    /// there). Kept up to date by `remove_choice_with`.
    paired: [u64; PAD],
    count: [u64; PAD],
    link: [u64; PAD],
    best_lo: usize,
    best_hi: usize,
    others: [(u32, usize, usize); 2],
}

/// Every bit of `m` in the same vertical run (within a lane) as a bit of
/// `seed` ⊆ m. Runs are at most 10 long, so four doubling steps fill down.
#[inline(always)]
fn runs_through(m: u64, seed: u64) -> u64 {
    crate::bitrun::runs_through_short::<16>(m, seed)
}

/// Per four bits, the number of set bits (up to three such words may be
/// added before the count of a nibble could overflow).
#[inline(always)]
fn quarter_counts(x: u64) -> u64 {
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333)
}

/// Per lane, the number of set bits.
#[inline(always)]
fn lane_counts(x: u64) -> u64 {
    let x = quarter_counts(x);
    let x = (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    (x + (x >> 8)) & 0x00FF_00FF_00FF_00FF
}

/// Every bit of each lane in which `x` (bits 0–14 of a lane at most) is
/// not zero.
#[inline(always)]
fn nonzero_lanes(x: u64) -> u64 {
    (((x + 0x7FFF * REPEAT) & (0x8000 * REPEAT)) >> 15) * 0xFFFF
}

/// The `bias` for [`lanes_at_least`] of counts of at least `n` (at most
/// 0x8000).
#[inline(always)]
fn at_least_bias(n: u32) -> u64 {
    (0x8000 - n as u64) * REPEAT
}

/// Every bit of each lane in which the count `x` (below 0x8000) is at
/// least the `n` of `bias` = [`at_least_bias`]`(n)`.
#[inline(always)]
fn lanes_at_least(x: u64, bias: u64) -> u64 {
    (((x + bias) & HIGH) >> 15) * 0xFFFF
}

impl PackedScan {
    /// Works out the per-column facts of `board` from scratch, for
    /// [`PackedBoard::greedy_from`].
    #[inline(always)]
    pub(crate) fn prepare(&mut self, board: &PackedBoard) {
        for c in 1..board.used + 1 {
            self.column(&board.cols, c);
        }
    }

    #[inline(always)]
    fn column(&mut self, cols: &[u64; PAD], c: usize) {
        let x = cols[c & M];
        let r = paired(cols[(c - 1) & M], x, cols[(c + 1) & M]);
        self.paired[c & M] = r;
        self.count[c & M] = lane_counts(r);
        self.link[c & M] = nonzero_lanes(x & cols[(c + 1) & M]);
    }
}

impl PackedBoard {
    /// The full board of `rows` (top row first, colours 1..=3).
    #[inline(always)]
    pub fn from_rows(rows: &[[u8; WIDTH]; HEIGHT]) -> PackedBoard {
        let mut cols = [0u64; PAD];
        for (r, row) in rows.iter().enumerate() {
            let bit = 1u64 << (HEIGHT - 1 - r);
            for (c, &v) in row.iter().enumerate() {
                if v != 0 {
                    cols[c + 1] |= bit << (16 * (v as u32 - 1));
                }
            }
        }
        let used = (1..=WIDTH).rev().find(|&c| cols[c] != 0).unwrap_or(0);
        PackedBoard { cols, used }
    }

    /// The position of a settled 15 × 10 `board` of at most three colours.
    pub fn from_board(board: &Board) -> Option<PackedBoard> {
        if board.width() != WIDTH || board.height() != HEIGHT || board.colors() as usize > COLORS {
            return None;
        }
        let mut cols = [0u64; PAD];
        for (c, w) in cols[1..=WIDTH].iter_mut().enumerate() {
            for r in 0..HEIGHT {
                let v = board.get(c, r);
                if v != 0 {
                    *w |= 1 << (16 * (v as u32 - 1) + r as u32);
                }
            }
        }
        Some(PackedBoard {
            cols,
            used: board.used_width(),
        })
    }

    /// The colour at (col, row), 0 when empty.
    pub fn get(&self, col: usize, row: usize) -> u8 {
        let w = self.cols[col + 1] >> row;
        (0..COLORS)
            .find(|k| w >> (16 * k) & 1 != 0)
            .map_or(0, |k| k as u8 + 1)
    }

    /// Number of balls.
    #[inline(always)]
    pub fn balls(&self) -> usize {
        self.cols.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The greedy move of POJ 1027 (largest cluster; then the leftmost
    /// column; then the bottommost ball of it), or `None` when no cluster of
    /// two is left. Remembers the cluster's balls in `scan`.
    #[inline(always)]
    pub fn greedy(&self, scan: &mut PackedScan) -> Option<Removal> {
        scan.prepare(self);
        self.greedy_from(scan, 0)
    }

    /// [`greedy`](Self::greedy) with `scan` prepared for this position
    /// ([`PackedScan::prepare`], then kept by [`remove_choice_with`]),
    /// knowing that some cluster of it has `at_least` balls (as
    /// [`remove_choice_with`] tells), so stretches with fewer balls need no
    /// flood from the start.
    ///
    /// [`remove_choice_with`]: Self::remove_choice_with
    #[inline(always)]
    pub(crate) fn greedy_from(&self, scan: &mut PackedScan, at_least: u32) -> Option<Removal> {
        let cols = &self.cols;
        let used = self.used;
        let PackedScan {
            cur,
            rem,
            best: best_balls,
            tot,
            paired,
            count,
            link,
            ..
        } = scan;
        // The balls to flood from (`rem`), and per lane how many balls with
        // a neighbour lie from each column to the end of its stretch of
        // linked columns.
        *rem = *paired;
        tot[used & M] = count[used & M];
        for c in (1..used).rev() {
            tot[c & M] = count[c & M] + (tot[(c + 1) & M] & link[c & M]);
        }
        // The best so far as one number: size, then leftmost, then bottommost.
        let mut best = 0u64;
        let mut best_size = 0u32;
        let mut best_color = 0usize;
        let (mut best_lo, mut best_hi) = (0, 0);
        // The least size worth a flood, and the two largest clusters other
        // than the best (size, first and last column): one of them may
        // survive the move and give the next scan its `at_least`.
        let mut floor = at_least;
        let mut bias = at_least_bias(floor);
        let mut others = [(0u32, 0usize, 0usize); 2];
        // Per lane, the balls not yet flooded in the current stretch: a
        // bound on the size of any cluster still to be found there.
        let mut left = 0u64;
        for c0 in 1..used + 1 {
            left = (left & link[(c0 - 1) & M]) | (tot[c0 & M] & !link[(c0 - 1) & M]);
            loop {
                let open = rem[c0 & M] & lanes_at_least(left, bias);
                if open == 0 {
                    break;
                }
                // The lowest open ball of each lane: each is the anchor of
                // its cluster (every ball left of it is flooded already, so
                // nothing of the cluster lies left of column c0). Clusters
                // of different colours never meet, so one flood grows all.
                let seeds = open & !((open | HIGH) - REPEAT);
                // Grow the clusters by sweeps right and left until a left
                // sweep adds nothing: first, in straight-line code, within
                // the three columns from c0 (most clusters fit there), then,
                // if they reach further, column by column.
                let (a, b, d) = (cols[c0 & M], cols[(c0 + 1) & M], cols[(c0 + 2) & M]);
                // Each seed is also the lowest ball of its run (a ball below
                // it in the run would belong to the same cluster, not yet
                // flooded), so filling upwards finds the whole run.
                let mut x0 = crate::bitrun::fill_up(a, seeds);
                debug_assert_eq!(x0, runs_through(a, seeds));
                let mut x1 = runs_through(b, x0 & b);
                let mut x2 = runs_through(d, x1 & d);
                loop {
                    let n1 = x1 | runs_through(b, x2 & b & !x1);
                    let n0 = x0 | runs_through(a, n1 & a & !x0);
                    if n0 == x0 && n1 == x1 {
                        break;
                    }
                    x0 = n0;
                    x1 = n1 | runs_through(b, n0 & b & !n1);
                    x2 |= runs_through(d, x1 & d & !x2);
                }
                cur[c0 & M] = x0;
                cur[(c0 + 1) & M] = x1;
                cur[(c0 + 2) & M] = x2;
                let mut hi = c0 + (x1 != 0) as usize + (x2 != 0) as usize;
                let sizes = if x2 & cols[(c0 + 3) & M] == 0 {
                    let q = quarter_counts(x0) + quarter_counts(x1) + quarter_counts(x2);
                    let q = (q & 0x0F0F_0F0F_0F0F_0F0F) + ((q >> 4) & 0x0F0F_0F0F_0F0F_0F0F);
                    (q + (q >> 8)) & 0x00FF_00FF_00FF_00FF
                } else {
                    let mut from = c0 + 3;
                    loop {
                        let mut c = from;
                        from = c0 + 1;
                        loop {
                            let s = cur[(c - 1) & M] & cols[c & M] & !cur[c & M];
                            if s != 0 {
                                cur[c & M] |= runs_through(cols[c & M], s);
                                hi = hi.max(c);
                            } else if c > hi {
                                break;
                            }
                            c += 1;
                        }
                        let mut added = false;
                        for c in (c0..hi).rev() {
                            let s = cur[(c + 1) & M] & cols[c & M] & !cur[c & M];
                            if s != 0 {
                                cur[c & M] |= runs_through(cols[c & M], s);
                                added = true;
                            }
                        }
                        if !added {
                            break;
                        }
                    }
                    let mut sizes = 0;
                    for c in c0..hi + 1 {
                        sizes += lane_counts(cur[c & M]);
                    }
                    sizes
                };
                left -= sizes;
                let mut each = seeds;
                while each != 0 {
                    let bit = each.trailing_zeros();
                    each &= each - 1;
                    let (k, row) = ((bit / 16) as usize, bit % 16);
                    let size = (sizes >> (16 * k) & 0xFFFF) as u32;
                    let key = greedy_key(size as usize, c0, row);
                    let mut other = (size, c0, hi);
                    if key > best {
                        other = (best_size, best_lo, best_hi);
                        best = key;
                        best_size = size;
                        best_color = k;
                        floor = floor.max(size);
                        bias = at_least_bias(floor);
                        if hi <= c0 + 2 {
                            best_balls[c0 & M] = x0;
                            best_balls[(c0 + 1) & M] = x1;
                            best_balls[(c0 + 2) & M] = x2;
                        } else {
                            *best_balls = *cur;
                        }
                        (best_lo, best_hi) = (c0, hi);
                    }
                    if other.0 > others[1].0 {
                        if other.0 > others[0].0 {
                            others[1] = others[0];
                            others[0] = other;
                        } else {
                            others[1] = other;
                        }
                    }
                }
                if hi <= c0 + 2 {
                    rem[c0 & M] &= !x0;
                    rem[(c0 + 1) & M] &= !x1;
                    rem[(c0 + 2) & M] &= !x2;
                    cur[c0 & M] = 0;
                    cur[(c0 + 1) & M] = 0;
                    cur[(c0 + 2) & M] = 0;
                } else {
                    for c in c0..hi + 1 {
                        rem[c & M] &= !cur[c & M];
                        cur[c & M] = 0;
                    }
                }
            }
        }
        scan.best_lo = best_lo;
        scan.best_hi = best_hi;
        scan.others = others;
        (best != 0).then(|| Removal {
            anchor: {
                let (_, c, row) = key_parts(best);
                Cell::new(c - 1, row)
            },
            size: best_size as usize,
            color: best_color as u8 + 1,
        })
    }

    /// Removes the cluster the last [`greedy`](Self::greedy) call on this
    /// position chose, lets balls fall and closes empty columns.
    #[inline(always)]
    pub fn remove_choice(&mut self, choice: &Removal, scan: &mut PackedScan) {
        self.remove_choice_with::<false>(choice, scan);
    }

    /// [`remove_choice`](Self::remove_choice), with BMI2's `pext` when
    /// `PEXT` (only for callers that checked the processor has it). Returns
    /// the size of a cluster the new position is known to hold (0 if none
    /// is known): one the scan flooded at least two columns away from the
    /// removed one, which the move cannot have touched.
    #[inline(always)]
    pub(crate) fn remove_choice_with<const PEXT: bool>(
        &mut self,
        choice: &Removal,
        scan: &mut PackedScan,
    ) -> u32 {
        let (lo, hi) = (scan.best_lo, scan.best_hi);
        let mut known = 0;
        for &(size, a, b) in &scan.others {
            if b + 1 < lo || a > hi + 1 {
                known = known.max(size);
            }
        }
        let used_before = self.used;
        self.take::<PEXT>(&scan.best, choice.color, lo, hi);
        // Only columns lo - 1 ..= hi + 1 changed their facts; those right of
        // them moved left by the number of emptied columns.
        let gone = used_before - self.used;
        let first = lo.max(2) - 1;
        let last = (hi + 1 - gone).min(self.used);
        for c in first..last + 1 {
            scan.column(&self.cols, c);
        }
        if gone > 0 {
            for c in last + 1..self.used + 1 {
                scan.paired[c & M] = scan.paired[(c + gone) & M];
                scan.count[c & M] = scan.count[(c + gone) & M];
                scan.link[c & M] = scan.link[(c + gone) & M];
            }
        }
        known
    }

    /// Removes the balls of colour `color` (1-based) set in `gone`'s padded
    /// columns `lo..=hi`, lets balls fall and closes empty columns.
    // A plain range, as in the judge's other hot loops.
    #[allow(clippy::needless_range_loop)]
    #[inline(always)]
    fn take<const PEXT: bool>(&mut self, gone: &[u64; PAD], color: u8, lo: usize, hi: usize) {
        let shift = 16 * (color as u32 - 1);
        let mut emptied = false;
        for c in lo..hi + 1 {
            let w = squeeze::<PEXT, 16, 3>(self.cols[c], gone[c] >> shift & ROWS);
            self.cols[c] = w;
            emptied |= w == 0;
        }
        // A column is one word here, so closing moves words; the general
        // bitboard moves a column of each colour's masks.
        if emptied {
            let mut to = 1;
            for from in 1..self.used + 1 {
                let w = self.cols[from];
                if w != 0 {
                    self.cols[to] = w;
                    to += 1;
                }
            }
            for c in to..self.used + 1 {
                self.cols[c & M] = 0;
            }
            self.used = to - 1;
        }
    }
}

/// The packed engine through the common trait. Its scratch is the greedy
/// scan's: [`remove_cluster`](SameGameBoard::remove_cluster) floods in it
/// and leaves it unprepared, which [`PackedBoard::greedy`] does not mind (it
/// prepares the scan itself).
impl SameGameBoard for PackedBoard {
    type Scratch = PackedScan;

    fn from_board(board: &Board) -> Option<PackedBoard> {
        PackedBoard::from_board(board)
    }

    fn width(&self) -> usize {
        WIDTH
    }

    fn height(&self) -> usize {
        HEIGHT
    }

    fn get(&self, col: usize, row: usize) -> u8 {
        PackedBoard::get(self, col, row)
    }

    fn balls(&self) -> usize {
        PackedBoard::balls(self)
    }

    /// By column, then colour, then row of the anchor.
    fn for_each_cluster(&self, scan: &mut PackedScan, mut f: impl FnMut(Removal)) {
        let cols = &self.cols;
        let mut rem = [0u64; PAD];
        for c in 1..self.used + 1 {
            rem[c] = paired(cols[c - 1], cols[c], cols[c + 1]);
        }
        for c in 1..self.used + 1 {
            while rem[c] != 0 {
                let seed = rem[c] & rem[c].wrapping_neg();
                let (size, lo, hi) = grow::<PAD, 16>(cols, &mut scan.cur, c, seed);
                for (r, x) in rem[lo..hi + 1].iter_mut().zip(&mut scan.cur[lo..hi + 1]) {
                    *r &= !std::mem::take(x);
                }
                let bit = seed.trailing_zeros();
                f(Removal {
                    color: (bit / 16) as u8 + 1,
                    size,
                    anchor: Cell::new(c - 1, (bit % 16) as usize),
                });
            }
        }
    }

    fn remove_cluster(&mut self, cell: Cell, scan: &mut PackedScan) -> Result<Removal, MoveError> {
        let color = self.ball(cell)?;
        let seed = 1u64 << (16 * (color as u32 - 1) + cell.row as u32);
        let (size, lo, hi) =
            grow::<PAD, 16>(&self.cols, &mut scan.cur, cell.col as usize + 1, seed);
        let removal = if size < 2 {
            Err(MoveError::SingleBall)
        } else {
            let anchor = Cell::new(lo - 1, (scan.cur[lo].trailing_zeros() % 16) as usize);
            self.take::<false>(&scan.cur, color, lo, hi);
            Ok(Removal {
                color,
                size,
                anchor,
            })
        };
        scan.cur[lo..hi + 1].fill(0);
        removal
    }

    fn greedy(&self, scan: &mut PackedScan) -> Option<Removal> {
        PackedBoard::greedy(self, scan)
    }

    /// The greedy move removed by [`PackedBoard::remove_choice`], which needs
    /// no second flood.
    fn play_greedy(&mut self, scan: &mut PackedScan) -> Option<Removal> {
        let choice = PackedBoard::greedy(self, scan)?;
        self.remove_choice(&choice, scan);
        Some(choice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_stay_in_their_lane() {
        let m = ROWS | ROWS << 16;
        assert_eq!(runs_through(m, 1 << 16), ROWS << 16);
        assert_eq!(runs_through(m, 1 << 9), ROWS);
    }
}
