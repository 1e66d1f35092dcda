//! The exact solver: can this position be won under this variant?
//!
//! Depth-first over removals, with the positions already proved lost
//! remembered (by a 128-bit fingerprint of the board, in a capped set), the
//! pairs that finish a kind tried first, restarts with a shuffled order
//! (runs of doubling length under `Variant::None`, Luby lengths when tiles
//! slide), and two proofs:
//!
//! * a **safe removal** (every variant): when every tile left of one kind
//!   can be removed right now without moving any other tile (two tiles
//!   that join, or four that pair off, on lines that are already packed),
//!   taking them first never loses a winning line — the position after it
//!   is the old one minus those tiles, and a tile's absence never blocks a
//!   path — so it is the only child tried;
//! * a **lost core** (only when nothing slides, where removing tiles never
//!   blocks a path): when the board restricted to one or two kinds (all
//!   other tiles gone, the best case for them) cannot be won, neither can
//!   the whole board.
//!
//! With [`Settings::sleep`] the search also skips, by sleep sets, the
//! second order of two independent removals once the first is proved lost
//! (see [`Frame`]).
//!
//! The answer is a winning order of pairs, a proof of loss (the whole
//! search ran out of moves), or "unknown" when the budget ran out first.
//! A [`Session`] goes on where its last budget stopped (the page's verdict
//! searching on in slices): in slices it is the search of one call,
//! position for position.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use super::{Board, Occupancy, Pos, Variant, MAX_KINDS, MAX_SIDE};
use crate::budget::{Budget, Meter};
use crate::rng::Rng;

/// Hashes a fingerprint (already uniformly mixed) by its low 64 bits.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u128(&mut self, v: u128) {
        self.0 = v as u64;
    }
}

/// Positions proved lost, by fingerprint.
type Failed = HashSet<u128, BuildHasherDefault<KeyHasher>>;

/// The default cap on remembered lost positions (16 bytes each).
pub const MEMO_CAP: usize = 1 << 20;

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Won by removing these pairs in this order.
    Won(Vec<(Pos, Pos)>),
    /// No order of removals empties the board.
    Lost,
    /// The budget ran out first.
    Unknown,
}

/// An answer and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The answer.
    pub verdict: Verdict,
    /// Positions expanded.
    pub nodes: u64,
}

/// How a search runs.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Time and positions it may spend.
    pub budget: Budget,
    /// Most lost positions remembered.
    pub memo_cap: usize,
    /// Whether restarts order their moves by what earlier runs learned
    /// (see [`Policy`]) instead of at random, when tiles slide. Off in
    /// [`Settings::nodes`]: the deals and shuffles made with it keep the
    /// search order that named them (links replay them).
    pub learn: bool,
    /// Whether the search skips, by sleep sets, the orders of independent
    /// removals it has already proved lost (see [`independent`]). Off in
    /// [`Settings::nodes`], as `learn` is: the deals and shuffles made with
    /// a node budget keep the search that named them.
    pub sleep: bool,
}

impl Settings {
    /// A budget of `nodes` positions and the default memo.
    pub fn nodes(nodes: u64) -> Settings {
        Settings {
            budget: Budget::nodes(nodes),
            memo_cap: MEMO_CAP,
            learn: false,
            sleep: false,
        }
    }
}

/// The key of tile kind `k` on cell `i`: two 64-bit mixes (a position's
/// fingerprint is the XOR over its tiles, kept up to date move by move).
#[inline]
fn zobrist(i: usize, k: u8) -> u128 {
    let mut z = ((i as u64) << 8 | u64::from(k)).wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut mix = |m1: u64, m2: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(m1);
        z = (z ^ (z >> 27)).wrapping_mul(m2);
        z ^= z >> 31;
        z
    };
    let hi = mix(0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB);
    let lo = mix(0xFF51_AFD7_ED55_8CCD, 0xC4CE_B9FE_1A85_EC53);
    (u128::from(hi) << 64) | u128::from(lo)
}

/// The search's copy of a position: the cells, their occupancy masks, the
/// tiles left per kind and the fingerprint, all kept up to date by
/// [`State::remove`] (no allocation per move).
#[derive(Clone)]
struct State {
    w: usize,
    h: usize,
    cells: Vec<u8>,
    occ: Occupancy,
    counts: [u16; MAX_KINDS + 1],
    key: u128,
    tiles: usize,
}

impl State {
    fn of(b: &Board) -> State {
        let key = b
            .cells()
            .iter()
            .enumerate()
            .filter(|(_, &k)| k != 0)
            .fold(0u128, |h, (i, &k)| h ^ zobrist(i, k));
        State {
            w: b.width(),
            h: b.height(),
            cells: b.cells().to_vec(),
            occ: Occupancy::of(b),
            counts: b.kind_counts(),
            key,
            tiles: b.tiles(),
        }
    }

    #[inline]
    fn at(&self, p: Pos) -> u8 {
        self.cells[p.y as usize * self.w + p.x as usize]
    }

    /// Puts kind `k` (0: nothing) on cell `i`, which holds `old`.
    #[inline]
    fn put(&mut self, i: usize, old: u8, k: u8) {
        if old != 0 {
            self.key ^= zobrist(i, old);
        }
        if k != 0 {
            self.key ^= zobrist(i, k);
        }
        if (old == 0) != (k == 0) {
            self.occ
                .flip((i % self.w + 1) as u32, (i / self.w + 1) as u32);
        }
        self.cells[i] = k;
    }

    /// Removes the pair at `a` and `b` and slides as `variant` does (as
    /// [`Board::remove`]).
    fn remove(&mut self, a: Pos, b: Pos, variant: Variant) {
        let k = self.at(a);
        for p in [a, b] {
            let i = p.y as usize * self.w + p.x as usize;
            let old = self.cells[i];
            self.put(i, old, 0);
        }
        self.counts[k as usize] -= 2;
        self.counts[0] += 2;
        self.tiles -= 2;
        if variant == Variant::None {
            return;
        }
        let (la, lb) = if variant.vertical() {
            (a.x, b.x)
        } else {
            (a.y, b.y)
        };
        self.slide(la, variant);
        if lb != la {
            self.slide(lb, variant);
        }
    }

    /// Closes the gaps of line `line` (a column under a vertical variant,
    /// else a row) towards each segment's end.
    fn slide(&mut self, line: i32, variant: Variant) {
        let vertical = variant.vertical();
        let len = if vertical { self.h } else { self.w };
        let w = self.w;
        let cell = move |j: usize| {
            if vertical {
                j * w + line as usize
            } else {
                line as usize * w + j
            }
        };
        for (lo, hi, to_end) in segments(variant, len) {
            if to_end {
                let mut to = hi;
                for j in (lo..hi).rev() {
                    let i = cell(j);
                    let k = self.cells[i];
                    if k != 0 {
                        to -= 1;
                        if to != j {
                            self.put(i, k, 0);
                            let t = cell(to);
                            self.put(t, 0, k);
                        }
                    }
                }
            } else {
                let mut to = lo;
                for j in lo..hi {
                    let i = cell(j);
                    let k = self.cells[i];
                    if k != 0 {
                        if to != j {
                            self.put(i, k, 0);
                            let t = cell(to);
                            self.put(t, 0, k);
                        }
                        to += 1;
                    }
                }
            }
        }
    }

    /// With the tiles at `a` and `b` taken out of the masks: whether every
    /// segment of their lines is packed against its end, so that removing
    /// them moves no tile (a removal closes up its whole line).
    fn packed_without(&self, a: Pos, b: Pos, variant: Variant) -> bool {
        if variant == Variant::None {
            return true;
        }
        [a, b].iter().all(|p| {
            let line = if variant.vertical() { p.x } else { p.y };
            self.line_packed(line as usize, variant)
        })
    }

    /// Whether every segment of line `line` (a column under a vertical
    /// variant, else a row) is packed against its end, by the masks.
    fn line_packed(&self, line: usize, variant: Variant) -> bool {
        let vertical = variant.vertical();
        let len = if vertical { self.h } else { self.w };
        let mask = if vertical {
            self.occ.cols[line + 1]
        } else {
            self.occ.rows[line + 1]
        } >> 1;
        segments(variant, len).into_iter().all(|(lo, hi, to_end)| {
            if lo >= hi {
                return true;
            }
            let bits = (mask >> lo) & ((1u64 << (hi - lo)) - 1);
            if to_end {
                // Packed against the segment's last cell.
                let n = bits.count_ones() as usize;
                n == 0 || bits == ((1u64 << n) - 1) << (hi - lo - n)
            } else {
                bits & (bits + 1) == 0
            }
        })
    }

    /// Whether every line is packed as `variant` packs it (always, when
    /// nothing slides): then every removal only empties cells.
    fn all_packed(&self, variant: Variant) -> bool {
        let lines = if variant.vertical() { self.w } else { self.h };
        variant == Variant::None || (0..lines).all(|l| self.line_packed(l, variant))
    }

    /// Whether `a` and `b` (both tiles) join and their removal moves no
    /// tile.
    fn still_pair(&mut self, a: Pos, b: Pos, variant: Variant) -> bool {
        if !self.occ.joinable(a, b) {
            return false;
        }
        let (ax, ay, bx, by) = (
            (a.x + 1) as u32,
            (a.y + 1) as u32,
            (b.x + 1) as u32,
            (b.y + 1) as u32,
        );
        self.occ.flip(ax, ay);
        self.occ.flip(bx, by);
        let still = self.packed_without(a, b, variant);
        self.occ.flip(ax, ay);
        self.occ.flip(bx, by);
        still
    }
}

/// The segments of a line of `len` cells under a sliding `variant`: (first
/// cell, end, whether tiles gather at the end); an empty half is skipped
/// by its empty range.
#[inline]
fn segments(variant: Variant, len: usize) -> [(usize, usize, bool); 2] {
    let half = len / 2;
    match variant {
        Variant::None => [(0, 0, false), (0, 0, false)],
        Variant::Up | Variant::Left => [(0, len, false), (len, len, false)],
        Variant::Down | Variant::Right => [(0, len, true), (len, len, true)],
        Variant::SplitVertical | Variant::SplitHorizontal => [(0, half, false), (half, len, true)],
        Variant::GatherVertical | Variant::GatherHorizontal => {
            [(0, half, true), (half, len, false)]
        }
    }
}

/// Reused buffers of the move generator.
#[derive(Default)]
struct Scratch {
    /// Per kind, its tiles with an empty neighbour, in reading order.
    open: Vec<Vec<Pos>>,
    /// Per kind, pairs of touching tiles not both open.
    touching: Vec<Vec<(Pos, Pos)>>,
    /// One kind's joinable pairs.
    joined: Vec<(Pos, Pos)>,
    others: Vec<(Pos, Pos)>,
}

/// The candidate removals of `s` into `out`, in the order tried: pairs
/// that take a kind's last two tiles first, then the others, each kind by
/// kind and in reading order of the first tile, then of the second. A
/// safe removal, when there is one, is returned alone: a kind whose tiles
/// can all go now, in pairs that move no other tile (nothing slides, or
/// they sit at the far ends of their segments). Taking them first never
/// loses a winning line: the other tiles keep their places, with fewer
/// tiles in the way.
/// Lists each kind's tiles with an empty neighbour and its touching tiles
/// (not both open) into `sc`; returns the kinds present (bit k).
fn scan(s: &State, sc: &mut Scratch) -> u64 {
    if sc.open.is_empty() {
        sc.open = vec![Vec::new(); MAX_KINDS + 1];
        sc.touching = vec![Vec::new(); MAX_KINDS + 1];
    }
    let (w, h) = (s.w, s.h);
    // Per row (bit x for column x): the tiles with an empty neighbour.
    let mut open = [0u64; MAX_SIDE];
    for (y, o) in open.iter_mut().enumerate().take(h) {
        let r = s.occ.rows[y + 1];
        *o = (r & (!(r << 1) | !(r >> 1) | !s.occ.rows[y] | !s.occ.rows[y + 2])) >> 1;
    }
    let mut present = 0u64;
    let mut start = |k: u8, sc: &mut Scratch| {
        if present >> k & 1 == 0 {
            present |= 1 << k;
            sc.open[k as usize].clear();
            sc.touching[k as usize].clear();
        }
    };
    for y in 0..h {
        let occupied = s.occ.rows[y + 1] >> 1;
        let row = &s.cells[y * w..(y + 1) * w];
        let mut bits = open[y];
        while bits != 0 {
            let x = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let k = row[x];
            start(k, sc);
            sc.open[k as usize].push(Pos::new(x as i32, y as i32));
        }
        // Touching tiles of one kind, not both open (two open tiles are
        // paired with the open ones): beside each other, then one below.
        let mut right = equal_bytes(&row[..w - 1], &row[1..]);
        right &= occupied & !(open[y] & open[y] >> 1);
        let mut down = 0u64;
        if y + 1 < h {
            let below = &s.cells[(y + 1) * w..(y + 2) * w];
            down = equal_bytes(row, below);
            down &= occupied & !(open[y] & open[y + 1]);
        }
        for (mut bits, dx, dy) in [(right, 1, 0), (down, 0, 1)] {
            while bits != 0 {
                let x = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let k = row[x];
                start(k, sc);
                let p = Pos::new(x as i32, y as i32);
                sc.touching[k as usize].push((p, Pos::new(p.x + dx, p.y + dy)));
            }
        }
    }
    present
}

/// Bit i set where `a[i] == b[i]` (slices of equal length, at most 64),
/// eight bytes at a time.
#[inline]
fn equal_bytes(a: &[u8], b: &[u8]) -> u64 {
    debug_assert!(a.len() == b.len() && a.len() <= 64);
    let mut mask = 0u64;
    let mut i = 0;
    while i + 8 <= a.len() {
        let word = |s: &[u8]| u64::from_le_bytes(s[i..i + 8].try_into().expect("eight bytes"));
        mask |= zero_bytes(word(a) ^ word(b)) << i;
        i += 8;
    }
    while i < a.len() {
        mask |= u64::from(a[i] == b[i]) << i;
        i += 1;
    }
    mask
}

/// Bit i set where byte i of `x` is zero.
#[inline]
fn zero_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // The high bit of each byte is set where the byte is not zero ...
    let nonzero = ((x & LOW7) + LOW7) | x;
    let zero = !nonzero & !LOW7;
    // ... and the eight high bits are gathered into the top byte.
    (zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// Kind `k`'s joinable pairs into `sc.joined` (after [`scan`]), in reading
/// order of the first tile, then of the second.
fn kind_pairs(s: &mut State, k: usize, sc: &mut Scratch) {
    sc.joined.clear();
    let open = &sc.open[k];
    for (i, &a) in open.iter().enumerate() {
        for &b in &open[i + 1..] {
            if s.occ.joinable(a, b) {
                sc.joined.push((a, b));
            }
        }
    }
    sc.joined.extend_from_slice(&sc.touching[k]);
    let w = s.w;
    let index = |p: Pos| p.y as usize * w + p.x as usize;
    sc.joined
        .sort_unstable_by_key(|&(a, b)| (index(a), index(b)));
}

/// Every pair of equal tiles of `b` that can be joined, each once, in
/// reading order of the first tile, then of the second.
pub(super) fn all_pairs(b: &Board) -> Vec<(Pos, Pos)> {
    let mut s = State::of(b);
    let mut sc = Scratch::default();
    let mut kinds = scan(&s, &mut sc) & !1;
    let mut out = Vec::new();
    while kinds != 0 {
        let k = kinds.trailing_zeros() as usize;
        kinds &= kinds - 1;
        kind_pairs(&mut s, k, &mut sc);
        out.extend_from_slice(&sc.joined);
    }
    let w = b.width();
    let index = |p: Pos| p.y as usize * w + p.x as usize;
    out.sort_unstable_by_key(|&(a, b)| (index(a), index(b)));
    out
}

fn candidates(s: &mut State, variant: Variant, sc: &mut Scratch, out: &mut Vec<(Pos, Pos)>) {
    out.clear();
    let present = scan(s, sc);
    sc.others.clear();
    let mut kinds = present & !1;
    while kinds != 0 {
        let k = kinds.trailing_zeros() as usize;
        kinds &= kinds - 1;
        kind_pairs(s, k, sc);
        if sc.joined.is_empty() {
            continue;
        }
        let n = s.counts[k];
        if n == 2 && s.still_pair(sc.joined[0].0, sc.joined[0].1, variant) {
            out.clear();
            out.push(sc.joined[0]);
            return;
        }
        if n == 4 {
            if let Some(first) = four_off(s, &sc.joined, variant) {
                out.clear();
                out.push(first);
                return;
            }
        }
        if n == 2 {
            out.extend_from_slice(&sc.joined);
        } else {
            sc.others.extend_from_slice(&sc.joined);
        }
    }
    out.extend_from_slice(&sc.others);
}

/// Four tiles of one kind: a pair among `joined` whose removal moves no
/// tile and after which the other two join and go moving no tile, if any.
fn four_off(s: &mut State, joined: &[(Pos, Pos)], variant: Variant) -> Option<(Pos, Pos)> {
    let k = s.at(joined[0].0);
    for &(p, q) in joined {
        if !s.still_pair(p, q, variant) {
            continue;
        }
        let mut rest = [Pos::new(0, 0); 2];
        let mut n = 0;
        'find: for y in 0..s.h {
            for x in 0..s.w {
                let t = Pos::new(x as i32, y as i32);
                if t != p && t != q && s.cells[y * s.w + x] == k {
                    rest[n] = t;
                    n += 1;
                    if n == 2 {
                        break 'find;
                    }
                }
            }
        }
        let (px, py, qx, qy) = (
            (p.x + 1) as u32,
            (p.y + 1) as u32,
            (q.x + 1) as u32,
            (q.y + 1) as u32,
        );
        s.occ.flip(px, py);
        s.occ.flip(qx, qy);
        let both = s.still_pair(rest[0], rest[1], variant);
        s.occ.flip(px, py);
        s.occ.flip(qx, qy);
        if both {
            return Some((p, q));
        }
    }
    None
}

/// `b` with only the tiles of `kinds` left.
fn restricted(b: &Board, kinds: &[u8]) -> Board {
    let cells = b
        .cells()
        .iter()
        .map(|&k| if kinds.contains(&k) { k } else { 0 })
        .collect();
    Board::from_cells(b.width(), b.height(), cells).expect("a restriction keeps even counts")
}

/// Nothing sliding: whether the board restricted to one kind or two is
/// lost (then the whole board is). Each small search is bounded, and all of
/// them together examine at most `allowance` positions (and stop when the
/// meter's time is up); one that runs out proves nothing. Returns the
/// answer and the positions examined. `done` (another search on the board
/// has answered) ends it too.
fn lost_core(b: &Board, allowance: u64, meter: &Meter, done: Option<&AtomicBool>) -> (bool, u64) {
    let counts = b.kind_counts();
    let kinds: Vec<u8> = (1..=MAX_KINDS as u8)
        .filter(|&k| counts[k as usize] > 0)
        .collect();
    let mut used = 0u64;
    let mut sets: Vec<Vec<u8>> = Vec::new();
    for (i, &k) in kinds.iter().enumerate() {
        if counts[k as usize] > 2 {
            sets.push(vec![k]);
        }
        for &l in &kinds[i + 1..] {
            sets.push(vec![k, l]);
        }
    }
    for set in sets {
        if used >= allowance || meter.late() || done.is_some_and(|d| d.load(Ordering::Relaxed)) {
            break;
        }
        let small = Settings {
            budget: Budget::nodes(2_000.min(allowance - used)),
            memo_cap: 4096,
            learn: false,
            sleep: false,
        };
        let out = search(&restricted(b, &set), Variant::None, small, false);
        used += out.nodes.max(1);
        if out.verdict == Verdict::Lost {
            return (true, used);
        }
    }
    (false, used)
}

/// Positions the lost-core check may examine when the budget is only a time.
const CORE_ALLOWANCE: u64 = 50_000;

/// Solves `board` under `variant`.
pub fn solve(board: &Board, variant: Variant, settings: Settings) -> Outcome {
    search(board, variant, settings, true)
}

/// [`solve`] on `threads` threads (native builds): as many searches in
/// different random orders, sharing the positions proved lost; the first
/// to win or to prove the loss answers and the others stop. With a node
/// budget each thread may examine that many. One thread is [`solve`].
#[cfg(not(target_arch = "wasm32"))]
pub fn solve_threads(
    board: &Board,
    variant: Variant,
    settings: Settings,
    threads: usize,
) -> Outcome {
    if threads <= 1 {
        return solve(board, variant, settings);
    }
    let meter = settings.budget.start();
    let shared = Mutex::new(Failed::default());
    let done = AtomicBool::new(false);
    let lane = |stream: u64| {
        let (shared, done, meter) = (&shared, &done, &meter);
        move || {
            let mut memo = Memo::Shared(shared);
            let lane = Lane {
                stream,
                done: Some(done),
            };
            let out = search_with(board, variant, settings, true, meter, &mut memo, lane);
            if out.verdict != Verdict::Unknown {
                done.store(true, Ordering::Relaxed);
            }
            out
        }
    };
    let outs: Vec<Outcome> = std::thread::scope(|s| {
        let others: Vec<_> = (1..threads as u64).map(|t| s.spawn(lane(t))).collect();
        let mut outs = vec![lane(0)()];
        outs.extend(
            others
                .into_iter()
                .map(|h| h.join().expect("a search thread ends")),
        );
        outs
    });
    let nodes = outs.iter().map(|o| o.nodes).sum();
    let verdict = outs
        .into_iter()
        .map(|o| o.verdict)
        .find(|v| *v != Verdict::Unknown)
        .unwrap_or(Verdict::Unknown);
    Outcome { verdict, nodes }
}

/// A move order learned across restarts (nested rollout policy adaptation
/// on the deepest line found so far): each move has a weight by its
/// [`code`] (its kind and cells); a restart tries a position's moves
/// (within their priority class) in the order of weight plus Gumbel noise,
/// so sampled as a softmax would; after each run the weights move towards
/// the deepest line any run reached.
struct Policy {
    w: Vec<f32>,
    /// The deepest line so far: per level, the code of the move taken ...
    taken: Vec<u16>,
    /// ... and where the codes of the moves there end in `codes`.
    ends: Vec<usize>,
    codes: Vec<u16>,
    /// Reused by [`order_by`]: the moves with their sort keys.
    keyed: Vec<(u8, f32, (Pos, Pos))>,
}

/// The policy's step size. With weights by kind, 0.03–0.3 all gave about
/// the same gain (600 random 16 × 9 boards, 30,000 positions each, one
/// thread: `down` 89.8 → 91.7–92.2 % decided, `up` 91.2 → 92.3–93.5 %,
/// `gather-vertical` 90.2 → 90.8–91.3 %); 1.0 lost some (`down` 89 %): the
/// search then keeps too close to one line.
const POLICY_STEP: f32 = 0.1;

impl Policy {
    fn new() -> Policy {
        Policy {
            w: vec![0.0; CODES],
            taken: Vec::new(),
            ends: Vec::new(),
            codes: Vec::new(),
            keyed: Vec::new(),
        }
    }

    /// One adaptation step towards the deepest line (NRPA's, with step
    /// POLICY_STEP).
    fn adapt(&mut self) {
        let old = self.w.clone();
        let mut start = 0;
        for (&taken, &end) in self.taken.iter().zip(&self.ends) {
            let there = &self.codes[start..end];
            start = end;
            let z: f32 = there.iter().map(|&c| old[c as usize].exp()).sum();
            for &c in there {
                self.w[c as usize] -= POLICY_STEP * old[c as usize].exp() / z;
            }
            self.w[taken as usize] += POLICY_STEP;
        }
    }

    /// Keeps the line of `frames` (the move taken at each level and the
    /// moves there) when it is deeper than the deepest so far.
    fn note(&mut self, frames: &[Frame]) {
        if frames.len() <= self.taken.len() {
            return;
        }
        self.taken.clear();
        self.ends.clear();
        self.codes.clear();
        for f in frames {
            self.taken.push(code(&f.state, f.moves[f.next - 1]));
            for &m in &f.moves {
                self.codes.push(code(&f.state, m));
            }
            self.ends.push(self.codes.len());
        }
    }
}

/// Whether removals `m` and `s` are independent in a position whose lines
/// are all packed ([`State::all_packed`]): neither moves a tile of the
/// other and each leaves the other joinable, so that both orders are
/// possible and reach the same position. With nothing sliding that is four
/// distinct tiles (a removal only empties cells, so a path stays open);
/// when tiles slide their lines (columns under a vertical variant, else
/// rows) must differ too: a removal slides only its own lines, and on
/// packed lines it only empties cells.
#[inline]
fn independent(m: (Pos, Pos), s: (Pos, Pos), variant: Variant) -> bool {
    if variant == Variant::None {
        return m.0 != s.0 && m.0 != s.1 && m.1 != s.0 && m.1 != s.1;
    }
    let line = |p: Pos| if variant.vertical() { p.x } else { p.y };
    let (a, b, c, d) = (line(m.0), line(m.1), line(s.0), line(s.1));
    a != c && a != d && b != c && b != d
}

/// One level of the depth-first search: its position, its moves and the
/// next to try (kept and reused from run to run: no allocation per node),
/// and its sleep set.
///
/// **Sleep sets** (Godefroid's partial-order reduction): once a move `s`
/// of a position P has been searched and proved lost, a later sibling `m`
/// independent of `s` gets `s` in its sleep set, and the search does not
/// try `s` below P·m while it follows moves independent of `s`: P·m·…·s
/// is P·s·m·… (the same position by the other order), a position below
/// P·s, which is lost. So every move skipped leads to a lost position,
/// and a position whose other moves are all lost is lost and is
/// remembered as such.
struct Frame {
    state: State,
    moves: Vec<(Pos, Pos)>,
    next: usize,
    /// Moves not to try here (each leads to a position proved lost).
    sleep: Vec<(Pos, Pos)>,
}

/// How one depth-first run ended.
enum Run {
    Won(Vec<(Pos, Pos)>),
    /// The whole tree was searched: lost.
    Exhausted,
    /// The run's own limit was reached (restart with another order).
    Limit,
    /// The budget ran out.
    Spent,
}

/// The first run's node limit when nothing slides; each restart doubles
/// it. (Kept as it was: the deals under `none` are proved by this search
/// with a node budget, so its order of work names those deals.)
const FIRST_RUN: u64 = 256;

/// The unit of the restarts' node limits under a sliding variant, which
/// follow the Luby sequence (1, 1, 2, 1, 1, 2, 4, 1, …) times this: many
/// short randomised runs find the wins of sliding boards sooner than
/// doubling runs (86.5 → 93 % of random 16 × 9 `down` boards decided in
/// 100 ms), and the sequence still grows without bound.
const LUBY_UNIT: u64 = 256;

/// The i-th term (from 1) of the Luby sequence.
fn luby(i: u64) -> u64 {
    let mut i = i.max(1);
    loop {
        // The smallest k with 2^k - 1 >= i.
        let k = 64 - i.leading_zeros();
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// Restarted depth-first search: each run tries the moves in another
/// random order (ties within a priority class) and stops at its own node
/// limit (doubled run by run when nothing slides, the Luby sequence
/// otherwise); positions proved lost (a subtree searched to its end) are
/// kept across runs, so a run that ends unlimited is the exhaustive proof.
fn search(board: &Board, variant: Variant, settings: Settings, cores: bool) -> Outcome {
    let meter = settings.budget.start();
    let mut memo = Memo::Own(Failed::default());
    search_with(
        board,
        variant,
        settings,
        cores,
        &meter,
        &mut memo,
        Lane::default(),
    )
}

/// The positions proved lost: a search's own, or one set several searches
/// share (each entry is a proof, whoever made it).
enum Memo<'a> {
    Own(Failed),
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    Shared(&'a Mutex<Failed>),
}

impl Memo<'_> {
    #[inline]
    fn contains(&self, key: &u128) -> bool {
        match self {
            Memo::Own(f) => f.contains(key),
            Memo::Shared(m) => m.lock().unwrap_or_else(|e| e.into_inner()).contains(key),
        }
    }

    /// Remembers `key` while fewer than `cap` are remembered.
    #[inline]
    fn insert(&mut self, key: u128, cap: usize) {
        let put = |f: &mut Failed| {
            if f.len() < cap {
                f.insert(key);
            }
        };
        match self {
            Memo::Own(f) => put(f),
            Memo::Shared(m) => put(&mut m.lock().unwrap_or_else(|e| e.into_inner())),
        }
    }
}

/// Which of several searches on one board this is: its random stream (0
/// the first, whose first run keeps the fixed order) and a flag that ends
/// it when another has answered.
#[derive(Clone, Copy, Default)]
struct Lane<'a> {
    stream: u64,
    done: Option<&'a AtomicBool>,
}

/// [`search`] with a memo and a lane of its own.
fn search_with(
    board: &Board,
    variant: Variant,
    settings: Settings,
    cores: bool,
    meter: &Meter,
    memo: &mut Memo,
    lane: Lane,
) -> Outcome {
    let mut rounds = Rounds::new(board, variant, settings, cores);
    let verdict = rounds.go(board, meter, memo, lane);
    Outcome {
        verdict,
        nodes: rounds.nodes,
    }
}

/// Where a restarted search stands: its runs so far, the run a budget cut
/// short (resumed by the next call), and what it reuses from run to run.
struct Rounds {
    variant: Variant,
    settings: Settings,
    /// Whether the lost-core check may run (not in its own small searches).
    cores: bool,
    /// Positions expanded so far.
    nodes: u64,
    /// The run under way (each run has its own random order).
    round: u64,
    /// The run's node limit.
    limit: u64,
    /// The node count at which the run under way stops.
    stop: u64,
    /// Where a run the budget cut short stopped (see [`Ctx`]): the next
    /// call goes on with it.
    resume: Option<usize>,
    /// The run's random order.
    rng: Rng,
    frames: Vec<Frame>,
    scratch: Scratch,
    policy: Option<Policy>,
    /// Whether the lost-core check ignores the clock (a session's: its
    /// budgets are slices, and the check is not resumable).
    untimed_core: bool,
}

impl Rounds {
    fn new(board: &Board, variant: Variant, settings: Settings, cores: bool) -> Rounds {
        Rounds {
            variant,
            settings,
            cores,
            nodes: 0,
            round: 0,
            // A run must at least reach the bottom of the tree (a pair per level).
            limit: FIRST_RUN.max(board.tiles() as u64),
            stop: 0,
            resume: None,
            rng: Rng::new(0),
            untimed_core: false,
            frames: Vec::new(),
            scratch: Scratch::default(),
            // Nothing sliding, the learned order gained nothing (600 boards:
            // 94.7 % decided plain, 94.2–94.3 % with it), and deals there
            // name the search.
            policy: (settings.learn && variant != Variant::None).then(Policy::new),
        }
    }

    /// Runs until an answer or until `meter` is spent ("unknown"; a later
    /// call goes on with the run it cut short, whose positions already
    /// proved lost are in `memo`).
    fn go(&mut self, board: &Board, meter: &Meter, memo: &mut Memo, lane: Lane) -> Verdict {
        let (variant, settings, cores) = (self.variant, self.settings, self.cores);
        if board.is_empty() {
            return Verdict::Won(Vec::new());
        }
        loop {
            let round = self.round;
            if self.resume.is_none() {
                self.rng = Rng::new(round ^ lane.stream << 40);
                if variant != Variant::None {
                    self.limit = luby(round + 1)
                        .saturating_mul(LUBY_UNIT)
                        .max(board.tiles() as u64);
                }
                self.stop = self.nodes.saturating_add(self.limit);
            }
            let run = run(
                board,
                variant,
                &mut Ctx {
                    meter,
                    failed: &mut *memo,
                    memo_cap: settings.memo_cap,
                    nodes: &mut self.nodes,
                    limit: self.stop,
                    done: lane.done,
                    rng: (round > 0 || lane.stream > 0).then_some(&mut self.rng),
                    frames: &mut self.frames,
                    scratch: &mut self.scratch,
                    policy: self.policy.as_mut(),
                    sleep: settings.sleep,
                    resume: &mut self.resume,
                },
            );
            match run {
                Run::Won(order) => return Verdict::Won(order),
                Run::Exhausted => return Verdict::Lost,
                // (The run goes on in the next call: its policy adapts at its end.)
                Run::Spent => return Verdict::Unknown,
                Run::Limit => {
                    if let Some(p) = self.policy.as_mut() {
                        p.adapt();
                    }
                    // The first run found no quick win: look for a lost
                    // core (nothing sliding) before searching harder.
                    let lost =
                        round == 0 && lane.stream == 0 && cores && variant == Variant::None && {
                            let allowance = settings
                                .budget
                                .nodes
                                .map_or(CORE_ALLOWANCE, |n| n.saturating_sub(self.nodes) / 2);
                            let clock = if self.untimed_core {
                                &Meter::UNLIMITED
                            } else {
                                meter
                            };
                            let (lost, used) = lost_core(board, allowance, clock, lane.done);
                            self.nodes += used;
                            lost
                        };
                    if lost {
                        return Verdict::Lost;
                    }
                    self.limit = self.limit.saturating_mul(2);
                    self.round += 1;
                }
            }
        }
    }
}

/// A search that goes on across calls: [`Session::advance`] searches for
/// a budget and, when that runs out first, keeps the positions it proved
/// lost and the run under way for the next call (the page's verdict
/// searching on, a slice at a time, after its first budget said
/// "unknown").
pub struct Session {
    board: Board,
    failed: Failed,
    rounds: Rounds,
    answer: Option<Verdict>,
}

impl Session {
    /// A search of `board` under `variant` with `settings`: each call
    /// brings its own budget, the one in `settings` bounds the lost-core
    /// check (as in [`solve`]; under `none`, once, when the first run
    /// ends), which runs whole whatever the slice's time. In slices the
    /// search is that of one call with no clock: the same positions in the
    /// same order, whatever the slices.
    pub fn new(board: &Board, variant: Variant, settings: Settings) -> Session {
        Session {
            board: board.clone(),
            failed: Failed::default(),
            rounds: Rounds {
                untimed_core: true,
                ..Rounds::new(board, variant, settings, true)
            },
            answer: None,
        }
    }

    /// Searches on for at most `budget` (its positions counted from this
    /// call; at least one position is expanded, so that any budget makes
    /// progress); once decided, the answer stays.
    pub fn advance(&mut self, budget: Budget) -> Verdict {
        if let Some(answer) = &self.answer {
            return answer.clone();
        }
        let meter = budget.start().offset(self.rounds.nodes);
        let mut memo = Memo::Own(std::mem::take(&mut self.failed));
        let v = self
            .rounds
            .go(&self.board, &meter, &mut memo, Lane::default());
        if let Memo::Own(f) = memo {
            self.failed = f;
        }
        if v == Verdict::Unknown && self.rounds.resume.is_some() {
            // The position the run stopped at was counted but not expanded:
            // it is counted when the run goes on (so that a search in
            // slices is the search of one call, position for position).
            self.rounds.nodes -= 1;
        }
        if v != Verdict::Unknown {
            // Decided: what the search kept is no longer needed.
            self.failed = Failed::default();
            self.rounds.frames = Vec::new();
            self.answer = Some(v.clone());
        }
        v
    }

    /// Positions expanded so far, over every call.
    pub fn nodes(&self) -> u64 {
        self.rounds.nodes
    }
}

struct Ctx<'a, 'm> {
    meter: &'a Meter,
    failed: &'a mut Memo<'m>,
    memo_cap: usize,
    nodes: &'a mut u64,
    /// The node count at which this run stops.
    limit: u64,
    /// Set when another search on the board has answered.
    done: Option<&'a AtomicBool>,
    /// Shuffles each position's moves within their priority class.
    rng: Option<&'a mut Rng>,
    frames: &'a mut Vec<Frame>,
    scratch: &'a mut Scratch,
    /// The learned order, when the settings ask for one.
    policy: Option<&'a mut Policy>,
    /// Whether sleep sets may prune (see [`Frame`]).
    sleep: bool,
    /// Where a run the budget cut short stopped (the depth of the position
    /// it had not expanded; `frames` hold its line), for the next call.
    resume: &'a mut Option<usize>,
}

fn run(board: &Board, variant: Variant, cx: &mut Ctx<'_, '_>) -> Run {
    // frames[..depth] are the open levels; frames[depth] receives the next
    // position when `fresh` (a move was just made).
    let frames = &mut *cx.frames;
    // A run the budget cut short goes on where it stopped: at the
    // position it had not yet expanded.
    // (The position a run stopped at is expanded before the budget is
    // asked again: every call makes progress, whatever its budget.)
    let mut resumed = cx.resume.is_some();
    let mut depth = match cx.resume.take() {
        Some(depth) => depth,
        None => {
            let root = State::of(board);
            if frames.is_empty() {
                frames.push(Frame {
                    state: root.clone(),
                    moves: Vec::new(),
                    next: 0,
                    sleep: Vec::new(),
                });
            }
            frames[0].state.clone_from(&root);
            frames[0].sleep.clear();
            0
        }
    };
    // Independence needs packed lines (a board from a link may have gaps;
    // the search's removals keep packed lines packed).
    let sleepy = cx.sleep && frames[0].state.all_packed(variant);
    let mut fresh = true;
    loop {
        if fresh {
            fresh = false;
            if let Some(policy) = cx.policy.as_deref_mut() {
                policy.note(&frames[..depth]);
            }
            let f = &mut frames[depth];
            if f.state.tiles == 0 {
                return Run::Won(
                    frames[..depth]
                        .iter()
                        .map(|f| f.moves[f.next - 1])
                        .collect(),
                );
            }
            let key = f.state.key;
            if !cx.failed.contains(&key) {
                *cx.nodes += 1;
                if !std::mem::take(&mut resumed)
                    && (cx.meter.spent(*cx.nodes, 64)
                        || (*cx.nodes & 63 == 0
                            && cx.done.is_some_and(|d| d.load(Ordering::Relaxed))))
                {
                    *cx.resume = Some(depth);
                    return Run::Spent;
                }
                if *cx.nodes >= cx.limit {
                    return Run::Limit;
                }
                candidates(&mut f.state, variant, cx.scratch, &mut f.moves);
                if let Some(rng) = cx.rng.as_deref_mut() {
                    match cx.policy.as_deref_mut() {
                        Some(policy) => order_by(&mut f.moves, &f.state, rng, policy),
                        None => shuffle_within(&mut f.moves, &f.state, rng),
                    }
                }
                if sleepy && !f.sleep.is_empty() {
                    let Frame { moves, sleep, .. } = f;
                    // (Pairs are always in reading order: one way to compare.)
                    moves.retain(|m| !sleep.contains(m));
                }
                f.next = 0;
                if f.moves.is_empty() {
                    cx.failed.insert(key, cx.memo_cap);
                } else {
                    depth += 1;
                }
            }
        }
        if depth == 0 {
            return Run::Exhausted;
        }
        let top = &mut frames[depth - 1];
        if top.next < top.moves.len() {
            let (a, b) = top.moves[top.next];
            top.next += 1;
            if frames.len() == depth {
                let state = frames[depth - 1].state.clone();
                frames.push(Frame {
                    state,
                    moves: Vec::new(),
                    next: 0,
                    sleep: Vec::new(),
                });
            } else {
                let (parents, children) = frames.split_at_mut(depth);
                children[0].state.clone_from(&parents[depth - 1].state);
            }
            let (parents, children) = frames.split_at_mut(depth);
            let (parent, child) = (&parents[depth - 1], &mut children[0]);
            child.sleep.clear();
            if sleepy {
                // The parent's sleeping moves and its moves already
                // searched (lost), where independent of this one.
                let done = parent.sleep.iter().chain(&parent.moves[..parent.next - 1]);
                child
                    .sleep
                    .extend(done.copied().filter(|&s| independent((a, b), s, variant)));
            }
            child.state.remove(a, b, variant);
            fresh = true;
        } else {
            depth -= 1;
            let key = frames[depth].state.key;
            cx.failed.insert(key, cx.memo_cap);
        }
    }
}

/// The policy's table of weights: a move's code is a hash of its kind and
/// its two cells into this many entries.
const CODES: usize = 4096;

/// The code of move `m` in `s` (a kind's pair on those two cells). Codes
/// by kind alone gained less (600 random boards, 30,000 positions, one
/// thread: `down` 91.7 against 93.5 % decided, `up` 93.5 against 94.3 %),
/// and so did the two cells alone (92.8 and 93.5 %) and the kind with the
/// number of its tiles left (91.2 and 92.0 %).
#[inline]
fn code(s: &State, m: (Pos, Pos)) -> u16 {
    let k = u64::from(s.at(m.0));
    let a = (m.0.y as usize * s.w + m.0.x as usize) as u64;
    let b = (m.1.y as usize * s.w + m.1.x as usize) as u64;
    ((k << 32 | a << 16 | b).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 52) as u16
}

/// Orders `moves` by the learned weights of their codes plus Gumbel noise
/// (the order in which a softmax over the weights would draw them),
/// keeping their priority classes in order.
fn order_by(moves: &mut Vec<(Pos, Pos)>, s: &State, rng: &mut Rng, policy: &mut Policy) {
    let Policy { w, keyed, .. } = policy;
    keyed.clear();
    keyed.extend(moves.iter().map(|&m| {
        let k = s.at(m.0);
        let u = (rng.below(1 << 24) as f32 + 0.5) / (1u32 << 24) as f32;
        let gumbel = -(-u.ln()).ln();
        (
            u8::from(s.counts[k as usize] != 2),
            -(w[code(s, m) as usize] + gumbel),
            m,
        )
    }));
    // By insertion: a position has a few dozen moves at most, and a library
    // sort of these keys would add 6 KB to the page's wasm.
    for i in 1..keyed.len() {
        let mut j = i;
        while j > 0 && (keyed[j - 1].0, keyed[j - 1].1) > (keyed[j].0, keyed[j].1) {
            keyed.swap(j - 1, j);
            j -= 1;
        }
    }
    moves.clear();
    moves.extend(keyed.iter().map(|&(_, _, m)| m));
}

/// Shuffles `moves` keeping their priority classes in order (a kind's
/// last two tiles first).
fn shuffle_within(moves: &mut [(Pos, Pos)], s: &State, rng: &mut Rng) {
    let class = |m: &(Pos, Pos)| u8::from(s.counts[s.at(m.0) as usize] != 2);
    for i in (1..moves.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        moves.swap(i, j);
    }
    moves.sort_by_key(class);
}

/// Whether replaying `order` on `board` under `variant` removes joinable
/// pairs of equal tiles and empties the board.
pub fn wins(board: &Board, variant: Variant, order: &[(Pos, Pos)]) -> bool {
    let mut b = board.clone();
    for &(p, q) in order {
        if b.join(p, q).is_err() {
            return false;
        }
        b.remove(p, q, variant);
    }
    b.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A board of random kinds (1..=kinds) on a share `fill` of its cells.
    fn board(w: usize, h: usize, fill: u64, kinds: u64, seed: u64) -> Board {
        let mut rng = crate::rng::Rng::new(seed);
        let mut cells: Vec<u8> = (0..w * h)
            .map(|_| {
                if rng.below(100) < fill {
                    rng.below(kinds) as u8 + 1
                } else {
                    0
                }
            })
            .collect();
        // Even counts: drop one tile of each kind that occurs oddly often.
        let mut counts = [0usize; MAX_KINDS + 1];
        cells.iter().for_each(|&k| counts[k as usize] += 1);
        for k in 1..=kinds as u8 {
            if counts[k as usize] % 2 == 1 {
                let i = cells.iter().position(|&c| c == k).unwrap();
                cells[i] = 0;
            }
        }
        Board::from_cells(w, h, cells).unwrap()
    }

    /// The joinable pair of `b` that `pick` names, if any pair joins.
    fn picked_pair(b: &Board, pick: u64) -> Option<(Pos, Pos)> {
        let pairs = b.pairs();
        (!pairs.is_empty()).then(|| pairs[(pick % pairs.len() as u64) as usize])
    }

    fn same_state(s: &State, b: &Board) -> Result<(), TestCaseError> {
        let t = State::of(b);
        prop_assert_eq!(&s.cells, &t.cells);
        prop_assert_eq!(s.occ.rows, t.occ.rows);
        prop_assert_eq!(s.occ.cols, t.occ.cols);
        prop_assert_eq!(s.counts, t.counts);
        prop_assert_eq!(s.key, t.key);
        prop_assert_eq!(s.tiles, t.tiles);
        Ok(())
    }

    /// Whether `p` and `q` join, by the path-connect engine's search.
    fn joined_ref(b: &Board, p: Pos, q: Pos) -> bool {
        super::super::tests::reference_segments(b, p, q).is_some_and(|n| n <= 3)
    }

    /// Every pair of equal tiles joined by the reference search, in reading
    /// order of the first tile, then of the second.
    fn brute_pairs(b: &Board) -> Vec<(Pos, Pos)> {
        let tiles: Vec<Pos> = b.occupied().collect();
        let mut pairs = Vec::new();
        for (i, &p) in tiles.iter().enumerate() {
            for &q in &tiles[i + 1..] {
                if b.get(p) == b.get(q) && joined_ref(b, p, q) {
                    pairs.push((p, q));
                }
            }
        }
        pairs
    }

    /// The reference move generator (pairs by the path-connect engine): pairs of
    /// kinds with two tiles left first, kind by kind in reading order; a
    /// kind that can go whole moving no other tile alone.
    fn reference(b: &Board, variant: Variant) -> Vec<(Pos, Pos)> {
        let moves_nothing =
            |b: &Board, (p, q): (Pos, Pos)| b.clone().remove(p, q, variant).is_empty();
        let pairs = brute_pairs(b);
        let counts = b.kind_counts();
        let (mut last, mut others) = (Vec::new(), Vec::new());
        for k in 1..=MAX_KINDS as u8 {
            let joined: Vec<(Pos, Pos)> = pairs
                .iter()
                .copied()
                .filter(|&(p, _)| b.get(p) == k)
                .collect();
            if joined.is_empty() {
                continue;
            }
            let n = counts[k as usize];
            if n == 2 && moves_nothing(b, joined[0]) {
                return joined;
            }
            if n == 4 {
                for &(p, q) in &joined {
                    let mut after = b.clone();
                    if !after.remove(p, q, variant).is_empty() {
                        continue;
                    }
                    let rest: Vec<Pos> = after.occupied().filter(|&t| after.get(t) == k).collect();
                    if joined_ref(&after, rest[0], rest[1])
                        && moves_nothing(&after, (rest[0], rest[1]))
                    {
                        return vec![(p, q)];
                    }
                }
            }
            if n == 2 {
                last.extend(joined);
            } else {
                others.extend(joined);
            }
        }
        last.extend(others);
        last
    }

    proptest! {
        /// The bytewise comparison agrees with one byte at a time.
        #[test]
        fn equal_bytes_compares_each_byte(
            a in proptest::collection::vec(0u8..4, 0..=64), flips in proptest::collection::vec(any::<u8>(), 64),
        ) {
            let b: Vec<u8> = a.iter().zip(&flips).map(|(&x, &f)| if f % 3 == 0 { x.wrapping_add(f) } else { x }).collect();
            let want = a.iter().zip(&b).enumerate().fold(0u64, |m, (i, (x, y))| m | u64::from(x == y) << i);
            prop_assert_eq!(equal_bytes(&a, &b), want);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Two removals the sleep sets call independent, in a position with
        /// every line packed (a full board and removals from it): each
        /// stays joinable after the other, and both orders reach the same
        /// position.
        #[test]
        fn independent_removals_commute(
            w in 2usize..=8, h in 2usize..=6, kinds in 1u64..=6, v in 0usize..9,
            seed in any::<u64>(), picks in proptest::collection::vec(any::<u64>(), 0..10),
        ) {
            let variant = Variant::ALL[v];
            let mut b = board(w, h, 100, kinds, seed);
            // (`board` drops a tile of each kind that came up oddly often,
            // which may leave a gap in a line: such boards are skipped.)
            prop_assume!(State::of(&b).all_packed(variant));
            for pick in picks {
                let Some((p, q)) = picked_pair(&b, pick) else { break };
                b.remove(p, q, variant);
            }
            prop_assert!(State::of(&b).all_packed(variant), "removals keep lines packed");
            let pairs = b.pairs();
            for &m in &pairs {
                for &s in &pairs {
                    if m == s || !independent(m, s, variant) {
                        continue;
                    }
                    let mut ms = b.clone();
                    ms.remove(m.0, m.1, variant);
                    prop_assert!(ms.join(s.0, s.1).is_ok(), "{:?} then {:?}\n{}", m, s, b.to_text());
                    ms.remove(s.0, s.1, variant);
                    let mut sm = b.clone();
                    sm.remove(s.0, s.1, variant);
                    prop_assert!(sm.join(m.0, m.1).is_ok());
                    sm.remove(m.0, m.1, variant);
                    prop_assert_eq!(ms.cells(), sm.cells());
                }
            }
        }
    }

    /// Random board `seed` of the Classic size (16 × 9, 36 kinds, four
    /// tiles each), as the benchmark draws them.
    fn classic_random(variant: Variant, seed: u64) -> Board {
        let spec = super::super::deal::Spec {
            w: 16,
            h: 9,
            kinds: 36,
            variant,
        };
        super::super::deal::random_board(spec, seed).expect("a board")
    }

    /// Sleep sets prune: on random Classic boards proved lost both ways,
    /// the search with them expands fewer positions (the orders it skips
    /// were not all known lost yet: under `none` 69,936 against 72,567 on
    /// the 8 of these 40 boards).
    #[test]
    fn sleep_sets_expand_fewer_positions() {
        for variant in [Variant::None, Variant::Down] {
            let (mut with, mut without, mut lost) = (0u64, 0u64, 0);
            for seed in 1..=40 {
                let b = classic_random(variant, seed);
                if !State::of(&b).all_packed(variant) {
                    continue;
                }
                let plain = solve(&b, variant, Settings::nodes(200_000));
                let pruned = solve(
                    &b,
                    variant,
                    Settings {
                        sleep: true,
                        ..Settings::nodes(200_000)
                    },
                );
                if plain.verdict == Verdict::Lost && pruned.verdict == Verdict::Lost {
                    lost += 1;
                    with += pruned.nodes;
                    without += plain.nodes;
                }
            }
            assert!(lost >= 3, "{}: {} lost boards", variant.name(), lost);
            assert!(
                with < without,
                "{}: {} positions with sleep sets, {} without",
                variant.name(),
                with,
                without
            );
        }
    }

    /// A session searched in slices (of 40 positions, of one, of no time
    /// at all — the clock is read every 64 positions —, or of 0.3 ms, where
    /// they end where the clock says) makes the search of one call,
    /// position for position: the same answer (the same winning
    /// order) after the same positions — the run a slice cut short goes on
    /// where it stopped, with its random order, and what it proved lost is
    /// kept. Random boards that one search decides, lost and won.
    #[test]
    fn a_search_in_slices_is_the_search_of_one_call() {
        let boards = [
            (Variant::None, [1, 2, 3, 11, 12, 26, 28, 47]),
            (Variant::Down, [2, 3, 7, 27, 31, 47, 6, 10]),
            (Variant::Left, [9, 11, 18, 21, 28, 34, 13, 20]),
        ];
        for (variant, seeds) in boards {
            let (mut lost, mut won, mut slices) = (0, 0, 0);
            for seed in seeds {
                let b = classic_random(variant, seed);
                let settings = Settings {
                    learn: true,
                    sleep: true,
                    ..Settings::nodes(60_000)
                };
                let one = solve(&b, variant, settings);
                let mut session = Session::new(&b, variant, settings);
                let mut calls = 0u64;
                let v = loop {
                    let budget = match calls % 4 {
                        0 => Budget::nodes(40),
                        1 => Budget::nodes(1),
                        2 => Budget::time(std::time::Duration::ZERO),
                        _ => Budget::time(std::time::Duration::from_micros(300)),
                    };
                    let v = session.advance(budget);
                    calls += 1;
                    if v != Verdict::Unknown || session.nodes() > one.nodes {
                        break v;
                    }
                };
                let name = variant.name();
                assert_eq!(v, one.verdict, "{name} seed {seed}");
                assert_eq!(session.nodes(), one.nodes, "{name} seed {seed}");
                slices += calls;
                assert_eq!(session.advance(Budget::nodes(40)), v, "an answer stays");
                match v {
                    Verdict::Won(order) => {
                        assert!(wins(&b, variant, &order));
                        won += 1;
                    }
                    Verdict::Lost => lost += 1,
                    Verdict::Unknown => panic!("{name} seed {seed}: undecided"),
                }
            }
            assert!(
                lost >= 3 && won >= 3,
                "{}: {won} won, {lost} lost",
                variant.name()
            );
            assert!(slices > 200, "{}: {slices} slices", variant.name());
        }
    }

    #[test]
    fn the_luby_sequence() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(luby(31), 16);
        assert_eq!(luby(63), 32);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]

        /// The search's incremental position moves as the board does.
        #[test]
        fn the_state_moves_as_the_board_does(
            w in 1usize..=12, h in 1usize..=10, fill in 0u64..=100, kinds in 1u64..=4,
            seed in any::<u64>(), v in 0usize..9, picks in proptest::collection::vec(any::<u64>(), 1..12),
        ) {
            let variant = Variant::ALL[v];
            let mut b = board(w, h, fill, kinds, seed);
            let mut s = State::of(&b);
            for pick in picks {
                let Some((p, q)) = picked_pair(&b, pick) else { break };
                b.remove(p, q, variant);
                s.remove(p, q, variant);
                same_state(&s, &b)?;
            }
        }

        /// `Board::pairs` lists every joinable pair, in reading order.
        #[test]
        fn pairs_are_every_joinable_pair(
            w in 1usize..=12, h in 1usize..=10, fill in 0u64..=100, kinds in 1u64..=6, seed in any::<u64>(),
        ) {
            let b = board(w, h, fill, kinds, seed);
            prop_assert_eq!(b.pairs(), brute_pairs(&b), "{}", b.to_text());
            prop_assert_eq!(b.has_pair(), !brute_pairs(&b).is_empty());
        }

        /// The move generator lists what the reference does, in its order.
        #[test]
        fn candidates_are_the_references(
            w in 1usize..=12, h in 1usize..=10, fill in 50u64..=100, kinds in 1u64..=6,
            seed in any::<u64>(), v in 0usize..9, picks in proptest::collection::vec(any::<u64>(), 0..20),
        ) {
            let variant = Variant::ALL[v];
            let mut b = board(w, h, fill, kinds, seed);
            let mut sc = Scratch::default();
            let mut out = Vec::new();
            for pick in picks {
                let mut s = State::of(&b);
                candidates(&mut s, variant, &mut sc, &mut out);
                let want = reference(&b, variant);
                prop_assert_eq!(&out, &want, "{}", b.to_text());
                if out.is_empty() {
                    break;
                }
                let (p, q) = out[(pick % out.len() as u64) as usize];
                b.remove(p, q, variant);
            }
        }
    }
}
