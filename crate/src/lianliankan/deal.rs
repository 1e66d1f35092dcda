//! Deals that can always be won, and shuffles that keep a game winnable.
//!
//! Both are built backwards: starting from the empty board (or, for a
//! shuffle, from the cells left empty), pairs are put back one at a time
//! so that the board stays as the variant leaves it (every line's tiles
//! gathered at their end, pushed along when a tile is slipped in between)
//! and each pair put back can be joined on the board it was put on.
//! Removing a pair and sliding then gives back the board before it, so the
//! pairs taken in the reverse order win the game: each deal keeps that
//! order. A draw that runs into a dead end (no joinable place for the next
//! pair) is thrown away and the generator draws again, so a seed names the
//! same deal everywhere.
//!
//! When nothing slides (`none`), a full board built backwards runs into
//! dead ends, but random boards are almost always winnable: deals and
//! shuffles are then drawn at random and kept when the exact solver finds
//! a winning order within a node budget — except where draws seldom win
//! or cost too much (kinds of one pair, kinds of many tiles), and when they
//! found nothing: then they are made forwards, pairs that join taken from
//! the full board one after another (`peel`).

use super::solve::{solve, Settings, Verdict};
use super::{Board, Occupancy, Pos, Segment, Variant, MAX_KINDS, MAX_SIDE};
use crate::rng::Rng;

/// Positions the solver may spend on one drawn deal (nothing sliding).
pub const DEAL_NODES: u64 = 20_000;

/// Positions all the draws of one deal (or of one shuffle) may spend
/// together (nothing sliding); past them the deal is made forwards
/// (`peel`).
pub const DEAL_TOTAL_NODES: u64 = 100_000;

/// Draws tried before a deal gives up.
pub const DEAL_TRIES: u32 = 500;

/// Positions the solver may spend on one shuffled arrangement of a board
/// that is not as the variant leaves it (a given board).
pub const SHUFFLE_NODES: u64 = 20_000;

/// Arrangements a shuffle tries.
pub const SHUFFLE_TRIES: u32 = 200;

/// A winnable deal and a winning order for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    /// The tiles.
    pub board: Board,
    /// Pairs that, removed in this order, empty the board.
    pub order: Vec<(Pos, Pos)>,
}

/// What a deal is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {
    /// Columns.
    pub w: usize,
    /// Rows.
    pub h: usize,
    /// Kinds of tile.
    pub kinds: usize,
    /// How tiles slide.
    pub variant: Variant,
}

impl Spec {
    /// Checks the sizes: 1..=32 wide and high, an even number of cells,
    /// 1 to 62 kinds and no more kinds than pairs.
    pub fn check(&self) -> Result<(), String> {
        Spec::check_numbers(self.w as u64, self.h as u64, self.kinds as u64)
    }

    /// The same checks on the numbers as written (a link's, before they are
    /// narrowed to sizes: a message quotes them).
    pub fn check_numbers(w: u64, h: u64, kinds: u64) -> Result<(), String> {
        let side = 1..=MAX_SIDE as u64;
        if !side.contains(&w) || !side.contains(&h) {
            return Err(format!(
                "a board is 1 to {} wide and high, not {} × {}",
                MAX_SIDE, w, h
            ));
        }
        let cells = w * h;
        if cells % 2 == 1 {
            return Err(format!(
                "a board of {} × {} has an odd number of cells ({}): tiles come in pairs",
                w, h, cells
            ));
        }
        let most = (MAX_KINDS as u64).min(cells / 2);
        if !(1..=most).contains(&kinds) {
            return Err(format!(
                "a board of {} × {} takes 1 to {} kinds, not {}",
                w, h, most, kinds
            ));
        }
        Ok(())
    }
}

/// Puts `kinds` on `cells` in a random order (Fisher–Yates).
fn scatter(rng: &mut Rng, mut kinds: Vec<u8>) -> Vec<u8> {
    for i in (1..kinds.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        kinds.swap(i, j);
    }
    kinds
}

/// Random places tried for each pair before every place is tried.
const PLACE_TRIES: u32 = 48;

/// Places a pair is put back into, at most, when trying them all.
const MAX_SCAN: usize = 4096;

/// Builds a board backwards on `segments` (each filled up to its
/// capacity), putting back the pairs of `kinds` (one entry per pair) in
/// the order given; None at a dead end. Returns the board and the winning
/// order.
fn build(
    w: usize,
    h: usize,
    variant: Variant,
    segments: &[(Segment, usize)],
    kinds: &[u8],
    rng: &mut Rng,
) -> Option<Deal> {
    let mut lists: Vec<Vec<u8>> = vec![Vec::new(); segments.len()];
    let mut order = Vec::with_capacity(kinds.len());
    for &kind in kinds {
        // A place: (segment, index in its list) for each tile.
        let mut placed = None;
        let try_place =
            |lists: &Vec<Vec<u8>>, (s1, j1): (usize, usize), (s2, j2): (usize, usize)| {
                let mut next = lists.clone();
                next[s1].insert(j1, MARK_A);
                next[s2].insert(j2, MARK_B);
                let board = lay_out(w, h, segments, &next);
                let (a, b) = (find(&board, MARK_A), find(&board, MARK_B));
                let mut board = board;
                board.set(a, kind);
                board.set(b, kind);
                if Occupancy::of(&board).joinable(a, b) {
                    for l in next.iter_mut() {
                        for k in l.iter_mut() {
                            if *k == MARK_A || *k == MARK_B {
                                *k = kind;
                            }
                        }
                    }
                    Some((next, (a, b)))
                } else {
                    None
                }
            };
        for _ in 0..PLACE_TRIES {
            let s1 = pick(segments, &lists, rng, None);
            let j1 = rng.below(lists[s1].len() as u64 + 1) as usize;
            let s2 = pick(segments, &lists, rng, Some(s1));
            let j2 = rng.below(lists[s2].len() as u64 + 1 + u64::from(s1 == s2)) as usize;
            if let Some(done) = try_place(&lists, (s1, j1), (s2, j2)) {
                placed = Some(done);
                break;
            }
        }
        if placed.is_none() {
            // Every place when there are few enough, else every pair of
            // places at the open ends of the segments (on the side the
            // empty cells are).
            let with_room: Vec<usize> = (0..segments.len())
                .filter(|&i| lists[i].len() < segments[i].1)
                .collect();
            let places: Vec<(usize, usize)> = with_room
                .iter()
                .flat_map(|&i| (0..=lists[i].len()).map(move |j| (i, j)))
                .collect();
            let every = places.len() * places.len() <= MAX_SCAN;
            let open = |i: usize, extra: usize| {
                if segments[i].0.to_end {
                    0
                } else {
                    lists[i].len() + extra
                }
            };
            let firsts: Vec<(usize, usize)> = if every {
                places
            } else {
                with_room.iter().map(|&i| (i, open(i, 0))).collect()
            };
            'scan: for &p1 in &firsts {
                for &s2 in &with_room {
                    let extra = usize::from(s2 == p1.0);
                    if segments[s2].1 < lists[s2].len() + 1 + extra {
                        continue;
                    }
                    let seconds = if every {
                        0..=lists[s2].len() + extra
                    } else {
                        open(s2, extra)..=open(s2, extra)
                    };
                    for j2 in seconds {
                        if let Some(done) = try_place(&lists, p1, (s2, j2)) {
                            placed = Some(done);
                            break 'scan;
                        }
                    }
                }
            }
        }
        let (next, pair) = placed?;
        lists = next;
        order.push(pair);
    }
    order.reverse();
    let board = lay_out(w, h, segments, &lists);
    debug_assert!(super::solve::wins(&board, variant, &order));
    Some(Deal { board, order })
}

const MARK_A: u8 = 255;
const MARK_B: u8 = 254;

/// A random segment with room, weighted by its room; `after` is a segment
/// that just took a tile (its room is one less).
fn pick(
    segments: &[(Segment, usize)],
    lists: &[Vec<u8>],
    rng: &mut Rng,
    after: Option<usize>,
) -> usize {
    let room = |i: usize| {
        let used = lists[i].len() + usize::from(after == Some(i));
        segments[i].1.saturating_sub(used)
    };
    let total: usize = (0..segments.len()).map(room).sum();
    let mut r = rng.below(total.max(1) as u64) as usize;
    for i in 0..segments.len() {
        let n = room(i);
        if r < n {
            return i;
        }
        r -= n;
    }
    unreachable!("a segment with room is picked only when there is room")
}

/// The board whose segments hold `lists` gathered at their ends.
fn lay_out(w: usize, h: usize, segments: &[(Segment, usize)], lists: &[Vec<u8>]) -> Board {
    let mut b = Board::new(w, h).expect("checked sizes");
    for ((seg, _), list) in segments.iter().zip(lists) {
        let start = if seg.to_end {
            seg.cells.len() - list.len()
        } else {
            0
        };
        for (j, &k) in list.iter().enumerate() {
            b.set(seg.cells[start + j], k);
        }
    }
    b
}

fn find(b: &Board, mark: u8) -> Pos {
    b.occupied()
        .find(|&p| b.get(p) == mark)
        .expect("the mark was laid out")
}

/// Whether every segment of `b` under `variant` has its tiles gathered at
/// its end (as every position reached by play from a full board has).
fn settled(b: &Board, variant: Variant) -> bool {
    b.segments(variant).iter().all(|seg| {
        let filled: Vec<bool> = seg.cells.iter().map(|&c| b.get(c) != 0).collect();
        let n = filled.iter().filter(|&&f| f).count();
        let want = |i: usize| {
            if seg.to_end {
                i >= filled.len() - n
            } else {
                i < n
            }
        };
        filled.iter().enumerate().all(|(i, &f)| f == want(i))
    })
}

/// The winnable deal of `spec` for `seed`.
pub fn deal(spec: Spec, seed: u64) -> Result<Deal, String> {
    spec.check()?;
    let empty = Board::new(spec.w, spec.h)?;
    let segments: Vec<(Segment, usize)> = empty
        .segments(spec.variant)
        .into_iter()
        .map(|s| {
            let n = s.cells.len();
            (s, n)
        })
        .collect();
    let pairs: Vec<u8> = (0..spec.w * spec.h / 2)
        .map(|p| (p % spec.kinds) as u8 + 1)
        .collect();
    let mut rng = Rng::new(seed);
    if spec.variant == Variant::None {
        // Nothing slides: a full board built backwards runs into dead ends
        // (its last pairs must join on an almost full board), while random
        // boards are nearly always won, so draws are proved by the solver.
        // Drawn only when every kind has two pairs or more (a kind of one
        // pair has one way to go, and random boards with many such kinds
        // are seldom won) and no kind more than `READING_ORDER_ABOVE`
        // tiles (the solver's positions grow with the square of a kind's).
        let most = pairs.len().div_ceil(spec.kinds) * 2;
        let draws = spec.kinds * 2 <= pairs.len() && most <= READING_ORDER_ABOVE;
        let tiles: Vec<u8> = pairs.iter().flat_map(|&k| [k, k]).collect();
        let mut spent = 0u64;
        while draws && spent < DEAL_TOTAL_NODES {
            let board = Board::from_cells(spec.w, spec.h, scatter(&mut rng, tiles.clone()))
                .expect("pairs of kinds in range");
            let out = solve(&board, spec.variant, Settings::nodes(DEAL_NODES));
            spent += out.nodes.max(1);
            if let Verdict::Won(order) = out.verdict {
                return Ok(Deal { board, order });
            }
        }
        // Boards with many kinds (most kinds then have one pair, and
        // random boards are seldom winnable) or many tiles per kind: made
        // forwards instead (`peel`); dominoes, each pair of neighbours,
        // only should that find no deal.
        let occupied: Vec<Pos> = (0..spec.h as i32)
            .flat_map(|y| (0..spec.w as i32).map(move |x| Pos::new(x, y)))
            .collect();
        for _ in 0..PEEL_TRIES {
            if let Some(d) = peel(
                &empty,
                &occupied,
                &scatter(&mut rng, pairs.clone()),
                &mut rng,
            ) {
                return Ok(d);
            }
        }
        return Ok(dominoes(spec, &pairs, &mut rng));
    }
    for _ in 0..DEAL_TRIES {
        let kinds = scatter(&mut rng, pairs.clone());
        if let Some(d) = build(spec.w, spec.h, spec.variant, &segments, &kinds, &mut rng) {
            return Ok(d);
        }
    }
    Err(format!(
        "no winnable {} × {} deal with {} kinds ({}) was found in {} draws",
        spec.w, spec.h, spec.kinds, spec.variant, DEAL_TRIES
    ))
}

/// Times `peel` is tried before a deal falls back to dominoes.
const PEEL_TRIES: u32 = 20;

/// Tiles a pair's first tile is drawn from, at most, while looking for a
/// second tile it joins that is not its neighbour.
const PEEL_SOURCES: usize = 48;

/// A winnable arrangement of the pairs `kinds` (one kind per pair, in the
/// order they will be removed) on the `occupied` cells of `empty` (the
/// board with those cells empty and the rest as it is: nothing sliding),
/// made forwards: starting with every occupied cell full, each pair is two
/// tiles that join on the board with the earlier pairs gone — the first
/// tile drawn at random, the second at random among the tiles it joins,
/// not its neighbour when a first tile with such a partner turns up among
/// [`PEEL_SOURCES`] draws (neighbours are the easy pairs; a board made of
/// them is solved at a glance). The pairs taken in that order win the
/// game. None at a dead end (no two tiles left that join).
fn peel(empty: &Board, occupied: &[Pos], kinds: &[u8], rng: &mut Rng) -> Option<Deal> {
    debug_assert_eq!(occupied.len(), kinds.len() * 2);
    let mut full = empty.clone();
    for &p in occupied {
        full.set(p, 1);
    }
    let mut out = empty.clone();
    let mut left = occupied.to_vec();
    let mut order = Vec::with_capacity(kinds.len());
    let mut reached = Vec::new();
    for &kind in kinds {
        let mut near = None;
        let mut far = None;
        for _ in 0..PEEL_SOURCES.min(left.len()) {
            let a = left[rng.below(left.len() as u64) as usize];
            tiles_joined(&full, a, &mut reached);
            let n = reached.iter().filter(|&&b| !touching(a, b)).count();
            if n > 0 {
                let pick = rng.below(n as u64) as usize;
                far = reached
                    .iter()
                    .copied()
                    .filter(|&b| !touching(a, b))
                    .nth(pick)
                    .map(|b| (a, b));
                break;
            }
            if near.is_none() && !reached.is_empty() {
                near = Some((a, reached[rng.below(reached.len() as u64) as usize]));
            }
        }
        let (a, b) = match far.or(near) {
            Some(pair) => pair,
            // No draw found a pair: any tile that joins another.
            None => left.iter().find_map(|&a| {
                tiles_joined(&full, a, &mut reached);
                reached.first().map(|&b| (a, b))
            })?,
        };
        full.set(a, 0);
        full.set(b, 0);
        out.set(a, kind);
        out.set(b, kind);
        left.retain(|&p| p != a && p != b);
        order.push((a, b));
    }
    debug_assert!(super::solve::wins(&out, Variant::None, &order));
    Some(Deal { board: out, order })
}

/// Whether `a` and `b` are side by side.
fn touching(a: Pos, b: Pos) -> bool {
    a.x.abs_diff(b.x) + a.y.abs_diff(b.y) == 1
}

/// The tiles of `board` — all of one kind, as `peel` lays it — that a path
/// of at most three segments through empty cells and the ring joins to the
/// tile at `from`, into `out` (the engine's turn-limited search, `reach`).
fn tiles_joined(board: &Board, from: Pos, out: &mut Vec<Pos>) {
    out.clear();
    let w2 = board.width() + 2;
    for (i, &v) in super::reach(board, from).iter().enumerate() {
        if (5..=7).contains(&v) {
            out.push(Pos::new((i % w2) as i32 - 1, (i / w2) as i32 - 1));
        }
    }
}

/// A deal whose pairs are neighbours (a random tiling by dominoes, the
/// kinds scattered over them): won by removing the dominoes in any order.
fn dominoes(spec: Spec, pairs: &[u8], rng: &mut Rng) -> Deal {
    let (w, h) = (spec.w, spec.h);
    let kinds = scatter(rng, pairs.to_vec());
    // Rows of horizontal dominoes when the width is even, else columns of
    // vertical ones; a random half of the 2 × 2 blocks turned.
    let mut cells: Vec<(Pos, Pos)> = Vec::with_capacity(w * h / 2);
    if w % 2 == 0 {
        for y in 0..h {
            for x in (0..w).step_by(2) {
                cells.push((
                    Pos::new(x as i32, y as i32),
                    Pos::new(x as i32 + 1, y as i32),
                ));
            }
        }
    } else {
        for x in 0..w {
            for y in (0..h).step_by(2) {
                cells.push((
                    Pos::new(x as i32, y as i32),
                    Pos::new(x as i32, y as i32 + 1),
                ));
            }
        }
    }
    let mut board = Board::new(w, h).expect("checked sizes");
    for (&(a, b), &k) in cells.iter().zip(&kinds) {
        board.set(a, k);
        board.set(b, k);
    }
    Deal {
        board,
        order: cells,
    }
}

/// A random board of `spec` for `seed` with no check that it can be won
/// (for measuring the solver).
pub fn random_board(spec: Spec, seed: u64) -> Result<Board, String> {
    spec.check()?;
    let tiles: Vec<u8> = (0..spec.w * spec.h / 2)
        .flat_map(|p| {
            let k = (p % spec.kinds) as u8 + 1;
            [k, k]
        })
        .collect();
    Board::from_cells(spec.w, spec.h, scatter(&mut Rng::new(seed), tiles))
}

/// The tiles of `board` rearranged on the cells they occupy into a
/// winnable arrangement under `variant`: built backwards as a deal is
/// when the board is as the variant leaves it (always so in play), else
/// drawn at random until the solver proves one winnable (nothing sliding:
/// made forwards, see `peel`, when some kind has many tiles or the draws
/// find nothing). The same answer for the same board and `count` (the
/// shuffles made before). None when no tile is left or nothing was found.
pub fn shuffle(board: &Board, variant: Variant, count: u32) -> Option<Board> {
    shuffled(board, variant, count).map(|d| d.board)
}

/// [`shuffle`], with a winning order of the arrangement.
pub(crate) fn shuffled(board: &Board, variant: Variant, count: u32) -> Option<Deal> {
    if board.is_empty() {
        return None;
    }
    let mut seed = u64::from(count).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for &k in board.cells() {
        seed = (seed ^ u64::from(k)).wrapping_mul(0x0000_0100_0000_01B3);
    }
    let mut rng = Rng::new(seed);
    let counts = board.kind_counts();
    let pairs: Vec<u8> = (1..=MAX_KINDS as u8)
        .flat_map(|k| std::iter::repeat_n(k, usize::from(counts[k as usize] / 2)))
        .collect();
    if variant != Variant::None && settled(board, variant) {
        let segments: Vec<(Segment, usize)> = board
            .segments(variant)
            .into_iter()
            .map(|s| {
                let n = s.cells.iter().filter(|&&c| board.get(c) != 0).count();
                (s, n)
            })
            .collect();
        for _ in 0..SHUFFLE_TRIES {
            let kinds = scatter(&mut rng, pairs.clone());
            if let Some(d) = build(
                board.width(),
                board.height(),
                variant,
                &segments,
                &kinds,
                &mut rng,
            ) {
                return Some(d);
            }
        }
        return None;
    }
    let cells: Vec<usize> = board
        .cells()
        .iter()
        .enumerate()
        .filter(|(_, &k)| k != 0)
        .map(|(i, _)| i)
        .collect();
    // Nothing sliding: made forwards at once (`peel`) when some kind has
    // many tiles (the solver's positions grow with the square of a kind's)
    // or when draws found nothing.
    let peeled = |rng: &mut Rng| {
        let empty = Board::new(board.width(), board.height()).expect("the board's own size");
        let occupied: Vec<Pos> = board.occupied().collect();
        (0..PEEL_TRIES).find_map(|_| peel(&empty, &occupied, &scatter(rng, pairs.clone()), rng))
    };
    if variant == Variant::None
        && counts[1..]
            .iter()
            .any(|&n| usize::from(n) > READING_ORDER_ABOVE)
    {
        return peeled(&mut rng).or_else(|| {
            Some(in_reading_order(
                board,
                &cells,
                scatter(&mut rng, pairs.clone()),
            ))
        });
    }
    let kinds: Vec<u8> = cells.iter().map(|&i| board.cells()[i]).collect();
    // Nothing sliding, the draws together spend what a deal's do at most.
    let mut spent = 0u64;
    for _ in 0..SHUFFLE_TRIES {
        if variant == Variant::None && spent >= DEAL_TOTAL_NODES {
            break;
        }
        let mut out = board.cells().to_vec();
        for (&i, k) in cells.iter().zip(scatter(&mut rng, kinds.clone())) {
            out[i] = k;
        }
        let next = Board::from_cells(board.width(), board.height(), out)
            .expect("the same tiles on the same cells");
        let out = solve(&next, variant, Settings::nodes(SHUFFLE_NODES));
        spent += out.nodes.max(1);
        if let Verdict::Won(order) = out.verdict {
            return Some(Deal { board: next, order });
        }
    }
    // Nothing sliding, a winnable arrangement always exists.
    if variant != Variant::None {
        return None;
    }
    peeled(&mut rng).or_else(|| {
        Some(in_reading_order(
            board,
            &cells,
            scatter(&mut rng, pairs.clone()),
        ))
    })
}

/// Nothing sliding, a deal or a shuffle with a kind of more tiles than
/// this is made forwards (`peel`; reading order, below, should that fail)
/// at once, with no draws and no search: the solver's positions cost about
/// the square of a kind's tiles, and 10 shuffles of a 32 × 32 board of 2
/// kinds took 7 s in the page when they were searched.
const READING_ORDER_ABOVE: usize = 8;

/// `board`'s occupied `cells` (ascending, row-major) given the kinds of
/// `pairs` two by two in reading order. Nothing sliding, this is always won
/// by removing the pairs in that order: the first two occupied cells have
/// nothing above them and nothing between them in reading order, so the
/// first goes along its row (left, or right when the second is further
/// right in the next rows: the rest of its row is empty) to the second's
/// column and down to it — at most two segments; then the next two are
/// the first two.
fn in_reading_order(board: &Board, cells: &[usize], pairs: Vec<u8>) -> Deal {
    let mut out = board.cells().to_vec();
    let w = board.width();
    let at = |i: usize| Pos::new((i % w) as i32, (i / w) as i32);
    let mut order = Vec::with_capacity(pairs.len());
    for (two, &k) in cells.chunks(2).zip(&pairs) {
        for &i in two {
            out[i] = k;
        }
        order.push((at(two[0]), at(two[1])));
    }
    let board =
        Board::from_cells(w, board.height(), out).expect("the same tiles on the same cells");
    Deal { board, order }
}
