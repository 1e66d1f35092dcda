//! The judges: `mahjong` (seed 002: one board, answers the fewest segments
//! or 0) and `poj1101` (several boards, "Board #n:" / "Pair m: k segments.").
//! Inputs are checked whole before anything is printed.

use crate::link::shorten;
use crate::text::{push_uint, InputError, Lines};

use super::{Board, PathFinder, Pos};

/// Largest board side the judges accept.
pub const JUDGE_MAX_SIDE: usize = 75;

/// One board with its queries.
#[derive(Clone, Debug)]
pub struct Case {
    /// The board (every tile kind 1).
    pub board: Board,
    /// The queries, as pairs of cells.
    pub queries: Vec<(Pos, Pos)>,
}

/// Reads lines, and whitespace-separated tokens across lines, with numbers.
struct Reader<'a> {
    lines: Lines<'a>,
    /// Tokens left on the current line, with its number.
    pending: Vec<(usize, &'a str)>,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Reader<'a> {
        Reader {
            lines: Lines::new(text),
            pending: Vec::new(),
        }
    }

    /// The next token, reading further lines as needed.
    fn token(&mut self) -> Option<(usize, &'a str)> {
        while self.pending.is_empty() {
            let (n, line) = self.lines.next()?;
            self.pending = line
                .split_ascii_whitespace()
                .rev()
                .map(|t| (n, t))
                .collect();
        }
        self.pending.pop()
    }

    /// Errors if the current line has tokens left.
    fn line_done(&mut self) -> Result<(), InputError> {
        match self.pending.last() {
            Some(&(n, t)) => Err(InputError::new(
                n,
                format!("unexpected '{}' after the terminating zeros", shorten(t)),
            )),
            None => Ok(()),
        }
    }

    /// The header `w h` of a board: the next non-blank line. `None` at the
    /// end of the input.
    fn header(&mut self) -> Result<Option<(usize, i64, i64)>, InputError> {
        debug_assert!(self.pending.is_empty());
        let Some((n, line)) = self.lines.next_non_blank() else {
            return Ok(None);
        };
        let bad = || {
            InputError::new(
                n,
                format!(
                    "a board starts with two integers 'w h', found '{}'",
                    shorten(line.trim_matches(|c: char| c.is_ascii_whitespace()))
                ),
            )
        };
        let t: Vec<&str> = line.split_ascii_whitespace().collect();
        if t.len() != 2 {
            return Err(bad());
        }
        let w = t[0].parse::<i64>().map_err(|_| bad())?;
        let h = t[1].parse::<i64>().map_err(|_| bad())?;
        Ok(Some((n, w, h)))
    }
}

fn check_size(line: usize, w: i64, h: i64) -> Result<(usize, usize), InputError> {
    let max = JUDGE_MAX_SIDE as i64;
    if !(1..=max).contains(&w) || !(1..=max).contains(&h) {
        return Err(InputError::new(
            line,
            format!(
                "the board must be 1 to {} wide and high, not {} × {}",
                max, w, h
            ),
        ));
    }
    Ok((w as usize, h as usize))
}

/// Reads the `h` rows of a `w`-wide board: `X` is a tile, a space is empty;
/// a short row (or an empty line) is padded with spaces.
fn rows(r: &mut Reader, w: usize, h: usize) -> Result<Board, InputError> {
    let mut board = Board::new(w, h).expect("the size was checked");
    for y in 0..h {
        let Some((n, line)) = r.lines.next() else {
            return Err(InputError::new(
                r.lines.number() + 1,
                format!("the input ends before row {} of {}", y + 1, h),
            ));
        };
        for (x, ch) in line.chars().enumerate() {
            match ch {
                'X' if x < w => board.set(Pos::new(x as i32, y as i32), 1),
                ' ' => {}
                'X' => {
                    return Err(InputError::new(
                        n,
                        format!("row {} is longer than the board's {} columns", y + 1, w),
                    ))
                }
                other => {
                    return Err(InputError::new(
                        n,
                        format!(
                            "column {}: '{}' is neither 'X' nor a space",
                            x + 1,
                            crate::text::shown_char(other)
                        ),
                    ))
                }
            }
        }
    }
    Ok(board)
}

/// Reads queries `x1 y1 x2 y2`, one a line, until `0 0 0 0` (or the end of
/// the input).
fn queries(r: &mut Reader, w: usize, h: usize) -> Result<Vec<(Pos, Pos)>, InputError> {
    let mut out = Vec::new();
    loop {
        let Some((first_line, t)) = r.token() else {
            return Ok(out);
        };
        let mut nums = [0i64; 4];
        let mut last_line = first_line;
        for (i, num) in nums.iter_mut().enumerate() {
            let (n, t) = if i == 0 {
                (first_line, t)
            } else {
                match r.token() {
                    Some(x) => x,
                    None => {
                        return Err(InputError::new(
                            last_line,
                            format!("the input ends inside a query ({} of 4 numbers)", i),
                        ))
                    }
                }
            };
            if n != first_line {
                // (The statement: each line holds four numbers.)
                return Err(InputError::new(
                    first_line,
                    format!(
                        "a query is four numbers x1 y1 x2 y2 on one line; this line has {}",
                        i
                    ),
                ));
            }
            last_line = n;
            *num = t
                .parse()
                .map_err(|_| InputError::new(n, format!("'{}' is not a coordinate", shorten(t))))?;
        }
        if nums == [0; 4] {
            r.line_done()?;
            return Ok(out);
        }
        if let Some(&(n, t)) = r.pending.last() {
            return Err(InputError::new(
                n,
                format!(
                    "a query is four numbers x1 y1 x2 y2 on one line; '{}' follows them",
                    shorten(t)
                ),
            ));
        }
        let names = ["x1", "y1", "x2", "y2"];
        for (i, &v) in nums.iter().enumerate() {
            let limit = if i % 2 == 0 { w } else { h } as i64;
            if !(1..=limit).contains(&v) {
                return Err(InputError::new(
                    last_line,
                    format!("{} = {} is outside the board (1 to {})", names[i], v, limit),
                ));
            }
        }
        let a = Pos::new(nums[0] as i32 - 1, nums[1] as i32 - 1);
        let b = Pos::new(nums[2] as i32 - 1, nums[3] as i32 - 1);
        if a == b {
            return Err(InputError::new(
                last_line,
                "the query names the same cell twice",
            ));
        }
        out.push((a, b));
    }
}

/// Parses the mahjong input: `w h`, h rows, queries until `0 0 0 0`.
pub fn parse_mahjong(input: &str) -> Result<Case, InputError> {
    let mut r = Reader::new(input);
    let Some((n, w, h)) = r.header()? else {
        // It held only blank lines, or nothing: line 1, as the other judges say (the line after the last one, which
        // it said before, is not in the input).
        return Err(InputError::new(1, "missing the header 'w h'"));
    };
    let (w, h) = check_size(n, w, h)?;
    let board = rows(&mut r, w, h)?;
    let queries = queries(&mut r, w, h)?;
    if let Some((n, t)) = r.token() {
        return Err(InputError::new(
            n,
            format!("unexpected '{}' after the last query", shorten(t)),
        ));
    }
    Ok(Case { board, queries })
}

/// Parses the POJ 1101 input: boards (`w h`, rows, queries until
/// `0 0 0 0`) until `0 0`.
pub fn parse_poj1101(input: &str) -> Result<Vec<Case>, InputError> {
    let mut cases = Vec::new();
    each_poj1101(input, |case| cases.push(case))?;
    Ok(cases)
}

/// Gives `f` each board of the POJ 1101 input with its queries as it is
/// read ([`parse_poj1101`]), keeping none: the judge answers each at once
/// (3 million boards of one query held at once took 690 MB).
fn each_poj1101(input: &str, mut f: impl FnMut(Case)) -> Result<(), InputError> {
    let mut r = Reader::new(input);
    let mut any = false;
    loop {
        let Some((n, w, h)) = r.header()? else {
            if !any {
                // Nothing at all: not even the final '0 0' (line 1, as above).
                return Err(InputError::new(
                    1,
                    "missing the header 'w h' (a POJ 1101 input is boards, then '0 0')",
                ));
            }
            return Ok(());
        };
        if (w, h) == (0, 0) {
            if let Some((n, t)) = r.token() {
                return Err(InputError::new(
                    n,
                    format!("unexpected '{}' after the final '0 0'", shorten(t)),
                ));
            }
            return Ok(());
        }
        let (w, h) = check_size(n, w, h)?;
        let board = rows(&mut r, w, h)?;
        let queries = queries(&mut r, w, h)?;
        any = true;
        f(Case { board, queries });
    }
}

/// The two inputs of the path queries: seed 002's mahjong and POJ 1101.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Mahjong,
    Poj1101,
}

/// Reads an input of either format, as the page's path query tool does:
/// the format that parses; when both do (one board whose queries end with
/// `0 0 0 0`), POJ 1101 if the last non-blank line is `0 0`, else mahjong.
/// When neither does, the error of the format read further (an input that
/// ended early counts as read to its end), the same rule deciding a tie.
pub fn parse_either(input: &str) -> Result<(Format, Vec<Case>), (Format, InputError)> {
    let last_is_end = input
        .lines()
        .rev()
        .find(|l| !l.trim_ascii().is_empty())
        .is_some_and(|l| l.split_ascii_whitespace().eq(["0", "0"]));
    let preferred = if last_is_end {
        Format::Poj1101
    } else {
        Format::Mahjong
    };
    match (parse_mahjong(input), parse_poj1101(input)) {
        (Ok(case), Ok(cases)) => Ok(match preferred {
            Format::Mahjong => (Format::Mahjong, vec![case]),
            Format::Poj1101 => (Format::Poj1101, cases),
        }),
        (Ok(case), Err(_)) => Ok((Format::Mahjong, vec![case])),
        (Err(_), Ok(cases)) => Ok((Format::Poj1101, cases)),
        (Err(m), Err(p)) => {
            let reach = |e: &InputError| if e.line == 0 { usize::MAX } else { e.line };
            Err(match reach(&m).cmp(&reach(&p)) {
                std::cmp::Ordering::Greater => (Format::Mahjong, m),
                std::cmp::Ordering::Less => (Format::Poj1101, p),
                std::cmp::Ordering::Equal if preferred == Format::Mahjong => (Format::Mahjong, m),
                std::cmp::Ordering::Equal => (Format::Poj1101, p),
            })
        }
    }
}

/// The mahjong judge: one line per query, the fewest segments or 0.
pub fn judge_mahjong(input: &str) -> Result<Vec<u8>, InputError> {
    let case = parse_mahjong(input)?;
    let mut finder = PathFinder::new(&case.board);
    let mut out = Vec::with_capacity(case.queries.len() * 3);
    for &(a, b) in &case.queries {
        push_uint(&mut out, finder.segments(a, b).unwrap_or(0) as u64);
        out.push(b'\n');
    }
    Ok(out)
}

/// The POJ 1101 judge (each board answered as it is read; the output is
/// returned only when the whole input was good).
pub fn judge_poj1101(input: &str) -> Result<Vec<u8>, InputError> {
    let mut out = Vec::new();
    let mut i = 0;
    each_poj1101(input, |case| {
        i += 1;
        let mut finder = PathFinder::new(&case.board);
        out.extend_from_slice(b"Board #");
        push_uint(&mut out, i);
        out.extend_from_slice(b":\n");
        for (m, &(a, b)) in case.queries.iter().enumerate() {
            out.extend_from_slice(b"Pair ");
            push_uint(&mut out, m as u64 + 1);
            out.extend_from_slice(b": ");
            match finder.segments(a, b) {
                Some(k) => {
                    push_uint(&mut out, k as u64);
                    out.extend_from_slice(b" segments.\n");
                }
                None => out.extend_from_slice(b"impossible.\n"),
            }
        }
        out.push(b'\n');
    })?;
    Ok(out)
}

/// A mahjong input: a `size` × `size` board where each cell is a tile with
/// probability `percent`/100, and `queries` random pairs of distinct tiles,
/// the same for the same `seed` everywhere. Panics when queries are asked
/// of a board drawn with fewer than two tiles (see
/// [`write_random_mahjong_input`]).
pub fn random_mahjong_input(size: usize, percent: u64, queries: u64, seed: u64) -> Vec<u8> {
    let mut out = Vec::new();
    write_random_mahjong_input(size, percent, queries, seed, &mut out)
        .expect("writing to memory does not fail");
    out
}

/// [`random_mahjong_input`] streamed to `out` in pieces of about 64 KiB,
/// so any number of queries takes the same memory. Queries asked of a
/// board drawn with fewer than two tiles are an `InvalidInput` error, with
/// nothing written (a query joins two tiles: the input would hold fewer
/// queries than asked).
pub fn write_random_mahjong_input(
    size: usize,
    percent: u64,
    queries: u64,
    seed: u64,
    sink: &mut impl std::io::Write,
) -> std::io::Result<()> {
    const PIECE: usize = 1 << 16;
    let mut rng = crate::rng::Rng::new(seed);
    let mut out = Vec::with_capacity(PIECE + 256);
    push_uint(&mut out, size as u64);
    out.push(b' ');
    push_uint(&mut out, size as u64);
    out.push(b'\n');
    let mut tiles = Vec::new();
    for y in 0..size {
        for x in 0..size {
            let tile = rng.below(100) < percent;
            out.push(if tile { b'X' } else { b' ' });
            if tile {
                tiles.push((x + 1, y + 1));
            }
        }
        out.push(b'\n');
    }
    if queries > 0 && tiles.len() < 2 {
        // Nothing written yet (the board is at most 75 × 76 bytes).
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "--queries {queries}: a query joins two tiles, and the {size} × {size} board drawn ({percent} % tiles, seed {seed}) holds {}; give a larger --size or --percent, or --queries 0",
                match tiles.len() {
                    0 => "none".to_string(),
                    _ => "one".to_string(),
                }
            ),
        ));
    }
    if tiles.len() >= 2 {
        for _ in 0..queries {
            let a = tiles[rng.below(tiles.len() as u64) as usize];
            let mut b = a;
            while b == a {
                b = tiles[rng.below(tiles.len() as u64) as usize];
            }
            for v in [a.0, a.1, b.0, b.1] {
                push_uint(&mut out, v as u64);
                out.push(b' ');
            }
            out.pop();
            out.push(b'\n');
            if out.len() >= PIECE {
                sink.write_all(&out)?;
                out.clear();
            }
        }
    }
    out.extend_from_slice(b"0 0 0 0\n");
    sink.write_all(&out)
}
