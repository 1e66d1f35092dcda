//! The POJ 1027 judge: reads the problem's input, plays every game with the
//! greedy strategy and prints the problem's output byte for byte.

use crate::link::shorten;
use crate::rng::Rng;
use crate::text::{push_int, push_uint, InputError, LineBuf, Lines};

use super::bits::{BitBoard, Flood};
use super::board::{Board, Cell, COLOR_LETTERS};
use super::packed::{PackedBoard, PackedScan};
use super::rules::Rules;

/// Columns of a POJ 1027 board.
pub const WIDTH: usize = super::packed::WIDTH;
/// Rows of a POJ 1027 board.
pub const HEIGHT: usize = super::packed::HEIGHT;

/// One game's rows, top row first, colours 1..=3.
pub type Rows = [[u8; WIDTH]; HEIGHT];

/// Parses a POJ 1027 input: a positive game count, then per game an optional
/// blank line and 10 rows of 15 letters R/G/B, top row first. The whole input
/// is checked before anything is returned.
pub fn parse(input: &str) -> Result<Vec<Board>, InputError> {
    Ok(parse_rows(input)?
        .iter()
        .map(|rows| {
            let rows: Vec<Vec<u8>> = rows.iter().map(|r| r.to_vec()).collect();
            Board::from_rows(&rows, 3).expect("a 15×10 board of 3 colours is valid")
        })
        .collect())
}

/// [`parse`], giving each game's rows.
pub fn parse_rows(input: &str) -> Result<Vec<Rows>, InputError> {
    let mut lines = Lines::new(input);
    let Some((n_line, first)) = lines.next_non_blank() else {
        return Err(InputError::new(1, "missing the number of games"));
    };
    let count: u64 = match first.trim().parse::<i64>() {
        Ok(n) if n > 0 => n as u64,
        Ok(n) => {
            return Err(InputError::new(
                n_line,
                format!("the number of games must be positive, not {}", n),
            ))
        }
        Err(_) => {
            return Err(InputError::new(
                n_line,
                format!("'{}' is not a number of games", shorten(first.trim())),
            ))
        }
    };
    let mut games = Vec::new();
    for game in 1..=count {
        let mut rows = [[0u8; WIDTH]; HEIGHT];
        for (r, row) in rows.iter_mut().enumerate() {
            // The usual line: exactly 15 letters R, G or B and a newline.
            if let Some(&[ref letters @ .., b'\n']) = lines.rest().as_bytes().get(..WIDTH + 1) {
                if letters.iter().all(|b| matches!(b, b'R' | b'G' | b'B')) {
                    fill_row(row, letters);
                    lines.skip_line(WIDTH + 1);
                    continue;
                }
            }
            let next = if r == 0 {
                lines.next_non_blank()
            } else {
                lines.next()
            };
            let Some((line_no, text)) = next else {
                return Err(if r == 0 {
                    InputError::new(
                        lines.number() + 1,
                        format!("the input ends before game {} of {}", game, count),
                    )
                } else {
                    InputError::new(
                        lines.number() + 1,
                        format!(
                            "game {} has {} row{}, expected {}",
                            game,
                            r,
                            if r == 1 { "" } else { "s" },
                            HEIGHT
                        ),
                    )
                });
            };
            parse_row(line_no, text.trim(), row)?;
        }
        games.push(rows);
    }
    if let Some((line_no, _)) = lines.next_non_blank() {
        return Err(InputError::new(
            line_no,
            format!("more input after the {} announced games", count),
        ));
    }
    Ok(games)
}

/// Colours 1, 2, 3 for the letters R, G, B (already checked).
fn fill_row(row: &mut [u8], letters: &[u8]) {
    for (cell, &b) in row.iter_mut().zip(letters) {
        *cell = (b == b'R') as u8 + 2 * (b == b'G') as u8 + 3 * (b == b'B') as u8;
    }
}

fn parse_row(line_no: usize, text: &str, row: &mut [u8]) -> Result<(), InputError> {
    let bytes = text.as_bytes();
    if let Some(p) = bytes.iter().position(|b| !matches!(b, b'R' | b'G' | b'B')) {
        let ch = text[p..].chars().next().unwrap_or('?');
        return Err(InputError::new(
            line_no,
            format!(
                "column {}: '{}' is not R, G or B",
                text[..p].chars().count() + 1,
                crate::text::shown_char(ch)
            ),
        ));
    }
    if bytes.len() != WIDTH {
        return Err(InputError::new(
            line_no,
            format!(
                "a row has {} balls, found {}{}",
                WIDTH,
                bytes.len(),
                if bytes.len() < WIDTH {
                    " (too short)"
                } else {
                    " (too long)"
                }
            ),
        ));
    }
    fill_row(row, bytes);
    Ok(())
}

/// Plays `board` greedily and appends the judge's lines for game `number`
/// (without the blank line that separates games). Works on any board the
/// engine supports; the judge itself uses the packed 15 × 10 engine.
pub fn play_game(number: u64, board: &Board, flood: &mut Flood, out: &mut Vec<u8>) {
    let rules = Rules::default();
    write_header(out, number);
    let mut score: i64 = 0;
    let mut balls = board.balls();
    let mut moves = 0u64;
    let mut bits = BitBoard::from_board(board);
    while let Some(choice) = bits.greedy(flood) {
        moves += 1;
        let points = rules.move_points(choice.size);
        score += points;
        balls -= choice.size;
        write_move(out, moves, choice.anchor, choice.size, choice.color, points);
        bits.remove(choice.anchor, flood);
    }
    score += rules.end_adjustment(balls);
    write_final(out, score, balls);
}

/// [`play_game`] on the packed engine (with `pext` when `PEXT`).
#[inline(always)]
fn play_packed<const PEXT: bool>(
    number: u64,
    board: PackedBoard,
    scan: &mut PackedScan,
    text: &MoveText,
    out: &mut Vec<u8>,
) {
    let rules = Rules::default();
    write_header(out, number);
    let mut board = board;
    let mut score: i64 = 0;
    let mut balls = board.balls();
    let mut moves = 0u64;
    let mut known = 0;
    scan.prepare(&board);
    while let Some(choice) = board.greedy_from(scan, known) {
        moves += 1;
        let points = rules.move_points(choice.size);
        score += points;
        balls -= choice.size;
        text.write(out, moves, choice.anchor, choice.size, choice.color);
        known = board.remove_choice_with::<PEXT>(&choice, scan);
    }
    score += rules.end_adjustment(balls);
    write_final(out, score, balls);
}

#[inline(always)]
fn write_header(out: &mut Vec<u8>, number: u64) {
    out.extend_from_slice(b"Game ");
    push_uint(out, number);
    out.extend_from_slice(b":\n\n");
}

/// Appends a move line: `Move x at (r,c): removed b balls of color C, got
/// s points.` (`at` is 0-based; printed 1-based, row first).
pub fn write_move(out: &mut Vec<u8>, number: u64, at: Cell, size: usize, color: u8, points: i64) {
    LineBuf::new()
        .text(b"Move ")
        .int(number as i64)
        .text(b" at (")
        .int(at.row as i64 + 1)
        .byte(b',')
        .int(at.col as i64 + 1)
        .text(b"): removed ")
        .int(size as i64)
        .text(b" balls of color ")
        .byte(COLOR_LETTERS[color as usize - 1])
        .text(b", got ")
        .int(points)
        .text(b" points.\n")
        .flush_to(out);
}

/// The move lines' pieces, formatted once: "Move n", " at (r,c): removed "
/// and "m balls of color X, got p points.\n" (with the default scoring).
struct MoveText {
    number: Vec<([u8; 16], usize)>,
    at: Vec<([u8; 24], usize)>,
    tail: Vec<([u8; 48], usize)>,
}

impl MoveText {
    fn new() -> MoveText {
        fn piece<const N: usize>(text: &[u8]) -> ([u8; N], usize) {
            let mut p = [0; N];
            p[..text.len()].copy_from_slice(text);
            (p, text.len())
        }
        let rules = Rules::default();
        let number = (0..=WIDTH * HEIGHT / 2)
            .map(|n| piece(format!("Move {}", n).as_bytes()))
            .collect();
        let at = (0..WIDTH * HEIGHT)
            .map(|i| {
                piece(format!(" at ({},{}): removed ", i % HEIGHT + 1, i / HEIGHT + 1).as_bytes())
            })
            .collect();
        let tail = (0..(WIDTH * HEIGHT + 1) * 3)
            .map(|i| {
                let (size, color) = (i / 3, i % 3);
                piece(
                    format!(
                        "{} balls of color {}, got {} points.\n",
                        size,
                        COLOR_LETTERS[color] as char,
                        rules.move_points(size)
                    )
                    .as_bytes(),
                )
            })
            .collect();
        MoveText { number, at, tail }
    }

    #[inline(always)]
    fn write(&self, out: &mut Vec<u8>, number: u64, at: Cell, size: usize, color: u8) {
        let (n, n_len) = &self.number[number as usize];
        let (a, a_len) = &self.at[at.col as usize * HEIGHT + at.row as usize];
        let (t, t_len) = &self.tail[size * 3 + color as usize - 1];
        LineBuf::new()
            .piece(n, *n_len)
            .piece(a, *a_len)
            .piece(t, *t_len)
            .flush_to(out);
    }
}

/// Appends the final line: `Final score: s, with b balls remaining.`
pub fn write_final(out: &mut Vec<u8>, score: i64, balls: usize) {
    out.extend_from_slice(b"Final score: ");
    push_int(out, score);
    out.extend_from_slice(b", with ");
    push_uint(out, balls as u64);
    out.extend_from_slice(b" balls remaining.\n");
}

/// The judge's whole output for `input`, or the first input error.
pub fn judge(input: &str) -> Result<Vec<u8>, InputError> {
    let games = parse_rows(input)?;
    let mut out = Vec::new();
    judge_games(&games, |piece| {
        out.extend_from_slice(piece);
        Ok(())
    })
    .expect("writing to a vector cannot fail");
    Ok(out)
}

/// Plays `games` (from [`parse_rows`]) and hands the judge's output to
/// `write` in pieces of about 64 KiB, so a long input needs no output buffer
/// of its size; stops at the first error `write` returns. On an x86-64
/// processor with AVX2 and BMI2 (2013 and later) it runs code compiled for
/// them, chosen at run time.
pub fn judge_games(
    games: &[Rows],
    write: impl FnMut(&[u8]) -> std::io::Result<()>,
) -> std::io::Result<()> {
    judge_part(games, 1, write)
}

/// [`judge_games`] on `threads` threads: rounds of games are split among
/// them, and each round's output is handed to `write` in order once all its
/// parts are played. The output is the same for any number of threads.
pub fn judge_games_parallel(
    games: &[Rows],
    threads: usize,
    mut write: impl FnMut(&[u8]) -> std::io::Result<()>,
) -> std::io::Result<()> {
    /// Games per thread and round: enough to make starting threads cheap,
    /// few enough to keep the buffered output small.
    const ROUND: usize = 2048;
    if threads <= 1 || games.len() <= ROUND {
        return judge_games(games, write);
    }
    let mut done = 0;
    for round in games.chunks(ROUND * threads) {
        let per = round.len().div_ceil(threads);
        let parts: Vec<Vec<u8>> = std::thread::scope(|s| {
            let handles: Vec<_> = round
                .chunks(per)
                .enumerate()
                .map(|(i, part)| {
                    let first = (done + i * per) as u64 + 1;
                    s.spawn(move || {
                        let mut out = Vec::with_capacity(part.len() * 1600);
                        judge_part(part, first, |piece| {
                            out.extend_from_slice(piece);
                            Ok(())
                        })
                        .map(|_| out)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect::<std::io::Result<_>>()
        })?;
        for part in &parts {
            write(part)?;
        }
        done += round.len();
    }
    Ok(())
}

/// [`judge_games`] for games numbered from `first`.
fn judge_part(
    games: &[Rows],
    first: u64,
    write: impl FnMut(&[u8]) -> std::io::Result<()>,
) -> std::io::Result<()> {
    if crate::cpu::has_v3() {
        // SAFETY: the processor has every feature the function is built for.
        #[cfg(target_arch = "x86_64")]
        return unsafe {
            if crate::cpu::has_fast_pext() {
                judge_part_x86_64_v3::<true>(games, first, write)
            } else {
                judge_part_x86_64_v3::<false>(games, first, write)
            }
        };
    }
    judge_part_with::<false>(games, first, write)
}

crate::cpu::v3_fn! {
    /// [`judge_part_with`] compiled for x86-64-v3, with `pext` gravity when
    /// `PEXT` (only where [`crate::cpu::has_fast_pext`] holds).
    unsafe fn judge_part_x86_64_v3<const PEXT: bool>(
        games: &[Rows],
        first: u64,
        write: impl FnMut(&[u8]) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        judge_part_with::<PEXT>(games, first, write)
    }
}

/// Output is written in pieces of about this many bytes.
const PIECE: usize = 1 << 16;

#[inline(always)]
fn judge_part_with<const PEXT: bool>(
    games: &[Rows],
    first: u64,
    mut write: impl FnMut(&[u8]) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut out = Vec::with_capacity(PIECE + 4096);
    let mut scan = PackedScan::default();
    let text = MoveText::new();
    for (number, rows) in (first..).zip(games) {
        if number > 1 {
            out.push(b'\n');
        }
        play_packed::<PEXT>(
            number,
            PackedBoard::from_rows(rows),
            &mut scan,
            &text,
            &mut out,
        );
        if out.len() >= PIECE {
            write(&out)?;
            out.clear();
        }
    }
    write(&out)
}

/// A POJ 1027 input of `games` random boards (each ball uniformly R, G or
/// B), the same for the same `seed` everywhere.
pub fn random_input(games: u64, seed: u64) -> Vec<u8> {
    let mut out = Vec::new();
    write_random_input(games, seed, &mut out).expect("writing to memory does not fail");
    out
}

/// [`random_input`] streamed to `out` in pieces of about 64 KiB, so any
/// number of games takes the same memory.
pub fn write_random_input(
    games: u64,
    seed: u64,
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    let mut rng = Rng::new(seed);
    let mut buf = Vec::with_capacity(PIECE + 256);
    push_uint(&mut buf, games);
    for _ in 0..games {
        buf.extend_from_slice(b"\n\n");
        for r in 0..HEIGHT {
            if r > 0 {
                buf.push(b'\n');
            }
            buf.extend((0..WIDTH).map(|_| b"RGB"[rng.below(3) as usize]));
        }
        if buf.len() >= PIECE {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    buf.push(b'\n');
    out.write_all(&buf)
}
