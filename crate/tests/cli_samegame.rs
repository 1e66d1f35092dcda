//! `clearboard judge samegame`: the POJ 1027 sample byte for byte, input
//! variants the statement allows, and every kind of malformed input.

mod common;
use common::{assert_rejected, clearboard};

const SAMPLE_IN: &str = include_str!("data/poj1027-sample.in");
const SAMPLE_OUT: &str = include_str!("data/poj1027-sample.out");

fn judge(input: &str) -> common::Run {
    clearboard(&["judge", "samegame"], input.as_bytes())
}

#[test]
fn the_seed_sample_reproduces_exactly() {
    let run = judge(SAMPLE_IN);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, SAMPLE_OUT);
    assert!(
        run.stdout.lines().all(|l| !l.ends_with(' ')),
        "no trailing spaces"
    );
}

#[test]
fn crlf_and_missing_blank_lines_are_accepted() {
    let no_blanks: String = SAMPLE_IN
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| format!("{}\r\n", l))
        .collect();
    let run = judge(&no_blanks);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, SAMPLE_OUT);
}

fn game(rows: &[&str]) -> String {
    format!("1\n\n{}\n", rows.join("\n"))
}

fn sample_rows() -> Vec<&'static str> {
    SAMPLE_IN.lines().skip(2).take(10).collect()
}

#[test]
fn a_missing_count_is_rejected() {
    assert_rejected(
        &["judge", "samegame"],
        "",
        Some(1),
        "missing the number of games",
    );
    assert_rejected(
        &["judge", "samegame"],
        "\n\n",
        Some(1),
        "missing the number of games",
    );
}

#[test]
fn a_non_positive_or_non_numeric_count_is_rejected() {
    assert_rejected(&["judge", "samegame"], "0\n", Some(1), "must be positive");
    assert_rejected(&["judge", "samegame"], "-2\n", Some(1), "must be positive");
    assert_rejected(
        &["judge", "samegame"],
        "two\n",
        Some(1),
        "not a number of games",
    );
}

#[test]
fn fewer_games_than_announced_are_rejected_before_anything_is_printed() {
    let input = SAMPLE_IN.replacen('3', "4", 1);
    assert_rejected(&["judge", "samegame"], &input, None, "before game 4 of 4");
}

#[test]
fn too_few_rows_are_rejected() {
    let rows = sample_rows();
    assert_rejected(
        &["judge", "samegame"],
        &game(&rows[..7]),
        Some(10),
        "has 7 rows, expected 10",
    );
    assert_rejected(
        &["judge", "samegame"],
        &game(&rows[..1]),
        Some(4),
        "game 1 has 1 row, expected 10",
    );
}

#[test]
fn short_and_long_rows_are_rejected_with_their_line() {
    let mut rows = sample_rows();
    rows[3] = "RGBRGBRGBRGBRG";
    assert_rejected(&["judge", "samegame"], &game(&rows), Some(6), "too short");
    rows[3] = "RGBRGBRGBRGBRGBR";
    assert_rejected(&["judge", "samegame"], &game(&rows), Some(6), "too long");
}

#[test]
fn a_letter_other_than_r_g_b_is_rejected() {
    let mut rows = sample_rows();
    rows[9] = "RGBRGBRGBRGYRGB";
    assert_rejected(
        &["judge", "samegame"],
        &game(&rows),
        Some(12),
        "column 12: 'Y' is not R, G or B",
    );
    rows[9] = "RGBRGBRGB GBRGB";
    assert_rejected(&["judge", "samegame"], &game(&rows), Some(12), "column 10");
}

#[test]
fn extra_games_beyond_the_count_are_rejected() {
    let input = SAMPLE_IN.replacen('3', "2", 1);
    assert_rejected(
        &["judge", "samegame"],
        &input,
        Some(25),
        "more input after the 2 announced games",
    );
}

#[test]
fn binary_input_is_rejected_not_panicked_on() {
    let run = clearboard(&["judge", "samegame"], b"1\n\xff\xfe\n");
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr.contains("line 2: the input is not UTF-8 text"),
        "{}",
        run.stderr
    );
}

#[test]
fn unknown_commands_and_options_are_usage_errors() {
    assert_rejected(&["judge", "nothing"], "", None, "unrecognized subcommand");
    assert_rejected(
        &["gen", "samegame", "--games"],
        "",
        None,
        "a value is required",
    );
    assert_rejected(
        &["gen", "samegame", "--colour", "3"],
        "",
        None,
        "unexpected argument '--colour'",
    );
    assert_rejected(&["gen", "samegame", "--games=0"], "", None, "from 1");
    assert_rejected(
        &["judge", "samegame", "--threads=0"],
        "",
        None,
        "a whole number from 1 to 256 is needed",
    );
    assert_rejected(
        &["gen", "mayan", "--moves", "65"],
        "",
        None,
        "a whole number from 1 to 64 is needed",
    );
}

#[test]
fn every_command_has_its_help_and_options_take_both_spellings() {
    for args in [
        &["--help"][..],
        &["help"],
        &["judge", "--help"],
        &["judge", "samegame", "--help"],
        &["judge", "mayan", "--help"],
        &["solve", "samegame", "--help"],
        &["gen", "mahjong", "--help"],
        &["help", "gen", "samegame"],
    ] {
        let run = clearboard(args, b"");
        assert_eq!(run.code, 0, "{:?}: {}", args, run.stderr);
        assert!(
            run.stdout.contains("Usage: clearboard"),
            "{:?}: {}",
            args,
            run.stdout
        );
    }
    let a = clearboard(&["gen", "samegame", "--games=3", "--seed=9"], b"");
    let b = clearboard(&["gen", "samegame", "--games", "3", "--seed", "9"], b"");
    assert_eq!(a.code, 0);
    assert_eq!(a.stdout, b.stdout);
    assert!(a.stdout.starts_with("3\n\n"));
    let v = clearboard(&["--version"], b"");
    assert_eq!(
        v.stdout.trim(),
        format!("clearboard {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn gen_streams_huge_outputs_to_a_reader_that_stops() {
    // 400,000 games, the most, are 64 MB: the generator streams them, and
    // a reader that stops early ends it (a closed pipe is not an error).
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_clearboard"))
        .args(["gen", "samegame", "--games", "400000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = vec![0u8; 1 << 20];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(first.starts_with(b"400000\n\n"));
}

#[test]
fn generated_inputs_are_valid_judge_inputs() {
    let gen = clearboard(&["gen", "samegame", "--games", "50", "--seed", "7"], b"");
    assert_eq!(gen.code, 0);
    let run = judge(&gen.stdout);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.matches("Final score").count(), 50);
}

#[test]
fn any_number_of_threads_prints_the_same() {
    // More games than one thread's share of a round, so the work is split.
    let gen = clearboard(&["gen", "samegame", "--games", "7000", "--seed", "11"], b"");
    assert_eq!(gen.code, 0);
    let one = clearboard(
        &["judge", "samegame", "--threads", "1"],
        gen.stdout.as_bytes(),
    );
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert_eq!(one.stdout.matches("Final score").count(), 7000);
    assert!(one.stdout.contains("\nGame 7000:\n"));
    for threads in ["2", "3"] {
        let many = clearboard(
            &["judge", "samegame", "--threads", threads],
            gen.stdout.as_bytes(),
        );
        assert_eq!(many.code, 0, "{}", many.stderr);
        assert!(many.stdout == one.stdout, "--threads {} differs", threads);
    }
    assert_rejected(
        &["judge", "samegame", "--threads", "0"],
        "1\n",
        None,
        "a whole number from 1 to 256 is needed",
    );
    assert_rejected(
        &["judge", "samegame", "--thread", "2"],
        "1\n",
        None,
        "unexpected argument '--thread'",
    );
}

#[test]
fn solve_prints_one_json_line_per_position_that_replays() {
    // Two positions: digits with spaces (the benchmark's format) and letters.
    let input = "0 1 1\n1 0 0\n0 0 1\n\nRRG\nGGB\nBRR\n";
    let run = clearboard(
        &["solve", "samegame", "--nodes", "500", "--seed", "3"],
        input.as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    for (i, line) in lines.iter().enumerate() {
        assert!(
            line.starts_with(&format!("{{\"position\": {}, \"score\": ", i + 1)),
            "{}",
            line
        );
        assert!(
            line.contains("\"cleared\": ") && line.contains("\"moves\": [["),
            "{}",
            line
        );
    }
    assert_eq!(
        run.stderr
            .lines()
            .filter(|l| l.starts_with("position "))
            .count(),
        2,
        "a progress line each"
    );
    // Each line's moves replay on its position to the score and clearing it claims.
    let boards = [
        clearboard::samegame::Board::parse(&["0 1 1", "1 0 0", "0 0 1"], 1).unwrap(),
        clearboard::samegame::Board::parse(&["RRG", "GGB", "BRR"], 1).unwrap(),
    ];
    for (line, board) in lines.iter().zip(&boards) {
        let field = |name: &str| {
            let at = line.find(&format!("\"{}\": ", name)).unwrap() + name.len() + 4;
            line[at..]
                .split([',', '}'])
                .next()
                .unwrap()
                .trim()
                .to_string()
        };
        let score: i64 = field("score").parse().unwrap();
        let cleared: bool = field("cleared").parse().unwrap();
        let moves_text = &line[line.find("\"moves\": ").unwrap() + 9..];
        let numbers: Vec<usize> = moves_text
            .split(|c: char| !c.is_ascii_digit())
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().unwrap())
            .collect();
        let cells: Vec<clearboard::samegame::Cell> = numbers
            .chunks(2)
            .map(|rc| clearboard::samegame::Cell::new(rc[1] - 1, rc[0] - 1))
            .collect();
        assert!(!cells.is_empty());
        assert_eq!(
            clearboard::samegame::solver::replay(board, &cells),
            Ok((score, cleared)),
            "{}",
            line
        );
    }
}

#[test]
fn solve_takes_comment_lines_anywhere_and_names_the_lines_as_written() {
    // Comments before, between and inside positions: the same answers as without them.
    let plain = "RRG\nGGB\nBRR\n\n0 1 1\n1 0 0\n";
    let commented = "# two positions\nRRG\n# its second row:\nGGB\nBRR\n\n  # the next one\n0 1 1\n1 0 0\n# end\n";
    let args = ["solve", "samegame", "--nodes", "300", "--seed", "2"];
    let a = clearboard(&args, plain.as_bytes());
    let b = clearboard(&args, commented.as_bytes());
    assert_eq!(a.code, 0, "{}", a.stderr);
    assert_eq!(b.code, 0, "{}", b.stderr);
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(b.stdout.lines().count(), 2);
    // An error after a comment inside a position names the line it is on.
    assert_rejected(
        &["solve", "samegame", "--nodes", "10"],
        "RRG\n# a comment\nGQB\n",
        Some(3),
        "column 2: 'Q' is not a colour letter",
    );
    // A position of comments only is no position.
    assert_rejected(
        &["solve", "samegame", "--nodes", "10"],
        "# nothing\n\n# else\n",
        Some(1),
        "no position",
    );
}

#[test]
fn solve_rejects_malformed_positions_and_options() {
    assert_rejected(
        &["solve", "samegame", "--nodes", "10"],
        "RRG\nGG\n",
        Some(2),
        "this row has 2 cells, the first row has 3",
    );
    assert_rejected(
        &["solve", "samegame", "--nodes", "10"],
        "\n\n",
        Some(1),
        "no position",
    );
    assert_rejected(
        &["solve", "samegame", "--nodes", "10"],
        "RRG\n\nRQG\n",
        Some(3),
        "'Q' is not a colour letter",
    );
    assert_rejected(
        &["solve", "samegame", "--nodes", "10"],
        "0 1 x\n",
        Some(1),
        "column 3: 'x' is not a colour digit",
    );
    // Too large, said where: the row past the 64th (it was the position's
    // first line), a row past 64 cells.
    assert_rejected(
        &["solve", "samegame", "--nodes", "10"],
        &format!("RG\n\n{}", "R\n".repeat(65)),
        Some(67),
        "a board has at most 64 rows; this is row 65",
    );
    assert_rejected(
        &["solve", "samegame", "--nodes", "10"],
        &format!("RG\n\n{}\n", "R".repeat(65)),
        Some(3),
        "this row has 65 cells; a board is at most 64 wide",
    );
    assert_rejected(
        &["solve", "samegame", "--seconds", "-1"],
        "RR\n",
        None,
        "not a valid value",
    );
    assert_rejected(
        &["solve", "samegame", "--seconds=1e300"],
        "RR\n",
        None,
        "not a valid value",
    );
    assert_rejected(
        &["solve", "samegame", "--threads", "0"],
        "RR\n",
        None,
        "a whole number from 1 to 64 is needed",
    );
    // At most 64 threads (whose beams share about 4 GiB): 256 took 3.8 GB.
    assert_rejected(
        &["solve", "samegame", "--threads", "65"],
        "RR\n",
        None,
        "a whole number from 1 to 64 is needed",
    );
    assert_rejected(
        &["solve", "samegame", "--fast", "1"],
        "RR\n",
        None,
        "unexpected argument '--fast'",
    );
}

/// A bad line of any length is named and quoted shortly (its first 40
/// characters and "…"), by every command that reads an input: one short
/// line on stderr, not the whole line again.
#[test]
fn a_huge_bad_line_is_quoted_shortly_by_every_command() {
    let huge = "x".repeat(1_000_000);
    let cases: [(&[&str], String); 9] = [
        (&["judge", "samegame"], format!("{huge}\n")),
        (
            &["judge", "samegame"],
            format!("1\n{}\n", "Q".repeat(200_000)),
        ),
        (&["judge", "mahjong"], format!("{huge}\n")),
        (&["judge", "poj1101"], format!("{huge}\n")),
        (&["judge", "poj1101"], format!("2 1\nXX\n1 1 {huge}\n")),
        (&["judge", "mayan"], format!("{huge}\n")),
        (&["judge", "mayan"], format!("1\n1 {huge}\n")),
        (
            &["solve", "samegame", "--nodes", "10"],
            format!("1 2 {huge}\n"),
        ),
        (&["solve", "lianliankan"], format!("{huge}\n")),
    ];
    for (args, input) in cases {
        let run = clearboard(args, input.as_bytes());
        assert_eq!(
            run.code,
            2,
            "{args:?}: {}",
            &run.stderr[..run.stderr.len().min(300)]
        );
        assert_eq!(run.stdout, "", "{args:?}");
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}");
        assert!(
            run.stderr.len() < 400,
            "{args:?}: {} bytes on stderr: {}…",
            run.stderr.len(),
            &run.stderr[..300]
        );
        assert!(run.stderr.contains("line "), "{args:?}: {}", run.stderr);
    }
}

/// Many threads on a large board keep to `--seconds`: each thread looks at
/// the clock after every play-out there (a 64 × 64 play-out can take a
/// millisecond, and 64 threads on two cores that looked every 64 play-outs
/// ended seconds late: 3 s for 0.2 s). The margin is wide: the point is
/// seconds, not milliseconds.
#[test]
fn many_threads_on_a_large_board_keep_to_the_time() {
    let mut rng = 12345u64;
    let mut input = String::new();
    for _ in 0..64 {
        for _ in 0..64 {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            input.push(b"RGBYVOCPW"[((rng >> 33) % 9) as usize] as char);
        }
        input.push('\n');
    }
    let run = clearboard(
        &["solve", "samegame", "--seconds", "0.3", "--threads", "64"],
        input.as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("{\"position\": 1, "));
    // The search's own time, from its progress line (not the process's
    // start, 64 threads' spawning and the machine's other tests): "in 0.3 s".
    let took: f64 = run
        .stderr
        .split(" in ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("no time in {}", run.stderr));
    assert!(took < 1.2, "0.3 s asked, {took:.1} s taken: {}", run.stderr);
}
