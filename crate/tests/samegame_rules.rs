//! Same Game rules, one test per rule or edge case, on hand-made boards.

use clearboard::samegame::{
    greedy_choice, BitBoard, Board, Cell, Flood, Game, Labeller, MoveError, Rules, TieBreak,
};

fn board(rows: &[&str]) -> Board {
    Board::parse(rows, 1).expect("a valid test board")
}

fn letters(b: &Board) -> Vec<String> {
    b.to_letters().lines().map(String::from).collect()
}

#[test]
fn a_cluster_is_four_connected_and_single_coloured() {
    let b = board(&["RGR", "RRG", "GRR"]);
    let c = b.cluster_at(Cell::new(0, 1)).unwrap();
    assert_eq!(c.color, 1);
    assert_eq!(c.size(), 5, "diagonal R at (2,2) is not connected");
    assert_eq!(c.anchor, Cell::new(0, 1));
    assert_eq!(b.cluster_at(Cell::new(2, 2)).unwrap().size(), 1);
}

#[test]
fn a_single_ball_is_not_a_move() {
    let mut b = board(&["RG", "GR"]);
    assert_eq!(b.remove(Cell::new(0, 0)), Err(MoveError::SingleBall));
    assert!(b.is_over());
}

#[test]
fn empty_and_outside_cells_are_not_moves() {
    let mut b = board(&["R.", "RG"]);
    assert_eq!(b.remove(Cell::new(1, 1)), Err(MoveError::EmptyCell));
    assert_eq!(b.remove(Cell::new(5, 0)), Err(MoveError::OutsideBoard));
    assert_eq!(b.remove(Cell::new(0, 9)), Err(MoveError::OutsideBoard));
}

#[test]
fn gravity_keeps_the_order_of_each_column() {
    let mut b = board(&["B", "G", "R", "R", "Y"]);
    let r = b.remove(Cell::new(0, 1)).unwrap();
    assert_eq!((r.color, r.size, r.anchor), (1, 2, Cell::new(0, 1)));
    assert_eq!(letters(&b), [".", ".", "B", "G", "Y"]);
}

#[test]
fn empty_columns_close_to_the_left_keeping_order() {
    let mut b = board(&["GRRB", "YRRC"]);
    b.remove(Cell::new(1, 0)).unwrap();
    assert_eq!(letters(&b), ["GB..", "YC.."]);
    assert_eq!(b.used_width(), 2);
}

#[test]
fn clusters_merge_after_a_fall() {
    // Removing the G pair lets the upper R fall onto the lower Rs.
    let mut b = board(&["RB", "GB", "GR", "RR"]);
    assert_eq!(b.cluster_at(Cell::new(0, 3)).unwrap().size(), 1);
    b.remove(Cell::new(0, 1)).unwrap();
    assert_eq!(b.cluster_at(Cell::new(0, 1)).unwrap().size(), 4);
}

#[test]
fn a_parsed_board_is_settled() {
    let b = board(&["R..", "...", ".G."]);
    assert_eq!(letters(&b), ["...", "...", "RG."]);
}

#[test]
fn the_game_is_over_when_no_cluster_of_two_is_left() {
    assert!(board(&["RGB", "GBR"]).is_over());
    assert!(!board(&["RGB", "GBB"]).is_over());
    assert!(board(&["..", ".."]).is_over());
}

#[test]
fn greedy_takes_the_largest_cluster() {
    let b = board(&["RRG", "BRG", "BBB"]);
    let g = greedy_choice(&b, &mut Labeller::default()).unwrap();
    assert_eq!(
        (g.size, g.color, g.ties, g.decided_by),
        (4, 3, 1, TieBreak::Unique)
    );
    assert_eq!(g.anchor, Cell::new(0, 0));
}

/// Two clusters of 5: G reaches row 1 (the bottom) in column 3, R is higher
/// but reaches column 1. A row-major scan from the bottom meets G first;
/// the leftmost column decides for R.
#[test]
fn greedy_prefers_the_leftmost_column_over_the_first_cluster_a_row_scan_meets() {
    let b = board(&["RGG", "RRG", "RRG", "BBG"]);
    let by_row_scan = b
        .clusters()
        .into_iter()
        .filter(|c| c.size() == 5)
        .min_by_key(|c| c.cells.iter().map(|x| (x.row, x.col)).min().unwrap())
        .unwrap();
    assert_eq!(by_row_scan.color, 2, "the trap: a row scan meets G first");
    let g = greedy_choice(&b, &mut Labeller::default()).unwrap();
    assert_eq!((g.color, g.anchor), (1, Cell::new(0, 1)));
    assert_eq!((g.ties, g.decided_by), (2, TieBreak::LeftmostColumn));
}

/// Two clusters of 8 both reach column 1: G at row 5, R at row 2. G holds
/// the lowest ball of the board (row 1, column 4), so a row scan meets it
/// first; the bottommost ball in the shared leftmost column decides for R.
#[test]
fn greedy_breaks_a_shared_leftmost_column_by_the_bottommost_ball() {
    let b = board(&["BBBB", "GGGG", "RRBG", "RRRG", "RRRG", "BBBG"]);
    let g = greedy_choice(&b, &mut Labeller::default()).unwrap();
    assert_eq!((g.size, g.color, g.anchor), (8, 1, Cell::new(0, 1)));
    assert_eq!((g.ties, g.decided_by), (2, TieBreak::BottommostBall));
    let fast = BitBoard::from_board(&b)
        .greedy(&mut Flood::default())
        .unwrap();
    assert_eq!(
        (fast.size, fast.color, fast.anchor),
        (8, 1, Cell::new(0, 1))
    );
}

#[test]
fn a_move_is_the_cell_and_can_be_undone_and_redone() {
    let start = board(&["RGG", "RRB", "BBB"]);
    let mut game = Game::new(start.clone(), Rules::default());
    let p = game.play(Cell::new(2, 2)).unwrap();
    assert_eq!((p.cell, p.size, p.points), (Cell::new(1, 2), 2, 0));
    let after_one = game.board().clone();
    game.play(Cell::new(0, 0)).unwrap();
    assert!(game.undo());
    assert_eq!(game.board(), &after_one);
    assert!(game.redo());
    assert!(game.undo() && game.undo());
    assert_eq!(game.board(), &start);
    assert!(!game.undo());
    assert!(game.redo() && game.redo());
    assert!(!game.redo());
}

#[test]
fn clearing_the_board_earns_the_bonus() {
    let mut game = Game::new(board(&["RR", "GG"]), Rules::default());
    game.play(Cell::new(0, 0)).unwrap();
    game.play(Cell::new(0, 0)).unwrap();
    assert!(game.is_over());
    assert_eq!(game.score(), 1000);
    let mut no_bonus = Game::new(
        board(&["RR", "GG"]),
        Rules {
            clear_bonus: 0,
            ..Rules::default()
        },
    );
    no_bonus.play(Cell::new(0, 0)).unwrap();
    no_bonus.play(Cell::new(0, 0)).unwrap();
    assert_eq!(no_bonus.score(), 0);
}
