//! Moving a tournament on: starting it (at its time, or when its
//! organiser says), starting each Swiss round once the one before has
//! ended, and ending it. Every step is stored by a statement that moves
//! the tournament's round on from the value read, so when two servers
//! see a round end at once, one pairs the next round and the other finds
//! it done.

use std::sync::Arc;

use arbiter_games::GameId;
use arbiter_play::Timestamp;
use arbiter_store::{
    AccountId, GameState, NewGame, RoundStart, StoreError, StoredGame, TournamentBye, TournamentEnd, TournamentGame,
    TournamentNotice, TournamentState, TournamentWhole,
};

use super::plan::{self, Next, PlannedRound};
use super::settings::Settings;
use super::tell;
use crate::error::ApiError;
use crate::state::AppState;
use crate::table::Table;

/// Moves the tournament `id` on if it is due. `start_now`: its organiser
/// starts it before its time (refused with 409 if it has started or has
/// too few players).
pub async fn advance(state: &AppState, id: i64, start_now: bool) -> Result<(), ApiError> {
    // Read again and tried again when a player joined or withdrew between
    // the reading and the storing; another server's round ends it.
    for _ in 0..ATTEMPTS {
        let whole = state.store.tournament(id).await?.ok_or_else(|| no_such_tournament(id))?;
        let now = state.clock.now();
        let t = &whole.tournament;
        if start_now && t.state != TournamentState::Upcoming {
            return Err(ApiError::conflict(format!("'{}' has started already", t.name)));
        }
        if t.state == TournamentState::Upcoming && !start_now && t.starts_at.unix() > now.unix() {
            return Ok(());
        }
        let stored = match plan::next(&whole) {
            Next::Wait => return Ok(()),
            Next::CallOff(why) if start_now => return Err(ApiError::conflict(why)),
            Next::CallOff(why) => end(state, &whole, Some(why), now).await,
            Next::End => end(state, &whole, None, now).await,
            Next::Start { rounds, rounds_planned } => start(state, &whole, rounds, rounds_planned, now).await,
        };
        match stored {
            Ok(()) => return Ok(()),
            Err(StoreError::Stale { .. }) => {
                tracing::debug!(tournament = id, "changed meanwhile; read again");
            }
            Err(e) => return Err(e.into()),
        }
    }
    Err(ApiError::conflict(format!("tournament {id} kept changing meanwhile; try again")))
}

/// How many times a tournament is read again when it changed under a
/// step.
const ATTEMPTS: usize = 4;

/// The answer for a tournament that is not there.
pub fn no_such_tournament(id: i64) -> ApiError {
    ApiError::not_found(format!("'{id}': no such tournament"))
}

/// Starts `rounds` of `whole`: their games created in one transaction
/// with the round, the notices and mail; then kept and told here.
async fn start(
    state: &AppState,
    whole: &TournamentWhole,
    rounds: Vec<PlannedRound>,
    rounds_planned: u32,
    now: Timestamp,
) -> Result<(), StoreError> {
    let t = &whole.tournament;
    let settings = match Settings::of(t) {
        Ok(settings) => settings,
        Err(_) => return Ok(()),
    };
    let Ok(game) = GameId::parse(&t.game) else { return Ok(()) };
    let new_round = rounds.last().map_or(t.round, |r| r.number);
    let made = {
        let whole = whole.clone();
        let rounds = rounds.clone();
        tokio::task::spawn_blocking(move || make_games(&whole, game, &settings, &rounds, now)).await
    };
    let made = match made {
        Ok(Ok(made)) => made,
        Ok(Err(e)) => {
            tracing::error!(tournament = t.id, error = %e.message, "a tournament's games could not be set up");
            return Ok(());
        }
        Err(e) => {
            tracing::error!(tournament = t.id, error = %e, "setting up a tournament's games failed");
            return Ok(());
        }
    };
    let byes: Vec<TournamentBye> = rounds
        .iter()
        .flat_map(|r| {
            r.byes.iter().map(|&(p, points)| TournamentBye {
                round: r.number,
                account: whole.players[p].account,
                points,
            })
        })
        .collect();
    let told = tell::round_started(whole, &rounds, &made.iter().map(|(_, g, _)| g.clone()).collect::<Vec<_>>());
    let mut mail = Vec::new();
    for (account, subject, body) in &told.mail {
        mail.extend(crate::mail::for_tournament(state, *account, t.id, subject.clone(), body, now).await);
    }
    let mailed = !mail.is_empty();
    let start = RoundStart {
        tournament: t.id,
        expected_round: t.round,
        new_round,
        players: u32::try_from(whole.players.len()).unwrap_or(u32::MAX),
        withdrawn: u32::try_from(whole.players.iter().filter(|p| p.withdrawn.is_some()).count()).unwrap_or(u32::MAX),
        rounds_planned,
        games: made.iter().map(|(new, row, _)| (new.clone(), row.clone())).collect(),
        byes,
        notices: told.notices,
        mail,
        now,
    };
    state.store.start_tournament_round(&start).await?;
    let told_accounts: Vec<AccountId> = whole.players.iter().map(|p| p.account).collect();
    for (_, _, table) in made {
        let table = Arc::new(table);
        state.games.keep(table.clone());
        crate::change::tell_this_server(state, &table);
        crate::notices::poke_players(state, &table);
    }
    crate::notices::poke(state, told_accounts);
    if mailed {
        crate::mail::wake(state);
    }
    tracing::info!(tournament = t.id, round = new_round, games = start.games.len(), "tournament round started");
    Ok(())
}

/// The games of `rounds`, set up: each as the store creates it, its row
/// in the tournament, and the game kept in memory.
fn make_games(
    whole: &TournamentWhole,
    game: GameId,
    settings: &Settings,
    rounds: &[PlannedRound],
    now: Timestamp,
) -> Result<Vec<(NewGame, TournamentGame, Table)>, ApiError> {
    let t = &whole.tournament;
    let mut made = Vec::new();
    for round in rounds {
        for (board, seats) in (1u32..).zip(&round.games) {
            let players: Vec<(AccountId, String, bool)> = seats
                .iter()
                .map(|&p| {
                    let e = &whole.players[p];
                    (e.account, e.name.clone(), e.bot)
                })
                .collect();
            let new = crate::table::tournament_table(game, settings, &players, t.id, now)?;
            let stored = StoredGame {
                key: crate::verbs::create::new_key(),
                record: new.record,
                state: GameState::Active,
                version: 1,
                seats: new.seats,
                deadline: None,
                created: now,
                updated: now,
                creator: Some(t.organiser),
                invite: None,
                offers: Vec::new(),
                rematch: None,
                conditionals: Default::default(),
            };
            let mut table = Table::new(stored, new.play);
            table.stored.deadline = table.deadline();
            table.stored.state = table.state();
            let new_game = NewGame {
                key: table.stored.key.clone(),
                record: table.record(),
                state: table.stored.state,
                seats: table.stored.seats.clone(),
                deadline: table.stored.deadline,
                now,
                creator: Some(t.organiser),
                invite: None,
                awaited: Some(table.awaited()),
                mail: Vec::new(),
                computer_games_limit: None,
            };
            let row = TournamentGame {
                round: round.number,
                board,
                game: table.stored.key.clone(),
                players: players.iter().map(|p| p.0).collect(),
                result: None,
            };
            made.push((new_game, row, table));
        }
    }
    Ok(made)
}

/// Ends `whole` (played out, or called off saying why), telling its
/// players.
async fn end(
    state: &AppState,
    whole: &TournamentWhole,
    called_off: Option<String>,
    now: Timestamp,
) -> Result<(), StoreError> {
    let t = &whole.tournament;
    let told = tell::ended(whole, called_off.as_deref());
    let mut mail = Vec::new();
    for (account, subject, body) in &told.mail {
        mail.extend(crate::mail::for_tournament(state, *account, t.id, subject.clone(), body, now).await);
    }
    let mailed = !mail.is_empty();
    let accounts: Vec<AccountId> = told.notices.iter().map(|n: &TournamentNotice| n.account).collect();
    let end = TournamentEnd { tournament: t.id, expected_round: t.round, called_off, notices: told.notices, mail, now };
    state.store.end_tournament(&end).await?;
    crate::notices::poke(state, accounts);
    if mailed {
        crate::mail::wake(state);
    }
    tracing::info!(tournament = t.id, called_off = end.called_off.is_some(), "tournament over");
    Ok(())
}

/// Keeps how the tournament game `table`, just over, came out, and moves
/// its tournament on if that was the last game it waited for.
pub async fn game_over(state: AppState, table: Arc<Table>) {
    let Some((result, timed_out)) = super::results::result_of(&table) else { return };
    let now = state.clock.now();
    match state.store.record_tournament_result(&table.stored.key, &result, &timed_out, now).await {
        Ok(Some(tournament)) => {
            if let Err(e) = advance(&state, tournament, false).await {
                tracing::warn!(tournament, error = %e.message, "a tournament was not moved on");
            }
        }
        Ok(None) => {}
        Err(e) => tracing::warn!(game = %table.stored.key, error = %e, "a tournament game's result was not kept"),
    }
}

/// Keeps the results of tournament games over but not yet counted (a
/// server stopped between the two), then moves on every tournament that
/// is due: what the tournament job does at each look.
pub async fn handle_due(state: &AppState) {
    match state.store.tournament_games_unrecorded(100).await {
        Ok(games) => {
            for (_, key) in games {
                match crate::change::load(state, &key).await {
                    Ok(table) if table.play.is_over() => game_over(state.clone(), table).await,
                    Ok(_) => {}
                    Err(e) => tracing::warn!(game = %key, error = %e.message, "a tournament game was not read"),
                }
            }
        }
        Err(e) => tracing::warn!(error = %e, "the tournament games to count were not read"),
    }
    let now = state.clock.now();
    match state.store.tournaments_due(now).await {
        Ok(due) => {
            for id in due {
                if let Err(e) = advance(state, id, false).await {
                    tracing::warn!(tournament = id, error = %e.message, "a tournament was not moved on");
                }
            }
        }
        Err(e) => tracing::warn!(error = %e, "the tournaments due were not read"),
    }
}
