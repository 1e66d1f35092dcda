//! The Mayan puzzle for the page: `MayanApp`, a level being played on the
//! shared `History` (undo, redo, reset), with the stages of the last move
//! for animation, hints from the solver, and the judge's answer.

use wasm_bindgen::prelude::*;

use super::{fresh_seed, on_board, plural, text, whole, whole_any, MAX_SAFE};
use crate::budget::Budget;
use crate::game::History;
use crate::mayan::levels::{built_in, count_solutions_within, Level};
use crate::mayan::link::{board_text, Link, Start};
use crate::mayan::solve::{solve, Goal, Outcome, Settings};
use crate::mayan::{Board, Mayan, Move, Step, HEIGHT, MAX_COLOR, WIDTH};

/// Positions a hint (or a search above n = 5) may examine. Full 35-block
/// boards with n = 5 are decided well within it.
const HINT_NODES: u64 = 300_000;

/// The page's clock a Hint press may spend at most, besides
/// [`HINT_NODES`]: on boards with n above 5 a position costs more, and
/// 300,000 of them took seconds.
const HINT_TIME: std::time::Duration = std::time::Duration::from_millis(800);

/// The page's clock counting the solutions of a board with n above 5 may
/// spend (the count is shown when a level is solved and by the editor's
/// Check: on such boards it took 2 s and more; past this the page says
/// "too many to count"). With n up to 5 (every built-in level) only
/// [`HINT_NODES`] bound it, so the count does not depend on the machine's
/// load (the built-in levels take at most about 120 ms here).
const COUNT_TIME: std::time::Duration = std::time::Duration::from_millis(250);

/// A Hint press's budget: [`HINT_NODES`] positions and [`HINT_TIME`].
fn hint_budget(spent: u64) -> Budget {
    Budget {
        time: Some(HINT_TIME),
        nodes: Some(HINT_NODES.saturating_sub(spent).max(1)),
    }
}

/// A Mayan level being played.
#[wasm_bindgen]
pub struct MayanApp {
    start: Start,
    history: History<Mayan>,
    /// The last search from the position shown (board, moves left, what
    /// it found): Hint, its reason and the walk back ask it once a press.
    searched: std::cell::RefCell<Option<(Board, u32, Outcome)>>,
}

fn move_of(x: &JsValue, y: &JsValue, dir: &JsValue) -> Result<Move, JsError> {
    let (x, y) = on_board(WIDTH, HEIGHT, x, y)?;
    let dir = match whole(dir, "direction", -1, 1)? {
        1 => 1,
        -1 => -1,
        _ => return Err(JsError::new("direction: 1 (right) or -1 (left), not 0")),
    };
    Ok(Move::new(x, y, dir))
}

fn cells_of(b: &Board) -> Vec<u8> {
    let mut out = Vec::with_capacity(WIDTH * HEIGHT);
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            out.push(b.get(x, y));
        }
    }
    out
}

#[wasm_bindgen]
impl MayanApp {
    /// Level 1 of the built-in set.
    #[wasm_bindgen(constructor)]
    pub fn new() -> MayanApp {
        MayanApp::from_start(Start::Level(1))
    }

    fn from_start(start: Start) -> MayanApp {
        MayanApp {
            start,
            history: History::new(Mayan, start.level().board),
            searched: std::cell::RefCell::new(None),
        }
    }

    fn level(&self) -> Level {
        self.start.level()
    }

    /// The number of built-in levels.
    #[wasm_bindgen(js_name = levelCount)]
    pub fn level_count() -> u32 {
        built_in().len() as u32
    }

    /// n of built-in level `k` (1-based), 0 for a whole number that names no
    /// level (0, a negative number, one above the count); an Error names
    /// `level` for anything else (a fraction, NaN, a string).
    #[wasm_bindgen(js_name = levelMoves)]
    pub fn level_moves(
        #[wasm_bindgen(unchecked_param_type = "number")] k: JsValue,
    ) -> Result<u32, JsError> {
        let k = whole_any(&k, "level")?;
        Ok(k.checked_sub(1)
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| built_in().get(i))
            .map_or(0, |l| l.moves))
    }

    /// The cells of `board` (a link's `board=` value: five columns from the
    /// left, each from the bottom, letters A–J, `/` between them) that stand
    /// in a run of three or more, as a flat array of x, y (empty when none):
    /// what a level's board may not hold. Throws an Error on a malformed
    /// board.
    #[wasm_bindgen(js_name = runCells)]
    pub fn run_cells(
        #[wasm_bindgen(unchecked_param_type = "string")] board: JsValue,
    ) -> Result<Vec<u8>, JsError> {
        let board = text(&board, "board")?;
        let mut flat = Vec::new();
        for (x, y) in crate::mayan::link::run_cells(&board).map_err(|e| JsError::new(&e))? {
            flat.extend([x as u8, y as u8]);
        }
        Ok(flat)
    }

    /// Opens built-in level `k` (1-based).
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] k: JsValue,
    ) -> Result<(), JsError> {
        let count = built_in().len() as i64;
        let k = whole(&k, "level", -MAX_SAFE, MAX_SAFE)?;
        if !(1..=count).contains(&k) {
            return Err(JsError::new(&format!(
                "level: there are levels 1 to {}, not {}",
                count, k
            )));
        }
        *self = MayanApp::from_start(Start::Level(k as usize));
        Ok(())
    }

    /// Opens a link (`game=mayan&level=K` or `game=mayan&n=N&board=…`,
    /// with `&moves=…`); on error the current game stays and the error
    /// says what is wrong. `fresh` is not used (the same shape as the other
    /// games' `openLink`); when given it must be a seed, a whole number
    /// from 0 to 2^53 − 1, as there.
    #[wasm_bindgen(js_name = openLink)]
    pub fn open_link(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] link: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] fresh: JsValue,
    ) -> Result<(), JsError> {
        // Not used, but checked as the other games check it.
        fresh_seed(&fresh)?;
        let link = super::link_text(&link)?;
        crate::link::expect_game(&link, "mayan")
            .map_err(|e| JsError::new(&format!("link: {}", e)))?;
        let parsed = Link::parse(&link).map_err(|e| JsError::new(&format!("link: {}", e)))?;
        let mut app = MayanApp::from_start(parsed.start);
        for m in parsed.moves {
            app.history
                .play(m)
                .map_err(|e| JsError::new(&format!("link: {}", e)))?;
        }
        *self = app;
        Ok(())
    }

    /// The link of the current position, moves included (without `#`).
    pub fn link(&self) -> String {
        Link {
            start: self.start,
            moves: self.history.moves_played().collect(),
        }
        .to_string()
    }

    /// The built-in level being played (1-based), or 0 for a linked board.
    #[wasm_bindgen(js_name = levelNumber)]
    pub fn level_number(&self) -> u32 {
        match self.start {
            Start::Level(k) => k as u32,
            Start::Board(_) => 0,
        }
    }

    /// Columns (5).
    pub fn width(&self) -> u32 {
        WIDTH as u32
    }

    /// Rows (7).
    pub fn height(&self) -> u32 {
        HEIGHT as u32
    }

    /// Highest colour (10).
    pub fn colors(&self) -> u32 {
        MAX_COLOR as u32
    }

    /// The board for drawing: 5 × 7 colours (0 = empty), row by row from
    /// the bottom, each row left to right.
    pub fn cells(&self) -> Vec<u8> {
        cells_of(self.history.current())
    }

    /// n: the moves the level asks for.
    pub fn n(&self) -> u32 {
        self.level().moves
    }

    /// Moves made.
    pub fn moves(&self) -> u32 {
        self.history.played().len() as u32
    }

    /// Moves left (n minus the moves made).
    #[wasm_bindgen(js_name = movesLeft)]
    pub fn moves_left(&self) -> u32 {
        self.n().saturating_sub(self.moves())
    }

    /// Blocks left.
    pub fn blocks(&self) -> u32 {
        self.history.current().blocks() as u32
    }

    /// Whether dragging (x, y) one column in `dir` (1 right, −1 left) is a
    /// move here (a block there, a column there, not its own colour).
    #[wasm_bindgen(js_name = isMove)]
    pub fn is_move(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] dir: JsValue,
    ) -> Result<bool, JsError> {
        let m = move_of(&x, &y, &dir)?;
        Ok(self.history.current().is_move(m))
    }

    /// Drags (x, y) one column in `dir`; false (and nothing changes) when
    /// that is not a move or no move is left.
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] dir: JsValue,
    ) -> Result<bool, JsError> {
        let m = move_of(&x, &y, &dir)?;
        Ok(self.play_move(m))
    }

    /// [`Self::play`] of a move on the board.
    fn play_move(&mut self, m: Move) -> bool {
        if self.moves_left() == 0 || self.history.current().is_empty() {
            return false;
        }
        self.history.play(m).is_ok()
    }

    /// The stages of the last move, for animation: for each stage its kind
    /// (0 the drag, 1 a fall, 2 cells vanishing), the board after it
    /// (35 cells as `cells()`), then the number of vanished cells and their
    /// (x, y) pairs (0 for the other kinds).
    pub fn steps(&self) -> Vec<u8> {
        let Some((_, steps)) = self.history.played().last() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for s in steps {
            let (kind, board, gone): (u8, &Board, &[(u8, u8)]) = match s {
                Step::Dragged(b) => (0, b, &[]),
                Step::Fell(b) => (1, b, &[]),
                Step::Vanished(cells, b) => (2, b, cells),
            };
            out.push(kind);
            out.extend(cells_of(board));
            out.push(gone.len() as u8);
            out.extend(gone.iter().flat_map(|&(x, y)| [x, y]));
        }
        out
    }

    /// Plays the hint's move (the next move of a solution from here);
    /// false when there is none.
    pub fn step(&mut self) -> bool {
        match self.hint().as_slice() {
            &[x, y, dir] => self.play_move(Move::new(x as usize, y as usize, dir as i8)),
            _ => false,
        }
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> bool {
        self.history.undo()
    }

    /// Plays again the last move taken back.
    pub fn redo(&mut self) -> bool {
        self.history.redo()
    }

    /// Whether there is a move to redo.
    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Back to the level's start (the moves stay available to redo).
    pub fn restart(&mut self) {
        self.history.restart();
    }

    /// Reset: the same as `restart`.
    pub fn reset(&mut self) {
        self.history.restart();
    }

    /// Whether the level is solved: the board is empty after exactly n moves.
    pub fn solved(&self) -> bool {
        self.history.current().is_empty() && self.moves() == self.n()
    }

    /// Whether play has ended: the board is empty, no move is left, or no
    /// block can be dragged.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.history.current().is_empty()
            || self.moves_left() == 0
            || self.history.current().moves().is_empty()
    }

    /// What the end means (empty while play goes on).
    #[wasm_bindgen(js_name = overText)]
    pub fn over_text(&self) -> String {
        let (n, made) = (self.n(), self.moves());
        if self.history.current().is_empty() {
            if made == n {
                format!(
                    "Solved: the board is empty after exactly {}.",
                    plural(n, "move")
                )
            } else {
                format!(
                    "Cleared in {}, but this level asks for exactly {}: undo and find a longer way.",
                    plural(made, "move"),
                    n
                )
            }
        } else if self.moves_left() == 0 {
            format!(
                "No moves left: {} remain after {}. Undo or reset.",
                plural(self.blocks(), "block"),
                plural(made, "move")
            )
        } else if self.is_over() {
            "No block can be dragged: undo or reset.".into()
        } else {
            String::new()
        }
    }

    /// The moves made, in the judge's format (`x y g` lines).
    pub fn log(&self) -> String {
        let mut out = String::new();
        for m in self.history.moves_played() {
            out.push_str(&format!("{} {} {}\n", m.x, m.y, m.dir));
        }
        out
    }

    /// The board as text: columns left to right, bottom first, letters A–J.
    pub fn text(&self) -> String {
        board_text(self.history.current())
    }

    /// The next move of a solution from here with the moves left — the
    /// smallest in the judge's order — as [x, y, dir]; empty when there is
    /// none (see `hintReason`).
    pub fn hint(&self) -> Vec<i32> {
        match self.search_here() {
            Outcome::Solved(moves) => moves
                .first()
                .map(|m| vec![m.x as i32, m.y as i32, m.dir as i32])
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    fn search_here(&self) -> Outcome {
        let left = self.moves_left();
        let b = self.history.current();
        if b.is_empty() {
            return if left == 0 {
                Outcome::Solved(Vec::new())
            } else {
                Outcome::NoSolution
            };
        }
        if left == 0 {
            return Outcome::NoSolution;
        }
        if let Some((sb, sl, outcome)) = &*self.searched.borrow() {
            if sb == b && *sl == left {
                return outcome.clone();
            }
        }
        let outcome = self.search_from(b, left);
        *self.searched.borrow_mut() = Some((*b, left, outcome.clone()));
        outcome
    }

    fn search_from(&self, b: &Board, left: u32) -> Outcome {
        solve(
            b,
            left,
            Settings {
                goal: Goal::Exactly,
                budget: hint_budget(0),
                ..Settings::default()
            },
        )
        .outcome
    }

    /// Whether the position can still be solved with the moves left:
    /// "yes", "no" or "unknown" (the search ran out of its budget).
    pub fn solvable(&self) -> String {
        match self.search_here() {
            Outcome::Solved(_) => "yes",
            Outcome::NoSolution => "no",
            Outcome::OutOfBudget => "unknown",
        }
        .into()
    }

    /// Why there is no solution from here, said plainly: a colour with one
    /// or two blocks left, a board already empty, no moves left, or the
    /// search's proof.
    #[wasm_bindgen(js_name = hintReason)]
    pub fn hint_reason(&self) -> String {
        let b = self.history.current();
        let left = self.moves_left();
        if b.is_empty() {
            return if left == 0 {
                "The level is solved.".into()
            } else {
                format!(
                    "The board is already empty with {} left: this level asks for exactly {}.",
                    plural(left, "move"),
                    plural(self.n(), "move")
                )
            };
        }
        if left == 0 {
            return "No moves are left.".into();
        }
        let counts = b.color_counts();
        if let Some(c) = (1..=MAX_COLOR).find(|&c| matches!(counts[c as usize], 1 | 2)) {
            return format!(
                "No solution from here: colour {} has only {} left, and a block vanishes only in a run of three.",
                c,
                plural(counts[c as usize], "block")
            );
        }
        match self.search_here() {
            Outcome::Solved(_) => String::new(),
            Outcome::NoSolution => format!(
                "No solution from here: no {} clear this board (the solver tried them all).",
                if left == 1 {
                    "single move can".to_string()
                } else {
                    format!("sequence of {} moves can", left)
                }
            ),
            Outcome::OutOfBudget => "Unknown: the search ran out of its budget.".into(),
        }
    }

    /// How many moves to undo to reach the last position that still had a
    /// solution (0 when this one has; −1 when even the start has none or
    /// the searches ran out). The position shown reuses Hint's search; the
    /// earlier ones share 300,000 positions and about 1.2 s.
    #[wasm_bindgen(js_name = undosToSolvable)]
    pub fn undos_to_solvable(&self) -> i32 {
        let n = self.n();
        let mut positions = vec![*self.history.start()];
        let mut b = *self.history.start();
        for m in self.history.moves_played() {
            b = b.play(m).expect("a played move");
            positions.push(b);
        }
        // One budget for the earlier positions searched together: HINT_NODES
        // positions and HINT_TIME on the page's clock, each search at most
        // half of that (so the walk ends within 1.5 × HINT_TIME).
        let mut spent = 0u64;
        let walk = Budget::time(HINT_TIME).start();
        for (i, pos) in positions.iter().enumerate().rev() {
            if walk.late() {
                return -1;
            }
            let left = n.saturating_sub(i as u32);
            let outcome = if pos.is_empty() {
                if left == 0 {
                    Outcome::Solved(Vec::new())
                } else {
                    Outcome::NoSolution
                }
            } else if left == 0 {
                Outcome::NoSolution
            } else if i == positions.len() - 1 {
                // The position shown: Hint has searched it already.
                self.search_here()
            } else {
                let report = solve(
                    pos,
                    left,
                    Settings {
                        budget: Budget {
                            time: Some(HINT_TIME / 2),
                            ..hint_budget(spent)
                        },
                        ..Settings::default()
                    },
                );
                spent += report.nodes;
                report.outcome
            };
            match outcome {
                Outcome::Solved(_) => return (positions.len() - 1 - i) as i32,
                Outcome::NoSolution => {}
                Outcome::OutOfBudget => return -1,
            }
        }
        -1
    }

    /// The judge's answer for the position loaded (the level's start): its
    /// lines, `"x y g"` each for the smallest solution, or `["-1"]`. As the
    /// judge, the search has no budget up to n = 5; above, it stops after
    /// 300,000 positions or 0.8 s (a Hint's budget) and answers
    /// `["unknown"]` when it has not decided (`judgeMayan`, in a worker,
    /// has the judge's own budget).
    pub fn solution(&self) -> Vec<String> {
        let l = self.level();
        let budget = if l.moves <= crate::mayan::judge::NOIP_MAX_MOVES {
            Budget::UNLIMITED
        } else {
            hint_budget(0)
        };
        let settings = Settings {
            budget,
            ..Settings::default()
        };
        match solve(&l.board, l.moves, settings).outcome {
            Outcome::Solved(moves) => moves
                .iter()
                .map(|m| format!("{} {} {}", m.x, m.y, m.dir))
                .collect(),
            Outcome::NoSolution => vec!["-1".to_string()],
            Outcome::OutOfBudget => vec!["unknown".to_string()],
        }
    }

    /// For the editor's Check, in one pass: the fewest moves (1 to 5) that
    /// clear the loaded position ("0" when none does), then the judge's
    /// answer for its n as `solution()` gives it. The searches for 1 to 5
    /// moves are shared, so this costs about one search of the larger n.
    #[wasm_bindgen(js_name = checkSummary)]
    pub fn check_summary(&self) -> Vec<String> {
        let l = self.level();
        let mut fewest = 0;
        let mut answer = None;
        for m in 1..=crate::mayan::judge::NOIP_MAX_MOVES {
            if fewest != 0 && m > l.moves {
                break;
            }
            let outcome = solve(&l.board, m, Settings::default()).outcome;
            if fewest == 0 && matches!(outcome, Outcome::Solved(_)) {
                fewest = m;
            }
            if m == l.moves {
                answer = Some(outcome);
            }
        }
        let lines = match answer {
            Some(Outcome::Solved(moves)) => moves
                .iter()
                .map(|m| format!("{} {} {}", m.x, m.y, m.dir))
                .collect(),
            Some(_) => vec!["-1".to_string()],
            None => self.solution(),
        };
        std::iter::once(fewest.to_string()).chain(lines).collect()
    }

    /// The fewest moves that clear the loaded position, up to `max` (at
    /// most 8); 0 when none does (or the searches ran out of their budget:
    /// one Hint's, [`HINT_NODES`] positions and [`HINT_TIME`], shared by
    /// the searches for 1, 2, … moves).
    #[wasm_bindgen(js_name = shortestClearing)]
    pub fn shortest_clearing(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] max: JsValue,
    ) -> Result<u32, JsError> {
        let max = whole(&max, "max", 0, 8)? as u32;
        Ok(
            crate::mayan::levels::shortest_clearing_within(
                &self.level().board,
                max,
                hint_budget(0),
            )
            .map_or(0, |(n, _)| n),
        )
    }

    /// Loads a pasted NOIP 2011 input (n, then five column lines, bottom
    /// first, each ended by 0); on error the current game stays and the
    /// error names the line.
    #[wasm_bindgen(js_name = loadNoip)]
    pub fn load_noip(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] input: JsValue,
    ) -> Result<(), JsError> {
        let input = super::pasted_text(&input, "NOIP input", super::MAX_NOIP_CHARS)?;
        let p = crate::mayan::judge::parse(&input)
            .map_err(|e| JsError::new(&format!("NOIP input: {}", e)))?;
        if p.moves > 64 {
            return Err(JsError::new("NOIP input: n is at most 64"));
        }
        if p.board.is_empty() {
            // (As a link would be refused: a level needs something to clear.)
            return Err(JsError::new(
                "NOIP input: the board has no block, so there is nothing to play (the judge prints -1 for it)",
            ));
        }
        *self = MayanApp::from_start(Start::Board(Level {
            moves: p.moves,
            board: p.board,
        }));
        Ok(())
    }

    /// How many ways (sequences of positions: a swap is one, whichever block
    /// is dragged) of exactly n moves clear the level (at most
    /// 10,000; −1 when counting would take too long: more than
    /// [`HINT_NODES`] positions or [`COUNT_TIME`] of the page's clock).
    #[wasm_bindgen(js_name = countSolutions)]
    pub fn count_solutions(&self) -> f64 {
        let l = self.level();
        let budget = Budget {
            time: (l.moves > 5).then_some(COUNT_TIME),
            nodes: Some(HINT_NODES),
        };
        count_solutions_within(&l.board, l.moves, 10_000, budget).map_or(-1.0, |c| c as f64)
    }
}

/// What `clearboard judge mayan` prints for `input` (a NOIP 2011 input),
/// byte for byte, or its error ("NOIP input: line N: …"): the same search
/// with the same budget (none up to n = 5; 5,000,000 positions above, where
/// it can take seconds: the page runs it in a worker).
#[wasm_bindgen(js_name = judgeMayan)]
pub fn judge_mayan(
    #[wasm_bindgen(unchecked_param_type = "string")] input: JsValue,
) -> Result<String, JsError> {
    let input = super::pasted_text(&input, "NOIP input", super::MAX_NOIP_CHARS)?;
    let out = crate::mayan::judge::judge(&input)
        .map_err(|e| JsError::new(&format!("NOIP input: {}", e)))?;
    String::from_utf8(out).map_err(|_| JsError::new("NOIP input: the judge's output is not text"))
}

impl Default for MayanApp {
    fn default() -> MayanApp {
        MayanApp::new()
    }
}
