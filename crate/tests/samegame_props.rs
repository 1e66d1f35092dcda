//! Same Game properties over random boards and random play.

use clearboard::samegame::{
    greedy_choice, poj, BitBoard, Board, Cell, Flood, Game, Labeller, PackedBoard, PackedScan,
    Rules, SmallBoard, SMALL_SIDE,
};
use proptest::prelude::*;

fn arb_board() -> impl Strategy<Value = Board> {
    (1usize..=9, 1usize..=9, 2u8..=5).prop_flat_map(|(w, h, k)| {
        proptest::collection::vec(0u8..=k, w * h).prop_map(move |cells| {
            let rows: Vec<Vec<u8>> = cells.chunks(w).map(|r| r.to_vec()).collect();
            Board::from_rows(&rows, k).unwrap()
        })
    })
}

/// No ball floats and no empty column stands left of a non-empty one.
fn settled(b: &Board) -> bool {
    let mut seen_empty_column = false;
    for col in 0..b.width() {
        let column: Vec<u8> = (0..b.height()).map(|r| b.get(col, r)).collect();
        if column.windows(2).any(|w| w[0] == 0 && w[1] != 0) {
            return false;
        }
        if column[0] == 0 {
            seen_empty_column = true;
        } else if seen_empty_column {
            return false;
        }
    }
    true
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_play_keeps_the_board_settled_and_counts_every_ball(
        board in arb_board(),
        picks in proptest::collection::vec(any::<u16>(), 0..60),
    ) {
        let initial = board.balls();
        prop_assert!(settled(&board));
        let mut game = Game::new(board, Rules::default());
        let mut removed = 0;
        for pick in picks {
            let moves: Vec<_> = game.board().clusters().into_iter().filter(|c| c.size() >= 2).collect();
            if moves.is_empty() {
                prop_assert!(game.is_over());
                break;
            }
            let c = &moves[pick as usize % moves.len()];
            let cell = c.cells[pick as usize % c.size()];
            let played = game.play(cell).unwrap();
            prop_assert_eq!(played.size, c.size());
            prop_assert_eq!(played.cell, c.anchor);
            removed += played.size;
            prop_assert!(settled(game.board()));
            prop_assert_eq!(removed + game.board().balls(), initial);
        }
    }

    #[test]
    fn the_greedy_move_is_a_largest_cluster_leftmost_then_bottommost(board in arb_board()) {
        let clusters = board.clusters();
        match greedy_choice(&board, &mut Labeller::default()) {
            None => prop_assert!(clusters.iter().all(|c| c.size() < 2)),
            Some(g) => {
                let largest = clusters.iter().map(|c| c.size()).max().unwrap();
                prop_assert_eq!(g.size, largest);
                let tied: Vec<_> = clusters.iter().filter(|c| c.size() == largest).collect();
                prop_assert_eq!(g.ties, tied.len());
                // The bottommost ball in the leftmost column over all tied clusters.
                let want = tied.iter().flat_map(|c| c.cells.iter()).min().unwrap();
                prop_assert_eq!(g.anchor, *want);
            }
        }
    }

    #[test]
    fn greedy_games_score_the_sum_of_their_moves_plus_the_bonus(board in arb_board()) {
        let mut game = Game::new(board, Rules::default());
        let mut labeller = Labeller::default();
        let mut sum = 0;
        while let Some(g) = greedy_choice(game.board(), &mut labeller) {
            sum += game.play(g.anchor).unwrap().points;
        }
        let bonus = if game.board().balls() == 0 { 1000 } else { 0 };
        prop_assert_eq!(game.score(), sum + bonus);
    }

    #[test]
    fn the_bitboard_plays_greedy_exactly_like_the_board(board in arb_board()) {
        let mut slow = board.clone();
        let mut fast = BitBoard::from_board(&board);
        let (mut labeller, mut flood) = (Labeller::default(), Flood::default());
        loop {
            let want = greedy_choice(&slow, &mut labeller);
            let got = fast.greedy(&mut flood);
            prop_assert_eq!(want.map(|g| (g.anchor, g.size, g.color)), got.map(|g| (g.anchor, g.size, g.color)));
            let Some(g) = want else { break };
            slow.remove(g.anchor).unwrap();
            prop_assert_eq!(fast.remove(g.anchor, &mut flood), g.size);
            for col in 0..slow.width() {
                for row in 0..slow.height() {
                    prop_assert_eq!(fast.get(col, row), slow.get(col, row));
                }
            }
        }
    }

    #[test]
    fn the_bitboard_removes_any_cluster_like_the_board(board in arb_board(), picks in proptest::collection::vec(any::<u16>(), 0..30)) {
        let mut slow = board.clone();
        let mut fast = BitBoard::from_board(&board);
        let mut flood = Flood::default();
        for pick in picks {
            let moves: Vec<_> = slow.clusters().into_iter().filter(|c| c.size() >= 2).collect();
            if moves.is_empty() { break; }
            let c = &moves[pick as usize % moves.len()];
            let cell: Cell = c.cells[pick as usize % c.size()];
            slow.remove(cell).unwrap();
            prop_assert_eq!(fast.remove(cell, &mut flood), c.size());
            prop_assert_eq!(fast.balls(), slow.balls());
            for col in 0..slow.width() {
                for row in 0..slow.height() {
                    prop_assert_eq!(fast.get(col, row), slow.get(col, row));
                }
            }
        }
    }
}

#[test]
fn tall_and_wide_boards_up_to_64_play_alike() {
    for (w, h, k, seed) in [(64, 64, 2, 1), (30, 30, 4, 2), (1, 64, 3, 3), (64, 1, 2, 4)] {
        let board = Board::random(w, h, k, seed).unwrap();
        let mut slow = board.clone();
        let mut fast = BitBoard::from_board(&board);
        let (mut labeller, mut flood) = (Labeller::default(), Flood::default());
        while let Some(g) = greedy_choice(&slow, &mut labeller) {
            let f = fast.greedy(&mut flood).unwrap();
            assert_eq!((f.anchor, f.size), (g.anchor, g.size));
            slow.remove(g.anchor).unwrap();
            fast.remove(g.anchor, &mut flood);
        }
        assert!(fast.greedy(&mut flood).is_none());
        assert_eq!(fast.balls(), slow.balls());
    }
}

proptest! {
    #[test]
    fn the_fall_map_agrees_with_removal(board in arb_board(), pick in any::<u16>()) {
        let moves: Vec<_> = board.clusters().into_iter().filter(|c| c.size() >= 2).collect();
        if let Some(c) = moves.get(pick as usize % moves.len().max(1)) {
            let map = board.fall_map(&c.cells);
            let mut after = board.clone();
            after.remove(c.anchor).unwrap();
            prop_assert_eq!(map.len(), after.balls());
            let targets: std::collections::HashSet<_> = map.iter().map(|m| m.1).collect();
            prop_assert_eq!(targets.len(), map.len());
            for (from, to) in map {
                prop_assert_eq!(after.get(to.col as usize, to.row as usize), board.get(from.col as usize, from.row as usize));
            }
        }
    }
}

proptest! {
    #[test]
    fn the_bitboard_lists_the_clusters_the_board_has(board in arb_board()) {
        let mut got = Vec::new();
        BitBoard::from_board(&board).for_each_cluster(&mut Flood::default(), |c| got.push((c.anchor, c.size, c.color)));
        got.sort();
        let mut want: Vec<_> = board.clusters().into_iter().filter(|c| c.size() >= 2).map(|c| (c.anchor, c.size(), c.color)).collect();
        want.sort();
        prop_assert_eq!(got, want);
    }
}

/// A POJ-sized (15 × 10) board of 1–3 colours; some games start with a few
/// random removals, so boards with short and missing columns occur too.
fn arb_poj_board() -> impl Strategy<Value = Board> {
    (
        1u8..=3,
        proptest::collection::vec(any::<u8>(), 150),
        proptest::collection::vec(any::<u16>(), 0..12),
    )
        .prop_map(|(k, cells, picks)| {
            let rows: Vec<Vec<u8>> = cells
                .chunks(15)
                .map(|r| r.iter().map(|&v| v % k + 1).collect())
                .collect();
            let mut board = Board::from_rows(&rows, 3).unwrap();
            for pick in picks {
                let moves: Vec<_> = board
                    .clusters()
                    .into_iter()
                    .filter(|c| c.size() >= 2)
                    .collect();
                if moves.is_empty() {
                    break;
                }
                let c = &moves[pick as usize % moves.len()];
                board.remove(c.anchor).unwrap();
            }
            board
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_packed_board_plays_greedy_exactly_like_the_board(board in arb_poj_board()) {
        let mut slow = board.clone();
        let mut fast = PackedBoard::from_board(&board).unwrap();
        let mut labeller = Labeller::default();
        let mut scan = PackedScan::default();
        loop {
            let want = greedy_choice(&slow, &mut labeller);
            let got = fast.greedy(&mut scan);
            prop_assert_eq!(want.map(|g| (g.anchor, g.size, g.color)), got.map(|g| (g.anchor, g.size, g.color)));
            let (Some(g), Some(choice)) = (want, got) else { break };
            slow.remove(g.anchor).unwrap();
            fast.remove_choice(&choice, &mut scan);
            prop_assert_eq!(fast.balls(), slow.balls());
            for col in 0..slow.width() {
                for row in 0..slow.height() {
                    prop_assert_eq!(fast.get(col, row), slow.get(col, row));
                }
            }
        }
    }

    /// The judge (packed engine, hints between moves, BMI2 where the
    /// processor has it) prints what the general engine prints.
    #[test]
    fn the_judge_prints_what_the_general_engine_plays(
        cells in proptest::collection::vec(proptest::collection::vec(0u8..3, 150), 1..6),
        colors in 1u8..=3,
    ) {
        let mut input = format!("{}\n", cells.len());
        let mut want = Vec::new();
        let mut flood = Flood::default();
        for (i, game) in cells.iter().enumerate() {
            let rows: Vec<Vec<u8>> = game.chunks(15).map(|r| r.iter().map(|&v| v % colors + 1).collect()).collect();
            input.push('\n');
            for row in &rows {
                input.extend(row.iter().map(|&v| b"RGB"[v as usize - 1] as char));
                input.push('\n');
            }
            if i > 0 {
                want.push(b'\n');
            }
            poj::play_game(i as u64 + 1, &Board::from_rows(&rows, 3).unwrap(), &mut flood, &mut want);
        }
        let got = poj::judge(&input).unwrap();
        prop_assert_eq!(String::from_utf8(got).unwrap(), String::from_utf8(want).unwrap());
    }
}

/// `got` is what a play-out may play on `board` skipping colour index
/// `skip`: a real cluster of two or more, of another colour whenever such a
/// cluster exists; `None` only when no move is left.
fn is_playout_move(
    board: &Board,
    skip: usize,
    got: Option<clearboard::samegame::BitCluster>,
) -> Result<(), TestCaseError> {
    let moves: Vec<_> = board
        .clusters()
        .into_iter()
        .filter(|c| c.size() >= 2)
        .collect();
    let others = moves.iter().any(|c| c.color as usize != skip + 1);
    match got {
        None => prop_assert!(moves.is_empty()),
        Some(c) => {
            let at = board.cluster_at(c.anchor).expect("a ball");
            prop_assert_eq!(at.size(), c.size);
            prop_assert_eq!(at.color, c.color);
            prop_assert!(c.size >= 2);
            prop_assert_eq!(c.color as usize != skip + 1, others);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The solver's play-out move: a real cluster of two or more, of a colour
    /// other than the skipped one whenever such a cluster exists.
    #[test]
    fn random_clusters_are_moves_and_skip_a_colour_while_they_can(
        board in arb_board(),
        skip in 0usize..5,
        seed in any::<u64>(),
    ) {
        let bits = BitBoard::from_board(&board);
        let mut flood = Flood::default();
        let mut rng = seed | 1;
        let got = bits.random_cluster(skip, &mut flood, |n| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % n
        });
        is_playout_move(&board, skip, got)?;
    }
}

/// Draws 30,000 play-out moves with `draw` (given a uniform `below(n)`) on
/// a board with three clusters of the colours not skipped — column 0: a
/// cluster of 8 colour-1 balls; column 2: a pair of colour 2 and a pair of
/// colour 1; colour 3 (skipped) separates them — and checks each cluster is
/// drawn about as often, whatever its size (a draw by ball would give the
/// cluster of 8 two thirds of them).
fn assert_uniform_over_clusters(draw: impl Fn(&Board, &mut dyn FnMut(u64) -> u64) -> (usize, u8)) {
    let rows: Vec<Vec<u8>> = vec![
        vec![1, 3, 3],
        vec![1, 3, 3],
        vec![1, 3, 1],
        vec![1, 3, 1],
        vec![1, 3, 3],
        vec![1, 3, 2],
        vec![1, 3, 2],
        vec![1, 3, 3],
    ];
    let board = Board::from_rows(&rows, 3).unwrap();
    let mut rng = 0x1234_5678_9ABC_DEF1u64;
    let mut below = |n: u64| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng % n
    };
    let mut by_size = std::collections::HashMap::new();
    for _ in 0..30_000 {
        *by_size.entry(draw(&board, &mut below)).or_insert(0) += 1;
    }
    assert_eq!(by_size.len(), 3, "{:?}", by_size);
    for (&k, &n) in &by_size {
        assert!((9_000..11_000).contains(&n), "{:?} drawn {} times", k, n);
    }
}

#[test]
fn random_clusters_are_uniform_over_clusters_not_balls() {
    assert_uniform_over_clusters(|board, below| {
        let c = BitBoard::from_board(board)
            .random_cluster(2, &mut Flood::default(), below)
            .unwrap();
        (c.size, c.color)
    });
}

#[test]
fn small_random_moves_are_uniform_over_clusters_not_balls() {
    assert_uniform_over_clusters(|board, below| {
        let c = SmallBoard::from_board(board)
            .unwrap()
            .random_move(2, below)
            .unwrap();
        (c.size, c.color)
    });
}

/// Boards the solver's SmallBoard holds: up to 16 × 16, sides of 15 and 16
/// (the benchmark's and the largest) weighted up, 2–9 colours.
fn arb_small_board() -> impl Strategy<Value = Board> {
    let side = prop_oneof![1usize..=16, Just(15usize), Just(16usize)];
    (side.clone(), side, 2u8..=9).prop_flat_map(|(w, h, k)| {
        proptest::collection::vec(0u8..=k, w * h).prop_map(move |cells| {
            let rows: Vec<Vec<u8>> = cells.chunks(w).map(|r| r.to_vec()).collect();
            Board::from_rows(&rows, k).unwrap()
        })
    })
}

fn same_cells(small: &SmallBoard, board: &Board) -> Result<(), TestCaseError> {
    prop_assert_eq!(small.balls(), board.balls());
    for col in 0..SMALL_SIDE {
        for row in 0..SMALL_SIDE {
            let want = if col < board.width() && row < board.height() {
                board.get(col, row)
            } else {
                0
            };
            prop_assert_eq!(small.get(col, row), want, "cell ({}, {})", col, row);
        }
    }
    Ok(())
}

fn clusters_of(board: &Board) -> Vec<(Cell, usize, u8)> {
    let mut v: Vec<_> = board
        .clusters()
        .into_iter()
        .filter(|c| c.size() >= 2)
        .map(|c| (c.anchor, c.size(), c.color))
        .collect();
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Removing any cluster (by any of its balls) leaves the same cells, and
    /// the same clusters, as the general board: gravity and closing columns
    /// across the 64-bit words of the 256-bit masks included.
    #[test]
    fn the_small_board_plays_any_game_like_the_board(
        board in arb_small_board(),
        picks in proptest::collection::vec(any::<u16>(), 0..80),
    ) {
        let mut slow = board.clone();
        let mut fast = SmallBoard::from_board(&board).expect("fits");
        same_cells(&fast, &slow)?;
        for pick in picks {
            let mut got = Vec::new();
            fast.for_each_cluster(|c| got.push((c.anchor, c.size, c.color)));
            got.sort();
            prop_assert_eq!(&got, &clusters_of(&slow));
            let moves: Vec<_> = slow.clusters().into_iter().filter(|c| c.size() >= 2).collect();
            if moves.is_empty() { break; }
            let c = &moves[pick as usize % moves.len()];
            let cell: Cell = c.cells[pick as usize % c.size()];
            slow.remove(cell).unwrap();
            prop_assert_eq!(fast.remove(cell), c.size());
            same_cells(&fast, &slow)?;
        }
    }

    /// The play-out move: a real cluster of two or more, of a colour other
    /// than the skipped one whenever such a cluster exists, removed exactly
    /// as the board removes it.
    #[test]
    fn small_random_moves_are_moves_and_skip_a_colour_while_they_can(
        board in arb_small_board(),
        skip in 0usize..9,
        seed in any::<u64>(),
    ) {
        let mut slow = board.clone();
        let mut fast = SmallBoard::from_board(&board).expect("fits");
        let mut rng = seed | 1;
        loop {
            let got = fast.random_move(skip, |n| {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                rng % n
            });
            is_playout_move(&slow, skip, got)?;
            match got {
                None => break,
                Some(c) => {
                    slow.remove(c.anchor).unwrap();
                    same_cells(&fast, &slow)?;
                }
            }
        }
    }
}

#[test]
fn boards_wider_or_taller_than_16_are_not_small() {
    for (w, h) in [(17, 16), (16, 17), (64, 64)] {
        let board = Board::random(w, h, 3, 1).unwrap();
        assert!(SmallBoard::from_board(&board).is_none(), "{}×{}", w, h);
    }
    assert!(SmallBoard::from_board(&Board::random(16, 16, 9, 1).unwrap()).is_some());
}
