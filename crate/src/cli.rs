//! The `clearboard` command line: judges that read a problem's input on
//! stdin and print its exact output, a solver, and generators of inputs.
//! Every rule comes from the engine modules; this file only reads options
//! (with clap), dispatches and prints.
//!
//! Every command is bounded: the generators stream their output in pieces,
//! `judge mayan` has a node budget above NOIP's n ≤ 5 and a capped memo,
//! and `solve samegame` caps its beam width (so its memory) whatever the
//! time or node budget.

use std::io::{Read, Write};
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use crate::budget::Budget;
use crate::connect;
use crate::lianliankan;
use crate::mayan;
use crate::samegame;
use crate::text::InputError;

/// Exit status for bad input or bad usage.
pub const EXIT_BAD_INPUT: i32 = 2;

/// clearboard — Same Game, path-connect, 连连看 and Mayan puzzle engines.
///
/// Judges read stdin and write stdout. Bad input gets one line on stderr
/// naming the line and the problem, exit status 2, and nothing on stdout.
#[derive(Parser, Debug)]
#[command(name = "clearboard", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Judge a classic problem's input on stdin, printing its exact output.
    Judge {
        #[command(subcommand)]
        problem: Judge,
    },
    /// Solve Same Game positions or 连连看 boards on stdin.
    Solve {
        #[command(subcommand)]
        game: Solve,
    },
    /// Print a random input for a judge.
    Gen {
        #[command(subcommand)]
        what: Gen,
    },
}

#[derive(Subcommand, Debug)]
enum Judge {
    /// POJ 1027: the greedy strategy on stdin's games (the output is the same
    /// for any number of threads).
    Samegame {
        /// Threads sharing the games (default: one per core).
        #[arg(long, value_name = "T", value_parser = whole::<u16>(1, 256))]
        threads: Option<u16>,
    },
    /// Mahjong path query: the fewest segments per query, 0 if none.
    Mahjong,
    /// POJ 1101 "The Game": boards of path queries.
    Poj1101,
    /// NOIP 2011 Mayan puzzle: the smallest n-move clearing, or -1. Up to
    /// n = 5 the search is exhaustive; above, it examines at most
    /// 5,000,000 positions (about 20 s) and says so when it runs out.
    Mayan,
}

#[derive(Subcommand, Debug)]
enum Solve {
    /// A strong Same Game solver: positions on stdin (rows top first, digits
    /// with spaces or letters; lines starting with `#` are comments; a blank
    /// line between positions), one JSON line
    /// per position on stdout. Each thread's beams keep to about 256 MiB:
    /// at most 16,384 wide, 8,192 on a 15 × 15 board, narrower on larger
    /// ones; past that width the search restarts at it until the budget is
    /// spent.
    Samegame(SolveArgs),
    /// 连连看: can each board on stdin be won under the variant? Boards are
    /// rows from the top (`.` empty, tiles A–Z, a–z, 0–9; lines starting
    /// with `#` are comments), a blank line between boards. One line per
    /// board: `board N: won x1.y1.x2.y2 …` (a winning order, 0-based
    /// columns and rows from the top), `board N: lost` or `board N: unknown`
    /// (the time ran out).
    Lianliankan {
        /// How tiles slide after a removal: none, down, up, left, right,
        /// split-vertical, split-horizontal, gather-vertical,
        /// gather-horizontal.
        #[arg(long, value_name = "V", default_value = "none", value_parser = parse_variant)]
        variant: lianliankan::Variant,
        /// Seconds per board.
        #[arg(long, value_name = "S", default_value_t = 10.0, value_parser = parse_seconds, allow_hyphen_values = true)]
        seconds: f64,
        /// Searches per board at once, in different orders, sharing the
        /// positions each proves lost (the first answer ends them all).
        #[arg(long, value_name = "T", default_value_t = 1, value_parser = whole::<u16>(1, 64))]
        threads: u16,
    },
}

#[derive(Args, Debug)]
struct SolveArgs {
    /// Seconds per position (default 10 unless --nodes is given).
    #[arg(long, value_name = "S", value_parser = parse_seconds, allow_hyphen_values = true)]
    seconds: Option<f64>,
    /// Searches at once, each with its own beams (their beams share about
    /// 4 GiB: each keeps its full width up to 16 threads).
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = whole::<u16>(1, 64))]
    threads: u16,
    /// The play-outs' random seed.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = whole::<u64>(0, u64::MAX))]
    seed: u64,
    /// Positions evaluated per thread (instead of the time, unless --seconds
    /// is given too): the answer then depends only on the input, seed,
    /// threads and N.
    #[arg(long, value_name = "N", value_parser = whole::<u64>(1, u64::MAX))]
    nodes: Option<u64>,
}

#[derive(Subcommand, Debug)]
enum Gen {
    /// A random POJ 1027 input.
    Samegame {
        /// Games, 1..=400000 (at most what a judge reads: 64 MiB).
        #[arg(long, value_name = "N", default_value_t = 20_000, value_parser = whole::<u64>(1, MAX_GEN_GAMES))]
        games: u64,
        /// Generator seed.
        #[arg(long, value_name = "S", default_value_t = 1, value_parser = whole::<u64>(0, u64::MAX))]
        seed: u64,
    },
    /// A random mahjong input.
    Mahjong {
        /// Board side, 1..=75.
        #[arg(long, value_name = "N", default_value_t = 75, value_parser = whole::<u64>(1, connect::judge::JUDGE_MAX_SIDE as u64))]
        size: u64,
        /// Percentage of cells holding a tile, 0..=100.
        #[arg(long, value_name = "P", default_value_t = 33, value_parser = whole::<u64>(0, 100))]
        percent: u64,
        /// Queries, 0..=5000000 (at most what a judge reads: 64 MiB).
        #[arg(long, value_name = "Q", default_value_t = 20_000, value_parser = whole::<u64>(0, MAX_GEN_QUERIES))]
        queries: u64,
        /// Generator seed.
        #[arg(long, value_name = "S", default_value_t = 1, value_parser = whole::<u64>(0, u64::MAX))]
        seed: u64,
    },
    /// Mayan levels (the page's built-in set is made by this): for each n in
    /// 1..=5, small boards whose shortest clearing takes exactly n moves,
    /// easy to hard; NOIP inputs one after another on stdout; on stderr,
    /// each level as it is found and each n's grades once that n is done.
    MayanLevels {
        /// Levels for each n.
        #[arg(long, value_name = "K", default_value_t = 8, value_parser = whole::<u16>(1, 100))]
        per_n: u16,
        /// Generator seed.
        #[arg(long, value_name = "S", default_value_t = 1, value_parser = whole::<u64>(0, u64::MAX))]
        seed: u64,
    },
    /// A winnable 连连看 deal: its rows (solve lianliankan's input) and a
    /// comment line with a winning order.
    Lianliankan {
        /// Columns, 1..=32.
        #[arg(long, value_name = "W", default_value_t = 16, value_parser = whole::<usize>(1, 32))]
        w: usize,
        /// Rows, 1..=32 (w × h even).
        #[arg(long, value_name = "H", default_value_t = 9, value_parser = whole::<usize>(1, 32))]
        h: usize,
        /// Kinds of tile, 1..=62 and at most w × h / 2.
        #[arg(long, value_name = "K", default_value_t = 36, value_parser = whole::<usize>(1, 62))]
        kinds: usize,
        /// How tiles slide after a removal.
        #[arg(long, value_name = "V", default_value = "none", value_parser = parse_variant)]
        variant: lianliankan::Variant,
        /// Generator seed, 0..=9007199254740991 (2^53 − 1, the most a page's
        /// link holds: the seed names the same deal there).
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = whole::<u64>(0, crate::link::MAX_LINK_NUMBER))]
        seed: u64,
    },
    /// A full 35-block, 10-colour Mayan input.
    Mayan {
        /// n, the number of moves, 1..=64.
        #[arg(long, value_name = "N", default_value_t = 5, value_parser = whole::<u32>(1, 64))]
        moves: u32,
        /// Generator seed.
        #[arg(long, value_name = "S", default_value_t = 1, value_parser = whole::<u64>(0, u64::MAX))]
        seed: u64,
    },
}

/// The most games `gen samegame` writes: 400,000 games (161 bytes each)
/// are the most a judge reads ([`MAX_INPUT`]); an endless count filled a
/// disk.
pub const MAX_GEN_GAMES: u64 = 400_000;

/// The most queries `gen mahjong` writes: 5,000,000 queries of at most 12
/// bytes, with the largest board, are the most a judge reads.
pub const MAX_GEN_QUERIES: u64 = 5_000_000;

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 1e6 => Ok(s),
        _ => Err("not a valid value: seconds are a number above 0 and at most 1000000".into()),
    }
}

fn parse_variant(text: &str) -> Result<lianliankan::Variant, String> {
    lianliankan::Variant::parse(text)
}

/// A value parser for a whole number from `min` to `max`, written in
/// decimal digits: anything else is refused in words ("a whole number from
/// 1 to 256 is needed"), not in the number parser's ("invalid digit found in
/// string" for -5 or 0.5).
fn whole<T: TryFrom<u64> + Clone + Send + Sync + 'static>(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text: &str| {
        let needed = format!("a whole number from {min} to {max} is needed");
        match text.parse::<u64>() {
            Ok(n) if text.bytes().all(|b| b.is_ascii_digit()) && (min..=max).contains(&n) => {
                T::try_from(n).map_err(|_| needed)
            }
            _ => Err(needed),
        }
    }
}

/// Runs the command line with the program's arguments as the system gives
/// them (without the program name): an argument that is not UTF-8 text is a
/// usage error naming it (its bytes escaped), as any other bad value.
pub fn run_os(args: impl IntoIterator<Item = std::ffi::OsString>) -> i32 {
    let mut text = Vec::new();
    for (i, arg) in args.into_iter().enumerate() {
        match arg.into_string() {
            Ok(a) => text.push(a),
            Err(raw) => {
                say(not_text(i + 1, &raw));
                return 2;
            }
        }
    }
    run(&text)
}

/// The message for argument `n`, `raw`, which is not UTF-8 text: its bytes
/// that are not text escaped (`\xFF`), the rest shown as other input is.
fn not_text(n: usize, raw: &std::ffi::OsStr) -> String {
    // The debug form escapes what is not UTF-8 and what does not print.
    let debug = format!("{raw:?}");
    let shown = debug
        .strip_prefix('"')
        .and_then(|d| d.strip_suffix('"'))
        .unwrap_or(&debug);
    format!(
        "argument {n} is not UTF-8 text: '{}' (see 'clearboard help')",
        crate::link::shorten(shown)
    )
}

/// Runs the command line with `args` (without the program name); returns
/// the exit status. Help and the version go to stdout with status 0 (2, with
/// one line on stderr, when stdout cannot be written); a usage error is one
/// line on stderr with status 2.
pub fn run(args: &[String]) -> i32 {
    use clap::{CommandFactory, FromArgMatches};
    let argv: Vec<String> = if args.is_empty() {
        vec!["clearboard".into(), "--help".into()]
    } else {
        std::iter::once("clearboard".to_string())
            .chain(args.iter().cloned())
            .collect()
    };
    // Plain styles: an error's text is then the user's value as typed
    // (`render().ansi()` below keeps what styled text would strip).
    let cli = negatives_are_values(Cli::command())
        .styles(clap::builder::Styles::plain())
        .try_get_matches_from(argv)
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match cli {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    // A full disk or a closed descriptor is an error like
                    // any other output error (a closed pipe is not).
                    match write_stdout(e.render().to_string().as_bytes()) {
                        Ok(()) | Err(CliError::ReaderGone) => 0,
                        Err(e) => {
                            say(e);
                            EXIT_BAD_INPUT
                        }
                    }
                }
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    // `clearboard judge` alone: which judge? A usage error,
                    // naming the choices.
                    say(missing_subcommand(args));
                    EXIT_BAD_INPUT
                }
                _ => {
                    say(usage_line(&e, args));
                    EXIT_BAD_INPUT
                }
            };
        }
    };
    let result =
        match cli.command {
            Command::Judge { problem } => match problem {
                Judge::Samegame { threads } => judge_samegame(threads),
                Judge::Mahjong => judge(connect::judge::judge_mahjong),
                Judge::Poj1101 => judge(connect::judge::judge_poj1101),
                Judge::Mayan => judge(mayan::judge::judge),
            },
            Command::Solve {
                game: Solve::Samegame(a),
            } => solve_samegame(&a),
            Command::Solve {
                game:
                    Solve::Lianliankan {
                        variant,
                        seconds,
                        threads,
                    },
            } => solve_lianliankan(variant, seconds, usize::from(threads)),
            Command::Gen { what } => match what {
                Gen::Samegame { games, seed } => {
                    stream(|out| samegame::poj::write_random_input(games, seed, out))
                }
                Gen::Mahjong {
                    size,
                    percent,
                    queries,
                    seed,
                } => stream(|out| {
                    connect::judge::write_random_mahjong_input(
                        size as usize,
                        percent,
                        queries,
                        seed,
                        out,
                    )
                }),
                Gen::MayanLevels { per_n, seed } => {
                    // Each n's levels are graded as soon as they are all found
                    // (their order within n is then known), and each level
                    // found is said as it comes: a large set takes minutes.
                    let mut numbered = 0;
                    let graded =
                        mayan::levels::generate_with(usize::from(per_n), seed, &mut |news| {
                            match news {
                                mayan::levels::News::Found { n, found } => {
                                    note(format_args!("n = {n}: found {found} of {per_n}"))
                                }
                                mayan::levels::News::Graded(levels) => {
                                    for g in levels {
                                        numbered += 1;
                                        note(format_args!(
                                            "level {}: n = {}, {}, {}, {} searched",
                                            numbered,
                                            g.level.moves,
                                            counted(g.level.board.blocks() as u64, "block"),
                                            counted(g.solutions, "solution"),
                                            counted(g.nodes, "position")
                                        ));
                                    }
                                }
                            }
                        });
                    let levels: Vec<_> = graded.iter().map(|g| g.level).collect();
                    write_stdout(mayan::levels::to_text(&levels).as_bytes())
                }
                Gen::Lianliankan {
                    w,
                    h,
                    kinds,
                    variant,
                    seed,
                } => {
                    let spec = lianliankan::deal::Spec {
                        w,
                        h,
                        kinds,
                        variant,
                    };
                    match lianliankan::deal::deal(spec, seed) {
                        Ok(d) => write_stdout(
                            format!(
                                "# {} x {}, {}, variant {}, seed {}\n{}# order {}\n",
                                w,
                                h,
                                crate::text::plural(kinds as i64, "kind"),
                                variant,
                                seed,
                                d.board.to_text(),
                                order_text(&d.order)
                            )
                            .as_bytes(),
                        ),
                        Err(e) => Err(CliError::Usage(e)),
                    }
                }
                Gen::Mayan { moves, seed } => {
                    let board = mayan::random_full_board(seed);
                    write_stdout(format!("{}\n{}", moves, board.to_columns_text()).as_bytes())
                }
            },
        };
    match result {
        // A reader that stopped early (`| head`) is no error: the command
        // stops there.
        Ok(()) | Err(CliError::ReaderGone) => 0,
        Err(e) => {
            say(e);
            EXIT_BAD_INPUT
        }
    }
}

/// `n` and `word`, plural unless `n` is 1 ("1 solution", "2 solutions").
fn counted(n: u64, word: &str) -> String {
    crate::text::plural(n as i64, word)
}

/// Writes `clearboard: {what}` as a line on stderr. A stderr that cannot be
/// written (closed, full, a pipe whose reader is gone) loses the line but
/// changes nothing else: the exit status still says what happened
/// (`eprintln!` would panic).
fn say(what: impl std::fmt::Display) {
    note(format_args!("clearboard: {what}"));
}

/// Writes `what` as a line on stderr (progress), as [`say`] does: a stderr
/// that cannot be written is no reason to stop.
fn note(what: std::fmt::Arguments<'_>) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{what}");
}

/// `cmd` and its subcommands with `-1` read as a value (`--seed -1` is a
/// bad seed, not an unknown option).
fn negatives_are_values(cmd: clap::Command) -> clap::Command {
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    let mut cmd = cmd.allow_negative_numbers(true);
    for name in names {
        cmd = cmd.mut_subcommand(name, negatives_are_values);
    }
    cmd
}

/// The line for a command given without its subcommand (`clearboard judge`).
fn missing_subcommand(args: &[String]) -> String {
    use clap::CommandFactory;
    let mut cmd = Cli::command();
    let mut path = Vec::new();
    for a in args {
        let Some(sub) = cmd.find_subcommand(a).cloned() else {
            break;
        };
        path.push(sub.get_name().to_string());
        cmd = sub;
    }
    let choices: Vec<&str> = cmd
        .get_subcommands()
        .map(|c| c.get_name())
        .filter(|n| *n != "help")
        .collect();
    if path.is_empty() {
        // `clearboard --`: the program needs its command.
        return format!(
            "a command is needed, one of: {} (see 'clearboard help')",
            choices.join(", ")
        );
    }
    let path = path.join(" ");
    format!(
        "'{}' needs one of: {} (see 'clearboard help {}')",
        path,
        choices.join(", "),
        path
    )
}

/// A clap error as one line: its message, and where to read more. An
/// argument of more than 60 characters (`args`) is named by its first 40
/// and `…`, as a bad value of the input is (the usage error quoted all
/// 100,000 of them).
fn usage_line(e: &clap::Error, args: &[String]) -> String {
    // `ansi()`, not `to_string()`: the latter drops escape sequences and
    // control characters from the user's value (`--seed $'\x1b[31m'` would
    // read `invalid value ''`); `shown_text` escapes them instead.
    let text = e.render().ansi().to_string();
    // The message is clap's first paragraph (a value may hold a newline).
    let first = text
        .trim_start()
        .split("\n\n")
        .next()
        .filter(|p| !p.trim().is_empty())
        .unwrap_or("bad usage")
        .trim()
        .trim_start_matches("error: ")
        .to_string();
    let mut first = first;
    for long in args.iter().filter(|a| a.chars().count() > 60) {
        first = first.replace(long.as_str(), &crate::link::shorten(long));
        // `--opt=value`: clap quotes the value alone.
        if let Some((_, value)) = long.split_once('=') {
            if value.chars().count() > 60 {
                first = first.replace(value, &crate::link::shorten(value));
            }
        }
    }
    format!(
        "{} (see 'clearboard help')",
        crate::text::shown_text(&first)
    )
}

/// Why a command failed.
#[derive(Debug)]
enum CliError {
    Input(InputError),
    Usage(String),
    /// Reading stdin or writing stdout failed (which one, and why).
    Io(&'static str, std::io::Error),
    /// Stdout's reader has gone (`| head`): no error, but nothing more is
    /// worth working out.
    ReaderGone,
}

impl From<InputError> for CliError {
    fn from(e: InputError) -> CliError {
        CliError::Input(e)
    }
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CliError::Input(e) => write!(f, "stdin: {}", e),
            CliError::Usage(e) => write!(f, "{}", e),
            CliError::Io(which, e) => write!(f, "{}: {}", which, e),
            CliError::ReaderGone => write!(f, "stdout: its reader has gone"),
        }
    }
}

/// The most any command reads from stdin: 64 MiB (400,000 POJ 1027 games,
/// twenty times the judge's benchmark). More is refused once it has been
/// read, so that an endless input (`< /dev/zero`) is an error, not a
/// process that grows until the machine stops it.
pub const MAX_INPUT: usize = 64 << 20;

/// Reads all of stdin as UTF-8 text (at most [`MAX_INPUT`] bytes), naming
/// the line of a bad byte as soon as it is read.
fn read_stdin() -> Result<String, CliError> {
    read_text(std::io::stdin().lock(), MAX_INPUT)
}

/// Reads `from` to its end as UTF-8 text of at most `max` bytes: a byte that
/// is not UTF-8 is reported when its piece arrives (with its line), and an
/// input longer than `max` once `max + 1` bytes have come. A leading byte
/// order mark is dropped.
fn read_text(mut from: impl Read, max: usize) -> Result<String, CliError> {
    let mut bytes = Vec::new();
    let mut checked = 0;
    let mut piece = vec![0u8; 64 << 10];
    loop {
        let n = match from.read(&mut piece) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(CliError::Io("stdin", e)),
        };
        if bytes.len() + n > max {
            return Err(CliError::Usage(format!(
                "stdin: the input is longer than {} MiB ({} bytes), the most a command reads",
                max >> 20,
                max
            )));
        }
        bytes.extend_from_slice(&piece[..n]);
        // A character cut by the piece's end is checked with the next piece.
        match std::str::from_utf8(&bytes[checked..]) {
            Ok(_) => checked = bytes.len(),
            Err(e) if e.error_len().is_none() => checked += e.valid_up_to(),
            Err(e) => return Err(not_utf8(&bytes, checked + e.valid_up_to())),
        }
    }
    let mut text = String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        not_utf8(e.as_bytes(), at)
    })?;
    // A byte order mark that an editor put before the text (Windows Notepad's UTF-8) is not part of it: every
    // reader refused its first line for it.
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// The error for a byte at `at` that is not UTF-8, with its line.
fn not_utf8(bytes: &[u8], at: usize) -> CliError {
    let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    CliError::Input(InputError::new(line, "the input is not UTF-8 text"))
}

/// Writes all of `out` to stdout; a closed pipe is [`CliError::ReaderGone`].
fn write_stdout(out: &[u8]) -> Result<(), CliError> {
    let mut stdout = std::io::stdout().lock();
    output_result(stdout.write_all(out).and_then(|_| stdout.flush()))
}

/// Streams what `write` produces to stdout; a closed pipe is
/// [`CliError::ReaderGone`].
fn stream(
    write: impl FnOnce(&mut std::io::StdoutLock<'static>) -> std::io::Result<()>,
) -> Result<(), CliError> {
    let mut stdout = std::io::stdout().lock();
    output_result(write(&mut stdout).and_then(|_| stdout.flush()))
}

/// The outcome of writing the output: a closed pipe (the reader stopped
/// early, as `| head` does) is [`CliError::ReaderGone`], which the command
/// ends on with status 0.
fn output_result(result: std::io::Result<()>) -> Result<(), CliError> {
    match result {
        // A generator refusing its options before writing (`gen mahjong`'s
        // queries on a board of one tile): the options' error, not stdout's
        // (an error the system gives has no inner error).
        Err(e) if e.kind() == std::io::ErrorKind::InvalidInput && e.get_ref().is_some() => {
            Err(CliError::Usage(e.to_string()))
        }
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(CliError::ReaderGone),
        Err(e) => Err(CliError::Io("stdout", e)),
        Ok(()) => Ok(()),
    }
}

/// The POJ 1027 judge, writing its output as it plays (the input is checked
/// whole before the first byte is written), on one thread per core unless
/// `--threads` says otherwise.
fn judge_samegame(threads: Option<u16>) -> Result<(), CliError> {
    let threads = threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
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

/// Positions for the solver: blocks of rows separated by blank lines, `#` comments.
pub fn parse_positions(input: &str) -> Result<Vec<samegame::Board>, InputError> {
    let mut boards = Vec::new();
    each_position(input, |board| {
        boards.push(board);
        Ok::<(), InputError>(())
    })?;
    Ok(boards)
}

/// Gives `f` each of the positions of `input` (as [`parse_positions`] reads
/// them) in turn, one at a time (an input without one is an error): a solver
/// checks its whole input with an `f` that keeps nothing, then reads it
/// again, position by position (64 MiB of two-ball positions held at once
/// took 1.3 GB).
pub fn each_position<E: From<InputError>>(
    input: &str,
    f: impl FnMut(samegame::Board) -> Result<(), E>,
) -> Result<(), E> {
    // (Rows keep their spaces: a Same Game row's cells are separated by them.)
    let rows = Blocks {
        trim: false,
        max_rows: samegame::MAX_SIDE,
        what: "position",
    };
    rows.each(
        input,
        |rows| {
            let board = samegame::Board::parse_numbered(rows)?;
            if board.balls() == 0 {
                return Err(InputError::new(
                    rows[0].0,
                    "the position has no ball on it (nothing to solve)",
                ));
            }
            Ok(board)
        },
        f,
    )
}

/// An input of blocks of rows separated by blank lines, with `#` comment
/// lines (skipped, even between a block's rows): `solve samegame`'s
/// positions and `solve lianliankan`'s boards.
struct Blocks {
    /// Whether a row is trimmed of the spaces around it.
    trim: bool,
    /// The most rows a block may have: one more is refused at once (32
    /// million rows gathered before the blank line that ends them took
    /// 800 MB), by the parser, which names the first fault in the input.
    max_rows: usize,
    /// What a block is called ("no position in the input").
    what: &'static str,
}

impl Blocks {
    /// Gives `f` each block as `parse` reads it, in turn; the first error
    /// (the input's or `f`'s) ends it.
    fn each<T, E: From<InputError>>(
        &self,
        input: &str,
        parse: impl Fn(&[(usize, &str)]) -> Result<T, InputError>,
        mut f: impl FnMut(T) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut count = 0;
        let mut rows: Vec<(usize, &str)> = Vec::new();
        for (n, line) in crate::text::Lines::new(input).chain(std::iter::once((0, ""))) {
            if line.trim_start().starts_with('#') {
                continue;
            }
            if line.trim().is_empty() {
                if !rows.is_empty() {
                    let block = parse(&rows)?;
                    rows.clear();
                    count += 1;
                    f(block)?;
                }
            } else {
                rows.push((n, if self.trim { line.trim() } else { line }));
                if rows.len() > self.max_rows {
                    // (The parser refuses it; were it not to, the limit is said here.)
                    let e = parse(&rows).err().unwrap_or_else(|| {
                        InputError::new(
                            n,
                            format!("a {} has at most {} rows", self.what, self.max_rows),
                        )
                    });
                    return Err(e.into());
                }
            }
        }
        if count == 0 {
            return Err(InputError::new(1, format!("no {} in the input", self.what)).into());
        }
        Ok(())
    }
}

/// The memory the beams of all of `solve samegame`'s threads share, about:
/// 4 GiB (each thread's at most [`samegame::solver::BEAM_MEMORY`], 256 MiB,
/// so up to 16 threads keep their full width).
pub const SOLVE_MEMORY: u64 = 4 << 30;

fn solve_samegame(a: &SolveArgs) -> Result<(), CliError> {
    let seconds = match (a.seconds, a.nodes) {
        (Some(s), _) => Some(s),
        (None, Some(_)) => None,
        (None, None) => Some(10.0),
    };
    let settings = samegame::solver::SolveSettings {
        budget: Budget {
            time: seconds.map(Duration::from_secs_f64),
            nodes: a.nodes,
        },
        threads: usize::from(a.threads),
        seed: a.seed,
        ..samegame::solver::SolveSettings::default()
    };
    let input = read_stdin()?;
    // The whole input checked before anything is printed, then solved position by position.
    each_position(&input, |_| Ok::<(), CliError>(()))?;
    let mut i = 0;
    each_position(&input, |board| -> Result<(), CliError> {
        let board = &board;
        let started = std::time::Instant::now();
        // The threads' beams share SOLVE_MEMORY (each at most BEAM_MEMORY):
        // 64 threads of 256 MiB beams were 16 GiB.
        let settings = samegame::solver::SolveSettings {
            max_width: samegame::solver::width_within(
                board.balls(),
                usize::try_from(SOLVE_MEMORY / settings.threads as u64)
                    .unwrap_or(usize::MAX)
                    .min(samegame::solver::BEAM_MEMORY),
            ),
            ..settings
        };
        let s = samegame::solver::solve(board, &settings, &|_| {});
        let moves: Vec<String> = s
            .moves
            .iter()
            .map(|m| format!("[{}, {}]", m.row as u32 + 1, m.col as u32 + 1))
            .collect();
        i += 1;
        let line = format!(
            "{{\"position\": {}, \"score\": {}, \"cleared\": {}, \"moves\": [{}]}}\n",
            i,
            s.score,
            s.cleared,
            moves.join(", ")
        );
        write_stdout(line.as_bytes())?;
        note(format_args!(
            "position {}: {} point{}{} in {:.1} s ({} position{} evaluated, {})",
            i,
            s.score,
            if s.score.abs() == 1 { "" } else { "s" },
            if s.cleared { ", cleared" } else { "" },
            started.elapsed().as_secs_f64(),
            s.nodes,
            if s.nodes == 1 { "" } else { "s" },
            if s.width == 0 {
                "no beam ran to its end".to_string()
            } else {
                format!("beam width {}", s.width)
            }
        ));
        Ok(())
    })?;
    Ok(())
}

/// A winning order as `x1.y1.x2.y2` words.
fn order_text(order: &[(connect::Pos, connect::Pos)]) -> String {
    order
        .iter()
        .map(|(a, b)| format!("{}.{}.{}.{}", a.x, a.y, b.x, b.y))
        .collect::<Vec<_>>()
        .join(" ")
}

/// 连连看 boards: blocks of rows separated by blank lines, `#` comments.
pub fn parse_lianliankan(input: &str) -> Result<Vec<lianliankan::Board>, InputError> {
    let mut boards = Vec::new();
    each_lianliankan(input, |board| {
        boards.push(board);
        Ok::<(), InputError>(())
    })?;
    Ok(boards)
}

/// Gives `f` each of the boards of `input` (as [`parse_lianliankan`] reads
/// them) in turn, as [`each_position`] does for Same Game.
pub fn each_lianliankan<E: From<InputError>>(
    input: &str,
    f: impl FnMut(lianliankan::Board) -> Result<(), E>,
) -> Result<(), E> {
    let board_of = |rows: &[(usize, &str)]| -> Result<lianliankan::Board, InputError> {
        let first = rows[0].0;
        let w = rows[0].1.chars().count();
        let max = lianliankan::MAX_SIDE;
        if w > max {
            return Err(InputError::new(
                first,
                format!(
                    "this row has {} cells; a board is at most {} × {}",
                    w, max, max
                ),
            ));
        }
        let mut cells = Vec::with_capacity(w * rows.len());
        for (i, &(n, row)) in rows.iter().enumerate() {
            // Named at the row past the limit (a board runs on until a blank line), after the rows before it (the
            // first fault in the input is the one said).
            if i == max {
                return Err(InputError::new(
                    n,
                    format!(
                        "a board has at most {} rows (at most {} × {} cells)",
                        max, max, max
                    ),
                ));
            }
            if row.chars().count() != w {
                return Err(InputError::new(
                    n,
                    format!(
                        "this row has {} cell{}, the board's first has {}",
                        row.chars().count(),
                        if row.chars().count() == 1 { "" } else { "s" },
                        w
                    ),
                ));
            }
            for (x, c) in row.chars().enumerate() {
                cells.push(lianliankan::kind_of(c).ok_or_else(|| {
                    InputError::new(
                        n,
                        format!(
                            "column {}: '{}' is not a tile (A–Z, a–z, 0–9) or '.'",
                            x + 1,
                            crate::text::shown_char(c)
                        ),
                    )
                })?);
            }
        }
        let board = lianliankan::Board::from_cells(w, rows.len(), cells)
            .map_err(|e| InputError::new(first, e))?;
        if board.is_empty() {
            return Err(InputError::new(
                first,
                "the board has no tile on it (nothing to solve)",
            ));
        }
        Ok(board)
    };
    let blocks = Blocks {
        trim: true,
        max_rows: lianliankan::MAX_SIDE,
        what: "board",
    };
    blocks.each(input, board_of, f)
}

fn solve_lianliankan(
    variant: lianliankan::Variant,
    seconds: f64,
    threads: usize,
) -> Result<(), CliError> {
    let input = read_stdin()?;
    // The whole input checked before anything is printed, then solved board by board.
    each_lianliankan(&input, |_| Ok::<(), CliError>(()))?;
    let mut i = 0;
    each_lianliankan(&input, |board| -> Result<(), CliError> {
        i += 1;
        let out = lianliankan::solve::solve_threads(
            &board,
            variant,
            lianliankan::solve::Settings {
                budget: Budget::time(Duration::from_secs_f64(seconds)),
                memo_cap: lianliankan::solve::MEMO_CAP,
                learn: true,
                sleep: true,
            },
            threads,
        );
        let line = match out.verdict {
            lianliankan::solve::Verdict::Won(order) => {
                format!("board {}: won {}\n", i, order_text(&order))
            }
            lianliankan::solve::Verdict::Lost => format!("board {}: lost\n", i),
            lianliankan::solve::Verdict::Unknown => format!("board {}: unknown\n", i),
        };
        write_stdout(line.as_bytes())
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that gives one byte a read: every character of more than one
    /// byte is cut between reads.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            match self.0.split_first() {
                Some((&b, rest)) if !buf.is_empty() => {
                    buf[0] = b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    fn message(e: CliError) -> String {
        e.to_string()
    }

    /// The generators' largest outputs are inputs a judge reads: each game
    /// of `gen samegame` takes the same bytes, each query of `gen mahjong`
    /// at most 12 (`75 75 75 75`), on the largest board.
    #[test]
    fn the_generators_largest_outputs_fit_a_judges_input() {
        let games = |n| {
            let mut out = Vec::new();
            samegame::poj::write_random_input(n, 7, &mut out).unwrap();
            out.len() as u64
        };
        let per_game = games(3) - games(2);
        assert_eq!(games(5) - games(4), per_game);
        // The count's line grows with its digits: six more at most.
        let most = games(1) + 6 + (MAX_GEN_GAMES - 1) * per_game;
        assert!(most <= MAX_INPUT as u64, "{most} bytes");
        let mut board = Vec::new();
        connect::judge::write_random_mahjong_input(75, 100, 0, 1, &mut board).unwrap();
        let most = board.len() as u64 + MAX_GEN_QUERIES * "75 75 75 75\n".len() as u64;
        assert!(most <= MAX_INPUT as u64, "{most} bytes");
        let mut some = Vec::new();
        connect::judge::write_random_mahjong_input(75, 33, 2000, 1, &mut some).unwrap();
        let text = String::from_utf8(some).unwrap();
        assert!(
            text.lines().all(|l| l.len() <= 75),
            "a row or query line is longer"
        );
        assert!(
            text.lines().skip(76).all(|l| l.len() <= 11),
            "a query of more than 12 bytes"
        );
    }

    #[test]
    fn read_text_takes_characters_cut_between_reads_and_stops_at_its_limit() {
        let text = "é连\n🙂x";
        assert_eq!(text.len(), 11);
        // Whole, a byte at a time, up to exactly the limit.
        assert_eq!(read_text(Trickle(text.as_bytes()), 11).unwrap(), text);
        assert_eq!(read_text(text.as_bytes(), 11).unwrap(), text);
        // One byte over: refused, naming the limit.
        assert_eq!(
            message(read_text(Trickle(text.as_bytes()), 10).unwrap_err()),
            "stdin: the input is longer than 0 MiB (10 bytes), the most a command reads"
        );
        // A character cut off by the end of the input: its line.
        let cut = &text.as_bytes()[..text.len() - 2];
        assert_eq!(
            message(read_text(Trickle(cut), 100).unwrap_err()),
            "stdin: line 2: the input is not UTF-8 text"
        );
        // A bad byte after a cut character is said at once, with its line.
        let mut bad = "a\n连".as_bytes().to_vec();
        bad.insert(3, 0xFF);
        assert_eq!(
            message(read_text(Trickle(&bad), 100).unwrap_err()),
            "stdin: line 2: the input is not UTF-8 text"
        );
    }
}
