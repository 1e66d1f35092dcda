//! Rule tests, one by one, and property tests against a reference search
//! (the path-connect engine's breadth-first search by segment count).

use proptest::prelude::*;

use super::deal::{deal, random_board, shuffle, shuffled, Spec};
use super::link::{board_text, Link, Start};
use super::solve::{solve, solve_threads, wins, Session, Settings, Verdict};
use super::*;
use crate::budget::Budget;
use crate::connect;

/// A board from rows (top first) without the even-count check (rule tests
/// of sliding need odd boards too).
fn grid(rows: &[&str]) -> Board {
    let w = rows[0].len();
    let cells = rows
        .iter()
        .flat_map(|r| r.chars().map(|c| kind_of(c).unwrap()))
        .collect();
    Board {
        w,
        h: rows.len(),
        cells,
    }
}

fn rows(b: &Board) -> Vec<String> {
    board_text(b).split('/').map(String::from).collect()
}

fn p(x: i32, y: i32) -> Pos {
    Pos::new(x, y)
}

/// The reference: fewest segments by the path-connect engine (None: no
/// path at all).
pub(super) fn reference_segments(b: &Board, a: Pos, c: Pos) -> Option<u32> {
    let mut cb = connect::Board::new(b.width(), b.height()).unwrap();
    for q in b.occupied() {
        cb.set(q, 1);
    }
    connect::PathFinder::new(&cb).segments(a, c)
}

// ---- joining ---------------------------------------------------------------

#[test]
fn neighbours_and_a_clear_line_join_in_one_segment() {
    let b = grid(&["AA.B", "....", "C..B", "C..."]);
    assert_eq!(b.join(p(0, 0), p(1, 0)), Ok(vec![p(0, 0), p(1, 0)]));
    assert_eq!(b.join(p(3, 0), p(3, 2)), Ok(vec![p(3, 0), p(3, 2)]));
    assert_eq!(b.join(p(0, 2), p(0, 3)), Ok(vec![p(0, 2), p(0, 3)]));
}

#[test]
fn one_turn_and_two_turns_join_three_do_not() {
    // One turn: A at (0,0) and (2,2) around the empty corner (2,0).
    let b = grid(&["A...", "XB..", "X.A."]);
    assert_eq!(
        b.join(p(0, 0), p(2, 2)),
        Ok(vec![p(0, 0), p(2, 0), p(2, 2)])
    );
    // With (2, 0) taken, the path turns twice (round the ring or below B).
    let b = grid(&["A.B.", "XB..", "X.A."]);
    assert_eq!(b.join(p(0, 0), p(2, 2)), Err(PairError::NoPath));
    // Two turns inside a walled board.
    let b = grid(&["YYYYYY", "YC..YY", "YYY.YY", "YYY.CY", "YYYYYY"]);
    assert_eq!(
        b.join(p(1, 1), p(4, 3)),
        Ok(vec![p(1, 1), p(3, 1), p(3, 3), p(4, 3)])
    );
    // Three turns: a path exists (the reference finds four segments) but
    // the rules refuse it.
    let b = grid(&["YYYYYY", "YC..YY", "YYY.YY", "Y...YY", "YCYYYY", "YYYYYY"]);
    assert_eq!(reference_segments(&b, p(1, 1), p(1, 4)), Some(4));
    assert_eq!(b.join(p(1, 1), p(1, 4)), Err(PairError::NoPath));
}

#[test]
fn a_path_may_run_round_the_ring() {
    // Both A on the top edge with a wall between: up, across the ring, down.
    let b = grid(&["ABA", "BBB"]);
    assert_eq!(
        b.join(p(0, 0), p(2, 0)),
        Ok(vec![p(0, 0), p(0, -1), p(2, -1), p(2, 0)])
    );
    // Both on the left edge: out to the ring, along it, back in.
    let b = grid(&["AB", "BB", "AB"]);
    assert_eq!(
        b.join(p(0, 0), p(0, 2)),
        Ok(vec![p(0, 0), p(-1, 0), p(-1, 2), p(0, 2)])
    );
    // Diagonal corners of a full 2 × 2 need four segments: refused.
    let b = grid(&["AB", "BA"]);
    assert_eq!(b.join(p(0, 0), p(1, 1)), Err(PairError::NoPath));
}

#[test]
fn pairs_that_cannot_be_tried_say_why() {
    let b = grid(&["AB", ".A"]);
    assert_eq!(b.join(p(0, 0), p(1, 0)), Err(PairError::DifferentKinds));
    assert_eq!(b.join(p(0, 0), p(0, 0)), Err(PairError::SameCell));
    assert_eq!(b.join(p(0, 0), p(0, 1)), Err(PairError::Empty));
    assert_eq!(b.join(p(0, 0), p(2, 0)), Err(PairError::OffBoard));
    assert_eq!(b.join(p(-1, 0), p(1, 1)), Err(PairError::OffBoard));
    assert!(b.join(p(0, 0), p(1, 1)).is_ok());
}

// ---- sliding: one test per variant -----------------------------------------

/// Removes the tiles at (0, 0) and (2, 0) of a 4 × 4 board whose column 0
/// and row 0 are both A ? A ?, and returns the board and the slides.
fn slide(variant: Variant) -> (Vec<String>, Vec<(Pos, Pos)>) {
    // Column 0 top→bottom: A C A F; row 0 left→right: A B A G.
    let mut b = grid(&["ABAG", "CDEH", "AJKL", "FMNP"]);
    let slides = b.remove(p(0, 0), p(2, 0), variant);
    (rows(&b), slides)
}

#[test]
fn variant_none_moves_nothing() {
    let (b, s) = slide(Variant::None);
    assert_eq!(b, [".B.G", "CDEH", "AJKL", "FMNP"]);
    let b2 = {
        let mut b = grid(&["ABAG", "CDEH", "AJKL", "FMNP"]);
        b.remove(p(0, 0), p(0, 2), Variant::None);
        rows(&b)
    };
    assert_eq!(b2, [".BAG", "CDEH", ".JKL", "FMNP"]);
    assert!(s.is_empty());
}

/// Removes the two A of column 0 (rows 0 and 2) under `variant`.
fn slide_column(variant: Variant) -> (Vec<String>, Vec<(Pos, Pos)>) {
    let mut b = grid(&["ABAG", "CDEH", "AJKL", "FMNP"]);
    let slides = b.remove(p(0, 0), p(0, 2), variant);
    (rows(&b), slides)
}

#[test]
fn variant_down_closes_each_column_downwards() {
    let (b, s) = slide_column(Variant::Down);
    assert_eq!(b, [".BAG", ".DEH", "CJKL", "FMNP"]);
    assert_eq!(s, vec![(p(0, 1), p(0, 2))]);
}

#[test]
fn variant_up_closes_each_column_upwards() {
    let (b, s) = slide_column(Variant::Up);
    assert_eq!(b, ["CBAG", "FDEH", ".JKL", ".MNP"]);
    assert_eq!(s, vec![(p(0, 1), p(0, 0)), (p(0, 3), p(0, 1))]);
}

#[test]
fn variant_left_closes_each_row_leftwards() {
    let (b, s) = slide(Variant::Left);
    assert_eq!(b, ["BG..", "CDEH", "AJKL", "FMNP"]);
    assert_eq!(s, vec![(p(1, 0), p(0, 0)), (p(3, 0), p(1, 0))]);
}

#[test]
fn variant_right_closes_each_row_rightwards() {
    let (b, s) = slide(Variant::Right);
    assert_eq!(b, ["..BG", "CDEH", "AJKL", "FMNP"]);
    assert_eq!(s, vec![(p(1, 0), p(2, 0))]);
}

#[test]
fn variant_split_vertical_sends_the_halves_apart() {
    let (b, s) = slide_column(Variant::SplitVertical);
    assert_eq!(b, ["CBAG", ".DEH", ".JKL", "FMNP"]);
    assert_eq!(s, vec![(p(0, 1), p(0, 0))]);
    // An odd column: the top half is the shorter (rows 0–1 of 5).
    let mut b = grid(&["A", "B", "C", "A", "D"]);
    b.remove(p(0, 0), p(0, 3), Variant::SplitVertical);
    assert_eq!(rows(&b), ["B", ".", ".", "C", "D"]);
}

#[test]
fn variant_split_horizontal_sends_the_halves_apart() {
    let (b, s) = slide(Variant::SplitHorizontal);
    assert_eq!(b, ["B..G", "CDEH", "AJKL", "FMNP"]);
    assert_eq!(s, vec![(p(1, 0), p(0, 0))]);
}

#[test]
fn variant_gather_vertical_brings_the_halves_together() {
    let (b, s) = slide_column(Variant::GatherVertical);
    assert_eq!(b, [".BAG", "CDEH", "FJKL", ".MNP"]);
    assert_eq!(s, vec![(p(0, 3), p(0, 2))]);
}

#[test]
fn variant_gather_horizontal_brings_the_halves_together() {
    let (b, s) = slide(Variant::GatherHorizontal);
    assert_eq!(b, [".BG.", "CDEH", "AJKL", "FMNP"]);
    assert_eq!(s, vec![(p(3, 0), p(2, 0))]);
}

#[test]
fn only_the_lines_of_the_removed_tiles_slide() {
    // Column 2 has a gap that is not closed: no tile of it was removed.
    let mut b = grid(&["AB.", "CDE", "AFG"]);
    b.remove(p(0, 0), p(0, 2), Variant::Down);
    assert_eq!(rows(&b), [".B.", ".DE", "CFG"]);
}

#[test]
fn variant_names_round_trip_and_unknown_names_are_listed() {
    for v in Variant::ALL {
        assert_eq!(Variant::parse(v.name()), Ok(v));
    }
    let e = Variant::parse("sideways").unwrap_err();
    assert!(e.contains("gather-horizontal"), "{}", e);
}

// ---- the game ----------------------------------------------------------------

#[test]
fn the_game_scores_pairs_and_shuffles_and_offers_a_shuffle_only_when_stuck() {
    let rules = Lianliankan {
        variant: Variant::None,
    };
    let start = Position::start(Board::from_cells(2, 2, grid(&["AA", "BB"]).cells).unwrap());
    assert_eq!(
        rules.moves(&start),
        vec![Move::Pair(p(0, 0), p(1, 0)), Move::Pair(p(0, 1), p(1, 1))]
    );
    let (next, rec) = rules.play(&start, Move::Pair(p(0, 0), p(1, 0))).unwrap();
    assert_eq!(next.score(), 10);
    assert!(matches!(rec, Record::Pair { kind: 1, .. }));
    let again = rules.play(&next, Move::Pair(p(0, 0), p(1, 0)));
    assert_eq!(again.unwrap_err(), PairError::Empty);
    // A B / B A: each kind's tiles sit on a diagonal, four segments apart.
    let stuck = Position::start(Board::from_cells(2, 2, grid(&["AB", "BA"]).cells).unwrap());
    assert!(stuck.board.pairs().is_empty());
    assert!(!stuck.board.has_pair());
    assert_eq!(rules.moves(&stuck), vec![Move::Shuffle]);
    assert!(
        !rules.is_over(&stuck),
        "a stuck board can still be shuffled"
    );
    let (shuffled, rec) = rules.play(&stuck, Move::Shuffle).unwrap();
    assert_eq!(rec, Record::Shuffle);
    assert_eq!(shuffled.score(), -50);
    assert!(shuffled.board.has_pair());
    assert!(matches!(
        solve(&shuffled.board, Variant::None, Settings::nodes(100)).verdict,
        Verdict::Won(_)
    ));
    assert!(rules.is_over(&Position::start(Board::new(2, 2).unwrap())));
}

#[test]
fn a_game_allows_ten_shuffles() {
    let rules = Lianliankan {
        variant: Variant::None,
    };
    let mut pos = Position::start(
        Board::from_cells(4, 4, grid(&["ABCD", "CDAB", "ABCD", "CDAB"]).cells).unwrap(),
    );
    for i in 0..MAX_SHUFFLES {
        let (next, rec) = rules.play(&pos, Move::Shuffle).unwrap();
        assert_eq!(rec, Record::Shuffle);
        assert_eq!(next.shuffles, i + 1);
        pos = next;
    }
    assert_eq!(pos.score(), -500);
    // A cleared board has nothing to shuffle, and says so (not "no winnable arrangement").
    let (cleared, _) = rules
        .play(
            &Position::start(Board::from_cells(2, 1, grid(&["AA"]).cells).unwrap()),
            Move::Pair(Pos::new(0, 0), Pos::new(1, 0)),
        )
        .unwrap();
    let e = rules.play(&cleared, Move::Shuffle).unwrap_err();
    assert_eq!(e, PairError::NothingToShuffle);
    assert_eq!(e.to_string(), "no tile is left to shuffle");
    let e = rules.play(&pos, Move::Shuffle).unwrap_err();
    assert_eq!(e, PairError::NoShufflesLeft);
    assert_eq!(e.to_string(), "no shuffle is left: a game allows 10");
    // Stuck with no shuffle left: no move at all (the game is lost).
    let stuck = Position {
        shuffles: MAX_SHUFFLES,
        ..Position::start(Board::from_cells(2, 2, grid(&["AB", "BA"]).cells).unwrap())
    };
    assert!(rules.moves(&stuck).is_empty());
    assert!(rules.is_over(&stuck), "stuck with no shuffle left: lost");
    assert_eq!(
        rules.moves(&Position {
            shuffles: MAX_SHUFFLES - 1,
            ..stuck.clone()
        }),
        vec![Move::Shuffle]
    );
    // Links hold at most ten shuffles: opening one replays each.
    let ten = format!(
        "game=lianliankan&w=4&h=4&kinds=4&seed=3&moves={}",
        ["s"; 10].join(",")
    );
    assert_eq!(Link::parse(&ten, None).unwrap().moves.len(), 10);
    let eleven = format!("{},s", ten);
    let e = Link::parse(&eleven, None).unwrap_err();
    assert!(e.contains("more than 10 shuffles"), "{e}");
}

#[test]
fn a_shuffle_keeps_the_tiles_is_winnable_and_is_the_same_for_the_same_position() {
    let b = Board::from_cells(4, 4, grid(&["ABCD", "CDAB", "ABCD", "CDAB"]).cells).unwrap();
    for v in Variant::ALL {
        let next = shuffle(&b, v, 0).expect("a winnable arrangement");
        let mut before = b.cells().to_vec();
        let mut after = next.cells().to_vec();
        before.sort();
        after.sort();
        assert_eq!(before, after, "a shuffle keeps the tiles");
        assert!(matches!(
            solve(&next, v, Settings::nodes(100_000)).verdict,
            Verdict::Won(_)
        ));
        assert_eq!(shuffle(&b, v, 0), Some(next.clone()), "deterministic");
    }
    assert_ne!(shuffle(&b, Variant::None, 0), shuffle(&b, Variant::None, 1));
    assert_eq!(shuffle(&Board::new(2, 2).unwrap(), Variant::None, 0), None);
}

// ---- the solver ----------------------------------------------------------------

/// A w × h board with every cell a tile (but one when w · h is odd),
/// `kinds` kinds in pairs, shuffled by `seed` (every line packed, as in
/// play, when w · h is even).
fn full_board(w: usize, h: usize, kinds: usize, seed: u64) -> Board {
    let mut tiles: Vec<u8> = (0..w * h / 2)
        .flat_map(|i| {
            let k = (i % kinds) as u8 + 1;
            [k, k]
        })
        .collect();
    tiles.resize(w * h, 0);
    let mut rng = crate::rng::Rng::new(seed);
    for i in (1..tiles.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        tiles.swap(i, j);
    }
    Board::from_cells(w, h, tiles).unwrap()
}

/// Exhaustive search with the reference join (no memo, no pruning).
fn brute(b: &Board, variant: Variant) -> bool {
    if b.is_empty() {
        return true;
    }
    let tiles: Vec<Pos> = b.occupied().collect();
    for (i, &a) in tiles.iter().enumerate() {
        for &c in &tiles[i + 1..] {
            if b.get(a) == b.get(c) && reference_segments(b, a, c).is_some_and(|s| s <= 3) {
                let mut next = b.clone();
                next.remove(a, c, variant);
                if brute(&next, variant) {
                    return true;
                }
            }
        }
    }
    false
}

fn small_board() -> impl Strategy<Value = (Board, usize)> {
    (2usize..=4, 2usize..=4, 1usize..=3, 0usize..=9, any::<u64>()).prop_map(
        |(w, h, kinds, variant, seed)| {
            let cells = w * h;
            let pairs = (cells / 2).min(4);
            let mut tiles: Vec<u8> = (0..pairs)
                .flat_map(|i| {
                    let k = (i % kinds) as u8 + 1;
                    [k, k]
                })
                .collect();
            tiles.resize(cells, 0);
            let mut rng = crate::rng::Rng::new(seed);
            for i in (1..tiles.len()).rev() {
                let j = rng.below(i as u64 + 1) as usize;
                tiles.swap(i, j);
            }
            (Board::from_cells(w, h, tiles).unwrap(), variant % 9)
        },
    )
}

fn random_board_strategy() -> impl Strategy<Value = Board> {
    (1usize..=12, 1usize..=10, 0u32..=100, any::<u64>()).prop_map(|(w, h, fill, seed)| {
        let mut rng = crate::rng::Rng::new(seed);
        let cells = (0..w * h)
            .map(|_| {
                if rng.below(100) < u64::from(fill) {
                    rng.below(3) as u8 + 1
                } else {
                    0
                }
            })
            .collect();
        Board { w, h, cells }
    })
}

/// A verdict on a small board is the exhaustive search's, and a winning
/// order wins.
fn agrees_with_brute(b: &Board, variant: Variant, verdict: Verdict) -> Result<(), TestCaseError> {
    let truth = brute(b, variant);
    match verdict {
        Verdict::Won(order) => {
            prop_assert!(truth);
            prop_assert!(wins(b, variant, &order));
        }
        Verdict::Lost => prop_assert!(!truth, "{}", b.to_text()),
        Verdict::Unknown => prop_assert!(false, "small boards are decided"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Joinable exactly when the reference finds ≤ 3 segments; the path
    /// has that many segments, runs straight through empty cells or the
    /// ring, and joins the two tiles.
    #[test]
    fn paths_are_fewest_segment_and_clear(b in random_board_strategy(), i in any::<usize>(), j in any::<usize>()) {
        let tiles: Vec<Pos> = b.occupied().collect();
        prop_assume!(tiles.len() >= 2);
        let (a, c) = (tiles[i % tiles.len()], tiles[j % tiles.len()]);
        prop_assume!(a != c);
        let reference = reference_segments(&b, a, c);
        let found = Occupancy::of(&b).path(a, c);
        prop_assert_eq!(Occupancy::of(&b).joinable(a, c), found.is_some());
        match found {
            None => prop_assert!(reference.is_none_or(|s| s > 3), "missed {:?}", reference),
            Some(corners) => {
                prop_assert_eq!(Some(corners.len() as u32 - 1), reference);
                prop_assert_eq!(corners[0], a);
                prop_assert_eq!(*corners.last().unwrap(), c);
                for seg in corners.windows(2) {
                    let (s, e) = (seg[0], seg[1]);
                    prop_assert!(s.x == e.x || s.y == e.y, "not straight: {:?}", corners);
                    prop_assert!(s != e);
                    let (dx, dy) = ((e.x - s.x).signum(), (e.y - s.y).signum());
                    let mut q = s;
                    loop {
                        q = Pos::new(q.x + dx, q.y + dy);
                        if q == e { break; }
                        prop_assert!(q.x >= -1 && q.y >= -1 && q.x <= b.w as i32 && q.y <= b.h as i32);
                        prop_assert_eq!(b.get(q), 0, "through a tile: {:?}", corners);
                    }
                }
            }
        }
    }

    /// The solver's verdict on small boards is the exhaustive search's, and
    /// its winning orders win.
    #[test]
    fn the_solver_agrees_with_exhaustive_search((b, v) in small_board()) {
        let variant = Variant::ALL[v];
        let out = solve(&b, variant, Settings::nodes(1_000_000));
        agrees_with_brute(&b, variant, out.verdict)?;
    }

    /// Two or three searches sharing their proofs of lost positions answer
    /// as the exhaustive search does, and their winning orders win.
    #[test]
    fn searches_on_threads_agree_with_exhaustive_search((b, v) in small_board(), threads in 2usize..=3) {
        let variant = Variant::ALL[v];
        let out = solve_threads(&b, variant, Settings::nodes(1_000_000), threads);
        agrees_with_brute(&b, variant, out.verdict)?;
    }

    /// The same on full boards of up to 10 tiles in two or three kinds (as
    /// in play: every line packed, kinds of four tiles), where the solver's
    /// safe removals under sliding variants come into play.
    #[test]
    fn the_solver_agrees_with_exhaustive_search_on_full_boards(
        size in 0usize..7, kinds in 2u8..=3, v in 0usize..9, seed in any::<u64>(),
    ) {
        let (w, h) = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (2, 5), (5, 2)][size];
        let mut tiles: Vec<u8> = (0..w * h / 2).flat_map(|i| {
            let k = (i % kinds as usize) as u8 + 1;
            [k, k]
        }).collect();
        let mut rng = crate::rng::Rng::new(seed);
        for i in (1..tiles.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            tiles.swap(i, j);
        }
        let b = Board::from_cells(w, h, tiles).unwrap();
        let variant = Variant::ALL[v];
        let out = solve(&b, variant, Settings::nodes(1_000_000));
        let truth = brute(&b, variant);
        match out.verdict {
            Verdict::Won(order) => {
                prop_assert!(truth);
                prop_assert!(wins(&b, variant, &order));
            }
            Verdict::Lost => prop_assert!(!truth, "{}", b.to_text()),
            Verdict::Unknown => prop_assert!(false, "small boards are decided"),
        }
    }

    /// With sleep sets (the time-budgeted search's), the verdict on small
    /// boards is still the exhaustive search's.
    #[test]
    fn sleep_sets_agree_with_exhaustive_search((b, v) in small_board(), full in any::<bool>(), seed in any::<u64>()) {
        let variant = Variant::ALL[v];
        // Full boards too: every line packed, where sliding variants prune.
        let b = if full { full_board(b.width(), b.height(), 3, seed) } else { b };
        let out = solve(&b, variant, Settings { sleep: true, learn: true, ..Settings::nodes(1_000_000) });
        agrees_with_brute(&b, variant, out.verdict)?;
    }

    /// A search resumed in slices of a few positions (the page's verdict
    /// searching on) answers as the exhaustive search does, and keeps its
    /// answer.
    #[test]
    fn a_session_in_slices_agrees_with_exhaustive_search(
        (b, v) in small_board(), full in any::<bool>(), seed in any::<u64>(), slice in 1u64..40,
    ) {
        let variant = Variant::ALL[v];
        let b = if full { full_board(b.width(), b.height(), 3, seed) } else { b };
        let mut session = Session::new(&b, variant, Settings { sleep: true, learn: true, ..Settings::nodes(1_000_000) });
        let mut calls = 0;
        let verdict = loop {
            let v = session.advance(Budget::nodes(slice));
            calls += 1;
            if v != Verdict::Unknown || calls > 100_000 { break v; }
        };
        prop_assert_eq!(&session.advance(Budget::nodes(slice)), &verdict);
        agrees_with_brute(&b, variant, verdict)?;
    }

    /// On larger full boards (too many orders for the exhaustive search)
    /// the search with sleep sets answers as the one without, both exact.
    #[test]
    fn sleep_sets_agree_with_the_plain_search(
        size in 0usize..6, kinds in 2usize..=6, v in 0usize..9, seed in any::<u64>(), holes in 0usize..5,
    ) {
        let (w, h) = [(4, 3), (3, 4), (4, 4), (6, 2), (5, 4), (6, 3)][size];
        let mut b = full_board(w, h, kinds, seed);
        // Some boards with gaps (as a link may give), where lines are not
        // packed and the search must not prune.
        let mut rng = crate::rng::Rng::new(seed ^ 0x5EED);
        for _ in 0..holes {
            let k = b.cells[rng.below(b.cells.len() as u64) as usize];
            let mut of_k: Vec<usize> = (0..b.cells.len()).filter(|&i| k != 0 && b.cells[i] == k).collect();
            for _ in 0..of_k.len().min(2) {
                let i = of_k.swap_remove(rng.below(of_k.len() as u64) as usize);
                b.cells[i] = 0;
            }
        }
        let variant = Variant::ALL[v];
        let plain = solve(&b, variant, Settings::nodes(5_000_000)).verdict;
        let pruned = solve(&b, variant, Settings { sleep: true, ..Settings::nodes(5_000_000) }).verdict;
        prop_assert_ne!(&plain, &Verdict::Unknown);
        match pruned {
            Verdict::Won(order) => {
                prop_assert!(matches!(plain, Verdict::Won(_)), "{}", b.to_text());
                prop_assert!(wins(&b, variant, &order));
            }
            Verdict::Lost => prop_assert_eq!(plain, Verdict::Lost, "{}", b.to_text()),
            Verdict::Unknown => prop_assert!(false, "decided without sleep sets, so with them"),
        }
    }

    /// Every deal is won by its stored order under its variant.
    #[test]
    fn every_deal_is_won_by_its_order(w in 2usize..=10, h in 2usize..=8, k in 1usize..=20, v in 0usize..9, seed in any::<u64>()) {
        let spec = Spec { w, h: if w * h % 2 == 1 { h + 1 } else { h }, kinds: k.min(w * h / 2).max(1), variant: Variant::ALL[v] };
        let d = deal(spec, seed).unwrap();
        prop_assert!(wins(&d.board, spec.variant, &d.order));
        prop_assert_eq!(d.board.tiles(), spec.w * spec.h);
        prop_assert_eq!(deal(spec, seed).unwrap(), d, "a seed names one deal");
    }

    /// A shuffle keeps the tiles (as a multiset) on the cells they held.
    #[test]
    fn shuffles_keep_the_tiles_on_their_cells((b, v) in small_board(), count in 0u32..5) {
        let found = shuffle(&b, Variant::ALL[v], count);
        prop_assert_eq!(found.is_none(), b.is_empty(), "a shuffle of {} ({})", b.to_text(), Variant::ALL[v]);
        if let Some(s) = found {
            prop_assert!(matches!(solve(&s, Variant::ALL[v], Settings::nodes(100_000)).verdict, Verdict::Won(_)));
            let mut x = b.cells().to_vec();
            let mut y = s.cells().to_vec();
            for (i, (&k1, &k2)) in x.iter().zip(&y).enumerate() {
                prop_assert_eq!(k1 == 0, k2 == 0, "cell {} changed occupancy", i);
            }
            x.sort();
            y.sort();
            prop_assert_eq!(x, y);
        }
    }
}

proptest! {
    /// Nothing sliding, a board with a kind of more than eight tiles is
    /// shuffled at once (made forwards, no search): the order it keeps
    /// wins — on boards with holes anywhere.
    #[test]
    fn big_kinds_shuffle_forwards_into_a_winnable_board(w in 2usize..=14, h in 2usize..=10, k in 1usize..=3, seed in any::<u64>(), holes in proptest::collection::vec(any::<u16>(), 0..30)) {
        let h = if w * h % 2 == 1 { h + 1 } else { h };
        let mut cells = random_board(Spec { w, h, kinds: k.min(w * h / 2), variant: Variant::None }, seed).unwrap().cells().to_vec();
        // Holes: a tile and another of its kind taken away.
        for x in holes {
            let i = usize::from(x) % cells.len();
            let kind = cells[i];
            if kind == 0 { continue; }
            if let Some(j) = (0..cells.len()).find(|&j| j != i && cells[j] == kind) {
                cells[i] = 0;
                cells[j] = 0;
            }
        }
        let b = Board::from_cells(w, h, cells).unwrap();
        prop_assume!(b.kind_counts()[1..].iter().any(|&n| n > 8));
        let d = shuffled(&b, Variant::None, 0).unwrap_or_else(|| panic!("no shuffle of {}", b.to_text()));
        prop_assert_eq!(shuffled(&b, Variant::None, 0), Some(d.clone()), "the same board and count, the same shuffle");
        prop_assert!(wins(&d.board, Variant::None, &d.order), "{}", d.board.to_text());
        let s = d.board;
        let mut x = b.cells().to_vec();
        let mut y = s.cells().to_vec();
        x.sort();
        y.sort();
        prop_assert_eq!(x, y);
    }
}

#[test]
fn classic_deals_in_every_variant_are_won_by_their_order() {
    for v in Variant::ALL {
        for seed in 1..=3 {
            let spec = Spec {
                w: 16,
                h: 9,
                kinds: 36,
                variant: v,
            };
            let d = deal(spec, seed).unwrap();
            assert!(wins(&d.board, v, &d.order), "{} seed {}", v, seed);
            assert_eq!(d.order.len(), 72);
        }
    }
    // Small (8 × 6) and Large (24 × 12) too.
    for (w, h) in [(8, 6), (24, 12)] {
        for v in Variant::ALL {
            for seed in 1..=3 {
                let spec = Spec {
                    w,
                    h,
                    kinds: 36.min(w * h / 4),
                    variant: v,
                };
                let d = deal(spec, seed).unwrap();
                assert!(
                    wins(&d.board, v, &d.order),
                    "{}×{} {} seed {}",
                    w,
                    h,
                    v,
                    seed
                );
            }
        }
    }
}

#[test]
fn the_solver_proves_a_loss_and_answers_unknown_when_out_of_budget() {
    // A B / B A is stuck at once; A B B A / B A A B / A B B A is lost
    // although pairs join at first (the exhaustive search agrees).
    let stuck = Board::from_cells(2, 2, grid(&["AB", "BA"]).cells).unwrap();
    assert_eq!(
        solve(&stuck, Variant::None, Settings::nodes(100)).verdict,
        Verdict::Lost
    );
    for (rows, variant) in [
        (["ABBA", "BAAB", "ABBA"], Variant::None),
        (["ABBA", "BAAB", "ABBA"], Variant::Down),
    ] {
        let b = Board::from_cells(4, 3, grid(&rows).cells).unwrap();
        let truth = brute(&b, variant);
        let out = solve(&b, variant, Settings::nodes(1_000_000));
        assert_eq!(matches!(out.verdict, Verdict::Won(_)), truth);
        assert_ne!(out.verdict, Verdict::Unknown);
    }
    // Out of budget: one node is not enough for a classic deal.
    let big = random_board(
        Spec {
            w: 16,
            h: 9,
            kinds: 36,
            variant: Variant::Down,
        },
        3,
    )
    .unwrap();
    assert_eq!(
        solve(&big, Variant::Down, Settings::nodes(1)).verdict,
        Verdict::Unknown
    );
}

// ---- links -----------------------------------------------------------------

#[test]
fn links_round_trip() {
    let l = Link::parse(
        "game=lianliankan&w=8&h=6&kinds=12&variant=down&seed=5",
        None,
    )
    .unwrap();
    assert_eq!(
        l.to_string(),
        "game=lianliankan&w=8&h=6&kinds=12&variant=down&seed=5"
    );
    let fresh = Link::parse("#game=lianliankan", Some(77)).unwrap();
    assert_eq!(
        fresh.to_string(),
        "game=lianliankan&w=16&h=9&kinds=36&variant=none&seed=77"
    );
    // A size alone: Classic's 36 kinds, or one per pair of a smaller board.
    for (size, kinds) in [
        ("w=2&h=1", 1),
        ("w=8&h=6", 24),
        ("w=8&h=9", 36),
        ("w=4", 18),
    ] {
        let l = Link::parse(&format!("game=lianliankan&{size}&seed=3"), None).unwrap();
        assert!(
            l.to_string().contains(&format!("&kinds={kinds}&")),
            "{size}: {l}"
        );
    }
    // Given, the kinds are checked as ever.
    assert!(Link::parse("game=lianliankan&w=2&h=1&kinds=36", None).is_err());
    let b = Link::parse(
        "game=lianliankan&variant=up&board=AB../..BA&moves=0.0.3.1,s",
        None,
    )
    .unwrap();
    assert_eq!(
        b.to_string(),
        "game=lianliankan&variant=up&board=AB../..BA&moves=0.0.3.1,s"
    );
    assert!(matches!(b.start, Start::Board(_, Variant::Up)));
    assert_eq!(b.moves, vec![Move::Pair(p(0, 0), p(3, 1)), Move::Shuffle]);
}

#[test]
fn malformed_links_say_what_is_wrong() {
    for (text, what) in [
        ("game=lianliankan&w=0", "1 to 32 wide"),
        // Not digits: said so, with no range that is not the width's.
        (
            "game=lianliankan&w=\u{e9}",
            "w: '\u{e9}' is not a whole number (digits 0–9 only)",
        ),
        ("game=lianliankan&board=../..", "no tile on it"),
        (
            "game=lianliankan&seed=9007199254740992",
            "is more than 9007199254740991, the largest number a link holds",
        ),
        ("game=lianliankan&w=33&h=2", "1 to 32 wide"),
        ("game=lianliankan&w=3&h=3", "odd number of cells"),
        ("game=lianliankan&w=4&h=2&kinds=5", "1 to 4 kinds"),
        ("game=lianliankan&kinds=0", "kinds, not 0"),
        // The numbers as written, never narrowed or capped first.
        (
            "game=lianliankan&w=4294967304&h=6",
            "1 to 32 wide and high, not 4294967304 × 6",
        ),
        (
            "game=lianliankan&w=8&h=1048577",
            "1 to 32 wide and high, not 8 × 1048577",
        ),
        (
            "game=lianliankan&w=8&h=6&kinds=4294967308",
            "takes 1 to 24 kinds, not 4294967308",
        ),
        ("game=lianliankan&variant=diagonal", "unknown variant"),
        (
            "game=lianliankan&board=AB/A",
            "row 2 has 1 cell, row 1 has 2",
        ),
        (
            "game=lianliankan&board=A/AB",
            "row 2 has 2 cells, row 1 has 1",
        ),
        ("game=lianliankan&board=AB/C!", "'!' in row 2"),
        (
            "game=lianliankan&board=AB/CA",
            "kind B occurs 1 time (every kind",
        ),
        ("game=lianliankan&board=AA&seed=3", "not both"),
        ("game=lianliankan&moves=1.2.3", "not x1.y1.x2.y2 or s"),
        ("game=lianliankan&moves=1.2.3.99", "outside any board"),
        ("game=lianliankan&seed=-1", "not a whole number"),
        ("game=lianliankan&seed=1&seed=2", "given twice"),
        ("game=lianliankan&colour=3", "unknown key 'colour'"),
        ("game=lianliankan&w", "not key=value"),
    ] {
        let e = Link::parse(text, None).unwrap_err();
        assert!(e.contains(what), "{:?} → {:?}", text, e);
    }
    let many = format!("game=lianliankan&moves={}", vec!["s"; 3000].join(","));
    assert!(Link::parse(&many, None).unwrap_err().contains("more than"));
}

/// Random Classic boards (16 × 9, 36 kinds) of seeds 1.. under `variants`
/// in turn (`boards` of them), each solved by `first` and by `second`: the
/// two never contradict each other and the second's wins win. Returns how
/// many boards each decided.
fn compare_on_classic(
    variants: &[Variant],
    boards: u64,
    first: impl Fn(&Board, Variant) -> Verdict,
    second: impl Fn(&Board, Variant) -> Verdict,
) -> (usize, usize) {
    use super::deal::{random_board, Spec};
    let (mut one, mut two) = (0, 0);
    for (seed, &variant) in (1..=boards).zip(variants.iter().cycle()) {
        let spec = Spec {
            w: 16,
            h: 9,
            kinds: 36,
            variant,
        };
        let b = random_board(spec, seed).unwrap();
        let (a, z) = (first(&b, variant), second(&b, variant));
        if let Verdict::Won(order) = &z {
            assert!(wins(&b, variant, order), "seed {seed}");
        }
        match (&a, &z) {
            (Verdict::Won(_), Verdict::Lost) | (Verdict::Lost, Verdict::Won(_)) => {
                panic!("seed {seed} under {}: {a:?} against {z:?}", variant.name())
            }
            _ => {}
        }
        one += usize::from(a != Verdict::Unknown);
        two += usize::from(z != Verdict::Unknown);
    }
    (one, two)
}

/// On Classic boards (16 × 9, 36 kinds, random, every variant) two threads
/// with the same budget per thread never contradict one thread, decide
/// about as many boards as it does or more (the first thread searches as
/// one thread does, helped by the second's proofs), and their wins win.
#[test]
fn two_threads_decide_classic_boards_as_one_does() {
    let (decided_one, decided) = compare_on_classic(
        &Variant::ALL,
        12,
        |b, v| solve(b, v, Settings::nodes(20_000)).verdict,
        |b, v| solve_threads(b, v, Settings::nodes(20_000), 2).verdict,
    );
    assert!(
        decided >= 6,
        "two threads decide most of these boards ({decided} of 12)"
    );
    // One board of slack: the threads' interleaving moves where the first
    // thread's restarts fall.
    assert!(
        decided + 1 >= decided_one,
        "two threads decide {decided}, one thread {decided_one}"
    );
}

/// Side-by-side pairs among a deal's winning order, in percent.
fn neighbour_share(d: &super::deal::Deal) -> usize {
    let side_by_side = d
        .order
        .iter()
        .filter(|(a, b)| a.x.abs_diff(b.x) + a.y.abs_diff(b.y) == 1)
        .count();
    100 * side_by_side / d.order.len()
}

/// Nothing sliding, boards with many kinds (most of them one pair: random
/// boards are seldom winnable) or few kinds on a large board are made
/// forwards: won by their order, and not laid as neighbours (they were
/// dominoes, solved at a glance). Classic deals stay drawn at random.
#[test]
fn many_kind_and_large_deals_with_nothing_sliding_are_not_dominoes() {
    for (w, h, kinds) in [
        (16, 9, 48),
        (16, 9, 62),
        (14, 10, 62),
        (24, 12, 62),
        (32, 32, 3),
        (32, 32, 62),
        (16, 9, 36),
    ] {
        let mut shares = Vec::new();
        for seed in 1..=12 {
            let spec = Spec {
                w,
                h,
                kinds,
                variant: Variant::None,
            };
            let d = deal(spec, seed).unwrap();
            assert!(
                wins(&d.board, Variant::None, &d.order),
                "{w} × {h}, {kinds} kinds, seed {seed}"
            );
            assert_eq!(d.board.tiles(), w * h);
            shares.push(neighbour_share(&d));
        }
        let mean = shares.iter().sum::<usize>() / shares.len();
        // Dominoes are 100 %; a random board's pairs are neighbours far less often.
        assert!(
            mean <= 40 && shares.iter().all(|&s| s < 70),
            "{w} × {h}, {kinds} kinds: neighbour pairs {shares:?} %"
        );
    }
}

/// A shuffle of a board with many tiles of a kind is made forwards too:
/// winnable by its order, and not mostly neighbours.
#[test]
fn big_kind_shuffles_are_not_laid_as_neighbours() {
    for seed in 1..=8 {
        let b = random_board(
            Spec {
                w: 16,
                h: 9,
                kinds: 4,
                variant: Variant::None,
            },
            seed,
        )
        .unwrap();
        let d = shuffled(&b, Variant::None, 0).unwrap();
        assert!(wins(&d.board, Variant::None, &d.order));
        assert!(
            neighbour_share(&d) <= 50,
            "seed {seed}: {} % neighbours",
            neighbour_share(&d)
        );
    }
}

/// The learned move order (restarts ordered by what earlier runs found)
/// only reorders the search: on Classic boards under the sliding variants it
/// never contradicts the random order, its wins win, and on these 16 boards
/// (most need restarts, from which it learns) it decides as many as the
/// random order, give or take one.
#[test]
fn the_learned_order_agrees_with_the_random_one() {
    let sliding: Vec<Variant> = Variant::ALL
        .iter()
        .copied()
        .filter(|&v| v != Variant::None)
        .collect();
    let learned = Settings {
        learn: true,
        ..Settings::nodes(20_000)
    };
    let (plain, taught) = compare_on_classic(
        &sliding,
        16,
        |b, v| solve(b, v, Settings::nodes(20_000)).verdict,
        |b, v| solve(b, v, learned).verdict,
    );
    assert!(
        taught + 1 >= plain,
        "the learned order decides {taught} boards of 16, the random one {plain}"
    );
}
