//! The rule text's SCOREKEEPING notation: `b6`, `ab6`, `C5b6`, `Jxa3+c3`,
//! `Ca1 h1=H`.
//!
//! A unit is named by its letter (none for a golem). Where two units of the
//! same kind could make the same move, the origin coordinate along the axis
//! the unit first moves on is written (file letter for an east/west move,
//! rank digit for a north/south move); if that is still ambiguous, the
//! whole origin square. A golem capture always carries that coordinate.

use arbiter_core::MoveError;

use super::Agog;
use super::board::{Kind, Square, file_of, parse_square, rank_of, square_name};
use super::moves::AgogMove;
use super::notation::{LongMove, parse_jumps, split_promotion};
use super::refusals::{COMPULSORY, NO_SUCH};

/// What a scorekeeping token says about the origin of the unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    Any,
    File(u8),
    Rank(u8),
    Square(Square),
}

impl Origin {
    fn admits(self, sq: Square) -> bool {
        match self {
            Origin::Any => true,
            Origin::File(f) => file_of(sq) == f,
            Origin::Rank(r) => rank_of(sq) == r,
            Origin::Square(s) => s == sq,
        }
    }
}

impl Agog {
    /// A legal move in scorekeeping notation.
    pub fn scorekeeping(&self, mv: &AgogMove) -> String {
        self.scorekeeping_in(mv, &self.legal_move_list())
    }

    /// A legal move in scorekeeping notation, given the legal moves here.
    pub fn scorekeeping_in(&self, mv: &AgogMove, legal: &[AgogMove]) -> String {
        let kind = self.board.kind_at(self.side, mv.from);
        let mut s = String::new();
        if kind != Kind::Golem {
            s.push(self.unit_letter(kind));
        }
        let rivals: Vec<Square> = legal
            .iter()
            .filter(|m| {
                m.from != mv.from
                    && self.board.kind_at(self.side, m.from) == kind
                    && AgogMove { from: mv.from, ..**m } == *mv
            })
            .map(|m| m.from)
            .collect();
        if !rivals.is_empty() || (kind == Kind::Golem && mv.is_capture()) {
            let first = mv.path.first().filter(|_| mv.is_capture()).copied().unwrap_or(mv.to);
            let along_rank = rank_of(first) == rank_of(mv.from);
            let axis = if along_rank { Origin::File(file_of(mv.from)) } else { Origin::Rank(rank_of(mv.from)) };
            let name = square_name(mv.from);
            if rivals.iter().any(|&r| axis.admits(r)) {
                s.push_str(&name);
            } else if along_rank {
                s.push_str(&name[..1]);
            } else {
                s.push_str(&name[1..]);
            }
        }
        if mv.is_capture() {
            for (i, &landing) in mv.landings().iter().enumerate() {
                s.push(if mv.corrupts(i) { '+' } else { 'x' });
                s.push_str(&square_name(landing));
            }
        } else {
            s.push_str(&square_name(mv.to));
        }
        if let Some(target) = mv.promotion() {
            s.push(' ');
            s.push_str(&square_name(target));
            s.push_str("=H");
        }
        s
    }

    /// Reads a move in scorekeeping notation (more disambiguation than
    /// needed is accepted).
    pub fn parse_scorekeeping(&self, text: &str) -> Result<AgogMove, MoveError> {
        self.parse_scorekeeping_in(text, &self.legal_move_list())
    }

    pub(crate) fn parse_scorekeeping_in(&self, text: &str, legal: &[AgogMove]) -> Result<AgogMove, MoveError> {
        let (body, promote) = split_promotion(text)?;
        let (letter, rest) = match body.chars().next() {
            Some(c @ ('J' | 'H' | 'C' | 'D' | 'G')) => (c, &body[1..]),
            _ => ('G', body),
        };
        let syntax = || {
            MoveError::malformed(
                text,
                "not a move: write <from>-<to> or <from>x<landing>…, or scorekeeping such as b6, ab6, C5b6, Jxa3+c3",
            )
        };
        let (origin_text, jumps, quiet_to) = match rest.find(['x', '+']) {
            Some(i) => (&rest[..i], parse_jumps(&rest[i..])?, None),
            None => {
                if rest.len() < 2 || !rest.is_char_boundary(rest.len() - 2) {
                    return Err(syntax());
                }
                let (o, to) = rest.split_at(rest.len() - 2);
                (o, Vec::new(), Some(parse_square(to).ok_or_else(syntax)?))
            }
        };
        let origin = match origin_text.as_bytes() {
            [] => Origin::Any,
            [f @ b'a'..=b'h'] => Origin::File(f - b'a'),
            [r @ b'1'..=b'8'] => Origin::Rank(r - b'1'),
            _ => Origin::Square(parse_square(origin_text).ok_or_else(syntax)?),
        };
        let fits =
            |from: Square| origin.admits(from) && self.unit_letter(self.board.kind_at(self.side, from)) == letter;
        let candidates: Vec<&AgogMove> = legal
            .iter()
            .filter(|m| fits(m.from) && LongMove { from: m.from, quiet_to, jumps: jumps.clone(), promote }.matches(m))
            .collect();
        match candidates.as_slice() {
            [one] => Ok(**one),
            [] => {
                let units: Vec<Square> =
                    super::movegen::squares(self.board.occupied[self.side.index()]).filter(|&sq| fits(sq)).collect();
                let (rule, reason) = match units.as_slice() {
                    [] => (&NO_SUCH, format!("{} has no such unit ({})", self.side.name(), unit_name(letter))),
                    [from] => {
                        let long = LongMove { from: *from, quiet_to, jumps, promote };
                        self.explain_illegal(&long, legal)
                    }
                    _ => {
                        let compulsory = legal.first().filter(|m| m.is_capture());
                        match compulsory {
                            Some(m) => (
                                &COMPULSORY,
                                format!(
                                    "no {} {} can make this move; a capture of {} is compulsory, such as {}",
                                    self.side.name(),
                                    unit_name(letter),
                                    m.jumps,
                                    self.scorekeeping_in(m, legal)
                                ),
                            ),
                            None => {
                                (&NO_SUCH, format!("no {} {} can make this move", self.side.name(), unit_name(letter)))
                            }
                        }
                    }
                };
                Err(MoveError::illegal(text, rule, reason))
            }
            many => {
                let options: Vec<String> = many.iter().map(|m| super::notation::long_form(m)).collect();
                Err(MoveError::malformed(
                    text,
                    format!("ambiguous: {}; add the origin's file, rank or square", options.join(" or ")),
                ))
            }
        }
    }
}

fn unit_name(letter: char) -> &'static str {
    match letter {
        'J' => "journeyman",
        'H' => "hulk",
        'C' => "corrupted unit",
        'D' => "corrupted hulk",
        _ => "golem",
    }
}
