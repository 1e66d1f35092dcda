//! The exact solver: can this position be won under this variant?
//!
//! Depth-first over removals, with the positions already proved lost
//! remembered (by a 128-bit fingerprint of the board, in a capped set), the
//! pairs that finish a kind tried first, and — when nothing slides
//! (`Variant::None`) — two proofs that only hold there, because removing
//! tiles then never blocks a path:
//!
//! * a **safe removal**: when every tile left of one kind can be removed
//!   right now (two tiles that join, or four that pair off), taking them
//!   first never loses a winning line, so it is the only child tried;
//! * a **lost core**: when the board restricted to one or two kinds (all
//!   other tiles gone, the best case for them) cannot be won, neither can
//!   the whole board.
//!
//! The answer is a winning order of pairs, a proof of loss (the whole
//! search ran out of moves), or "unknown" when the budget ran out first.

use std::collections::HashSet;

use super::{Board, Occupancy, Pos, Variant, MAX_KINDS};
use crate::budget::{Budget, Meter};
use crate::rng::Rng;

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
}

impl Settings {
    /// A budget of `nodes` positions and the default memo.
    pub fn nodes(nodes: u64) -> Settings {
        Settings {
            budget: Budget::nodes(nodes),
            memo_cap: MEMO_CAP,
        }
    }
}

/// A 128-bit fingerprint of a board (two multiply-mix hashes of its cells).
fn fingerprint(b: &Board) -> u128 {
    let (mut h1, mut h2) = (0x9E37_79B9_7F4A_7C15u64, 0xC2B2_AE3D_27D4_EB4Fu64);
    for chunk in b.cells().chunks(8) {
        let mut v = [0u8; 8];
        v[..chunk.len()].copy_from_slice(chunk);
        let v = u64::from_le_bytes(v);
        h1 = (h1 ^ v).wrapping_mul(0xFF51_AFD7_ED55_8CCD).rotate_left(29);
        h2 = (h2 ^ v.rotate_left(17))
            .wrapping_mul(0xC4CE_B9FE_1A85_EC53)
            .rotate_left(31);
    }
    (u128::from(h1) << 64) | u128::from(h2)
}

/// The candidate removals of `b` in the order tried: pairs that take a
/// kind's last two tiles first, then the others, each in reading order.
/// Under `Variant::None` a safe removal, when there is one, is returned
/// alone.
fn candidates(b: &Board, variant: Variant) -> Vec<(Pos, Pos)> {
    let mut occ = Occupancy::of(b);
    let by_kind = b.by_kind();
    let mut last = Vec::new();
    let mut others = Vec::new();
    for tiles in by_kind.iter().skip(1) {
        let n = tiles.len();
        let joined = occ.joinable_among(tiles);
        if joined.is_empty() {
            continue;
        }
        if variant == Variant::None {
            if n == 2 {
                return joined;
            }
            if n == 4 {
                if let Some(first) = four_off(b, &joined, tiles) {
                    return vec![first];
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

/// Four tiles of one kind (nothing slides): a pair among `joined` after
/// whose removal the other two join, if any.
fn four_off(b: &Board, joined: &[(Pos, Pos)], tiles: &[Pos]) -> Option<(Pos, Pos)> {
    for &(p, q) in joined {
        let rest: Vec<Pos> = tiles
            .iter()
            .copied()
            .filter(|&t| t != p && t != q)
            .collect();
        let mut after = b.clone();
        after.remove(p, q, Variant::None);
        if Occupancy::of(&after).joinable(rest[0], rest[1]) {
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
/// answer and the positions examined.
fn lost_core(b: &Board, allowance: u64, meter: &Meter) -> (bool, u64) {
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
        if used >= allowance || meter.late() {
            break;
        }
        let small = Settings {
            budget: Budget::nodes(2_000.min(allowance - used)),
            memo_cap: 4096,
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

struct Frame {
    board: Board,
    key: u128,
    moves: Vec<(Pos, Pos)>,
    next: usize,
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

/// The first run's node limit; each restart doubles it.
const FIRST_RUN: u64 = 256;

/// Restarted depth-first search: each run tries the moves in another
/// random order (ties within a priority class) and stops at its own node
/// limit, doubled run by run; positions proved lost (a subtree searched to
/// its end) are kept across runs, so the last run is the exhaustive proof.
fn search(board: &Board, variant: Variant, settings: Settings, cores: bool) -> Outcome {
    let meter: Meter = settings.budget.start();
    let mut failed: HashSet<u128> = HashSet::new();
    let mut nodes = 0u64;
    if board.is_empty() {
        return Outcome {
            verdict: Verdict::Won(Vec::new()),
            nodes,
        };
    }
    // A run must at least reach the bottom of the tree (a pair per level).
    let mut limit = FIRST_RUN.max(board.tiles() as u64);
    for round in 0u64.. {
        let mut rng = Rng::new(round);
        let stop = nodes.saturating_add(limit);
        let run = run(
            board,
            variant,
            &mut Ctx {
                meter: &meter,
                failed: &mut failed,
                memo_cap: settings.memo_cap,
                nodes: &mut nodes,
                limit: stop,
                rng: (round > 0).then_some(&mut rng),
            },
        );
        let verdict = match run {
            Run::Won(order) => Verdict::Won(order),
            Run::Exhausted => Verdict::Lost,
            Run::Spent => Verdict::Unknown,
            Run::Limit => {
                // The first run found no quick win: look for a lost core
                // (nothing sliding) before searching harder.
                let lost = round == 0 && cores && variant == Variant::None && {
                    let allowance = settings
                        .budget
                        .nodes
                        .map_or(CORE_ALLOWANCE, |n| n.saturating_sub(nodes) / 2);
                    let (lost, used) = lost_core(board, allowance, &meter);
                    nodes += used;
                    lost
                };
                if lost {
                    Verdict::Lost
                } else {
                    limit = limit.saturating_mul(2);
                    continue;
                }
            }
        };
        return Outcome { verdict, nodes };
    }
    unreachable!("the rounds end")
}

struct Ctx<'a> {
    meter: &'a Meter,
    failed: &'a mut HashSet<u128>,
    memo_cap: usize,
    nodes: &'a mut u64,
    /// The node count at which this run stops.
    limit: u64,
    /// Shuffles each position's moves within their priority class.
    rng: Option<&'a mut Rng>,
}

fn run(board: &Board, variant: Variant, cx: &mut Ctx) -> Run {
    let mut stack: Vec<Frame> = Vec::new();
    let mut pending = Some(board.clone());
    loop {
        if let Some(b) = pending.take() {
            if b.is_empty() {
                return Run::Won(stack.iter().map(|f| f.moves[f.next - 1]).collect());
            }
            let key = fingerprint(&b);
            if !cx.failed.contains(&key) {
                *cx.nodes += 1;
                if cx.meter.spent(*cx.nodes, 64) {
                    return Run::Spent;
                }
                if *cx.nodes >= cx.limit {
                    return Run::Limit;
                }
                let mut moves = candidates(&b, variant);
                if let Some(rng) = cx.rng.as_deref_mut() {
                    shuffle_within(&mut moves, &b, rng);
                }
                if moves.is_empty() {
                    if cx.failed.len() < cx.memo_cap {
                        cx.failed.insert(key);
                    }
                } else {
                    stack.push(Frame {
                        board: b,
                        key,
                        moves,
                        next: 0,
                    });
                }
            }
        }
        let Some(top) = stack.last_mut() else {
            return Run::Exhausted;
        };
        if top.next < top.moves.len() {
            let (a, b) = top.moves[top.next];
            top.next += 1;
            let mut child = top.board.clone();
            child.remove(a, b, variant);
            pending = Some(child);
        } else {
            let done = stack.pop().expect("a frame");
            if cx.failed.len() < cx.memo_cap {
                cx.failed.insert(done.key);
            }
        }
    }
}

/// Shuffles `moves` keeping their priority classes in order (a kind's
/// last two tiles first).
fn shuffle_within(moves: &mut [(Pos, Pos)], b: &Board, rng: &mut Rng) {
    let counts = b.kind_counts();
    let class = |m: &(Pos, Pos)| u8::from(counts[b.get(m.0) as usize] != 2);
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
