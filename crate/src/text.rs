//! Text helpers shared by the judges and the command line: numbered input
//! lines with CRLF accepted, errors that name a line, and fast number output.

use std::fmt;

/// An input error: the 1-based line it was found on (0 when it concerns the
/// input as a whole) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// 1-based line number; 0 for "the input as a whole" (e.g. it ended early).
    pub line: usize,
    /// What is wrong, in a few words.
    pub message: String,
}

impl InputError {
    /// An error on `line`.
    pub fn new(line: usize, message: impl Into<String>) -> InputError {
        InputError {
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for InputError {}

/// The lines of a text with their 1-based numbers; a trailing `\r` is
/// dropped from each, and a final newline does not make an extra line.
#[derive(Clone)]
pub struct Lines<'a> {
    rest: &'a str,
    number: usize,
}

impl<'a> Lines<'a> {
    /// Lines of `text`.
    pub fn new(text: &'a str) -> Lines<'a> {
        Lines {
            rest: text,
            number: 0,
        }
    }

    /// The number of the last line returned (0 before the first).
    pub fn number(&self) -> usize {
        self.number
    }

    /// The text not read yet.
    pub fn rest(&self) -> &'a str {
        self.rest
    }

    /// Skips the first `len` bytes of [`rest`](Self::rest), which must be
    /// one whole line with its newline, and returns its number.
    pub fn skip_line(&mut self, len: usize) -> usize {
        debug_assert!(self.rest.as_bytes()[len - 1] == b'\n');
        self.rest = &self.rest[len..];
        self.number += 1;
        self.number
    }

    /// The next line that is not blank (only spaces, tabs), with its number.
    pub fn next_non_blank(&mut self) -> Option<(usize, &'a str)> {
        self.by_ref().find(|(_, l)| !l.trim().is_empty())
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        if self.rest.is_empty() {
            return None;
        }
        let (line, rest) = match self.rest.find('\n') {
            Some(i) => (&self.rest[..i], &self.rest[i + 1..]),
            None => (self.rest, ""),
        };
        self.rest = rest;
        self.number += 1;
        Some((self.number, line.strip_suffix('\r').unwrap_or(line)))
    }
}

/// `n` and `word`, plural unless `n` is 1 or −1: "1 ball", "2 balls".
pub fn plural(n: impl Into<i64>, word: &str) -> String {
    let n = n.into();
    if n == 1 || n == -1 {
        format!("{} {}", n, word)
    } else {
        format!("{} {}s", n, word)
    }
}

/// Appends the decimal digits of `n`.
pub fn push_uint(out: &mut Vec<u8>, mut n: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&buf[i..]);
}

/// A line of at most 128 bytes built on the stack and appended to an output
/// buffer in one copy (the judges print hundreds of thousands of lines).
pub struct LineBuf {
    buf: [u8; 128],
    len: usize,
}

impl Default for LineBuf {
    fn default() -> LineBuf {
        LineBuf::new()
    }
}

impl LineBuf {
    /// An empty line.
    pub fn new() -> LineBuf {
        LineBuf {
            buf: [0; 128],
            len: 0,
        }
    }

    /// Appends `text`.
    #[inline]
    pub fn text(&mut self, text: &[u8]) -> &mut LineBuf {
        self.buf[self.len..self.len + text.len()].copy_from_slice(text);
        self.len += text.len();
        self
    }

    /// Appends the first `len` bytes of `piece` (copying all `N`, which is
    /// a few vector moves where a copy of `len` bytes would call memcpy).
    #[inline]
    pub fn piece<const N: usize>(&mut self, piece: &[u8; N], len: usize) -> &mut LineBuf {
        self.buf[self.len..self.len + N].copy_from_slice(piece);
        self.len += len.min(N);
        self
    }

    /// Appends one byte.
    #[inline]
    pub fn byte(&mut self, b: u8) -> &mut LineBuf {
        self.buf[self.len] = b;
        self.len += 1;
        self
    }

    /// Appends the decimal digits of `n`, with a `-` when negative.
    #[inline]
    pub fn int(&mut self, n: i64) -> &mut LineBuf {
        if n < 0 {
            self.byte(b'-');
        }
        let mut n = n.unsigned_abs();
        let digits = n.checked_ilog10().unwrap_or(0) as usize + 1;
        self.len += digits;
        for i in 1..=digits {
            self.buf[self.len - i] = b'0' + (n % 10) as u8;
            n /= 10;
        }
        self
    }

    /// Appends the line to `out` and empties it.
    #[inline]
    pub fn flush_to(&mut self, out: &mut Vec<u8>) {
        // A copy of a constant size is a few vector moves; a copy of
        // `len` bytes would be a call to memcpy.
        let start = out.len();
        if self.len <= 80 {
            out.extend_from_slice(&self.buf[..80]);
            out.truncate(start + self.len);
        } else {
            out.extend_from_slice(&self.buf[..self.len]);
        }
        self.len = 0;
    }
}

/// Appends the decimal digits of `n`, with a `-` when negative.
pub fn push_int(out: &mut Vec<u8>, n: i64) {
    if n < 0 {
        out.push(b'-');
    }
    push_uint(out, n.unsigned_abs());
}

/// Parses a whitespace-separated list of integers on one line, naming the
/// line on failure.
pub fn parse_ints(line_no: usize, line: &str) -> Result<Vec<i64>, InputError> {
    line.split_ascii_whitespace()
        .map(|t| {
            t.parse::<i64>().map_err(|_| {
                InputError::new(
                    line_no,
                    format!("'{}' is not an integer", crate::link::shorten(t)),
                )
            })
        })
        .collect()
}

/// A character for an error message: itself when it prints (é, 🙂, Ｒ),
/// escaped when it does not (a control or format character such as U+202E,
/// which would reverse the rest of the message; a space).
pub fn shown_char(ch: char) -> String {
    if ch.is_whitespace() {
        ch.escape_default().to_string()
    } else {
        ch.escape_debug().to_string()
    }
}

/// A piece of input for an error message: readable characters as they are
/// (é, 连, a space, a combining accent after its letter), the others
/// escaped as `shown_char` does (a control character such as ESC or a lone
/// CR, which would rewrite the terminal line; a format character such as
/// U+202E, which would reverse the rest of the message; other whitespace).
pub fn shown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    // Whether the last character was written as it is: a grapheme extender
    // (a combining accent, a variation selector) then joins it.
    let mut after_kept = false;
    for ch in text.chars() {
        let plain = ch == ' '
            || matches!(ch, '\\' | '\'' | '"')
            || !ch.is_whitespace() && ch.escape_debug().eq([ch])
            || after_kept && !ch.is_whitespace() && extends_only(ch);
        if plain {
            out.push(ch);
        } else {
            out.push_str(&shown_char(ch));
        }
        after_kept = plain;
    }
    out
}

/// Whether `ch` prints inside a string (after a letter) although it is
/// escaped alone: a grapheme extender, such as U+0301 or U+FE0F.
fn extends_only(ch: char) -> bool {
    let mut buf = [0u8; 8];
    buf[0] = b'a';
    let n = 1 + ch.encode_utf8(&mut buf[1..]).len();
    let s = std::str::from_utf8(&buf[..n]).unwrap_or("");
    s.escape_debug().eq(s.chars())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_messages_show_readable_characters_and_escape_the_rest() {
        assert_eq!(shown_char('é'), "é");
        assert_eq!(shown_char('连'), "连");
        assert_eq!(shown_char('\u{1b}'), "\\u{1b}");
        assert_eq!(shown_char('\r'), "\\r");
        assert_eq!(shown_char(' '), " ");
        assert_eq!(shown_char('\u{a0}'), "\\u{a0}");
        assert_eq!(shown_char('\u{202e}'), "\\u{202e}");
        assert_eq!(shown_text("连连 é's"), "连连 é's");
        // A combining mark after its letter stays; alone at the start it is escaped.
        assert_eq!(
            shown_text("e\u{301}x ❤\u{fe0f} नमस्ते"),
            "e\u{301}x ❤\u{fe0f} नमस्ते"
        );
        assert_eq!(shown_text("\u{301}e"), "\\u{301}e");
        assert_eq!(shown_text("\u{1b}\u{301}"), "\\u{1b}\\u{301}");
        assert_eq!(
            shown_text("a\u{1b}[31mb\u{7}c\rd\te\u{202e}f\u{0}"),
            "a\\u{1b}[31mb\\u{7}c\\rd\\te\\u{202e}f\\0"
        );
        assert_eq!(
            shown_text("\u{85}\u{2028}\u{feff}\u{a0}x"),
            "\\u{85}\\u{2028}\\u{feff}\\u{a0}x"
        );
    }

    #[test]
    fn lines_strip_cr_and_count_from_one() {
        let v: Vec<_> = Lines::new("a\r\n\nb").collect();
        assert_eq!(v, vec![(1, "a"), (2, ""), (3, "b")]);
        assert_eq!(Lines::new("a\n").count(), 1);
        assert_eq!(Lines::new("").count(), 0);
    }

    #[test]
    fn numbers_print_in_decimal() {
        let mut out = Vec::new();
        push_uint(&mut out, 0);
        out.push(b' ');
        push_uint(&mut out, 18446744073709551615);
        out.push(b' ');
        push_int(&mut out, -42);
        assert_eq!(out, b"0 18446744073709551615 -42");
    }
}
