//! The command line's error messages, across every judge and solver: what
//! the input held is quoted readably (é and 连 as they are) and what does
//! not print is escaped (ESC, BEL, a lone CR, U+202E), so a message never
//! rewrites the terminal; empty boards, negative option values and a
//! missing subcommand are usage errors like any other.

mod common;
use common::{assert_rejected, clearboard};

/// Every character on stderr prints: no control character but the final
/// newline, no format character (U+202E reverses what follows).
fn assert_prints(stderr: &str, context: &str) {
    let body = stderr.strip_suffix('\n').unwrap_or(stderr);
    for c in body.chars() {
        assert!(
            !c.is_control()
                && !('\u{200b}'..='\u{200f}').contains(&c)
                && !('\u{202a}'..='\u{202e}').contains(&c),
            "{context}: stderr {stderr:?} holds {c:?}"
        );
    }
}

#[test]
fn input_is_quoted_readably_and_what_does_not_print_is_escaped() {
    // [args, input, what stderr says]
    let cases: Vec<(&[&str], &str, &str)> = vec![
        (
            &["judge", "samegame"],
            "1\nRéG\n",
            "line 2: column 2: 'é' is not R, G or B",
        ),
        (
            &["judge", "samegame"],
            "1\nR\u{1b}[31mG\n",
            "line 2: column 2: '\\u{1b}' is not R, G or B",
        ),
        (
            &["judge", "samegame"],
            "x\u{7}\n",
            "'x\\u{7}' is not a number of games",
        ),
        (
            &["solve", "samegame", "--nodes", "10"],
            "R连\nRR\n",
            "line 1: column 2: '连' is not a colour letter",
        ),
        (
            &["solve", "samegame", "--nodes", "10"],
            "R\u{202e}\nRR\n",
            "line 1: column 2: '\\u{202e}' is not a colour letter",
        ),
        (
            &["solve", "lianliankan"],
            "A连\n",
            "line 1: column 2: '连' is not a tile",
        ),
        (
            &["solve", "lianliankan"],
            "A\u{1b}\n",
            "line 1: column 2: '\\u{1b}' is not a tile",
        ),
        (
            &["judge", "mayan"],
            "1\n1 0\n连连\n",
            "line 3: '连连' is not a colour",
        ),
        (
            &["judge", "mayan"],
            "1\n1 0\n\u{1b}[2J\n",
            "line 3: '\\u{1b}[2J' is not a colour",
        ),
        (
            &["judge", "mayan"],
            "1\r\n1\u{7} 0\n",
            "line 2: '1\\u{7}' is not a colour",
        ),
        (
            &["judge", "mahjong"],
            "3 3\nX\u{1b}X\n",
            "line 2: column 2: '\\u{1b}' is neither 'X' nor a space",
        ),
        (
            &["judge", "mahjong"],
            "3 3\nXéX\n",
            "line 2: column 2: 'é' is neither 'X' nor a space",
        ),
        (
            &["judge", "poj1101"],
            "2 1\nXX\n1 1 2\u{7}1\n",
            "'2\\u{7}1' is not a coordinate",
        ),
        (
            &["judge", "poj1101"],
            "2 1\nXX\n1 1 2 1\n0 0 0 0\n0 0\n\u{1b}\n",
            "unexpected '\\u{1b}'",
        ),
    ];
    for (args, input, what) in cases {
        let run = clearboard(args, input.as_bytes());
        assert_prints(&run.stderr, input);
        assert_rejected(args, input, None, what);
    }
    // A usage error quotes the argument the same way, every character of
    // it (BEL and escape sequences too), newline included.
    let run = clearboard(&["gen", "samegame", "--seed", "1\u{7}\r"], b"");
    assert_prints(&run.stderr, "--seed");
    assert_rejected(
        &["gen", "samegame", "--seed", "1\u{7}\r"],
        "",
        None,
        "invalid value '1\\u{7}\\r' for '--seed <S>'",
    );
    assert_rejected(
        &["gen", "samegame", "--seed", "\u{1b}[31m"],
        "",
        None,
        "invalid value '\\u{1b}[31m' for '--seed <S>'",
    );
    assert_rejected(
        &["gen", "samegame", "--seed", "1\n2"],
        "",
        None,
        "invalid value '1\\n2' for '--seed <S>': a whole number from 0 to 18446744073709551615 is needed",
    );
}

#[test]
fn a_board_with_nothing_on_it_is_refused_as_the_page_refuses_it() {
    assert_rejected(
        &["solve", "samegame", "--nodes", "10"],
        "RR\nGG\n\n...\n...\n",
        Some(4),
        "the position has no ball on it",
    );
    assert_rejected(
        &["solve", "lianliankan"],
        "AA\n\n..\n..\n",
        Some(3),
        "the board has no tile on it",
    );
}

#[test]
fn a_negative_option_is_a_bad_value_not_an_unknown_option() {
    for (args, what) in [
        (
            &["gen", "samegame", "--seed", "-1"][..],
            "invalid value '-1' for '--seed",
        ),
        (
            &["solve", "samegame", "--threads", "-1"],
            "invalid value '-1' for '--threads",
        ),
        (
            &["gen", "lianliankan", "--w", "-5"],
            "invalid value '-5' for '--w",
        ),
        (
            &["gen", "mahjong", "--size", "-5"],
            "invalid value '-5' for '--size",
        ),
        (
            &["solve", "lianliankan", "--seconds", "-2"],
            "seconds are a number above 0",
        ),
    ] {
        assert_rejected(args, "", None, what);
    }
    // Every whole-number option says what it needs in words, not in the
    // number parser's ("invalid digit found in string" for -5 and 0.5,
    // "cannot parse integer from empty string", "number too large to fit in
    // target type").
    for (args, what) in [
        (
            &["solve", "samegame", "--nodes", "-5"][..],
            "invalid value '-5' for '--nodes <N>': a whole number from 1 to 18446744073709551615 is needed",
        ),
        (
            &["solve", "samegame", "--nodes", "99999999999999999999"],
            "a whole number from 1 to 18446744073709551615 is needed",
        ),
        (
            &["solve", "samegame", "--threads="],
            "invalid value '' for '--threads <T>': a whole number from 1 to 64 is needed",
        ),
        (
            &["gen", "mahjong", "--percent", "0.5"],
            "invalid value '0.5' for '--percent <P>': a whole number from 0 to 100 is needed",
        ),
        (
            &["gen", "mahjong", "--queries", "1e3"],
            "a whole number from 0 to 5000000 is needed",
        ),
        (
            &["gen", "mayan", "--moves", "65"],
            "a whole number from 1 to 64 is needed",
        ),
        (
            &["judge", "samegame", "--threads", "+2"],
            "a whole number from 1 to 256 is needed",
        ),
    ] {
        assert_rejected(args, "", None, what);
    }
}

#[test]
fn a_command_without_its_subcommand_names_the_choices() {
    for (args, what) in [
        (
            &["judge"][..],
            "'judge' needs one of: samegame, mahjong, poj1101, mayan",
        ),
        (&["solve"], "'solve' needs one of: samegame, lianliankan"),
        (
            &["gen"],
            "'gen' needs one of: samegame, mahjong, mayan-levels, lianliankan, mayan",
        ),
    ] {
        assert_rejected(args, "", None, what);
    }
    assert_rejected(
        &["--"],
        "",
        None,
        "a command is needed, one of: judge, solve, gen",
    );
    // Alone, the program shows its help.
    let run = clearboard(&[], b"");
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("Usage: clearboard"));
}

/// An argument that is not UTF-8 text (a byte such as 0xFF from a shell's
/// `$'\xff'`) is a usage error like any other: one line naming the argument
/// with its bytes escaped, exit status 2, nothing on stdout (it panicked).
#[cfg(unix)]
#[test]
fn an_argument_that_is_not_text_is_a_usage_error() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    use std::process::Command;
    for (args, n) in [
        (vec![&b"\xff"[..]], 1),
        (vec![&b"gen"[..], b"samegame", b"--seed", b"1\xff2"], 4),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_clearboard"))
            .args(args.iter().map(|a| OsStr::from_bytes(a)))
            .output()
            .expect("clearboard runs");
        let stderr = String::from_utf8(out.stderr).expect("stderr is UTF-8");
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(out.stdout.is_empty());
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with(&format!("clearboard: argument {n} is not UTF-8 text: '")),
            "{stderr}"
        );
        assert!(stderr.contains("\\xFF"), "{stderr}");
        assert_prints(&stderr, "not UTF-8");
    }
}

/// Output that cannot be written (stdout on a full disk) is one error line
/// and status 2 for every command, help and the version included; nothing
/// claims success.
#[cfg(target_os = "linux")]
#[test]
fn output_to_a_full_disk_is_an_error_for_every_command() {
    use std::process::{Command, Stdio};
    let cases: [(&[&str], &str); 6] = [
        (&["help"], ""),
        (&["--help"], ""),
        (&["--version"], ""),
        (&["gen", "--help"], ""),
        (&["gen", "samegame", "--games", "3"], ""),
        (
            &["judge", "mahjong"],
            "3 3\n   \n XX\n  X\n3 3 3 2\n0 0 0 0\n",
        ),
    ];
    for (args, input) in cases {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full opens");
        let mut child = Command::new(env!("CARGO_BIN_EXE_clearboard"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(full)
            .stderr(Stdio::piped())
            .spawn()
            .expect("clearboard starts");
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
        let out = child.wait_with_output().expect("clearboard ends");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: stderr {stderr:?}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: one line: {stderr:?}");
        assert!(
            stderr.starts_with("clearboard: stdout: ") && stderr.contains("No space left"),
            "{args:?}: stderr {stderr:?}"
        );
    }
}

/// Every command that reads stdin reads at most 64 MiB: a longer input (an
/// endless one, `< /dev/zero`, grew the process by gigabytes and was never
/// answered) is one error naming the limit, exit status 2, nothing on
/// stdout; a byte that is not UTF-8 is reported when it arrives, with its
/// line, not after the rest of the input.
#[test]
fn stdin_is_read_up_to_64_mib_and_a_bad_byte_is_reported_at_once() {
    const MAX: usize = 64 << 20;
    let commands: [&[&str]; 6] = [
        &["judge", "samegame"],
        &["judge", "mahjong"],
        &["judge", "poj1101"],
        &["judge", "mayan"],
        &["solve", "samegame", "--nodes", "10"],
        &["solve", "lianliankan", "--seconds", "1"],
    ];
    // One byte over the limit, then as much again (the writer stops when the
    // command has gone).
    let long = vec![b'\n'; 2 * MAX];
    for args in commands {
        let run = clearboard(args, &long);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{args:?}");
        assert_eq!(
            run.stderr,
            format!(
                "clearboard: stdin: the input is longer than 64 MiB ({MAX} bytes), the most a command reads\n"
            ),
            "{args:?}"
        );
    }
    // Exactly the limit is read whole (and judged: here an empty first line).
    let run = clearboard(&["judge", "mayan"], &vec![b'\n'; MAX]);
    assert_eq!(run.code, 2);
    assert!(!run.stderr.contains("longer than"), "{}", run.stderr);
    // A bad byte on line 3 of an input that goes on past the limit.
    let mut bad = b"1\n\n\xff".to_vec();
    bad.resize(3 * MAX, b'0');
    for args in commands {
        let run = clearboard(args, &bad);
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stdout, "");
        assert_eq!(
            run.stderr, "clearboard: stdin: line 3: the input is not UTF-8 text\n",
            "{args:?}"
        );
    }
}

/// Runs `clearboard ARGS` with `input` on stdin with at most `kib` KiB of
/// data (`ulimit -d`: the heap and other writable memory of its own, not
/// the code's mappings nor the address space reserved and not used, which
/// an allocator's arenas would take): its exit status, stdout and stderr.
#[cfg(target_os = "linux")]
fn run_within(kib: u32, args: &[&str], input: String) -> (Option<i32>, Vec<u8>, String) {
    let limit = format!("ulimit -d {kib} && exec \"$0\" \"$@\"");
    let mut child = std::process::Command::new("sh")
        .args(["-c", &limit, env!("CARGO_BIN_EXE_clearboard")])
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("sh starts");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("it ends");
    writer.join().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code(), out.stdout, stderr)
}

/// The solvers check their whole input before printing, without holding
/// every position at once: 16 MiB of two-tile positions ended by a bad line
/// are refused (the bad line named, nothing printed) within 100 MiB of data,
/// where holding them all took about 330 MiB (64 MiB of input took 1.3 GB).
/// Both are then read a position at a time to be solved. A position taller
/// than a board can be is refused at its first row too many, within 64 MiB
/// (8 million rows were gathered first: about 200 MiB). The POJ 1101 judge
/// answers each board as it reads it: 800,000 boards of one query (16 MiB)
/// are judged within 100 MiB (holding them took more than 200 MiB; 64 MiB
/// of them, 690 MB). The build before these fixes failed each of the five.
#[cfg(target_os = "linux")]
#[test]
fn large_inputs_are_read_without_holding_all_of_them() {
    let samegame: &[&str] = &["solve", "samegame", "--nodes", "1"];
    let lianliankan: &[&str] = &["solve", "lianliankan", "--seconds", "1"];
    // 16 MiB of positions, then a bad line.
    for (args, one, bad) in [(samegame, "RR\n\n", "Z\n"), (lianliankan, "AA\n\n", "A!\n")] {
        let count = (16 << 20) / one.len();
        let mut input = one.repeat(count);
        input.push_str(bad);
        let (code, stdout, stderr) = run_within(100 << 10, args, input);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert_eq!(stdout, b"", "{args:?}");
        let line = 2 * count + 1;
        assert!(
            stderr.starts_with(&format!("clearboard: stdin: line {line}: "))
                && stderr.lines().count() == 1,
            "{args:?}: {stderr}"
        );
    }
    // 16 MiB of rows with no blank line: refused at the first row too many (the rows were all gathered first).
    for (args, rows, line) in [(samegame, "R\n", 65), (lianliankan, "A\n", 33)] {
        let (code, stdout, stderr) = run_within(64 << 10, args, rows.repeat(8 << 20));
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert_eq!(stdout, b"", "{args:?}");
        assert!(
            stderr.starts_with(&format!(
                "clearboard: stdin: line {line}: a board has at most "
            )),
            "{args:?}: {stderr}"
        );
    }
    let boards = 800_000;
    let mut input = "2 1\n\n1 1 2 1\n0 0 0 0\n".repeat(boards);
    input.push_str("0 0\n");
    let (code, stdout, stderr) = run_within(100 << 10, &["judge", "poj1101"], input);
    assert_eq!(code, Some(0), "{stderr}");
    let stdout = String::from_utf8(stdout).unwrap();
    assert_eq!(stdout.lines().count(), 3 * boards);
    assert!(stdout.ends_with(&format!("Board #{boards}:\nPair 1: 1 segments.\n\n")));
}

/// Output that cannot be written is an error, and a stdout closed by the
/// shell (`>&-`) cannot be written: exit status 2 and one line on stderr
/// (Rust's runtime put /dev/null in its place, and the output was lost with
/// exit status 0). Sent to /dev/null on purpose, it is no error.
#[cfg(target_os = "linux")]
#[test]
fn a_closed_stdout_is_an_error() {
    use std::process::Command;
    for (redirect, code, stderr) in [
        (
            ">&-",
            2,
            "clearboard: stdout: Bad file descriptor (os error 9): it is closed\n",
        ),
        (">/dev/null", 0, ""),
    ] {
        for args in ["--help", "gen samegame --games 2"] {
            let out = Command::new("sh")
                .arg("-c")
                .arg(format!("exec \"$0\" {args} {redirect}"))
                .arg(env!("CARGO_BIN_EXE_clearboard"))
                .output()
                .expect("sh runs");
            assert_eq!(out.status.code(), Some(code), "{args} {redirect}");
            assert_eq!(
                String::from_utf8_lossy(&out.stderr),
                stderr,
                "{args} {redirect}"
            );
        }
    }
}

/// A stderr that cannot be written (a full disk, a closed pipe) loses the
/// message, not the exit status: a usage error is still 2 and an answer
/// still 0 with its output whole (the messages were written by a macro that
/// panics, exit status 101).
#[cfg(target_os = "linux")]
#[test]
fn a_stderr_that_cannot_be_written_keeps_the_exit_status() {
    use std::process::Command;
    let position = "# a position\n1 1 2\n2 2 1\n";
    for (args, input, code) in [
        ("bogus", "", 2),
        ("judge samegame", "", 2),
        ("solve samegame --nodes 200", position, 0),
        ("solve samegame --nodes 200", "x", 2),
        ("gen mayan-levels --per-n 1", "", 0),
    ] {
        for stderr in ["a full disk", "a pipe whose reader has gone"] {
            let mut command = Command::new(env!("CARGO_BIN_EXE_clearboard"));
            command
                .args(args.split(' '))
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped());
            if stderr == "a full disk" {
                command.stderr(
                    std::fs::OpenOptions::new()
                        .write(true)
                        .open("/dev/full")
                        .unwrap(),
                );
            } else {
                // Its reader closed before the command starts: every write gets EPIPE.
                let (reader, writer) = std::io::pipe().unwrap();
                drop(reader);
                command.stderr(writer);
            }
            let mut child = command.spawn().expect("clearboard starts");
            let mut stdin = child.stdin.take().unwrap();
            std::io::Write::write_all(&mut stdin, input.as_bytes()).unwrap();
            drop(stdin);
            let out = child.wait_with_output().expect("clearboard ends");
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert_eq!(out.status.code(), Some(code), "{args} {stderr}: {stdout}");
            if code == 0 && args.starts_with("solve") {
                assert!(stdout.starts_with("{\"position\": 1, ") && stdout.ends_with("]}\n"));
            }
            if code == 0 && args.starts_with("gen") {
                let whole = clearboard(&args.split(' ').collect::<Vec<_>>(), b"");
                assert_eq!(stdout, whole.stdout, "{args} {stderr}");
            }
        }
    }
}

/// A reader that stops early (`| head -n 1`) ends `solve samegame`: the
/// positions after the first that fails to be written are not searched
/// (all 20 were, for minutes at the default budget), and that is no error.
#[test]
fn solving_stops_when_the_reader_has_gone() {
    use std::io::{BufRead, Write};
    use std::process::{Command, Stdio};
    // Positions of 225 balls, each searched for a few tenths of a second.
    let input = include_str!("data/samegame-standard-20.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_clearboard"))
        .args(["solve", "samegame", "--nodes", "20000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("clearboard starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("{\"position\": 1, "), "{first}");
    // The pipe's reader is gone now.
    let out = child.wait_with_output().expect("clearboard ends");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let solved = stderr
        .lines()
        .filter(|l| l.starts_with("position "))
        .count();
    assert!(
        (1..=3).contains(&solved),
        "{solved} positions searched after the reader went:\n{stderr}"
    );
    assert!(!stderr.contains("clearboard:"), "no error: {stderr}");
}

/// An argument of thousands of characters is named by its first 40 in a
/// usage error, as a bad value in the input is.
#[test]
fn a_long_argument_is_shortened_in_its_usage_error() {
    let long = "x".repeat(100_000);
    for args in [
        vec!["judge", long.as_str()],
        vec![long.as_str()],
        vec!["solve", "samegame", "--seed", long.as_str()],
    ] {
        let run = clearboard(&args, b"");
        assert_eq!(run.code, 2);
        assert_eq!(run.stdout, "");
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        assert!(run.stderr.len() < 300, "{} bytes", run.stderr.len());
        assert!(
            run.stderr.contains(&format!("'{}…'", "x".repeat(40))),
            "{}",
            run.stderr
        );
    }
    // A short bad value is quoted whole, as before.
    let run = clearboard(&["solve", "samegame", "--seed", "-1"], b"");
    assert!(run.stderr.contains("'-1'"), "{}", run.stderr);
}

/// The generators' counts stop at what a judge reads (64 MiB): a count of
/// 2⁶⁴ − 1 games filled a disk.
#[test]
fn the_generators_counts_are_bounded() {
    for (args, most) in [
        (["gen", "samegame", "--games"], "from 1 to 400000"),
        (["gen", "mahjong", "--queries"], "from 0 to 5000000"),
    ] {
        for n in ["400001", "5000001", "18446744073709551615", "4294967296"] {
            let mut all = args.to_vec();
            all.push(n);
            let run = clearboard(&all, b"");
            if args[1] == "mahjong" && n == "400001" {
                assert_eq!(run.code, 0);
                continue;
            }
            assert_eq!(run.code, 2, "{all:?}");
            assert_eq!(run.stdout, "");
            assert!(run.stderr.contains(most), "{}", run.stderr);
        }
    }
}

/// `gen mayan-levels` says each level found as it comes and each n's
/// grades once that n is done, not everything at the end (a set of 100
/// levels a move took minutes in silence).
#[test]
fn mayan_levels_tell_their_progress_as_they_go() {
    let run = clearboard(&["gen", "mayan-levels", "--per-n", "1", "--seed", "3"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 10, "{}", run.stderr);
    for n in 1..=5 {
        assert_eq!(lines[2 * n - 2], format!("n = {n}: found 1 of 1"));
        assert!(
            lines[2 * n - 1].starts_with(&format!("level {n}: n = {n}, ")),
            "{}",
            lines[2 * n - 1]
        );
    }
    assert!(
        lines[0..2]
            .concat()
            .contains("1 solution, 1 position searched"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_byte_order_mark_before_the_input_is_dropped_by_every_reader() {
    // (Windows Notepad's UTF-8 starts with one: every reader refused its first line, "'\u{feff}2' is not a number".)
    let sample = include_str!("data/poj1027-sample.in");
    let deal = String::from_utf8(
        clearboard(
            &["gen", "lianliankan", "--w", "4", "--h", "2", "--kinds", "2"],
            b"",
        )
        .stdout
        .into_bytes(),
    )
    .unwrap();
    let cases: [(&[&str], String); 5] = [
        (&["judge", "samegame"], sample.to_string()),
        (
            &["judge", "mahjong"],
            "2 1\nXX\n1 1 2 1\n0 0 0 0\n".to_string(),
        ),
        (
            &["judge", "poj1101"],
            "2 1\nXX\n1 1 2 1\n0 0 0 0\n0 0\n".to_string(),
        ),
        (
            &["judge", "mayan"],
            "1\n1 1 3 0\n0\n0\n1 0\n0\n".to_string(),
        ),
        (&["solve", "lianliankan"], deal),
    ];
    for (args, input) in cases {
        let plain = clearboard(args, input.as_bytes());
        assert_eq!(plain.code, 0, "{args:?}: {}", plain.stderr);
        let marked = clearboard(args, format!("\u{feff}{input}").as_bytes());
        assert_eq!(
            (marked.code, marked.stdout, marked.stderr),
            (0, plain.stdout, plain.stderr),
            "{args:?}"
        );
    }
    // Only at the start: one elsewhere is what it was.
    let late = clearboard(&["judge", "samegame"], "1\n\u{feff}RR\n".as_bytes());
    assert_eq!(late.code, 2, "{}", late.stderr);
}
