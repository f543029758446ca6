//! Game records as text: tag lines `[Name "value"]`, then numbered moves
//! and the result, as the notation specification writes them. This is the
//! syntax alone; the game named by the `Game` tag says how many moves
//! share a number (a full turn, or one round), which tokens continue the
//! move before them (an A•G•O•G promotion) and which are results.

use std::fmt::Write as _;

use arbiter_core::RecordSyntax;
use thiserror::Error;

use crate::registry::GameId;

/// A record as written: tags in their order, move tokens, the result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordText {
    /// Tag names and values, in the order written.
    pub tags: Vec<(String, String)>,
    /// The moves in order (a move of several tokens keeps them, joined by
    /// one space).
    pub moves: Vec<String>,
    /// The result token (`1—0`, `0—1`, `½—½`, `*`, or winners' labels),
    /// if written.
    pub result: Option<String>,
}

/// A record whose text does not follow the syntax.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{token}': line {line}: {reason}")]
pub struct SyntaxError {
    /// The line, from 1.
    pub line: usize,
    /// The offending token or line.
    pub token: String,
    /// What is wrong.
    pub reason: String,
}

fn error(line: usize, token: &str, reason: impl Into<String>) -> SyntaxError {
    SyntaxError { line, token: token.to_string(), reason: reason.into() }
}

/// How a game's records number and split their moves.
#[derive(Clone, Copy, Debug)]
struct Layout {
    per_number: usize,
    syntax: RecordSyntax,
}

impl Layout {
    /// The layout of the game a `Game` tag names (a two-player game's for
    /// a missing or unknown one, whose record is refused later).
    fn of(game: Option<&str>) -> Layout {
        match game.and_then(|g| GameId::parse(g).ok()) {
            Some(id) if id.is_simultaneous() => Layout { per_number: 1, syntax: id.info().record },
            Some(id) => Layout { per_number: id.info().seats.len().max(1), syntax: id.info().record },
            None => Layout { per_number: 2, syntax: RecordSyntax::TWO_PLAYERS },
        }
    }

    fn is_result(&self, token: &str) -> bool {
        token == "*" || (self.syntax.is_result)(token)
    }
}

impl RecordText {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets a tag, keeping its place if it exists.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// Reads a record's text (a byte-order mark before it is passed over).
    pub fn parse(text: &str) -> Result<RecordText, SyntaxError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut record = RecordText::default();
        let mut lines = text.lines().enumerate().peekable();
        while let Some((i, line)) = lines.peek().copied() {
            let trimmed = line.trim();
            if trimmed.is_empty() {
                lines.next();
                continue;
            }
            if !trimmed.starts_with('[') {
                break;
            }
            lines.next();
            record.tags.push(parse_tag(trimmed).map_err(|r| error(i + 1, trimmed, r))?);
        }
        let layout = Layout::of(record.tag("Game"));
        let per_number = layout.per_number;
        let mut expected_number = 1;
        let mut in_number = per_number;
        for (i, line) in lines {
            for token in line.split_whitespace() {
                let line_no = i + 1;
                if record.result.is_some() {
                    return Err(error(line_no, token, "nothing may follow the result"));
                }
                if let Some(number) = token.strip_suffix('.') {
                    let (digits, continued) = match number.strip_suffix("..") {
                        Some(d) => (d, true),
                        None => (number, false),
                    };
                    match digits.parse::<usize>() {
                        Ok(n) if n == expected_number && (n == 1 || !continued) => {
                            expected_number += 1;
                            // `1...` starts with the second player's move.
                            in_number = if continued { per_number - 1 } else { 0 };
                        }
                        _ => return Err(error(line_no, token, format!("expected move number {expected_number}."))),
                    }
                } else if layout.is_result(token) {
                    record.result = Some(token.to_string());
                } else if (layout.syntax.continues_move)(token) {
                    match record.moves.last_mut() {
                        Some(last) if !last.contains(' ') => {
                            last.push(' ');
                            last.push_str(token);
                        }
                        _ => return Err(error(line_no, token, "this token follows the move it belongs to")),
                    }
                } else {
                    if in_number >= per_number {
                        return Err(error(
                            line_no,
                            token,
                            format!("expected move number {expected_number}. before this move"),
                        ));
                    }
                    in_number += 1;
                    record.moves.push(token.to_string());
                }
            }
        }
        Ok(record)
    }

    /// Writes the record: tags, a blank line, numbered moves (at most ten
    /// numbers per line), the result (`*` when none is given).
    pub fn to_text(&self) -> String {
        self.to_text_from(false)
    }

    /// As [`RecordText::to_text`]; `second_first` when the first move is
    /// the second player's (written `1...`).
    pub fn to_text_from(&self, second_first: bool) -> String {
        let mut s = String::new();
        for (name, value) in &self.tags {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(s, "[{name} \"{escaped}\"]");
        }
        s.push('\n');
        let per_number = Layout::of(self.tag("Game")).per_number;
        let mut line = String::new();
        let mut slot = if second_first { per_number - 1 } else { 0 };
        let mut number = 1;
        for (i, mv) in self.moves.iter().enumerate() {
            if slot == 0 || i == 0 {
                if slot == 0 && number > 1 && (number - 1) % 10 == 0 {
                    s.push_str(line.trim_end());
                    s.push('\n');
                    line.clear();
                }
                let _ = write!(line, "{number}.{} ", if slot == 0 { "" } else { ".." });
                number += 1;
            }
            line.push_str(mv);
            line.push(' ');
            slot = (slot + 1) % per_number;
        }
        line.push_str(self.result.as_deref().unwrap_or("*"));
        s.push_str(line.trim_end());
        s.push('\n');
        s
    }
}

fn parse_tag(line: &str) -> Result<(String, String), String> {
    let inner = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')).ok_or("a tag is written [Name \"value\"]")?;
    let (name, rest) = inner.split_once(' ').ok_or("a tag is written [Name \"value\"]")?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!("'{name}' is not a tag name (letters, digits, _)"));
    }
    let quoted = rest.trim();
    let body =
        quoted.strip_prefix('"').and_then(|q| q.strip_suffix('"')).ok_or("a tag value is written in double quotes")?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | '"')) => value.push(e),
                _ => return Err("only \\\\ and \\\" may be escaped in a tag value".into()),
            },
            '"' => return Err("a double quote inside a tag value is written \\\"".into()),
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_moves_round_trip() {
        let text = "[Game \"agog\"]\n[White \"Ann \\\"the Bold\\\"\"]\n[Result \"*\"]\n\n1. e3 d6 2. Ca1 h1=H 1xa3 *\n";
        let r = RecordText::parse(text).unwrap();
        assert_eq!(r.tag("White"), Some("Ann \"the Bold\""));
        assert_eq!(r.moves, ["e3", "d6", "Ca1 h1=H", "1xa3"]);
        assert_eq!(r.to_text(), text);
    }

    #[test]
    fn rounds_are_numbered_one_a_number_and_end_with_the_winners() {
        let text = "[Game \"scg\"]\n[Players \"ABC\"]\n\n1. A:c3,B:c3,C:d4 2. - B,C\n";
        let r = RecordText::parse(text).unwrap();
        assert_eq!((r.moves.len(), r.result.as_deref()), (2, Some("B,C")));
        assert_eq!(r.to_text(), text);
    }

    #[test]
    fn malformed_records_name_the_token() {
        for (text, token) in [
            ("[Game agog]\n", "[Game agog]"),
            ("[Game \"agog\"\n", "[Game \"agog\""),
            ("[ \"agog\"]\n", "[ \"agog\"]"),
            ("[Game \"a\\g\"]\n", "[Game \"a\\g\"]"),
            ("[Game \"agog\"]\n1. e3 e6 e4\n", "e4"),
            ("[Game \"agog\"]\n2. e3\n", "2."),
            ("[Game \"agog\"]\n1. h1=H\n", "h1=H"),
            ("[Game \"agog\"]\n1. e3 1—0 e6\n", "e6"),
        ] {
            let e = RecordText::parse(text).unwrap_err();
            assert_eq!(e.token, token, "{text:?}: {e}");
        }
    }
}
