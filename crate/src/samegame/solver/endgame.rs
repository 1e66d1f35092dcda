//! The end of a line, searched exactly. The play-outs choose their moves at
//! random, and so do the lines the beam returns near their ends (the kept
//! colour's clusters in any order, whatever is left of the others wherever
//! it stands): such an ending can often be bettered, sometimes by a clear.
//! From the line's last position backwards, each position is asked whether
//! any rest of the game makes more than the line does from there; a yes
//! comes with a better line (and the question is asked again above it), a
//! no is a proof. The walk goes back as far as the budget allows, and the
//! line takes the best ending from the earliest position answered.
//!
//! The question "more than t?" is a depth-first search over every move,
//! largest clusters first, that cuts a position whose upper bound — each
//! colour taken whole in one cluster, plus the bonus unless a colour has a
//! single ball ([`Tally`]) — is not above what it must make. The line
//! is already good, so the bound cuts most positions near its end. Bounds
//! proved for a position (at least, at most) are kept in a fixed-size
//! table (a new entry replaces the old in its slot: memory stays fixed, and
//! a lost entry costs only a search again).

use super::{Mv, SearchBoard};
use crate::budget::Meter;
use crate::samegame::board::{Cell, Removal, MAX_COLORS};
use crate::samegame::rules::Rules;

/// Slots of the table of proved bounds (16 bytes each: 32 MiB).
pub(super) const TABLE_SLOTS: usize = 1 << 21;

/// Slots of all the threads' tables together at most (128 MiB): each
/// thread's table has [`TABLE_SLOTS`] up to four threads, then a share. Many
/// threads with a whole table each took gigabytes, and clearing them made a
/// run end late (64 threads on two cores: 1.7 GB, 3.1 s for 2 s).
const ALL_TABLES_SLOTS: usize = 1 << 23;

/// Slots of each thread's table when `threads` search at once (a power of
/// two; at least 2¹⁶).
pub(super) fn table_slots(threads: usize) -> usize {
    let share = ALL_TABLES_SLOTS / threads.max(1);
    let power = if share.is_power_of_two() {
        share
    } else {
        share.next_power_of_two() / 2
    };
    power.clamp(1 << 16, TABLE_SLOTS)
}

/// The positions a slice of a walk examines at least, whatever the slice
/// ([`EndWalk::advance`]).
const MIN_SLICE: u64 = 1024;

/// What is proved of a position's best rest of the game: at least `low`, at
/// most `high` (equal once it is exact), for the position whose hash is
/// `key`.
#[derive(Clone, Copy)]
struct Known {
    key: u64,
    low: i32,
    high: i32,
}

const UNKNOWN: Known = Known {
    key: 0,
    low: i32::MIN,
    high: i32::MAX,
};

impl Known {
    /// The table's word for it: all bits zero for [`UNKNOWN`], so that a
    /// new table is memory the system gives zeroed and maps as it is
    /// touched (a search of a few positions, `--nodes 1`, no longer clears
    /// 32 MiB).
    fn word(self) -> u128 {
        let low = (self.low as u32 ^ 0x8000_0000) as u128;
        let high = (i32::MAX as i64 - self.high as i64) as u32 as u128;
        (self.key as u128) << 64 | low << 32 | high
    }

    fn from_word(w: u128) -> Known {
        Known {
            key: (w >> 64) as u64,
            low: ((w >> 32) as u32 ^ 0x8000_0000) as i32,
            high: (i32::MAX as i64 - (w as u32) as i64) as i32,
        }
    }
}

/// A position's balls of each colour, for the upper bound on what it can
/// still score.
struct Tally {
    counts: [usize; MAX_COLORS as usize],
    colors: usize,
}

impl Tally {
    fn of<B: SearchBoard>(b: &B) -> Tally {
        let mut counts = [0; MAX_COLORS as usize];
        for (k, n) in counts.iter_mut().enumerate().take(b.colors()) {
            *n = b.color_count(k);
        }
        Tally {
            counts,
            colors: b.colors(),
        }
    }

    /// The most a game can still score once `gone` balls of colour index
    /// `k` are removed (`gone` 0: as it stands): each colour removed whole
    /// in one cluster (the most its balls can give, however they are
    /// split), plus the clear bonus unless a colour has a single ball
    /// (which no move can ever take).
    fn bound(&self, rules: &Rules, k: usize, gone: usize) -> i64 {
        let mut sum = 0;
        let mut single = false;
        for (j, &n) in self.counts[..self.colors].iter().enumerate() {
            let n = if j == k { n - gone } else { n };
            single |= n == 1;
            if n >= 2 {
                sum += rules.move_points(n);
            }
        }
        sum + if single { 0 } else { rules.clear_bonus }
    }
}

/// One search of a line's end: its table, its budget and its buffers.
struct Exact<B: SearchBoard> {
    rules: Rules,
    /// [`Known::word`]s.
    table: Vec<u128>,
    meter: Meter,
    /// The share of `meter` this call may spend ([`EndWalk::advance`]),
    /// and the positions examined when the call began (a call examines at
    /// least [`MIN_SLICE`] positions, so that slices make progress).
    slice: Meter,
    slice_from: u64,
    nodes: u64,
    flood: B::Scratch,
    /// The moves of the positions on the search's path, by depth (kept
    /// from position to position: no allocation per position).
    moves: Vec<Vec<Removal>>,
    depth: usize,
}

/// What the exact search of a line's end found: a better line, if any, and
/// whether it proved its answer (that line, or the old one) the best from
/// the start.
#[derive(Debug, Default)]
pub(super) struct Ending {
    pub better: Option<Better>,
    pub proved: bool,
}

/// Sorts `moves` by falling size (stable: a short list, and a plain
/// insertion sort keeps the page's wasm small).
fn largest_first(moves: &mut [Removal]) {
    for i in 1..moves.len() {
        let mut j = i;
        while j > 0 && moves[j - 1].size < moves[j].size {
            moves.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// `b`'s clusters in `out` (one copy of the board's inlined scan for the
/// whole module: the page's wasm stays small).
#[inline(never)]
fn clusters<B: SearchBoard>(b: &B, flood: &mut B::Scratch, out: &mut Vec<Removal>) {
    b.for_each_cluster(flood, |c| out.push(c));
}

/// `b` after the move `m` (one copy of the board's inlined removal).
#[inline(never)]
fn removed<B: SearchBoard>(b: &B, m: Removal, flood: &mut B::Scratch) -> B {
    let mut child = b.clone();
    child.remove_known(m.anchor, flood);
    child
}

/// Plays a line's move on `b` if it applies (one copy of the board's
/// inlined [`SearchBoard::try_remove`]): its size.
#[inline(never)]
fn play<B: SearchBoard>(b: &mut B, mv: Mv, flood: &mut B::Scratch) -> Option<usize> {
    b.try_remove(mv, flood)
}

/// A line with a better ending: its moves from the start, its score and
/// whether it clears the board.
#[derive(Debug)]
pub(super) struct Better {
    pub moves: Vec<Cell>,
    pub score: i64,
    pub cleared: bool,
}

impl<B: SearchBoard> Exact<B> {
    fn new(rules: Rules, meter: Meter, slots: usize) -> Exact<B> {
        Exact {
            rules,
            table: vec![0; slots.next_power_of_two()],
            meter,
            slice: Meter::UNLIMITED,
            slice_from: 0,
            nodes: 0,
            flood: B::Scratch::default(),
            moves: Vec::new(),
            depth: 0,
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    fn known(&self, key: u64) -> Known {
        let k = Known::from_word(self.table[self.slot(key)]);
        if k.key == key {
            k
        } else {
            Known { key, ..UNKNOWN }
        }
    }

    fn keep(&mut self, known: Known) {
        let slot = self.slot(known.key);
        self.table[slot] = known.word();
    }

    /// Whether some rest of the game from `b` makes more than `target`
    /// points; `None` when the budget ran out first.
    fn beats(&mut self, b: &B, target: i64) -> Option<bool> {
        // The bound first: it needs neither a hash nor a flood.
        let tally = Tally::of(b);
        let bound = tally.bound(&self.rules, 0, 0);
        if bound <= target {
            return Some(false);
        }
        let known = self.known(b.hash64());
        if i64::from(known.low) > target {
            return Some(true);
        }
        if i64::from(known.high) <= target {
            return Some(false);
        }
        let high = i64::from(known.high).min(bound);
        let depth = self.depth;
        if self.moves.len() <= depth {
            self.moves.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut self.moves[depth]);
        moves.clear();
        clusters(b, &mut self.flood, &mut moves);
        let answer = if moves.is_empty() {
            let v = self.rules.end_adjustment(b.balls());
            let v32 = v as i32;
            self.keep(Known {
                low: v32,
                high: v32,
                ..known
            });
            Some(v > target)
        } else if self.meter.spent(self.nodes, 256)
            || (self.nodes - self.slice_from >= MIN_SLICE && self.slice.spent(self.nodes, 256))
        {
            None
        } else {
            self.nodes += 1;
            // Larger clusters first: they make the points.
            largest_first(&mut moves);
            self.depth += 1;
            let mut answer = Some(false);
            for &m in &moves {
                let points = self.rules.move_points(m.size);
                // A child cut by its bound costs no removal.
                if points + tally.bound(&self.rules, m.color as usize - 1, m.size) <= target {
                    continue;
                }
                let child = removed(b, m, &mut self.flood);
                match self.beats(&child, target - points) {
                    Some(false) => {}
                    other => {
                        answer = other;
                        break;
                    }
                }
            }
            self.depth -= 1;
            match answer {
                Some(true) => self.keep(Known {
                    low: known.low.max(target as i32 + 1),
                    high: high as i32,
                    ..known
                }),
                Some(false) => self.keep(Known {
                    high: high.min(target) as i32,
                    ..known
                }),
                None => {}
            }
            answer
        };
        self.moves[depth] = moves;
        answer
    }

    /// The best rest of the game from `b`, known to make at least `floor`:
    /// each "more than v?" that is answered yes gives a line, whose points
    /// are the next v. Returns v, the line that makes it (empty when none
    /// beat `floor`) and whether v is proved the best (false when the
    /// budget ran out first).
    fn best(&mut self, b: &B, floor: i64) -> (i64, Vec<Mv>, bool) {
        let mut v = floor;
        let mut line = Vec::new();
        loop {
            match self.beats(b, v) {
                Some(true) => {}
                Some(false) => return (v, line, true),
                None => return (v, line, false),
            }
            let mut better = Vec::new();
            match self.line_beating(b, v, &mut better) {
                // Only a hash collision in the table can give w <= v.
                Some(w) if w > v => {
                    v = w;
                    line = better;
                }
                _ => return (v, line, false),
            }
        }
    }

    /// A line from `b` that makes more than `target` (which [`Self::beats`]
    /// answered yes): its moves (in `out`) and its points, read back move by
    /// move from the table's proofs.
    fn line_beating(&mut self, b: &B, mut target: i64, out: &mut Vec<Mv>) -> Option<i64> {
        let mut b = b.clone();
        let mut total = 0;
        let mut moves = Vec::new();
        loop {
            moves.clear();
            clusters(&b, &mut self.flood, &mut moves);
            if moves.is_empty() {
                return Some(total + self.rules.end_adjustment(b.balls()));
            }
            largest_first(&mut moves);
            let mut next = None;
            for &m in &moves {
                let child = removed(&b, m, &mut self.flood);
                let points = self.rules.move_points(m.size);
                if self.beats(&child, target - points)? {
                    next = Some((child, m, points));
                    break;
                }
            }
            // A lost table entry can make the search answer differently
            // the second time: then there is no line to read.
            let (child, m, points) = next?;
            out.push(Mv {
                cell: m.anchor,
                color: m.color,
            });
            total += points;
            target -= points;
            b = child;
        }
    }
}

/// The line `moves` from `start` (a whole game, scoring `score`) with its
/// end searched exactly, back from its last position while `meter` allows:
/// the better line (none when no better ending was found), and whether the
/// walk reached the start with every answer proved.
#[cfg(test)]
pub(super) fn improve<B: SearchBoard>(
    start: &B,
    moves: &[Cell],
    score: i64,
    meter: Meter,
) -> Ending {
    improve_with(start, moves, score, meter, TABLE_SLOTS)
}

#[cfg(test)]
fn improve_with<B: SearchBoard>(
    start: &B,
    moves: &[Cell],
    score: i64,
    meter: Meter,
    slots: usize,
) -> Ending {
    let mut walk = Walk::with_slots(start, moves, score, meter, slots);
    walk.advance(Meter::UNLIMITED);
    walk.ending()
}

/// The walk back along a line, resumable: [`Walk::advance`] goes on until
/// the walk's budget is spent or it reaches the start (it has ended), or
/// until a slice of that budget is spent (it pauses, and the next call goes
/// on from the question it was answering, the table and the better lines
/// found kept). A page's worker walks in slices so that it returns to its
/// event loop, where a Stop takes effect at once.
pub(super) trait EndWalk {
    /// Walks on within `slice`; true once the walk has ended.
    fn advance(&mut self, slice: Meter) -> bool;
    /// What the walk found so far.
    fn ending(&self) -> Ending;
    /// Positions examined so far.
    fn nodes(&self) -> u64;
}

/// The state of a walk back along a line ([`EndWalk`]).
pub(super) struct Walk<B: SearchBoard> {
    exact: Exact<B>,
    /// The line walked along: its moves and what it scores.
    moves: Vec<Cell>,
    score: i64,
    /// The line's positions and the points made before each.
    positions: Vec<B>,
    made: Vec<i64>,
    /// The best line found: its first k moves, then an ending making `rest`.
    best: Option<(usize, i64, Vec<Mv>)>,
    /// The position asked about next (walking back to 0); `None` once the
    /// walk has ended.
    next: Option<usize>,
    /// Whether every position back to the start was answered.
    proved: bool,
}

impl<B: SearchBoard> Walk<B> {
    /// A walk along `moves` (a whole game from `start`, scoring `score`)
    /// within `meter`, with a table of `slots` proved bounds. A line that
    /// does not replay gives a walk that has ended with nothing found.
    pub(super) fn with_slots(
        start: &B,
        moves: &[Cell],
        score: i64,
        meter: Meter,
        slots: usize,
    ) -> Walk<B> {
        let rules = Rules::default();
        let mut exact = Exact::<B>::new(rules, meter, slots);
        let mut positions = Vec::with_capacity(moves.len() + 1);
        let mut made = Vec::with_capacity(moves.len() + 1);
        let mut b = start.clone();
        let mut points = 0;
        let mut replays = true;
        for &m in moves {
            positions.push(b.clone());
            made.push(points);
            let color = b.get(m.col as usize, m.row as usize);
            let Some(size) = play(&mut b, Mv { cell: m, color }, &mut exact.flood) else {
                replays = false;
                break;
            };
            points += rules.move_points(size);
        }
        positions.push(b);
        made.push(points);
        Walk {
            exact,
            moves: moves.to_vec(),
            score,
            next: replays.then(|| positions.len() - 1),
            positions,
            made,
            best: None,
            proved: false,
        }
    }
}

impl<B: SearchBoard> EndWalk for Walk<B> {
    fn advance(&mut self, slice: Meter) -> bool {
        self.exact.slice = slice;
        self.exact.slice_from = self.exact.nodes;
        while let Some(k) = self.next {
            let floor = match &self.best {
                Some((j, rest, _)) => self.made[*j] + rest - self.made[k],
                None => self.score - self.made[k],
            };
            let (rest, ending, done) = self.exact.best(&self.positions[k], floor);
            if rest > floor {
                self.best = Some((k, rest, ending));
            }
            if !done {
                if self.exact.meter.spent(self.exact.nodes, 1) {
                    // The walk's own budget is spent: it ends here.
                    self.next = None;
                    return true;
                }
                // The slice is spent: the same question again next time.
                return false;
            }
            self.proved = k == 0;
            self.next = k.checked_sub(1);
        }
        true
    }

    fn ending(&self) -> Ending {
        Ending {
            better: self.best.as_ref().and_then(|(k, _, ending)| {
                better_line(
                    &self.positions[*k],
                    self.made[*k],
                    &self.moves[..*k],
                    ending,
                    self.score,
                )
            }),
            proved: self.proved,
        }
    }

    fn nodes(&self) -> u64 {
        self.exact.nodes
    }
}

/// The line of `prefix` then `ending` (played from `from`, after `made`
/// points), replayed by the rules to score it (a hash collision in the
/// table could have misled the search: the replay is what counts), if it
/// makes more than `score`.
fn better_line<B: SearchBoard>(
    from: &B,
    made: i64,
    prefix: &[Cell],
    ending: &[Mv],
    score: i64,
) -> Option<Better> {
    let rules = Rules::default();
    let mut flood = B::Scratch::default();
    let mut end = from.clone();
    let mut total = made;
    for m in ending {
        total += rules.move_points(play(&mut end, *m, &mut flood)?);
    }
    total += rules.end_adjustment(end.balls());
    let mut line = prefix.to_vec();
    line.extend(ending.iter().map(|m| m.cell));
    (total > score).then(|| Better {
        moves: line,
        score: total,
        cleared: end.balls() == 0,
    })
}

#[cfg(test)]
mod tests {
    use super::super::{replay, Small};
    use super::*;
    use crate::budget::Budget;
    use crate::samegame::board::Board;
    use crate::samegame::repr::SameGameBoard;
    use crate::samegame::BitBoard;

    /// The clusters of `b` that are moves (two balls or more).
    fn moves_of(b: &Board) -> Vec<crate::samegame::Cluster> {
        b.clusters()
            .into_iter()
            .filter(|c| c.cells.len() >= 2)
            .collect()
    }

    /// The best rest of the game by plain enumeration of every line.
    fn brute(b: &Board, rules: &Rules) -> i64 {
        let clusters = moves_of(b);
        if clusters.is_empty() {
            return rules.end_adjustment(b.balls());
        }
        clusters
            .iter()
            .map(|c| {
                let mut child = b.clone();
                let r = child.remove(c.cells[0]).expect("a cluster is a move");
                rules.move_points(r.size) + brute(&child, rules)
            })
            .max()
            .expect("a move")
    }

    type S = Small<false, false>;

    /// Each thread's table is whole up to four threads; past that the
    /// tables together keep to 128 MiB, each a power of two and at least
    /// 2¹⁶ slots.
    #[test]
    fn the_tables_of_many_threads_keep_to_a_total() {
        for threads in 0..=4 {
            assert_eq!(table_slots(threads), TABLE_SLOTS, "{threads} threads");
        }
        assert_eq!(table_slots(5), 1 << 20);
        assert_eq!(table_slots(8), 1 << 20);
        assert_eq!(table_slots(64), 1 << 17);
        assert_eq!(table_slots(100_000), 1 << 16);
        for threads in 1..=128 {
            let slots = table_slots(threads);
            assert!(slots.is_power_of_two(), "{threads} threads: {slots}");
            assert!(slots * threads <= ALL_TABLES_SLOTS.max(TABLE_SLOTS * threads.min(4)));
        }
    }

    /// A table entry is one word, zero for nothing known, and gives back
    /// what was kept, bounds at both ends of their range included.
    #[test]
    fn table_words_are_zero_when_unknown_and_keep_every_bound() {
        assert_eq!(UNKNOWN.word(), 0);
        let back = Known::from_word(0);
        assert_eq!((back.key, back.low, back.high), (0, i32::MIN, i32::MAX));
        for key in [0, 1, u64::MAX, 0x8000_0000_0000_0001] {
            for low in [i32::MIN, -1, 0, 1, 4_000, i32::MAX] {
                for high in [i32::MIN, -1, 0, 1, 87_858, i32::MAX] {
                    let k = Known::from_word(Known { key, low, high }.word());
                    assert_eq!((k.key, k.low, k.high), (key, low, high));
                }
            }
        }
    }

    /// The exact search's value is the best of every line, on both board
    /// types, with a table as large as needed and with one of a few slots
    /// (entries replaced all the time).
    #[test]
    fn the_exact_value_is_the_best_of_every_line() {
        fn check<B: SearchBoard>(board: &Board, want: i64, seed: u64) {
            let start = B::from_board(board).unwrap();
            for slots in [1 << 12, 4] {
                let mut exact = Exact::<B>::new(Rules::default(), Meter::UNLIMITED, slots);
                let (v, line, proved) = exact.best(&start, -1);
                assert!(proved, "seed {seed}: no budget to run out");
                assert_eq!(v, want, "seed {seed}, {slots} slots\n{board:?}");
                let cells: Vec<Cell> = line.iter().map(|m| m.cell).collect();
                assert_eq!(replay(board, &cells).map(|r| r.0), Ok(want), "seed {seed}");
            }
        }
        let rules = Rules::default();
        for seed in 0..300u64 {
            let (w, h) = (2 + seed as usize % 4, 2 + (seed as usize / 4) % 4);
            let board = Board::random(w, h, 2 + (seed % 3) as u8, seed).unwrap();
            let want = brute(&board, &rules);
            check::<S>(&board, want, seed);
            check::<BitBoard>(&board, want, seed);
        }
    }

    /// A random game's line made better: the result replays to the score
    /// it claims and beats the line; with no budget at all nothing changes.
    #[test]
    fn an_improved_line_replays_to_its_score() {
        let mut improved = 0;
        for seed in 0..40u64 {
            let board = Board::random(8, 8, 3 + (seed % 2) as u8, seed).unwrap();
            let start = S::from_board(&board).unwrap();
            // A line of random moves.
            let mut b = board.clone();
            let mut moves = Vec::new();
            let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            loop {
                let cs = moves_of(&b);
                if cs.is_empty() {
                    break;
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let c = &cs[(rng % cs.len() as u64) as usize];
                moves.push(c.cells[0]);
                b.remove(c.cells[0]).unwrap();
            }
            let (score, _) = replay(&board, &moves).unwrap();
            let none = Budget::nodes(0).start();
            assert!(
                improve(&start, &moves, score, none).better.is_none(),
                "seed {seed}"
            );
            let meter = Budget::nodes(20_000).start();
            if let Some(better) = improve_with(&start, &moves, score, meter, 1 << 14).better {
                assert!(better.score > score, "seed {seed}");
                assert_eq!(
                    replay(&board, &better.moves),
                    Ok((better.score, better.cleared)),
                    "seed {seed}"
                );
                improved += 1;
            }
        }
        assert!(improved > 20, "only {improved} random lines were bettered");
    }

    /// A walk that reaches the start proves the line the best there is: the
    /// answer is then the exact value.
    #[test]
    fn a_walk_back_to_the_start_is_a_proof() {
        let rules = Rules::default();
        for seed in 0..40u64 {
            let board = Board::random(4, 4, 2 + (seed % 2) as u8, seed).unwrap();
            let want = brute(&board, &rules);
            // The greedy-by-anchor line: the first cluster each time.
            let mut b = board.clone();
            let mut moves = Vec::new();
            while let Some(c) = moves_of(&b).into_iter().next() {
                moves.push(c.cells[0]);
                b.remove(c.cells[0]).unwrap();
            }
            let (score, _) = replay(&board, &moves).unwrap();
            let start = S::from_board(&board).unwrap();
            let end = improve(&start, &moves, score, Meter::UNLIMITED);
            assert!(end.proved, "seed {seed}");
            let got = end.better.as_ref().map_or(score, |b| b.score);
            assert_eq!(got, want, "seed {seed}\n{board:?}");
        }
    }
}
