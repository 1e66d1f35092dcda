//! The JavaScript-facing layer: one file per game, each a class with the
//! same method names for the same things — `newGame`, `openLink`, `link`,
//! `width`, `height`, `cells`, `click`, `step`, `undo`, `redo`, `canRedo`,
//! `restart`, `score`, `moves`, `isOver`, `overText`, `log`, `text` — over
//! the engine. It converts and forwards; every rule, score and strategy is
//! the engine's. Bad input from JavaScript (a malformed link, a pasted
//! input, a cell outside the board) is an `Error` with a message, never a
//! panic.
//!
//! Coordinates that cross into JavaScript are 0-based, the column from the
//! left and the row from the **bottom**, for every game; formats that count
//! otherwise (POJ's 1-based (row, column), mahjong's rows from the top) are
//! converted where they are read or written.

use wasm_bindgen::prelude::*;

mod lianliankan;
mod mayan;
mod samegame;

pub use lianliankan::{LianliankanApp, PathQueries};
pub use mayan::MayanApp;
pub use samegame::{poj_game_count, SameGameApp, SolverSession};

/// Installs the panic hook (a panic would be a bug: it then reaches the
/// console with its message).
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The game a link names (`"samegame"`, `"mayan"`, `"lianliankan"`), or an `Error` saying what is
/// wrong with it (no `game=`, an unknown game, a part that is not
/// `key=value`). The page's router calls this before the game's own
/// `openLink`.
#[wasm_bindgen(js_name = linkGame)]
pub fn link_game(link: &str) -> Result<String, JsError> {
    crate::link::game_of(link)
        .map(str::to_string)
        .map_err(|e| JsError::new(&format!("link: {}", e)))
}

/// Checks that (col, row) lies on a `width` × `height` board.
pub(crate) fn on_board(
    width: usize,
    height: usize,
    col: u32,
    row: u32,
) -> Result<(usize, usize), JsError> {
    if (col as usize) < width && (row as usize) < height {
        Ok((col as usize, row as usize))
    } else {
        Err(JsError::new(&format!(
            "cell (column {}, row {}) is outside the {}×{} board",
            col as u64 + 1,
            row as u64 + 1,
            width,
            height
        )))
    }
}

/// "1 ball", "2 balls".
pub(crate) fn plural(n: impl Into<i64>, word: &str) -> String {
    let n = n.into();
    if n == 1 || n == -1 {
        format!("{} {}", n, word)
    } else {
        format!("{} {}s", n, word)
    }
}
