//! `clearboard gen lianliankan` and `clearboard solve lianliankan`: a deal's
//! order wins it, the solver's answers replay, and bad input is rejected
//! with its line.

mod common;
use clearboard::lianliankan::link::parse_board;
use clearboard::lianliankan::solve::wins;
use clearboard::lianliankan::{Pos, Variant};
use common::{assert_rejected, clearboard};

fn order(words: &str) -> Vec<(Pos, Pos)> {
    words
        .split_whitespace()
        .map(|w| {
            let v: Vec<i32> = w.split('.').map(|n| n.parse().unwrap()).collect();
            assert_eq!(v.len(), 4, "{}", w);
            (Pos::new(v[0], v[1]), Pos::new(v[2], v[3]))
        })
        .collect()
}

fn rows(out: &str) -> String {
    out.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .collect::<Vec<_>>()
        .join("/")
}

#[test]
fn a_generated_deal_is_won_by_its_order_and_by_the_solver() {
    for variant in ["none", "left", "gather-vertical"] {
        let gen = clearboard(
            &[
                "gen",
                "lianliankan",
                "--w",
                "10",
                "--h",
                "6",
                "--kinds",
                "15",
                "--variant",
                variant,
                "--seed",
                "4",
            ],
            b"",
        );
        assert_eq!(gen.code, 0, "{}", gen.stderr);
        let v = Variant::parse(variant).unwrap();
        let board = parse_board(&rows(&gen.stdout)).unwrap();
        assert_eq!((board.width(), board.height()), (10, 6));
        let stored = gen
            .stdout
            .lines()
            .find_map(|l| l.strip_prefix("# order "))
            .expect("an order line");
        assert!(wins(&board, v, &order(stored)), "{}", variant);
        let solved = clearboard(
            &[
                "solve",
                "lianliankan",
                "--variant",
                variant,
                "--seconds",
                "5",
            ],
            gen.stdout.as_bytes(),
        );
        assert_eq!(solved.code, 0, "{}", solved.stderr);
        let line = solved.stdout.trim_end();
        let found = line
            .strip_prefix("board 1: won ")
            .unwrap_or_else(|| panic!("{}", line));
        assert!(wins(&board, v, &order(found)), "{}", variant);
    }
}

#[test]
fn the_solver_says_lost_and_numbers_the_boards() {
    // A B / B A: each kind on a diagonal of a full 2 × 2 board.
    let run = clearboard(
        &["solve", "lianliankan", "--seconds", "1"],
        b"# two boards\nAB\nBA\n\nAA\nBB\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "board 1: lost\nboard 2: won 0.0.1.0 0.1.1.1\n");
}

#[test]
fn two_threads_answer_as_one_does() {
    // A lost board, a won one, and a generated 16 × 9 deal under `down`
    // (won; its order must replay).
    let gen = clearboard(
        &["gen", "lianliankan", "--variant", "down", "--seed", "9"],
        b"",
    );
    assert_eq!(gen.code, 0, "{}", gen.stderr);
    let input = format!("AB\nBA\n\nAA\nBB\n\n{}", gen.stdout);
    let solve = |threads: &str| {
        clearboard(
            &[
                "solve",
                "lianliankan",
                "--variant",
                "down",
                "--threads",
                threads,
                "--seconds",
                "5",
            ],
            input.as_bytes(),
        )
    };
    let run = solve("2");
    assert_eq!(run.code, 0, "{}", run.stderr);
    // The same verdicts as one thread (the orders may differ).
    let one = solve("1");
    let verdicts = |out: &str| -> Vec<String> {
        out.lines()
            .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
            .collect()
    };
    assert_eq!(verdicts(&run.stdout), verdicts(&one.stdout));
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert_eq!(lines[0], "board 1: lost");
    let two = lines[1]
        .strip_prefix("board 2: won ")
        .unwrap_or_else(|| panic!("{}", lines[1]));
    let small = parse_board("AA/BB").unwrap();
    assert!(wins(&small, Variant::Down, &order(two)), "{}", lines[1]);
    let found = lines[2]
        .strip_prefix("board 3: won ")
        .unwrap_or_else(|| panic!("{}", lines[2]));
    let board = parse_board(&rows(&gen.stdout)).unwrap();
    assert!(wins(&board, Variant::Down, &order(found)));
}

#[test]
fn the_largest_seed_a_link_holds_is_taken_and_one_kind_is_said_so() {
    let run = clearboard(
        &[
            "gen",
            "lianliankan",
            "--w",
            "2",
            "--h",
            "1",
            "--kinds",
            "1",
            "--seed",
            "9007199254740991",
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .starts_with("# 2 x 1, 1 kind, variant none, seed 9007199254740991\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn bad_boards_and_settings_are_rejected() {
    let solve = ["solve", "lianliankan"];
    for (input, line, what) in [
        ("", Some(1), "no board"),
        (
            "AB\nA\n",
            Some(2),
            "this row has 1 cell, the board's first has 2",
        ),
        (
            "AB\nABA\n",
            Some(2),
            "this row has 3 cells, the board's first has 2",
        ),
        ("AB\nB!\n", Some(2), "'!' is not a tile"),
        ("AB\nBB\n", Some(1), "kind A occurs 1 time ("),
        ("AA\n\nAB\nBC\n", Some(3), "occurs 1 time ("),
    ] {
        assert_rejected(&solve, input, line, what);
    }
    let wide = format!("{}\n", "A".repeat(34));
    assert_rejected(
        &solve,
        &wide,
        Some(1),
        "this row has 34 cells; a board is at most 32 × 32",
    );
    // A board too tall is named at its 33rd row (after a first board of two rows and a blank line).
    let tall = format!("AA\nBB\n\n{}", "AB\n".repeat(34));
    assert_rejected(&solve, &tall, Some(36), "a board has at most 32 rows");
    // A fault in a row before the 33rd is the one said (the input's first), as for Same Game.
    for (row, what) in [
        ("B!", "column 2: '!' is not a tile"),
        ("ABA", "this row has 3 cells"),
    ] {
        let tall = format!("AB\n{row}\n{}", "AB\n".repeat(34));
        assert_rejected(&solve, &tall, Some(2), what);
        assert_rejected(&solve, &format!("{tall}\n"), Some(2), what);
    }
    assert_rejected(
        &["solve", "lianliankan", "--variant", "sideways"],
        "AA\n",
        None,
        "unknown variant 'sideways'",
    );
    assert_rejected(
        &["solve", "lianliankan", "--seconds", "0"],
        "AA\n",
        None,
        "seconds",
    );
    for threads in ["0", "65", "two"] {
        assert_rejected(
            &["solve", "lianliankan", "--threads", threads],
            "AA\n",
            None,
            "threads",
        );
    }
    for (args, what) in [
        (vec!["--w", "3", "--h", "3"], "odd number of cells"),
        (
            vec!["--w", "40"],
            "invalid value '40' for '--w <W>': a whole number from 1 to 32 is needed",
        ),
        (
            vec!["--kinds", "0"],
            "invalid value '0' for '--kinds <K>': a whole number from 1 to 62 is needed",
        ),
        (vec!["--w", "4", "--h", "2", "--kinds", "5"], "1 to 4 kinds"),
        // A seed names the same deal in the page's link, which holds at most 2^53 − 1.
        (
            vec!["--seed", "9007199254740992"],
            "invalid value '9007199254740992' for '--seed <N>': a whole number from 0 to 9007199254740991 is needed",
        ),
    ] {
        let mut all = vec!["gen", "lianliankan"];
        all.extend(args);
        assert_rejected(&all, "", None, what);
    }
}
