//! The solver's memory bound: beams are never wider than `max_width_for`
//! allows, and a budget larger than one beam of that width runs beams of
//! that width again (it neither widens further nor stops early).

use clearboard::budget::Budget;
use clearboard::samegame::solver::{
    max_width_for, replay, solve, SolveSettings, BEAM_MEMORY, MAX_BEAM_WIDTH,
};
use clearboard::samegame::Board;

#[test]
fn the_widest_beam_shrinks_with_the_board_and_keeps_the_memory_bound() {
    let mut last = usize::MAX;
    for balls in [1, 50, 225, 400, 1000, 4096] {
        let w = max_width_for(balls);
        assert!(
            w.is_power_of_two() && w <= MAX_BEAM_WIDTH,
            "{} balls: {}",
            balls,
            w
        );
        assert!(w <= last, "wider beams for more balls");
        last = w;
        if w > 1 {
            assert!(
                w * (balls * balls / 2).max(64) <= BEAM_MEMORY,
                "{} balls",
                balls
            );
        }
    }
    assert_eq!(max_width_for(225), 8192, "the standard 15 × 15 positions");
    assert_eq!(max_width_for(4096), 32, "a full 64 × 64 board");
}

#[test]
fn at_the_widest_beam_the_budget_is_spent_on_more_beams_of_that_width() {
    let board = Board::random(10, 10, 4, 7).unwrap();
    let settings = SolveSettings {
        budget: Budget::nodes(60_000),
        max_width: 4,
        ..SolveSettings::default()
    };
    let s = solve(&board, &settings, &|_| {});
    assert_eq!(s.width, 4, "no beam wider than the cap");
    assert!(
        s.nodes >= 59_000,
        "the budget was spent: {} positions",
        s.nodes
    );
    assert_eq!(replay(&board, &s.moves), Ok((s.score, s.cleared)));
}

#[test]
fn without_a_budget_the_search_ends_at_the_widest_beam() {
    let board = Board::random(8, 8, 3, 2).unwrap();
    let settings = SolveSettings {
        budget: Budget::UNLIMITED,
        max_width: 8,
        ..SolveSettings::default()
    };
    let s = solve(&board, &settings, &|_| {});
    assert!(s.width <= 8);
    assert_eq!(replay(&board, &s.moves), Ok((s.score, s.cleared)));
}
