//! The NOIP 2011 Mayan judge: n, then five column lines (bottom first, each
//! ended by 0); prints the smallest n-move solution as `x y g` lines, or -1.

use crate::link::shorten;
use crate::text::{push_int, push_uint, InputError, Lines};

use super::solve::{solve, Outcome, Settings};
use super::{Board, HEIGHT, MAX_COLOR, WIDTH};
use crate::budget::Budget;

/// A parsed puzzle: the number of moves and the board.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// Moves allowed (exactly).
    pub moves: u32,
    /// The starting board.
    pub board: Board,
    /// The input line that holds n.
    pub moves_line: usize,
}

/// Parses the judge's input, checking it whole.
pub fn parse(input: &str) -> Result<Puzzle, InputError> {
    let mut lines = Lines::new(input);
    let Some((n_line, first)) = lines.next_non_blank() else {
        return Err(InputError::new(1, "missing the number of moves n"));
    };
    let moves = match first.trim().parse::<i64>() {
        Ok(n) if n > 0 && n <= 64 => n as u32,
        Ok(n) => {
            return Err(InputError::new(
                n_line,
                format!(
                    "n must be a positive number of moves (at most 64), not {}",
                    n
                ),
            ))
        }
        Err(_) => {
            return Err(InputError::new(
                n_line,
                format!("'{}' is not a number of moves", shorten(first.trim())),
            ))
        }
    };
    let mut columns = Vec::with_capacity(WIDTH);
    let mut last_line = n_line;
    for x in 0..WIDTH {
        let Some((line_no, text)) = lines.next_non_blank() else {
            return Err(InputError::new(
                last_line + 1,
                format!("the input ends before column {} of {}", x + 1, WIDTH),
            ));
        };
        last_line = line_no;
        let mut column = Vec::new();
        let mut closed = false;
        for t in text.split_ascii_whitespace() {
            if closed {
                return Err(InputError::new(
                    line_no,
                    format!("'{}' after the 0 that ends the column", shorten(t)),
                ));
            }
            let v: i64 = t.parse().map_err(|_| {
                InputError::new(line_no, format!("'{}' is not a colour", shorten(t)))
            })?;
            if v == 0 {
                closed = true;
                continue;
            }
            if !(1..=MAX_COLOR as i64).contains(&v) {
                return Err(InputError::new(
                    line_no,
                    format!("colour {} is not from 1 to {}", v, MAX_COLOR),
                ));
            }
            column.push(v as u8);
        }
        if !closed {
            return Err(InputError::new(
                line_no,
                "the column line does not end with 0",
            ));
        }
        if column.len() > HEIGHT {
            return Err(InputError::new(
                line_no,
                format!(
                    "column {} has {} blocks, at most {}",
                    x + 1,
                    column.len(),
                    HEIGHT
                ),
            ));
        }
        columns.push(column);
    }
    if let Some((line_no, _)) = lines.next_non_blank() {
        return Err(InputError::new(
            line_no,
            "more input after the five columns",
        ));
    }
    let board = Board::from_columns(&columns).map_err(|m| InputError::new(n_line, m))?;
    if !board.is_settled() {
        return Err(InputError::new(
            n_line + 1,
            "the starting board already holds a run of three (the statement guarantees none)",
        ));
    }
    Ok(Puzzle {
        moves,
        board,
        moves_line: n_line,
    })
}

/// NOIP's largest n: up to it the judge searches without a node budget.
pub const NOIP_MAX_MOVES: u32 = 5;

/// Positions the judge may examine when n is above [`NOIP_MAX_MOVES`].
pub const JUDGE_NODE_BUDGET: u64 = 5_000_000;

/// The judge's output for `input`. Up to n = 5 (NOIP's bound) the search
/// has no node budget; above it, [`JUDGE_NODE_BUDGET`] positions. The memo
/// is capped ([`super::solve::MEMO_CAP`]) for every n. A search that runs
/// out is an error (never a `-1` it has not proved).
pub fn judge(input: &str) -> Result<Vec<u8>, InputError> {
    judge_with_budget(input, JUDGE_NODE_BUDGET)
}

/// [`judge`] with `nodes` as the budget above n = 5.
pub fn judge_with_budget(input: &str, nodes: u64) -> Result<Vec<u8>, InputError> {
    let p = parse(input)?;
    let mut out = Vec::new();
    let settings = Settings {
        budget: if p.moves <= NOIP_MAX_MOVES {
            Budget::UNLIMITED
        } else {
            Budget::nodes(nodes)
        },
        ..Settings::default()
    };
    match solve(&p.board, p.moves, settings).outcome {
        Outcome::OutOfBudget => {
            return Err(InputError::new(
                p.moves_line,
                format!(
                    "n = {}: the search examined {} positions without an answer and stopped \
                     (n above {} has that budget)",
                    p.moves, nodes, NOIP_MAX_MOVES
                ),
            ))
        }
        Outcome::Solved(moves) => {
            for m in moves {
                push_uint(&mut out, m.x as u64);
                out.push(b' ');
                push_uint(&mut out, m.y as u64);
                out.push(b' ');
                push_int(&mut out, m.dir as i64);
                out.push(b'\n');
            }
        }
        _ => out.extend_from_slice(b"-1\n"),
    }
    Ok(out)
}
