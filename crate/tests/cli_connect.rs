//! `clearboard judge mahjong` and `clearboard judge poj1101`: samples,
//! tolerated input variants, and every kind of malformed input.

mod common;
use common::{assert_rejected, clearboard};

const MAHJONG: &str = "5 4 \nXXXXX\nX   X\nXXX X\n XXX \n2 3 5 3 \n1 3 4 4 \n2 3 3 4 \n0 0 0 0 \n";

#[test]
fn the_mahjong_sample_gives_4_3_0() {
    let run = clearboard(&["judge", "mahjong"], MAHJONG.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "4\n3\n0\n");
}

#[test]
fn short_rows_empty_rows_and_crlf_are_accepted() {
    let input = "5 3\r\nX\r\n\r\n    X\r\n1 1 5 3\r\n0 0 0 0\r\n";
    let run = clearboard(&["judge", "mahjong"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "2\n");
}

#[test]
fn an_empty_cell_in_a_query_is_answered_like_any_other() {
    let run = clearboard(
        &["judge", "mahjong"],
        b"3 1\nX X\n1 1 2 1\n1 1 3 1\n0 0 0 0\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "1\n1\n");
}

#[test]
fn an_impossible_query_does_not_open_its_tiles_for_later_queries() {
    // (2,3)-(3,4) is impossible; later queries must not pass through the
    // tiles at (2,3) and (3,4), as the seed's program does (it answers 1,
    // 1 and 4 here).
    let input = "5 4\nXXXXX\nX   X\nXXX X\n XXX \n2 3 3 4\n1 3 3 3\n2 4 4 4\n1 1 3 3\n0 0 0 0\n";
    let run = clearboard(&["judge", "mahjong"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "0\n0\n3\n0\n");
}

const POJ: &str = "5 4\nXXXXX\nX   X\nXXX X\n XXX\n2 3 5 3\n1 3 4 4\n2 3 3 4\n0 0 0 0\n3 1\nX X\n1 1 3 1\n0 0 0 0\n0 0\n";

#[test]
fn poj1101_prints_boards_and_pairs() {
    let run = clearboard(&["judge", "poj1101"], POJ.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "Board #1:\nPair 1: 4 segments.\nPair 2: 3 segments.\nPair 3: impossible.\n\n\
         Board #2:\nPair 1: 1 segments.\n\n"
    );
}

#[test]
fn bad_headers_are_rejected() {
    for (input, what) in [
        ("", "missing the header"),
        ("5\n", "two integers"),
        ("a b\n", "two integers"),
        ("0 4\n", "1 to 75"),
        ("76 2\n", "1 to 75"),
        ("-1 3\n", "1 to 75"),
        // Whitespace that does not separate numbers is quoted as written (escaped), not trimmed away.
        ("2 1\u{b}\nXX\n1 1 2 1\n", "found '2 1\\u{b}'"),
        ("\u{3000}2 1\nXX\n1 1 2 1\n", "found '\\u{3000}2 1'"),
    ] {
        assert_rejected(&["judge", "mahjong"], input, Some(1), what);
    }
    assert_rejected(
        &["judge", "poj1101"],
        "2 1\nXX\n0 0 0 0\n0 0\u{a0}\n",
        Some(4),
        "found '0 0\\u{a0}'",
    );
}

#[test]
fn bad_rows_are_rejected() {
    assert_rejected(
        &["judge", "mahjong"],
        "3 2\nXXXX\nX\n0 0 0 0\n",
        Some(2),
        "longer than the board",
    );
    assert_rejected(
        &["judge", "mahjong"],
        "3 2\nXoX\nX\n0 0 0 0\n",
        Some(2),
        "column 2: 'o'",
    );
    assert_rejected(
        &["judge", "mahjong"],
        "3 2\nX X\n",
        Some(3),
        "ends before row 2 of 2",
    );
}

#[test]
fn bad_queries_are_rejected() {
    let board = "3 2\nX X\nXXX\n";
    for (q, line, what) in [
        ("4 1 1 1\n0 0 0 0\n", 4, "x1 = 4 is outside"),
        ("1 1 1 3\n0 0 0 0\n", 4, "y2 = 3 is outside"),
        ("0 1 1 1\n0 0 0 0\n", 4, "x1 = 0 is outside"),
        ("1 1 1 1\n0 0 0 0\n", 4, "same cell twice"),
        ("1 1 3\n", 4, "ends inside a query (3 of 4"),
        ("1 1 x 1\n", 4, "'x' is not a coordinate"),
        ("1 1 3 1\n0 0 0 0 7\n", 5, "unexpected '7'"),
        // One query a line, as the statement has it.
        ("1 1 2 2 3\n0 0 0 0\n", 4, "'3' follows them"),
        ("1 1\n3 1\n0 0 0 0\n", 4, "on one line; this line has 2"),
    ] {
        assert_rejected(
            &["judge", "mahjong"],
            &format!("{}{}", board, q),
            Some(line),
            what,
        );
    }
}

#[test]
fn an_empty_poj1101_input_is_rejected_but_no_boards_then_0_0_is_not() {
    // Line 1, as the other judges say, however many blank lines there are (it said the line after the last one,
    // which is not in the input).
    for (input, line) in [("", 1), ("\n\n", 1), ("  \r\n", 1), ("\n\n\n", 1)] {
        assert_rejected(
            &["judge", "poj1101"],
            input,
            Some(line),
            "missing the header 'w h'",
        );
        assert_rejected(
            &["judge", "mahjong"],
            input,
            Some(line),
            "missing the header 'w h'",
        );
    }
    let run = clearboard(&["judge", "poj1101"], b"0 0\n");
    assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{}", run.stderr);
}

#[test]
fn poj1101_errors_name_the_line_in_later_boards() {
    let input = "2 1\nXX\n1 1 2 1\n0 0 0 0\n2 1\nXX\n1 1 9 1\n0 0 0 0\n0 0\n";
    assert_rejected(&["judge", "poj1101"], input, Some(7), "x2 = 9 is outside");
    assert_rejected(
        &["judge", "poj1101"],
        "2 1\nXX\n0 0 0 0\n0 0\n5\n",
        Some(5),
        "unexpected '5'",
    );
}

/// `gen mahjong` prints the queries asked for, or says why it cannot: a
/// board drawn with fewer than two tiles has no pair to ask about (it
/// printed the board and no query, exit 0).
#[test]
fn gen_mahjong_gives_every_query_asked_or_refuses() {
    for args in [
        [
            "--size",
            "3",
            "--percent",
            "5",
            "--queries",
            "10",
            "--seed",
            "1",
        ],
        [
            "--size",
            "1",
            "--percent",
            "100",
            "--queries",
            "3",
            "--seed",
            "1",
        ],
    ] {
        let run = clearboard(&[&["gen", "mahjong"][..], &args[..]].concat(), b"");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{args:?}");
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        assert!(
            run.stderr.contains("a query joins two tiles"),
            "{}",
            run.stderr
        );
        // The options' error, not stdout's (it said "clearboard: stdout: --queries 3: …").
        assert!(
            run.stderr.starts_with("clearboard: --queries "),
            "{}",
            run.stderr
        );
    }
    // No queries asked: the board alone. Enough tiles: every query.
    let run = clearboard(
        &[
            "gen",
            "mahjong",
            "--size",
            "3",
            "--percent",
            "5",
            "--queries",
            "0",
        ],
        b"",
    );
    assert_eq!(
        (run.code, run.stdout.lines().count()),
        (0, 5),
        "{}",
        run.stdout
    );
    let run = clearboard(
        &[
            "gen",
            "mahjong",
            "--size",
            "2",
            "--percent",
            "100",
            "--queries",
            "7",
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 1 + 2 + 7 + 1, "{}", run.stdout);
}
