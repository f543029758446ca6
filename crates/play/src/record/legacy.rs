//! The referee's game file as the first format wrote it (`"format": 1`):
//! read, and turned into a [`GameRecord`], so that games begun with an
//! earlier version go on. The file names no game (the referee ran one);
//! the game whose record syntax claims it
//! ([`arbiter_core::RecordSyntax::first_referee_file`]) is its game, the
//! players' letters its seats option, and the file's other switches the
//! game's own options by name.

use std::collections::BTreeMap;

use arbiter_core::{GameOptions, OptionValue};
use arbiter_games::GameId;
use serde::Deserialize;

use super::{ClockSettings, GameRecord, OpenRound, RecordError, ResultRecord, RoundRecord, SubmissionRecord};
use crate::seats::{Occupant, Player};
use crate::time::Timestamp;

/// A seat.
#[derive(Deserialize)]
struct PlayerEntry {
    name: String,
    letter: char,
    #[serde(default)]
    bot: Option<u8>,
}

/// How the game was run: the clock's settings, then the game's own
/// switches (`at_blocked`: the option `at-blocked`).
#[derive(Deserialize)]
struct Options {
    round_hours: u32,
    close_early: bool,
    #[serde(flatten)]
    game: BTreeMap<String, bool>,
}

/// A play sent to the referee.
#[derive(Deserialize)]
struct Submission {
    letter: char,
    text: String,
    at: Timestamp,
    #[serde(default)]
    refused: Option<String>,
}

/// A closed round.
#[derive(Deserialize)]
struct ClosedRound {
    number: u32,
    opened: Timestamp,
    deadline: Timestamp,
    closed: Timestamp,
    submissions: Vec<Submission>,
    plays: String,
    announcement: String,
}

/// How the game ended.
#[derive(Deserialize)]
struct FinalResult {
    winners: Vec<char>,
    reason: String,
}

/// The whole file.
#[derive(Deserialize)]
pub(super) struct FormatOne {
    players: Vec<PlayerEntry>,
    options: Options,
    #[serde(default)]
    seed: u64,
    round: u32,
    opened: Timestamp,
    deadline: Option<Timestamp>,
    pending: Vec<Submission>,
    history: Vec<ClosedRound>,
    position: String,
    #[serde(default)]
    result: Option<FinalResult>,
}

fn submissions(list: Vec<Submission>) -> Vec<SubmissionRecord> {
    list.into_iter()
        .map(|s| SubmissionRecord { seat: s.letter.to_string(), play: s.text, at: Some(s.at), refused: s.refused })
        .collect()
}

impl FormatOne {
    /// The game in today's record.
    pub(super) fn into_record(self) -> Result<GameRecord, RecordError> {
        let game = GameId::ALL.iter().copied().find(|g| g.info().record.first_referee_file).ok_or_else(|| {
            RecordError::File {
                token: "format".into(),
                reason: "no game of this program reads files of format 1".into(),
            }
        })?;
        let mut options = GameOptions::new();
        if let Some(key) = game.info().players.option {
            options = options.with(key, OptionValue::Text(self.players.iter().map(|p| p.letter).collect()));
        }
        for (key, on) in &self.options.game {
            if *on {
                options = options.with(&key.replace('_', "-"), OptionValue::Switch(true));
            }
        }
        let mut record = GameRecord::new(game, options);
        record.seats = self
            .players
            .into_iter()
            .map(|p| Occupant {
                name: Some(p.name),
                player: p.bot.map_or(Player::Person, |level| Player::Computer { level }),
            })
            .collect();
        record.started = Some(self.history.first().map_or(self.opened, |r| r.opened));
        record.clock = Some(ClockSettings {
            days_per_move: None,
            round_hours: Some(self.options.round_hours),
            close_early: self.options.close_early,
            no_vacation: false,
        });
        record.seed = Some(self.seed);
        record.rounds = self
            .history
            .into_iter()
            .map(|r| RoundRecord {
                number: r.number,
                plays: r.plays,
                opened: Some(r.opened),
                deadline: Some(r.deadline),
                closed: Some(r.closed),
                submissions: submissions(r.submissions),
                announcement: Some(r.announcement),
            })
            .collect();
        if self.result.is_none() {
            record.open_round = Some(OpenRound {
                number: self.round,
                opened: Some(self.opened),
                deadline: self.deadline,
                submissions: submissions(self.pending),
            });
        }
        record.position = Some(self.position);
        record.result = self.result.map(|r| ResultRecord {
            winners: r.winners.iter().map(char::to_string).collect(),
            reason: arbiter_core::EndReason::parse(&r.reason),
        });
        Ok(record)
    }
}
