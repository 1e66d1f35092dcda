//! Levels of the Mayan puzzle: the built-in set (`levels.txt` beside this
//! file, NOIP 2011 inputs one after another — six lines each — so any NOIP
//! solver can check them), the generator that made it, and links to a level
//! or a position (`game=mayan&level=K` or `game=mayan&n=N&board=…`).
//!
//! The generator deals small random boards (two to four colours, three to
//! six blocks of each, no run of three), keeps those whose shortest clearing
//! takes exactly n moves (proved by the solver: none in fewer), and grades
//! them: fewer solutions of n moves and more search effort come later.

use std::collections::HashMap;

use super::solve::{solve, Goal, Outcome, Settings};
use super::{judge, Board, Move, EMPTY, HEIGHT, MAX_COLOR, WIDTH};
use crate::budget::Budget;
use crate::rng::Rng;
use crate::text::InputError;

/// The built-in levels, in the NOIP input format.
pub const BUILT_IN: &str = include_str!("levels.txt");

/// A level: the moves it asks for, exactly, and its board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// n: the board must be empty after exactly n moves.
    pub moves: u32,
    /// The starting board.
    pub board: Board,
}

/// Parses levels written one after another in the NOIP format (n, then five
/// column lines ended by 0); blank lines between them are allowed. Errors
/// name the line in the whole text.
pub fn parse_levels(text: &str) -> Result<Vec<Level>, InputError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut levels = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim().is_empty() {
            i += 1;
            continue;
        }
        let mut chunk = Vec::new();
        let first = i;
        while chunk.len() < 1 + WIDTH && i < lines.len() {
            if !lines[i].trim().is_empty() {
                chunk.push(lines[i]);
            }
            i += 1;
        }
        let p = judge::parse(&chunk.join("\n")).map_err(|e| {
            InputError::new(
                first + e.line.max(1),
                format!("level {}: {}", levels.len() + 1, e.message),
            )
        })?;
        levels.push(Level {
            moves: p.moves,
            board: p.board,
        });
    }
    Ok(levels)
}

/// The built-in levels (parsed once).
pub fn built_in() -> &'static [Level] {
    static LEVELS: std::sync::OnceLock<Vec<Level>> = std::sync::OnceLock::new();
    LEVELS.get_or_init(|| {
        parse_levels(BUILT_IN).expect("the built-in levels are valid (a test checks them)")
    })
}

/// Positions [`count_solutions`] remembers at most (about 50 bytes each).
pub const COUNT_MEMO: usize = 50_000;

/// The number of ways to clear `b` in exactly `n` moves, stopping at
/// `limit`; `None` when `nodes` positions were expanded before the count was
/// complete. A way is a sequence of moves, a swap of two blocks one move
/// whichever of the two is dragged (the judge's `x y 1` and its neighbour's
/// `x+1 y -1`: one swap to a player). Two different moves that leave the same
/// board are two ways (every last move leaves the empty board: counted as
/// positions, a level cleared by either of two last moves had "1 solution").
/// Positions reached again by another order of moves are worked out once
/// (remembered with the moves left, from two moves left up; at most
/// [`COUNT_MEMO`] of them, so that the page's memory stays small).
pub fn count_solutions(b: &Board, n: u32, limit: u64, nodes: u64) -> Option<u64> {
    count_solutions_within(b, n, limit, Budget::nodes(nodes))
}

/// Whether `m` drags a block left onto another: the same swap as its
/// neighbour's drag to the right, which is counted instead.
pub fn is_swap_from_the_right(b: &Board, m: Move) -> bool {
    m.dir < 0 && m.x > 0 && b.get(m.x as usize - 1, m.y as usize) != EMPTY
}

/// [`count_solutions`] within `budget` (positions expanded, time or both):
/// `None` when it ran out before the count was complete.
pub fn count_solutions_within(b: &Board, n: u32, limit: u64, budget: Budget) -> Option<u64> {
    struct Count {
        limit: u64,
        meter: crate::budget::Meter,
        expanded: u64,
        memo: HashMap<(Board, u32), u64>,
    }
    /// Sequences of exactly `left` moves clearing `b` (at most `limit`),
    /// or `None` when the budget ran out.
    fn go(b: &Board, left: u32, c: &mut Count) -> Option<u64> {
        if b.is_empty() {
            return Some(u64::from(left == 0));
        }
        if left == 0 || b.color_counts()[1..].iter().any(|&k| k == 1 || k == 2) {
            return Some(0);
        }
        if let Some(&known) = c.memo.get(&(*b, left)) {
            return Some(known);
        }
        if c.meter.spent(c.expanded, 64) {
            return None;
        }
        c.expanded += 1;
        let mut sum = 0u64;
        for m in b.moves() {
            if is_swap_from_the_right(b, m) {
                continue;
            }
            let next = b.play(m).expect("a listed move");
            sum = sum.saturating_add(go(&next, left - 1, c)?).min(c.limit);
            if sum >= c.limit {
                break;
            }
        }
        if left >= 2 && c.memo.len() < COUNT_MEMO {
            c.memo.insert((*b, left), sum);
        }
        Some(sum)
    }
    let mut c = Count {
        limit,
        meter: budget.start(),
        expanded: 0,
        memo: HashMap::new(),
    };
    go(b, n, &mut c)
}

/// The fewest moves that clear `b`, up to `max` (None: not within `max`, or
/// the budget ran out); each search for 1, 2, … moves has `budget`.
pub fn shortest_clearing(b: &Board, max: u32, budget: Budget) -> Option<(u32, Vec<Move>)> {
    shortest(b, max, budget, false)
}

/// As [`shortest_clearing`], the searches for 1, 2, … moves sharing one
/// `budget` (the page's: eight searches each with a Hint's budget took up
/// to 3.7 s).
pub fn shortest_clearing_within(b: &Board, max: u32, budget: Budget) -> Option<(u32, Vec<Move>)> {
    shortest(b, max, budget, true)
}

fn shortest(b: &Board, max: u32, budget: Budget, shared: bool) -> Option<(u32, Vec<Move>)> {
    let meter = budget.start();
    let mut spent = 0u64;
    for n in 1..=max {
        let s = Settings {
            goal: Goal::Exactly,
            budget: if shared { meter.left(spent) } else { budget },
            ..Settings::default()
        };
        let report = solve(b, n, s);
        spent = spent.saturating_add(report.nodes);
        match report.outcome {
            Outcome::Solved(moves) => return Some((n, moves)),
            Outcome::NoSolution => {}
            Outcome::OutOfBudget => return None,
        }
    }
    None
}

/// A random small board: `colors` colours, each with 3 to 6 blocks, dropped
/// into random columns; `None` when it holds a run of three.
fn random_small_board(rng: &mut Rng, colors: u8) -> Option<Board> {
    let mut bag = Vec::new();
    let first = 1 + rng.below(MAX_COLOR as u64 - colors as u64 + 1) as u8;
    for c in first..first + colors {
        let k = 3 + rng.below(4) as usize;
        bag.extend(std::iter::repeat_n(c, k));
    }
    let mut columns: Vec<Vec<u8>> = vec![Vec::new(); WIDTH];
    for i in (1..bag.len()).rev() {
        bag.swap(i, rng.below(i as u64 + 1) as usize);
    }
    for c in bag {
        let open: Vec<usize> = (0..WIDTH).filter(|&x| columns[x].len() < HEIGHT).collect();
        let x = *open.get(rng.below(open.len() as u64) as usize)?;
        columns[x].push(c);
    }
    let b = Board::from_columns(&columns).ok()?;
    b.is_settled().then_some(b)
}

/// A generated level with its grade.
#[derive(Clone, Debug)]
pub struct Graded {
    /// The level.
    pub level: Level,
    /// Solutions of exactly n moves (capped at 1,000).
    pub solutions: u64,
    /// Positions the exact solver expanded.
    pub nodes: u64,
}

/// Generates `per_n` levels for each n in 1..=5 from `seed`: each proved to
/// have a clearing of exactly n moves and none shorter. Within each n the
/// levels are ordered from easy to hard (many solutions first, then less
/// search effort first).
pub fn generate(per_n: usize, seed: u64) -> Vec<Graded> {
    generate_with(per_n, seed, &mut |_| {})
}

/// What [`generate_with`] has done so far.
pub enum News<'a> {
    /// The `found`th level of `n` moves was found.
    Found { n: u32, found: usize },
    /// Every level of one n, in their final order.
    Graded(&'a [Graded]),
}

/// [`generate`], telling `news` of each level found and of each n's levels
/// once they are graded (a large set takes minutes).
pub fn generate_with(per_n: usize, seed: u64, news: &mut dyn FnMut(News<'_>)) -> Vec<Graded> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for n in 1..=5u32 {
        let mut found: Vec<Graded> = Vec::new();
        let mut tries = 0u64;
        while found.len() < per_n && tries < 2_000_000 {
            tries += 1;
            let colors = 1 + (n as u8).div_ceil(2) + rng.below(2) as u8;
            let Some(board) = random_small_board(&mut rng, colors.min(4)) else {
                continue;
            };
            if found.iter().any(|g| g.level.board == board) {
                continue;
            }
            let Some((shortest, _)) = shortest_clearing(&board, n, Budget::nodes(200_000)) else {
                continue;
            };
            if shortest != n {
                continue;
            }
            let report = solve(&board, n, Settings::default());
            let Some(solutions) = count_solutions(&board, n, 1000, 5_000_000) else {
                continue;
            };
            found.push(Graded {
                level: Level { moves: n, board },
                solutions,
                nodes: report.nodes,
            });
            news(News::Found {
                n,
                found: found.len(),
            });
        }
        found.sort_by_key(|g| (std::cmp::Reverse(g.solutions), g.nodes));
        news(News::Graded(&found));
        out.extend(found);
    }
    out
}

/// Levels in the NOIP format, one after another.
pub fn to_text(levels: &[Level]) -> String {
    let mut s = String::new();
    for l in levels {
        s.push_str(&format!("{}\n{}", l.moves, l.board.to_columns_text()));
    }
    s
}
