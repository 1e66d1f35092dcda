//! 连连看 for the page: `LianliankanApp`, a game on the shared `History`
//! (undo, redo, restart), with the path and slides of the last move for
//! animation, hints and the winnability verdict from the exact solver, and
//! the turn-limited search as layers for "Show search". `PathQueries`
//! answers a mahjong or POJ 1101 input as the command-line judges do.
//!
//! Unlike the other games, 连连看 counts rows from the **top** (as the
//! path-connect problems do): x is the column from the left, y the row
//! from the top, both 0-based; path corners on the ring are −1 or w / h.

use std::collections::HashMap;

use wasm_bindgen::prelude::*;

use super::{coordinate, fresh_seed, number_array, text, time_budget, whole, whole_any, MAX_SAFE};
use crate::budget::Budget;
use crate::connect;
use crate::game::History;
use crate::lianliankan::deal::Spec;
use crate::lianliankan::link::{move_text, Link, Start, CLASSIC};
use crate::lianliankan::solve::{Session, Settings, Verdict};
use crate::lianliankan::{
    letter, Board, Lianliankan, Move, Pos, Position, Record, Variant, KIND_LETTERS, MAX_KINDS,
    MAX_SHUFFLES, MAX_SIDE,
};

/// Positions the winnability verdict, a hint or a step may examine (tens
/// of milliseconds in a browser; "unknown" past it).
const VERDICT_NODES: u64 = 40_000;

/// Positions whose verdict is kept (a game's worth and more).
const VERDICT_CACHE: usize = 4096;

/// Earlier positions "Undo to the last winnable position" may solve anew
/// (each within [`VERDICT_NODES`]; known verdicts are free): walking back
/// through a long game of undecided positions would otherwise solve
/// hundreds of them in one call.
const UNDO_SOLVES: usize = 12;

/// Lost positions the verdict's search remembers (16 bytes each, about
/// 9 MB of the page's memory at most): [`LianliankanApp::decide`] may search
/// on for as long as it is called.
const VERDICT_MEMO: usize = 1 << 18;

/// The longest one [`LianliankanApp::decide`] call may search.
const DECIDE_MAX_MS: f64 = 1000.0;

/// A 连连看 game being played.
#[wasm_bindgen]
pub struct LianliankanApp {
    start: Start,
    history: History<Lianliankan>,
    /// The deal's winning order (from the start).
    order: Option<Vec<(Pos, Pos)>>,
    /// Verdicts by position (board and shuffles): the order when won.
    verdicts: HashMap<Position, Verdict>,
    /// The search of an undecided position shown, kept for `decide` to
    /// go on with.
    session: Option<(Position, Session)>,
    /// The walk back of `undosToWinnable` for the game shown, as
    /// `searchBack` goes on with it.
    back: Option<WalkBack>,
}

/// How far the walk back of `undosToWinnable` has gone for the game shown,
/// named by the `moves` played from its start (shuffles included; they name
/// the position too, and the same position reached in another order has
/// other positions behind it): the earlier positions it solved anew (at
/// most [`UNDO_SOLVES`], with their verdicts, which the verdict cache may
/// have dropped since) and the search of the one it is solving, kept
/// between the slices of `searchBack`.
struct WalkBack {
    moves: Vec<Move>,
    solved: HashMap<Position, Verdict>,
    search: Option<(Position, Session)>,
}

/// The verdict's search: the learned order (restarts ordered by what
/// earlier runs found decide more positions within the budget when tiles
/// slide) and sleep sets.
fn verdict_settings() -> Settings {
    Settings {
        learn: true,
        sleep: true,
        memo_cap: VERDICT_MEMO,
        ..Settings::nodes(VERDICT_NODES)
    }
}

fn js(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

#[wasm_bindgen]
impl LianliankanApp {
    /// The Classic preset (16 × 9, 36 kinds, nothing slides), seed 1.
    #[wasm_bindgen(constructor)]
    pub fn new() -> LianliankanApp {
        LianliankanApp::from_start(Start::Deal(CLASSIC, 1)).expect("the classic deal")
    }

    fn from_start(start: Start) -> Result<LianliankanApp, String> {
        let (board, order) = start.open()?;
        let rules = Lianliankan {
            variant: start.variant(),
        };
        Ok(LianliankanApp {
            history: History::new(rules, Position::start(board)),
            start,
            order,
            verdicts: HashMap::new(),
            session: None,
            back: None,
        })
    }

    /// A new deal: `w` × `h` (1–32, an even number of cells), `kinds`
    /// kinds (1–62, at most one per pair), `variant` by name, `seed`
    /// (a whole number ≥ 0). Throws on bad settings; the game shown stays.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] w: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] h: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] kinds: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] variant: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
    ) -> Result<(), JsError> {
        let spec = Spec {
            // The spec names the rest (an odd board, more kinds than pairs).
            w: whole(&w, "width", 1, MAX_SIDE as i64)? as usize,
            h: whole(&h, "height", 1, MAX_SIDE as i64)? as usize,
            kinds: whole(&kinds, "kinds", 1, MAX_KINDS as i64)? as usize,
            variant: Variant::parse(&text(&variant, "variant")?)
                .map_err(|e| js(format!("variant: {}", e)))?,
        };
        let seed = whole(&seed, "seed", 0, MAX_SAFE)? as u64;
        spec.check().map_err(js)?;
        *self = LianliankanApp::from_start(Start::Deal(spec, seed)).map_err(js)?;
        Ok(())
    }

    /// Opens a link (`game=lianliankan&…`, see the README); on error the
    /// game shown stays and the error says what is wrong. `fresh`
    /// (optional) is the seed of a deal whose link names none; a random one
    /// when left out.
    #[wasm_bindgen(js_name = openLink)]
    pub fn open_link(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] link: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] fresh: JsValue,
    ) -> Result<(), JsError> {
        let link = super::link_text(&link)?;
        let fresh = fresh_seed(&fresh)?;
        let bad = |e: String| JsError::new(&format!("link: {}", e));
        crate::link::expect_game(&link, "lianliankan")
            .map_err(|e| JsError::new(&format!("link: {}", e)))?;
        let parsed = Link::parse(&link, fresh).map_err(bad)?;
        let mut app = LianliankanApp::from_start(parsed.start).map_err(bad)?;
        for (i, m) in parsed.moves.into_iter().enumerate() {
            app.history
                .play(m)
                .map_err(|e| bad(format!("moves: move {} ({}): {}", i + 1, move_text(m), e)))?;
        }
        *self = app;
        Ok(())
    }

    /// The link of the position shown, moves included (without `#`).
    pub fn link(&self) -> String {
        Link {
            start: self.start.clone(),
            moves: self.history.moves_played().collect(),
        }
        .to_string()
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.board().width() as u32
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.board().height() as u32
    }

    /// The variant's name.
    pub fn variant(&self) -> String {
        self.start.variant().name().into()
    }

    /// The deal's kinds (for a given board: the highest kind on it).
    pub fn kinds(&self) -> u32 {
        match &self.start {
            Start::Deal(spec, _) => spec.kinds as u32,
            Start::Board(b, _) => b.cells().iter().copied().max().unwrap_or(0) as u32,
        }
    }

    /// The deal's seed, or −1 for a given board.
    pub fn seed(&self) -> f64 {
        match &self.start {
            Start::Deal(_, seed) => *seed as f64,
            Start::Board(..) => -1.0,
        }
    }

    /// The kind in each cell (0 empty), row by row from the top, each row
    /// from the left.
    pub fn cells(&self) -> Vec<u8> {
        self.board().cells().to_vec()
    }

    /// The letter drawn on kind `k` (A–Z, a–z, 0–9), empty for a whole number
    /// that names no kind (0, a negative number, one above 62); an Error
    /// names `kind` for anything else.
    pub fn letter(
        #[wasm_bindgen(unchecked_param_type = "number")] k: JsValue,
    ) -> Result<String, JsError> {
        let k = whole_any(&k, "kind")?;
        Ok(if (1..=KIND_LETTERS.len() as i64).contains(&k) {
            letter(k as u8).to_string()
        } else {
            String::new()
        })
    }

    fn board(&self) -> &Board {
        &self.history.current().board
    }

    fn cell(&self, x: i64, y: i64) -> Result<Pos, JsError> {
        if (0..i64::from(self.width())).contains(&x) && (0..i64::from(self.height())).contains(&y) {
            Ok(Pos::new(x as i32, y as i32))
        } else {
            Err(js(format!(
                "cell (x {}, y {}) is outside the {} × {} board",
                x,
                y,
                self.width(),
                self.height()
            )))
        }
    }

    /// Removes the tiles at (x1, y1) and (x2, y2) when they join (same
    /// kind, a path of at most two turns), slides by the variant and
    /// returns the path's corners as an array [x, y, x, y, …]; returns
    /// null and changes nothing when they do not join. Throws for a cell
    /// off the board or a coordinate that is not a whole number.
    #[wasm_bindgen(js_name = tryPair, unchecked_return_type = "number[] | null")]
    pub fn try_pair(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x2: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y2: JsValue,
    ) -> Result<JsValue, JsError> {
        let (a, b) = self.two_cells(&x1, &y1, &x2, &y2)?;
        Ok(self
            .play_pair(a, b)
            .map_or(JsValue::NULL, |p| number_array(&p)))
    }

    /// The cells (x1, y1) and (x2, y2) from JavaScript.
    fn two_cells(
        &self,
        x1: &JsValue,
        y1: &JsValue,
        x2: &JsValue,
        y2: &JsValue,
    ) -> Result<(Pos, Pos), JsError> {
        let a = self.cell(coordinate(x1, "x1")?, coordinate(y1, "y1")?)?;
        let b = self.cell(coordinate(x2, "x2")?, coordinate(y2, "y2")?)?;
        Ok((a, b))
    }

    fn play_pair(&mut self, a: Pos, b: Pos) -> Option<Vec<i32>> {
        // The first pair of a winning order known here: the rest of it wins
        // from the next position (kept, so that a long search's answer
        // serves every move of its order).
        let rest = match self.verdicts.get(self.history.current()) {
            Some(Verdict::Won(order))
                if order.first().is_some_and(|&m| m == (a, b) || m == (b, a)) =>
            {
                Some(order[1..].to_vec())
            }
            _ => None,
        };
        let path = match self.history.play(Move::Pair(a, b)) {
            Ok(Record::Pair { path, .. }) => flat(path.clone()),
            _ => return None,
        };
        if let Some(rest) = rest {
            let pos = self.history.current().clone();
            if !self.verdicts.contains_key(&pos) {
                self.remember(pos, Verdict::Won(rest));
            }
        }
        Some(path)
    }

    /// Why (x1, y1) and (x2, y2) do not join ("the two tiles are of
    /// different kinds", "no path with at most two turns joins the two
    /// tiles", …), or "" when they do.
    #[wasm_bindgen(js_name = pairProblem)]
    pub fn pair_problem(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x2: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y2: JsValue,
    ) -> Result<String, JsError> {
        let (a, b) = self.two_cells(&x1, &y1, &x2, &y2)?;
        Ok(match self.board().join(a, b) {
            Ok(_) => String::new(),
            Err(e) => e.to_string(),
        })
    }

    /// The fewest-segment path joining (x1, y1) and (x2, y2) as they stand
    /// (corners [x, y, …], ring −1 / w / h), or an empty array when they do
    /// not join; nothing changes ("Show search" draws it).
    #[wasm_bindgen(js_name = pathBetween)]
    pub fn path_between(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x2: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y2: JsValue,
    ) -> Result<Vec<i32>, JsError> {
        let (a, b) = self.two_cells(&x1, &y1, &x2, &y2)?;
        Ok(self.board().join(a, b).map(flat).unwrap_or_default())
    }

    /// The corners of the last pair's path (x, y pairs), empty when the
    /// last move was a shuffle or there is none.
    #[wasm_bindgen(js_name = lastPath)]
    pub fn last_path(&self) -> Vec<i32> {
        match self.history.played().last() {
            Some((_, Record::Pair { path, .. })) => flat(path.clone()),
            _ => Vec::new(),
        }
    }

    /// The tiles the last move slid: fromX, fromY, toX, toY for each.
    #[wasm_bindgen(js_name = lastSlides)]
    pub fn last_slides(&self) -> Vec<i32> {
        match self.history.played().last() {
            Some((_, Record::Pair { slides, .. })) => slides
                .iter()
                .flat_map(|(f, t)| [f.x, f.y, t.x, t.y])
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The last move's kind (0 for a shuffle or none).
    #[wasm_bindgen(js_name = lastKind)]
    pub fn last_kind(&self) -> u8 {
        match self.history.played().last() {
            Some((_, Record::Pair { kind, .. })) => *kind,
            _ => 0,
        }
    }

    /// Shuffles a game allows (10).
    #[wasm_bindgen(js_name = maxShuffles)]
    pub fn max_shuffles() -> u32 {
        MAX_SHUFFLES
    }

    /// Shuffles the tiles left into an arrangement the solver proves
    /// winnable (counted in the score: −50). Throws when none is found or
    /// the game has had its [`MAX_SHUFFLES`].
    pub fn shuffle(&mut self) -> Result<(), JsError> {
        if self.board().is_empty() {
            return Err(js("no tile is left to shuffle"));
        }
        self.history.play(Move::Shuffle).map(|_| ()).map_err(js)
    }

    /// Every pair that joins now: x1, y1, x2, y2 for each.
    #[wasm_bindgen(js_name = allPairs)]
    pub fn all_pairs(&self) -> Vec<i32> {
        self.board()
            .pairs()
            .iter()
            .flat_map(|(a, b)| [a.x, a.y, b.x, b.y])
            .collect()
    }

    /// The verdict of the position shown (cached): won with an order,
    /// lost, or unknown.
    fn verdict(&mut self) -> Verdict {
        let pos = self.history.current().clone();
        self.verdict_of(pos)
    }

    fn verdict_of(&mut self, pos: Position) -> Verdict {
        if let Some(v) = self.verdicts.get(&pos) {
            return v.clone();
        }
        // On the deal's own line, its order is the answer.
        let played: Vec<Move> = self.history.moves_played().collect();
        if let Some(order) = &self.order {
            if pos == *self.history.current()
                && played.len() <= order.len()
                && played
                    .iter()
                    .zip(order)
                    .all(|(m, &(a, b))| *m == Move::Pair(a, b))
            {
                return Verdict::Won(order[played.len()..].to_vec());
            }
        }
        let mut session = Session::new(&pos.board, self.start.variant(), verdict_settings());
        let v = session.advance(Budget::nodes(VERDICT_NODES));
        // Undecided and shown: `decide` may go on from here.
        if pos == *self.history.current() {
            self.session = (v == Verdict::Unknown).then(|| (pos.clone(), session));
        }
        self.remember(pos, v.clone());
        v
    }

    fn remember(&mut self, pos: Position, v: Verdict) {
        if self.verdicts.len() >= VERDICT_CACHE {
            // The position shown keeps its answer (one `decide` may have
            // searched for seconds to find it).
            let kept = self.verdicts.remove_entry(self.history.current());
            self.verdicts.clear();
            self.verdicts.extend(kept);
        }
        self.verdicts.insert(pos, v);
    }

    /// Searches on, for about `milliseconds` (0–1000), whether the
    /// position shown can be won, from where the verdict's search (and
    /// earlier calls) stopped while it stayed shown — a position shown
    /// again after another undecided one starts afresh; when its verdict
    /// is not known yet, that first search (40,000 positions) comes
    /// first: "yes", "no" or "unknown". Once it says "yes" or "no",
    /// `winnable`, `hint`, `step` and `undosToWinnable` answer from it.
    /// The page calls it in slices while its verdict says "unknown".
    /// Throws on a bad `milliseconds`.
    pub fn decide(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] milliseconds: JsValue,
    ) -> Result<String, JsError> {
        let budget = time_budget(&milliseconds, "milliseconds", DECIDE_MAX_MS, 1.0)?;
        let pos = self.history.current().clone();
        if self.verdict_of(pos.clone()) == Verdict::Unknown {
            let session = match &mut self.session {
                Some((p, s)) if *p == pos => s,
                // (The position came back, by undo or redo, after its search was dropped.)
                _ => {
                    let s = Session::new(&pos.board, self.start.variant(), verdict_settings());
                    &mut self.session.insert((pos.clone(), s)).1
                }
            };
            let v = session.advance(budget);
            if v != Verdict::Unknown {
                self.session = None;
                self.remember(pos, v);
            }
        }
        Ok(self.winnable())
    }

    /// Whether the position shown can still be won: "yes", "no" or
    /// "unknown" (the search ran out of its budget).
    pub fn winnable(&mut self) -> String {
        match self.verdict() {
            Verdict::Won(_) => "yes",
            Verdict::Lost => "no",
            Verdict::Unknown => "unknown",
        }
        .into()
    }

    /// A pair whose removal keeps the game winnable: an array [x1, y1, x2,
    /// y2], or undefined when the position is lost or the search ran out.
    #[wasm_bindgen(unchecked_return_type = "number[] | undefined")]
    pub fn hint(&mut self) -> JsValue {
        match self.verdict() {
            Verdict::Won(order) => order.first().map_or(JsValue::UNDEFINED, |(a, b)| {
                number_array(&[a.x, a.y, b.x, b.y])
            }),
            _ => JsValue::UNDEFINED,
        }
    }

    /// The corners of the hint's path (x, y pairs), empty without a hint.
    #[wasm_bindgen(js_name = hintPath)]
    pub fn hint_path(&mut self) -> Vec<i32> {
        match self.verdict() {
            Verdict::Won(order) => order
                .first()
                .and_then(|&(a, b)| self.board().join(a, b).ok())
                .map(flat)
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// Plays the next pair of a winning order (the deal's, or the
    /// solver's from here); false when there is none (won, lost or
    /// unknown).
    pub fn step(&mut self) -> bool {
        match self.verdict() {
            Verdict::Won(order) => match order.first() {
                Some(&(a, b)) => self.play_pair(a, b).is_some(),
                None => false,
            },
            _ => false,
        }
    }

    /// How many undos lead back to the last position the solver proves
    /// winnable (0 when the position shown is winnable; −1 when none is
    /// found within the budget: at most 12 earlier positions solved anew,
    /// or none of them winnable). May search for a second or more: see
    /// `searchBack`.
    #[wasm_bindgen(js_name = undosToWinnable)]
    pub fn undos_to_winnable(&mut self) -> i32 {
        self.walk_back(None).expect("a walk with no slices ends")
    }

    /// `undosToWinnable` in slices of about `milliseconds` (0–1000): what it
    /// answers, once it needs no more searching; until then undefined, after
    /// searching on (for that long) the earlier position it is solving —
    /// call again. The walk goes on from where the last call stopped while
    /// the same position is shown. Throws on a bad `milliseconds`.
    #[wasm_bindgen(js_name = searchBack, unchecked_return_type = "number | undefined")]
    pub fn search_back(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] milliseconds: JsValue,
    ) -> Result<JsValue, JsError> {
        let budget = time_budget(&milliseconds, "milliseconds", DECIDE_MAX_MS, 1.0)?;
        Ok(self
            .walk_back(Some(budget))
            .map_or(JsValue::UNDEFINED, JsValue::from))
    }

    /// The walk back of `undosToWinnable`: its answer, or None when a
    /// `slice` of searching ended before it.
    fn walk_back(&mut self, slice: Option<Budget>) -> Option<i32> {
        let current = self.history.current().clone();
        let played: Vec<Move> = self.history.moves_played().collect();
        if self.back.as_ref().is_none_or(|b| b.moves != played) {
            self.back = Some(WalkBack {
                moves: played.clone(),
                solved: HashMap::new(),
                search: None,
            });
        }
        let positions: Vec<Position> = {
            let mut h = self.history.clone();
            let mut list = vec![current];
            while h.undo() {
                list.push(h.current().clone());
            }
            list
        };
        // The positions on the deal's own winning line are winnable: the
        // first `on_line` moves played follow its order.
        let on_line = self.order.as_ref().map_or(0, |order| {
            played
                .iter()
                .zip(order)
                .take_while(|(m, &(a, b))| **m == Move::Pair(a, b))
                .count()
        });
        for (k, pos) in positions.into_iter().enumerate() {
            if k > 0 && played.len() - k <= on_line && self.order.is_some() {
                return Some(k as i32);
            }
            let back = self.back.as_mut().expect("the walk of the game shown");
            let v = if k == 0 {
                self.verdict()
            } else if let Some(v) = back.solved.get(&pos).or_else(|| self.verdicts.get(&pos)) {
                v.clone()
            } else {
                if back.solved.len() >= UNDO_SOLVES {
                    // Out of searches: the deal's own line is still known.
                    return Some(match self.order {
                        Some(_) => (played.len() - on_line) as i32,
                        None => -1,
                    });
                }
                // As the verdict's search, in slices when asked.
                let search = match &mut back.search {
                    Some((p, s)) if *p == pos => s,
                    _ => {
                        let s = Session::new(&pos.board, self.start.variant(), verdict_settings());
                        &mut back.search.insert((pos.clone(), s)).1
                    }
                };
                let left = Budget::nodes(VERDICT_NODES.saturating_sub(search.nodes()));
                let v = search.advance(match slice {
                    Some(t) => Budget {
                        nodes: left.nodes,
                        ..t
                    },
                    None => left,
                });
                // A slice's time ran out first. (A search stopped by its
                // node budget has expanded all but the last position it
                // counted; a walk with no slices gives each search its
                // whole budget in one call.)
                if slice.is_some() && v == Verdict::Unknown && search.nodes() + 1 < VERDICT_NODES {
                    return None;
                }
                back.search = None;
                back.solved.insert(pos.clone(), v.clone());
                self.remember(pos, v.clone());
                if slice.is_some() && !matches!(v, Verdict::Won(_)) {
                    // A slice solves one position at most.
                    return None;
                }
                v
            };
            if matches!(v, Verdict::Won(_)) {
                return Some(k as i32);
            }
        }
        Some(-1)
    }

    /// For "Show search": from the tile at (x, y), the cells of the board
    /// and its ring reachable with 1, 2 and 3 segments through empty
    /// cells, as a (w + 2) × (h + 2) grid (ring included, rows from the
    /// top): 1–3 for an empty cell first reached with that many segments,
    /// 5–7 for a tile of the same kind a path of 1–3 segments reaches, 4
    /// for the tile itself, 0 otherwise.
    pub fn reach(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
    ) -> Result<Vec<u8>, JsError> {
        let from = self.cell(coordinate(&x, "x")?, coordinate(&y, "y")?)?;
        Ok(crate::lianliankan::reach(self.board(), from))
    }

    /// Whether the board is empty.
    #[wasm_bindgen(js_name = isWon)]
    pub fn is_won(&self) -> bool {
        self.board().is_empty()
    }

    /// Whether no pair joins and tiles are left (a shuffle is offered while
    /// the game has one left).
    #[wasm_bindgen(js_name = isStuck)]
    pub fn is_stuck(&self) -> bool {
        !self.board().is_empty() && !self.board().has_pair()
    }

    /// Whether the game is over: won, or stuck with no shuffle left (lost;
    /// undo still goes back).
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.history.is_over()
    }

    /// What the game-over message says: "" while the game goes on.
    #[wasm_bindgen(js_name = overText)]
    pub fn over_text(&self) -> String {
        if self.is_won() {
            let moves = self.moves();
            format!(
                "Cleared in {} move{} with {} points.",
                moves,
                if moves == 1 { "" } else { "s" },
                self.history.current().score()
            )
        } else if self.is_over() {
            format!(
                "No pair can be joined and no shuffle is left: the game is lost after {} moves with {} points.",
                self.moves(),
                self.history.current().score()
            )
        } else {
            String::new()
        }
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.history.undo()
    }

    /// Plays again the last move taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        self.history.redo()
    }

    /// Whether a move can be redone.
    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Back to the deal's start (every move can be redone).
    pub fn restart(&mut self) {
        self.history.restart();
    }

    /// Moves made (pairs and shuffles).
    pub fn moves(&self) -> u32 {
        self.history.played().len() as u32
    }

    /// The score: 10 per pair removed, −50 per shuffle.
    pub fn score(&self) -> f64 {
        self.history.current().score() as f64
    }

    /// Shuffles made.
    pub fn shuffles(&self) -> u32 {
        self.history.current().shuffles
    }

    /// Tiles left.
    pub fn tiles(&self) -> u32 {
        self.board().tiles() as u32
    }

    /// The moves made, one per line: `x1 y1 x2 y2` or `shuffle`.
    pub fn log(&self) -> String {
        self.history
            .moves_played()
            .map(|m| match m {
                Move::Pair(a, b) => format!("{} {} {} {}\n", a.x, a.y, b.x, b.y),
                Move::Shuffle => "shuffle\n".into(),
            })
            .collect()
    }

    /// The board as text (rows from the top, `.` empty, kinds as letters).
    pub fn text(&self) -> String {
        self.board().to_text()
    }

    /// Words for the cell at (x, y): "column 1, row 2: tile M" or "column 1, row 2: empty" (counted from 1).
    #[wasm_bindgen(js_name = describeCell)]
    pub fn describe_cell(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
    ) -> Result<String, JsError> {
        let p = self.cell(coordinate(&x, "x")?, coordinate(&y, "y")?)?;
        Ok(match self.board().get(p) {
            0 => format!("column {}, row {}: empty", p.x + 1, p.y + 1),
            k => format!("column {}, row {}: tile {}", p.x + 1, p.y + 1, letter(k)),
        })
    }
}

impl Default for LianliankanApp {
    fn default() -> Self {
        LianliankanApp::new()
    }
}

fn flat(path: Vec<Pos>) -> Vec<i32> {
    path.iter().flat_map(|p| [p.x, p.y]).collect()
}

/// A mahjong (seed 002) or POJ 1101 input, answered: its boards, queries,
/// the judge's exact output and each query's path.
#[wasm_bindgen]
pub struct PathQueries {
    poj: bool,
    cases: Vec<connect::judge::Case>,
    output: String,
}

#[wasm_bindgen]
impl PathQueries {
    /// Reads `input` in either format (`connect::judge::parse_either`:
    /// the one that parses; POJ 1101 when both do and its last non-blank
    /// line is `0 0`). Throws "mahjong input, line N: …" (or POJ 1101, the
    /// format read further) on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] input: JsValue,
    ) -> Result<PathQueries, JsError> {
        use connect::judge::Format;
        let input = super::pasted_text(&input, "path queries", super::MAX_PATH_QUERY_CHARS)?;
        let input = input.as_str();
        let (format, cases) =
            connect::judge::parse_either(input).map_err(|(format, e)| match format {
                Format::Mahjong => js(format!("mahjong input, {}", e)),
                Format::Poj1101 => js(format!("POJ 1101 input, {}", e)),
            })?;
        let poj = format == Format::Poj1101;
        let output = if poj {
            connect::judge::judge_poj1101(input)
        } else {
            connect::judge::judge_mahjong(input)
        }
        .map_err(js)?;
        Ok(PathQueries {
            poj,
            cases,
            output: String::from_utf8(output).map_err(js)?,
        })
    }

    /// "poj1101" or "mahjong".
    pub fn format(&self) -> String {
        if self.poj { "poj1101" } else { "mahjong" }.into()
    }

    /// Exactly what `clearboard judge mahjong` / `judge poj1101` prints.
    pub fn output(&self) -> String {
        self.output.clone()
    }

    /// Boards in the input.
    pub fn boards(&self) -> u32 {
        self.cases.len() as u32
    }

    fn case(&self, i: &JsValue) -> Result<&connect::judge::Case, JsError> {
        if self.cases.is_empty() {
            return Err(js("the input has no board"));
        }
        let i = whole(i, "board", 0, self.cases.len() as i64 - 1)?;
        Ok(&self.cases[i as usize])
    }

    /// Board `i`'s width.
    pub fn width(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] i: JsValue,
    ) -> Result<u32, JsError> {
        Ok(self.case(&i)?.board.width() as u32)
    }

    /// Board `i`'s height.
    pub fn height(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] i: JsValue,
    ) -> Result<u32, JsError> {
        Ok(self.case(&i)?.board.height() as u32)
    }

    /// Board `i`'s cells (1 a tile, 0 empty), rows from the top.
    pub fn cells(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] i: JsValue,
    ) -> Result<Vec<u8>, JsError> {
        let b = &self.case(&i)?.board;
        let mut out = Vec::with_capacity(b.width() * b.height());
        for y in 0..b.height() as i32 {
            for x in 0..b.width() as i32 {
                out.push(u8::from(b.get(Pos::new(x, y)) != 0));
            }
        }
        Ok(out)
    }

    /// Board `i`'s queries: x1, y1, x2, y2 (0-based, rows from the top)
    /// for each.
    pub fn queries(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] i: JsValue,
    ) -> Result<Vec<i32>, JsError> {
        Ok(self
            .case(&i)?
            .queries
            .iter()
            .flat_map(|(a, b)| [a.x, a.y, b.x, b.y])
            .collect())
    }

    /// A fewest-segment path from (x1, y1) to (x2, y2) on board `i`
    /// (corners as x, y pairs; empty when there is none). The two cells
    /// must differ and lie on the board.
    pub fn path(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] i: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x2: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y2: JsValue,
    ) -> Result<Vec<i32>, JsError> {
        let board = &self.case(&i)?.board;
        let (w, h) = (board.width() as i64 - 1, board.height() as i64 - 1);
        let a = Pos::new(
            whole(&x1, "x1", 0, w)? as i32,
            whole(&y1, "y1", 0, h)? as i32,
        );
        let b = Pos::new(
            whole(&x2, "x2", 0, w)? as i32,
            whole(&y2, "y2", 0, h)? as i32,
        );
        if a == b {
            return Err(js("a query joins two different cells of the board"));
        }
        let mut f = connect::PathFinder::new(board);
        Ok(f.path(a, b).map(|p| flat(p.corners)).unwrap_or_default())
    }
}
