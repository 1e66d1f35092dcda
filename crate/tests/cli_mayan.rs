//! `clearboard judge mayan`: the statement's sample, no solution, and every
//! kind of malformed input.

mod common;
use common::{assert_rejected, clearboard};

fn judge(input: &str) -> common::Run {
    clearboard(&["judge", "mayan"], input.as_bytes())
}

#[test]
fn the_statement_sample() {
    let run = judge("3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "2 1 1\n3 1 1\n3 0 1\n");
}

#[test]
fn no_solution_prints_minus_one() {
    let run = judge("1\r\n1 0\r\n2 0\r\n0\r\n0\r\n0\r\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "-1\n");
}

#[test]
fn bad_inputs_are_rejected_with_their_line() {
    for (input, line, what) in [
        ("", 1, "missing the number of moves"),
        ("0\n0\n0\n0\n0\n0\n", 1, "positive number of moves"),
        ("x\n", 1, "not a number of moves"),
        ("2\n1 0\n2 0\n", 4, "ends before column 3 of 5"),
        ("2\n1 0\n2 0\n3\n0\n0\n", 4, "does not end with 0"),
        (
            "2\n1 0\n2 0\n1 2 1 2 1 2 1 2 0\n0\n0\n",
            4,
            "column 3 has 8 blocks, at most 7",
        ),
        (
            "2\n1 0\n11 0\n0\n0\n0\n",
            3,
            "colour 11 is not from 1 to 10",
        ),
        (
            "2\n1 0\n-1 0\n0\n0\n0\n",
            3,
            "colour -1 is not from 1 to 10",
        ),
        ("2\n1 0 5\n0\n0\n0\n0\n", 2, "after the 0"),
        ("2\n1 1 1 0\n0\n0\n0\n0\n", 2, "run of three"),
        ("2\n1 0\n0\n0\n0\n0\n7\n", 7, "more input"),
    ] {
        assert_rejected(&["judge", "mayan"], input, Some(line), what);
    }
}
