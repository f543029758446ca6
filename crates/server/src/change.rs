//! The one path every change to a game takes: take the game (kept in
//! memory, see [`crate::cache`]), change a copy through the play layer on
//! a blocking thread (a round's closing may run the computer's searches),
//! store it with its mail only if nobody changed the game meanwhile, then
//! tell its listeners and let the computer and the deadline job know. A
//! change that finds the game changed meanwhile is made again on the game
//! as stored: the change itself checks what it must (the ply a move is
//! for, whose turn it is), so a move is never applied twice.

use std::sync::Arc;

use arbiter_play::{PlayError, Timestamp};
use arbiter_store::{AccountId, GameKey, GameUpdate, MovesWrite, StoreError};

use crate::error::ApiError;
use crate::state::AppState;
use crate::table::{Made, Table};

/// How many times a change is made again when the game keeps changing
/// under it.
const ATTEMPTS: usize = 8;

/// What a change did: its events, and what the store and the answer need.
#[derive(Debug, Default)]
pub struct Changed {
    /// What happened, as the play layer told it (and the seat taken).
    pub events: Vec<arbiter_play::Event>,
    /// A seat given to an account (the store checks it was open).
    pub seat_taken: Option<(u8, AccountId)>,
    /// A seat kept for an account, which it declines (the store checks it
    /// still was).
    pub seat_declined: Option<(u8, AccountId)>,
    /// A seat nobody holds, filled anew by the creator: kept for the
    /// account invited, or open (`None`) (the store checks nobody took it).
    pub seat_refilled: Option<(u8, Option<AccountId>)>,
    /// A seat an account leaves before the game has begun (the store
    /// checks it still held it).
    pub seat_left: Option<(u8, AccountId)>,
    /// Notices beyond those the events call for (an offer's).
    pub notices: Vec<arbiter_store::NewNotice>,
    /// A refusal to answer with once the change is stored (a refused
    /// round's play is kept as an attempt, then refused).
    pub refusal: Option<ApiError>,
    /// Whether the players' conditional lines changed (matched, played,
    /// cleared): only then are they written.
    pub conditionals_changed: bool,
    /// When the mover's vacation ended, if the move ended it (the game
    /// keeps that in this change; the mover's other games are told after).
    pub vacation_ended: Option<Timestamp>,
}

/// The game `key` as stored: the copy kept in memory if the store has
/// no newer version (one small query: on SQLite too, where another
/// process, a mail piped in, may have changed it), else read and
/// replayed. A change does not ask: it is made on the kept copy and
/// refused by the store if that copy was outdated.
pub async fn load(state: &AppState, key: &GameKey) -> Result<Arc<Table>, ApiError> {
    if let Some(kept) = state.games.get(key) {
        let started = std::time::Instant::now();
        let version = state.store.game_version(key).await;
        state.metrics.database("game_version", started.elapsed());
        if version? == Some(kept.stored.version) {
            return Ok(kept);
        }
        state.games.forget(key);
    }
    load_stored(state, key).await
}

/// The game `key` as `viewer` may see it ([`Table::may_watch`]): a
/// private game is, for anyone else, not there at all (404, word for word
/// as for a game that does not exist). `invite`: the invite code brought.
pub async fn load_seen(
    state: &AppState,
    key: &GameKey,
    viewer: Option<AccountId>,
    invite: Option<&str>,
) -> Result<Arc<Table>, ApiError> {
    let table = load(state, key).await?;
    if table.may_watch(viewer, invite) { Ok(table) } else { Err(no_such_game(key)) }
}

/// The answer for a game that is not there (or not for the caller).
pub fn no_such_game(key: &GameKey) -> ApiError {
    ApiError::not_found(format!("'{key}': no such game"))
}

/// Reads the game `key` from the store, replays it and keeps it.
async fn load_stored(state: &AppState, key: &GameKey) -> Result<Arc<Table>, ApiError> {
    let started = std::time::Instant::now();
    let stored = state.store.game(key).await;
    state.metrics.database("game", started.elapsed());
    let stored = stored?.ok_or_else(|| no_such_game(key))?;
    let table = Arc::new(Table::load(stored).map_err(|e| match e {
        PlayError::Record(damage) => ApiError::damaged(key, &damage),
        other => ApiError::from(other),
    })?);
    state.games.keep(table.clone());
    Ok(table)
}

/// Changes the game `key` with `change` at the present moment and stores
/// it. If the game changed meanwhile (another request, another server),
/// `change` is made again on the game as now stored; it must check
/// whatever makes it stale (the ply a move is for). The change is made
/// on the calling task: it must be quick (a move, an offer); one that may
/// let the computer search goes through [`change_game_searching`].
pub async fn change_game<F>(state: &AppState, key: &GameKey, change: F) -> Result<(Arc<Table>, Changed), ApiError>
where
    F: Fn(&mut Table, Timestamp) -> Result<Changed, ApiError> + Send + Sync + 'static,
{
    change_game_on(state, key, change, false).await
}

/// [`change_game`] for a change that may let the computer search (its
/// move, a round's close with its plays): made on a blocking thread.
pub async fn change_game_searching<F>(
    state: &AppState,
    key: &GameKey,
    change: F,
) -> Result<(Arc<Table>, Changed), ApiError>
where
    F: Fn(&mut Table, Timestamp) -> Result<Changed, ApiError> + Send + Sync + 'static,
{
    change_game_on(state, key, change, true).await
}

/// [`change_game`], the change made on a blocking thread if `searches`.
async fn change_game_on<F>(
    state: &AppState,
    key: &GameKey,
    change: F,
    searches: bool,
) -> Result<(Arc<Table>, Changed), ApiError>
where
    F: Fn(&mut Table, Timestamp) -> Result<Changed, ApiError> + Send + Sync + 'static,
{
    let change = Arc::new(change);
    let mut kept = state.games.get(key);
    for _ in 0..ATTEMPTS {
        let from_memory = kept.is_some();
        let table = match kept.take() {
            Some(table) => table,
            None => load_stored(state, key).await?,
        };
        let moves_before = table.play.move_count();
        let ply_before = table.play.ply();
        let now = state.clock.now();
        let version = table.stored.version;
        let offers_before = (table_offers(&table), table.stored.rematch.clone());
        // Vacations kept for the seats (nearly always none: no copy).
        let away_before = table.play.away().to_vec();
        let found = arbiter_store::FoundColumns::of(&table.stored);
        let was_over = table.stored.state == arbiter_store::GameState::Finished;
        let made = {
            let change = change.clone();
            let make = move || {
                let mut table = Table::clone(&table);
                table.play.mark_kept();
                change(&mut table, now).map(|mut changed| {
                    let followed = crate::table::conditionals::follow(&mut table, moves_before, now);
                    changed.events.extend(followed.events);
                    changed.notices.extend(followed.notices);
                    changed.conditionals_changed = followed.changed;
                    (table, changed)
                })
            };
            if searches {
                tokio::task::spawn_blocking(make).await.map_err(|e| ApiError::task_failed("making the change", e))?
            } else {
                make()
            }
        };
        let (mut table, mut changed) = match made {
            Ok(made) => made,
            // Refused by a copy that another server may have outdated:
            // refused for good only if the copy is the stored game.
            Err(refusal) if from_memory && state.store.game_version(key).await? != Some(version) => {
                state.games.forget(key);
                tracing::debug!(game = %key, error = %refusal, "refused by an outdated copy; loading the game");
                continue;
            }
            Err(refusal) => return Err(refusal),
        };
        lapse_offers(&mut table, moves_before, ply_before);
        let offers_changed = offers_before != (table_offers(&table), table.stored.rematch.clone());
        let seats_changed = table.play.away() != away_before.as_slice();
        let made = Made {
            from: version,
            moves_before,
            events: std::mem::take(&mut changed.events),
            offers_changed,
            seats_changed,
        };
        let mut notices = crate::notices::for_change(&made, &table);
        notices.append(&mut changed.notices);
        let (notices, turns): (Vec<_>, Vec<_>) = notices.into_iter().partition(crate::notices::is_kept);
        let kept = table.play.kept();
        let update = GameUpdate {
            record: table.play.record_head(),
            moves: MovesWrite { from: kept, moves: table.play.move_records(kept), replace: kept < moves_before },
            awaited: Some(table.awaited()),
            seats: (changed.seat_taken.is_none()
                && changed.seat_declined.is_none()
                && changed.seat_refilled.is_none()
                && changed.seat_left.is_none())
            .then(|| table.stored.seats.clone()),
            state: table.state(),
            deadline: table.deadline(),
            seat_taken: changed.seat_taken,
            seat_declined: changed.seat_declined,
            seat_refilled: changed.seat_refilled,
            seat_left: changed.seat_left,
            offers: table.stored.offers.clone(),
            rematch: table.stored.rematch.clone(),
            notices,
            mail: crate::mail::for_change(state, &made, &table, now).await,
            found: Some(found),
            conditionals: arbiter_store::ConditionalsWrite {
                found: table.stored.conditionals.version,
                lines: table.stored.conditionals.seats.clone(),
                changed: changed.conditionals_changed,
            },
            now,
            rated_end: if was_over { None } else { crate::ratings::end::rated_end(&table) },
        };
        table.made = Some(made);
        // Stored and told in a task of its own, so that a request given
        // up half way never leaves a change stored but untold.
        let stored = tokio::spawn(store_and_tell(state.clone(), key.clone(), version, update, table, turns))
            .await
            .map_err(|e| ApiError::task_failed("storing the change", e))?;
        match stored {
            Ok(table) => return Ok((table, changed)),
            Err(StoreError::Stale { .. }) => {
                state.games.forget(key);
                continue;
            }
            Err(e) => return Err(e.into()),
        }
    }
    Err(ApiError::conflict(format!("'{key}': the game kept changing meanwhile; load it again")))
}

/// The offers of `table` as they stand.
fn table_offers(table: &Table) -> Vec<arbiter_store::Offer> {
    table.stored.offers.clone()
}

/// Drops the offers a change outdated: a takeback or draw offer lapses
/// when a move is made (or a round closes) and when the game ends; a
/// rematch stands only once it is over.
fn lapse_offers(table: &mut Table, moves_before: usize, ply_before: u64) {
    let over = table.play.is_over();
    let moved = table.play.move_count() != moves_before || table.play.ply() != ply_before;
    table.stored.offers.retain(|o| match o.kind {
        arbiter_store::OfferKind::Rematch => over,
        arbiter_store::OfferKind::Takeback | arbiter_store::OfferKind::Draw => !over && !moved,
    });
}

/// Stores `update` of the game `key` made from `version` (`changed`, the
/// game changed with how it was made), keeps the game as stored, and
/// tells everyone concerned.
async fn store_and_tell(
    state: AppState,
    key: GameKey,
    version: i64,
    update: GameUpdate,
    changed: Table,
    turns: Vec<arbiter_store::NewNotice>,
) -> Result<Arc<Table>, StoreError> {
    let mailed = !update.mail.is_empty();
    let now = update.now;
    let told = arbiter_store::NewNotice::recipients_of(&update.notices);
    let started = std::time::Instant::now();
    // Boxed: the task that stores a change stays small to start and to end.
    let stored = Box::pin(state.store.update_game(&key, version, update)).await;
    state.metrics.database("update_game", started.elapsed());
    let stored = stored?;
    let mut table = Table::new(stored, changed.play);
    table.made = changed.made;
    state.metrics.moved(table.made.as_ref().map_or(0, Made::moves_played));
    let table = Arc::new(table);
    state.games.keep(table.clone());
    tell_this_server(&state, &table);
    if table.stored.record.tournament.is_some() && table.made.as_ref().is_some_and(Made::ended) {
        tokio::spawn(crate::tournaments::game_over(state.clone(), table.clone()));
    }
    crate::notices::poke(&state, told);
    crate::notices::tell_turns(&state, turns, now);
    crate::notices::poke_players(&state, &table);
    if mailed {
        crate::mail::wake(&state);
    }
    Ok(table)
}

/// Tells this server's listeners, the lobby (if the change's events may
/// list the game differently there), the deadline job (if the game's
/// deadline comes before its next look) and the computer's
/// scheduler that `table` changed. (The store told the other servers with
/// the change.)
pub fn tell_this_server(state: &AppState, table: &Arc<Table>) {
    state.hub.publish(table.clone());
    if table.made.as_ref().is_none_or(Made::touches_lobby) {
        state.lobby.changed();
    }
    state.deadlines.changed(table.stored.deadline);
    crate::searches::waiting::schedule(&state.searches, table);
}
