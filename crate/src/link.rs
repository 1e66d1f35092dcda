//! Links to a game: the text after `#` in the page's address. Every link
//! starts by naming its game (`game=samegame&…`); [`Link::parse`] reads that
//! name and hands the rest to the game's own parser, so each game keeps its
//! link format beside its rules.

use crate::{lianliankan, mayan, samegame};

/// The games that have links (and a page), by their `game=` name.
pub const GAMES: &[&str] = &["samegame", "mayan", "lianliankan"];

/// A parsed link of any game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// `game=samegame&…` ([`samegame::link::Link`]).
    SameGame(samegame::link::Link),
    /// `game=mayan&…` ([`mayan::link::Link`]).
    Mayan(mayan::link::Link),
    /// `game=lianliankan&…` ([`lianliankan::link::Link`]).
    Lianliankan(lianliankan::link::Link),
}

/// The `game=` value of a link, not checked against [`GAMES`] (`None`
/// when the link names no game); the rest of the link is not looked at
/// beyond its `key=value` shape.
fn named_game(text: &str) -> Result<Option<&str>, String> {
    let text = text.strip_prefix('#').unwrap_or(text);
    // A whole address pasted where its link goes (a site's `load` command, say): what to give instead.
    if let Some((address, link)) = text.split_once('#').filter(|(a, _)| a.contains("://")) {
        return Err(format!(
            "'{}' is a whole address: its link is the part after '#' ('{}')",
            shorten(address),
            shorten(link)
        ));
    }
    let mut game = None;
    for part in text.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| format!("'{}' is not key=value", shorten(part)))?;
        if key.is_empty() {
            // As the games' links say (a part "=3" is no key=value either).
            return Err(format!("'{}' has no key before '='", shorten(part)));
        }
        if key == "game" {
            if game.is_some() {
                return Err("the link names its game twice".into());
            }
            game = Some(value);
        }
    }
    Ok(game)
}

/// The longest link read, in UTF-16 units as JavaScript counts a string's
/// length (the page refuses longer addresses and `load` commands alike):
/// the longest real links, a 64 × 64 Same Game board with its moves, are
/// under 20,000; a 9 MB one grew the engine's memory by 120 MiB (which a
/// page never gets back) only to be refused.
pub const MAX_LINK_CHARS: usize = 100_000;

/// `n` with commas between thousands, as the page writes it (100,001).
pub(crate) fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// What is said of a link of `n` UTF-16 units, over [`MAX_LINK_CHARS`].
pub fn too_long(n: usize) -> String {
    format!(
        "it is {} characters long; a link has at most 100,000",
        thousands(n)
    )
}

/// Refuses a link longer than [`MAX_LINK_CHARS`] before anything reads it.
fn check_length(text: &str) -> Result<(), String> {
    // Bytes bound UTF-16 units from above: counted only when they might exceed.
    if text.len() > MAX_LINK_CHARS {
        let n = text.encode_utf16().count();
        if n > MAX_LINK_CHARS {
            return Err(too_long(n));
        }
    }
    Ok(())
}

/// The `game=` name of a link, checked against [`GAMES`]; the rest of the
/// link is not looked at beyond its `key=value` shape.
pub fn game_of(text: &str) -> Result<&'static str, String> {
    check_length(text)?;
    let Some(name) = named_game(text)? else {
        return Err(format!(
            "the link names no game (game={})",
            GAMES.join(" or game=")
        ));
    };
    GAMES.iter().find(|&&g| g == name).copied().ok_or_else(|| {
        format!(
            "unknown game '{}' (the games are {})",
            shorten(name),
            GAMES.join(", ")
        )
    })
}

/// The name players know a game by (its `game=` name otherwise).
fn title(game: &str) -> &str {
    match game {
        "samegame" => "Same Game",
        "mayan" => "the Mayan puzzle",
        "lianliankan" => "连连看",
        other => other,
    }
}

/// Checks that `text` is a link to `game` (one of [`GAMES`]), for a class
/// that opens only that game's links: a link naming no game, another game
/// or an unknown one is refused, saying which.
pub fn expect_game(text: &str, game: &str) -> Result<(), String> {
    check_length(text)?;
    match named_game(text)? {
        None => Err(format!("the link names no game (game={game})")),
        Some(name) if name == game => Ok(()),
        Some(name) if GAMES.contains(&name) => Err(format!(
            "this is a link to {} (game={name}), not to {} (game={game})",
            title(name),
            title(game)
        )),
        Some(_) => game_of(text).map(|_| ()),
    }
}

impl Link {
    /// Parses a link of any game; `fresh_seed` is used where the link asks
    /// for a generated game without naming a seed.
    pub fn parse(text: &str, fresh_seed: Option<u64>) -> Result<Link, String> {
        let game = game_of(text)?;
        no_key_twice(text)?;
        match game {
            "samegame" => {
                samegame::link::Link::parse_with_seed(text, fresh_seed).map(Link::SameGame)
            }
            "mayan" => mayan::link::Link::parse(text).map(Link::Mayan),
            "lianliankan" => {
                lianliankan::link::Link::parse(text, fresh_seed).map(Link::Lianliankan)
            }
            other => Err(format!("the game '{}' has no link parser", other)),
        }
    }
}

/// `v` as a whole number written in decimal digits only (Rust's parser
/// also takes a leading `+`, which no number of a link has).
pub fn digits(v: &str) -> Option<u64> {
    all_digits(v).then(|| v.parse::<u64>().ok()).flatten()
}

/// Whether `v` is one or more decimal digits and nothing else.
fn all_digits(v: &str) -> bool {
    !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit())
}

/// A link's whole number `v` for `key`, or an error that says so: not
/// digits, or more than a link holds (the key's own range, a width's 1 to
/// 64, is the caller's to check and say: "from 0 to 2^53 − 1" misled for a
/// width).
pub fn number(key: &str, v: &str) -> Result<u64, String> {
    if !all_digits(v) {
        return Err(format!(
            "{}: '{}' is not a whole number (digits 0–9 only)",
            key,
            shorten(v)
        ));
    }
    digits(v).filter(|&n| n <= MAX_LINK_NUMBER).ok_or_else(|| {
        format!(
            "{}: '{}' is more than {}, the largest number a link holds",
            key,
            shorten(v),
            MAX_LINK_NUMBER
        )
    })
}

/// The largest number a link may hold: 2^53 − 1, the largest whole number
/// JavaScript holds exactly (a page shows and passes back every number of
/// its link, a seed among them, without rounding it).
pub const MAX_LINK_NUMBER: u64 = (1 << 53) - 1;

/// An error when a key of the link `text` (`key=value` parts joined by
/// `&`) is given twice: which value would count is not for the reader to
/// guess.
pub fn no_key_twice(text: &str) -> Result<(), String> {
    let mut seen: Vec<&str> = Vec::new();
    for part in text.split('&').filter(|p| !p.is_empty()) {
        let key = part.split_once('=').map_or(part, |(k, _)| k);
        if key.is_empty() {
            return Err(format!("'{}' has no key before '='", shorten(part)));
        }
        if seen.contains(&key) {
            return Err(format!("'{}' is given twice", shorten(key)));
        }
        seen.push(key);
    }
    Ok(())
}

/// A piece of input (a link's, a file's) for an error message: at most 40
/// characters as shown, those that do not print escaped
/// (`text::shown_text`, so that one character may take eight: U+202E is
/// shown `\u{202e}`), with at least one character of the input.
pub fn shorten(text: &str) -> String {
    const MOST: usize = 40;
    let total = text.chars().count();
    let mut take = total.min(MOST);
    let mut out = String::new();
    while take > 0 {
        let head: String = text.chars().take(take).collect();
        out = crate::text::shown_text(&head);
        if take == 1 || out.chars().count() <= MOST {
            break;
        }
        take -= 1;
    }
    if take < total {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_over_100_000_characters_is_refused_before_it_is_read() {
        let long = format!("game=samegame&board={}", "R".repeat(100_000 - 20));
        assert_eq!(long.len(), 100_000);
        assert_eq!(game_of(&long), Ok("samegame"));
        let longer = format!("{long}R");
        let said = "it is 100,001 characters long; a link has at most 100,000";
        assert_eq!(game_of(&longer), Err(said.into()));
        assert_eq!(expect_game(&longer, "samegame"), Err(said.into()));
        // Counted as JavaScript counts them: 连 is one unit, three bytes.
        let wide = format!("game=samegame&x={}", "连".repeat(40_000));
        assert_eq!(expect_game(&wide, "samegame"), Ok(()));
    }

    #[test]
    fn input_in_a_message_is_shown_in_at_most_forty_characters() {
        assert_eq!(shorten("seed"), "seed");
        assert_eq!(shorten(&"x".repeat(40)), "x".repeat(40));
        assert_eq!(shorten(&"x".repeat(41)), format!("{}…", "x".repeat(40)));
        // Escaped characters count as they are shown: five of eight each.
        let reversed = "\\u{202e}".repeat(5);
        assert_eq!(shorten(&"\u{202e}".repeat(50)), format!("{}…", reversed));
        assert_eq!(shorten("a\u{202e}"), "a\\u{202e}");
        assert_eq!(shorten("\u{202e}"), "\\u{202e}");
    }

    #[test]
    fn a_class_of_one_game_refuses_links_to_none_another_or_an_unknown_one() {
        assert_eq!(expect_game("game=mayan&level=3", "mayan"), Ok(()));
        assert_eq!(
            expect_game("#seed=1&game=lianliankan", "lianliankan"),
            Ok(())
        );
        for (text, game) in [
            ("", "mayan"),
            ("&&&", "lianliankan"),
            ("level=3", "mayan"),
            ("seed=3", "samegame"),
        ] {
            assert_eq!(
                expect_game(text, game),
                Err(format!("the link names no game (game={game})")),
                "{text:?}"
            );
        }
        assert_eq!(
            expect_game("game=lianliankan&seed=3", "samegame"),
            Err(
                "this is a link to 连连看 (game=lianliankan), not to Same Game (game=samegame)"
                    .into()
            )
        );
        assert_eq!(
            expect_game("game=samegame&seed=3", "mayan"),
            Err(
                "this is a link to Same Game (game=samegame), not to the Mayan puzzle (game=mayan)"
                    .into()
            )
        );
        assert!(expect_game("game=chess", "mayan")
            .unwrap_err()
            .starts_with("unknown game 'chess'"));
        assert_eq!(
            expect_game("game=mayan&game=mayan", "mayan"),
            Err("the link names its game twice".into())
        );
        assert_eq!(
            expect_game("level", "mayan"),
            Err("'level' is not key=value".into())
        );
    }

    #[test]
    fn the_game_name_is_found_wherever_it_stands() {
        assert_eq!(game_of("#game=samegame&seed=1"), Ok("samegame"));
        assert_eq!(game_of("seed=1&game=samegame"), Ok("samegame"));
        assert!(matches!(
            Link::parse("seed=2&game=samegame", None),
            Ok(Link::SameGame(_))
        ));
        assert!(matches!(
            Link::parse("game=mayan&level=2", None),
            Ok(Link::Mayan(_))
        ));
        // Every listed game has a parser: none answers "no link parser".
        for g in GAMES {
            let err = Link::parse(&format!("game={}&frobnicate=1", g), None).unwrap_err();
            assert!(!err.contains("no link parser"), "{}: {}", g, err);
        }
    }

    #[test]
    fn a_part_with_no_key_says_so() {
        for text in [
            "game=samegame&seed=5&=&=",
            "game=mayan&=3",
            "=&game=lianliankan",
        ] {
            let err = Link::parse(text, None).unwrap_err();
            assert!(err.contains("has no key before '='"), "{}: {}", text, err);
            // The game a link names (the page asks it first) refuses it as well.
            let err = game_of(text).unwrap_err();
            assert!(err.contains("has no key before '='"), "{}: {}", text, err);
        }
    }

    #[test]
    fn a_key_given_twice_is_an_error_in_every_game() {
        for text in [
            "game=samegame&seed=3&seed=4",
            "game=samegame&board=RR&board=GG",
            "game=mayan&level=5&level=6",
            "game=mayan&n=1&board=A/A//A/&moves=3.0.-1&moves=3.0.-1",
            "game=lianliankan&w=4&h=4&kinds=2&seed=1&w=6",
        ] {
            let err = Link::parse(text, None).unwrap_err();
            assert!(err.contains("is given twice"), "{}: {}", text, err);
        }
        assert_eq!(no_key_twice("a=1&b=2&&c"), Ok(()));
    }

    #[test]
    fn numbers_are_decimal_digits_only_in_every_game() {
        // (A leading + was read as the number: one position had two addresses.)
        for (text, what) in [
            ("game=samegame&seed=+3", "seed: '+3' is not a whole number"),
            ("game=samegame&seed=", "seed: '' is not a whole number"),
            (
                "game=lianliankan&seed=+3",
                "seed: '+3' is not a whole number",
            ),
            ("game=lianliankan&w=+8&h=6&kinds=12&seed=1", "'+8'"),
            ("game=mayan&level=+3", "not '+3'"),
            ("game=mayan&n=+1&board=A/A//A/", "not '+1'"),
        ] {
            let err = Link::parse(text, None).unwrap_err();
            assert!(err.contains(what), "{:?} → {:?}", text, err);
        }
        for text in [
            "game=samegame&seed=3",
            "game=lianliankan&seed=03",
            "game=mayan&level=3",
        ] {
            assert!(Link::parse(text, None).is_ok(), "{}", text);
        }
        assert_eq!(digits("0042"), Some(42));
        assert_eq!(digits("18446744073709551616"), None);
    }

    #[test]
    fn a_link_without_a_known_game_says_so() {
        for (text, what) in [
            ("", "names no game"),
            ("seed=1", "names no game"),
            ("game=chess", "unknown game 'chess'"),
            ("garbage", "'garbage' is not key=value"),
            ("game=samegame&game=samegame", "twice"),
            (
                "https://example.com/games/index.html#game=mayan&level=3",
                "'https://example.com/games/index.html' is a whole address: its link is the part after '#' ('game=mayan&level=3')",
            ),
        ] {
            let err = game_of(text).unwrap_err();
            assert!(err.contains(what), "{:?} → {:?}", text, err);
        }
        let long = format!("game={}", "x".repeat(5000));
        assert!(
            game_of(&long).unwrap_err().len() < 120,
            "long names are shortened"
        );
    }
}
