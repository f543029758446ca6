//! Game records: tag lines `[Name "value"]`, then numbered moves and the
//! result, as in the notation specification.
//!
//! [`Record`] is the text's syntax; [`GameLog`] is a record replayed
//! against the rules, with every move checked.

use std::fmt::Write as _;

use arbiter_core::TextError;

use crate::any::{AnyGame, GameKind, GameOptions};

/// A record as written: tags in their order, move tokens, the result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Tag names and values, in the order written.
    pub tags: Vec<(String, String)>,
    /// The moves in order (an A•G•O•G promotion keeps its two tokens,
    /// joined by one space).
    pub moves: Vec<String>,
    /// The result token (`1—0`, `0—1`, `*`, …), if written.
    pub result: Option<String>,
}

/// Result tokens a record may end with.
const RESULTS: [&str; 7] = ["1—0", "0—1", "1-0", "0-1", "½—½", "1/2-1/2", "*"];

fn line_error(line: usize, token: &str, reason: impl Into<String>) -> TextError {
    TextError::new(token, format!("line {line}: {}", reason.into()))
}

/// Whether `token` is an A•G•O•G promotion suffix such as `h1=H`.
fn is_promotion(token: &str) -> bool {
    let b = token.as_bytes();
    b.len() == 4 && matches!(b[0], b'a'..=b'h') && matches!(b[1], b'1'..=b'8') && &b[2..] == b"=H"
}

impl Record {
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

    /// The game its `Game` tag names, if it names a known one.
    fn kind(&self) -> Option<GameKind> {
        self.tag("Game").and_then(|g| GameKind::parse(g).ok())
    }

    /// How many moves share one number: two for the turn-based games, one
    /// round for Single Capture Go.
    fn moves_per_number(&self) -> usize {
        self.kind().map_or(2, GameKind::moves_per_number)
    }

    /// Whether `token` ends the moves: a result token, or for Single
    /// Capture Go the winners' letters (`A`, `A,C`).
    fn is_result(&self, token: &str) -> bool {
        RESULTS.contains(&token)
            || (self.kind() == Some(GameKind::Scg)
                && token.split(',').all(|w| w.len() == 1 && w.bytes().all(|b| b.is_ascii_uppercase())))
    }

    /// Reads a record's text.
    pub fn parse(text: &str) -> Result<Record, TextError> {
        let mut record = Record::default();
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
            record.tags.push(parse_tag(trimmed).map_err(|r| line_error(i + 1, trimmed, r))?);
        }
        let per_number = record.moves_per_number();
        let mut expected_number = 1;
        let mut in_number = per_number;
        for (i, line) in lines {
            for token in line.split_whitespace() {
                let line_no = i + 1;
                if record.result.is_some() {
                    return Err(line_error(line_no, token, "nothing may follow the result"));
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
                        _ => {
                            return Err(line_error(line_no, token, format!("expected move number {expected_number}.")));
                        }
                    }
                } else if record.is_result(token) {
                    record.result = Some(token.to_string());
                } else if is_promotion(token) {
                    match record.moves.last_mut() {
                        Some(last) if !last.contains(' ') => {
                            last.push(' ');
                            last.push_str(token);
                        }
                        _ => {
                            return Err(line_error(
                                line_no,
                                token,
                                "a promotion follows the move that reaches the sanctum",
                            ));
                        }
                    }
                } else {
                    if in_number >= per_number {
                        return Err(line_error(
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
    /// numbers per line), the result.
    pub fn to_text(&self) -> String {
        self.to_text_from(false)
    }

    /// As [`Record::to_text`]; `second_first` when the first move is the
    /// second player's (written `1...`).
    pub fn to_text_from(&self, second_first: bool) -> String {
        let mut s = String::new();
        for (name, value) in &self.tags {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(s, "[{name} \"{escaped}\"]");
        }
        s.push('\n');
        let per_number = self.moves_per_number();
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

/// A record replayed against the rules.
#[derive(Clone, Debug)]
pub struct GameLog {
    /// The record as read, with moves rewritten in record notation.
    pub record: Record,
    /// The game.
    pub kind: GameKind,
    /// The options its tags chose.
    pub options: GameOptions,
    /// Every position, the start first.
    pub positions: Vec<AnyGame>,
    /// Every move in canonical long form.
    pub long_moves: Vec<String>,
}

impl GameLog {
    /// Replays a record: reads its tags, starts the game and checks each
    /// move, and checks the result against the final position.
    pub fn replay(record: &Record) -> Result<GameLog, TextError> {
        let game = record.tag("Game").ok_or_else(|| TextError::new("Game", "a record needs a [Game \"...\"] tag"))?;
        let kind = GameKind::parse(game)?;
        let handicap = match record.tag("Handicap") {
            None => None,
            Some(h) => Some(h.parse::<u8>().map_err(|_| TextError::new(h, "the Handicap tag is a whole number"))?),
        };
        let seed = match record.tag("Seed") {
            None => None,
            Some(s) => Some(s.parse::<u64>().map_err(|_| TextError::new(s, "the Seed tag is a whole number"))?),
        };
        let repetition = match record.tag("Repetition") {
            None => None,
            Some("on") => Some(true),
            Some("off") => Some(false),
            Some(other) => return Err(TextError::new(other, "the Repetition tag is on or off")),
        };
        let at_blocked = match record.tag("AtBlocked") {
            None => None,
            Some("on") => Some(true),
            Some("off") => Some(false),
            Some(other) => return Err(TextError::new(other, "the AtBlocked tag is on or off")),
        };
        let options = GameOptions {
            variant: record.tag("Variant").map(str::to_string),
            handicap,
            seed,
            repetition,
            players: record.tag("Players").map(str::to_string),
            at_blocked,
        };
        let start = AnyGame::new(kind, &options, record.tag("Setup"))?;
        if start.status().status == "win" && start.status().winners.is_empty() {
            return Err(TextError::new(
                record.tag("Setup").unwrap_or_default(),
                "a record cannot start from a finished position that does not say who won",
            ));
        }
        let per_number = kind.moves_per_number();
        let mut positions = vec![start];
        let mut long_moves = Vec::new();
        let mut written = Vec::new();
        for (i, mv) in record.moves.iter().enumerate() {
            let here = positions.last().expect("a start");
            let at = |e: TextError| {
                TextError::new(e.token.clone(), format!("move {} ({}): {}", i / per_number + 1, mv, e.reason))
            };
            if AnyGame::status_after(&positions).status != "ongoing" {
                return Err(TextError::new(mv, format!("move {}: the game is already over", i / per_number + 1)));
            }
            written.push(here.record_move(mv).map_err(at)?);
            long_moves.push(here.canonical_move(mv).map_err(at)?);
            positions.push(here.play(mv).map_err(at)?);
        }
        let status = AnyGame::status_after(&positions);
        let natural = result_token(kind, &status.winners, status.status);
        let result = match record.result.as_deref() {
            None | Some("*") if status.status == "ongoing" => "*".to_string(),
            None => natural.clone(),
            Some(r) => {
                let r = normalise_result(r);
                if status.status != "ongoing" && r != natural {
                    return Err(TextError::new(r, format!("the final position says {natural} ({status})")));
                }
                r
            }
        };
        let mut out = record.clone();
        out.moves = written;
        out.result = Some(result.clone());
        if let Some(tagged) = out.tag("Result").map(normalise_result)
            && tagged != "*"
            && tagged != result
        {
            return Err(TextError::new(tagged, format!("the Result tag disagrees with the moves' result {result}")));
        }
        out.set_tag("Result", result);
        Ok(GameLog { record: out, kind, options, positions, long_moves })
    }

    /// Whether the first move was the second player's (never in a game
    /// whose moves are whole rounds).
    pub fn second_first(&self) -> bool {
        self.kind.moves_per_number() > 1 && self.positions[0].to_move_label() != self.kind.first_label()
    }

    /// The record in canonical text.
    pub fn to_text(&self) -> String {
        self.record.to_text_from(self.second_first())
    }
}

/// Writes `1-0` style results with the em dash the rule text uses.
fn normalise_result(r: &str) -> String {
    match r {
        "1-0" => "1—0".into(),
        "0-1" => "0—1".into(),
        "1/2-1/2" => "½—½".into(),
        other => other.into(),
    }
}

/// The result token for a finished game (for Single Capture Go the
/// winners' letters joined by `,`).
fn result_token(kind: GameKind, winners: &[String], status: &str) -> String {
    match (kind, status, winners) {
        (_, "ongoing", _) => "*".into(),
        (GameKind::Scg, _, _) => winners.join(","),
        (_, "draw", _) => "½—½".into(),
        (_, _, [w]) if w == kind.first_label() => "1—0".into(),
        _ => "0—1".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_moves_round_trip() {
        let text = "[Game \"agog\"]\n[White \"Ann \\\"the Bold\\\"\"]\n[Result \"*\"]\n\n1. e3 d6 2. Ca1 h1=H 1xa3 *\n";
        let r = Record::parse(text).unwrap();
        assert_eq!(r.tag("White"), Some("Ann \"the Bold\""));
        assert_eq!(r.moves, ["e3", "d6", "Ca1 h1=H", "1xa3"]);
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
            let e = Record::parse(text).unwrap_err();
            assert_eq!(e.token, token, "{text:?}: {e}");
        }
    }
}
