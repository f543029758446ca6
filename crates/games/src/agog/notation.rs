//! Position strings and canonical long moves.
//!
//! Reading a position is two steps, each with its own errors: the text is
//! parsed into a [`PositionSetup`] (plain data), which is then validated
//! into an [`Agog`] position.

use arbiter_core::{MoveError, Notation, PositionError, Seat};

use super::board::{Board, Color, Edition, Kind, Square, bit, parse_square, push_square_name, square_name};
use super::movegen::squares;
use super::moves::AgogMove;
use super::{Agog, AgogConfig};

/// The start position of both editions.
pub const START: &str = "2gggggj/3ggggg/G3gggg/GG3ggg/GGG3gg/GGGG3g/GGGGG3/JGGGGG2 w 0 0";

/// Golem checkers of each colour in a full set.
const GOLEMS_PER_SIDE: u32 = 20;

/// A position string read but not yet checked against the rules: the unit
/// letter on each square, the side to move and the pools.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSetup {
    /// The unit letter (`J G H C D`, White upper case) on each square, a1 first.
    pub squares: [Option<char>; 64],
    /// The side to move.
    pub side: Color,
    /// White's and Black's pools.
    pub pools: [u8; 2],
}

impl PositionSetup {
    /// Parses the text of a position string (syntax only).
    pub fn parse(text: &str) -> Result<PositionSetup, PositionError> {
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.len() != 4 {
            return Err(PositionError::malformed(
                text,
                format!(
                    "a position has 4 fields separated by single spaces (board, side, White's pool, Black's pool), found {}",
                    fields.len()
                ),
            ));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(PositionError::malformed(
                fields[0],
                format!("the board has 8 ranks separated by '/', found {}", ranks.len()),
            ));
        }
        let mut squares = [None; 64];
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i;
            let mut file = 0usize;
            for c in rank_text.chars() {
                match c {
                    '1'..='8' => file += c as usize - '0' as usize,
                    'J' | 'G' | 'H' | 'C' | 'D' | 'j' | 'g' | 'h' | 'c' | 'd' => {
                        if file < 8 {
                            squares[rank * 8 + file] = Some(c);
                        }
                        file += 1;
                    }
                    _ => {
                        return Err(PositionError::malformed(
                            *rank_text,
                            format!(
                                "rank {}: '{c}' is not a unit (J G H C D, Black in lower case) or a digit 1-8",
                                rank + 1
                            ),
                        ));
                    }
                }
            }
            if file != 8 {
                return Err(PositionError::malformed(
                    *rank_text,
                    format!("rank {} covers {file} squares, not 8", rank + 1),
                ));
            }
        }
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(PositionError::malformed(other, "the side to move is 'w' or 'b'")),
        };
        let pool = |name: &str, text: &str| -> Result<u8, PositionError> {
            match text.parse::<u8>() {
                Ok(n) if n as u32 <= GOLEMS_PER_SIDE && (text == "0" || !text.starts_with('0')) => Ok(n),
                _ => Err(PositionError::malformed(
                    text,
                    format!("{name}'s pool is a whole number from 0 to {GOLEMS_PER_SIDE}"),
                )),
            }
        };
        Ok(PositionSetup { squares, side, pools: [pool("White", fields[2])?, pool("Black", fields[3])?] })
    }

    /// Checks the setup against the rules of `edition` and builds the position.
    pub fn validate(&self, edition: Edition) -> Result<Agog, PositionError> {
        let mut board = Board::default();
        for (sq, letter) in self.squares.iter().enumerate() {
            let Some(letter) = *letter else { continue };
            let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
            let kind = match (letter.to_ascii_uppercase(), edition) {
                ('J', _) => Kind::Journeyman,
                ('G', _) => Kind::Golem,
                ('H', _) => Kind::Hulk,
                ('C', Edition::Current) => Kind::CorruptHulk,
                ('C', Edition::Classic) => Kind::CorruptGolem,
                ('D', Edition::Classic) => Kind::CorruptHulk,
                _ => {
                    return Err(PositionError::invalid(
                        letter.to_string(),
                        format!(
                            "on {}: 'D' (corrupted hulk of the classic edition) is not a unit of the current edition",
                            square_name(sq as Square)
                        ),
                    ));
                }
            };
            let sq = sq as Square;
            if kind != Kind::Journeyman && sq == color.target_sanctum() {
                return Err(PositionError::invalid(
                    square_name(sq),
                    format!(
                        "a {} unit other than the journeyman cannot stand on the enemy sanctum {}",
                        color.name(),
                        square_name(sq)
                    ),
                ));
            }
            board.toggle(color, kind, sq);
        }
        let journeymen = |c: Color| board.units[c.index()][Kind::Journeyman.index()];
        for c in [Color::White, Color::Black] {
            if journeymen(c).count_ones() > 1 {
                let extra: Vec<String> = squares(journeymen(c)).map(square_name).collect();
                return Err(PositionError::invalid(
                    extra.join(" "),
                    format!("{} has more than one journeyman", c.name()),
                ));
            }
        }
        let (w, b) = (journeymen(Color::White), journeymen(Color::Black));
        if w == 0 && b == 0 {
            return Err(PositionError::invalid(
                "J j",
                "both journeymen are missing: at most one can have been captured",
            ));
        }
        if w & bit(Color::White.target_sanctum()) != 0 && b & bit(Color::Black.target_sanctum()) != 0 {
            return Err(PositionError::invalid("h8 a1", "both journeymen stand on the enemy sanctum"));
        }
        for c in [Color::White, Color::Black] {
            let mut on_board = 0;
            for kind in super::board::KINDS {
                let (own, _) = edition.checkers(kind);
                on_board += own as u32 * board.units[c.index()][kind.index()].count_ones();
                let (_, other) = edition.checkers(kind);
                on_board += other as u32 * board.units[c.other().index()][kind.index()].count_ones();
            }
            let total = on_board + self.pools[c.index()] as u32;
            if total > GOLEMS_PER_SIDE {
                return Err(PositionError::invalid(
                    self.pools[c.index()].to_string(),
                    format!(
                        "{} has {on_board} golem checkers on the board and {} in the pool: more than {GOLEMS_PER_SIDE}",
                        c.name(),
                        self.pools[c.index()]
                    ),
                ));
            }
        }
        let mut position = Agog { board, pools: self.pools, side: self.side, edition, hash: 0 };
        position.hash = position.compute_hash();
        Ok(position)
    }
}

impl Agog {
    /// Parses and validates a position string.
    pub(crate) fn parse_setup(text: &str, edition: Edition) -> Result<Agog, PositionError> {
        PositionSetup::parse(text)?.validate(edition)
    }

    /// The letter of a unit in position strings and scorekeeping.
    pub(crate) fn unit_letter(&self, kind: Kind) -> char {
        match (kind, self.edition) {
            (Kind::Journeyman, _) => 'J',
            (Kind::Golem, _) => 'G',
            (Kind::Hulk, _) => 'H',
            (Kind::CorruptGolem, _) => 'C',
            (Kind::CorruptHulk, Edition::Current) => 'C',
            (Kind::CorruptHulk, Edition::Classic) => 'D',
        }
    }

    fn board_string(&self) -> String {
        let mut s = String::with_capacity(72);
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                match self.board.unit_at(rank * 8 + file) {
                    None => empty += 1,
                    Some((color, kind)) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        let letter = self.unit_letter(kind);
                        s.push(if color == Color::White { letter } else { letter.to_ascii_lowercase() });
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

    /// Every legal move here.
    pub fn legal_move_list(&self) -> Vec<AgogMove> {
        let mut moves = Vec::new();
        self.generate(&mut moves);
        moves
    }
}

/// A long-form move as written, before it is matched against the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LongMove {
    pub from: Square,
    /// `Some(to)` for a quiet move.
    pub quiet_to: Option<Square>,
    /// Landings of a capture sequence with `true` for a corrupting jump.
    pub jumps: Vec<(Square, bool)>,
    pub promote: Option<Square>,
}

impl LongMove {
    /// Parses `e2-e3`, `a1xa3+c3`, optionally followed by ` h1=H`.
    pub fn parse(text: &str) -> Result<LongMove, MoveError> {
        let (body, promote) = split_promotion(text)?;
        let bytes = body.as_bytes();
        if bytes.len() < 5 || !body.is_char_boundary(2) {
            return Err(MoveError::malformed(
                text,
                "a move is <from>-<to> or <from> followed by x<landing>/+<landing> per jump",
            ));
        }
        let from = parse_square(&body[..2])
            .ok_or_else(|| MoveError::malformed(&body[..2.min(body.len())], "not a square (a1 to h8)"))?;
        let rest = &body[2..];
        if let Some(to) = rest.strip_prefix('-') {
            let to = parse_square(to).ok_or_else(|| MoveError::malformed(to, "not a square (a1 to h8)"))?;
            return Ok(LongMove { from, quiet_to: Some(to), jumps: Vec::new(), promote });
        }
        let jumps = parse_jumps(rest)?;
        Ok(LongMove { from, quiet_to: None, jumps, promote })
    }
}

/// Splits `move h1=H` into the move and the promotion square.
pub(crate) fn split_promotion(text: &str) -> Result<(&str, Option<Square>), MoveError> {
    match text.split_once(' ') {
        None => Ok((text, None)),
        Some((body, promo)) => {
            let square = promo.strip_suffix("=H").and_then(parse_square).ok_or_else(|| {
                MoveError::malformed(promo, "a sanctum promotion is written <golem square>=H, such as c3=H")
            })?;
            Ok((body, Some(square)))
        }
    }
}

/// Parses `xa3+c3` into landings with their corrupt flags.
pub(crate) fn parse_jumps(text: &str) -> Result<Vec<(Square, bool)>, MoveError> {
    let mut jumps = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let corrupt = match rest.as_bytes()[0] {
            b'x' => false,
            b'+' => true,
            _ => {
                return Err(MoveError::malformed(
                    rest,
                    "expected 'x' (capture) or '+' (corrupt) before each landing square",
                ));
            }
        };
        let square_text = rest.get(1..3).unwrap_or(&rest[1..]);
        let square =
            parse_square(square_text).ok_or_else(|| MoveError::malformed(square_text, "not a square (a1 to h8)"))?;
        jumps.push((square, corrupt));
        rest = &rest[1 + square_text.len()..];
        if jumps.len() > super::moves::MAX_JUMPS {
            return Err(MoveError::malformed(text, "more jumps than any sequence can have"));
        }
    }
    if jumps.is_empty() {
        return Err(MoveError::malformed(text, "expected -<to> or at least one jump"));
    }
    Ok(jumps)
}

/// Writes a long-form move.
pub(crate) fn long_form(mv: &AgogMove) -> String {
    let mut s = String::with_capacity(5 + 3 * mv.landings().len());
    push_square_name(&mut s, mv.from);
    if mv.is_capture() {
        for (i, &landing) in mv.landings().iter().enumerate() {
            s.push(if mv.corrupts(i) { '+' } else { 'x' });
            push_square_name(&mut s, landing);
        }
    } else {
        s.push('-');
        push_square_name(&mut s, mv.to);
    }
    if let Some(target) = mv.promotion() {
        s.push(' ');
        push_square_name(&mut s, target);
        s.push_str("=H");
    }
    s
}

impl LongMove {
    /// Whether this is the written form of `mv`.
    pub fn matches(&self, mv: &AgogMove) -> bool {
        if mv.from != self.from || mv.promotion() != self.promote {
            return false;
        }
        match self.quiet_to {
            Some(to) => !mv.is_capture() && mv.to == to,
            None => {
                mv.landings().len() == self.jumps.len()
                    && self.jumps.iter().enumerate().all(|(i, &(sq, c))| mv.path[i] == sq && mv.corrupts(i) == c)
            }
        }
    }
}

impl Agog {
    /// Reads a move as written: long form first, then scorekeeping.
    fn parse_move_as_written(&self, text: &str) -> Result<AgogMove, MoveError> {
        let legal = self.legal_move_list();
        match LongMove::parse(text) {
            Ok(long) => match legal.iter().find(|m| long.matches(m)) {
                Some(mv) => Ok(*mv),
                None => match self.parse_scorekeeping_in(text, &legal) {
                    Ok(mv) => Ok(mv),
                    Err(_) => {
                        let (rule, why) = self.explain_illegal(&long, &legal);
                        Err(MoveError::illegal(text, rule, why))
                    }
                },
            },
            Err(long_error) => match self.parse_scorekeeping_in(text, &legal) {
                Ok(mv) => Ok(mv),
                Err(MoveError::Malformed { .. }) if text.contains('-') => Err(long_error),
                Err(e) => Err(e),
            },
        }
    }
}

impl Notation for Agog {
    fn parse_position(text: &str, config: &AgogConfig) -> Result<Agog, PositionError> {
        Agog::parse_setup(text, config.edition)
    }

    fn position_string(&self) -> String {
        format!(
            "{} {} {} {}",
            self.board_string(),
            if self.side == Color::White { 'w' } else { 'b' },
            self.pools[0],
            self.pools[1]
        )
    }

    /// Reads a move in long form or in scorekeeping notation; squares may
    /// be written in capitals (`E2-E3`, `D4`).
    fn parse_move(&self, text: &str) -> Result<AgogMove, MoveError> {
        match self.parse_move_as_written(text) {
            Ok(mv) => Ok(mv),
            Err(e) => {
                let small = crate::typed::lower_squares(text, b'a'..=b'h', b'1'..=b'8');
                if small == text {
                    return Err(e);
                }
                // Not understood as written: what the small letters say.
                match self.parse_move_as_written(&small) {
                    Ok(mv) => Ok(mv),
                    Err(again) if matches!(e, MoveError::Malformed { .. }) => Err(again.about(text)),
                    Err(_) => Err(e),
                }
            }
        }
    }

    fn move_string(&self, mv: &AgogMove) -> String {
        long_form(mv)
    }

    /// Records write the rule text's scorekeeping notation.
    fn record_move_string(&self, mv: &AgogMove) -> String {
        self.scorekeeping(mv)
    }

    fn seat_label(&self, seat: Seat) -> String {
        if seat.0 == 0 { "w".into() } else { "b".into() }
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

    fn clicks(&self, mv: &AgogMove) -> arbiter_core::Clicks {
        self.move_clicks(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Game;

    #[test]
    fn start_round_trips() {
        let p = Agog::start(&AgogConfig::default());
        assert_eq!(p.position_string(), START);
    }

    #[test]
    fn malformed_positions_name_the_offending_part() {
        let cases = [
            ("", ""),
            ("8/8/8/8/8/8/8/8 w 0", "8/8/8/8/8/8/8/8 w 0"),
            ("8/8/8/8/8/8/8 w 0 0", "8/8/8/8/8/8/8"),
            ("9/8/8/8/8/8/8/J6j w 0 0", "9"),
            ("7/8/8/8/8/8/8/J6j w 0 0", "7"),
            ("8/8/8/8/8/8/8/J5xj w 0 0", "J5xj"),
            ("7j/8/8/8/8/8/8/J7 x 0 0", "x"),
            ("7j/8/8/8/8/8/8/J7 w 21 0", "21"),
            ("7j/8/8/8/8/8/8/J7 w 0 -1", "-1"),
            ("7j/8/8/8/8/8/8/J7 w 0 01", "01"),
            ("7j/8/8/8/8/8/8/J7  w 0 0", "7j/8/8/8/8/8/8/J7  w 0 0"),
        ];
        for (text, token) in cases {
            let e = Agog::parse_position(text, &AgogConfig::default()).unwrap_err();
            assert_eq!(e.token(), token, "{text}: {e}");
        }
    }

    #[test]
    fn invalid_setups_are_refused() {
        let config = AgogConfig::default();
        let classic = AgogConfig { edition: Edition::Classic, handicap: 0 };
        for (text, token) in [
            ("8/8/8/8/8/8/8/8 w 0 0", "J j".to_string()),
            ("7j/8/8/8/8/8/8/JJ6 w 0 0", "a1 b1".to_string()),
            ("7G/8/8/8/8/8/8/J5j1 w 0 0", "h8".to_string()),
            ("7J/8/8/8/8/8/8/j7 w 0 0", "h8 a1".to_string()),
            ("7j/8/8/8/8/8/8/J2D4 w 0 0", "D".to_string()),
            ("7j/8/8/8/8/8/HH6/J7 w 17 0", "17".to_string()),
        ] {
            let e = Agog::parse_position(text, &config).unwrap_err();
            assert_eq!(e.token(), token, "{text}: {e}");
        }
        assert!(Agog::parse_position("7j/8/8/8/8/8/8/J2D4 w 0 0", &classic).is_ok());
        // A classic corrupted hulk holds two enemy golems: 19 + 2 > 20.
        assert!(Agog::parse_position("7j/8/8/8/8/8/8/J2D4 w 0 19", &classic).is_err());
    }

    #[test]
    fn long_moves_parse_or_explain() {
        for bad in ["", "e2", "e2-", "e2-e9", "i2-e3", "e2xe", "e2ye4", "e2-e3 c3=Q", "e2-e3 c3", "é2-e3"] {
            assert!(LongMove::parse(bad).is_err(), "{bad}");
        }
        let m = LongMove::parse("a1xa3+c3").unwrap();
        assert_eq!(m.jumps, vec![(16, false), (18, true)]);
        let m = LongMove::parse("a3-a1 h1=H").unwrap();
        assert_eq!((m.quiet_to, m.promote), (Some(0), Some(7)));
    }
}
