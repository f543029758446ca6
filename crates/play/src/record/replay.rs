//! Replaying a record: every move (round) read once against the rules,
//! the result and the final position checked.

use arbiter_core::GameStatus;
use arbiter_games::{AnyGame, Line};

use crate::record::result::of_status;

use super::{GameRecord, MoveRecord, RecordError, RoundRecord, result};

/// A record that replays, with its game as typed positions and moves.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The record, its moves written canonically and its result and final
    /// position filled in.
    pub record: GameRecord,
    /// The game: its positions and moves.
    pub line: Line,
}

impl GameRecord {
    /// The position the record starts from.
    pub fn start(&self) -> Result<AnyGame, RecordError> {
        let info = self.game.info();
        let tag_of = |key: &str| info.option(key).map_or_else(|| key.to_string(), |o| o.tag.to_string());
        let named = |key: &str| if key == "variant" { "Variant".to_string() } else { tag_of(key) };
        let start = self.game.setup(&self.options, self.setup.as_deref(), named)?;
        if let GameStatus::Over(o) = start.status()
            && o.winners.is_empty()
            && o.reason.always_won()
        {
            return Err(RecordError::mismatch(
                self.setup.clone().unwrap_or_default(),
                "a record cannot start from a finished position that does not say who won",
            ));
        }
        Ok(start)
    }

    /// Replays the record from its start, checking every move (round), the
    /// result and the final position; the record comes back with its moves
    /// in canonical long form and its result and position filled in.
    pub fn replay(&self) -> Result<Replayed, RecordError> {
        let start = self.start()?;
        let simultaneous = self.game.is_simultaneous();
        if simultaneous && !self.moves.is_empty() {
            return Err(RecordError::mismatch("moves", format!("{} is played in rounds", self.game)));
        }
        if !simultaneous && (!self.rounds.is_empty() || self.open_round.is_some()) {
            return Err(RecordError::mismatch("rounds", format!("{} is played in turns", self.game)));
        }
        let per_number = if simultaneous { 1 } else { start.seat_count().max(1) };
        let first_slot = usize::from(!simultaneous && start.to_move().iter().next().is_some_and(|s| s.0 != 0));
        let texts: Vec<&str> = match simultaneous {
            true => self.rounds.iter().map(|r| r.plays.as_str()).collect(),
            false => self.moves.iter().map(|m| m.text.as_str()).collect(),
        };
        let mut line = Line::new(start);
        let mut canonical = Vec::with_capacity(texts.len());
        for (i, text) in texts.iter().enumerate() {
            let number = (i + first_slot) / per_number + 1;
            if simultaneous && self.rounds[i].number != i as u32 + 1 {
                return Err(RecordError::mismatch(
                    format!("round {}", self.rounds[i].number),
                    "rounds are numbered 1, 2, 3… in order",
                ));
            }
            if line.status().is_over() {
                return Err(RecordError::AfterEnd { number, text: text.to_string() });
            }
            let before = line.current().clone();
            let mv =
                line.play_text(text).map_err(|error| RecordError::Move { number, text: text.to_string(), error })?;
            canonical.push(before.move_text(&mv));
        }
        let mut record = self.clone();
        match simultaneous {
            true => record.rounds.iter_mut().zip(canonical).for_each(|(r, t): (&mut RoundRecord, _)| r.plays = t),
            false => record.moves.iter_mut().zip(canonical).for_each(|(m, t): (&mut MoveRecord, _)| m.text = t),
        }
        let end = line.current();
        let status = line.status();
        record.result = check_result(end, status, self.result.as_ref())?;
        let position = end.position_string();
        if let Some(given) = &self.position
            && *given != position
        {
            return Err(RecordError::mismatch(given.clone(), "the moves played do not lead to this position"));
        }
        record.position = Some(position);
        Ok(Replayed { record, line })
    }
}

/// The result of a game that stands at `end` with `status`: the one the
/// game gives when it is over (a given result must agree), or the one
/// given for an unfinished game (a resignation, a time-out).
fn check_result(
    end: &AnyGame,
    status: GameStatus,
    given: Option<&super::ResultRecord>,
) -> Result<Option<super::ResultRecord>, RecordError> {
    let natural = result::of_status(end, status);
    match (natural, given) {
        (None, given) => {
            if let Some(g) = given
                && let Some(bad) = g.winners.iter().find(|w| end.seat_by_label(w).is_none())
            {
                return Err(RecordError::mismatch(bad.clone(), format!("not a seat of this {} game", end.id())));
            }
            Ok(given.cloned())
        }
        (Some(natural), Some(g))
            if g.winners != natural.winners || g.reason.is_some_and(|r| Some(r) != natural.reason) =>
        {
            let describe = status.describe(|s| end.seat_label(s));
            Err(RecordError::mismatch(
                result::token(end, Some(g)),
                format!("the final position says {} ({describe})", result::token(end, Some(&natural))),
            ))
        }
        (Some(natural), _) => Ok(Some(natural)),
    }
}

impl Replayed {
    /// The record of a game played as `line` (typed positions and moves),
    /// with the game, options, seats and tags of `record`: its moves
    /// (rounds), result and final position are written from the line.
    pub fn from_line(mut record: GameRecord, line: Line) -> Replayed {
        let texts = line.moves().iter().zip(line.positions()).map(|(mv, before)| before.move_text(mv));
        if record.game.is_simultaneous() {
            record.rounds = texts.enumerate().map(|(i, plays)| RoundRecord::new(i as u32 + 1, plays)).collect();
        } else {
            record.moves = texts.map(MoveRecord::new).collect();
        }
        record.position = Some(line.current().position_string());
        record.result = of_status(line.current(), line.status());
        Replayed { record, line }
    }
}
