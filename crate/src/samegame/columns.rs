//! Column-word helpers shared by the two engines that keep a column in one
//! 64-bit word: [`BitBoard`](super::BitBoard) (a word per colour per column,
//! rows 0–63 in one lane) and [`PackedBoard`](super::PackedBoard) (a word
//! per column, one 16-row lane per colour). Both pad the used columns with
//! an empty column on each side. Here: the balls with a neighbour of their
//! colour, the flood of a cluster by column sweeps, gravity by squeezing
//! rows out of a word, and the greedy rule's order as one number.
//!
//! [`SmallBoard`](super::SmallBoard) is not served by these: it keeps four
//! columns in each word of a 256-bit mask, so the lanes of a word are
//! different columns that lose different rows, and its neighbours, floods
//! and gravity are whole-mask operations written for that layout.
//!
//! Left apart on purpose: the two greedy scans (the packed one floods every
//! colour of a column at once and keeps per-column facts from move to move,
//! which a word per colour cannot), the closing of empty columns (a word per
//! column in one engine, a word per colour per column in the other) and the
//! position hashes (the solver's results depend on them).

use crate::bitrun::runs_through_short;

/// The balls of column word `x` with a neighbour of their colour, given the
/// words of the columns on its left and right. Lanes narrower than the word
/// must keep their top row empty, so shifts across a lane boundary bring
/// nothing in.
#[inline(always)]
pub(super) fn paired(left: u64, x: u64, right: u64) -> u64 {
    x & ((x << 1) | (x >> 1) | left | right)
}

/// Grows the cluster that holds `seed` (balls of one colour in padded
/// column `c0`) by sweeps right and left until a left sweep adds nothing.
/// `m[c]` holds padded column c's balls of the colour, or of every colour
/// in lanes apart (a flood crosses between columns only where both hold a
/// ball at the same bit); the columns around the used ones are empty. Runs
/// in a column are at most `RUN` rows. Leaves the cluster in `cur` (zero
/// there before) and returns (size, lowest, highest padded column). `N`
/// is a power of two and indices are masked with `N - 1`, so the compiler
/// needs no bounds checks.
#[inline(always)]
pub(super) fn grow<const N: usize, const RUN: u32>(
    m: &[u64; N],
    cur: &mut [u64; N],
    c0: usize,
    seed: u64,
) -> (usize, usize, usize) {
    let k = N - 1;
    let first = runs_through_short::<RUN>(m[c0 & k], seed);
    cur[c0 & k] = first;
    if first & (m[(c0 - 1) & k] | m[(c0 + 1) & k]) == 0 {
        // A vertical run with no neighbour of its colour on either side.
        return (first.count_ones() as usize, c0, c0);
    }
    let (mut lo, mut hi) = (c0, c0);
    loop {
        // Rightwards: each column takes what its left neighbour reaches.
        let mut c = lo + 1;
        loop {
            let s = cur[(c - 1) & k] & m[c & k] & !cur[c & k];
            if s != 0 {
                cur[c & k] |= runs_through_short::<RUN>(m[c & k], s);
                hi = hi.max(c);
            } else if c > hi {
                break;
            }
            c += 1;
        }
        // Leftwards: each column takes what its right neighbour reaches.
        let mut added = false;
        let mut c = hi;
        while c > 0 {
            c -= 1;
            let s = cur[(c + 1) & k] & m[c & k] & !cur[c & k];
            if s != 0 {
                cur[c & k] |= runs_through_short::<RUN>(m[c & k], s);
                lo = lo.min(c);
                added = true;
            } else if c < lo {
                break;
            }
        }
        if !added {
            break;
        }
    }
    let mut size = 0;
    for c in lo..hi + 1 {
        size += cur[c & k].count_ones() as usize;
    }
    (size, lo, hi)
}

/// `x` with the rows set in `gone` (a mask of lane 0) squeezed out of each
/// of its `LANES` lanes of `LANE` bits (lane i is bits `LANE * i ..`): the
/// bits above each removed row fall one row per removed row below them. A
/// lane narrower than the word must keep its top row empty. With `PEXT`
/// BMI2's `pext` does it, which the caller must have checked the processor
/// has ([`crate::cpu::has_v3`]).
#[inline(always)]
pub(super) fn squeeze<const PEXT: bool, const LANE: u32, const LANES: u32>(
    mut x: u64,
    gone: u64,
) -> u64 {
    let lane = if LANE >= 64 { !0 } else { (1u64 << LANE) - 1 };
    #[cfg(target_arch = "x86_64")]
    if PEXT {
        use std::arch::x86_64::_pext_u64;
        let keep = !gone & lane;
        let mut out = 0;
        for i in 0..LANES {
            // SAFETY: with PEXT the caller has checked that the processor
            // has BMI2.
            out |= unsafe { _pext_u64(x >> (LANE * i), keep) } << (LANE * i);
        }
        return out;
    }
    // Bit 0 of every lane, and every row of every lane but its top one
    // (nothing to mask when the lane is the whole word).
    let mut repeat = 0u64;
    for i in 0..LANES {
        repeat |= 1 << (LANE * i);
    }
    let below_top = if LANE >= 64 { !0 } else { (lane >> 1) * repeat };
    let mut gone = gone;
    while gone != 0 {
        let p = 63 - gone.leading_zeros();
        let low = ((1u64 << p) - 1) * repeat;
        x = (x & low) | ((x >> 1) & !low & below_top);
        gone &= (1 << p) - 1;
    }
    x
}

/// The greedy rule's order as one number, larger first: the larger cluster;
/// then the leftmost column; then the bottommost row (columns and rows
/// below 256, counted from any origin: [`key_parts`] gives them back as
/// they were given).
#[inline(always)]
pub(super) fn greedy_key(size: usize, col: usize, row: u32) -> u64 {
    (size as u64) << 16 | ((255 - col) as u64) << 8 | (255 - row as u64)
}

/// The size, column and row of a [`greedy_key`].
#[inline(always)]
pub(super) fn key_parts(key: u64) -> (usize, usize, usize) {
    let col = 255 - (key >> 8 & 255) as usize;
    let row = 255 - (key & 255) as usize;
    ((key >> 16) as usize, col, row)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One 64-row lane (the general bitboard's columns).
    #[test]
    fn squeeze_removes_rows_keeping_order() {
        assert_eq!(squeeze::<false, 64, 1>(0b1011_0110, 0b0010_0100), 0b10_1010);
        assert_eq!(squeeze::<false, 64, 1>(0b1, 0b1), 0);
        assert_eq!(squeeze::<false, 64, 1>(u64::MAX, 1 << 63), u64::MAX >> 1);
        assert_eq!(squeeze::<false, 64, 1>(u64::MAX, u64::MAX), 0);
    }

    /// Three 16-row lanes (the packed engine's colours), the same rows out
    /// of each.
    #[test]
    fn squeeze_works_in_every_lane() {
        const ROWS: u64 = (1 << 10) - 1;
        let x = 0b1011_0110 | 0b11 << 16 | 0b1_0000_0100 << 32;
        let gone = 0b0010_0100;
        assert_eq!(
            squeeze::<false, 16, 3>(x, gone),
            0b10_1010 | 0b11 << 16 | 0b100_0000 << 32
        );
        assert_eq!(squeeze::<false, 16, 3>(ROWS << 32, ROWS), 0);
        // Row 1 of lanes 1 and 2 falls to row 0, not into the lane below.
        assert_eq!(
            squeeze::<false, 16, 3>(0b11 << 16 | 0b10 << 32, 1),
            1 << 16 | 1 << 32
        );
    }

    /// `pext` (where the processor has it) squeezes as the portable loop
    /// does, in both shapes.
    #[test]
    fn pext_squeezes_like_the_portable_loop() {
        if !crate::cpu::v3_for_test("pext_squeezes_like_the_portable_loop") {
            return;
        }
        let all = 0x3FF | 0x3FF << 16 | 0x3FF << 32;
        let mut r = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            let (x, gone) = (r, r.rotate_left(23) & r.rotate_left(41));
            assert_eq!(
                squeeze::<true, 64, 1>(x, gone),
                squeeze::<false, 64, 1>(x, gone)
            );
            let (x, gone) = (x & all, gone & 0x3FF);
            assert_eq!(
                squeeze::<true, 16, 3>(x, gone),
                squeeze::<false, 16, 3>(x, gone)
            );
        }
    }

    /// A flood crosses columns where both hold a ball in the same row (and
    /// lane), takes whole runs, and stops at other lanes.
    #[test]
    fn grow_floods_across_columns_within_a_lane() {
        // Padded columns 1..=3: an S-shaped cluster in lane 0; lane 1 of
        // column 2 touches it only across a lane boundary.
        let mut m = [0u64; 8];
        m[1] = 0b0011;
        m[2] = 0b0110 | 0b1 << 16;
        m[3] = 0b1100;
        let mut cur = [0u64; 8];
        assert_eq!(grow::<8, 16>(&m, &mut cur, 3, 1 << 3), (6, 1, 3));
        assert_eq!(cur[1..4], [0b0011, 0b0110, 0b1100]);
        let mut cur = [0u64; 8];
        assert_eq!(grow::<8, 16>(&m, &mut cur, 2, 1 << 16), (1, 2, 2));
    }

    #[test]
    fn greedy_keys_order_by_size_then_left_then_bottom() {
        assert!(greedy_key(5, 3, 0) > greedy_key(4, 0, 0));
        assert!(greedy_key(5, 2, 9) > greedy_key(5, 3, 0));
        assert!(greedy_key(5, 2, 1) > greedy_key(5, 2, 2));
        assert_eq!(key_parts(greedy_key(150, 65, 63)), (150, 65, 63));
    }
}
