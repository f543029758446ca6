//! The game record: one serde type for a game, finished or not — its
//! game, options and setup, who sits where, the moves or rounds with their
//! times, and the result. The text record (`[Game "<id>"]`, numbered
//! moves), the referee's JSON file and the database all read and write it.
//! A record replays to the same position, always: reading one checks
//! every move ([`GameRecord::replay`]).

mod error;
mod file;
mod legacy;
mod replay;
mod result;
mod standing;
mod text;

pub use error::RecordError;
pub use file::{FORMAT, RefereeFile};
pub use replay::Replayed;
pub use standing::Standing;
pub use text::MoveForm;

pub(crate) use result::of_status as result_of;

use arbiter_core::{EndReason, GameOptions};
use arbiter_games::GameId;
use serde::{Deserialize, Serialize};

use crate::seats::Occupant;
use crate::time::Timestamp;

/// A game as it is kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game.
    pub game: GameId,
    /// The options that fix its rules (variant, handicap, players…).
    #[serde(default, skip_serializing_if = "GameOptions::is_empty")]
    pub options: GameOptions,
    /// The position it started from, when not the game's start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<String>,
    /// Who sits in each seat, in seat order (empty when not known).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<Occupant>,
    /// When it began.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started: Option<Timestamp>,
    /// Its time limits, if it has any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSettings>,
    /// Seed of the computer players' choices.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The moves of a turn-based game, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<MoveRecord>,
    /// The closed rounds of a simultaneous game, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<RoundRecord>,
    /// The round being played, with the plays received so far (secret
    /// until it closes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open_round: Option<OpenRound>,
    /// The position after every move, as a check: a replay must reach it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// How the game ended, if it has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ResultRecord>,
    /// Other tags of a text record (`Event`, `Site`…), in their order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<(String, String)>,
    /// Whether the game is rated (else casual).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// The ratings an account must have to take one of its open seats
    /// (lowest and highest, both included).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_range: Option<[i32; 2]>,
    /// The tournament the game is a game of, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<i64>,
    /// The players' vacations that bear on its clock: the one running
    /// and those that stopped the clock of the move awaited.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub away: Vec<crate::vacation::Away>,
}

/// A game's time limits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSettings {
    /// Turn-based games: days for each move; a player who runs out loses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days_per_move: Option<u32>,
    /// Simultaneous games: hours from a round's announcement to its
    /// deadline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_hours: Option<u32>,
    /// Simultaneous games: whether a round closes as soon as every
    /// remaining player has a play in.
    #[serde(default, skip_serializing_if = "is_false")]
    pub close_early: bool,
    /// Turn-based games: whether the clock runs on while the player to
    /// move is on vacation (a game created "without vacation").
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_vacation: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// One move of a turn-based game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRecord {
    /// The move in canonical long form.
    #[serde(rename = "move")]
    pub text: String,
    /// When it was played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Timestamp>,
}

impl MoveRecord {
    /// A move without a time.
    pub fn new(text: impl Into<String>) -> MoveRecord {
        MoveRecord { text: text.into(), at: None }
    }
}

/// A play sent for a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubmissionRecord {
    /// Whose: the seat's label (`C`).
    pub seat: String,
    /// The play as sent (`e7`).
    pub play: String,
    /// When it was received.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Timestamp>,
    /// Why it was refused, if it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
}

/// A round that has been closed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord {
    /// Its number, from 1.
    pub number: u32,
    /// The plays that counted, as a round (`A:c3,B:c3,C:d4`, or `-`).
    pub plays: String,
    /// When it was announced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opened: Option<Timestamp>,
    /// Its deadline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<Timestamp>,
    /// When it was closed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closed: Option<Timestamp>,
    /// Every play received, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub submissions: Vec<SubmissionRecord>,
    /// The announcement made when it closed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub announcement: Option<String>,
}

impl RoundRecord {
    /// Round `number` with its plays (`A:c3,B:d4`), nothing else known.
    pub fn new(number: u32, plays: impl Into<String>) -> RoundRecord {
        RoundRecord {
            number,
            plays: plays.into(),
            opened: None,
            deadline: None,
            closed: None,
            submissions: Vec::new(),
            announcement: None,
        }
    }
}

/// The round being played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenRound {
    /// Its number, from 1.
    pub number: u32,
    /// When it was announced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opened: Option<Timestamp>,
    /// Its deadline, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<Timestamp>,
    /// The plays received so far, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub submissions: Vec<SubmissionRecord>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultRecord {
    /// The winners' seat labels (none for a draw).
    pub winners: Vec<String>,
    /// Why it ended, when known (a text record's result on an unfinished
    /// position does not say).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<EndReason>,
}

impl GameRecord {
    /// A record of a game of `game` under `options`, with nothing played.
    pub fn new(game: GameId, options: GameOptions) -> GameRecord {
        GameRecord {
            game,
            options,
            setup: None,
            seats: Vec::new(),
            started: None,
            clock: None,
            seed: None,
            moves: Vec::new(),
            rounds: Vec::new(),
            open_round: None,
            position: None,
            result: None,
            tags: Vec::new(),
            rated: false,
            rating_range: None,
            tournament: None,
            away: Vec::new(),
        }
    }

    /// The rating pool the game counts in: the game, and its variant
    /// when not the default (`agog`, `agog/classic`, `sage`).
    pub fn rating_pool(&self) -> String {
        let info = self.game.info();
        match self.options.variant.as_deref() {
            Some(variant) if Some(variant) != info.default_variant() => format!("{}/{variant}", self.game),
            _ => self.game.to_string(),
        }
    }

    /// The value of an extra tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}
