//! The Mayan solver: depth-first search in the statement's order (x, then y,
//! then right before left), so the first solution found is the smallest.
//!
//! Prunings: a left move into an occupied cell is skipped (it is the swap of
//! the right move of the block to its left, tried earlier); a drag onto the
//! same colour is no move; a colour with one or two blocks left can never
//! vanish. Failed (position, moves left) pairs are remembered, so a position
//! reached again by another order of moves is not searched twice.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::{Board, Move, HEIGHT, MAX_COLOR, WIDTH};
use crate::budget::{Budget, Meter};

/// What counts as solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Empty after exactly n moves (the judge).
    Exactly,
    /// Empty after n moves or fewer (players).
    AtMost,
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// These moves clear the board.
    Solved(Vec<Move>),
    /// No sequence does.
    NoSolution,
    /// The node budget ran out first.
    OutOfBudget,
}

/// Search settings.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// What counts as solved.
    pub goal: Goal,
    /// Positions and time the search may spend (in wasm the time is the
    /// page's or worker's clock, `performance.now()`).
    pub budget: Budget,
    /// Remember failed positions (on by default; off gives the plain pruned
    /// search, kept as the benchmark's baseline).
    pub memo: bool,
    /// The most failed positions remembered ([`MEMO_CAP`] by default):
    /// beyond it the search goes on without remembering more, so memory
    /// stays bounded whatever n is.
    pub memo_cap: usize,
}

/// The default bound of the memo: 2,097,152 failed positions (about 100 MB
/// at most).
pub const MEMO_CAP: usize = 1 << 21;

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            goal: Goal::Exactly,
            budget: Budget::UNLIMITED,
            memo: true,
            memo_cap: MEMO_CAP,
        }
    }
}

/// A search's result and how many positions it expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The outcome.
    pub outcome: Outcome,
    /// Positions expanded.
    pub nodes: u64,
}

/// Multiply-rotate hashing for the small keys of the memo (the default
/// SipHash is several times slower here and needs no DoS resistance).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(v as u64);
    }
    fn write_u8(&mut self, v: u8) {
        self.write_u64(v as u64);
    }
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type Memo = HashSet<([u32; WIDTH], u8), BuildHasherDefault<KeyHasher>>;

struct Search {
    settings: Settings,
    meter: Meter,
    failed: Memo,
    nodes: u64,
    out_of_budget: bool,
    path: Vec<Move>,
}

impl Search {
    fn dfs(&mut self, b: &Board, left: u8) -> bool {
        if b.is_empty() {
            return left == 0 || self.settings.goal == Goal::AtMost;
        }
        if left == 0 {
            return false;
        }
        let counts = b.color_counts();
        if counts[1..=MAX_COLOR as usize]
            .iter()
            .any(|&n| n == 1 || n == 2)
        {
            return false;
        }
        let key = (b.key(), left);
        if self.settings.memo && self.failed.contains(&key) {
            return false;
        }
        if self.meter.spent(self.nodes, 256) {
            self.out_of_budget = true;
            return false;
        }
        self.nodes += 1;
        for x in 0..WIDTH {
            for y in 0..HEIGHT {
                let c = b.get(x, y);
                if c == 0 {
                    break;
                }
                for dir in [1i8, -1] {
                    let tx = x as i32 + dir as i32;
                    if !(0..WIDTH as i32).contains(&tx) {
                        continue;
                    }
                    let t = b.get(tx as usize, y);
                    if t == c || (dir == -1 && t != 0) {
                        continue;
                    }
                    let m = Move::new(x, y, dir);
                    let next = b.play(m).expect("checked to be a move");
                    self.path.push(m);
                    if self.dfs(&next, left - 1) {
                        return true;
                    }
                    self.path.pop();
                    if self.out_of_budget {
                        return false;
                    }
                }
            }
        }
        if self.settings.memo && self.failed.len() < self.settings.memo_cap {
            self.failed.insert(key);
        }
        false
    }
}

/// Searches for a sequence of at most / exactly `n` moves that clears `b`;
/// the first in the statement's order.
pub fn solve(b: &Board, n: u32, settings: Settings) -> Report {
    let mut s = Search {
        settings,
        meter: settings.budget.start(),
        failed: Memo::default(),
        nodes: 0,
        out_of_budget: false,
        path: Vec::new(),
    };
    let found = s.dfs(b, n.min(u8::MAX as u32) as u8);
    let outcome = if found {
        Outcome::Solved(s.path)
    } else if s.out_of_budget {
        Outcome::OutOfBudget
    } else {
        Outcome::NoSolution
    };
    Report {
        outcome,
        nodes: s.nodes,
    }
}

/// For a level of `n` moves: the exact answer, and when there is none, a
/// shorter clearing if one exists (the level "can be cleared early").
pub fn solve_level(b: &Board, n: u32, budget: Budget) -> (Outcome, Option<Vec<Move>>) {
    let exact = solve(
        b,
        n,
        Settings {
            budget,
            ..Settings::default()
        },
    )
    .outcome;
    if exact != Outcome::NoSolution {
        return (exact, None);
    }
    let early = match solve(
        b,
        n,
        Settings {
            goal: Goal::AtMost,
            budget,
            ..Settings::default()
        },
    )
    .outcome
    {
        Outcome::Solved(moves) => Some(moves),
        _ => None,
    };
    (exact, early)
}

/// Replays `moves` from `b`; the final board, or `None` if one is not a move.
pub fn replay(b: &Board, moves: &[Move]) -> Option<Board> {
    moves.iter().try_fold(*b, |b, &m| b.play(m))
}
