//! Position strings and canonical long moves.
//!
//! Reading a position is two steps, each with its own errors: the text is
//! parsed into a [`PositionSetup`] (plain data), which is then validated
//! into a [`Sage`] position.

use arbiter_core::{Game, MoveError, Notation, PositionError, RefusalInfo, Seat};

use super::board::{
    Bits, Color, FILES, KINDS, Kind, MAX_SCORE, RANKS, RIVER_RANK, SQUARES, Square, WINNING_SCORE, bit, parse_square,
    push_square_name, square_name, squares,
};
use super::moves::{End, SageMove};
use super::refusals as rule;
use super::{Sage, SageConfig};

/// The start position.
pub const START: &str = "2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 b Ss 0-0";

/// How many pieces of each kind a side has at most.
const fn most(kind: Kind) -> u32 {
    match kind {
        Kind::Sage => 1,
        Kind::Apprentice => 8,
        Kind::Skyship => 2,
    }
}

/// A position string read but not yet checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSetup {
    /// The piece on each square, a1 first.
    pub squares: [Option<(Color, Kind)>; SQUARES],
    /// The side to move.
    pub side: Color,
    /// Whether Black's and Red's Sages are in their towers.
    pub towers: [bool; 2],
    /// Black's and Red's scores.
    pub scores: [u8; 2],
}

impl PositionSetup {
    /// Parses the text of a position string (syntax only).
    pub fn parse(text: &str) -> Result<PositionSetup, PositionError> {
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.len() != 4 {
            return Err(PositionError::malformed(
                text,
                format!(
                    "a position has 4 fields separated by single spaces (board, side, towers, scores), found {}",
                    fields.len()
                ),
            ));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != RANKS as usize {
            return Err(PositionError::malformed(
                fields[0],
                format!("the board has {RANKS} ranks separated by '/', found {}", ranks.len()),
            ));
        }
        let mut squares = [None; SQUARES];
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = RANKS as usize - 1 - i;
            let mut file = 0usize;
            for c in rank_text.chars() {
                match c {
                    '1'..='8' => file += c as usize - '0' as usize,
                    _ => {
                        let Some(piece) = piece_of_letter(c) else {
                            return Err(PositionError::malformed(
                                *rank_text,
                                format!(
                                    "rank {}: '{c}' is not a piece (S Sage, A apprentice, K skyship; Red in lower case) or a digit 1-8",
                                    rank + 1
                                ),
                            ));
                        };
                        if file < FILES as usize {
                            squares[rank * FILES as usize + file] = Some(piece);
                        }
                        file += 1;
                    }
                }
            }
            if file != FILES as usize {
                return Err(PositionError::malformed(
                    *rank_text,
                    format!("rank {} covers {file} squares, not 8", rank + 1),
                ));
            }
        }
        let side = match fields[1] {
            "b" => Color::Black,
            "r" => Color::Red,
            other => return Err(PositionError::malformed(other, "the side to move is 'b' (Black) or 'r' (Red)")),
        };
        let towers = match fields[2].as_bytes() {
            [b @ (b'S' | b'-'), r @ (b's' | b'-')] => [*b == b'S', *r == b's'],
            _ => {
                return Err(PositionError::malformed(
                    fields[2],
                    "the towers are two characters, Black's then Red's: 'S' / 's' for a Sage in her tower, else '-'",
                ));
            }
        };
        let score_error = || {
            PositionError::malformed(
                fields[3],
                format!("the scores are <Black>-<Red>, each a whole number from 0 to {MAX_SCORE}"),
            )
        };
        let (black, red) = fields[3].split_once('-').ok_or_else(score_error)?;
        let score = |text: &str| match text.parse::<u8>() {
            Ok(n) if n <= MAX_SCORE && (text == "0" || !text.starts_with('0')) && !text.starts_with('+') => Some(n),
            _ => None,
        };
        let scores = [score(black).ok_or_else(score_error)?, score(red).ok_or_else(score_error)?];
        Ok(PositionSetup { squares, side, towers, scores })
    }

    /// Checks the setup against the rules and builds the position.
    pub fn validate(&self, repetition: bool) -> Result<Sage, PositionError> {
        let mut pieces = [[0 as Bits; 3]; 2];
        for (sq, piece) in self.squares.iter().enumerate() {
            if let Some((color, kind)) = *piece {
                pieces[color.index()][kind.index()] |= bit(sq as Square);
            }
        }
        for color in Color::BOTH {
            for kind in KINDS {
                let set = pieces[color.index()][kind.index()];
                if set.count_ones() > most(kind) {
                    let on: Vec<String> = squares(set).map(square_name).collect();
                    return Err(PositionError::invalid(
                        on.join(" "),
                        format!(
                            "{} has {} {}s; a side has at most {}",
                            color.name(),
                            set.count_ones(),
                            kind.name(),
                            most(kind)
                        ),
                    ));
                }
            }
            let sage = pieces[color.index()][Kind::Sage.index()];
            if self.towers[color.index()] && sage != 0 {
                return Err(PositionError::invalid(
                    square_name(sage.trailing_zeros() as Square),
                    format!("{}'s Sage cannot be on the board and in her tower at once", color.name()),
                ));
            }
        }
        if self.scores.iter().all(|&s| s >= WINNING_SCORE) {
            return Err(PositionError::invalid(
                format!("{}-{}", self.scores[0], self.scores[1]),
                format!("only one side can reach {WINNING_SCORE} points: the first to reach them wins"),
            ));
        }
        Ok(Sage::from_parts(pieces, self.towers, self.scores, self.side, repetition))
    }
}

fn piece_of_letter(c: char) -> Option<(Color, Kind)> {
    let color = if c.is_ascii_uppercase() { Color::Black } else { Color::Red };
    let kind = KINDS.into_iter().find(|k| k.letter() == c.to_ascii_uppercase())?;
    Some((color, kind))
}

fn letter_of(color: Color, kind: Kind) -> char {
    match color {
        Color::Black => kind.letter(),
        Color::Red => kind.letter().to_ascii_lowercase(),
    }
}

/// Reads the form of a move: `pass`, `T-d2`, `c5-W`, `c2-c4` (also
/// `c2c4`, and squares in capitals: `C2-C4`).
fn parse_move_text(written: &str) -> Result<SageMove, MoveError> {
    let lowered = crate::typed::lower_squares(written, b'a'..=b'h', b'1'..=b'9');
    let text = lowered.as_str();
    let square = |s: &str| {
        parse_square(s)
            .ok_or_else(|| MoveError::malformed(if s.is_empty() { written } else { s }, "not a square (a1 to h9)"))
    };
    if text == "pass" {
        return Ok(SageMove::Pass);
    }
    if let (Some(from), Some(to)) = (text.get(..2).and_then(parse_square), text.get(2..).and_then(parse_square)) {
        return Ok(SageMove::Step(from, to));
    }
    let Some((from, to)) = text.split_once('-') else {
        return Err(MoveError::malformed(
            written,
            "a move is <from>-<to>, T-<to> (the Sage leaves her tower), <from>-W or <from>-E (escape), or pass",
        ));
    };
    Ok(match (from, to) {
        (t, to) if t.eq_ignore_ascii_case("T") => SageMove::Tower(square(to)?),
        (from, w) if w.eq_ignore_ascii_case("W") => SageMove::Escape(square(from)?, End::West),
        (from, e) if e.eq_ignore_ascii_case("E") => SageMove::Escape(square(from)?, End::East),
        (from, to) => SageMove::Step(square(from)?, square(to)?),
    })
}

impl Sage {
    /// Why a move in the right form is not legal here.
    fn explain(&self, mv: &SageMove) -> (&'static RefusalInfo, String) {
        let me = self.side;
        let name = me.name();
        let occupied = self.occupied();
        let taken = |sq: Square| occupied & bit(sq) != 0;
        let own_piece = |sq: Square| match self.piece_at(sq) {
            None => Err((&rule::NO_PIECE, format!("there is no piece on {}", square_name(sq)))),
            Some((c, _)) if c != me => {
                Err((&rule::THEIRS, format!("the piece on {} is {}'s", square_name(sq), c.name())))
            }
            Some((_, kind)) => Ok(kind),
        };
        let why = match *mv {
            SageMove::Pass => Ok((&rule::PASS, "a pass is legal only when no other move is".to_string())),
            SageMove::Tower(_) if !self.in_tower(me) => {
                Ok((&rule::TOWER_OUT, format!("{name}'s Sage is not in her tower")))
            }
            SageMove::Tower(to) if me.tower_squares() & bit(to) == 0 => {
                let around: Vec<String> = squares(me.tower_squares()).map(square_name).collect();
                Ok((&rule::TOWER_AROUND, format!("{name}'s Sage comes out of her tower onto {}", around.join(", "))))
            }
            SageMove::Tower(to) => Ok((&rule::OCCUPIED, format!("{} is occupied", square_name(to)))),
            SageMove::Escape(from, end) => own_piece(from).map(|kind| match kind {
                Kind::Skyship => (&rule::SKYSHIP_STAYS, "a skyship never leaves the board".to_string()),
                _ if from / 8 != RIVER_RANK => {
                    (&rule::RIVER_ONLY, "a piece escapes only from a river square (rank 5)".to_string())
                }
                Kind::Sage => (&rule::SAGE_ESCAPE, "a Sage escapes by stepping off a5 (a5-W) or h5 (h5-E)".to_string()),
                Kind::Apprentice => (
                    &rule::CLEAR,
                    format!(
                        "the river between {} and the {} end is not clear",
                        square_name(from),
                        if end == End::West { "west" } else { "east" }
                    ),
                ),
            }),
            SageMove::Step(from, to) => own_piece(from).map(|kind| {
                if taken(to) {
                    return (&rule::OCCUPIED, format!("{} is occupied", square_name(to)));
                }
                match kind {
                    Kind::Sage => (
                        &rule::SAGE_STEP,
                        "a Sage steps one square in any direction, or hops across the river over a friendly piece"
                            .to_string(),
                    ),
                    Kind::Apprentice => match self.first_in_the_way(from, to) {
                        Some(sq) => (&rule::IN_THE_WAY, format!("{} is in the way", square_name(sq))),
                        None => (
                            &rule::CROSSING,
                            "an apprentice slides along a rank or file over empty squares, halts at the river \
                                 bank, enters or leaves the river one step at a time, and crosses it only by hopping \
                                 over a friendly piece"
                                .to_string(),
                        ),
                    },
                    Kind::Skyship => (
                        &rule::FLIGHT,
                        "a skyship flies exactly two diagonal steps, over any piece but a skyship".to_string(),
                    ),
                }
            }),
        };
        why.unwrap_or_else(|e| e)
    }

    /// The first occupied square strictly between `from` and `to` when
    /// they share a rank or a file.
    fn first_in_the_way(&self, from: Square, to: Square) -> Option<Square> {
        let (ff, fr, tf, tr) = (from % FILES, from / FILES, to % FILES, to / FILES);
        let step: i32 = match (ff == tf, fr == tr) {
            (true, false) => {
                if tr > fr {
                    FILES as i32
                } else {
                    -(FILES as i32)
                }
            }
            (false, true) => {
                if tf > ff {
                    1
                } else {
                    -1
                }
            }
            _ => return None,
        };
        let occupied = self.occupied();
        let mut sq = from as i32 + step;
        while sq != to as i32 {
            if occupied & bit(sq as Square) != 0 {
                return Some(sq as Square);
            }
            sq += step;
        }
        None
    }

    fn board_string(&self) -> String {
        let mut s = String::with_capacity(80);
        for rank in (0..RANKS).rev() {
            let mut empty = 0;
            for file in 0..FILES {
                match self.piece_at(rank * FILES + file) {
                    None => empty += 1,
                    Some((color, kind)) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        s.push(letter_of(color, kind));
                    }
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }
}

impl Notation for Sage {
    fn parse_position(text: &str, config: &SageConfig) -> Result<Sage, PositionError> {
        PositionSetup::parse(text)?.validate(config.repetition)
    }

    fn position_string(&self) -> String {
        format!(
            "{} {} {}{} {}-{}",
            self.board_string(),
            self.side.letter(),
            if self.in_tower(Color::Black) { 'S' } else { '-' },
            if self.in_tower(Color::Red) { 's' } else { '-' },
            self.score(Color::Black),
            self.score(Color::Red)
        )
    }

    fn parse_move(&self, text: &str) -> Result<SageMove, MoveError> {
        let mv = parse_move_text(text)?;
        if self.legal_move_list().contains(&mv) {
            Ok(mv)
        } else if self.status().is_over() {
            Err(MoveError::GameOver { token: text.to_string() })
        } else {
            let (rule, why) = self.explain(&mv);
            Err(MoveError::illegal(text, rule, why))
        }
    }

    fn move_string(&self, mv: &SageMove) -> String {
        let mut s = String::with_capacity(5);
        match *mv {
            SageMove::Step(from, to) => {
                push_square_name(&mut s, from);
                s.push('-');
                push_square_name(&mut s, to);
            }
            SageMove::Tower(to) => {
                s.push_str("T-");
                push_square_name(&mut s, to);
            }
            SageMove::Escape(from, end) => {
                push_square_name(&mut s, from);
                s.push('-');
                s.push(end.letter());
            }
            SageMove::Pass => s.push_str("pass"),
        }
        s
    }

    fn seat_label(&self, seat: Seat) -> String {
        if seat.0 == 0 { "b".into() } else { "r".into() }
    }

    fn board_diagram(&self) -> arbiter_core::Diagram {
        self.render_diagram()
    }

    fn board_model(&self) -> arbiter_core::BoardModel {
        self.model()
    }

    fn board_change(&self, before: &Self, last_move: &[arbiter_core::Name]) -> Option<arbiter_core::BoardChange> {
        Some(self.change_from(before, last_move))
    }

    fn clicks(&self, mv: &SageMove) -> arbiter_core::Clicks {
        self.move_clicks(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sage::{RIVER_EAST, RIVER_WEST};

    #[test]
    fn the_start_reads_back() {
        let p = Sage::parse_position(START, &SageConfig::default()).unwrap();
        assert_eq!(p.position_string(), START);
        assert!(p.in_tower(Color::Black) && p.in_tower(Color::Red));
        assert_eq!(p.pieces(Color::Black, Kind::Apprentice).count_ones(), 8);
        assert_eq!(p.piece_at(parse_square("h8").unwrap()), Some((Color::Red, Kind::Skyship)));
        assert_eq!(square_name(RIVER_WEST), "a5");
        assert_eq!(square_name(RIVER_EAST), "h5");
    }

    #[test]
    fn move_forms_read() {
        assert_eq!(parse_move_text("pass").unwrap(), SageMove::Pass);
        assert_eq!(parse_move_text("T-d2").unwrap(), SageMove::Tower(11));
        assert_eq!(parse_move_text("c5-W").unwrap(), SageMove::Escape(34, End::West));
        assert_eq!(parse_move_text("h5-E").unwrap(), SageMove::Escape(39, End::East));
        assert_eq!(parse_move_text("c2-c4").unwrap(), SageMove::Step(10, 26));
        assert_eq!(parse_move_text("c2c4").unwrap(), SageMove::Step(10, 26), "the dash may be left out");
        assert_eq!(parse_move_text("C2-C4").unwrap(), SageMove::Step(10, 26), "squares in any case");
        for (text, token) in [
            ("c2", "c2"),
            ("c2-", "c2-"),
            ("-c4", "-c4"),
            ("T-", "T-"),
            ("T-i1", "i1"),
            ("x5-W", "x5"),
            ("c2-c4-c6", "c4-c6"),
        ] {
            assert_eq!(parse_move_text(text).unwrap_err().token(), token, "{text}");
        }
    }
}
