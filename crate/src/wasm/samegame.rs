//! Same Game for the page: `SameGameApp` (a game with its link, undo and
//! redo, the greedy strategy's explanation, the judge's log) and
//! `SolverSession` (the solver for a Web Worker: for a time, or a beam at a
//! time).

use wasm_bindgen::prelude::*;

use super::{fresh_seed, on_board, plural, text, time_budget, whole, MAX_SAFE};
use crate::samegame::link::{Link, Start};
use crate::samegame::{
    greedy_choice, poj, Board, Cell, Cluster, Game, Labeller, Rules, TieBreak, COLOR_LETTERS,
    MAX_COLORS, MAX_SIDE,
};

fn cell(width: usize, height: usize, col: &JsValue, row: &JsValue) -> Result<Cell, JsError> {
    on_board(width, height, col, row).map(|(c, r)| Cell::new(c, r))
}

/// What `openNote` says of a board written unsettled.
const SETTLED_NOTE: &str = "This link's board is shown settled (balls fell into its gaps, empty columns closed to the left), as the address now writes it.";

/// A Same Game for the page: the game and where it started (for links).
#[wasm_bindgen]
pub struct SameGameApp {
    game: Game,
    start: Start,
    labeller: Labeller,
    /// What the link opened last said of how its board was read ("" when nothing).
    note: String,
}

#[wasm_bindgen]
impl SameGameApp {
    /// A POJ-sized game (15 × 10, 3 colours) from seed 1.
    #[wasm_bindgen(constructor)]
    pub fn new() -> SameGameApp {
        let start = Start::Seed {
            seed: 1,
            width: 15,
            height: 10,
            colors: 3,
        };
        SameGameApp::from_start(start).expect("the default game is valid")
    }

    fn from_start(start: Start) -> Result<SameGameApp, String> {
        let board = start.board()?;
        Ok(SameGameApp {
            game: Game::new(board, Rules::default()),
            start,
            labeller: Labeller::default(),
            note: String::new(),
        })
    }

    fn replace(&mut self, other: SameGameApp) {
        *self = other;
    }

    /// A new random game: `width` × `height` (1..=64), `colors` (2..=9),
    /// from `seed`.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] colors: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
    ) -> Result<(), JsError> {
        let side = |v: &JsValue, what: &str| whole(v, what, 1, MAX_SIDE as i64);
        let start = Start::Seed {
            seed: whole(&seed, "seed", 0, MAX_SAFE)? as u64,
            width: side(&width, "width")? as usize,
            height: side(&height, "height")? as usize,
            colors: whole(&colors, "colors", 2, i64::from(MAX_COLORS))? as u8,
        };
        let app = SameGameApp::from_start(start).map_err(|e| JsError::new(&e))?;
        self.replace(app);
        Ok(())
    }

    /// Opens the game of a link (`#game=samegame&…`); on error the current
    /// game stays and the error says what is wrong. A link with a size but
    /// no seed and no board (`game=samegame&w=20&h=20&colors=5`) deals a
    /// board from `fresh` (optional: a random seed when left out).
    #[wasm_bindgen(js_name = openLink)]
    pub fn open_link(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] link: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] fresh: JsValue,
    ) -> Result<(), JsError> {
        let link = super::link_text(&link)?;
        let fresh = fresh_seed(&fresh)?;
        crate::link::expect_game(&link, "samegame")
            .map_err(|e| JsError::new(&format!("link: {}", e)))?;
        let parsed = Link::parse_with_seed(&link, fresh)
            .map_err(|e| JsError::new(&format!("link: {}", e)))?;
        let game = parsed
            .game(Rules::default())
            .map_err(|e| JsError::new(&format!("link: {}", e)))?;
        let note = if crate::samegame::link::board_settled(&link, &parsed.start) {
            SETTLED_NOTE.to_string()
        } else {
            String::new()
        };
        self.replace(SameGameApp {
            game,
            start: parsed.start,
            labeller: Labeller::default(),
            note,
        });
        Ok(())
    }

    /// What the page should say of the link `openLink` opened last: its
    /// board written unsettled (a ball over a gap, an empty column left of a
    /// ball) opened as the rules settle it; "" when the link was read as
    /// written (and after any other way of opening a game).
    #[wasm_bindgen(js_name = openNote)]
    pub fn open_note(&self) -> String {
        self.note.clone()
    }

    /// The link of the current game, moves included (without `#`).
    pub fn link(&self) -> String {
        Link::of(&self.start, &self.game).to_string()
    }

    /// Loads game `number` (1-based) of a pasted POJ 1027 input; returns
    /// how many games the input holds.
    #[wasm_bindgen(js_name = loadPoj)]
    pub fn load_poj(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] input: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] number: JsValue,
    ) -> Result<u32, JsError> {
        let input = super::pasted_text(&input, "POJ input", super::MAX_POJ_CHARS)?;
        let number = whole(&number, "game number", 1, MAX_SAFE)?;
        let boards = poj::parse(&input).map_err(|e| JsError::new(&format!("POJ input: {}", e)))?;
        let Some(board) = usize::try_from(number - 1).ok().and_then(|i| boards.get(i)) else {
            return Err(JsError::new(&format!(
                "POJ input: there is no game {} (the input has {})",
                number,
                boards.len()
            )));
        };
        let app =
            SameGameApp::from_start(Start::Board(board.clone())).map_err(|e| JsError::new(&e))?;
        self.replace(app);
        Ok(boards.len() as u32)
    }

    /// The seed of a generated game, or −1 for a given board.
    pub fn seed(&self) -> f64 {
        match self.start {
            Start::Seed { seed, .. } => seed as f64,
            Start::Board(_) => -1.0,
        }
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.game.board().width() as u32
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.game.board().height() as u32
    }

    /// Number of colours.
    pub fn colors(&self) -> u32 {
        self.game.board().colors() as u32
    }

    /// The letter of colour `k` (1 to 9, as `cells()` numbers them), as in
    /// the judge's log; any other `k` is an Error.
    #[wasm_bindgen(js_name = colorLetter)]
    pub fn color_letter(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] k: JsValue,
    ) -> Result<String, JsError> {
        let k = whole(&k, "colour", 1, COLOR_LETTERS.len() as i64)?;
        Ok(char::from(COLOR_LETTERS[k as usize - 1]).to_string())
    }

    /// The board for drawing: width × height colours (0 = empty), row by
    /// row from the bottom, each row left to right.
    pub fn cells(&self) -> Vec<u8> {
        let b = self.game.board();
        let mut out = Vec::with_capacity(b.width() * b.height());
        for row in 0..b.height() {
            for col in 0..b.width() {
                out.push(b.get(col, row));
            }
        }
        out
    }

    /// The cluster under (col, row) as (col, row) pairs, its anchor first
    /// (the bottommost ball of its leftmost column: the cell the move log
    /// names); empty for an empty cell.
    #[wasm_bindgen(js_name = clusterAt)]
    pub fn cluster_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] col: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] row: JsValue,
    ) -> Result<Vec<u8>, JsError> {
        let b = self.game.board();
        let c = cell(b.width(), b.height(), &col, &row)?;
        Ok(self.cluster_of(c))
    }

    fn cluster_of(&self, c: Cell) -> Vec<u8> {
        self.game
            .board()
            .cluster_at(c)
            .map(|cl| {
                let rest = cl.cells.iter().copied().filter(|&c| c != cl.anchor);
                std::iter::once(cl.anchor)
                    .chain(rest)
                    .flat_map(|c| [c.col, c.row])
                    .collect()
            })
            .unwrap_or_default()
    }

    /// What removing the cluster at (col, row) would give: "N balls, P
    /// points", or why it cannot be removed; "" for an empty cell.
    #[wasm_bindgen(js_name = describeCell)]
    pub fn describe_cell(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] col: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] row: JsValue,
    ) -> Result<String, JsError> {
        let b = self.game.board();
        let c = cell(b.width(), b.height(), &col, &row)?;
        Ok(match b.cluster_at(c) {
            None => String::new(),
            Some(cl) if cl.size() < 2 => "1 ball: a single ball cannot be removed".into(),
            Some(cl) => format!(
                "{}, {}",
                plural(cl.size() as i64, "ball"),
                plural(self.game.rules().move_points(cl.size()), "point")
            ),
        })
    }

    /// Removes the cluster at (col, row). Returns false (and changes
    /// nothing) when that is not a move.
    pub fn click(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] col: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] row: JsValue,
    ) -> Result<bool, JsError> {
        let b = self.game.board();
        let c = cell(b.width(), b.height(), &col, &row)?;
        Ok(self.click_cell(c))
    }

    /// [`Self::click`] on a cell of the board.
    fn click_cell(&mut self, c: Cell) -> bool {
        // (Not a move — an empty cell, a lone ball — changes nothing.)
        self.game.play(c).is_ok()
    }

    /// The move that led to the current position: the position before it
    /// and the cluster it removed (none at the start).
    fn last_move(&self) -> Option<(&Board, Cluster)> {
        let before = self.game.history().before_last()?;
        let cell = self.game.played().last()?.cell;
        Some((before, before.cluster_at(cell)?))
    }

    /// The last move's balls that stayed (the move that led to the current
    /// position: after an undo, the one before the move undone): (from col,
    /// from row, to col, to row) each, for animating the fall; empty at the
    /// start.
    #[wasm_bindgen(js_name = lastFalls)]
    pub fn last_falls(&self) -> Vec<u8> {
        self.last_move().map_or_else(Vec::new, |(before, cluster)| {
            before
                .fall_map(&cluster.cells)
                .iter()
                .flat_map(|(f, t)| [f.col, f.row, t.col, t.row])
                .collect()
        })
    }

    /// The last move's removed balls as (col, row) pairs (as
    /// [`Self::last_falls`], the move that led to the current position).
    #[wasm_bindgen(js_name = lastRemoved)]
    pub fn last_removed(&self) -> Vec<u8> {
        self.last_move().map_or_else(Vec::new, |(_, cluster)| {
            cluster.cells.iter().flat_map(|c| [c.col, c.row]).collect()
        })
    }

    /// The cluster the greedy strategy takes next, as (col, row) pairs, its
    /// anchor first (empty when the game is over).
    #[wasm_bindgen(js_name = greedyCluster)]
    pub fn greedy_cluster(&mut self) -> Vec<u8> {
        match greedy_choice(self.game.board(), &mut self.labeller) {
            Some(g) => self.cluster_of(g.anchor),
            None => Vec::new(),
        }
    }

    /// Why the greedy strategy takes that cluster: its size, how many
    /// clusters tie, which tie-break decided.
    #[wasm_bindgen(js_name = greedyReason)]
    pub fn greedy_reason(&mut self) -> String {
        let Some(g) = greedy_choice(self.game.board(), &mut self.labeller) else {
            return "No cluster of two or more is left: the game is over.".into();
        };
        let letter = char::from(COLOR_LETTERS[g.color as usize - 1]);
        // As the board's axis labels read: columns from the left, rows from
        // the bottom (the log keeps POJ 1027's "(row,column)").
        let at = format!("column {}, row {}", g.anchor.col + 1, g.anchor.row + 1);
        let why = match g.decided_by {
            TieBreak::Unique => "the only cluster of that size".to_string(),
            TieBreak::LeftmostColumn => format!(
                "{} clusters tie; it reaches furthest left (column {})",
                g.ties,
                g.anchor.col + 1
            ),
            TieBreak::BottommostBall => format!(
                "{} clusters tie; several reach column {}, and its ball there is the bottommost (row {})",
                g.ties,
                g.anchor.col + 1,
                g.anchor.row + 1
            ),
        };
        format!(
            "Greedy takes {} balls of color {} at {}: the largest cluster, {}.",
            g.size, letter, at, why
        )
    }

    /// Plays the greedy strategy's move; false when the game is over.
    pub fn step(&mut self) -> bool {
        match greedy_choice(self.game.board(), &mut self.labeller) {
            Some(g) => self.click_cell(g.anchor),
            None => false,
        }
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> bool {
        self.game.undo()
    }

    /// Plays again the last move taken back.
    pub fn redo(&mut self) -> bool {
        self.game.redo()
    }

    /// Whether there is a move to redo.
    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.game.can_redo()
    }

    /// Back to the start (the moves stay available to redo).
    pub fn restart(&mut self) {
        self.game.restart();
    }

    /// The score (with the bonus once the game is over).
    pub fn score(&self) -> f64 {
        self.game.score() as f64
    }

    /// Moves played.
    pub fn moves(&self) -> u32 {
        self.game.played().len() as u32
    }

    /// Balls left.
    pub fn balls(&self) -> u32 {
        self.game.board().balls() as u32
    }

    /// Whether no move is left.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The game-over message (empty while the game goes on).
    #[wasm_bindgen(js_name = overText)]
    pub fn over_text(&self) -> String {
        if !self.game.is_over() {
            return String::new();
        }
        let left = self.game.board().balls();
        if left == 0 {
            format!(
                "Board cleared! {} points, including the {}-point bonus.",
                self.game.score(),
                self.game.rules().clear_bonus
            )
        } else {
            format!(
                "Game over: {}, {} left (no bonus: the board was not cleared).",
                plural(self.game.score(), "point"),
                plural(left as i64, "ball")
            )
        }
    }

    /// The move log in the judge's format, one line per move, ending with
    /// the final line once the game is over.
    pub fn log(&self) -> String {
        let mut out = Vec::new();
        for (i, p) in self.game.played().iter().enumerate() {
            poj::write_move(&mut out, i as u64 + 1, p.cell, p.size, p.color, p.points);
        }
        if self.game.is_over() {
            poj::write_final(&mut out, self.game.score(), self.game.board().balls());
        }
        String::from_utf8(out).expect("the log is ASCII")
    }

    /// The board as text, top row first (for screen readers and tests).
    pub fn text(&self) -> String {
        self.game.board().to_letters()
    }
}

impl Default for SameGameApp {
    fn default() -> SameGameApp {
        SameGameApp::new()
    }
}

/// How many games a pasted POJ 1027 input holds, or what is wrong with it.
#[wasm_bindgen(js_name = pojGameCount)]
pub fn poj_game_count(
    #[wasm_bindgen(unchecked_param_type = "string")] input: JsValue,
) -> Result<u32, JsError> {
    poj::parse(&super::pasted_text(
        &input,
        "POJ input",
        super::MAX_POJ_CHARS,
    )?)
    .map(|b| b.len() as u32)
    .map_err(|e| JsError::new(&format!("POJ input: {}", e)))
}

/// What a worker's beams may take: 128 MiB (the widest beam that fits,
/// [`crate::samegame::solver::width_within`]; 4,096 on the 15 × 15
/// standard positions). With the engine's code and the best lines the
/// worker's whole wasm memory stays under [`WORKER_MEMORY_CAP`].
pub const WORKER_BEAM_MEMORY: usize = 128 << 20;

/// The bound the page states and its browser test checks for a solver
/// worker's wasm memory: 256 MiB.
pub const WORKER_MEMORY_CAP: usize = 256 << 20;

#[wasm_bindgen]
extern "C" {
    /// The worker's hook for live progress, `clearboardSolverProgress(score,
    /// cleared, moves, nodes)` on the worker's global object: called with
    /// each new best line during `think` (`moves` is a view to copy at
    /// once). Where it is not defined nothing is reported.
    #[wasm_bindgen(catch, js_name = clearboardSolverProgress)]
    fn solver_progress(score: f64, cleared: bool, moves: &[u8], nodes: f64) -> Result<(), JsValue>;
}

fn report(line: &crate::samegame::solver::Solution) {
    let moves = line_bytes(line);
    // A page without the hook, or a hook that throws, is not the search's
    // business: the best line is still there when `think` returns.
    let _ = solver_progress(line.score as f64, line.cleared, &moves, line.nodes as f64);
}

fn line_bytes(line: &crate::samegame::solver::Solution) -> Vec<u8> {
    line.moves.iter().flat_map(|c| [c.col, c.row]).collect()
}

/// The Same Game solver for a page's Web Worker. `think(seconds)` searches
/// for that long on the worker's clock (beams widening to the widest that
/// fits [`WORKER_BEAM_MEMORY`], then the widest again), reporting each new
/// best line through the worker's `clearboardSolverProgress`; `step` runs
/// just the next, twice as wide beam. Several workers on one position pass
/// different `thread` numbers and search differently, as the command
/// line's threads do. The best move list is there after every call.
#[wasm_bindgen]
pub struct SolverSession {
    session: crate::samegame::solver::Session,
    /// Whether `begin` was called (`advance` runs what it began).
    begun: bool,
}

#[wasm_bindgen]
impl SolverSession {
    /// A session on a board given as the game's text (rows top first,
    /// letters, `.` empty), as `SameGameApp.text()` returns it; `thread`
    /// (0 when left out) picks this worker's share of the search.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] board: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] thread: JsValue,
    ) -> Result<SolverSession, JsError> {
        // The arguments are checked in their order: the board first.
        let board = text(&board, "solver board")?;
        let rows: Vec<&str> = board.lines().filter(|l| !l.trim().is_empty()).collect();
        let board = crate::samegame::Board::parse(&rows, 1)
            .map_err(|e| JsError::new(&format!("solver: {}", e)))?;
        if board.balls() == 0 {
            // (As SameGameApp refuses it: a search needs something to play.)
            return Err(JsError::new("solver board: no ball on it"));
        }
        let seed = whole(&seed, "seed", 0, MAX_SAFE)? as u64;
        let thread = if thread.is_undefined() || thread.is_null() {
            0
        } else {
            whole(&thread, "thread", 0, 1 << 16)? as usize
        };
        Ok(SolverSession {
            session: crate::samegame::solver::Session::new(
                &board,
                seed,
                thread,
                WORKER_BEAM_MEMORY,
                &report,
            ),
            begun: false,
        })
    }

    /// Searches for `seconds` (0 to 3,600) of the worker's clock; returns
    /// false when the search was exhaustive (a beam kept every position).
    pub fn think(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] seconds: JsValue,
    ) -> Result<bool, JsError> {
        let budget = time_budget(&seconds, "seconds", 3600.0, 1e3)?;
        Ok(self.session.think(budget))
    }

    /// Begins a search of `seconds` (0 to 3,600) of the worker's clock,
    /// which `advance` runs slice by slice (as `think` runs it at once).
    pub fn begin(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] seconds: JsValue,
    ) -> Result<(), JsError> {
        let budget = time_budget(&seconds, "seconds", 3600.0, 1e3)?;
        self.session.begin(budget);
        self.begun = true;
        Ok(())
    }

    /// Runs the search begun by `begin` for at most about `milliseconds`
    /// (0 to 60,000), then returns to the caller (a worker returns to its
    /// event loop, where a Stop takes effect at once): `undefined` while
    /// the search goes on, else what `think` returns (false when it was
    /// exhaustive).
    pub fn advance(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] milliseconds: JsValue,
    ) -> Result<Option<bool>, JsError> {
        let slice = time_budget(&milliseconds, "milliseconds", 60_000.0, 1.0)?;
        if !self.begun {
            return Err(JsError::new(
                "advance: no search begun (call begin(seconds) first)",
            ));
        }
        Ok(self.session.advance(slice))
    }

    /// Runs the next beam; false when the search has been exhaustive (a
    /// wider beam would find nothing more). It has no clock: on a large
    /// board (64 × 64) one beam takes seconds to minutes, so call it in a
    /// worker, or run the search with `begin` and `advance` instead.
    pub fn step(&mut self) -> bool {
        self.session.step()
    }

    /// The best score so far (benchmark rules: (m − 2)², +1000 cleared).
    #[wasm_bindgen(js_name = bestScore)]
    pub fn best_score(&self) -> f64 {
        self.session.best().score as f64
    }

    /// Whether the best move list clears the board.
    pub fn cleared(&self) -> bool {
        self.session.best().cleared
    }

    /// The best move list as (col, row) pairs, 0-based, row from the bottom.
    #[wasm_bindgen(js_name = bestMoves)]
    pub fn best_moves(&self) -> Vec<u8> {
        line_bytes(&self.session.best())
    }

    /// The width of the last beam that ran to its end.
    pub fn width(&self) -> u32 {
        self.session.best().width as u32
    }

    /// The widest beam this session runs.
    #[wasm_bindgen(js_name = maxWidth)]
    pub fn max_width(&self) -> u32 {
        self.session.max_width() as u32
    }

    /// Positions evaluated so far.
    pub fn nodes(&self) -> f64 {
        self.session.best().nodes as f64
    }

    /// The bytes of this module's wasm memory now (it only grows).
    #[wasm_bindgen(js_name = memoryBytes)]
    pub fn memory_bytes() -> f64 {
        (core::arch::wasm32::memory_size(0) * 65536) as f64
    }

    /// The stated cap on a solver worker's wasm memory, in bytes.
    #[wasm_bindgen(js_name = memoryCap)]
    pub fn memory_cap() -> f64 {
        WORKER_MEMORY_CAP as f64
    }
}
