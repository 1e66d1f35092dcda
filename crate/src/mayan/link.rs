//! Mayan links: `game=mayan&level=K` (a built-in level, 1-based) or
//! `game=mayan&n=N&board=COL/COL/COL/COL/COL` (five columns left to right,
//! each bottom first as letters `A`–`J` for colours 1–10, empty for an
//! empty column), optionally with `&moves=x.y.g,…` (the moves played, in
//! the judge's `x y g` terms: x, y 0-based from the left and the bottom,
//! g = 1 right, −1 left). A link with neither a level nor a board
//! (`game=mayan`) is level 1, as a bare Same Game or 连连看 link is that
//! game's default.

use super::levels::{built_in, Level};
use super::{Board, Move, HEIGHT, MAX_COLOR, WIDTH};
use crate::link::{number, shorten};

/// Where a linked game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// Built-in level K (1-based).
    Level(usize),
    /// A position and its n.
    Board(Level),
}

impl Start {
    /// The level it names.
    pub fn level(&self) -> Level {
        match *self {
            Start::Level(k) => built_in()[k - 1],
            Start::Board(l) => l,
        }
    }
}

/// A parsed Mayan link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The start.
    pub start: Start,
    /// The moves played.
    pub moves: Vec<Move>,
}

/// The board of a `board=` value: settled, with no run of three.
fn parse_board(value: &str) -> Result<Board, String> {
    let b = parse_columns(value)?;
    if !b.is_settled() {
        return Err("board: it holds a run of three (a level starts without one)".into());
    }
    Ok(b)
}

/// The cells of a `board=` value (columns from the left, each from the
/// bottom, `/` between them) that stand in a run of three or more, as
/// (x, y) pairs: what makes `parse_board` refuse a board (the editor says
/// them as they are made).
pub fn run_cells(value: &str) -> Result<Vec<(usize, usize)>, String> {
    Ok(parse_columns(value)?.run_cells())
}

/// The board of a `board=` value as its letters lay it out (runs of three
/// allowed).
fn parse_columns(value: &str) -> Result<Board, String> {
    let cols: Vec<&str> = value.split('/').collect();
    if cols.len() != WIDTH {
        return Err(format!(
            "board: {} columns separated by '/', not {}",
            WIDTH,
            cols.len().min(1000)
        ));
    }
    let mut columns = Vec::with_capacity(WIDTH);
    for (x, col) in cols.iter().enumerate() {
        if col.chars().count() > HEIGHT {
            return Err(format!(
                "board: column {} has more than {} blocks",
                x + 1,
                HEIGHT
            ));
        }
        let mut c = Vec::new();
        for ch in col.chars() {
            match ch {
                'A'..='J' => c.push(ch as u8 - b'A' + 1),
                _ => {
                    return Err(format!(
                        "board: '{}' in column {} is not a colour letter A–J",
                        crate::text::shown_char(ch),
                        x + 1
                    ))
                }
            }
        }
        columns.push(c);
    }
    Board::from_columns(&columns).map_err(|e| format!("board: {}", e))
}

impl Link {
    /// Parses a link (with or without the leading `#`).
    pub fn parse(text: &str) -> Result<Link, String> {
        let text = text.strip_prefix('#').unwrap_or(text);
        crate::link::no_key_twice(text)?;
        let (mut level, mut n, mut board) = (None, None, None);
        let mut moves = Vec::new();
        for part in text.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("'{}' is not key=value", shorten(part)))?;
            match key {
                "game" if value == "mayan" => {}
                "game" => return Err(format!("unknown game '{}'", shorten(value))),
                // Said with their own ranges (a number too large for u64 too).
                "level" => {
                    level = Some(crate::link::digits(value).ok_or_else(|| {
                        format!(
                            "level: there are levels 1 to {}, not '{}'",
                            built_in().len(),
                            shorten(value)
                        )
                    })?)
                }
                "n" => {
                    n = Some(crate::link::digits(value).ok_or_else(|| {
                        format!(
                            "n: a level asks for 1 to 64 moves, not '{}'",
                            shorten(value)
                        )
                    })?)
                }
                "board" => {
                    let b = parse_board(value)?;
                    if b.is_empty() {
                        return Err(
                            "board: no block on it (a level needs something to clear)".into()
                        );
                    }
                    board = Some(b)
                }
                "moves" => {
                    for m in value.split(',').filter(|m| !m.is_empty()) {
                        let bad = || format!("moves: '{}' is not x.y.g (g = 1 or -1)", shorten(m));
                        let mut it = m.split('.');
                        let (Some(x), Some(y), Some(g), None) =
                            (it.next(), it.next(), it.next(), it.next())
                        else {
                            return Err(bad());
                        };
                        let (x, y) = (number("moves", x)?, number("moves", y)?);
                        let dir = match g {
                            "1" => 1,
                            "-1" => -1,
                            _ => return Err(bad()),
                        };
                        if x >= WIDTH as u64 || y >= HEIGHT as u64 {
                            return Err(format!(
                                "moves: '{}' is outside the 5 × 7 board",
                                shorten(m)
                            ));
                        }
                        if moves.len() == 64 {
                            return Err("moves: more than 64 moves".into());
                        }
                        moves.push(Move::new(x as usize, y as usize, dir));
                    }
                }
                other => {
                    return Err(format!(
                        "unknown key '{}' (a Mayan link has game, level or n and board, moves)",
                        shorten(other)
                    ))
                }
            }
        }
        let start = match (level, n, board) {
            (Some(k), None, None) => {
                let count = built_in().len() as u64;
                if !(1..=count).contains(&k) {
                    return Err(format!("level: there are levels 1 to {}, not {}", count, k));
                }
                Start::Level(k as usize)
            }
            (None, Some(n), Some(board)) => {
                if !(1..=64).contains(&n) {
                    return Err(format!("n: a level asks for 1 to 64 moves, not {}", n));
                }
                Start::Board(Level {
                    moves: n as u32,
                    board,
                })
            }
            (Some(_), _, _) => {
                return Err("a link has a level or a board with its n, not both".into())
            }
            (None, None, Some(_)) => {
                return Err("the link has a board but no n (the moves it asks for)".into())
            }
            (None, Some(_), None) => return Err("the link has n but no board".into()),
            (None, None, None) => Start::Level(1),
        };
        let level = start.level();
        // Named at the first move too many, as a move that cannot be played
        // is (the page then opens the position before it).
        if let Some(m) = moves.get(level.moves as usize) {
            return Err(format!(
                "moves: move {} ({} {} {}) is past the level's {} move{}",
                level.moves + 1,
                m.x,
                m.y,
                m.dir,
                level.moves,
                if level.moves == 1 { "" } else { "s" }
            ));
        }
        let mut b = level.board;
        for (i, &m) in moves.iter().enumerate() {
            b = b.play(m).ok_or_else(|| {
                format!(
                    "moves: move {} ({} {} {}) is not a move there",
                    i + 1,
                    m.x,
                    m.y,
                    m.dir
                )
            })?;
        }
        Ok(Link { start, moves })
    }
}

/// The `board=` value of a board.
pub fn board_text(b: &Board) -> String {
    (0..WIDTH)
        .map(|x| {
            b.column(x)
                .iter()
                .take_while(|&&c| c != 0)
                .map(|&c| char::from(b'A' + c - 1))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

impl std::fmt::Display for Link {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "game=mayan")?;
        match self.start {
            Start::Level(k) => write!(f, "&level={}", k)?,
            Start::Board(l) => write!(f, "&n={}&board={}", l.moves, board_text(&l.board))?,
        }
        if !self.moves.is_empty() {
            let moves: Vec<String> = self
                .moves
                .iter()
                .map(|m| format!("{}.{}.{}", m.x, m.y, m.dir))
                .collect();
            write!(f, "&moves={}", moves.join(","))?;
        }
        Ok(())
    }
}

const _: () = assert!(MAX_COLOR == 10, "letters A–J name the colours");

#[cfg(test)]
mod tests {

    #[test]
    fn run_cells_names_every_block_of_every_run_and_nothing_else() {
        // Column 1 from the bottom: A, A, A (a column's run); row 0: the third A and the two of columns 2, 3.
        let cells = run_cells("AAAB/AB/AC/BC/C").unwrap();
        assert_eq!(cells, vec![(0, 0), (0, 1), (0, 2), (1, 0), (2, 0)]);
        // Four in a row, a run of three in a column, runs crossing.
        assert_eq!(
            run_cells("A/A/A/A/").unwrap(),
            vec![(0, 0), (1, 0), (2, 0), (3, 0)]
        );
        assert_eq!(
            run_cells("B/B/BAAA/B/").unwrap(),
            vec![(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (2, 3), (3, 0)]
        );
        // Two of a kind, a gap, or a diagonal: no run.
        assert!(run_cells("AA/AB/CA/A/A").unwrap().is_empty());
        assert!(run_cells("A/BA/CBA//").unwrap().is_empty());
        assert!(run_cells("////").unwrap().is_empty());
        // A board refused as a link is refused here too.
        for bad in ["A/A/A/A", "AAAAAAAA////", "a////"] {
            assert!(run_cells(bad).is_err(), "{bad}");
        }
    }

    use super::*;

    #[test]
    fn level_and_board_links_round_trip() {
        let l = Link::parse("game=mayan&level=3").unwrap();
        assert_eq!(l.to_string(), "game=mayan&level=3");
        let text = format!(
            "game=mayan&n=1&board={}&moves=",
            board_text(&built_in()[0].board)
        );
        let b = Link::parse(&text).unwrap();
        assert_eq!(b.start.level(), built_in()[0]);
        // A board link with a move of its solution.
        let level = built_in()[8];
        let first = match crate::mayan::solve::solve(&level.board, level.moves, Default::default())
            .outcome
        {
            crate::mayan::solve::Outcome::Solved(m) => m[0],
            other => panic!("{:?}", other),
        };
        let text = format!(
            "game=mayan&n={}&board={}&moves={}.{}.{}",
            level.moves,
            board_text(&level.board),
            first.x,
            first.y,
            first.dir
        );
        let s = Link::parse(&text).unwrap();
        assert_eq!(s.moves, vec![first]);
        assert_eq!(s.to_string(), text);
    }

    #[test]
    fn a_bare_link_is_level_1() {
        let link = Link::parse("game=mayan").unwrap();
        assert_eq!(link.start, Start::Level(1));
        assert!(link.moves.is_empty());
    }

    #[test]
    fn malformed_links_say_what_is_wrong() {
        for (text, what) in [
            ("game=mayan&level=0", "levels 1 to"),
            ("game=mayan&n=1&board=////", "no block on it"),
            (
                "game=mayan&level=99999999999999999999",
                "level: there are levels 1 to 40, not '99999999999999999999'",
            ),
            (
                "game=mayan&level=abc",
                "level: there are levels 1 to 40, not 'abc'",
            ),
            (
                "game=mayan&n=x&board=A////",
                "n: a level asks for 1 to 64 moves, not 'x'",
            ),
            ("game=mayan&level=1&n=2", "not both"),
            ("game=mayan&n=2", "no board"),
            ("game=mayan&board=A////", "no n"),
            ("game=mayan&n=2&board=A/B", "5 columns"),
            ("game=mayan&n=2&board=AAAAAAAA////", "more than 7"),
            ("game=mayan&n=2&board=Z////", "not a colour letter"),
            ("game=mayan&n=2&board=AAA////", "run of three"),
            ("game=mayan&n=0&board=A////", "1 to 64"),
            ("game=mayan&level=1&moves=9.0.1", "outside"),
            ("game=mayan&level=1&moves=0.0.2", "not x.y.g"),
            ("game=mayan&level=1&moves=0.0", "not x.y.g"),
            ("game=mayan&level=1&moves=4.6.1", "not a move"),
            (
                "game=mayan&level=1&moves=0.0.1,4.0.-1",
                "moves: move 2 (4 0 -1) is past the level's 1 move",
            ),
            (
                "game=mayan&level=12&moves=2.0.1,3.0.-1,0.0.1",
                "moves: move 3 (0 0 1) is past the level's 2 moves",
            ),
            ("game=mayan&frob=1", "unknown key"),
        ] {
            let err = Link::parse(text).unwrap_err();
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
