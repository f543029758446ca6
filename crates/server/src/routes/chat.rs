//! Chat in a game (`/api/games/{id}/chat`) and muting (`/api/me/muted`).
//! The players' room is written by the game's players and read by
//! everyone; the spectators' room is written by the others signed in and
//! read by the others while the game goes on, by everyone once it is over.
//! Guests do not chat. Text is 1 to 500 characters with no control
//! characters; each account writes at most a message a second and 20 a
//! minute. A message reaches the game's sockets that may read its room.

use std::sync::Arc;

use arbiter_api::{ChatMessageView, ChatPost, ErrorBody, MuteRequest};
use arbiter_store::{AccountId, ChatMessage, GameKey, Room};
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::{delete, post};
use axum::{Json, Router};
use serde::Deserialize;

use crate::auth::{Caller, SignedIn};
use crate::change;
use crate::error::ApiError;
use crate::limits::check;
use crate::routes::games::{InviteQuery, invite_of};
use crate::state::AppState;
use crate::table::Table;

/// The longest message, in characters.
const MOST_CHARACTERS: usize = 500;

/// The routes of chat and muting.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}/chat", post(write).get(read))
        .route("/api/games/{id}/chat/{message}", delete(remove))
        .route("/api/me/muted", post(mute).get(muted))
        .route("/api/me/muted/{name}", delete(unmute))
}

/// A message as readers see it.
pub(crate) fn view_of(message: &ChatMessage) -> ChatMessageView {
    ChatMessageView {
        id: message.id,
        room: message.room.as_str().to_string(),
        name: message.name.clone(),
        text: message.text.clone(),
        at: message.at.rfc3339(),
    }
}

/// Whether `reader` (or nobody signed in) may read `room` of the game in
/// `table`.
pub(crate) fn may_read(table: &Table, room: Room, reader: Option<AccountId>) -> bool {
    match room {
        Room::Players => true,
        Room::Spectators => table.is_over() || reader.is_none_or(|a| table.seats_of(a).is_empty()),
    }
}

/// A room's name read.
fn room_of(text: &str) -> Result<Room, ApiError> {
    Room::parse(text).ok_or_else(|| ApiError::malformed(format!("'{text}': a room is players or spectators")))
}

/// A message's text checked: 1 to 500 characters, no control characters.
fn check_text(text: &str) -> Result<(), ApiError> {
    let count = text.chars().count();
    if count == 0 || text.trim().is_empty() {
        return Err(ApiError::malformed("'text': a message has 1 to 500 characters, not none"));
    }
    if count > MOST_CHARACTERS {
        return Err(ApiError::malformed(format!("'text': a message has 1 to 500 characters, not {count}")));
    }
    if text.chars().any(char::is_control) {
        return Err(ApiError::malformed("'text': a message has no control characters (line breaks included)"));
    }
    Ok(())
}

#[utoipa::path(post, path = "/api/games/{id}/chat", request_body = ChatPost, tag = "chat", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game"), InviteQuery),
    responses((status = 201, body = ChatMessageView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "a guest; a room the caller does not write in (players write in players, the others in spectators)", body = ErrorBody),
        (status = 404, description = "no such game, or a private one the caller may not see", body = ErrorBody),
        (status = 429, description = "more than a message a second or 20 a minute; see Retry-After", body = ErrorBody)))]
pub(crate) async fn write(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<InviteQuery>, QueryRejection>,
    body: Result<Json<ChatPost>, JsonRejection>,
) -> Result<(StatusCode, Json<ChatMessageView>), ApiError> {
    let Path(id) = path?;
    let invite = invite_of(query)?;
    let Json(post) = body?;
    let room = room_of(&post.room)?;
    check_text(&post.text)?;
    if account.guest {
        return Err(ApiError::forbidden("guests do not chat: sign up to write"));
    }
    let key = GameKey(id);
    let table = change::load_seen(&state, &key, Some(account.id), invite.as_deref()).await?;
    let player = !table.seats_of(account.id).is_empty();
    match (room, player) {
        (Room::Players, false) => {
            return Err(ApiError::forbidden("only the game's players write in the players' room"));
        }
        (Room::Spectators, true) => return Err(ApiError::forbidden("the game's players write in the players' room")),
        _ => {}
    }
    check(&state.guards.chat_burst, &account.id, "a message a second at most")?;
    check(&state.guards.chat, &account.id, "you have written as many messages as one may for now")?;
    let message = state.store.add_chat(&key, room, account.id, &account.name, &post.text, state.clock.now()).await?;
    let view = view_of(&message);
    if let Err(e) = state.store.notify_chat(&key, message.id).await {
        tracing::warn!(error = %e, game = %key, "other servers were not told of a chat message");
    }
    if room == Room::Players {
        tell_players(&state, &table, &message).await;
    }
    state.chat.publish(Arc::new(message));
    Ok((StatusCode::CREATED, Json(view)))
}

/// Notices of a players' room message to the game's other players who
/// have not muted its writer.
async fn tell_players(state: &AppState, table: &Table, message: &ChatMessage) {
    let mut muting = Vec::new();
    for seat in &table.stored.seats {
        if let arbiter_store::SeatHolder::Account(other) = seat.holder
            && other != message.account
            && state.store.muted_ids(other).await.is_ok_and(|muted| muted.contains(&message.account))
        {
            muting.push(other);
        }
    }
    let notices = crate::notices::for_chat(table, message.account, &message.name, &muting);
    match state.store.add_notices(&notices, message.at).await {
        Ok(()) => crate::notices::poke(state, arbiter_store::NewNotice::recipients_of(&notices)),
        Err(e) => tracing::warn!(error = %e, "a chat message's notices were not kept"),
    }
}

/// `GET /api/games/{id}/chat`: the room read.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub(crate) struct RoomQuery {
    /// `players` or `spectators`.
    room: String,
    /// A private game's invite code (from its invite link).
    invite: Option<String>,
}

#[utoipa::path(get, path = "/api/games/{id}/chat", tag = "chat", params(("id" = String, Path, description = "the game"), RoomQuery),
    responses((status = 200, description = "the room's newest 200 messages, oldest first, without those of anyone the caller muted", body = Vec<ChatMessageView>),
        (status = 400, body = ErrorBody), (status = 401, description = "a token that is not valid", body = ErrorBody),
        (status = 403, description = "the spectators' room, to a player, while the game goes on", body = ErrorBody),
        (status = 404, description = "no such game, or a private one the caller may not see", body = ErrorBody)))]
pub(crate) async fn read(
    State(state): State<AppState>,
    Caller(caller): Caller,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<RoomQuery>, QueryRejection>,
) -> Result<Json<Vec<ChatMessageView>>, ApiError> {
    let Path(id) = path?;
    let Query(query) = query?;
    let room = room_of(&query.room)?;
    let key = GameKey(id);
    let reader = caller.map(|a| a.id);
    let table = change::load_seen(&state, &key, reader, query.invite.as_deref()).await?;
    if !may_read(&table, room, reader) {
        return Err(ApiError::forbidden("the spectators' room is the others' while the game goes on"));
    }
    let messages = state.store.chat(&key, room, reader).await?;
    Ok(Json(messages.iter().map(view_of).collect()))
}

#[utoipa::path(delete, path = "/api/games/{id}/chat/{message}", tag = "chat", security(("bearer" = [])),
    params(("id" = String, Path, description = "the game"), ("message" = i64, Path, description = "the message's id")),
    responses((status = 204, description = "the message is removed"), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "not an administrator", body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn remove(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<(String, i64)>, PathRejection>,
) -> Result<StatusCode, ApiError> {
    let Path((id, message)) = path?;
    if !account.admin {
        return Err(ApiError::forbidden("only the site's administrators remove messages"));
    }
    if !state.store.delete_chat(&GameKey(id), message).await? {
        return Err(ApiError::not_found(format!("'{message}': no such message in this game")));
    }
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/api/me/muted", request_body = MuteRequest, tag = "chat", security(("bearer" = [])),
    responses((status = 204, description = "the caller no longer sees that name's messages"), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, description = "nobody has the name", body = ErrorBody)))]
pub(crate) async fn mute(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    body: Result<Json<MuteRequest>, JsonRejection>,
) -> Result<StatusCode, ApiError> {
    let Json(request) = body?;
    super::accounts::check_name(&request.name)?;
    if request.name.eq_ignore_ascii_case(&account.name) {
        return Err(ApiError::malformed(format!("'{}': that is you", request.name)));
    }
    if !state.store.mute(account.id, &request.name).await? {
        return Err(ApiError::not_found(format!("'{}': no player has this name", request.name)));
    }
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/api/me/muted", tag = "chat", security(("bearer" = [])),
    responses((status = 200, description = "the names the caller has muted", body = Vec<arbiter_api::PlayerName>), (status = 401, body = ErrorBody)))]
pub(crate) async fn muted(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
) -> Result<Json<Vec<arbiter_api::PlayerName>>, ApiError> {
    let names = state.store.muted_names(account.id).await?;
    Ok(Json(names.into_iter().map(|name| arbiter_api::PlayerName { name, bot: false }).collect()))
}

#[utoipa::path(delete, path = "/api/me/muted/{name}", tag = "chat", security(("bearer" = [])),
    params(("name" = String, Path, description = "the name muted")),
    responses((status = 204, description = "the caller sees that name's messages again"), (status = 401, body = ErrorBody),
        (status = 404, description = "the caller had not muted that name", body = ErrorBody)))]
pub(crate) async fn unmute(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<String>, PathRejection>,
) -> Result<StatusCode, ApiError> {
    let Path(name) = path?;
    if !state.store.unmute(account.id, &name).await? {
        return Err(ApiError::not_found(format!("'{name}': not muted")));
    }
    Ok(StatusCode::NO_CONTENT)
}
