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
pub use mayan::{judge_mayan, MayanApp};
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
pub fn link_game(
    #[wasm_bindgen(unchecked_param_type = "string")] link: JsValue,
) -> Result<String, JsError> {
    let link = link_text(&link)?;
    crate::link::game_of(&link)
        .map(str::to_string)
        .map_err(|e| JsError::new(&format!("link: {}", e)))
}

/// A whole number from JavaScript: `v` must be a number (not a string,
/// `NaN`, an infinity or a fraction) from `lo` to `hi`; otherwise an Error
/// naming `what` and saying what it got. (A plain `u32` or `i32` argument
/// would take `1.5` as 1, `NaN` as 0 and `2 ** 32 + 1` as 1 without a
/// word.)
pub(crate) fn whole(v: &JsValue, what: &str, lo: i64, hi: i64) -> Result<i64, JsError> {
    match v.as_f64() {
        Some(n) if n.is_finite() && n.fract() == 0.0 => {
            if n >= lo as f64 && n <= hi as f64 {
                Ok(n as i64)
            } else {
                Err(JsError::new(&format!(
                    "{}: {} is not from {} to {}",
                    what,
                    shown(v),
                    lo,
                    hi
                )))
            }
        }
        _ => Err(JsError::new(&format!(
            "{}: a whole number is needed, not {}",
            what,
            shown(v)
        ))),
    }
}

/// A whole number from JavaScript of any size (an Error naming `what` for
/// anything else, as [`whole`]): for calls where a number out of range
/// names nothing (`letter(2 ** 60)` is ""), so that no whole number is
/// refused; beyond the range of `i64` it saturates.
pub(crate) fn whole_any(v: &JsValue, what: &str) -> Result<i64, JsError> {
    match v.as_f64() {
        Some(n) if n.is_finite() && n.fract() == 0.0 => Ok(n as i64),
        _ => whole(v, what, -MAX_SAFE, MAX_SAFE),
    }
}

/// The largest whole number JavaScript holds exactly (2^53 − 1).
pub(crate) const MAX_SAFE: i64 = (1 << 53) - 1;

/// A cell coordinate from JavaScript: any whole number (the board checks
/// its range and says so), else an Error naming `what`.
pub(crate) fn coordinate(v: &JsValue, what: &str) -> Result<i64, JsError> {
    whole(v, what, -MAX_SAFE, MAX_SAFE)
}

#[wasm_bindgen]
extern "C" {
    /// A JavaScript string, for its length (without copying it).
    #[wasm_bindgen(js_name = String)]
    type JsText;
    #[wasm_bindgen(method, getter, structural)]
    fn length(this: &JsText) -> u32;
    /// False when the string holds half of a surrogate pair (an Error where
    /// a browser lacks `isWellFormed`: then taken as well formed).
    #[wasm_bindgen(method, catch, js_name = isWellFormed)]
    fn is_well_formed(this: &JsText) -> Result<bool, JsValue>;
    // These two are caught: a page that replaced them with functions that
    // throw would otherwise unwind through the engine's method and leave
    // its object borrowed for good ("recursive use of an object").
    #[wasm_bindgen(method, catch, js_name = charCodeAt)]
    fn char_code_at(this: &JsText, i: u32) -> Result<u32, JsValue>;
    /// Its UTF-16 units `start..end` (a short piece of a long string is
    /// copied into the wasm, not the whole string).
    #[wasm_bindgen(method, catch)]
    fn slice(this: &JsText, start: u32, end: u32) -> Result<JsValue, JsValue>;
}

/// The most characters (UTF-16 units) of any string argument that has no
/// limit of its own (a link has 100,000, a paste its own): a board, a
/// variant's name. Longer ones are refused before they are copied into the
/// wasm memory, which never shrinks (a 30-million-character board grew it
/// by 29 MiB for good).
pub(crate) const MAX_TEXT_CHARS: usize = 100_000;

/// Where a string from JavaScript holds half of a surrogate pair (1-based,
/// in UTF-16 code units), which no text can: the copy into Rust would
/// show it as '\u{fffd}', a character the caller never wrote.
fn lone_surrogate(v: &JsValue, copied: &str) -> Option<u32> {
    if !copied.contains('\u{fffd}') {
        return None;
    }
    let s = v.unchecked_ref::<JsText>();
    if s.is_well_formed().unwrap_or(true) {
        return None;
    }
    let n = s.length();
    let mut i = 0;
    while i < n {
        // A charCodeAt that throws: the place is not found, the text is
        // still refused (it has a lone surrogate).
        let Ok(u) = s.char_code_at(i) else {
            return Some(i + 1);
        };
        let next = if i + 1 < n {
            s.char_code_at(i + 1).unwrap_or(0)
        } else {
            0
        };
        match u {
            0xD800..=0xDBFF if (0xDC00..=0xDFFF).contains(&next) => i += 2,
            0xD800..=0xDFFF => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// A link from JavaScript: as [`text`], but one over
/// [`crate::link::MAX_LINK_CHARS`] is refused before it is copied into the
/// wasm memory (a 9 MB link grew it by 9–27 MB, which a page never gets back).
pub(crate) fn link_text(v: &JsValue) -> Result<String, JsError> {
    if let Some(n) = longer_than(v, crate::link::MAX_LINK_CHARS) {
        return Err(JsError::new(&format!("link: {}", crate::link::too_long(n))));
    }
    copied_text(v, "link")
}

/// The most characters of a pasted 连连看 path query input: about 25,000
/// queries, a third of a second in the page (10 MB, a million queries, held
/// the page for 12 s and grew the wasm memory for good).
pub(crate) const MAX_PATH_QUERY_CHARS: usize = 250_000;
/// The most characters of a pasted POJ 1027 input (about 3,000 games: a
/// textarea holding 2,000,000 took the browser 2.5 s to show again).
pub(crate) const MAX_POJ_CHARS: usize = 500_000;
/// The most characters of a pasted NOIP 2011 input (a real one has a few hundred).
pub(crate) const MAX_NOIP_CHARS: usize = 100_000;

/// A pasted input from JavaScript: as [`text`], but one over `max`
/// characters (UTF-16 units) is refused before it is copied into the wasm
/// memory, saying its length and the limit.
pub(crate) fn pasted_text(v: &JsValue, what: &str, max: usize) -> Result<String, JsError> {
    if let Some(n) = longer_than(v, max) {
        return Err(JsError::new(&format!(
            "{}: the input is {} characters long; at most {} are read here (the command line reads longer ones)",
            what,
            crate::link::thousands(n),
            crate::link::thousands(max)
        )));
    }
    copied_text(v, what)
}

/// The length of `v` (UTF-16 units, read without copying it) when it is a
/// string longer than `max`.
fn longer_than(v: &JsValue, max: usize) -> Option<usize> {
    v.is_string()
        .then(|| v.unchecked_ref::<JsText>().length() as usize)
        .filter(|&n| n > max)
}

/// A string from JavaScript of at most [`MAX_TEXT_CHARS`], or an Error
/// naming `what` and saying what it got instead.
pub(crate) fn text(v: &JsValue, what: &str) -> Result<String, JsError> {
    if let Some(n) = longer_than(v, MAX_TEXT_CHARS) {
        return Err(JsError::new(&format!(
            "{}: the string is {} characters long; at most {} are read here",
            what,
            crate::link::thousands(n),
            crate::link::thousands(MAX_TEXT_CHARS)
        )));
    }
    copied_text(v, what)
}

/// [`text`] without its limit (for a caller that has checked its own).
fn copied_text(v: &JsValue, what: &str) -> Result<String, JsError> {
    let copied = v
        .as_string()
        .ok_or_else(|| JsError::new(&format!("{}: a string is needed, not {}", what, shown(v))))?;
    match lone_surrogate(v, &copied) {
        Some(at) => Err(JsError::new(&format!(
            "{}: character {} is half of a UTF-16 surrogate pair, which is not text",
            what, at
        ))),
        None => Ok(copied),
    }
}

/// A JavaScript value as an error message names it: a number as
/// JavaScript writes it (`1.5`, `NaN`, `1e+300`: formatted on the
/// JavaScript side, which keeps float formatting out of the wasm), a short
/// string quoted, else its kind.
fn shown(v: &JsValue) -> String {
    if v.as_f64().is_some() {
        let debug = format!("{:?}", v);
        return debug
            .strip_prefix("JsValue(")
            .and_then(|d| d.strip_suffix(')'))
            .unwrap_or(&debug)
            .to_string();
    }
    if v.is_string() {
        // Its first 21 units only are copied (a bad argument of 100 million
        // characters was copied whole into the wasm memory, for good).
        let whole = v.unchecked_ref::<JsText>();
        let piece = whole
            .slice(0, 42)
            .ok()
            .and_then(|p| p.as_string())
            .unwrap_or_default();
        let short: String = piece.chars().take(20).collect();
        let more = if whole.length() as usize > short.encode_utf16().count() {
            "…"
        } else {
            ""
        };
        return format!("the string '{}{}'", short, more);
    }
    if v.is_undefined() {
        "undefined".into()
    } else if v.is_null() {
        "null".into()
    } else if v.as_bool().is_some() {
        "a boolean".into()
    } else if v.is_bigint() {
        "a BigInt".into()
    } else if v.is_function() {
        "a function".into()
    } else if v.is_symbol() {
        "a symbol".into()
    } else {
        "an object".into()
    }
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
extern "C" {
    /// JavaScript's `Math.random()` (caught: a page's replacement that
    /// throws would leave the object being called borrowed for good).
    #[wasm_bindgen(catch, js_namespace = Math, js_name = random)]
    fn math_random() -> Result<f64, JsValue>;
}

/// A number from 0 to 1 (excluded): `Math.random()`, or where that throws or
/// gives something else, the next of a sequence of the engine's own.
#[cfg(target_arch = "wasm32")]
fn random_unit() -> f64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    match math_random() {
        Ok(r) if (0.0..1.0).contains(&r) => r,
        _ => {
            static NEXT: AtomicU64 = AtomicU64::new(0x9E37_79B9_7F4A_7C15);
            let mut z = NEXT.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed);
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            (z >> 11) as f64 / (1u64 << 53) as f64
        }
    }
}

/// The seed for a link that names none: a random one (1 to 2^31 − 2) when
/// not given (undefined or null), else a whole number from 0 to 2^53 − 1
/// (else an Error).
pub(crate) fn fresh_seed(v: &JsValue) -> Result<Option<u64>, JsError> {
    if v.is_undefined() || v.is_null() {
        // Left out: a random seed (1 to 2^31 − 2), as the page deals.
        #[cfg(target_arch = "wasm32")]
        return Ok(Some((random_unit() * 2_147_483_646.0) as u64 + 1));
        #[cfg(not(target_arch = "wasm32"))]
        return Ok(None);
    } else {
        // (Named as the argument is: `fresh`, the seed of a link that names none.)
        whole(v, "fresh", 0, MAX_SAFE).map(|s| Some(s as u64))
    }
}

/// A time budget of `value` (a number from 0 to `max`) in units of
/// `millis` milliseconds; the error names the argument `what`.
pub(crate) fn time_budget(
    value: &JsValue,
    what: &str,
    max: f64,
    millis: f64,
) -> Result<crate::budget::Budget, JsError> {
    let n = value.as_f64().unwrap_or(f64::NAN);
    if !(0.0..=max).contains(&n) {
        // (The value as JavaScript shows it: float formatting here would add 40 KB to the wasm.)
        return Err(JsError::new(&format!(
            "{}: a number from 0 to {} is needed, not {}",
            what,
            max as u64,
            shown(value)
        )));
    }
    Ok(crate::budget::Budget::time(
        std::time::Duration::from_millis((n * millis) as u64),
    ))
}

/// A JavaScript array (not a typed array) of the numbers `v`.
pub(crate) fn number_array(v: &[i32]) -> JsValue {
    JsValue::from(
        v.iter()
            .map(|&n| JsValue::from(n))
            .collect::<Vec<JsValue>>(),
    )
}

/// Checks that (col, row), two numbers from JavaScript, name a cell of a
/// `width` × `height` board: whole numbers (else an Error naming the
/// coordinate), on the board (else an Error naming the cell).
pub(crate) fn on_board(
    width: usize,
    height: usize,
    col: &JsValue,
    row: &JsValue,
) -> Result<(usize, usize), JsError> {
    let (c, r) = (coordinate(col, "column")?, coordinate(row, "row")?);
    if (0..width as i64).contains(&c) && (0..height as i64).contains(&r) {
        Ok((c as usize, r as usize))
    } else {
        // Counted from 0, as the arguments are.
        Err(JsError::new(&format!(
            "cell (column {}, row {}) is outside the {}×{} board (columns 0 to {}, rows 0 to {})",
            c,
            r,
            width,
            height,
            width - 1,
            height.saturating_sub(1)
        )))
    }
}

pub(crate) use crate::text::plural;
