//! Tournaments as the store keeps them: the event, its players, the games
//! of its rounds with their results, and its byes. Reading and changing
//! them: `tournament_queries.rs` and `tournament_rounds.rs`.

use std::fmt;

use arbiter_play::Timestamp;
use serde_json::{Value, json};

use crate::accounts::AccountId;
use crate::key::GameKey;

/// How a tournament is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentKind {
    /// Everyone plays everyone once; all its games start at once.
    RoundRobin,
    /// Everyone plays everyone twice, once in each seat; all at once.
    DoubleRoundRobin,
    /// A set number of rounds, each paired by score once the one before
    /// has ended.
    Swiss,
    /// Single Capture Go: the entrants split by rating into tables of 3
    /// to 12, one game a table.
    ScgTables,
}

impl TournamentKind {
    /// Every kind.
    pub const ALL: [TournamentKind; 4] = [
        TournamentKind::RoundRobin,
        TournamentKind::DoubleRoundRobin,
        TournamentKind::Swiss,
        TournamentKind::ScgTables,
    ];

    /// The kind's word, as stored and as the API writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            TournamentKind::RoundRobin => "round_robin",
            TournamentKind::DoubleRoundRobin => "double_round_robin",
            TournamentKind::Swiss => "swiss",
            TournamentKind::ScgTables => "scg_tables",
        }
    }

    /// Reads a kind as [`TournamentKind::as_str`] writes it.
    pub fn parse(text: &str) -> Option<TournamentKind> {
        TournamentKind::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

impl fmt::Display for TournamentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentState {
    /// Taking players; not started.
    Upcoming,
    /// Its games are being played.
    Running,
    /// Over (or called off).
    Finished,
}

impl TournamentState {
    /// Every state.
    pub const ALL: [TournamentState; 3] =
        [TournamentState::Upcoming, TournamentState::Running, TournamentState::Finished];

    /// The state's word: `upcoming`, `running` or `finished`.
    pub fn as_str(self) -> &'static str {
        match self {
            TournamentState::Upcoming => "upcoming",
            TournamentState::Running => "running",
            TournamentState::Finished => "finished",
        }
    }

    /// Reads a state as [`TournamentState::as_str`] writes it.
    pub fn parse(text: &str) -> Option<TournamentState> {
        TournamentState::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

impl fmt::Display for TournamentState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A tournament to create.
#[derive(Clone, Debug)]
pub struct NewTournament {
    /// Its name.
    pub name: String,
    /// The game's identifier (`agog`, `scg`…).
    pub game: String,
    /// The rating pool of its games (`agog/classic`…).
    pub rating_pool: String,
    /// How it is played.
    pub kind: TournamentKind,
    /// What the organiser chose beyond the columns, as JSON (the server
    /// reads it).
    pub settings: String,
    /// Who creates it.
    pub organiser: AccountId,
    /// The most players who may join.
    pub max_players: u32,
    /// Its rounds, where known before it starts (a Swiss); else 0.
    pub rounds_planned: u32,
    /// When it starts.
    pub starts_at: Timestamp,
    /// The time now.
    pub now: Timestamp,
}

/// A tournament's row.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredTournament {
    /// Its id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// The game's identifier.
    pub game: String,
    /// The rating pool of its games.
    pub rating_pool: String,
    /// How it is played.
    pub kind: TournamentKind,
    /// What the organiser chose, as JSON.
    pub settings: String,
    /// Who created it.
    pub organiser: AccountId,
    /// Their name.
    pub organiser_name: String,
    /// Where it is in its life.
    pub state: TournamentState,
    /// The most players who may join.
    pub max_players: u32,
    /// Its rounds (a Swiss: as set; else known once it starts).
    pub rounds_planned: u32,
    /// The rounds started.
    pub round: u32,
    /// When it starts (or started).
    pub starts_at: Timestamp,
    /// When it was created.
    pub created: Timestamp,
    /// When it ended.
    pub ended_at: Option<Timestamp>,
    /// Why it was called off, if it was.
    pub called_off: Option<String>,
    /// How many players are in it.
    pub players: u32,
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// Their account.
    pub account: AccountId,
    /// Their name.
    pub name: String,
    /// Whether it is a bot's account.
    pub bot: bool,
    /// When they joined.
    pub joined: Timestamp,
    /// The rounds started when they joined (a late joiner's).
    pub joined_round: u32,
    /// When they stopped being paired, if they have.
    pub withdrawn: Option<Timestamp>,
    /// The games of the event they lost on time.
    pub timeouts: u32,
    /// Their rating and deviation in the tournament's pool now, if rated.
    pub rating: Option<(f64, f64)>,
}

/// How a tournament's game came out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableResult {
    /// Each seat's place, a greater number finishing better (equal
    /// numbers level).
    Places(Vec<u32>),
    /// Called off: nobody scores.
    CalledOff,
}

impl TableResult {
    /// The result as the column keeps it.
    pub(crate) fn write(&self) -> String {
        match self {
            TableResult::Places(places) => json!({ "places": places }).to_string(),
            TableResult::CalledOff => json!({ "called_off": true }).to_string(),
        }
    }

    /// Reads the column as [`TableResult::write`] writes it.
    pub(crate) fn read(text: &str) -> Option<TableResult> {
        let value: Value = serde_json::from_str(text).ok()?;
        if value["called_off"] == Value::Bool(true) {
            return Some(TableResult::CalledOff);
        }
        let places = value["places"].as_array()?;
        places
            .iter()
            .map(|p| p.as_u64().and_then(|p| u32::try_from(p).ok()))
            .collect::<Option<_>>()
            .map(TableResult::Places)
    }
}

/// A game of a tournament's round.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentGame {
    /// The round, from 1.
    pub round: u32,
    /// Its board in the round, from 1.
    pub board: u32,
    /// The game.
    pub game: GameKey,
    /// The players, in seat order.
    pub players: Vec<AccountId>,
    /// How it came out, once over.
    pub result: Option<TableResult>,
}

/// A player without a game in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TournamentBye {
    /// The round, from 1.
    pub round: u32,
    /// The player.
    pub account: AccountId,
    /// Its worth in half points: 2 the pairing's bye, 1 a late joiner's,
    /// 0 a round robin's round off.
    pub points: u32,
}

/// A tournament with its players, games and byes, read at one moment.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentWhole {
    /// The tournament.
    pub tournament: StoredTournament,
    /// Its players, in the order they joined.
    pub players: Vec<Entrant>,
    /// Its games, by round and board.
    pub games: Vec<TournamentGame>,
    /// Its byes, by round.
    pub byes: Vec<TournamentBye>,
}

/// Why a player may not join or leave a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryRefusal {
    /// No tournament has the id.
    NotFound,
    /// The player is in it already.
    AlreadyIn,
    /// It has as many players as it may.
    Full {
        /// How many it may have.
        max: u32,
    },
    /// It has started (and a Swiss is past half its rounds).
    Started,
    /// It is over.
    Over,
    /// The player is not in it (or has withdrawn already).
    NotIn,
}

impl fmt::Display for EntryRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EntryRefusal::NotFound => f.write_str("no such tournament"),
            EntryRefusal::AlreadyIn => f.write_str("you are in this tournament already"),
            EntryRefusal::Full { max } => write!(f, "the tournament is full: it takes {max} players"),
            EntryRefusal::Started => f.write_str("the tournament has started; players join until it starts (a Swiss: until half its rounds have started)"),
            EntryRefusal::Over => f.write_str("the tournament is over"),
            EntryRefusal::NotIn => f.write_str("that player is not in this tournament"),
        }
    }
}

/// How a player left a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Departure {
    /// Before it started: they are no longer in it.
    Left,
    /// After: they stay in the standings but are never paired again.
    Withdrew,
}

/// A round to start (or, with no games and no byes, the last one's end).
#[derive(Clone, Debug)]
pub struct RoundStart {
    /// The tournament.
    pub tournament: i64,
    /// The rounds started as the caller read it: the round is started
    /// only if no other server started one meanwhile.
    pub expected_round: u32,
    /// The rounds started once this is stored.
    pub new_round: u32,
    /// The players in it as the caller read it, withdrawn or not.
    pub players: u32,
    /// Those of them withdrawn.
    pub withdrawn: u32,
    /// Its rounds, now that they are known.
    pub rounds_planned: u32,
    /// The games to create, with their round, board and players.
    pub games: Vec<(crate::games::NewGame, TournamentGame)>,
    /// The byes.
    pub byes: Vec<TournamentBye>,
    /// The notices that tell the players.
    pub notices: Vec<crate::notices::TournamentNotice>,
    /// The mail that tells them.
    pub mail: Vec<crate::mail::NewMail>,
    /// The time now.
    pub now: Timestamp,
}

/// The end of a tournament.
#[derive(Clone, Debug)]
pub struct TournamentEnd {
    /// The tournament.
    pub tournament: i64,
    /// The rounds started as the caller read it: it ends only if no
    /// other server changed it meanwhile.
    pub expected_round: u32,
    /// Why it was called off, if it was not played.
    pub called_off: Option<String>,
    /// The notices that tell the players.
    pub notices: Vec<crate::notices::TournamentNotice>,
    /// The mail that tells them.
    pub mail: Vec<crate::mail::NewMail>,
    /// The time now.
    pub now: Timestamp,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_results_read_back() {
        for kind in TournamentKind::ALL {
            assert_eq!(TournamentKind::parse(kind.as_str()), Some(kind));
        }
        for state in TournamentState::ALL {
            assert_eq!(TournamentState::parse(state.as_str()), Some(state));
        }
        for result in [TableResult::Places(vec![2, 0]), TableResult::Places(vec![3, 1, 1, 0]), TableResult::CalledOff] {
            assert_eq!(TableResult::read(&result.write()), Some(result));
        }
        assert_eq!(TableResult::read("{\"places\": [-1]}"), None);
        assert_eq!(TableResult::read("nonsense"), None);
    }
}
