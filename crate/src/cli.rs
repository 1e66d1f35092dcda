//! The `clearboard` command line: judges that read a problem's input on
//! stdin and print its exact output, and helpers to generate inputs. Every
//! rule comes from the engine modules; this file only reads, dispatches and
//! prints.

use std::io::{Read, Write};

use crate::connect;
use crate::mayan;
use crate::samegame;
use crate::text::InputError;

/// Exit status for bad input or bad usage.
pub const EXIT_BAD_INPUT: i32 = 2;

const USAGE: &str = "\
clearboard — Same Game, path-connect, 连连看 and Mayan puzzle engines

USAGE:
  clearboard judge samegame [--threads T]
                                POJ 1027: greedy Same Game on stdin's games (games are
                                shared among T threads, default one per core; the output
                                is the same for any T)
  clearboard judge mahjong      mahjong path query: fewest segments per query, 0 if none
  clearboard judge poj1101      POJ 1101 'The Game': boards of path queries
  clearboard judge mayan        NOIP 2011 Mayan puzzle: the smallest n-move clearing, or -1
  clearboard solve samegame [--seconds S] [--threads T] [--seed N] [--nodes N]
                                a strong Same Game solver: positions on stdin (rows top
                                first, digits with spaces or letters; blank line between
                                positions), one JSON line per position on stdout
  clearboard gen samegame [--games N] [--seed S]
                                print a random POJ 1027 input (default 20000 games, seed 1)
  clearboard gen mahjong [--size N] [--percent P] [--queries Q] [--seed S]
                                print a random mahjong input (default 75, 33 %, 20000, seed 1)
  clearboard gen mayan [--moves N] [--seed S]
                                print a full 35-block, 10-colour Mayan input (default n = 5, seed 1)
  clearboard help               this text
  clearboard --version          the version

Judges read stdin and write stdout. Bad input gets one line on stderr naming
the line and the problem, exit status 2, and nothing on stdout.
";

/// Runs the command line with `args` (without the program name); returns
/// the exit status.
pub fn run(args: &[String]) -> i32 {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match words.as_slice() {
        [] | ["help"] | ["--help"] | ["-h"] => {
            print!("{}", USAGE);
            Ok(())
        }
        ["--version"] | ["-V"] => {
            println!("clearboard {}", env!("CARGO_PKG_VERSION"));
            Ok(())
        }
        ["judge", "samegame", rest @ ..] => judge_samegame(rest),
        ["judge", "mahjong"] => judge(connect::judge::judge_mahjong),
        ["judge", "poj1101"] => judge(connect::judge::judge_poj1101),
        ["judge", "mayan"] => judge(mayan::judge::judge),
        ["solve", "samegame", rest @ ..] => solve_samegame(rest),
        ["gen", "samegame", rest @ ..] => gen_samegame(rest),
        ["gen", "mahjong", rest @ ..] => gen_mahjong(rest),
        ["gen", "mayan", rest @ ..] => gen_mayan(rest),
        _ => Err(CliError::Usage(format!(
            "unknown command '{}'; see 'clearboard help'",
            words.join(" ")
        ))),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("clearboard: {}", e);
            EXIT_BAD_INPUT
        }
    }
}

/// Why a command failed.
#[derive(Debug)]
enum CliError {
    Usage(String),
    Input(InputError),
    Io(std::io::Error),
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CliError::Usage(m) => write!(f, "{}", m),
            CliError::Input(e) => write!(f, "stdin: {}", e),
            CliError::Io(e) => write!(f, "{}", e),
        }
    }
}

/// Reads all of stdin as UTF-8 text, naming the line of a bad byte.
fn read_stdin() -> Result<String, CliError> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .read_to_end(&mut bytes)
        .map_err(CliError::Io)?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        CliError::Input(InputError::new(line, "the input is not UTF-8 text"))
    })
}

/// Writes all of `out` to stdout; a closed pipe is not an error.
fn write_stdout(out: &[u8]) -> Result<(), CliError> {
    let mut stdout = std::io::stdout().lock();
    output_result(stdout.write_all(out).and_then(|_| stdout.flush()))
}

/// The outcome of writing the output: a closed pipe (the reader stopped
/// early, as `| head` does) is not an error.
fn output_result(result: std::io::Result<()>) -> Result<(), CliError> {
    match result {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(CliError::Io(e)),
        _ => Ok(()),
    }
}

/// The POJ 1027 judge, writing its output as it plays (the input is checked
/// whole before the first byte is written), on one thread per core unless
/// `--threads` says otherwise.
fn judge_samegame(rest: &[&str]) -> Result<(), CliError> {
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for (name, value) in options(rest, &["threads"])? {
        if name == "threads" {
            if !(1..=256).contains(&value) {
                return Err(CliError::Usage(format!(
                    "option '--threads': {} is not between 1 and 256",
                    value
                )));
            }
            threads = value as usize;
        }
    }
    let input = read_stdin()?;
    let games = samegame::poj::parse_rows(&input).map_err(CliError::Input)?;
    let mut stdout = std::io::stdout().lock();
    let result =
        samegame::poj::judge_games_parallel(&games, threads, |piece| stdout.write_all(piece))
            .and_then(|_| stdout.flush());
    output_result(result)
}

fn judge(f: fn(&str) -> Result<Vec<u8>, InputError>) -> Result<(), CliError> {
    let input = read_stdin()?;
    let out = f(&input).map_err(CliError::Input)?;
    write_stdout(&out)
}

/// Parses `--name value` options into (name, value) pairs, allowing only
/// `allowed` names.
fn options<'a>(rest: &[&'a str], allowed: &[&str]) -> Result<Vec<(&'a str, u64)>, CliError> {
    let mut out = Vec::new();
    let mut it = rest.iter();
    while let Some(&name) = it.next() {
        let key = name.strip_prefix("--").filter(|k| allowed.contains(k));
        let Some(key) = key else {
            return Err(CliError::Usage(format!("unknown option '{}'", name)));
        };
        let Some(value) = it.next() else {
            return Err(CliError::Usage(format!("option '{}' needs a value", name)));
        };
        let value = value.parse::<u64>().map_err(|_| {
            CliError::Usage(format!(
                "option '{}': '{}' is not a non-negative integer",
                name, value
            ))
        })?;
        out.push((key, value));
    }
    Ok(out)
}

fn gen_samegame(rest: &[&str]) -> Result<(), CliError> {
    let mut games = 20_000;
    let mut seed = 1;
    for (k, v) in options(rest, &["games", "seed"])? {
        match k {
            "games" => games = v,
            _ => seed = v,
        }
    }
    if games == 0 {
        return Err(CliError::Usage("--games must be positive".into()));
    }
    let out = samegame::poj::random_input(games, seed);
    write_stdout(&out)
}

fn gen_mahjong(rest: &[&str]) -> Result<(), CliError> {
    let (mut size, mut percent, mut queries, mut seed) = (75, 33, 20_000, 1);
    for (k, v) in options(rest, &["size", "percent", "queries", "seed"])? {
        match k {
            "size" => size = v,
            "percent" => percent = v,
            "queries" => queries = v,
            _ => seed = v,
        }
    }
    if !(1..=connect::judge::JUDGE_MAX_SIDE as u64).contains(&size) || percent > 100 {
        return Err(CliError::Usage(
            "--size is 1..=75 and --percent 0..=100".into(),
        ));
    }
    write_stdout(&connect::judge::random_mahjong_input(
        size as usize,
        percent,
        queries as usize,
        seed,
    ))
}

fn gen_mayan(rest: &[&str]) -> Result<(), CliError> {
    let (mut moves, mut seed) = (5, 1);
    for (k, v) in options(rest, &["moves", "seed"])? {
        match k {
            "moves" => moves = v,
            _ => seed = v,
        }
    }
    if !(1..=64).contains(&moves) {
        return Err(CliError::Usage("--moves is 1..=64".into()));
    }
    let board = mayan::random_full_board(seed);
    write_stdout(format!("{}\n{}", moves, board.to_columns_text()).as_bytes())
}

/// Positions for the solver: blocks of rows separated by blank lines.
fn parse_positions(input: &str) -> Result<Vec<samegame::Board>, InputError> {
    let mut boards = Vec::new();
    let mut rows: Vec<&str> = Vec::new();
    let mut first = 0;
    for (n, line) in crate::text::Lines::new(input).chain(std::iter::once((0, ""))) {
        if line.trim().is_empty() {
            if !rows.is_empty() {
                boards.push(samegame::Board::parse(&rows, first)?);
                rows.clear();
            }
        } else {
            if rows.is_empty() {
                first = n;
            }
            rows.push(line);
        }
    }
    if boards.is_empty() {
        return Err(InputError::new(1, "no position in the input"));
    }
    Ok(boards)
}

fn solve_samegame(rest: &[&str]) -> Result<(), CliError> {
    let mut settings = samegame::solver::SolveSettings::default();
    let mut it = rest.iter();
    while let Some(&name) = it.next() {
        let value = it
            .next()
            .ok_or_else(|| CliError::Usage(format!("option '{}' needs a value", name)))?;
        let bad = || {
            CliError::Usage(format!(
                "option '{}': '{}' is not a valid value",
                name, value
            ))
        };
        match name {
            "--seconds" => {
                let s: f64 = value.parse().map_err(|_| bad())?;
                if !(s > 0.0 && s <= 1e6) {
                    return Err(bad());
                }
                settings.time = Some(std::time::Duration::from_secs_f64(s));
            }
            "--threads" => {
                settings.threads = value.parse().map_err(|_| bad())?;
                if !(1..=256).contains(&settings.threads) {
                    return Err(bad());
                }
            }
            "--seed" => settings.seed = value.parse().map_err(|_| bad())?,
            "--nodes" => {
                settings.max_nodes = Some(value.parse().map_err(|_| bad())?);
                if !rest.contains(&"--seconds") {
                    settings.time = None;
                }
            }
            _ => return Err(CliError::Usage(format!("unknown option '{}'", name))),
        }
    }
    let input = read_stdin()?;
    let boards = parse_positions(&input).map_err(CliError::Input)?;
    for (i, board) in boards.iter().enumerate() {
        let started = std::time::Instant::now();
        let s = samegame::solver::solve(board, &settings, &|_| {});
        let moves: Vec<String> = s
            .moves
            .iter()
            .map(|m| format!("[{}, {}]", m.row as u32 + 1, m.col as u32 + 1))
            .collect();
        let line = format!(
            "{{\"position\": {}, \"score\": {}, \"cleared\": {}, \"moves\": [{}]}}\n",
            i + 1,
            s.score,
            s.cleared,
            moves.join(", ")
        );
        write_stdout(line.as_bytes())?;
        eprintln!(
            "position {}: {} points{} in {:.1} s ({} positions evaluated, beam width {})",
            i + 1,
            s.score,
            if s.cleared { ", cleared" } else { "" },
            started.elapsed().as_secs_f64(),
            s.nodes,
            s.width
        );
    }
    Ok(())
}
