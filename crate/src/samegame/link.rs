//! Game links: the text after `#` in a page address that reopens a game —
//! `game=samegame&board=ROW/ROW/…` (rows top first, letters `RGBYVOCPW`,
//! `.` empty) or `game=samegame&seed=N&w=15&h=10&colors=3`, optionally with
//! `&moves=r.c,r.c,…` (the cells played, 1-based row from the bottom and
//! column, as in the judge's log) so the link follows the game.

use super::board::{Board, Cell};
use super::game::Game;
use super::rules::Rules;

/// Where a linked game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// Exactly this board.
    Board(Board),
    /// A random board.
    Seed {
        /// The generator's seed.
        seed: u64,
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Colours.
        colors: u8,
    },
}

impl Start {
    /// The board it names.
    pub fn board(&self) -> Result<Board, String> {
        match self {
            Start::Board(b) => Ok(b.clone()),
            &Start::Seed {
                seed,
                width,
                height,
                colors,
            } => Board::random(width, height, colors, seed),
        }
    }
}

/// A parsed game link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The start position.
    pub start: Start,
    /// The cells played, in order.
    pub moves: Vec<Cell>,
}

impl Link {
    /// Parses a link (with or without the leading `#`).
    pub fn parse(text: &str) -> Result<Link, String> {
        Link::parse_with_seed(text, None)
    }

    /// Parses a link; a link that names neither a board nor a seed deals a
    /// board from `fresh_seed` when one is given (a size alone is a valid
    /// link then).
    pub fn parse_with_seed(text: &str, fresh_seed: Option<u64>) -> Result<Link, String> {
        let text = text.strip_prefix('#').unwrap_or(text);
        crate::link::no_key_twice(text)?;
        let mut game = None;
        let mut board = None;
        let mut seed = None;
        let (mut w, mut h, mut colors) = (None, None, None);
        let mut moves = Vec::new();
        for part in text.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("'{}' is not key=value", crate::link::shorten(part)))?;
            let number = |v: &str| crate::link::number(key, v);
            match key {
                "game" => game = Some(value.to_string()),
                "board" => {
                    let rows: Vec<&str> = value.split('/').collect();
                    let b = Board::parse_letters(&rows, 1).map_err(|e| {
                        format!("board: row {}", e.to_string().trim_start_matches("line "))
                    })?;
                    if b.balls() == 0 {
                        return Err("board: no ball on it (a game needs something to play)".into());
                    }
                    board = Some(b);
                }
                "seed" => seed = Some(number(value)?),
                "w" => w = Some(number(value)?),
                "h" => h = Some(number(value)?),
                "colors" => colors = Some(number(value)?),
                "moves" => {
                    for m in value.split(',').filter(|m| !m.is_empty()) {
                        // Two runs of digits and one dot: nothing else reads as a cell.
                        let bad = || {
                            format!(
                                "moves: '{}' is not row.column (two whole numbers, such as 3.7)",
                                crate::link::shorten(m)
                            )
                        };
                        let (r, c) = m.split_once('.').ok_or_else(bad)?;
                        let cell = |v: &str| {
                            let digits = !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit());
                            match v.parse::<u64>() {
                                Ok(n) if digits => Ok(n),
                                _ => Err(bad()),
                            }
                        };
                        let (r, c) = (cell(r)?, cell(c)?);
                        // Never a cell of any board (a cell this board lacks is found
                        // when the moves are played: the position before it opens).
                        if r == 0 || c == 0 || r > 64 || c > 64 {
                            return Err(format!(
                                "moves: '{}' is not a cell of any board (rows and columns count from 1 to at most 64)",
                                crate::link::shorten(m)
                            ));
                        }
                        if moves.len() == 64 * 64 / 2 {
                            return Err("moves: more than 2,048 moves, the most a board can take (64 × 64 balls, two a move)".into());
                        }
                        moves.push(Cell::new(c as usize - 1, r as usize - 1));
                    }
                }
                other => {
                    return Err(format!(
                        "unknown key '{}' (a Same Game link has game, board or seed, w, h, colors, moves)",
                        crate::link::shorten(other)
                    ))
                }
            }
        }
        match game.as_deref() {
            Some("samegame") => {}
            Some(other) => return Err(format!("unknown game '{}'", crate::link::shorten(other))),
            None => return Err("the link names no game (game=samegame)".into()),
        }
        let start = match (board, seed.or(fresh_seed)) {
            (Some(_), Some(_)) if seed.is_some() => {
                return Err("a link has a board or a seed, not both".into())
            }
            (Some(_), _) if w.is_some() || h.is_some() || colors.is_some() => {
                return Err(
                    "a link has a board or w, h, colors and seed for a deal, not both".into(),
                )
            }
            (Some(b), _) => Start::Board(b),
            (None, Some(seed)) => {
                let (w, h, colors) = (w.unwrap_or(15), h.unwrap_or(10), colors.unwrap_or(3));
                // Checked as written (then they fit the narrower types).
                super::board::check_size(w, h, colors)?;
                let start = Start::Seed {
                    seed,
                    width: w as usize,
                    height: h as usize,
                    colors: colors as u8,
                };
                start.board()?;
                start
            }
            (None, None) => return Err("the link has neither a board nor a seed".into()),
        };
        Ok(Link { start, moves })
    }

    /// The game it names, with its moves replayed.
    pub fn game(&self, rules: Rules) -> Result<Game, String> {
        let mut game = Game::new(self.start.board()?, rules);
        for (i, &m) in self.moves.iter().enumerate() {
            game.play(m).map_err(|e| {
                format!(
                    "moves: move {} at ({},{}): {}",
                    i + 1,
                    m.row as u32 + 1,
                    m.col as u32 + 1,
                    e
                )
            })?;
        }
        Ok(game)
    }

    /// The link of `start` with the moves of `game`.
    pub fn of(start: &Start, game: &Game) -> Link {
        Link {
            start: start.clone(),
            moves: game.played().iter().map(|p| p.cell).collect(),
        }
    }
}

/// Whether the `board=` of link `text`, which opened `start`, was written
/// otherwise than the board it opened: a ball over a gap, or an empty
/// column left of a ball (the board is settled as the rules leave it);
/// letters in lower case are the same letters.
pub fn board_settled(text: &str, start: &Start) -> bool {
    let Start::Board(b) = start else {
        return false;
    };
    let Some(written) = text.split('&').find_map(|p| p.strip_prefix("board=")) else {
        return false;
    };
    let letters = b.to_letters();
    let shown: Vec<&str> = letters.lines().collect();
    !written.eq_ignore_ascii_case(&shown.join("/"))
}

impl std::fmt::Display for Link {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "game=samegame")?;
        match &self.start {
            Start::Board(b) => {
                let rows: Vec<String> = b.to_letters().lines().map(String::from).collect();
                write!(f, "&board={}", rows.join("/"))?;
            }
            Start::Seed {
                seed,
                width,
                height,
                colors,
            } => write!(
                f,
                "&seed={}&w={}&h={}&colors={}",
                seed, width, height, colors
            )?,
        }
        if !self.moves.is_empty() {
            let moves: Vec<String> = self
                .moves
                .iter()
                .map(|m| format!("{}.{}", m.row as u32 + 1, m.col as u32 + 1))
                .collect();
            write!(f, "&moves={}", moves.join(","))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_link_round_trips_with_its_moves() {
        let link = Link::parse("#game=samegame&board=RRG/GBB/GBR").unwrap();
        let mut game = link.game(Rules::default()).unwrap();
        game.play(Cell::new(1, 0)).unwrap();
        let text = Link::of(&link.start, &game).to_string();
        assert_eq!(text, "game=samegame&board=RRG/GBB/GBR&moves=1.2");
        let again = Link::parse(&text).unwrap().game(Rules::default()).unwrap();
        assert_eq!(again.board(), game.board());
    }

    #[test]
    fn a_board_written_unsettled_is_told() {
        for (text, settled, shown) in [
            ("game=samegame&board=RRG/GBB/GBR", false, "RRG/GBB/GBR"),
            ("game=samegame&board=rrg/gbb/gbr", false, "RRG/GBB/GBR"),
            ("game=samegame&board=../RR", false, "../RR"),
            ("game=samegame&board=R./R.", false, "R./R."),
            ("game=samegame&board=.R/.R", true, "R./R."),
            ("game=samegame&board=RG/.G", true, ".G/RG"),
            ("game=samegame&board=RR/../GG&moves=1.1", true, "../RR/GG"),
            ("game=samegame&seed=3", false, ""),
        ] {
            let link = Link::parse(text).unwrap();
            assert_eq!(board_settled(text, &link.start), settled, "{}", text);
            if !shown.is_empty() {
                assert!(
                    link.to_string()
                        .starts_with(&format!("game=samegame&board={}", shown)),
                    "{}",
                    link
                );
            }
        }
    }

    #[test]
    fn a_seed_link_names_a_generated_board() {
        let link = Link::parse("game=samegame&seed=7&w=6&h=5&colors=3").unwrap();
        let b = link.start.board().unwrap();
        assert_eq!((b.width(), b.height(), b.colors()), (6, 5, 3));
        assert_eq!(b, Board::random(6, 5, 3, 7).unwrap());
        assert_eq!(link.to_string(), "game=samegame&seed=7&w=6&h=5&colors=3");
    }

    #[test]
    fn more_moves_than_any_board_takes_are_said_in_numbers() {
        let moves = vec!["1.1"; 2049].join(",");
        let err = Link::parse(&format!("game=samegame&seed=1&moves={moves}")).unwrap_err();
        assert_eq!(
            err,
            "moves: more than 2,048 moves, the most a board can take (64 × 64 balls, two a move)"
        );
    }

    #[test]
    fn malformed_links_say_what_is_wrong() {
        for (text, what) in [
            ("", "names no game"),
            ("game=chess&seed=1", "unknown game 'chess'"),
            ("game=samegame", "neither a board nor a seed"),
            ("game=samegame&seed=x", "seed: 'x' is not a whole number"),
            ("game=samegame&seed=-1", "seed: '-1' is not a whole number"),
            // The numbers as written, never narrowed or capped first.
            (
                "game=samegame&seed=1&w=99999999999",
                "1 to 64 wide and high, not 99999999999×10",
            ),
            (
                "game=samegame&seed=1&w=4294967297",
                "1 to 64 wide and high, not 4294967297×10",
            ),
            (
                "game=samegame&seed=1&w=6&h=1048577",
                "1 to 64 wide and high, not 6×1048577",
            ),
            ("game=samegame&seed=1&w=0", "1 to 64"),
            ("game=samegame&seed=1&colors=12", "2 to 9 colours, not 12"),
            (
                "game=samegame&seed=1&colors=4294967299",
                "2 to 9 colours, not 4294967299",
            ),
            ("game=samegame&seed=1&colors=256", "2 to 9 colours, not 256"),
            ("game=samegame&board=RG/R", "row 2"),
            // One cell, said so (it was "row has 1 cells").
            (
                "game=samegame&board=RGB/R",
                "row 2: this row has 1 cell, the first row has 3",
            ),
            ("game=samegame&board=RZ", "'Z' is not a colour letter"),
            // Characters, not bytes: the one written is named.
            (
                "game=samegame&board=Ré",
                "column 2: 'é' is not a colour letter",
            ),
            (
                "game=samegame&board=R🙂",
                "column 2: '🙂' is not a colour letter",
            ),
            (
                "game=samegame&board=ＲＲ",
                "column 1: 'Ｒ' is not a colour letter",
            ),
            (
                "game=samegame&board=R\u{7}",
                "column 2: '\\u{7}' is not a colour letter",
            ),
            (
                "game=samegame&board=R\u{202e}",
                "column 2: '\\u{202e}' is not a colour letter",
            ),
            ("game=samegame&board=.../...", "no ball on it"),
            // A link's board is letters only (the file format's digits are not).
            (
                "game=samegame&board=RRG\nGBB",
                "row 1: column 4: '\\n' is not a colour letter",
            ),
            (
                "game=samegame&board=0 1/1 0",
                "row 1: column 1: '0' is not a colour letter",
            ),
            (
                "game=samegame&board=1",
                "column 1: '1' is not a colour letter",
            ),
            (
                "game=samegame&board=RG /GR",
                "column 3: ' ' is not a colour letter",
            ),
            ("game=samegame&\u{1b}[2J=1", "unknown key '\\u{1b}[2J'"),
            (
                "game=samegame&seed=9007199254740992",
                "is more than 9007199254740991, the largest number a link holds",
            ),
            ("game=samegame&board=RG&seed=1", "not both"),
            (
                "game=samegame&board=RRG/GBB/GBR&w=5&h=7",
                "w, h, colors and seed",
            ),
            ("game=samegame&board=RR&colors=9", "w, h, colors and seed"),
            ("game=samegame&board=RG/GR&moves=1.1", "single ball"),
            ("game=samegame&board=RR&moves=9.9", "outside the board"),
            (
                "game=samegame&board=RR&moves=0.0",
                "moves: '0.0' is not a cell of any board (rows and columns count from 1 to at most 64)",
            ),
            ("game=samegame&board=RR&moves=65.1", "'65.1' is not a cell of any board"),
            ("game=samegame&board=RR&moves=x", "not row.column"),
            (
                "game=samegame&board=RR&moves=1.1.1",
                "moves: '1.1.1' is not row.column (two whole numbers, such as 3.7)",
            ),
            (
                "game=samegame&board=RR&moves=+1.1",
                "'+1.1' is not row.column",
            ),
            ("game=samegame&board=RR&moves=1.", "'1.' is not row.column"),
            (
                "game=samegame&board=RR&moves=1. 2",
                "'1. 2' is not row.column",
            ),
            ("game=samegame&frobnicate=1&seed=1", "unknown key"),
            ("game", "not key=value"),
        ] {
            let err = Link::parse(text)
                .and_then(|l| l.game(Rules::default()).map(|_| l))
                .unwrap_err();
            assert!(
                err.contains(what),
                "{:?} → {:?}, expected {:?}",
                text,
                err,
                what
            );
        }
    }
}
