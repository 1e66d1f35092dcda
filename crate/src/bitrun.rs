//! Runs of set bits filled from seeds, the ray and column primitive of the
//! bitboard engines (Same Game columns, path-connect rows): upwards an add
//! carries each seed through its run, downwards an occluded fill in doubling
//! steps does.

/// The bits of `m` from each bit of `seed` (⊆ m) up to the top of its run.
#[inline(always)]
pub fn fill_up(m: u64, seed: u64) -> u64 {
    ((m.wrapping_add(seed) ^ m) & m) | seed
}

/// `g` (⊆ m) with every bit of `m` below a bit of `g` in the same run.
#[inline(always)]
pub fn fill_down(m: u64, g: u64) -> u64 {
    fill_down_short::<64>(m, g)
}

/// [`fill_down`] for runs of at most `MAX` bits (fewer doubling steps: four
/// for runs up to 16 long).
#[inline(always)]
pub fn fill_down_short<const MAX: u32>(m: u64, mut g: u64) -> u64 {
    let mut p = m;
    let mut step = 1;
    while step < MAX {
        g |= p & (g >> step);
        p &= p >> step;
        step *= 2;
    }
    g
}

/// Every whole run of `m` that holds a bit of `seed` (⊆ m).
#[inline(always)]
pub fn runs_through(m: u64, seed: u64) -> u64 {
    fill_down(m, fill_up(m, seed))
}

/// [`runs_through`] for runs of at most `MAX` bits.
#[inline(always)]
pub fn runs_through_short<const MAX: u32>(m: u64, seed: u64) -> u64 {
    fill_down_short::<MAX>(m, fill_up(m, seed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_through_fills_whole_runs_of_the_seeds() {
        assert_eq!(runs_through(0b1110_1101, 0b0000_0100), 0b0000_1100);
        assert_eq!(runs_through(0b1110_1101, 0b0100_0001), 0b1110_0001);
        assert_eq!(runs_through(u64::MAX, 1 << 40), u64::MAX);
        assert_eq!(runs_through(u64::MAX << 1, 1 << 63), u64::MAX << 1);
    }

    #[test]
    fn short_fills_cover_runs_up_to_their_length() {
        let m = 0b1111_1111_1111_1111_0111;
        assert_eq!(runs_through_short::<16>(m, 1 << 19), m & !0b1111);
        assert_eq!(fill_down_short::<16>(u64::MAX, 1 << 15), 0xFFFF);
        assert_eq!(fill_down_short::<4>(u64::MAX, 1 << 15), 0xF000);
    }

    #[test]
    fn fills_go_one_way_each() {
        assert_eq!(fill_up(0b0111_1110, 0b0000_1000), 0b0111_1000);
        assert_eq!(fill_down(0b0111_1110, 0b0000_1000), 0b0000_1110);
    }
}
