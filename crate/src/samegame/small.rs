//! A fixed-size bitboard for the solver's play-outs: boards of at most
//! 16 × 16 cells (the standard benchmark is 15 × 15), one 256-bit mask per
//! colour with column c in bits 16c..16c + 15 (row r = bit r of the lane).
//! Neighbours of a whole mask are four shifts, so the balls that have a
//! neighbour of their colour, floods and the counts a random move needs
//! take a few dozen word operations per colour, with no loop over columns
//! and no heap: a position is a plain value, cheap to copy.
//!
//! It plays by exactly the rules of [`Board`] (the tests replay random games
//! on both and compare).

use super::board::{Board, Cell, MoveError, Removal, MAX_COLORS};
use super::repr::SameGameBoard;

/// Largest side a [`SmallBoard`] holds.
pub const SMALL_SIDE: usize = 16;

type Wide = [u64; 4];

/// Bit 0 of every 16-bit lane (row 0 of every column).
const ROW0: u64 = 0x0001_0001_0001_0001;
/// Bit 15 of every lane.
const ROW15: u64 = ROW0 << 15;

#[inline(always)]
fn or(a: Wide, b: Wide) -> Wide {
    [a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]]
}

#[inline(always)]
fn and(a: Wide, b: Wide) -> Wide {
    [a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]]
}

#[inline(always)]
fn andnot(a: Wide, b: Wide) -> Wide {
    [a[0] & !b[0], a[1] & !b[1], a[2] & !b[2], a[3] & !b[3]]
}

#[inline(always)]
fn is_zero(a: Wide) -> bool {
    (a[0] | a[1] | a[2] | a[3]) == 0
}

#[inline(always)]
fn count(a: Wide) -> u32 {
    a[0].count_ones() + a[1].count_ones() + a[2].count_ones() + a[3].count_ones()
}

/// Every ball's four neighbours (within the 16 × 16 square).
#[inline(always)]
fn neighbours(a: Wide) -> Wide {
    let mut n = [0; 4];
    for i in 0..4 {
        let up = (a[i] << 1) & !ROW0;
        let down = (a[i] >> 1) & !ROW15;
        let right = (a[i] << 16) | if i > 0 { a[i - 1] >> 48 } else { 0 };
        let left = (a[i] >> 16) | if i < 3 { a[i + 1] << 48 } else { 0 };
        n[i] = up | down | right | left;
    }
    n
}

/// The balls of `a` with a neighbour in `a`.
#[inline(always)]
fn paired(a: Wide) -> Wide {
    and(a, neighbours(a))
}

/// The cluster of `colour` that holds `seed`.
#[inline(always)]
fn flood(colour: Wide, seed: Wide) -> Wide {
    // Four named words keep the loop in registers.
    let [c0, c1, c2, c3] = colour;
    let [mut x0, mut x1, mut x2, mut x3] = seed;
    loop {
        let vert = |x: u64| ((x << 1) & !ROW0) | ((x >> 1) & !ROW15) | (x << 16) | (x >> 16);
        let n0 = (x0 | vert(x0) | (x1 << 48)) & c0;
        let n1 = (x1 | vert(x1) | (x0 >> 48) | (x2 << 48)) & c1;
        let n2 = (x2 | vert(x2) | (x1 >> 48) | (x3 << 48)) & c2;
        let n3 = (x3 | vert(x3) | (x2 >> 48)) & c3;
        if (n0 ^ x0) | (n1 ^ x1) | (n2 ^ x2) | (n3 ^ x3) == 0 {
            return [x0, x1, x2, x3];
        }
        (x0, x1, x2, x3) = (n0, n1, n2, n3);
    }
}

/// [`flood`] from the single ball at bit `index`: first within the ball's
/// 64-bit word (four columns), with one word's operations a step; the whole
/// mask's flood runs only when that cluster touches a ball of the colour in
/// a neighbouring word. Most clusters lie within one word.
#[inline(always)]
fn flood_bit(colour: Wide, index: usize) -> Wide {
    let i = index / 64;
    let c = colour[i];
    let mut x = 1u64 << (index % 64);
    loop {
        let n = (x | ((x << 1) & !ROW0) | ((x >> 1) & !ROW15) | (x << 16) | (x >> 16)) & c;
        if n == x {
            break;
        }
        x = n;
    }
    // The word's first column borders the previous word's last, its last
    // column the next word's first.
    let below = if i > 0 { (x << 48) & colour[i - 1] } else { 0 };
    let above = if i < 3 { (x >> 48) & colour[i + 1] } else { 0 };
    let mut out = [0; 4];
    out[i] = x;
    if below | above == 0 {
        out
    } else {
        flood(colour, out)
    }
}

/// The mask of bit `index` alone.
#[inline(always)]
fn single(index: usize) -> Wide {
    let mut a = [0; 4];
    a[index / 64] = 1 << (index % 64);
    a
}

/// The lowest set bit of `a` (which is not empty) as a mask and its index.
#[inline(always)]
fn lowest(a: Wide) -> (Wide, u32) {
    let mut out = [0; 4];
    for i in 0..4 {
        if a[i] != 0 {
            out[i] = a[i] & a[i].wrapping_neg();
            return (out, i as u32 * 64 + a[i].trailing_zeros());
        }
    }
    unreachable!("lowest of an empty mask")
}

/// Index of the `r`-th (0-based) set bit of `w` (which has more than `r`).
#[inline(always)]
fn select(mut w: u64, mut r: u32) -> u32 {
    let mut pos = 0;
    for half in [32u32, 16, 8] {
        let low = w & ((1u64 << half) - 1);
        let n = low.count_ones();
        if r >= n {
            r -= n;
            w >>= half;
            pos += half;
        } else {
            w = low;
        }
    }
    for _ in 0..r {
        w &= w - 1;
    }
    pos + w.trailing_zeros()
}

/// The cell of bit `index`.
#[inline(always)]
fn cell_of(index: u32) -> Cell {
    Cell::new((index / 16) as usize, (index % 16) as usize)
}

/// A settled Same Game position of at most 16 × 16 cells as 256-bit colour
/// masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SmallBoard {
    width: u8,
    height: u8,
    colors: u8,
    /// Non-empty columns (always the leftmost ones).
    used: u8,
    masks: [Wide; MAX_COLORS as usize],
}

impl SmallBoard {
    /// The small board of `board`, or `None` when a side exceeds
    /// [`SMALL_SIDE`].
    pub fn from_board(board: &Board) -> Option<SmallBoard> {
        if board.width() > SMALL_SIDE || board.height() > SMALL_SIDE {
            return None;
        }
        let mut masks = [[0u64; 4]; MAX_COLORS as usize];
        for col in 0..board.width() {
            for row in 0..board.height() {
                let v = board.get(col, row);
                if v != 0 {
                    let bit = col * 16 + row;
                    masks[v as usize - 1][bit / 64] |= 1 << (bit % 64);
                }
            }
        }
        Some(SmallBoard {
            width: board.width() as u8,
            height: board.height() as u8,
            colors: board.colors(),
            used: board.used_width() as u8,
            masks,
        })
    }

    /// Number of colours.
    pub fn colors(&self) -> usize {
        self.colors as usize
    }

    /// Number of balls.
    pub fn balls(&self) -> usize {
        self.masks[..self.colors()]
            .iter()
            .map(|&m| count(m) as usize)
            .sum()
    }

    /// Balls of colour index k (0-based).
    pub fn color_count(&self, k: usize) -> usize {
        count(self.masks[k]) as usize
    }

    /// The colour at (col, row), 0 when empty.
    pub fn get(&self, col: usize, row: usize) -> u8 {
        let bit = col * 16 + row;
        (0..self.colors())
            .find(|&k| self.masks[k][bit / 64] >> (bit % 64) & 1 != 0)
            .map_or(0, |k| k as u8 + 1)
    }

    /// A 64-bit hash of the position (for de-duplicating search states).
    #[inline(always)]
    pub fn hash64(&self) -> u64 {
        let mut h = 0x9E37_79B9_7F4A_7C15u64;
        for m in &self.masks[..self.colors()] {
            for &w in m {
                h = (h ^ w).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
                h ^= h >> 31;
            }
        }
        h
    }

    /// Calls `f` with every cluster of two or more balls, by colour, then
    /// column, then row of its anchor (its bottommost ball in its leftmost
    /// column).
    #[inline(always)]
    pub fn for_each_cluster(&self, mut f: impl FnMut(Removal)) {
        for k in 0..self.colors() {
            let m = self.masks[k];
            let mut rem = paired(m);
            while !is_zero(rem) {
                let (_, index) = lowest(rem);
                let c = flood_bit(m, index as usize);
                rem = andnot(rem, c);
                f(Removal {
                    anchor: cell_of(index),
                    size: count(c) as usize,
                    color: k as u8 + 1,
                });
            }
        }
    }

    /// Removes the cluster at `cell` (which must hold a ball of a cluster of
    /// two or more), lets balls fall and closes empty columns. Returns its
    /// size.
    pub fn remove(&mut self, cell: Cell) -> usize {
        self.remove_with::<false>(cell)
    }

    /// [`SmallBoard::remove`], with the BMI2 `pext`/`pdep` instructions for
    /// gravity when `PEXT` (only for callers that checked the processor has
    /// them).
    #[inline(always)]
    pub(crate) fn remove_with<const PEXT: bool>(&mut self, cell: Cell) -> usize {
        let bit = cell.col as usize * 16 + cell.row as usize;
        let seed = single(bit);
        let k = (0..self.colors())
            .find(|&k| !is_zero(and(self.masks[k], seed)))
            .expect("the cell holds a ball");
        let c = flood_bit(self.masks[k], bit);
        self.remove_mask::<PEXT>(k, c);
        count(c) as usize
    }

    /// Removes the cluster at `cell` if the cell holds a ball of `color`
    /// (1-based) in a cluster of two or more, as [`SmallBoard::remove_with`];
    /// its size, or `None` (and no change) when it does not.
    #[inline(always)]
    pub(crate) fn try_remove_with<const PEXT: bool>(
        &mut self,
        cell: Cell,
        color: u8,
    ) -> Option<usize> {
        let k = (color as usize)
            .checked_sub(1)
            .filter(|&k| k < self.colors())?;
        let (col, row) = (cell.col as usize, cell.row as usize);
        if col >= SMALL_SIDE || row >= SMALL_SIDE {
            return None;
        }
        let bit = col * 16 + row;
        if self.masks[k][bit / 64] >> (bit % 64) & 1 == 0 {
            return None;
        }
        let c = flood_bit(self.masks[k], bit);
        let size = count(c) as usize;
        if size < 2 {
            return None;
        }
        self.remove_mask::<PEXT>(k, c);
        Some(size)
    }

    /// Removes the balls `gone` of colour index k, lets balls fall and closes
    /// empty columns; with BMI2 for gravity when `PEXT`.
    #[inline(always)]
    fn remove_mask<const PEXT: bool>(&mut self, k: usize, gone: Wide) {
        let colors = self.colors();
        self.masks[k] = andnot(self.masks[k], gone);
        for i in 0..4 {
            let g0 = gone[i];
            if g0 == 0 {
                continue;
            }
            #[cfg(target_arch = "x86_64")]
            if PEXT {
                use std::arch::x86_64::{_pdep_u64, _pext_u64};
                // Each lane keeps its other rows, packed to its bottom.
                let mut low = 0;
                for lane in 0..4 {
                    let g = (g0 >> (16 * lane) & 0xFFFF).count_ones();
                    low |= (0xFFFFu64 >> g) << (16 * lane);
                }
                for m in &mut self.masks[..colors] {
                    // SAFETY: with PEXT the caller has checked that the
                    // processor has BMI2 (see `solver::solve`).
                    m[i] = unsafe { _pdep_u64(_pext_u64(m[i], !g0), low) };
                }
                continue;
            }
            // Each run of removed cells in a column, from the top down, lets
            // the cells above it drop by its length (the run's cells are
            // empty in every mask by now).
            let mut g = g0;
            while g != 0 {
                let p = 63 - g.leading_zeros();
                // The run's length: set bits from p down, within the lane.
                let in_lane = (p & 15) + 1;
                let run = (!(g << (63 - p))).leading_zeros().min(in_lane);
                let lowest = p + 1 - run;
                g &= !(((1u64 << run) - 1) << lowest);
                let above = (0xFFFFu64 << (p & !15)) & (!0u64 << p << 1);
                for m in &mut self.masks[..colors] {
                    let w = m[i];
                    m[i] = (w & !above) | ((w & above) >> run);
                }
            }
        }
        // A column is empty when its bottom cell is; those left of `used`
        // close, the rightmost first. Only a column that lost its bottom
        // ball can have emptied.
        if is_zero(and(gone, [ROW0; 4])) {
            return;
        }
        let mut occupied = [0u64; 4];
        for m in &self.masks[..colors] {
            occupied = or(occupied, *m);
        }
        let used = self.used as usize;
        let mut empty = [0u64; 4];
        for i in 0..4 {
            let lanes = used.saturating_sub(i * 4).min(4);
            let in_use = if lanes == 4 {
                !0
            } else {
                (1u64 << (lanes * 16)) - 1
            };
            empty[i] = ROW0 & !occupied[i] & in_use;
        }
        if is_zero(empty) {
            return;
        }
        for i in (0..4).rev() {
            let mut e = empty[i];
            while e != 0 {
                let p = 63 - e.leading_zeros();
                e ^= 1 << p;
                let c = i * 4 + p as usize / 16;
                for m in &mut self.masks[..colors] {
                    *m = close_column(*m, c);
                }
                self.used -= 1;
            }
        }
    }

    /// A cluster of two or more balls chosen uniformly at random among those
    /// of every colour but colour index `skip` (0-based), or among `skip`'s
    /// when no other colour has one, removed from the board; `None` when
    /// there is no move. `below(n)` must return a uniform random number in
    /// 0..n. Its `anchor` is a random ball of the cluster, not necessarily
    /// the anchor.
    ///
    /// It draws a random ball with a neighbour of its colour and keeps its
    /// cluster with probability 2 / size, so every cluster is as likely.
    pub fn random_move(&mut self, skip: usize, below: impl FnMut(u64) -> u64) -> Option<Removal> {
        self.random_move_with::<false>(skip, below)
    }

    /// [`SmallBoard::random_move`], with BMI2 for gravity when `PEXT` (only
    /// for callers that checked the processor has it).
    #[inline(always)]
    pub(crate) fn random_move_with<const PEXT: bool>(
        &mut self,
        skip: usize,
        mut below: impl FnMut(u64) -> u64,
    ) -> Option<Removal> {
        let colors = self.colors();
        let mut pairs = [[0u64; 4]; MAX_COLORS as usize];
        let mut counts = [0u32; MAX_COLORS as usize];
        let mut total = 0;
        for k in 0..colors {
            if k != skip {
                pairs[k] = paired(self.masks[k]);
                counts[k] = count(pairs[k]);
                total += counts[k];
            }
        }
        if total == 0 {
            if skip >= colors {
                return None;
            }
            pairs[skip] = paired(self.masks[skip]);
            counts[skip] = count(pairs[skip]);
            total = counts[skip];
            if total == 0 {
                return None;
            }
        }
        loop {
            let mut r = below(total as u64) as u32;
            let mut k = 0;
            while r >= counts[k] {
                r -= counts[k];
                k += 1;
            }
            let p = pairs[k];
            let mut i = 0;
            while r >= p[i].count_ones() {
                r -= p[i].count_ones();
                i += 1;
            }
            let index = i as u32 * 64 + select(p[i], r);
            let c = flood_bit(self.masks[k], index as usize);
            let size = count(c) as u64;
            if size == 2 || below(size) < 2 {
                self.remove_mask::<PEXT>(k, c);
                return Some(Removal {
                    anchor: cell_of(index),
                    size: size as usize,
                    color: k as u8 + 1,
                });
            }
        }
    }
}

impl SameGameBoard for SmallBoard {
    type Scratch = ();

    fn from_board(board: &Board) -> Option<SmallBoard> {
        SmallBoard::from_board(board)
    }

    fn width(&self) -> usize {
        self.width as usize
    }

    fn height(&self) -> usize {
        self.height as usize
    }

    fn get(&self, col: usize, row: usize) -> u8 {
        SmallBoard::get(self, col, row)
    }

    fn balls(&self) -> usize {
        SmallBoard::balls(self)
    }

    #[inline(always)]
    fn for_each_cluster(&self, _: &mut (), f: impl FnMut(Removal)) {
        SmallBoard::for_each_cluster(self, f)
    }

    fn remove_cluster(&mut self, cell: Cell, _: &mut ()) -> Result<Removal, MoveError> {
        let color = self.ball(cell)?;
        let bit = cell.col as usize * 16 + cell.row as usize;
        let k = color as usize - 1;
        let c = flood_bit(self.masks[k], bit);
        let size = count(c) as usize;
        if size < 2 {
            return Err(MoveError::SingleBall);
        }
        self.remove_mask::<false>(k, c);
        Ok(Removal {
            color,
            size,
            anchor: cell_of(lowest(c).1),
        })
    }
}

/// `m` without column `c`: the columns right of it move one to the left.
#[inline(always)]
fn close_column(m: Wide, c: usize) -> Wide {
    // Whole 256-bit shift right by one lane.
    let shifted = [
        (m[0] >> 16) | (m[1] << 48),
        (m[1] >> 16) | (m[2] << 48),
        (m[2] >> 16) | (m[3] << 48),
        m[3] >> 16,
    ];
    let mut out = [0; 4];
    let bit = c * 16;
    for i in 0..4 {
        // Bits below `bit` stay; the rest come from the shifted mask.
        let keep = if bit >= (i + 1) * 64 {
            !0
        } else if bit <= i * 64 {
            0
        } else {
            (1u64 << (bit - i * 64)) - 1
        };
        out[i] = (m[i] & keep) | (shifted[i] & !keep);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The flood from one ball equals the whole mask's flood, for clusters
    /// within a word and across words (random masks of every density).
    #[test]
    fn flood_from_one_ball_matches_the_whole_flood() {
        let mut rng = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut crossing = 0;
        for round in 0..4_000 {
            // Denser masks make larger clusters, which cross words.
            let mut colour = [0u64; 4];
            for w in &mut colour {
                *w = next();
                for _ in 0..round % 3 {
                    *w |= next();
                }
            }
            for index in 0..256 {
                if colour[index / 64] >> (index % 64) & 1 == 0 {
                    continue;
                }
                let want = flood(colour, single(index));
                crossing += (want.iter().filter(|&&w| w != 0).count() > 1) as u32;
                assert_eq!(flood_bit(colour, index), want, "{colour:x?} from {index}");
            }
        }
        assert!(crossing > 1_000, "only {crossing} clusters crossed words");
    }

    #[test]
    fn select_finds_each_set_bit() {
        let w = 0x8040_2010_0804_0201u64 | 0xF0;
        let bits: Vec<u32> = (0..64).filter(|&i| w >> i & 1 != 0).collect();
        for (r, &b) in bits.iter().enumerate() {
            assert_eq!(select(w, r as u32), b);
        }
        assert_eq!(select(u64::MAX, 63), 63);
        assert_eq!(select(1 << 63, 0), 63);
    }

    /// Gravity by `pext`/`pdep` (where the processor has them) and by the
    /// portable loop give the same positions, game after game.
    #[test]
    fn pext_gravity_matches_the_portable_one() {
        if crate::cpu::v3_for_test("pext_gravity_matches_the_portable_one") {
            for seed in 0..300u64 {
                let (w, h) = (1 + seed as usize % 16, 1 + (seed as usize / 16) % 16);
                let board = Board::random(w, h, 2 + (seed % 8) as u8, seed).unwrap();
                let mut a = SmallBoard::from_board(&board).unwrap();
                let mut b = a;
                let (mut ra, mut rb) = (seed | 1, seed | 1);
                let next = |r: &mut u64, n: u64| {
                    *r ^= *r << 13;
                    *r ^= *r >> 7;
                    *r ^= *r << 17;
                    *r % n
                };
                loop {
                    let ma = a.random_move_with::<false>(0, |n| next(&mut ra, n));
                    let mb = b.random_move_with::<true>(0, |n| next(&mut rb, n));
                    assert_eq!(ma, mb, "seed {seed}");
                    assert_eq!(a, b, "seed {seed}");
                    if ma.is_none() {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn close_column_moves_the_right_part_left() {
        let mut m = [0u64; 4];
        for c in 0..16 {
            let bit = c * 16;
            m[bit / 64] |= (c as u64 + 1) << (bit % 64);
        }
        let lane = |m: Wide, c: usize| m[c / 4] >> (c % 4 * 16) & 0xFFFF;
        for gone in 0..16 {
            let out = close_column(m, gone);
            for c in 0..15 {
                let want = if c < gone { c + 1 } else { c + 2 };
                assert_eq!(lane(out, c), want as u64, "closing {gone}, column {c}");
            }
            assert_eq!(lane(out, 15), 0);
        }
    }
}
