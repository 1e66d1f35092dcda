//! One conformance suite for every Same Game board representation —
//! `Board`, `BitBoard`, `SmallBoard` and `PackedBoard` — through their
//! common trait, `SameGameBoard`, against `Board`'s own rules as the
//! reference (`Board::remove`, `Board::clusters`, `Board::is_over`,
//! `greedy_choice`). Random games are replayed move by move on the
//! reference and on each representation that holds the board: after every
//! move the cells (and the cells a representation stores beyond the board,
//! which must stay empty), the ball count, the clusters of two or more, the
//! game-over test and the greedy choice must agree, and so must each move's
//! outcome (the cluster removed, or the refusal of an outside, empty or
//! single-ball cell). Greedy games are played out by each representation's
//! own greedy move. The solver's play-out moves (`BitBoard` and
//! `SmallBoard` only) are checked at the end.

use clearboard::samegame::{
    greedy_choice, BitBoard, Board, Cell, Flood, Labeller, PackedBoard, Removal, SameGameBoard,
    SmallBoard, SMALL_SIDE,
};
use proptest::prelude::*;

/// What the suite knows of a representation beyond the trait.
trait Subject: SameGameBoard {
    /// Its name in failure messages.
    const NAME: &'static str;
    /// Whether it holds `board` (its documented limits): `from_board` must
    /// give a position exactly then.
    fn holds(board: &Board) -> bool;
    /// The columns and rows it stores, which may exceed the board's: every
    /// stored cell outside the board must read empty.
    fn stored(&self) -> (usize, usize);
    /// The ball at a stored cell.
    fn stored_get(&self, col: usize, row: usize) -> u8;
    /// Its own removal without checks of a cell known to be a move (the
    /// engines' fast path), where it has one: the size removed.
    fn remove_known(&mut self, _cell: Cell, _scratch: &mut Self::Scratch) -> Option<usize> {
        None
    }
}

impl Subject for Board {
    const NAME: &'static str = "Board";
    fn holds(_: &Board) -> bool {
        true
    }
    fn stored(&self) -> (usize, usize) {
        (self.width(), self.height())
    }
    fn stored_get(&self, col: usize, row: usize) -> u8 {
        self.get(col, row)
    }
}

impl Subject for BitBoard {
    const NAME: &'static str = "BitBoard";
    fn holds(_: &Board) -> bool {
        true
    }
    /// The board's columns, 64 rows each.
    fn stored(&self) -> (usize, usize) {
        (self.width(), 64)
    }
    fn stored_get(&self, col: usize, row: usize) -> u8 {
        self.get(col, row)
    }
    fn remove_known(&mut self, cell: Cell, flood: &mut Flood) -> Option<usize> {
        Some(self.remove(cell, flood))
    }
}

impl Subject for SmallBoard {
    const NAME: &'static str = "SmallBoard";
    fn holds(board: &Board) -> bool {
        board.width() <= SMALL_SIDE && board.height() <= SMALL_SIDE
    }
    /// Always 16 × 16, whatever the board's size.
    fn stored(&self) -> (usize, usize) {
        (SMALL_SIDE, SMALL_SIDE)
    }
    fn stored_get(&self, col: usize, row: usize) -> u8 {
        self.get(col, row)
    }
    fn remove_known(&mut self, cell: Cell, _: &mut ()) -> Option<usize> {
        Some(self.remove(cell))
    }
}

impl Subject for PackedBoard {
    const NAME: &'static str = "PackedBoard";
    fn holds(board: &Board) -> bool {
        board.width() == 15 && board.height() == 10 && board.colors() <= 3
    }
    /// 16-row lanes, and the padding columns right of the board.
    fn stored(&self) -> (usize, usize) {
        (31, 16)
    }
    fn stored_get(&self, col: usize, row: usize) -> u8 {
        self.get(col, row)
    }
}

/// A cluster as (anchor, size, colour), for comparing.
fn parts(r: Removal) -> (Cell, usize, u8) {
    (r.anchor, r.size, r.color)
}

/// The reference's clusters of two or more, sorted.
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

/// The reference's greedy choice.
fn greedy_of(board: &Board) -> Option<(Cell, usize, u8)> {
    greedy_choice(board, &mut Labeller::default()).map(|g| (g.anchor, g.size, g.color))
}

/// Same size, cells (stored cells outside the board empty) and ball count
/// as the reference.
fn same_cells<B: Subject>(fast: &B, board: &Board) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        (fast.width(), fast.height()),
        (board.width(), board.height()),
        "{} size",
        B::NAME
    );
    prop_assert_eq!(fast.balls(), board.balls(), "{} balls", B::NAME);
    for col in 0..board.width() {
        for row in 0..board.height() {
            prop_assert_eq!(
                fast.get(col, row),
                board.get(col, row),
                "{} cell ({}, {})",
                B::NAME,
                col,
                row
            );
        }
    }
    let (cols, rows) = fast.stored();
    for col in 0..cols {
        for row in 0..rows {
            if col >= board.width() || row >= board.height() {
                prop_assert_eq!(
                    fast.stored_get(col, row),
                    0,
                    "{} stored cell ({}, {}) outside the board",
                    B::NAME,
                    col,
                    row
                );
            }
        }
    }
    Ok(())
}

/// Everything the trait tells of a position agrees with the reference:
/// cells, balls, the clusters of two or more, game over and the greedy
/// choice.
fn same_position<B: Subject>(
    fast: &B,
    scratch: &mut B::Scratch,
    board: &Board,
) -> Result<(), TestCaseError> {
    same_cells(fast, board)?;
    let mut got = Vec::new();
    fast.for_each_cluster(scratch, |c| got.push(parts(c)));
    got.sort();
    prop_assert_eq!(got, clusters_of(board), "{} clusters", B::NAME);
    prop_assert_eq!(fast.is_over(), board.is_over(), "{} game over", B::NAME);
    prop_assert_eq!(
        fast.greedy(scratch).map(parts),
        greedy_of(board),
        "{} greedy choice",
        B::NAME
    );
    Ok(())
}

/// `B`'s position of `board`, checking `from_board` gives one exactly when
/// `B` holds the board.
fn convert<B: Subject>(board: &Board) -> Result<Option<B>, TestCaseError> {
    let fast = B::from_board(board);
    prop_assert_eq!(
        fast.is_some(),
        B::holds(board),
        "{} from a {}×{} board of {} colours",
        B::NAME,
        board.width(),
        board.height(),
        board.colors()
    );
    Ok(fast)
}

/// A random game on the reference and on `B` (if it holds the board): each
/// pick is a move — mostly a ball of a cluster of two or more (cluster and
/// ball chosen by the pick), every fourth pick any cell on or just off the
/// board, so refusals are compared too. After every move, or refusal, the
/// positions must agree; when no move is left both must say the game is
/// over. Each legal move is also played by `B`'s unchecked removal, where
/// it has one, on a copy, which must give the same position.
fn random_game<B: Subject>(board: &Board, picks: &[u16]) -> Result<(), TestCaseError> {
    let Some(mut fast) = convert::<B>(board)? else {
        return Ok(());
    };
    let mut slow = board.clone();
    let mut scratch = B::Scratch::default();
    same_position(&fast, &mut scratch, &slow)?;
    let (w, h) = (board.width(), board.height());
    for &pick in picks {
        let moves: Vec<_> = slow
            .clusters()
            .into_iter()
            .filter(|c| c.size() >= 2)
            .collect();
        if moves.is_empty() {
            prop_assert!(fast.is_over(), "{} game over", B::NAME);
            break;
        }
        let cell = if pick % 4 == 0 {
            let p = pick as usize / 4;
            Cell::new(p % (w + 2), p / (w + 2) % (h + 2))
        } else {
            let c = &moves[pick as usize % moves.len()];
            c.cells[pick as usize % c.size()]
        };
        let mut copy = fast.clone();
        let want = slow.remove(cell);
        let got = fast.remove_cluster(cell, &mut scratch);
        prop_assert_eq!(got, want, "{} removing at {:?}", B::NAME, cell);
        same_position(&fast, &mut scratch, &slow)?;
        if let Ok(removal) = want {
            if let Some(size) = copy.remove_known(cell, &mut scratch) {
                prop_assert_eq!(size, removal.size, "{} unchecked removal", B::NAME);
                same_cells(&copy, &slow)?;
            }
        }
    }
    Ok(())
}

/// The greedy game on the reference and on `B` (if it holds the board):
/// each move `B`'s greedy choice and its own way of playing it
/// (`play_greedy`) must be the reference's, and the positions must agree
/// after it; at the end both are over with the same balls left.
fn greedy_game<B: Subject>(board: &Board) -> Result<(), TestCaseError> {
    let Some(mut fast) = convert::<B>(board)? else {
        return Ok(());
    };
    let mut slow = board.clone();
    let mut scratch = B::Scratch::default();
    loop {
        let want = greedy_of(&slow);
        prop_assert_eq!(
            fast.greedy(&mut scratch).map(parts),
            want,
            "{} greedy",
            B::NAME
        );
        prop_assert_eq!(
            fast.play_greedy(&mut scratch).map(parts),
            want,
            "{} playing greedy",
            B::NAME
        );
        let Some((anchor, _, _)) = want else { break };
        slow.remove(anchor).expect("the greedy choice is a move");
        same_cells(&fast, &slow)?;
    }
    prop_assert!(fast.is_over() && slow.is_over(), "{} game over", B::NAME);
    same_cells(&fast, &slow)
}

/// [`random_game`] on every representation that holds the board:
/// `PackedBoard` holds only the judge's 15 × 10 three-colour boards (almost
/// none of `arb_board`'s or `arb_small_board`'s), so it is exercised by the
/// POJ-sized properties below, where every board is of its kind.
fn random_game_everywhere(board: &Board, picks: &[u16]) -> Result<(), TestCaseError> {
    random_game::<Board>(board, picks)?;
    random_game::<BitBoard>(board, picks)?;
    random_game::<SmallBoard>(board, picks)?;
    random_game::<PackedBoard>(board, picks)
}

/// [`greedy_game`] on every representation.
fn greedy_game_everywhere(board: &Board) -> Result<(), TestCaseError> {
    greedy_game::<Board>(board)?;
    greedy_game::<BitBoard>(board)?;
    greedy_game::<SmallBoard>(board)?;
    greedy_game::<PackedBoard>(board)
}

/// Boards of 1–9 × 1–9 cells of 2–5 colours, with holes (settled).
fn arb_board() -> impl Strategy<Value = Board> {
    (1usize..=9, 1usize..=9, 2u8..=5).prop_flat_map(|(w, h, k)| {
        proptest::collection::vec(0u8..=k, w * h).prop_map(move |cells| {
            let rows: Vec<Vec<u8>> = cells.chunks(w).map(|r| r.to_vec()).collect();
            Board::from_rows(&rows, k).unwrap()
        })
    })
}

/// Boards `SmallBoard` holds: up to 16 × 16, sides of 15 and 16 (the
/// benchmark's and the largest) weighted up, 2–9 colours, with holes.
fn arb_small_board() -> impl Strategy<Value = Board> {
    let side = prop_oneof![1usize..=16, Just(15usize), Just(16usize)];
    (side.clone(), side, 2u8..=9).prop_flat_map(|(w, h, k)| {
        proptest::collection::vec(0u8..=k, w * h).prop_map(move |cells| {
            let rows: Vec<Vec<u8>> = cells.chunks(w).map(|r| r.to_vec()).collect();
            Board::from_rows(&rows, k).unwrap()
        })
    })
}

/// A POJ-sized (15 × 10) board of 1–3 colours (declared 3); some games
/// start with a few random removals, so boards with short and missing
/// columns occur too.
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

/// Up to 110 picks: with every fourth any cell, about as many legal moves
/// as the 80 the per-type tests this suite replaced played.
fn picks() -> impl Strategy<Value = Vec<u16>> {
    proptest::collection::vec(any::<u16>(), 0..110)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_games_play_alike_on_every_representation(board in arb_board(), picks in picks()) {
        random_game_everywhere(&board, &picks)?;
    }

    /// Gravity and closing columns across the 64-bit words of
    /// `SmallBoard`'s 256-bit masks included.
    #[test]
    fn random_games_up_to_16_by_16_play_alike_on_every_representation(
        board in arb_small_board(),
        picks in picks(),
    ) {
        random_game_everywhere(&board, &picks)?;
    }

    #[test]
    fn greedy_games_play_alike_on_every_representation(board in arb_board()) {
        greedy_game_everywhere(&board)?;
    }

    #[test]
    fn greedy_games_up_to_16_by_16_play_alike_on_every_representation(board in arb_small_board()) {
        greedy_game_everywhere(&board)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The judge's size, where `PackedBoard` joins in.
    #[test]
    fn random_poj_games_play_alike_on_every_representation(board in arb_poj_board(), picks in picks()) {
        random_game_everywhere(&board, &picks)?;
    }

    /// The judge's size: `PackedBoard` plays its greedy moves by
    /// `remove_choice` (no second flood).
    #[test]
    fn greedy_poj_games_play_alike_on_every_representation(board in arb_poj_board()) {
        greedy_game_everywhere(&board)?;
    }
}

/// The largest boards (64 × 64), the thinnest and the most colours: only
/// `Board` and `BitBoard` hold them, and they play alike.
#[test]
fn tall_and_wide_boards_up_to_64_play_alike() {
    for (w, h, k, seed) in [
        (64, 64, 2, 1),
        (30, 30, 4, 2),
        (1, 64, 3, 3),
        (64, 1, 2, 4),
        (40, 20, 9, 5),
    ] {
        let board = Board::random(w, h, k, seed).unwrap();
        greedy_game_everywhere(&board).unwrap();
        let picks: Vec<u16> = (0..200u16).map(|i| i.wrapping_mul(40503)).collect();
        random_game_everywhere(&board, &picks).unwrap();
    }
}

/// `from_board` refuses exactly the boards a representation cannot hold:
/// wider or taller than 16 for `SmallBoard`; anything but 15 × 10 of at
/// most three colours for `PackedBoard`.
#[test]
fn representations_refuse_only_boards_they_cannot_hold() {
    for (w, h, k) in [
        (17, 16, 3),
        (16, 17, 3),
        (64, 64, 3),
        (16, 16, 9),
        (15, 10, 3),
        (15, 10, 4),
        (15, 11, 3),
        (14, 10, 2),
    ] {
        let board = Board::random(w, h, k, 1).unwrap();
        convert::<Board>(&board).unwrap();
        convert::<BitBoard>(&board).unwrap();
        convert::<SmallBoard>(&board).unwrap();
        convert::<PackedBoard>(&board).unwrap();
    }
    let big = Board::random(17, 16, 3, 1).unwrap();
    assert!(SmallBoard::from_board(&big).is_none());
    let four = Board::random(15, 10, 4, 1).unwrap();
    assert!(PackedBoard::from_board(&four).is_none());
    assert!(SmallBoard::from_board(&Board::random(16, 16, 9, 1).unwrap()).is_some());
    assert!(PackedBoard::from_board(&Board::random(15, 10, 3, 1).unwrap()).is_some());
}

// The solver's play-out moves, which only `BitBoard` (`random_cluster`, the
// cluster left on the board) and `SmallBoard` (`random_move`, the cluster
// removed) have.

/// A uniform `below(n)` from a xorshift stream.
fn xorshift(rng: &mut u64) -> impl FnMut(u64) -> u64 + '_ {
    move |n| {
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17;
        *rng % n
    }
}

/// `got` is what a play-out may play on `board` skipping colour index
/// `skip` (its `anchor` is any ball of the cluster): a real cluster of two
/// or more, of
/// another colour whenever such a cluster exists; `None` only when no move
/// is left.
fn is_playout_move(board: &Board, skip: usize, got: Option<Removal>) -> Result<(), TestCaseError> {
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

/// A whole play-out game on the reference and on `B`: `draw` plays (or
/// picks, for the caller to remove) the next play-out move on `B`; each
/// must be a play-out move of the reference's position, and the positions
/// must agree after it.
fn playout_game<B: Subject>(
    board: &Board,
    skip: usize,
    mut draw: impl FnMut(&mut B) -> Option<Removal>,
) -> Result<(), TestCaseError> {
    let mut slow = board.clone();
    let mut fast = convert::<B>(board)?.expect("holds the board");
    loop {
        let got = draw(&mut fast);
        is_playout_move(&slow, skip, got)?;
        let Some(c) = got else { break };
        slow.remove(c.anchor).unwrap();
        same_cells(&fast, &slow)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The play-out move: a real cluster of two or more, of a colour other
    /// than the skipped one whenever such a cluster exists, removed exactly
    /// as the board removes it — move after move to the end of the game.
    #[test]
    fn playout_moves_are_moves_and_skip_a_colour_while_they_can(
        board in arb_small_board(),
        skip in 0usize..9,
        seed in any::<u64>(),
    ) {
        let mut rng = seed | 1;
        let mut flood = Flood::default();
        playout_game::<BitBoard>(&board, skip, |b| {
            let c = b.random_cluster(skip, &mut flood, xorshift(&mut rng))?;
            b.remove(c.anchor, &mut flood);
            Some(c)
        })?;
        let mut rng = seed | 1;
        playout_game::<SmallBoard>(&board, skip, |b| b.random_move(skip, xorshift(&mut rng)))?;
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
    let mut below = xorshift(&mut rng);
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
fn playout_moves_are_uniform_over_clusters_not_balls() {
    assert_uniform_over_clusters(|board, below| {
        let c = BitBoard::from_board(board)
            .random_cluster(2, &mut Flood::default(), below)
            .unwrap();
        (c.size, c.color)
    });
    assert_uniform_over_clusters(|board, below| {
        let c = SmallBoard::from_board(board)
            .unwrap()
            .random_move(2, below)
            .unwrap();
        (c.size, c.color)
    });
}
