//! What an organiser chooses for a tournament, checked once at creation
//! (its game's options by setting up a trial game) and kept as JSON.

use std::collections::BTreeMap;

use arbiter_api::NewTournament;
use arbiter_games::GameId;
use arbiter_play::Timestamp;
use arbiter_store::{Account, AccountId, StoredTournament, TournamentKind};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// The longest name a tournament may have, in characters.
pub const NAME_CHARS: usize = 80;

/// The most rounds a Swiss may have.
pub const MAX_SWISS_ROUNDS: u32 = 20;

/// The most players a Swiss or a Single Capture Go event may take.
pub const MAX_FIELD: u32 = 1000;

/// How far ahead a tournament may be set to start (seconds): a year.
pub const FURTHEST_START: i64 = 366 * 24 * 3600;

/// What a tournament's games are, beyond its columns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// The edition or variant, if not the game's default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// The game's options, as given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<BTreeMap<String, serde_json::Value>>,
    /// Days per move (a Single Capture Go round: 24 hours a day).
    pub days_per_move: u32,
    /// Whether its games are rated.
    pub rated: bool,
    /// Whether vacations stop its clocks.
    pub vacation: bool,
}

impl Settings {
    /// The settings `tournament` keeps.
    pub fn of(tournament: &StoredTournament) -> Result<Settings, ApiError> {
        serde_json::from_str(&tournament.settings).map_err(|e| {
            tracing::error!(tournament = tournament.id, error = %e, "a tournament's settings do not read");
            ApiError::internal("reading the tournament")
        })
    }
}

/// The tournament `new` asks for, created by `organiser` at `now`,
/// checked: every refusal names what is wrong.
pub fn check(
    new: &NewTournament,
    organiser: &Account,
    now: Timestamp,
) -> Result<arbiter_store::NewTournament, ApiError> {
    let name = new.name.trim();
    if name.is_empty() || name.chars().count() > NAME_CHARS || name.chars().any(char::is_control) {
        return Err(ApiError::malformed(format!(
            "'name': a tournament's name is 1 to {NAME_CHARS} characters, without control characters"
        )));
    }
    let game = GameId::parse(&new.game).map_err(|e| ApiError::malformed(format!("'game': {e}")))?;
    let kind = TournamentKind::parse(&new.kind).ok_or_else(|| {
        ApiError::malformed(format!(
            "'kind': '{}' is no kind; round_robin, double_round_robin, swiss or scg_tables",
            new.kind
        ))
    })?;
    match (kind, game.is_simultaneous()) {
        (TournamentKind::ScgTables, false) => {
            return Err(ApiError::malformed(format!("'kind': scg_tables is for Single Capture Go, not {game}")));
        }
        (TournamentKind::RoundRobin | TournamentKind::DoubleRoundRobin | TournamentKind::Swiss, true) => {
            return Err(ApiError::malformed(format!(
                "'kind': {game} is played by tables of 3 to 12; its tournaments are scg_tables"
            )));
        }
        _ => {}
    }
    let rounds_planned = match (kind, new.rounds) {
        (TournamentKind::Swiss, Some(rounds)) if (1..=MAX_SWISS_ROUNDS).contains(&rounds) => rounds,
        (TournamentKind::Swiss, Some(rounds)) => {
            return Err(ApiError::malformed(format!("'rounds': {rounds}; a Swiss has 1 to {MAX_SWISS_ROUNDS} rounds")));
        }
        (TournamentKind::Swiss, None) => {
            return Err(ApiError::malformed("'rounds': a Swiss needs its number of rounds"));
        }
        (_, Some(_)) => {
            return Err(ApiError::malformed(format!(
                "'rounds': only a Swiss sets its rounds; a {kind} has as many as its players need"
            )));
        }
        (_, None) => 0,
    };
    let (fewest, most, default) = player_bounds(kind);
    let max_players = new.max_players.unwrap_or(default);
    if !(fewest..=most).contains(&max_players) {
        return Err(ApiError::malformed(format!("'max_players': {max_players}; a {kind} takes {fewest} to {most}")));
    }
    if !(1..=365).contains(&new.days_per_move) {
        return Err(ApiError::malformed(format!("'days_per_move': {}; it is 1 to 365", new.days_per_move)));
    }
    let starts_at = read_time(&new.starts_at)?;
    if starts_at.unix() < now.unix() - 60 || starts_at.unix() > now.unix() + FURTHEST_START {
        return Err(ApiError::malformed(format!(
            "'starts_at': {}; a tournament starts from now to a year ahead",
            new.starts_at
        )));
    }
    let settings = Settings {
        variant: new.variant.clone(),
        options: new.options.clone().map(|m| m.into_iter().collect()),
        days_per_move: new.days_per_move,
        rated: new.rated,
        vacation: new.vacation.unwrap_or(true),
    };
    // The options as a game would take them: a trial table of the
    // fewest players.
    let trial: Vec<(AccountId, String, bool)> = (0..if game.is_simultaneous() { 3 } else { 2 })
        .map(|i| (AccountId(-1 - i64::from(i)), format!("player {i}"), false))
        .collect();
    let table = crate::table::tournament_table(game, &settings, &trial, 0, now)?;
    Ok(arbiter_store::NewTournament {
        name: name.to_string(),
        game: game.to_string(),
        rating_pool: table.record.rating_pool(),
        kind,
        settings: serde_json::to_string(&settings).map_err(|_| ApiError::internal("writing the settings"))?,
        organiser: organiser.id,
        max_players,
        rounds_planned,
        starts_at,
        now,
    })
}

/// The fewest players a kind starts with, the most it takes, and the
/// most by default.
pub fn player_bounds(kind: TournamentKind) -> (u32, u32, u32) {
    match kind {
        TournamentKind::RoundRobin | TournamentKind::DoubleRoundRobin => (3, 12, 12),
        TournamentKind::Swiss => (2, MAX_FIELD, 64),
        TournamentKind::ScgTables => (3, MAX_FIELD, 48),
    }
}

/// An RFC 3339 time (`2026-12-01T18:00:00Z`, `2026-12-01T19:00:00.000+01:00`).
fn read_time(text: &str) -> Result<Timestamp, ApiError> {
    time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339)
        .map(|t| Timestamp::from_unix(t.unix_timestamp()))
        .map_err(|_| ApiError::malformed(format!("'starts_at': '{text}' is no RFC 3339 time (2026-12-01T18:00:00Z)")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_with_offsets_and_fractions() {
        assert_eq!(read_time("1970-01-01T00:01:00Z").unwrap().unix(), 60);
        assert_eq!(read_time("1970-01-01T01:01:00.000+01:00").unwrap().unix(), 60);
        assert!(read_time("tomorrow").is_err());
    }
}
