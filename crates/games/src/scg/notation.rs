//! Position strings (`<row a>/…/<row N> <players>`), plays (`B:e7`) and
//! rounds (`A:c3,B:c3,C:d4`).
//!
//! A position is read in two steps: [`PositionSetup::parse`] checks the
//! syntax, [`PositionSetup::validate`] the rules.

use arbiter_core::{MoveError, PositionError, RoundTelling, Seat, SeatSet, SimultaneousGame, SimultaneousNotation};

use super::grid::{Cells, Geometry, MAX_PLAYERS, MAX_SIDE, MIN_SIDE, Square, grid_side};
use super::letters::Letters;
use super::refusals as rule;
use super::{Cell, RoundReport, Scg, ScgConfig};

/// A position string read but not yet checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSetup {
    /// The grid side N.
    pub n: usize,
    /// Row by row from `a`, each square as written: `.`, `@` or a letter.
    pub cells: Vec<u8>,
    /// The players still in the game, in seat order.
    pub players: Letters,
}

impl PositionSetup {
    /// Parses a position string (syntax only).
    pub fn parse(text: &str) -> Result<PositionSetup, PositionError> {
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.len() != 2 {
            return Err(PositionError::malformed(
                text,
                format!("a position has 2 fields separated by one space (grid, players), found {}", fields.len()),
            ));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        let n = rows.len();
        if !(MIN_SIDE..=MAX_SIDE).contains(&n) {
            return Err(PositionError::malformed(
                fields[0],
                format!("the grid has {MIN_SIDE} to {MAX_SIDE} rows separated by '/', found {n}"),
            ));
        }
        let mut cells = Vec::with_capacity(n * n);
        for (i, row) in rows.iter().enumerate() {
            let name = (b'a' + i as u8) as char;
            if let Some(c) = row.chars().find(|&c| c != '.' && c != '@' && !c.is_ascii_uppercase()) {
                return Err(PositionError::malformed(
                    *row,
                    format!("row {name}: '{c}' is not a square; a square is '.', '@' or a player's letter"),
                ));
            }
            if row.len() != n {
                return Err(PositionError::malformed(
                    *row,
                    format!("row {name} has {} squares; the grid has {n} rows, so every row has {n}", row.len()),
                ));
            }
            cells.extend(row.bytes());
        }
        let players = match fields[1] {
            "-" => Letters::first(0),
            "" => {
                return Err(PositionError::malformed(
                    "",
                    "the players field lists the players' letters, or '-' when none is left",
                ));
            }
            list => Letters::parse_list(list)?,
        };
        Ok(PositionSetup { n, cells, players })
    }

    /// Checks the setup against the rules and builds the position. With
    /// the players' letters in `config`, the listed players must be some of
    /// them, in the same order, and the grid must have their game's side.
    pub fn validate(&self, config: &ScgConfig) -> Result<Scg, PositionError> {
        let n = self.n;
        let listed = self.players.as_string();
        let listed_text = if listed.is_empty() { "-".to_string() } else { listed.clone() };
        let (letters, active) = match config.letters {
            None => {
                let needed = grid_side(self.players.len().max(1));
                if n < needed {
                    return Err(PositionError::invalid(
                        listed_text,
                        format!("{} players need a grid of at least {needed}×{needed}", self.players.len()),
                    ));
                }
                (self.players, (0..self.players.len()).map(|i| Seat(i as u8)).collect::<SeatSet>())
            }
            Some(all) => {
                let side = grid_side(all.len());
                if n != side {
                    return Err(PositionError::invalid(
                        listed_text,
                        format!(
                            "a game of {} players ({all}) is played on a {side}×{side} grid, not {n}×{n}",
                            all.len()
                        ),
                    ));
                }
                let mut active = SeatSet::EMPTY;
                let mut last: Option<Seat> = None;
                for c in listed.chars() {
                    match all.seat_of(c) {
                        Some(seat) if last.is_none_or(|l| seat > l) => {
                            active = active.with(seat);
                            last = Some(seat);
                        }
                        Some(_) => {
                            return Err(PositionError::invalid(
                                listed_text,
                                format!("the players are listed in seat order ({all})"),
                            ));
                        }
                        None => {
                            return Err(PositionError::invalid(
                                listed_text,
                                format!("'{c}' is not one of this game's players ({all})"),
                            ));
                        }
                    }
                }
                (all, active)
            }
        };
        let geo = Geometry::of(n);
        let mut stones = [Cells::EMPTY; MAX_PLAYERS];
        let mut at = Cells::EMPTY;
        for (i, &b) in self.cells.iter().enumerate() {
            let sq = i as Square;
            match b {
                b'.' => {}
                b'@' => at = at.with(sq),
                letter => match letters.seat_of(letter as char).filter(|&s| active.contains(s)) {
                    Some(seat) => stones[seat.index()] = stones[seat.index()].with(sq),
                    None => {
                        return Err(PositionError::invalid(
                            geo.name(sq),
                            format!(
                                "holds '{}', which is not the letter of a player still in the game ({listed_text}); \
                                 a doomed player's letters are '@'",
                                letter as char
                            ),
                        ));
                    }
                },
            }
        }
        Ok(Scg::from_parts(n, letters, active, stones, at, config.at_blocked))
    }
}

impl Scg {
    /// Reads a square of this grid (`e7`) as a play for `seat`, and checks
    /// that the player may play it this round.
    pub fn parse_square_play(&self, seat: Seat, text: &str) -> Result<Square, MoveError> {
        let geo = self.geometry();
        if self.status().is_over() {
            return Err(MoveError::GameOver { token: text.to_string() });
        }
        if seat.index() >= self.letters.len() {
            return Err(MoveError::malformed(
                text,
                format!(
                    "this game has {} players: player {} is not one of them",
                    self.letters.len(),
                    u32::from(seat.0) + 1
                ),
            ));
        }
        if !self.active.contains(seat) {
            return Err(MoveError::illegal(
                text,
                &rule::GONE,
                format!("{} is no longer in the game", self.letter(seat)),
            ));
        }
        let sq = geo.parse(text).ok_or_else(|| {
            MoveError::malformed(
                text,
                format!(
                    "not a square of the {n}×{n} grid: a square is a row letter a to {last} and a column number 1 to {n} ({example})",
                    n = geo.n,
                    last = (b'a' + geo.n - 1) as char,
                    example = geo.example(),
                ),
            )
        })?;
        match self.cell(sq) {
            Cell::Letter(owner) => Err(MoveError::illegal(
                text,
                &rule::LETTER,
                format!(
                    "{text} holds {}'s letter; a play names a square without a letter{}",
                    self.letter(owner),
                    if self.at_blocked { " or @" } else { "" }
                ),
            )),
            Cell::At if self.at_blocked => Err(MoveError::illegal(
                text,
                &rule::BLOCKED,
                format!("{text} holds @, and @ squares are blocked in this game"),
            )),
            _ => Ok(sq),
        }
    }

    /// The seat of a letter given in a play.
    fn seat_in_play(&self, text: &str, letter: &str) -> Result<Seat, MoveError> {
        let mut chars = letter.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(MoveError::malformed(text, "a play is <letter>:<square>, such as B:e7"));
        };
        self.seat_of(c).ok_or_else(|| {
            MoveError::malformed(letter, format!("not a player of this game (players: {})", self.letters.as_string()))
        })
    }
}

impl SimultaneousNotation for Scg {
    fn parse_position(text: &str, config: &ScgConfig) -> Result<Scg, PositionError> {
        PositionSetup::parse(text)?.validate(config)
    }

    fn position_string(&self) -> String {
        let n = self.side();
        let mut s = String::with_capacity(n * (n + 1) + MAX_PLAYERS + 1);
        for row in 0..n {
            if row > 0 {
                s.push('/');
            }
            for col in 0..n {
                s.push(match self.cell((row * n + col) as Square) {
                    Cell::Empty => '.',
                    Cell::At => '@',
                    Cell::Letter(seat) => self.letter(seat),
                });
            }
        }
        s.push(' ');
        if self.active.is_empty() {
            s.push('-');
        }
        for seat in self.active.iter() {
            s.push(self.letter(seat));
        }
        s
    }

    fn parse_play(&self, text: &str) -> Result<(Seat, Square), MoveError> {
        let (letter, square) = text
            .split_once(':')
            .ok_or_else(|| MoveError::malformed(text, "a play is <letter>:<square>, such as B:e7"))?;
        let seat = self.seat_in_play(text, letter)?;
        let sq = self.parse_square_play(seat, square).map_err(|e| e.about(text))?;
        Ok((seat, sq))
    }

    fn parse_seat_play(&self, seat: Seat, text: &str) -> Result<Square, MoveError> {
        self.parse_square_play(seat, text)
    }

    fn play_string(&self, seat: Seat, play: &Square) -> String {
        format!("{}:{}", self.letter(seat), self.geometry().name(*play))
    }

    fn seat_play_string(&self, play: &Square) -> String {
        self.geometry().name(*play)
    }

    fn seat_label(&self, seat: Seat) -> String {
        self.letter(seat).to_string()
    }

    fn board_diagram(&self) -> arbiter_core::Diagram {
        self.render_diagram()
    }

    fn board_model(&self) -> arbiter_core::BoardModel {
        self.model()
    }

    fn referee_picture(&self) -> String {
        self.grid_picture()
    }

    fn referee_board_words(&self) -> String {
        super::announce::board_words(self)
    }

    fn referee_play_form(&self) -> Option<&'static str> {
        Some(super::announce::PLAY_FORM)
    }

    fn announce_round(&self, after: &Scg, report: &RoundReport, telling: &RoundTelling<'_>) -> Option<String> {
        Some(super::announce::announce(self, after, report, telling))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_print_as_the_notation_says() {
        let three = Scg::start(&ScgConfig { letters: Some(Letters::first(3)), at_blocked: false });
        assert_eq!(three.position_string(), "....../....../....../....../....../...... ABC");
    }

    #[test]
    fn a_play_for_a_seat_past_the_last_player_is_refused() {
        let three = Scg::start(&ScgConfig { letters: Some(Letters::first(3)), at_blocked: false });
        let twelve = Scg::start(&ScgConfig { letters: Some(Letters::first(12)), at_blocked: false });
        for (game, seats) in [(&three, 3u8), (&twelve, 12)] {
            for seat in [seats, seats + 1, 20, 255].map(Seat) {
                let error = game.parse_square_play(seat, "a1").unwrap_err();
                assert!(error.reason().contains("is not one of them"), "{error}");
            }
        }
    }
}
