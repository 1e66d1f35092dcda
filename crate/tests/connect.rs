//! The path-connect engine against hand-made boards and a slow brute force.

use clearboard::connect::{Board, Path, PathFinder, Pos};
use proptest::prelude::*;
use std::collections::VecDeque;

/// Board from rows, top first: `X` (or a letter) is a tile, `.` or space empty.
fn board(rows: &[&str]) -> Board {
    let w = rows.iter().map(|r| r.len()).max().unwrap();
    let mut b = Board::new(w, rows.len()).unwrap();
    for (y, r) in rows.iter().enumerate() {
        for (x, c) in r.chars().enumerate() {
            let kind = match c {
                '.' | ' ' => 0,
                'X' => 1,
                c => c as u8 - b'a' + 2,
            };
            b.set(Pos::new(x as i32, y as i32), kind);
        }
    }
    b
}

/// The fewest segments by a 0-1 breadth-first search over (cell, heading)
/// on the board with its ring: a step straight on costs 0, a turn 1.
fn brute(b: &Board, a: Pos, t: Pos) -> Option<u32> {
    let (w, h) = (b.width() as i32, b.height() as i32);
    let open = |p: Pos| p.x >= -1 && p.y >= -1 && p.x <= w && p.y <= h && p != a && b.get(p) == 0;
    let dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let idx = |p: Pos, d: usize| (((p.y + 1) * (w + 2) + p.x + 1) as usize) * 4 + d;
    let mut dist = vec![u32::MAX; ((w + 2) * (h + 2) * 4) as usize];
    let mut q = VecDeque::new();
    let mut best = None::<u32>;
    for (d, &(dx, dy)) in dirs.iter().enumerate() {
        let n = Pos::new(a.x + dx, a.y + dy);
        if n == t {
            return Some(1);
        }
        if open(n) && n != t {
            dist[idx(n, d)] = 1;
            q.push_back((n, d, 1));
        }
    }
    while let Some((p, d, k)) = q.pop_front() {
        if dist[idx(p, d)] < k {
            continue;
        }
        for (nd, &(dx, dy)) in dirs.iter().enumerate() {
            let nk = k + u32::from(nd != d);
            let n = Pos::new(p.x + dx, p.y + dy);
            if n == t {
                best = Some(best.map_or(nk, |b| b.min(nk)));
                continue;
            }
            if open(n) && nk < dist[idx(n, nd)] {
                dist[idx(n, nd)] = nk;
                if nk == k {
                    q.push_front((n, nd, nk));
                } else {
                    q.push_back((n, nd, nk));
                }
            }
        }
    }
    best
}

/// A path is valid: it starts at a and ends at t, each segment is straight,
/// consecutive segments turn, and every cell strictly between the ends is
/// open (on the board's ring or empty).
fn assert_valid(b: &Board, a: Pos, t: Pos, p: &Path) {
    let c = &p.corners;
    assert_eq!(c.first(), Some(&a));
    assert_eq!(c.last(), Some(&t));
    assert_eq!(c.len() as u32, p.segments + 1);
    let (w, h) = (b.width() as i32, b.height() as i32);
    for s in c.windows(2) {
        let (u, v) = (s[0], s[1]);
        assert!(
            u.x == v.x || u.y == v.y,
            "segment {:?}→{:?} is straight",
            u,
            v
        );
        assert!(u != v);
        let (dx, dy) = ((v.x - u.x).signum(), (v.y - u.y).signum());
        let mut q = Pos::new(u.x + dx, u.y + dy);
        while q != v {
            assert!(
                q.x >= -1 && q.y >= -1 && q.x <= w && q.y <= h,
                "{:?} within the ring",
                q
            );
            assert!(q != a && q != t && b.get(q) == 0, "{:?} is open", q);
            q = Pos::new(q.x + dx, q.y + dy);
        }
        if u != a {
            assert!(b.get(u) == 0, "turn {:?} is open", u);
        }
    }
    for s in c.windows(3) {
        let straight =
            (s[0].x == s[1].x && s[1].x == s[2].x) || (s[0].y == s[1].y && s[1].y == s[2].y);
        assert!(!straight, "corners {:?} turn", s);
    }
}

const SAMPLE: [&str; 4] = ["XXXXX", "X   X", "XXX X", " XXX "];

#[test]
fn the_seed_sample_gives_4_3_0() {
    let b = board(&SAMPLE);
    let mut f = PathFinder::new(&b);
    assert_eq!(f.segments(Pos::new(1, 2), Pos::new(4, 2)), Some(4));
    assert_eq!(f.segments(Pos::new(0, 2), Pos::new(3, 3)), Some(3));
    assert_eq!(f.segments(Pos::new(1, 2), Pos::new(2, 3)), None);
}

#[test]
fn a_path_may_only_exist_through_the_outer_ring() {
    let b = board(&["XXX", "XXX", "XXX"]);
    let mut f = PathFinder::new(&b);
    let p = f.path(Pos::new(0, 0), Pos::new(2, 0)).unwrap();
    assert_eq!(p.segments, 3);
    assert_eq!(
        p.corners,
        vec![
            Pos::new(0, 0),
            Pos::new(0, -1),
            Pos::new(2, -1),
            Pos::new(2, 0)
        ]
    );
    assert_eq!(
        f.segments(Pos::new(1, 1), Pos::new(0, 0)),
        None,
        "the middle tile is walled in"
    );
    assert_eq!(
        f.segments(Pos::new(0, 0), Pos::new(2, 2)),
        Some(4),
        "around two corners of the ring"
    );
    assert_eq!(brute(&b, Pos::new(0, 0), Pos::new(2, 2)), Some(4));
}

/// Column 3 (x = 2) is first reached vertically at layer 2; the horizontal
/// ray of layer 2 along row 3 must still pass through it to reach B. An
/// engine that marks cells visited whatever the axis answers 3.
#[test]
fn a_cell_reached_on_one_axis_still_passes_a_ray_on_the_other() {
    let b = board(
        &["A..X.", ".X.X.", "...B.", "XXXXX"]
            .map(|r| r.replace(['A', 'B'], "X"))
            .each_ref()
            .map(|s| s.as_str()),
    );
    let mut f = PathFinder::new(&b);
    assert_eq!(f.segments(Pos::new(0, 0), Pos::new(3, 2)), Some(2));
    assert_eq!(brute(&b, Pos::new(0, 0), Pos::new(3, 2)), Some(2));
}

#[test]
fn an_impossible_query_leaves_the_board_unchanged_for_the_next() {
    let b = board(&SAMPLE);
    let mut f = PathFinder::new(&b);
    let cells: Vec<Pos> = (0..4)
        .flat_map(|y| (0..5).map(move |x| Pos::new(x, y)))
        .collect();
    // (2,3)-(3,4) is impossible; then every query beside those tiles.
    assert_eq!(f.segments(Pos::new(1, 2), Pos::new(2, 3)), None);
    for &a in &cells {
        for &t in &cells {
            if a != t {
                assert_eq!(f.segments(a, t), brute(&b, a, t), "{:?}→{:?}", a, t);
            }
        }
    }
}

#[test]
fn one_by_one_and_one_row_boards() {
    let b = board(&["X"]);
    let mut f = PathFinder::new(&b);
    assert!(std::panic::catch_unwind(move || f.segments(Pos::new(0, 0), Pos::new(0, 0))).is_err());
    let b = board(&["XX.X"]);
    let mut f = PathFinder::new(&b);
    assert_eq!(
        f.segments(Pos::new(0, 0), Pos::new(1, 0)),
        Some(1),
        "neighbours"
    );
    assert_eq!(
        f.segments(Pos::new(1, 0), Pos::new(3, 0)),
        Some(1),
        "a straight line over an empty cell"
    );
    assert_eq!(
        f.segments(Pos::new(0, 0), Pos::new(3, 0)),
        Some(3),
        "over the row, by the ring"
    );
    let col = board(&["X", "X", "X"]);
    let mut f = PathFinder::new(&col);
    assert_eq!(f.segments(Pos::new(0, 0), Pos::new(0, 2)), Some(3));
}

#[test]
fn an_empty_cell_may_be_an_end() {
    let b = board(&["X.X"]);
    let mut f = PathFinder::new(&b);
    assert_eq!(f.segments(Pos::new(1, 0), Pos::new(0, 0)), Some(1));
    assert_eq!(
        f.segments(Pos::new(0, 0), Pos::new(2, 0)),
        Some(1),
        "a straight line through the empty cell"
    );
}

#[test]
fn lianliankan_bounded_query_and_joinable_pairs() {
    // Walled apart: both pairs need 4 segments (round the ring), so neither
    // joins with at most 2 turns.
    let walled = board(&["a.b", "XXX", "b.a"]);
    let mut f = PathFinder::new(&walled);
    for (p, q) in [
        (Pos::new(0, 0), Pos::new(2, 2)),
        (Pos::new(2, 0), Pos::new(0, 2)),
    ] {
        assert_eq!(brute(&walled, p, q), Some(4));
        assert!(!f.joinable(p, q, 2));
    }
    let pairs = f.joinable_pairs(2);
    assert_eq!(pairs, pairs_by_brute(&walled));
    assert!(
        pairs.iter().all(|&(p, _)| walled.get(p) == 1),
        "only the wall's tiles join: {pairs:?}"
    );
    // A gap in the wall: both pairs join with 3 segments (2 turns).
    let open = board(&["a.b", "X.X", "b.a"]);
    let mut f = PathFinder::new(&open);
    let want = [
        (Pos::new(0, 0), Pos::new(2, 2)),
        (Pos::new(2, 0), Pos::new(0, 2)),
    ];
    for (p, q) in want {
        assert_eq!(brute(&open, p, q), Some(3));
        assert!(f.joinable(p, q, 2));
        assert!(!f.joinable(p, q, 1), "not with 1 turn");
    }
    let pairs = f.joinable_pairs(2);
    assert_eq!(pairs, pairs_by_brute(&open));
    for p in want {
        assert!(pairs.contains(&p), "{p:?} in {pairs:?}");
    }
}

/// Every same-kind pair the brute-force search joins with ≤ 3 segments, in
/// reading order.
fn pairs_by_brute(b: &Board) -> Vec<(Pos, Pos)> {
    let tiles: Vec<Pos> = (0..b.height() as i32)
        .flat_map(|y| (0..b.width() as i32).map(move |x| Pos::new(x, y)))
        .filter(|&p| b.get(p) != 0)
        .collect();
    let mut pairs = Vec::new();
    for (i, &p) in tiles.iter().enumerate() {
        for &q in &tiles[i + 1..] {
            if b.get(p) == b.get(q) && brute(b, p, q).is_some_and(|s| s <= 3) {
                pairs.push((p, q));
            }
        }
    }
    pairs
}

#[test]
fn a_2000_by_2000_board_is_handled() {
    let mut b = Board::new(2000, 2000).unwrap();
    for y in 0..2000 {
        if y % 2 == 1 {
            // Walls with a gap alternating at the left and right ends.
            for x in 0..2000 {
                if (y % 4 == 1 && x != 1999) || (y % 4 == 3 && x != 0) {
                    b.set(Pos::new(x, y), 1);
                }
            }
        }
    }
    b.set(Pos::new(0, 0), 1);
    b.set(Pos::new(1999, 1998), 1);
    let mut f = PathFinder::new(&b);
    assert_eq!(
        f.segments(Pos::new(0, 0), Pos::new(1999, 1998)),
        Some(3),
        "up, along the ring, down the right side, in"
    );
    let p = f.path(Pos::new(0, 0), Pos::new(1999, 1998)).unwrap();
    assert_valid(&b, Pos::new(0, 0), Pos::new(1999, 1998), &p);
}

fn arb_board() -> impl Strategy<Value = Board> {
    (1usize..=8, 1usize..=8, 0u32..=100).prop_flat_map(|(w, h, density)| {
        proptest::collection::vec(0u32..100, w * h).prop_map(move |cells| {
            let mut b = Board::new(w, h).unwrap();
            for (i, c) in cells.into_iter().enumerate() {
                if c < density {
                    b.set(Pos::new((i % w) as i32, (i / w) as i32), 1 + (c % 3) as u8);
                }
            }
            b
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn minimum_segments_match_the_brute_force(b in arb_board(), picks in proptest::collection::vec(any::<(u8, u8, u8, u8)>(), 1..12)) {
        let mut f = PathFinder::new(&b);
        let (w, h) = (b.width() as u8, b.height() as u8);
        for (x1, y1, x2, y2) in picks {
            let a = Pos::new((x1 % w) as i32, (y1 % h) as i32);
            let t = Pos::new((x2 % w) as i32, (y2 % h) as i32);
            if a == t { continue; }
            let want = brute(&b, a, t);
            prop_assert_eq!(f.segments(a, t), want);
            match f.path(a, t) {
                Some(p) => { prop_assert_eq!(Some(p.segments), want); assert_valid(&b, a, t, &p); }
                None => prop_assert_eq!(want, None),
            }
            for turns in 0..4 {
                prop_assert_eq!(f.joinable(a, t, turns), want.is_some_and(|k| k <= turns + 1));
            }
        }
    }

    #[test]
    fn joinable_pairs_are_exactly_the_equal_pairs_within_two_turns(b in arb_board()) {
        let mut f = PathFinder::new(&b);
        let pairs = f.joinable_pairs(2);
        let (w, h) = (b.width() as i32, b.height() as i32);
        let tiles: Vec<Pos> = (0..h).flat_map(|y| (0..w).map(move |x| Pos::new(x, y))).filter(|&p| b.get(p) != 0).collect();
        let mut want = Vec::new();
        for (i, &p) in tiles.iter().enumerate() {
            for &q in &tiles[i + 1..] {
                if b.get(p) == b.get(q) && brute(&b, p, q).is_some_and(|k| k <= 3) {
                    want.push((p, q));
                }
            }
        }
        prop_assert_eq!(pairs, want);
    }
}

/// The path query tool reads either format: the one that parses, and when
/// neither does, the error of the one read further.
#[test]
fn parse_either_takes_the_format_that_reads_and_blames_the_one_read_further() {
    use clearboard::connect::judge::{parse_either, parse_mahjong, parse_poj1101, Format};
    let format = |input: &str| {
        parse_either(input)
            .map(|(f, c)| (f, c.len()))
            .map_err(|(f, e)| (f, e.line))
    };
    // One board whose queries end with 0 0 0 0 reads both ways: the last line decides.
    assert_eq!(
        format("3 1\nX X\n1 1 3 1\n0 0 0 0\n"),
        Ok((Format::Mahjong, 1))
    );
    assert_eq!(
        format("3 1\nX X\n1 1 3 1\n0 0 0 0\n0 0\n"),
        Ok((Format::Poj1101, 1))
    );
    assert_eq!(
        format("3 1\nX X\n1 1 3 1\n0 0 0 0\n0 0\n\n  \n"),
        Ok((Format::Poj1101, 1))
    );
    // The final zeros written otherwise ("00 00") read as POJ 1101 only.
    assert_eq!(
        format("3 1\nX X\n1 1 3 1\n0 0 0 0\n00 00\n"),
        Ok((Format::Poj1101, 1))
    );
    // Two boards: POJ 1101 only, with or without the final 0 0.
    assert_eq!(
        format("3 1\nX X\n1 1 3 1\n0 0 0 0\n1 1\nX\n0 0 0 0\n"),
        Ok((Format::Poj1101, 2))
    );
    // Something after the final 0 0: POJ 1101's error (line 6), not mahjong's (line 5).
    assert_eq!(
        format("3 1\nX X\n1 1 3 1\n0 0 0 0\n0 0\n3 1\nXXX\n"),
        Err((Format::Poj1101, 6))
    );
    // A bad query line: both fail on it; the last line is not 0 0, so mahjong's words.
    assert_eq!(format("3 1\nX X\n1 1 9 1\n"), Err((Format::Mahjong, 3)));
    assert_eq!(
        format("3 1\nX X\n1 1 9 1\n0 0 0 0\n0 0\n"),
        Err((Format::Poj1101, 3))
    );
    // Whatever is chosen is what that format's own parser says.
    for input in [
        "",
        "0 0\n",
        "3 1\nX X\n1 1 3 1\n",
        "2 2\nXX\nXX\n1 1 2 2\n0 0 0 0\n0 0\n",
        "x\n",
        "3 1\nX X\n1 1 3 1\n0 0 0 0\n0 0\n0 0\n",
    ] {
        match parse_either(input) {
            Ok((Format::Mahjong, c)) => {
                assert!(c.len() == 1 && parse_mahjong(input).is_ok(), "{input:?}")
            }
            Ok((Format::Poj1101, c)) => {
                assert_eq!(c.len(), parse_poj1101(input).unwrap().len(), "{input:?}")
            }
            Err((Format::Mahjong, e)) => {
                assert_eq!(Some(e), parse_mahjong(input).err(), "{input:?}")
            }
            Err((Format::Poj1101, e)) => {
                assert_eq!(Some(e), parse_poj1101(input).err(), "{input:?}")
            }
        }
    }
}
