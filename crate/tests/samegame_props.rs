//! Same Game properties of the general board, the game and the judge over
//! random boards and random play. Every other representation is checked
//! against the board in samegame_boards.rs.

use clearboard::samegame::{greedy_choice, poj, Board, Flood, Game, Labeller, Rules};
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

}

proptest! {
    #[test]
    fn the_fall_map_agrees_with_removal(board in arb_board(), pick in any::<u16>()) {
        let moves: Vec<_> = board.clusters().into_iter().filter(|c| c.size() >= 2).collect();
        // About one board in nine has no move: those say nothing here.
        prop_assume!(!moves.is_empty());
        if let Some(c) = moves.get(pick as usize % moves.len()) {
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
    #![proptest_config(ProptestConfig::with_cases(400))]

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
