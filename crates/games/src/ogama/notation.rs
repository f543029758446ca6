//! Position strings, long moves and the board diagram.
//!
//! A position is read in two steps: [`PositionSetup::parse`] checks the
//! syntax, [`PositionSetup::validate`] the rules.

use arbiter_core::{MoveError, Notation, PositionError, RefusalInfo, Seat};

use super::board::{Color, MAX_HEIGHT, NO_SQUARE, SQUARES, Square, Stack, parse_square, push_square_name, square_name};
use super::moves::OgamaMove;
use super::refusals as rule;
use super::{Ogama, OgamaConfig};

/// Discs of each colour in a game.
const DISCS_PER_SIDE: usize = 12;

/// One square as written: its discs from the bottom up, and whether a toad
/// stands on it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SquareSetup {
    /// Disc colours, bottom first.
    pub discs: Vec<Color>,
    /// Whether a toad stands here (of the top disc's colour).
    pub toad: bool,
}

/// A position string read but not yet checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSetup {
    /// Squares a1, b1, … e5.
    pub squares: [SquareSetup; SQUARES],
    /// The side to move.
    pub side: Color,
}

impl PositionSetup {
    /// Parses a position string (syntax only).
    pub fn parse(text: &str) -> Result<PositionSetup, PositionError> {
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.len() != 2 {
            return Err(PositionError::malformed(
                text,
                format!("a position has 2 fields separated by one space (board, side), found {}", fields.len()),
            ));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 5 {
            return Err(PositionError::malformed(
                fields[0],
                format!("the board has 5 ranks separated by '/', found {}", ranks.len()),
            ));
        }
        let mut squares: [SquareSetup; SQUARES] = Default::default();
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 4 - i;
            let cells: Vec<&str> = rank_text.split(',').collect();
            if cells.len() != 5 {
                return Err(PositionError::malformed(
                    *rank_text,
                    format!("rank {} has 5 squares separated by ',', found {}", rank + 1, cells.len()),
                ));
            }
            for (file, cell) in cells.iter().enumerate() {
                squares[rank * 5 + file] = parse_square_text(cell)?;
            }
        }
        let side = match fields[1] {
            "o" => Color::Orange,
            "b" => Color::Blue,
            other => return Err(PositionError::malformed(other, "the side to move is 'o' or 'b'")),
        };
        Ok(PositionSetup { squares, side })
    }

    /// Checks the setup against the rules and builds the position.
    pub fn validate(&self, repetition: bool) -> Result<Ogama, PositionError> {
        let mut stacks = [Stack::EMPTY; SQUARES];
        let mut toads = [NO_SQUARE; 2];
        let mut counts = [0usize; 2];
        for (sq, setup) in self.squares.iter().enumerate() {
            let name = square_name(sq as Square);
            if setup.discs.len() > MAX_HEIGHT as usize {
                return Err(PositionError::invalid(name, format!("a stack holds at most {MAX_HEIGHT} discs")));
            }
            for &d in &setup.discs {
                stacks[sq] = stacks[sq].push(d);
                counts[d.index()] += 1;
            }
            if setup.toad {
                let Some(color) = stacks[sq].top() else {
                    return Err(PositionError::invalid(name, "a toad stands on a disc, not on an empty square"));
                };
                if toads[color.index()] != NO_SQUARE {
                    return Err(PositionError::invalid(name, format!("{} has two toads", color.name())));
                }
                toads[color.index()] = sq as Square;
            }
        }
        for color in [Color::Orange, Color::Blue] {
            if counts[color.index()] != DISCS_PER_SIDE {
                return Err(PositionError::invalid(
                    color.letter().to_string(),
                    format!(
                        "{} has {} discs; a game has {DISCS_PER_SIDE} of each colour",
                        color.name(),
                        counts[color.index()]
                    ),
                ));
            }
        }
        Ok(Ogama::from_parts(stacks, toads, self.side, repetition))
    }
}

fn parse_square_text(cell: &str) -> Result<SquareSetup, PositionError> {
    if cell == "." {
        return Ok(SquareSetup::default());
    }
    let (discs_text, toad) = match cell.strip_suffix('*') {
        Some(d) => (d, true),
        None => (cell, false),
    };
    if discs_text.is_empty() {
        return Err(PositionError::malformed(
            cell,
            "a square is '.' or its discs bottom to top (o, b), then '*' for a toad",
        ));
    }
    let mut discs = Vec::new();
    for c in discs_text.chars() {
        discs.push(match c {
            'o' => Color::Orange,
            'b' => Color::Blue,
            _ => {
                return Err(PositionError::malformed(
                    cell,
                    format!(
                        "'{c}' is not a disc: a square is '.' or its discs bottom to top (o, b), then '*' for a toad"
                    ),
                ));
            }
        });
    }
    Ok(SquareSetup { discs, toad })
}

impl Ogama {
    /// Why a move in the right form is not legal here.
    fn explain(&self, mv: &OgamaMove) -> (&'static RefusalInfo, String) {
        let me = self.side;
        let toad = self.toad(me);
        match (*mv, toad) {
            (OgamaMove::Pass, _) => (&rule::PASS, "a pass is legal only when nothing else is".into()),
            (OgamaMove::Place(_), Some(_)) => (&rule::PLACED, format!("{}'s toad is already on the board", me.name())),
            (OgamaMove::Place(sq), None) => (
                &rule::PLACE_SQUARE,
                format!(
                    "a toad is placed on a square topped by its own colour and free of toads, not {}",
                    square_name(sq)
                ),
            ),
            (_, None) => (&rule::FIRST, format!("{} must first place the toad (T@<square>)", me.name())),
            (OgamaMove::Toad(from, _), Some(t)) if from != t => {
                (&rule::WHERE, format!("{}'s toad is on {}, not {}", me.name(), square_name(t), square_name(from)))
            }
            (OgamaMove::Toad(_, to), Some(_)) => (
                &rule::STEP,
                format!(
                    "a toad steps to a neighbouring square topped by its own colour and free of toads, not {}",
                    square_name(to)
                ),
            ),
            (OgamaMove::Disc(from, _), Some(_)) if self.stack(from).top() != Some(me) => {
                (&rule::THEIRS, format!("the top disc on {} is not {}'s", square_name(from), me.name()))
            }
            (OgamaMove::Disc(from, _), Some(_)) if self.toads.contains(&from) => {
                (&rule::UNDER_TOAD, format!("a disc under a toad cannot move ({})", square_name(from)))
            }
            (OgamaMove::Disc(..), Some(t)) => {
                let h = self.stack(t).height();
                let why = format!(
                    "a disc travels exactly {h} square{} (the height under the toad on {}), turning at most once, never over a toad",
                    if h == 1 { "" } else { "s" },
                    square_name(t)
                );
                (&rule::TRAVEL, why)
            }
        }
    }
}

/// Reads the form of a move: `pass`, `T@c3`, `Tc3-d4`, `c3-d5` (also
/// `c3d5`, `Tc3d4`, and squares in capitals: `T@C3`).
fn parse_move_text(written: &str) -> Result<OgamaMove, MoveError> {
    let lowered = crate::typed::lower_squares(written, b'a'..=b'e', b'1'..=b'5');
    let text = lowered.as_str();
    let bad = || {
        MoveError::malformed(
            written,
            "a move is <from>-<to>, T<from>-<to> (toad), T@<square> (placing the toad) or pass",
        )
    };
    let square = |s: &str| parse_square(s).ok_or_else(|| MoveError::malformed(s, "not a square (a1 to e5)"));
    if text == "pass" {
        return Ok(OgamaMove::Pass);
    }
    if let Some(sq) = text.strip_prefix("T@").or_else(|| text.strip_prefix("t@")) {
        return Ok(OgamaMove::Place(square(sq)?));
    }
    let (toad, body) = match text.strip_prefix(['T', 't']) {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (from, to) = match body.split_once('-') {
        Some(parts) => parts,
        None if body.len() == 4 && body.is_char_boundary(2) => body.split_at(2),
        None => return Err(bad()),
    };
    let (from, to) = (square(from)?, square(to)?);
    Ok(if toad { OgamaMove::Toad(from, to) } else { OgamaMove::Disc(from, to) })
}

impl Notation for Ogama {
    fn parse_position(text: &str, config: &OgamaConfig) -> Result<Ogama, PositionError> {
        PositionSetup::parse(text)?.validate(config.repetition)
    }

    fn position_string(&self) -> String {
        let mut ranks = Vec::with_capacity(5);
        for rank in (0..5).rev() {
            let cells: Vec<String> = (0..5)
                .map(|file| {
                    let sq = rank * 5 + file;
                    let stack = self.stacks[sq];
                    if stack.height() == 0 {
                        return ".".to_string();
                    }
                    let mut s: String = stack.discs().map(Color::letter).collect();
                    if self.toads.contains(&(sq as Square)) {
                        s.push('*');
                    }
                    s
                })
                .collect();
            ranks.push(cells.join(","));
        }
        format!("{} {}", ranks.join("/"), self.side.letter())
    }

    fn parse_move(&self, text: &str) -> Result<OgamaMove, MoveError> {
        let mv = parse_move_text(text)?;
        if self.legal_move_list().contains(&mv) {
            Ok(mv)
        } else if self.decided().is_some() || arbiter_core::Game::status(self).is_over() {
            Err(MoveError::GameOver { token: text.to_string() })
        } else {
            let (rule, why) = self.explain(&mv);
            Err(MoveError::illegal(text, rule, why))
        }
    }

    fn move_string(&self, mv: &OgamaMove) -> String {
        let mut s = String::with_capacity(6);
        match *mv {
            OgamaMove::Place(sq) => {
                s.push_str("T@");
                push_square_name(&mut s, sq);
            }
            OgamaMove::Toad(from, to) | OgamaMove::Disc(from, to) => {
                if matches!(mv, OgamaMove::Toad(..)) {
                    s.push('T');
                }
                push_square_name(&mut s, from);
                s.push('-');
                push_square_name(&mut s, to);
            }
            OgamaMove::Pass => s.push_str("pass"),
        }
        s
    }

    fn seat_label(&self, seat: Seat) -> String {
        if seat.0 == 0 { "o".into() } else { "b".into() }
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

    fn clicks(&self, mv: &OgamaMove) -> arbiter_core::Clicks {
        self.move_clicks(mv)
    }
}
