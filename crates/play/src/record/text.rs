//! The text record and the game record: tags for the game, its options,
//! the start, the seats' names, the date and the result; numbered moves in
//! the game's record notation (or the long form).

use arbiter_core::{GameOptions, OptionError};
use arbiter_games::record::RecordText;
use arbiter_games::{AnyGame, GameId};

use super::result;
use super::{GameRecord, MoveRecord, RecordError, Replayed, RoundRecord};
use crate::seats::Occupant;
use crate::time::Timestamp;

/// How moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveForm {
    /// The game's record notation (a game may have one apart from its moves' long form).
    Record,
    /// The canonical long form.
    Long,
}

/// Whether `tag` writes an option of some registered game.
fn is_option_tag(tag: &str) -> bool {
    tag == "Variant" || GameId::ALL.iter().any(|g| g.info().option_by_tag(tag).is_some())
}

impl GameRecord {
    /// Reads a text record and replays it: every move checked, the result
    /// and the `Result` tag checked against the final position.
    pub fn from_text(text: &str) -> Result<Replayed, RecordError> {
        let written = RecordText::parse(text)?;
        let game = GameId::parse(written.tag("Game").ok_or(RecordError::NoGame)?)?;
        let info = game.info();
        let mut record = GameRecord::new(game, GameOptions::new());
        let mut result_tag = None;
        let mut others = Vec::new();
        for (name, value) in &written.tags {
            match name.as_str() {
                "Game" => {}
                "Variant" => record.options.variant = Some(value.clone()),
                "Setup" => record.setup = Some(value.clone()),
                "Result" => result_tag = Some(value.clone()),
                "Date" if Timestamp::parse_record_date(value).is_some() => {
                    record.started = Timestamp::parse_record_date(value);
                }
                tag => match info.option_by_tag(tag) {
                    Some(spec) => {
                        let value = spec.parse(value)?;
                        record.options.values.insert(spec.key.to_string(), value);
                    }
                    None if is_option_tag(tag) => {
                        return Err(OptionError::new(tag, format!("not an option of {game}")).into());
                    }
                    None => others.push((name.clone(), value.clone())),
                },
            }
        }
        if result_tag.is_none() {
            return Err(RecordError::mismatch(
                "Result",
                "a record needs a [Result \"...\"] tag: its result, or * for a game that goes on",
            ));
        }
        let start = record.start()?;
        let names: Vec<Option<String>> = start
            .seats()
            .map(|seat| {
                let tag = start.seat_name(seat);
                let at = others.iter().position(|(n, _)| *n == tag)?;
                Some(others.remove(at).1)
            })
            .collect();
        if names.iter().any(Option::is_some) {
            record.seats = names.into_iter().map(|name| Occupant { name, ..Occupant::default() }).collect();
        }
        record.tags = others;
        match game.is_simultaneous() {
            true => {
                record.rounds =
                    written.moves.iter().enumerate().map(|(i, plays)| RoundRecord::new(i as u32 + 1, plays)).collect();
            }
            false => record.moves = written.moves.iter().map(MoveRecord::new).collect(),
        }
        record.result = match written.result.as_deref() {
            Some(token) => result::read(&start, token)?,
            None => None,
        };
        let replayed = record.replay()?;
        let final_token = result::token(replayed.line.current(), replayed.record.result.as_ref());
        if let Some(tagged) = result_tag.map(|t| result::normalise(&t))
            && tagged != "*"
            && tagged != final_token
        {
            return Err(RecordError::mismatch(
                tagged,
                format!("the Result tag disagrees with the moves' result {final_token}"),
            ));
        }
        Ok(replayed)
    }
}

impl Replayed {
    /// The record as text, its moves in `form`.
    pub fn to_text(&self, form: MoveForm) -> String {
        let record = &self.record;
        let start = self.line.start();
        let info = record.game.info();
        let mut text = RecordText::default();
        text.set_tag("Game", record.game.as_str());
        if let Some(started) = record.started {
            text.set_tag("Date", started.record_date());
        }
        for (tag, value) in record.options.tags(info) {
            text.set_tag(tag, value);
        }
        if let Some(setup) = &record.setup {
            text.set_tag("Setup", setup.clone());
        }
        for (seat, occupant) in start.seats().zip(&record.seats) {
            if let Some(name) = &occupant.name {
                text.set_tag(&start.seat_name(seat), name.clone());
            }
        }
        for (name, value) in &record.tags {
            text.set_tag(name, value.clone());
        }
        let end = self.line.current();
        let result = result::token(end, record.result.as_ref());
        text.set_tag("Result", result.clone());
        text.moves = self.move_texts(form);
        text.result = Some(result);
        text.to_text_from(self.second_first())
    }

    /// The moves as written in `form`.
    pub fn move_texts(&self, form: MoveForm) -> Vec<String> {
        let positions = self.line.positions();
        self.line
            .moves()
            .iter()
            .zip(positions)
            .map(|(mv, before)| match form {
                MoveForm::Record => before.record_text(mv),
                MoveForm::Long => before.move_text(mv),
            })
            .collect()
    }

    /// Whether the first move was the second player's (never in a game of
    /// rounds).
    pub fn second_first(&self) -> bool {
        second_first(self.line.start())
    }
}

/// Whether a turn-based game starting at `start` begins with a player
/// other than the first.
pub(crate) fn second_first(start: &AnyGame) -> bool {
    !start.is_simultaneous() && start.to_move().iter().next().is_some_and(|s| s.0 != 0)
}
