//! The NOIP 2011 Mayan judge: n, then five column lines (bottom first, each
//! ended by 0); prints the smallest n-move solution as `x y g` lines, or -1.

use crate::text::{push_int, push_uint, InputError, Lines};

use super::solve::{solve, Outcome, Settings};
use super::{Board, HEIGHT, MAX_COLOR, WIDTH};

/// A parsed puzzle: the number of moves and the board.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// Moves allowed (exactly).
    pub moves: u32,
    /// The starting board.
    pub board: Board,
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
                format!("'{}' is not a number of moves", first.trim()),
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
                    format!("'{}' after the 0 that ends the column", t),
                ));
            }
            let v: i64 = t
                .parse()
                .map_err(|_| InputError::new(line_no, format!("'{}' is not a colour", t)))?;
            if v == 0 {
                closed = true;
                continue;
            }
            if !(1..=MAX_COLOR as i64).contains(&v) {
                return Err(InputError::new(
                    line_no,
                    format!("colour {} is outside 1..={}", v, MAX_COLOR),
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
                    x,
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
    Ok(Puzzle { moves, board })
}

/// The judge's output for `input`.
pub fn judge(input: &str) -> Result<Vec<u8>, InputError> {
    let p = parse(input)?;
    let mut out = Vec::new();
    match solve(&p.board, p.moves, Settings::default()).outcome {
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
