//! A Same Game solver beside the rules: beam search with de-duplication of
//! positions (a 64-bit hash), where each position is evaluated by playing it
//! out with the tabu-colour random policy (a random cluster not of the tabu
//! colour, while one exists — that colour is kept for one large cluster at
//! the end). The tabu colour is part of the search state: the beam starts
//! from one node per candidate (the three most frequent colours) and every
//! line keeps the colour it started with, so play-outs decide which colour
//! to keep as they decide the moves. Every node remembers the best play-out
//! seen below it: the child that play-out went through inherits it (its
//! evaluation is the better of its own play-out and that one), so a good
//! line stays in the beam until something better is found. A child's
//! play-out starts by following its parent's best line where the line's
//! moves still apply (each tried with probability 0.9), and plays
//! the random policy once the line is used up: a child is judged as the
//! best known line changed by its move. A position
//! reached by two orders of moves keeps the line with more points and the
//! better of the two continuations. Every play-out is a
//! complete game: the best one seen is the answer so far, so the search is
//! anytime. Beams are widened (1, 2, 4, … positions per depth) until the time
//! or node budget runs out; each thread runs its own beams with its own
//! random stream, the threads exchange their best lines after each beam
//! (a thread beaten follows the better line in its next beam's play-outs:
//! `Share`), and the best final score wins. The last share of the
//! budget searches the end of each thread's best line exactly
//! ([`endgame`]), which now and then finds a better ending or a clear.
//!
//! Boards of up to 16 × 16 cells are searched on [`SmallBoard`] (256-bit
//! colour masks, a plain value), larger ones on [`BitBoard`].
//!
//! Measured on the standard positions (docs/benchmarks.md): ordering the
//! beam by score + Σ (s − 2)² over the standing clusters (colour
//! connectivity), with or without the tabu colour, scored 40–50 % lower than
//! play-outs at the same time, so play-outs are what is kept; one fixed tabu
//! colour (the most frequent) scored 7 % lower than three candidates in the
//! beam.
//!
//! With a node budget instead of a time budget, the result depends only on
//! the board, the seed, the threads and the budget.

use std::collections::HashMap;
use std::sync::{Condvar, Mutex};
use std::time::Duration;

use crate::budget::{Budget, Meter};

use super::bits::{BitBoard, Flood};
use super::board::{Board, Cell, MoveError, Removal};
use super::repr::SameGameBoard;
use super::rules::Rules;
use super::small::SmallBoard;

mod endgame;

/// What the search needs of a position beyond [`SameGameBoard`] (whose
/// `balls`, `for_each_cluster` and scratch it uses): [`SmallBoard`] for
/// boards of up to 16 × 16 cells, [`BitBoard`] for the rest.
trait SearchBoard: SameGameBoard {
    /// Play-outs between two looks at the clock: a small board's cost a few
    /// microseconds, so the clock is read every 64; a large board's can
    /// cost a millisecond (64 × 64), and 64 of them between looks made a
    /// run of many threads on two cores end seconds late.
    const CLOCK_EVERY: u64 = 64;

    fn hash64(&self) -> u64;
    fn colors(&self) -> usize;
    fn color_count(&self, k: usize) -> usize;
    /// Removes the cluster at `cell`, known to be a move (a ball of a
    /// cluster of two or more), without the checks of
    /// [`SameGameBoard::remove_cluster`].
    fn remove_known(&mut self, cell: Cell, s: &mut Self::Scratch);
    /// Plays a line's move if it still applies: removes the cluster at
    /// `mv.cell` if that cell holds a ball of `mv.color` in a cluster of two
    /// or more; its size, or `None` (no change).
    fn try_remove(&mut self, mv: Mv, s: &mut Self::Scratch) -> Option<usize>;
    /// Plays a random cluster not of colour index `skip` while there is one
    /// (each such cluster as likely); `None` when no move is left.
    fn random_move(
        &mut self,
        skip: usize,
        s: &mut Self::Scratch,
        below: impl FnMut(u64) -> u64,
    ) -> Option<Removal>;

    /// Runs beams of widths 1, 2, 4, … up to `max_width` until the budget
    /// runs out or a beam keeps every position.
    fn widen(beam: &mut Beam<'_, Self>, start: &Self, max_width: usize) {
        widen(beam, start, max_width)
    }

    /// A walk along the line `moves` (scoring `score`) from `start` that
    /// searches its end exactly within `meter` ([`endgame::Walk`]). Only
    /// the small board has one (every board of the standard set and of the
    /// page's presets): on larger boards the line stays as it is, and the
    /// page's wasm stays without a second copy of the search.
    fn end_walk(
        _start: &Self,
        _moves: &[Cell],
        _score: i64,
        _meter: Meter,
        _slots: usize,
    ) -> Option<Box<dyn endgame::EndWalk>> {
        None
    }
}

#[inline(always)]
fn widen<B: SearchBoard>(beam: &mut Beam<'_, B>, start: &B, max_width: usize) {
    let max_width = max_width.clamp(1, max_width_for(start.balls()));
    let mut width = 1usize;
    loop {
        if beam.run(start, width) != Ran::Done {
            break;
        }
        beam.best.width = width;
        if !beam.truncated {
            beam.exhaustive = true;
            break; // every position was kept: wider finds nothing more
        }
        if width < max_width {
            width = (width * 2).min(max_width);
        } else if !beam.meter.is_limited() {
            break; // at the widest beam with no budget to spend
        }
        // At the widest beam the search runs it again (the play-outs'
        // random stream has moved on) until the budget is spent: memory
        // stays that of one beam of `max_width`.
        beam.exchange(start);
    }
    beam.exchange_done();
    beam.end_exactly(start);
}

/// The widest beam any search runs (per thread). Beams are also kept to
/// [`BEAM_MEMORY`] by [`max_width_for`]; a larger budget runs beams of the
/// widest width again instead of wider ones.
pub const MAX_BEAM_WIDTH: usize = 1 << 14;

/// The memory one thread's beam may take, about: 256 MiB.
pub const BEAM_MEMORY: usize = 256 << 20;

/// The widest beam (a power of two) for a start position of `balls` balls
/// that keeps one thread within [`BEAM_MEMORY`]. A beam node with its
/// children's continuations takes about balls² / 2 bytes (measured: 23 KiB
/// a node on the 225-ball standard positions at width 2,048).
pub fn max_width_for(balls: usize) -> usize {
    width_within(balls, BEAM_MEMORY)
}

/// The widest beam (a power of two, at most [`MAX_BEAM_WIDTH`]) whose nodes
/// for a start of `balls` balls take about `memory` bytes or less.
pub fn width_within(balls: usize, memory: usize) -> usize {
    let per_node = (balls * balls / 2).max(64);
    let fit = (memory / per_node).clamp(1, MAX_BEAM_WIDTH);
    1 << fit.ilog2()
}

impl SearchBoard for BitBoard {
    const CLOCK_EVERY: u64 = 1;

    fn hash64(&self) -> u64 {
        BitBoard::hash64(self)
    }
    fn colors(&self) -> usize {
        BitBoard::colors(self)
    }
    fn color_count(&self, k: usize) -> usize {
        BitBoard::color_count(self, k)
    }
    fn remove_known(&mut self, cell: Cell, s: &mut Flood) {
        BitBoard::remove(self, cell, s);
    }
    fn try_remove(&mut self, mv: Mv, s: &mut Flood) -> Option<usize> {
        // The neighbours first, so a move that no longer applies costs no
        // flood.
        let (col, row) = (mv.cell.col as usize, mv.cell.row as usize);
        if col >= self.width() || row >= self.height() || self.get(col, row) != mv.color {
            return None;
        }
        let same = |c: usize, r: usize| {
            c < self.width() && r < self.height() && self.get(c, r) == mv.color
        };
        let paired = same(col + 1, row)
            || same(col, row + 1)
            || (col > 0 && same(col - 1, row))
            || (row > 0 && same(col, row - 1));
        paired.then(|| BitBoard::remove(self, mv.cell, s))
    }
    fn random_move(
        &mut self,
        skip: usize,
        s: &mut Flood,
        below: impl FnMut(u64) -> u64,
    ) -> Option<Removal> {
        let mv = self.random_cluster(skip, s, below)?;
        BitBoard::remove(self, mv.anchor, s);
        Some(mv)
    }
}

/// [`SmallBoard`] in the search; with `V3` (made only where
/// [`crate::cpu::has_v3`] holds) the whole search is compiled for
/// x86-64-v3, and with `PEXT` too (only where [`crate::cpu::has_fast_pext`]
/// holds) gravity is by `pext`/`pdep`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Small<const V3: bool, const PEXT: bool>(SmallBoard);

crate::cpu::v3_fn! {
    /// [`widen`] compiled for x86-64-v3.
    unsafe fn widen_v3<B: SearchBoard>(beam: &mut Beam<'_, B>, start: &B, max_width: usize) {
        widen(beam, start, max_width)
    }
}

/// The common trait, as the small board has it.
impl<const V3: bool, const PEXT: bool> SameGameBoard for Small<V3, PEXT> {
    type Scratch = ();
    fn from_board(board: &Board) -> Option<Self> {
        SmallBoard::from_board(board).map(Small)
    }
    fn width(&self) -> usize {
        self.0.width()
    }
    fn height(&self) -> usize {
        self.0.height()
    }
    fn get(&self, col: usize, row: usize) -> u8 {
        self.0.get(col, row)
    }
    fn balls(&self) -> usize {
        self.0.balls()
    }
    #[inline(always)]
    fn for_each_cluster(&self, _: &mut (), f: impl FnMut(Removal)) {
        self.0.for_each_cluster(f)
    }
    fn remove_cluster(&mut self, cell: Cell, s: &mut ()) -> Result<Removal, MoveError> {
        self.0.remove_cluster(cell, s)
    }
}

impl<const V3: bool, const PEXT: bool> SearchBoard for Small<V3, PEXT> {
    fn hash64(&self) -> u64 {
        self.0.hash64()
    }
    fn colors(&self) -> usize {
        self.0.colors()
    }
    fn color_count(&self, k: usize) -> usize {
        self.0.color_count(k)
    }
    #[inline(always)]
    fn remove_known(&mut self, cell: Cell, _: &mut ()) {
        self.0.remove_with::<PEXT>(cell);
    }
    #[inline(always)]
    fn try_remove(&mut self, mv: Mv, _: &mut ()) -> Option<usize> {
        self.0.try_remove_with::<PEXT>(mv.cell, mv.color)
    }
    #[inline(always)]
    fn random_move(
        &mut self,
        skip: usize,
        _: &mut (),
        below: impl FnMut(u64) -> u64,
    ) -> Option<Removal> {
        self.0.random_move_with::<PEXT>(skip, below)
    }
    fn end_walk(
        start: &Self,
        moves: &[Cell],
        score: i64,
        meter: Meter,
        slots: usize,
    ) -> Option<Box<dyn endgame::EndWalk>> {
        Some(Box::new(endgame::Walk::with_slots(
            start, moves, score, meter, slots,
        )))
    }
    fn widen(beam: &mut Beam<'_, Self>, start: &Self, max_width: usize) {
        #[cfg(target_arch = "x86_64")]
        if V3 {
            // SAFETY: Small<true, _> is only made when the processor has
            // these features (`solve`).
            return unsafe { widen_v3(beam, start, max_width) };
        }
        widen(beam, start, max_width)
    }
}

/// Budget and shape of a search.
#[derive(Clone, Copy, Debug)]
pub struct SolveSettings {
    /// Time for the whole search and positions evaluated per thread.
    pub budget: Budget,
    /// Threads (each runs its own beam; at least 1).
    pub threads: usize,
    /// Breaks ties between equally evaluated positions.
    pub seed: u64,
    /// Largest beam width tried (at most [`MAX_BEAM_WIDTH`]).
    pub max_width: usize,
}

impl Default for SolveSettings {
    fn default() -> SolveSettings {
        SolveSettings {
            budget: Budget::time(Duration::from_secs(10)),
            threads: 1,
            seed: 1,
            max_width: MAX_BEAM_WIDTH,
        }
    }
}

/// A move list and what it scores under the benchmark's rules ((m − 2)² per
/// move, +1000 when the board is cleared).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Final score.
    pub score: i64,
    /// Whether the board ends empty.
    pub cleared: bool,
    /// The cells played (a ball of each removed cluster at its time).
    pub moves: Vec<Cell>,
    /// Positions evaluated.
    pub nodes: u64,
    /// The widest beam completed.
    pub width: usize,
}

/// A move of a line: a ball of the removed cluster and its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Mv {
    cell: Cell,
    color: u8,
}

#[derive(Clone)]
struct Node<B> {
    board: B,
    score: i64,
    /// The colour index kept for the end along this line.
    tabu: usize,
    /// Index in the arena of moves (u32::MAX: the start).
    at: u32,
    /// The best known continuation from here (moves in the layer's
    /// buffer, start and length) and its final score (i64::MIN: none).
    seq: (u32, u32),
    seq_score: i64,
    seq_cleared: bool,
}

#[derive(Clone, Copy)]
struct Candidate {
    eval: i64,
    score: i64,
    tabu: usize,
    parent: u32,
    mv: Cell,
    /// The best known continuation after `mv` (in the candidates' buffer).
    seq: (u32, u32),
    /// Whether that continuation clears the board.
    cleared: bool,
}

struct Beam<'a, B: SearchBoard> {
    rules: Rules,
    /// The colours tried as the tabu colour (one start node each).
    tabus: Vec<usize>,
    meter: Meter,
    seed: u64,
    rng: u64,
    nodes: u64,
    flood: B::Scratch,
    arena: Vec<(u32, Cell)>,
    /// The moves of the last play-out.
    played: Vec<Mv>,
    /// Whether the last beam dropped positions (if not, it searched all).
    truncated: bool,
    /// A beam kept every position: the best line is the best there is.
    exhaustive: bool,
    /// The budget of the exact search of the best line's end
    /// ([`Beam::end_exactly`]).
    endgame: Meter,
    /// The slots of that search's table of proved bounds (fewer when many
    /// threads search at once: [`endgame::table_slots`]).
    end_slots: usize,
    /// The share of `meter` the current call may spend: when it is spent
    /// the beam pauses (a page's worker searches in slices).
    slice: Meter,
    /// A paused beam ([`Beam::run`]).
    state: Option<RunState<B>>,
    best: Solution,
    progress: &'a (dyn Fn(&Solution) + Sync),
    /// The threads' best lines, exchanged after each beam (none: one
    /// thread).
    share: Option<&'a Share>,
    /// This thread's index in `share`.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    thread: usize,
    /// Beams completed: the exchange's round.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    round: usize,
    /// Another thread's line, better than this thread's best, that the
    /// next fresh beam's play-outs follow (with each move's colour).
    follow_next: Option<Vec<Mv>>,
}

/// A thread's best line as posted: score and moves.
type Post = (i64, Vec<Cell>);

/// The threads' best lines after each beam. A thread posts its best after
/// each beam it completes and waits for every other thread's post of the
/// same round (or its last, once it has stopped); when another's line is
/// better than its own best, its next beam's play-outs follow that line
/// instead of none — its beam, tabu colours and random stream stay its
/// own, and the line's score is not taken over (a beam started from the
/// better line, or keeping it in the beam, only narrowed the search:
/// docs/benchmarks.md). With node budgets it stays deterministic: what
/// each thread sees depends on the rounds, not on time.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
struct Share {
    /// Per thread: its posts of its last two rounds (by round % 2; no
    /// thread is more than one round ahead of another, as it waits), its
    /// rounds posted, and its last post once it has stopped.
    posts: Mutex<Vec<Posts>>,
    posted: Condvar,
}

/// One thread's entries in [`Share`].
#[derive(Clone, Default)]
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
struct Posts {
    recent: [Option<Post>; 2],
    rounds: usize,
    last: Option<Post>,
}

const ROOT: u32 = u32::MAX;

/// Chance, out of 2^32, that a play-out tries the next move of the line it
/// follows (0.9; measured in docs/benchmarks.md: 1.0 copies the line and
/// explores nothing, 0.5 forgets too much of it).
const FOLLOW: u64 = (1u64 << 32) * 9 / 10;

/// Steps the play-outs' random stream (a 64-bit LCG) and returns its
/// upper 32 bits.
#[inline(always)]
fn next32(rng: &mut u64) -> u64 {
    *rng = rng
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *rng >> 32
}

/// The positions' hashes are already well mixed: hash them as they are.
#[derive(Default)]
struct Prehashed(u64);

impl std::hash::Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

type Seen = HashMap<u64, usize, std::hash::BuildHasherDefault<Prehashed>>;

impl<B: SearchBoard> Beam<'_, B> {
    fn out_of_budget(&self) -> bool {
        self.meter.spent(self.nodes, B::CLOCK_EVERY)
    }

    /// Plays to the end and returns the final score and whether the board
    /// was cleared; its moves are in `played`. Each move is the next move of
    /// `line` (the parent's best known continuation) that still applies —
    /// the same colour at the same cell, in a cluster of two or more — with
    /// each of the line's moves tried with probability [`FOLLOW`]; when the
    /// line has none left, the tabu-colour random policy (a random cluster
    /// not of colour index `tabu` while there is one). The random cluster is
    /// drawn by [`BitBoard::random_cluster`] (a random ball, kept with
    /// probability 2 / size), not from a list of every cluster.
    #[inline(always)]
    fn rollout(&mut self, board: &B, mut score: i64, tabu: usize, line: &[Mv]) -> (i64, bool) {
        self.played.clear();
        let mut b = board.clone();
        let mut next = 0;
        loop {
            let mut rng = self.rng;
            // The line's next move that still applies, each tried with
            // probability FOLLOW.
            let mut followed = false;
            while next < line.len() {
                let m = line[next];
                next += 1;
                if next32(&mut rng) >= FOLLOW {
                    continue;
                }
                if let Some(size) = b.try_remove(m, &mut self.flood) {
                    score += self.rules.move_points(size);
                    self.played.push(m);
                    followed = true;
                    break;
                }
            }
            if followed {
                self.rng = rng;
                continue;
            }
            let mv = b.random_move(tabu, &mut self.flood, |n| (next32(&mut rng) * n) >> 32);
            self.rng = rng;
            let Some(mv) = mv else {
                let balls = b.balls();
                return (score + self.rules.end_adjustment(balls), balls == 0);
            };
            score += self.rules.move_points(mv.size);
            self.played.push(Mv {
                cell: mv.anchor,
                color: mv.color,
            });
        }
    }

    /// Keeps `score` as the best if it is: the moves to the node at `at`,
    /// then `mv`, then the last play-out's moves.
    fn offer(&mut self, score: i64, cleared: bool, at: u32, mv: Option<Cell>) {
        if score <= self.best.score {
            return;
        }
        let mut moves = self.path(at);
        moves.extend(mv);
        moves.extend(self.played.iter().map(|m| m.cell));
        self.offer_moves(score, cleared, moves);
    }

    /// Keeps `moves` (scoring `score`) as the best if they are.
    fn offer_moves(&mut self, score: i64, cleared: bool, moves: Vec<Cell>) {
        if score <= self.best.score {
            return;
        }
        self.best.score = score;
        self.best.cleared = cleared;
        self.best.moves = moves;
        self.best.nodes = self.nodes;
        (self.progress)(&self.best);
    }

    /// Searches the end of the best line exactly within the `endgame`
    /// budget (the [`endgame`] module) and keeps the better line it finds;
    /// sets `exhaustive` when the search proved the line (so bettered) the
    /// best from the start.
    fn end_exactly(&mut self, start: &B) {
        if let Some(mut walk) = self.end_walk(start) {
            walk.advance(Meter::UNLIMITED);
            self.take_ending(walk.ending());
        }
    }

    /// The walk that searches the best line's end exactly within the
    /// `endgame` budget; none when there is no line yet, when the search
    /// has been exhaustive, or when the board has no exact search.
    fn end_walk(&self, start: &B) -> Option<Box<dyn endgame::EndWalk>> {
        if self.best.score == i64::MIN || self.exhaustive {
            return None;
        }
        B::end_walk(
            start,
            &self.best.moves,
            self.best.score,
            self.endgame,
            self.end_slots,
        )
    }

    /// Keeps the better line the exact search found, if any; sets
    /// `exhaustive` when it proved its line the best from the start.
    fn take_ending(&mut self, end: endgame::Ending) {
        if let Some(b) = end.better {
            self.offer_moves(b.score, b.cleared, b.moves);
        }
        // Proved from the first move on: the line is the best there is.
        self.exhaustive |= end.proved;
    }

    fn path(&self, mut at: u32) -> Vec<Cell> {
        let mut moves = Vec::new();
        while at != ROOT {
            let (parent, mv) = self.arena[at as usize];
            moves.push(mv);
            at = parent;
        }
        moves.reverse();
        moves
    }

    /// One beam search of `width`: [`Ran::Done`] at its end,
    /// [`Ran::Spent`] when the budget ran out first, [`Ran::Paused`] when
    /// the slice did (the next call with the same width goes on from there).
    #[inline(always)]
    fn run(&mut self, start: &B, width: usize) -> Ran {
        let mut st = match self.state.take() {
            Some(st) if st.width == width => st,
            _ => {
                self.arena.clear();
                self.truncated = false;
                let mut st = RunState::new(start, &self.tabus, width);
                if let Some(line) = self.follow_next.take() {
                    st.follow(line);
                }
                st
            }
        };
        loop {
            if st.layer.is_empty() {
                return Ran::Done;
            }
            while st.next < st.layer.len() {
                match self.expand(&mut st) {
                    Ran::Done => {}
                    Ran::Spent => return Ran::Spent,
                    Ran::Paused => {
                        self.state = Some(st);
                        return Ran::Paused;
                    }
                }
                st.next += 1;
                if self.slice.spent(self.nodes, 1) {
                    self.state = Some(st);
                    return Ran::Paused;
                }
            }
            self.next_layer(&mut st);
        }
    }

    /// Plays out every child of the layer's parent `st.next` and keeps
    /// them as candidates for the next layer: [`Ran::Done`], or
    /// [`Ran::Spent`] when the budget ran out first, or [`Ran::Paused`]
    /// when the slice did after a child (`st.child`: the next call goes on
    /// from the child after it; a parent of a large board has hundreds of
    /// children, each played out to the end).
    #[inline(always)]
    fn expand(&mut self, st: &mut RunState<B>) -> Ran {
        let pi = st.next;
        let node = &st.layer[pi];
        // The child its best known continuation starts with.
        let inherit = if node.seq.1 > 0 {
            let mut b = node.board.clone();
            b.remove_known(st.layer_moves[node.seq.0 as usize].cell, &mut self.flood);
            Some(b.hash64())
        } else {
            None
        };
        let first = st.child;
        if first == 0 {
            st.moves.clear();
            node.board
                .for_each_cluster(&mut self.flood, |c| st.moves.push(c));
        }
        if st.moves.is_empty() {
            let balls = node.board.balls();
            let score = node.score + self.rules.end_adjustment(balls);
            self.played.clear();
            self.offer(score, balls == 0, node.at, None);
            return Ran::Done;
        }
        for (k, &mv) in st.moves.iter().enumerate().skip(first) {
            if self.out_of_budget() {
                return Ran::Spent;
            }
            // At least one child a call, so that every call progresses.
            if k > first && self.slice.spent(self.nodes, 1) {
                st.child = k;
                return Ran::Paused;
            }
            let mut child = node.board.clone();
            child.remove_known(mv.anchor, &mut self.flood);
            let score = node.score + self.rules.move_points(mv.size);
            let ch = child.hash64();
            let h = ch ^ (node.tabu as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            self.nodes += 1;
            // Ties broken by the seed, below any difference in points.
            let jitter = ((h ^ self.seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 60) as i64;
            // The play-out follows the parent's best line where it
            // still applies (after its first move when this child
            // is that move).
            let (s0, n) = (node.seq.0 as usize, node.seq.1 as usize);
            let on_line = inherit == Some(ch);
            let line = &st.layer_moves[s0 + on_line as usize..s0 + n];
            let (mut outcome, cleared) = self.rollout(&child, score, node.tabu, line);
            self.offer(outcome, cleared, node.at, Some(mv.anchor));
            let start = st.cand_moves.len() as u32;
            let inherited = on_line && node.seq_score > outcome;
            if inherited {
                // The parent's best line goes through this child.
                outcome = node.seq_score;
                st.cand_moves
                    .extend_from_slice(&st.layer_moves[s0 + 1..s0 + n]);
            } else {
                st.cand_moves.extend_from_slice(&self.played);
            }
            let seq = (start, st.cand_moves.len() as u32 - start);
            let eval = outcome * 16 + jitter;
            let cand = Candidate {
                eval,
                score,
                tabu: node.tabu,
                parent: pi as u32,
                mv: mv.anchor,
                seq,
                cleared: if inherited { node.seq_cleared } else { cleared },
            };
            // The same position (and tabu colour) reached by another
            // order of moves: one candidate, with the line that has
            // more points so far and the better of the two
            // continuations (both play out from the same position).
            match st.seen.get(&h) {
                Some(&i) => {
                    let old = st.cands[i];
                    let gain = |c: &Candidate| (c.eval >> 4) - c.score;
                    let line = if old.score < score { cand } else { old };
                    let cont = if gain(&cand) > gain(&old) { cand } else { old };
                    let outcome = line.score + gain(&cont);
                    let merged = Candidate {
                        eval: outcome * 16 + (line.eval & 15),
                        seq: cont.seq,
                        cleared: cont.cleared,
                        ..line
                    };
                    if outcome > self.best.score {
                        let mut moves = self.path(st.layer[line.parent as usize].at);
                        moves.push(line.mv);
                        let (s0, n) = (cont.seq.0 as usize, cont.seq.1 as usize);
                        moves.extend(st.cand_moves[s0..s0 + n].iter().map(|m| m.cell));
                        self.offer_moves(outcome, cont.cleared, moves);
                    }
                    st.cands[i] = merged;
                }
                None => {
                    st.seen.insert(h, st.cands.len());
                    st.cands.push(cand);
                }
            }
        }
        st.child = 0;
        Ran::Done
    }

    /// The best `width` candidates become the next layer.
    #[inline(always)]
    fn next_layer(&mut self, st: &mut RunState<B>) {
        let width = st.width;
        let cands = &mut st.cands;
        if cands.len() > width {
            self.truncated = true;
            cands.select_nth_unstable_by(width - 1, |a, b| b.eval.cmp(&a.eval));
            cands.truncate(width);
        }
        let mut next = Vec::with_capacity(cands.len());
        let mut next_moves = Vec::with_capacity(cands.len() * 32);
        for c in cands.iter() {
            let parent = &st.layer[c.parent as usize];
            let mut board = parent.board.clone();
            board.remove_known(c.mv, &mut self.flood);
            self.arena.push((parent.at, c.mv));
            let start = next_moves.len() as u32;
            let (s0, n) = (c.seq.0 as usize, c.seq.1 as usize);
            next_moves.extend_from_slice(&st.cand_moves[s0..s0 + n]);
            next.push(Node {
                board,
                score: c.score,
                tabu: c.tabu,
                at: self.arena.len() as u32 - 1,
                seq: (start, n as u32),
                seq_score: c.eval >> 4,
                seq_cleared: c.cleared,
            });
        }
        st.layer = next;
        st.layer_moves = next_moves;
        st.next = 0;
        st.cands.clear();
        st.seen.clear();
        st.cand_moves.clear();
    }
}

/// The page's workers are sessions of one thread each: no exchange in the
/// wasm.
#[cfg(target_arch = "wasm32")]
impl<B: SearchBoard> Beam<'_, B> {
    fn exchange(&mut self, _start: &B) {}
    fn exchange_done(&mut self) {}
}

#[cfg(not(target_arch = "wasm32"))]
impl<B: SearchBoard> Beam<'_, B> {
    /// This thread's best line as a post.
    fn post(&self) -> Post {
        (self.best.score, self.best.moves.clone())
    }

    /// After a completed beam: posts this thread's best line for this
    /// round, waits for every other thread's post of the round (or its
    /// last, once it has stopped), and when the best of them beats this
    /// thread's best, its next beam follows that line ([`Share`]).
    fn exchange(&mut self, start: &B) {
        let Some(share) = self.share else { return };
        let round = self.round;
        self.round += 1;
        let mine = self.post();
        let mut posts = share.posts.lock().unwrap_or_else(|e| e.into_inner());
        let own = &mut posts[self.thread];
        own.recent[round % 2] = Some(mine);
        own.rounds = round + 1;
        share.posted.notify_all();
        let best = loop {
            let others = || posts.iter().enumerate().filter(|&(t, _)| t != self.thread);
            if others().all(|(_, p)| p.rounds > round || p.last.is_some()) {
                // The best other line (ties to the lower thread).
                let mut best: Option<&Post> = None;
                for (_, p) in others() {
                    let line = if p.rounds > round {
                        p.recent[round % 2].as_ref()
                    } else {
                        p.last.as_ref()
                    };
                    if let Some(line) = line.filter(|l| best.is_none_or(|b| l.0 > b.0)) {
                        best = Some(line);
                    }
                }
                break best.filter(|b| b.0 > self.best.score).cloned();
            }
            posts = share.posted.wait(posts).unwrap_or_else(|e| e.into_inner());
        };
        drop(posts);
        if let Some((_, moves)) = best {
            self.follow_next = self.line_moves(start, &moves);
        }
    }

    /// This thread has stopped: its last post, so that no other thread
    /// waits for it.
    fn exchange_done(&mut self) {
        let Some(share) = self.share else { return };
        let mine = self.post();
        let mut posts = share.posts.lock().unwrap_or_else(|e| e.into_inner());
        posts[self.thread].last = Some(mine);
        share.posted.notify_all();
    }

    /// The line `moves` from `start` with each move's colour (None if it
    /// does not replay, which a posted line always does).
    fn line_moves(&mut self, start: &B, moves: &[Cell]) -> Option<Vec<Mv>> {
        let mut b = start.clone();
        moves
            .iter()
            .map(|&cell| {
                let mv = Mv {
                    cell,
                    color: b.get(cell.col as usize, cell.row as usize),
                };
                b.try_remove(mv, &mut self.flood).map(|_| mv)
            })
            .collect()
    }
}

/// How a beam's run ended ([`Beam::run`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ran {
    /// The beam reached the end of every line.
    Done,
    /// The budget ran out first.
    Spent,
    /// The slice ran out first: the beam goes on from there next time.
    Paused,
}

/// A beam between two slices: its layer, the candidates for the next one
/// and the parent to expand next.
struct RunState<B> {
    width: usize,
    layer: Vec<Node<B>>,
    /// The layer's best known continuations.
    layer_moves: Vec<Mv>,
    /// The next layer's candidates, their continuations and positions seen.
    cands: Vec<Candidate>,
    cand_moves: Vec<Mv>,
    seen: Seen,
    /// The parent expanded next.
    next: usize,
    /// Its child played out next (0: its moves are not listed yet).
    child: usize,
    /// That parent's moves.
    moves: Vec<Removal>,
}

impl<B: SearchBoard> RunState<B> {
    fn new(start: &B, tabus: &[usize], width: usize) -> RunState<B> {
        RunState {
            width,
            layer: tabus
                .iter()
                .map(|&tabu| Node {
                    board: start.clone(),
                    score: 0,
                    tabu,
                    at: ROOT,
                    seq: (0, 0),
                    seq_score: i64::MIN,
                    seq_cleared: false,
                })
                .collect(),
            layer_moves: Vec::new(),
            cands: Vec::new(),
            cand_moves: Vec::new(),
            seen: Seen::default(),
            next: 0,
            child: 0,
            moves: Vec::new(),
        }
    }

    /// The roots' play-outs follow `line` (another thread's best, from the
    /// start), as children follow their parent's best line; its score is
    /// not theirs ([`Share`]).
    fn follow(&mut self, line: Vec<Mv>) {
        let n = line.len() as u32;
        for node in &mut self.layer {
            node.seq = (0, n);
        }
        self.layer_moves = line;
    }
}

/// How many of the most frequent colours are tried as the tabu colour.
const TABU_CANDIDATES: usize = 3;

/// The start's colours by falling count, the first [`TABU_CANDIDATES`] of
/// them; colours of equal count in an order drawn from `seed` (so threads
/// and seeds try different colours when counts tie).
fn tabu_colors(start: &impl SearchBoard, seed: u64) -> Vec<usize> {
    let mut ks: Vec<usize> = (0..start.colors()).collect();
    let tie = |k: usize| {
        (seed ^ k as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29)
    };
    ks.sort_by_key(|&k| (usize::MAX - start.color_count(k), tie(k)));
    ks.truncate(TABU_CANDIDATES);
    ks
}

fn new_beam<'a, B: SearchBoard>(
    start: &B,
    seed: u64,
    thread: usize,
    progress: &'a (dyn Fn(&Solution) + Sync),
) -> Beam<'a, B> {
    Beam {
        rules: Rules::default(),
        tabus: tabu_colors(start, seed.wrapping_add(thread as u64)),
        meter: Meter::UNLIMITED,
        seed: seed.wrapping_add(thread as u64 * 0x1234_5678_9ABC),
        rng: (seed ^ 0x5DEE_CE66_D1CE_4E5B).wrapping_add(thread as u64),
        nodes: 0,
        flood: B::Scratch::default(),
        arena: Vec::new(),
        played: Vec::new(),
        truncated: false,
        exhaustive: false,
        endgame: Budget::nodes(0).start(),
        end_slots: endgame::TABLE_SLOTS,
        slice: Meter::UNLIMITED,
        state: None,
        progress,
        best: Solution {
            score: i64::MIN,
            cleared: false,
            moves: Vec::new(),
            nodes: 0,
            width: 0,
        },
        share: None,
        thread,
        round: 0,
        follow_next: None,
    }
}

/// The greedy game from `start` (the answer when no search finished a game).
fn greedy_solution(start: &BitBoard) -> Solution {
    let mut b = start.clone();
    let mut flood = Flood::default();
    let rules = Rules::default();
    let mut score = 0;
    let mut moves = Vec::new();
    while let Some(g) = b.play_greedy(&mut flood) {
        score += rules.move_points(g.size);
        moves.push(g.anchor);
    }
    Solution {
        score: score + rules.end_adjustment(b.balls()),
        cleared: b.balls() == 0,
        moves,
        nodes: 0,
        width: 0,
    }
}

/// A search for a page's worker, which has no threads: run step by step
/// ([`Session::step`], each a beam twice as wide as the last) or for a time
/// ([`Session::think`] on the worker's clock, or [`Session::begin`] and then
/// [`Session::advance`] slice by slice, so that the worker returns to its
/// event loop between slices and a Stop takes effect at once). Its beams
/// stay within the memory it was given.
pub struct Session {
    board: Board,
    search: Stepper,
    width: usize,
    max_width: usize,
    /// A beam kept every position: the best line is the best there is.
    exhaustive: bool,
    /// Where a search begun by [`Session::begin`] is.
    phase: Phase,
}

/// The session's beam over the board type that fits.
enum Stepper {
    Small(
        Box<Small<false, false>>,
        Box<Beam<'static, Small<false, false>>>,
    ),
    Big(BitBoard, Box<Beam<'static, BitBoard>>),
}

/// Where a session's search is between two slices.
enum Phase {
    /// No search begun, or the last one has ended.
    Ended,
    /// Beams of `width` (doubling up to the widest) within `meter`; then
    /// the exact search of the best line's end within `endgame`.
    Beams {
        width: usize,
        meter: Meter,
        endgame: Meter,
    },
    /// The exact search of the best line's end.
    End(Box<dyn endgame::EndWalk>),
}

impl Session {
    /// A session on `board`; `thread` picks the beam's tabu colours and
    /// random stream as [`solve`]'s threads do (so several sessions on one
    /// board search differently); beams keep to about `memory` bytes
    /// ([`width_within`]); `progress` is called with each new best line.
    pub fn new(
        board: &Board,
        seed: u64,
        thread: usize,
        memory: usize,
        progress: &'static (dyn Fn(&Solution) + Sync),
    ) -> Session {
        let search = match SmallBoard::from_board(board) {
            Some(start) => {
                let start = Small::<false, false>(start);
                Stepper::Small(
                    Box::new(start),
                    Box::new(new_beam(&start, seed, thread, progress)),
                )
            }
            None => {
                let start = BitBoard::from_board(board);
                let beam = Box::new(new_beam(&start, seed, thread, progress));
                Stepper::Big(start, beam)
            }
        };
        Session {
            board: board.clone(),
            search,
            width: 1,
            max_width: width_within(board.balls(), memory),
            exhaustive: false,
            phase: Phase::Ended,
        }
    }

    /// The widest beam this session runs.
    pub fn max_width(&self) -> usize {
        self.max_width
    }

    /// Runs one beam (widths 1, 2, 4, … from call to call, then
    /// the widest again and again). Returns false once a beam kept
    /// every position: the search was exhaustive and a wider one cannot
    /// find more. (A search begun by [`Session::begin`] is dropped.)
    pub fn step(&mut self) -> bool {
        self.phase = Phase::Ended;
        if self.exhaustive {
            return false;
        }
        let ran = self.beam(self.width, Meter::UNLIMITED, Meter::UNLIMITED);
        let truncated = match ran {
            (Ran::Done, truncated) => truncated,
            _ => unreachable!("an unlimited beam runs to its end"),
        };
        self.width = self.width.saturating_mul(2).min(self.max_width);
        self.exhaustive = !truncated;
        truncated
    }

    /// Searches until `budget` is spent, as [`solve`]'s threads do: beams of
    /// widths 1, 2, 4, … up to the widest, then the widest again (each call
    /// starts again from width 1: call it once with the whole budget), then
    /// the exact search of the best line's end.
    /// Returns false when the search was exhaustive (nothing more to find).
    pub fn think(&mut self, budget: Budget) -> bool {
        self.begin(budget);
        self.advance(Budget::UNLIMITED)
            .expect("a search with no slice runs to its end")
    }

    /// Begins a search of `budget` (its clock starts now), which
    /// [`Session::advance`] runs; as [`Session::think`].
    pub fn begin(&mut self, budget: Budget) {
        if let Stepper::Small(_, beam) = &mut self.search {
            beam.state = None;
        }
        if let Stepper::Big(_, beam) = &mut self.search {
            beam.state = None;
        }
        let (meter, endgame) = split(budget);
        self.phase = Phase::Beams {
            width: 1,
            meter,
            endgame,
        };
    }

    /// Runs the search begun by [`Session::begin`] until `slice` is spent
    /// (its clock starts now; its positions count from here): `None` if
    /// the search goes on (call again), else what [`Session::think`]
    /// returns. Positions counted by a slice are the beams' play-outs and
    /// the exact search's positions.
    pub fn advance(&mut self, slice: Budget) -> Option<bool> {
        let slice = slice.start();
        let beam_slice = slice.offset(self.nodes());
        loop {
            match &mut self.phase {
                // Once a beam has kept every position there is nothing more
                // to find, whatever the budget.
                Phase::Ended => return Some(!self.exhaustive),
                _ if self.exhaustive => self.phase = Phase::Ended,
                Phase::Beams {
                    width,
                    meter,
                    endgame,
                } => {
                    let (w, m, e) = (*width, *meter, *endgame);
                    let more = match self.beam(w, m, beam_slice) {
                        (Ran::Paused, _) => return None,
                        // The budget is spent.
                        (Ran::Spent, _) => true,
                        // A beam that kept every position: nothing more.
                        (Ran::Done, false) => false,
                        (Ran::Done, true) => {
                            // The next, wider beam.
                            self.phase = Phase::Beams {
                                width: (w * 2).min(self.max_width),
                                meter: m,
                                endgame: e,
                            };
                            continue;
                        }
                    };
                    self.width = w;
                    self.exhaustive = !more;
                    // The end of the best line searched exactly with what
                    // is left.
                    let walk = match &mut self.search {
                        Stepper::Small(start, beam) => beam.begin_end(start, e, !more),
                        Stepper::Big(start, beam) => beam.begin_end(start, e, !more),
                    };
                    self.phase = match walk {
                        Some(walk) => Phase::End(walk),
                        None => Phase::Ended,
                    };
                }
                Phase::End(walk) => {
                    if !walk.advance(slice.offset(walk.nodes())) {
                        return None;
                    }
                    let ending = walk.ending();
                    self.phase = Phase::Ended;
                    self.exhaustive = match &mut self.search {
                        Stepper::Small(_, beam) => beam.end_taken(ending),
                        Stepper::Big(_, beam) => beam.end_taken(ending),
                    };
                }
            }
        }
    }

    /// One beam of `width` within `meter` and `slice`: how it ran, and
    /// whether it had to drop positions.
    fn beam(&mut self, width: usize, meter: Meter, slice: Meter) -> (Ran, bool) {
        match &mut self.search {
            Stepper::Small(start, beam) => beam.step(start, width, meter, slice),
            Stepper::Big(start, beam) => beam.step(start, width, meter, slice),
        }
    }

    /// The beams' positions so far (their play-outs).
    pub fn nodes(&self) -> u64 {
        match &self.search {
            Stepper::Small(_, beam) => beam.nodes,
            Stepper::Big(_, beam) => beam.nodes,
        }
    }

    /// The best move list so far.
    pub fn best(&self) -> Solution {
        let (best, nodes) = match &self.search {
            Stepper::Small(_, beam) => (&beam.best, beam.nodes),
            Stepper::Big(_, beam) => (&beam.best, beam.nodes),
        };
        let mut best = if best.score == i64::MIN {
            greedy_solution(&BitBoard::from_board(&self.board))
        } else {
            best.clone()
        };
        best.nodes = nodes;
        best
    }
}

impl<B: SearchBoard> Beam<'_, B> {
    /// The walk of the exact search of the best line's end within
    /// `endgame`, unless the search was `exhaustive` (or the board has
    /// none): `None` then.
    fn begin_end(
        &mut self,
        start: &B,
        endgame: Meter,
        exhaustive: bool,
    ) -> Option<Box<dyn endgame::EndWalk>> {
        self.endgame = endgame;
        self.exhaustive = exhaustive;
        self.end_walk(start)
    }

    /// Keeps what the exact search found; whether the search is now
    /// exhaustive (it proved the best line from the start).
    fn end_taken(&mut self, ending: endgame::Ending) -> bool {
        self.take_ending(ending);
        self.exhaustive
    }

    /// A beam of `width` from `start` within `meter`, paused when `slice`
    /// is spent (and resumed by the next call of the same width): how it
    /// ran, and whether it had to drop positions.
    fn step(&mut self, start: &B, width: usize, meter: Meter, slice: Meter) -> (Ran, bool) {
        self.meter = meter;
        self.slice = slice;
        let ran = self.run(start, width);
        self.best.nodes = self.nodes;
        if ran == Ran::Done {
            self.best.width = width;
        }
        (ran, self.truncated)
    }
}

/// The share of a time budget that the beams leave to the exact search of
/// the best line's end (measured in docs/benchmarks.md).
const ENDGAME_TIME_SHARE: f64 = 0.1;

/// With a node budget of n play-outs, the exact search of the line's end
/// examines up to n / this many positions.
const ENDGAME_NODE_DIVISOR: u64 = 4;

/// With no budget at all, the positions the exact search of the line's end
/// examines.
const ENDGAME_NODES: u64 = 1_000_000;

/// The meters of a search's beams and of the exact search of its best
/// line's end, started now: the beams stop when [`ENDGAME_TIME_SHARE`] of
/// the time is left, the exact search when the time is up (or after its
/// own share of a node budget).
fn split(budget: Budget) -> (Meter, Meter) {
    let beams = Budget {
        time: budget.time.map(|t| t.mul_f64(1.0 - ENDGAME_TIME_SHARE)),
        nodes: budget.nodes,
    };
    let endgame = Budget {
        time: budget.time,
        nodes: match (budget.time, budget.nodes) {
            (_, Some(n)) => Some(n / ENDGAME_NODE_DIVISOR),
            (None, None) => Some(ENDGAME_NODES),
            (Some(_), None) => None,
        },
    };
    (beams.start(), endgame.start())
}

/// Searches `board` within the budget and returns the best move list found.
/// `progress` is called with each new best line (of any thread).
pub fn solve(
    board: &Board,
    settings: &SolveSettings,
    progress: &(dyn Fn(&Solution) + Sync),
) -> Solution {
    let best = match SmallBoard::from_board(board) {
        Some(start) if crate::cpu::has_fast_pext() => {
            solve_from(&Small::<true, true>(start), settings, progress)
        }
        Some(start) if crate::cpu::has_v3() => {
            solve_from(&Small::<true, false>(start), settings, progress)
        }
        Some(start) => solve_from(&Small::<false, false>(start), settings, progress),
        None => solve_from(&BitBoard::from_board(board), settings, progress),
    };
    if best.score == i64::MIN {
        Solution {
            nodes: best.nodes,
            ..greedy_solution(&BitBoard::from_board(board))
        }
    } else {
        best
    }
}

/// [`solve`] on a board type (the best score is `i64::MIN` when no game was
/// finished).
fn solve_from<B: SearchBoard + Sync>(
    start: &B,
    settings: &SolveSettings,
    progress: &(dyn Fn(&Solution) + Sync),
) -> Solution {
    let best_shared = std::sync::Mutex::new(i64::MIN);
    let report = |line: &Solution| {
        let mut b = best_shared.lock().expect("no thread panics holding it");
        if line.score > *b {
            *b = line.score;
            progress(line);
        }
    };
    let (meter, endgame) = split(settings.budget);
    let threads = settings.threads.max(1);
    // The threads exchange their best lines (in the wasm there is one).
    let share = (threads > 1 && !cfg!(target_arch = "wasm32")).then(|| Share {
        posts: Mutex::new(vec![Posts::default(); threads]),
        posted: Condvar::new(),
    });
    let share = share.as_ref();
    let run = |thread: usize| -> Solution {
        let mut beam = new_beam(start, settings.seed, thread, &report);
        beam.share = share;
        beam.meter = meter;
        beam.endgame = endgame;
        beam.end_slots = endgame::table_slots(threads);
        B::widen(&mut beam, start, settings.max_width);
        beam.best.nodes = beam.nodes;
        beam.best
    };
    let mut results: Vec<Solution> = if threads == 1 {
        vec![run(0)]
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads).map(|t| s.spawn(move || run(t))).collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a search thread ends"))
                .collect()
        })
    };
    let nodes = results.iter().map(|r| r.nodes).sum();
    let mut best = results.remove(
        (0..results.len())
            .max_by_key(|&i| (results[i].score, usize::MAX - i))
            .expect("at least one thread"),
    );
    best.nodes = nodes;
    best
}

/// Replays `moves` on `board` under the benchmark's rules: the score and
/// whether the board ends empty, or the first move that is not legal.
pub fn replay(board: &Board, moves: &[Cell]) -> Result<(i64, bool), String> {
    let rules = Rules::default();
    let mut b = board.clone();
    let mut score = 0;
    for (i, &m) in moves.iter().enumerate() {
        let r = b
            .remove(m)
            .map_err(|e| format!("move {} at ({},{}): {}", i + 1, m.row + 1, m.col + 1, e))?;
        score += rules.move_points(r.size);
    }
    if !b.is_over() {
        return Err("moves are left after the last move".into());
    }
    Ok((score + rules.end_adjustment(b.balls()), b.balls() == 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `try_remove` plays a line's move exactly when the rules allow it at
    /// that cell with that colour (a ball of that colour in a cluster of two
    /// or more), and then as [`Board::remove`] does; otherwise it changes
    /// nothing. On both board types, cells inside and outside the board.
    #[test]
    fn a_line_move_is_played_only_where_it_still_applies() {
        fn check<B: SearchBoard + PartialEq + std::fmt::Debug>(board: &Board, mv: Mv) {
            let Some(mut b) = B::from_board(board) else {
                // Only the small board refuses, and only boards over 16 × 16.
                assert!(board.width() > 16 || board.height() > 16, "{board:?}");
                return;
            };
            let got = b.try_remove(mv, &mut B::Scratch::default());
            let inside =
                (mv.cell.col as usize) < board.width() && (mv.cell.row as usize) < board.height();
            let size = board
                .cluster_at(mv.cell)
                .filter(|c| inside && c.color == mv.color && c.cells.len() >= 2)
                .map(|c| c.cells.len());
            assert_eq!(got, size, "{mv:?} on\n{board:?}");
            let mut want = board.clone();
            if size.is_some() {
                want.remove(mv.cell).expect("a legal move");
            }
            assert_eq!(Some(b), B::from_board(&want), "{mv:?}");
        }
        for seed in 0..200u64 {
            let (w, h) = (1 + seed as usize % 18, 1 + (seed as usize / 18) % 18);
            let board = Board::random(w, h, 2 + (seed % 4) as u8, seed).unwrap();
            for col in 0..w + 2 {
                for row in 0..h + 2 {
                    for color in 0..=board.colors() + 1 {
                        let mv = Mv {
                            cell: Cell::new(col, row),
                            color,
                        };
                        check::<BitBoard>(&board, mv);
                        check::<Small<false, false>>(&board, mv);
                    }
                }
            }
        }
    }

    /// Two threads' beams after a round: the one whose best is worse
    /// follows the other's line in its next beam (with each move's
    /// colour), the better keeps none; a thread that has stopped leaves its
    /// last line, and no other waits for it.
    #[test]
    fn threads_exchange_their_best_lines_after_each_beam() {
        let quiet = |_: &Solution| {};
        let board = Board::random(10, 10, 4, 7).unwrap();
        let start = Small::<false, false>(SmallBoard::from_board(&board).unwrap());
        let share = Share {
            posts: Mutex::new(vec![Posts::default(); 2]),
            posted: Condvar::new(),
        };
        let beams: Vec<Beam<'_, Small<false, false>>> = (0..2)
            .map(|thread| {
                let mut beam = new_beam(&start, 1, thread, &quiet);
                beam.meter = Budget::nodes(if thread == 0 { 4_000 } else { 50 }).start();
                beam.share = Some(&share);
                beam.run(&start, if thread == 0 { 16 } else { 1 });
                beam
            })
            .collect();
        let scores = [beams[0].best.score, beams[1].best.score];
        assert_ne!(scores[0], scores[1]);
        let (better, worse) = if scores[0] > scores[1] {
            (0, 1)
        } else {
            (1, 0)
        };
        let (strong, weak) = (beams[better].best.clone(), beams[worse].best.clone());
        // Both post round 0 at once (each waits for the other).
        let after: Vec<_> = std::thread::scope(|scope| {
            let handles: Vec<_> = beams
                .into_iter()
                .map(|mut beam| {
                    scope.spawn(move || {
                        beam.exchange(&start);
                        beam.follow_next
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(
            after[better].is_none(),
            "the better thread follows no other line"
        );
        let line = after[worse]
            .clone()
            .expect("the worse thread follows the better line");
        assert_eq!(
            line.iter().map(|m| m.cell).collect::<Vec<_>>(),
            strong.moves
        );
        let mut b = board.clone();
        for m in &line {
            assert_eq!(
                m.color,
                b.get(m.cell.col as usize, m.cell.row as usize),
                "{m:?}"
            );
            b.remove(m.cell).unwrap();
        }
        // Round 1: the better thread has stopped; the worse does not wait
        // for it and still sees its last line.
        let mut stopped = new_beam(&start, 1, better, &quiet);
        stopped.share = Some(&share);
        stopped.best = strong.clone();
        stopped.exchange_done();
        let mut waiting = new_beam(&start, 1, worse, &quiet);
        waiting.share = Some(&share);
        waiting.round = 1;
        waiting.best = weak;
        waiting.exchange(&start);
        assert_eq!(
            waiting.follow_next.map(|l| l.len()),
            Some(strong.moves.len())
        );
    }

    /// The exact search of the best line's end never makes a line worse,
    /// its lines replay to their scores, and it betters many lines of a
    /// short search.
    #[test]
    fn the_exact_end_search_betters_lines_and_never_worsens_one() {
        let quiet = |_: &Solution| {};
        let mut better = 0;
        for seed in 0..20u64 {
            let board = Board::random(10, 10, 3 + (seed % 3) as u8, seed).unwrap();
            let start = Small::<false, false>(SmallBoard::from_board(&board).unwrap());
            let run = |endgame: u64| {
                let mut beam = new_beam(&start, seed, 0, &quiet);
                beam.meter = Budget::nodes(1_000).start();
                beam.endgame = Budget::nodes(endgame).start();
                widen(&mut beam, &start, MAX_BEAM_WIDTH);
                beam.best
            };
            let (plain, ended) = (run(0), run(20_000));
            assert!(ended.score >= plain.score, "seed {seed}");
            assert_eq!(
                replay(&board, &ended.moves),
                Ok((ended.score, ended.cleared)),
                "seed {seed}"
            );
            better += usize::from(ended.score > plain.score);
        }
        assert!(better >= 5, "only {better} of 20 lines bettered");
    }

    /// The x86-64-v3 builds of the search, with `pext`/`pdep` gravity and
    /// with the shift loop, find exactly what the portable build finds
    /// (with a node budget the search is deterministic).
    #[test]
    fn every_build_of_the_search_finds_the_same_lines() {
        if !crate::cpu::v3_for_test("every_build_of_the_search_finds_the_same_lines") {
            return;
        }
        let quiet = |_: &Solution| {};
        for seed in 0..12u64 {
            let board =
                Board::random(6 + seed as usize % 10, 16, 3 + (seed % 3) as u8, seed).unwrap();
            let settings = SolveSettings {
                budget: Budget::nodes(3_000),
                seed,
                ..SolveSettings::default()
            };
            let start = SmallBoard::from_board(&board).unwrap();
            let portable = solve_from(&Small::<false, false>(start), &settings, &quiet);
            let shifts = solve_from(&Small::<true, false>(start), &settings, &quiet);
            let pext = solve_from(&Small::<true, true>(start), &settings, &quiet);
            assert!(portable.score > i64::MIN && !portable.moves.is_empty());
            assert_eq!(shifts, portable, "seed {seed}");
            assert_eq!(pext, portable, "seed {seed}");
        }
    }
}
