//! `/api/games`: creating, listing and viewing games, taking a seat,
//! moving, resigning, and the record.

use std::sync::Arc;

use arbiter_api::{ErrorBody, GameSummary, GameView, History, HistoryPly, MoveRequest, NewGame};
use arbiter_core::Seat;
use arbiter_play::{MoveForm, MoveOutcome, Occupant};
use arbiter_store::{GameFilter, GameKey, GameState, SeatHolder, StoredGame, StoredSeat};
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use crate::auth::{Caller, SignedIn};
use crate::change::{self, Changed};
use crate::error::ApiError;
use crate::limits::{ClientAddress, check, too_many};
use crate::state::AppState;
use crate::table::{self, Made, Table};

/// The longest move text taken (the longest A•G•O•G capture is far
/// shorter).
const MAX_MOVE_TEXT: usize = 256;

/// The routes of games.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/games", post(create).get(list))
        .route("/api/games/catalog", get(super::catalog::get_catalog))
        .route("/api/positions", post(super::positions::position))
        .route("/api/games/{id}", get(view).delete(super::invitations::call_off))
        .route("/api/games/{id}/seats/{seat}", post(take_seat))
        .route("/api/games/{id}/seats/{seat}/decline", post(super::invitations::decline))
        .route("/api/games/{id}/moves", post(play_move))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/history", get(history))
}

/// A new game's key: 12 random letters and digits.
fn new_key() -> GameKey {
    GameKey(crate::auth::new_token().chars().take(12).collect())
}

#[utoipa::path(post, path = "/api/games", request_body = NewGame, tag = "games", security(("bearer" = [])),
    responses((status = 201, body = GameView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "a guest's game with open or invited seats, or a private one", body = ErrorBody),
        (status = 429, description = "too many games created, or too many unfinished games against the computer; see Retry-After", body = ErrorBody)))]
pub(crate) async fn create(
    State(state): State<AppState>,
    address: ClientAddress,
    SignedIn(account): SignedIn,
    body: Result<Json<NewGame>, JsonRejection>,
) -> Result<(StatusCode, Json<GameView>), ApiError> {
    let Json(new) = body?;
    if account.guest {
        super::invitations::guest_may_create(&new)?;
    }
    let invitees = super::invitations::find_invitees(&state, &new).await?;
    let now = state.clock.now();
    let creator = account.clone();
    let private = new.private.unwrap_or(false);
    let made = tokio::task::spawn_blocking(move || table::new_table(&new, &creator, &invitees, now))
        .await
        .map_err(|e| ApiError::task_failed("setting up the game", e))??;
    check(&state.guards.games_per_account, &account.id, "you have created enough games for now")?;
    check(&state.guards.games_per_address, &address.key(), "your address has created enough games for now")?;
    let invite = private.then(super::invitations::new_invite_code);
    let table = open_table(&state, made, account.id, invite).await?;
    Ok((StatusCode::CREATED, Json(table.view(Some(account.id)))))
}

/// Stores the new game `made`, created by `creator` (`invite`: a
/// private game's code) with its first deadline, its mail and its
/// notices, keeps it and tells everyone concerned.
pub(crate) async fn open_table(
    state: &AppState,
    made: table::NewTable,
    creator: arbiter_store::AccountId,
    invite: Option<String>,
) -> Result<Arc<Table>, ApiError> {
    let now = state.clock.now();
    let has_open = made.seats.iter().any(|s| s.holder.is_free());
    let stored = StoredGame {
        key: new_key(),
        record: made.record,
        state: if has_open { GameState::Open } else { GameState::Active },
        version: 1,
        seats: made.seats,
        deadline: None,
        created: now,
        updated: now,
        creator: Some(creator),
        invite,
        offers: Vec::new(),
        rematch: None,
    };
    // The game, its first deadline and its mail are stored together.
    let mut table = Table::new(stored, made.play);
    table.stored.deadline = table.deadline();
    let taken = table.stored.seats.iter().filter(|s| !s.holder.is_free()).map(|s| Seat(s.seat));
    let created = Made::created(taken.collect::<Vec<_>>());
    let mail = crate::mail::for_change(state, &created, &table, now).await;
    let new_game = arbiter_store::NewGame {
        key: table.stored.key.clone(),
        record: table.record(),
        state: table.stored.state,
        seats: table.stored.seats.clone(),
        deadline: table.stored.deadline,
        now,
        creator: Some(creator),
        invite: table.stored.invite.clone(),
        awaited: Some(table.awaited()),
        mail,
        computer_games_limit: Some(state.settings.limits.computer_games_per_account),
    };
    let mailed = !new_game.mail.is_empty();
    table.stored = state.store.create_game(&new_game).await?;
    let (notices, turns): (Vec<_>, Vec<_>) =
        crate::notices::for_change(&created, &table).into_iter().partition(crate::notices::is_kept);
    let table = Arc::new(table.made_by(created));
    state.games.keep(table.clone());
    change::tell_this_server(state, &table);
    crate::notices::tell_turns(state, turns, now);
    if mailed {
        crate::mail::wake(state);
    }
    // The invitations' notices follow the game; one lost to a failure
    // here leaves the invitation in the lobby and the mail.
    match state.store.add_notices(&notices, now).await {
        Ok(()) => crate::notices::poke(state, arbiter_store::NewNotice::recipients_of(&notices)),
        Err(e) => tracing::warn!(error = %e, "an invitation's notices were not kept"),
    }
    Ok(table)
}

/// `GET /api/games` filters.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
pub(crate) struct ListQuery {
    /// `open`, `active` or `finished`.
    state: Option<String>,
    /// Only the caller's games (private ones included).
    mine: Option<bool>,
    /// Only games with a seat kept for the caller: invitations (private
    /// ones included).
    invited: Option<bool>,
    /// The next page: only the games after this one (a game's id) in the
    /// list's order, the most recently changed first.
    after: Option<String>,
    /// At most this many games, 1 to 100 (default 100).
    limit: Option<i64>,
}

#[utoipa::path(get, path = "/api/games", params(ListQuery), tag = "games",
    responses((status = 200, body = Vec<GameSummary>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(crate) async fn list(
    State(state): State<AppState>,
    Caller(caller): Caller,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> Result<Json<Vec<GameSummary>>, ApiError> {
    let Query(query) = query?;
    let state_filter = match query.state.as_deref() {
        None => None,
        Some(text) => Some(
            GameState::parse(text)
                .ok_or_else(|| ApiError::malformed(format!("'{text}': a state is open, active or finished")))?,
        ),
    };
    let signed_in = |flag: Option<bool>, what: &str| match (flag.unwrap_or(false), &caller) {
        (false, _) => Ok(None),
        (true, Some(a)) => Ok(Some(a.id)),
        (true, None) => Err(ApiError::unauthorized(format!("{what}=true: sign in first"))),
    };
    let account = signed_in(query.mine, "mine")?;
    let invited = signed_in(query.invited, "invited")?;
    let limit = query.limit.unwrap_or(100);
    if !(1..=100).contains(&limit) {
        return Err(ApiError::malformed(format!("'{limit}': limit is 1 to 100")));
    }
    let after = match query.after {
        None => None,
        Some(id) => {
            let key = GameKey(id);
            if key.0.len() > 64 || state.store.game_version(&key).await?.is_none() {
                return Err(ApiError::malformed(format!("'after': no game has the id '{}'", key.0)));
            }
            Some(key)
        }
    };
    let public = account.is_none() && invited.is_none();
    let filter = GameFilter { state: state_filter, account, invited, public, after, limit };
    let mut games = summaries(&state, &filter).await?;
    if public && state_filter == Some(GameState::Open) {
        // As the lobby lists them: games with a seat anyone may take.
        games.retain(|g| g.seats.iter().any(|s| s.kind == arbiter_api::SeatKind::Open));
    }
    Ok(Json(games))
}

/// The games `filter` lets through, as a list shows them (a stored game
/// that does not load is logged and left out).
pub(crate) async fn summaries(state: &AppState, filter: &GameFilter) -> Result<Vec<GameSummary>, ApiError> {
    let games = state.store.games(filter).await?;
    let mut out = Vec::with_capacity(games.len());
    for stored in games {
        match Table::load(stored) {
            Ok(t) => out.push(t.summary()),
            Err(e) => tracing::error!(error = %e, "a stored game does not load"),
        }
    }
    Ok(out)
}

/// The id in a game's path.
fn key_of(path: Result<Path<String>, PathRejection>) -> Result<GameKey, ApiError> {
    let Path(id) = path?;
    Ok(GameKey(id))
}

#[utoipa::path(get, path = "/api/games/{id}", params(("id" = String, Path, description = "the game")), tag = "games",
    responses((status = 200, body = GameView), (status = 401, description = "a token that is not valid", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub(crate) async fn view(
    State(state): State<AppState>,
    Caller(caller): Caller,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<GameView>, ApiError> {
    let table = change::load(&state, &key_of(path)?).await?;
    Ok(Json(table.view(caller.map(|a| a.id))))
}

#[utoipa::path(post, path = "/api/games/{id}/seats/{seat}", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game"), ("seat" = String, Path, description = "the seat's label (w, b, A…)"), SeatQuery),
    responses((status = 200, body = GameView), (status = 400, description = "a query that cannot be read", body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 403, description = "the seat is kept for someone invited, or the game is private and the invite code is missing or wrong", body = ErrorBody),
        (status = 409, description = "the seat is taken, or the caller has a seat already", body = ErrorBody)))]
pub(crate) async fn take_seat(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<(String, String)>, PathRejection>,
    query: Result<Query<SeatQuery>, QueryRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path((id, label)) = path?;
    let Query(SeatQuery { invite }) = query?;
    let key = GameKey(id);
    let me = account.clone();
    let (table, _) = change::change_game(&state, &key, move |table, now| {
        let seat = table
            .position()
            .seat_by_label(&label)
            .ok_or_else(|| ApiError::not_found(format!("'{label}': no such seat in this game")))?;
        if let Some(mine) = table.seats_of(me.id).first() {
            return Err(ApiError::conflict(format!("you already play seat {}", table.label(*mine))));
        }
        if table.is_over() {
            return Err(ApiError::conflict("the game is over"));
        }
        let private = table.stored.invite.clone();
        let held = table.stored.seats.iter_mut().find(|s| s.seat == seat.0);
        match held {
            Some(StoredSeat { holder, bot, .. }) if holder.is_free() => {
                match holder {
                    SeatHolder::Invited { account, name } if *account != me.id => {
                        return Err(ApiError::forbidden(format!("seat {label} is kept for {name}, who was invited")));
                    }
                    SeatHolder::Open if private.is_some() && invite.as_deref() != private.as_deref() => {
                        return Err(ApiError::forbidden(
                            "this game is private: its open seats are taken with its invite link",
                        ));
                    }
                    _ => {}
                }
                *holder = SeatHolder::Account(me.id);
                *bot = me.bot;
            }
            _ => return Err(ApiError::conflict(format!("seat {label} is already taken"))),
        }
        // The last open seat taken: the game starts now, its clock with it.
        let starts_at = (table.state() == GameState::Active).then_some(now);
        let events = table.play.take_seat(seat, Occupant::person(me.name.clone()), starts_at)?;
        Ok(Changed { events, seat_taken: Some((seat.0, me.id)), ..Changed::default() })
    })
    .await?;
    Ok(Json(table.view(Some(account.id))))
}

/// `POST /api/games/{id}/seats/{seat}`: the invite code of a private game.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
pub(crate) struct SeatQuery {
    /// A private game's invite code (from its invite link).
    invite: Option<String>,
}

/// The caller's seat in `table`, or 403.
fn my_seat(table: &Table, account: arbiter_store::AccountId) -> Result<Seat, ApiError> {
    table.seats_of(account).first().copied().ok_or_else(|| ApiError::forbidden("you have no seat in this game"))
}

#[utoipa::path(post, path = "/api/games/{id}/moves", request_body = MoveRequest, tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game")),
    responses((status = 200, body = GameView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "not the caller's seat or turn", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "a move for another ply; the game waits for players", body = ErrorBody),
        (status = 422, description = "against the rules, or the mover's time ran out", body = ErrorBody),
        (status = 429, description = "scg: as many plays this round as a player may send; see Retry-After", body = ErrorBody)))]
pub(crate) async fn play_move(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<String>, PathRejection>,
    body: Result<Json<MoveRequest>, JsonRejection>,
) -> Result<Json<GameView>, ApiError> {
    let key = key_of(path)?;
    let Json(request) = body?;
    let table = make_move(&state, &key, account.id, request).await?;
    Ok(Json(table.view(Some(account.id))))
}

/// Plays `request` for `account` in the game `key`: the POST and the
/// WebSocket both come here.
pub async fn make_move(
    state: &AppState,
    key: &GameKey,
    account: arbiter_store::AccountId,
    request: MoveRequest,
) -> Result<Arc<Table>, ApiError> {
    if request.mv.len() > MAX_MOVE_TEXT {
        return Err(ApiError::malformed(format!("a move is at most {MAX_MOVE_TEXT} bytes, not {}", request.mv.len())));
    }
    let plays_per_round = state.settings.limits.plays_per_round as usize;
    let (table, changed) = change::change_game(state, key, move |table, now| {
        let seat = my_seat(table, account)?;
        if table.state() == GameState::Open {
            return Err(ApiError::conflict("the game waits for players to take its open seats"));
        }
        if request.ply != table.ply() {
            return Err(ApiError::conflict(format!(
                "'{}': this move is for ply {}, but the game is at ply {}",
                request.mv,
                request.ply,
                table.ply()
            )));
        }
        let (events, refusal) = match table.play.submit(seat, &request.mv, now, plays_per_round)? {
            MoveOutcome::Applied(events) => (events, None),
            MoveOutcome::Attempted(reason) => {
                (Vec::new(), Some(ApiError::illegal(format!("'{}': {reason}", request.mv))))
            }
            MoveOutcome::TooManyPlays { most } => {
                let wait = table.play.deadline().map_or(3600, |d| d.since(now).max(1));
                return Err(too_many(
                    &format!("you have sent {most} plays this round, as many as one may"),
                    std::time::Duration::from_secs(wait as u64),
                ));
            }
            // Out of time: the game ends as the deadline job would end
            // it, and the move is refused.
            MoveOutcome::OutOfTime { deadline, events } => (
                events,
                Some(ApiError::illegal(format!(
                    "'{}': your time to move ran out at {}; the game is over",
                    request.mv,
                    deadline.for_people()
                ))),
            ),
        };
        Ok(Changed { events, refusal, ..Changed::default() })
    })
    .await?;
    match changed.refusal {
        Some(refusal) => Err(refusal),
        None => Ok(table),
    }
}

#[utoipa::path(post, path = "/api/games/{id}/resign", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game")),
    responses((status = 200, body = GameView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, description = "the game is over", body = ErrorBody)))]
pub(crate) async fn resign(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<GameView>, ApiError> {
    let key = key_of(path)?;
    let table = resign_for(&state, &key, account.id).await?;
    Ok(Json(table.view(Some(account.id))))
}

/// Resigns `account`'s seat in the game `key`: the POST and a mail both
/// come here.
pub(crate) async fn resign_for(
    state: &AppState,
    key: &GameKey,
    account: arbiter_store::AccountId,
) -> Result<Arc<Table>, ApiError> {
    let (table, _) = change::change_game(state, key, move |table, _now| {
        let seat = my_seat(table, account)?;
        let events = table.play.resign(seat)?;
        Ok(Changed { events, ..Changed::default() })
    })
    .await?;
    Ok(table)
}

#[utoipa::path(get, path = "/api/games/{id}/record", tag = "games", params(("id" = String, Path, description = "the game")),
    responses((status = 200, description = "the game's record, as the notation specification writes it", content_type = "text/plain", body = String),
        (status = 404, body = ErrorBody)))]
pub(crate) async fn record(
    State(state): State<AppState>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let table = change::load(&state, &key_of(path)?).await?;
    let text = table.play.replayed().to_text(MoveForm::Record);
    Ok(([(CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

#[utoipa::path(get, path = "/api/games/{id}/history", tag = "games", params(("id" = String, Path, description = "the game")),
    responses((status = 200, description = "every position of the game, to step through it", body = History),
        (status = 404, body = ErrorBody)))]
pub(crate) async fn history(
    State(state): State<AppState>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<History>, ApiError> {
    let table = change::load(&state, &key_of(path)?).await?;
    let replayed = table.play.replayed();
    let positions = replayed.line.positions();
    let boards = positions
        .iter()
        .zip(positions.iter().skip(1))
        .zip(replayed.line.moves())
        .map(|((before, after), mv)| after.board_after(before, mv));
    let plies = replayed
        .move_texts(MoveForm::Record)
        .into_iter()
        .zip(replayed.move_texts(MoveForm::Long))
        .zip(positions.iter().skip(1))
        .zip(boards)
        .map(|(((record, long), after), board)| HistoryPly { record, long, position: after.position_string(), board })
        .collect();
    let start = replayed.line.start();
    Ok(Json(History { start: start.position_string(), start_board: start.board_model(), plies }))
}
