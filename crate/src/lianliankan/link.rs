//! 连连看 links: a generated deal,
//! `game=lianliankan&w=W&h=H&kinds=K&variant=V&seed=N`, or a given board,
//! `game=lianliankan&variant=V&board=ROW/ROW/…` (rows from the top, one
//! character per cell: `.` empty, kinds as `A`–`Z`, `a`–`z`, `0`–`9`),
//! optionally with `&moves=…`: the moves made, comma-separated, each
//! `x1.y1.x2.y2` (a pair: 0-based columns from the left and rows from the
//! top) or `s` (a shuffle). A deal without `seed` takes a fresh one; any of
//! w, h, kinds and variant left out takes the Classic preset's (16 × 9,
//! 36 kinds, `none`; kinds at most one per pair of cells).

use super::deal::{deal, Deal, Spec};
use super::{kind_of, letter, Board, Move, Pos, Variant, MAX_SHUFFLES, MAX_SIDE};
use crate::link::{number, shorten};

/// The Classic preset: 16 × 9, 36 kinds (each four times), nothing slides.
pub const CLASSIC: Spec = Spec {
    w: 16,
    h: 9,
    kinds: 36,
    variant: Variant::None,
};

/// Most moves a link may hold.
pub const MAX_LINK_MOVES: usize = 2048;

/// A winning order: pairs removed one after another.
pub type Order = Vec<(Pos, Pos)>;

/// Where a linked game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The deal of a spec and seed.
    Deal(Spec, u64),
    /// A given board.
    Board(Board, Variant),
}

impl Start {
    /// The variant played.
    pub fn variant(&self) -> Variant {
        match self {
            Start::Deal(spec, _) => spec.variant,
            Start::Board(_, v) => *v,
        }
    }

    /// The start's board, with the deal's winning order for a deal.
    pub fn open(&self) -> Result<(Board, Option<Order>), String> {
        match self {
            Start::Deal(spec, seed) => {
                let Deal { board, order } = deal(*spec, *seed)?;
                Ok((board, Some(order)))
            }
            Start::Board(b, _) => Ok((b.clone(), None)),
        }
    }
}

/// A parsed 连连看 link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// Where the game starts.
    pub start: Start,
    /// The moves made.
    pub moves: Vec<Move>,
}

/// The board of a `board=` value.
pub fn parse_board(value: &str) -> Result<Board, String> {
    let rows: Vec<&str> = value.split('/').collect();
    if rows.len() > MAX_SIDE {
        return Err(format!("board: more than {} rows", MAX_SIDE));
    }
    let w = rows[0].chars().count();
    if !(1..=MAX_SIDE).contains(&w) {
        return Err(format!("board: a row holds 1 to {} cells", MAX_SIDE));
    }
    let mut cells = Vec::with_capacity(w * rows.len());
    for (y, row) in rows.iter().enumerate() {
        let n = row.chars().count();
        if n != w {
            // (One cell said so: it was "row 2 has 1 cells".)
            return Err(format!(
                "board: row {} has {}, row 1 has {}",
                y + 1,
                crate::text::plural(n.min(1000) as i64, "cell"),
                w
            ));
        }
        for c in row.chars() {
            cells.push(kind_of(c).ok_or_else(|| {
                format!(
                    "board: '{}' in row {} is not a tile (A–Z, a–z, 0–9) or '.'",
                    crate::text::shown_char(c),
                    y + 1
                )
            })?);
        }
    }
    Board::from_cells(w, rows.len(), cells).map_err(|e| format!("board: {}", e))
}

/// The `board=` value of a board.
pub fn board_text(b: &Board) -> String {
    b.cells()
        .chunks(b.width())
        .map(|row| row.iter().map(|&k| letter(k)).collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

fn parse_move(m: &str) -> Result<Move, String> {
    if m == "s" {
        return Ok(Move::Shuffle);
    }
    let bad = || format!("moves: '{}' is not x1.y1.x2.y2 or s", shorten(m));
    let parts: Vec<&str> = m.split('.').collect();
    if parts.len() != 4 {
        return Err(bad());
    }
    let mut v = [0i32; 4];
    for (slot, p) in v.iter_mut().zip(&parts) {
        let n = number("moves", p)?;
        if n >= MAX_SIDE as u64 {
            return Err(format!("moves: '{}' lies outside any board", shorten(m)));
        }
        *slot = n as i32;
    }
    Ok(Move::Pair(Pos::new(v[0], v[1]), Pos::new(v[2], v[3])))
}

impl Link {
    /// Parses a link (with or without `#`); `fresh_seed` is the seed of a
    /// deal that names none. The moves are checked by playing them.
    pub fn parse(text: &str, fresh_seed: Option<u64>) -> Result<Link, String> {
        let text = text.strip_prefix('#').unwrap_or(text);
        let (mut w, mut h, mut kinds, mut variant, mut seed, mut board) =
            (None, None, None, None, None, None);
        let mut moves = Vec::new();
        let mut shuffles = 0u32;
        for part in text.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("'{}' is not key=value", shorten(part)))?;
            let once = |set: bool| {
                if set {
                    Err(format!("'{}' is given twice", key))
                } else {
                    Ok(())
                }
            };
            match key {
                "game" if value == "lianliankan" => {}
                "game" => return Err(format!("unknown game '{}'", shorten(value))),
                "w" => {
                    once(w.is_some())?;
                    w = Some(number(key, value)?)
                }
                "h" => {
                    once(h.is_some())?;
                    h = Some(number(key, value)?)
                }
                "kinds" => {
                    once(kinds.is_some())?;
                    kinds = Some(number(key, value)?)
                }
                "seed" => {
                    once(seed.is_some())?;
                    seed = Some(number(key, value)?)
                }
                "variant" => {
                    once(variant.is_some())?;
                    variant = Some(Variant::parse(value)?)
                }
                "board" => {
                    once(board.is_some())?;
                    let b = parse_board(value)?;
                    if b.is_empty() {
                        return Err("board: no tile on it (a game needs something to play)".into());
                    }
                    board = Some(b)
                }
                "moves" => {
                    for m in value.split(',').filter(|m| !m.is_empty()) {
                        if moves.len() == MAX_LINK_MOVES {
                            return Err(format!("moves: more than {} moves", MAX_LINK_MOVES));
                        }
                        let m = parse_move(m)?;
                        shuffles += u32::from(m == Move::Shuffle);
                        if shuffles > MAX_SHUFFLES {
                            return Err(format!(
                                "moves: more than {} shuffles (a game allows {})",
                                MAX_SHUFFLES, MAX_SHUFFLES
                            ));
                        }
                        moves.push(m);
                    }
                }
                other => {
                    return Err(format!(
                        "unknown key '{}' (a 连连看 link has game, w, h, kinds, variant, seed or board, moves)",
                        shorten(other)
                    ))
                }
            }
        }
        let variant = variant.unwrap_or(CLASSIC.variant);
        let start = match board {
            Some(b) => {
                if w.is_some() || h.is_some() || kinds.is_some() || seed.is_some() {
                    return Err(
                        "a link has a board or w, h, kinds and seed for a deal, not both".into(),
                    );
                }
                Start::Board(b, variant)
            }
            None => {
                let (w, h) = (w.unwrap_or(CLASSIC.w as u64), h.unwrap_or(CLASSIC.h as u64));
                // Left out: Classic's, or as many as a smaller board takes (one pair each).
                let kinds =
                    kinds.unwrap_or((CLASSIC.kinds as u64).min(w.saturating_mul(h) / 2).max(1));
                // Checked as written (then they fit sizes).
                Spec::check_numbers(w, h, kinds)?;
                let spec = Spec {
                    w: w as usize,
                    h: h as usize,
                    kinds: kinds as usize,
                    variant,
                };
                let seed = seed.or(fresh_seed).unwrap_or(1);
                Start::Deal(spec, seed)
            }
        };
        Ok(Link { start, moves })
    }
}

/// A move as a link writes it.
pub fn move_text(m: Move) -> String {
    match m {
        Move::Pair(a, b) => format!("{}.{}.{}.{}", a.x, a.y, b.x, b.y),
        Move::Shuffle => "s".into(),
    }
}

impl std::fmt::Display for Link {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "game=lianliankan")?;
        match &self.start {
            Start::Deal(spec, seed) => write!(
                f,
                "&w={}&h={}&kinds={}&variant={}&seed={}",
                spec.w, spec.h, spec.kinds, spec.variant, seed
            )?,
            Start::Board(b, v) => write!(f, "&variant={}&board={}", v, board_text(b))?,
        }
        if !self.moves.is_empty() {
            let moves: Vec<String> = self.moves.iter().map(|&m| move_text(m)).collect();
            write!(f, "&moves={}", moves.join(","))?;
        }
        Ok(())
    }
}
