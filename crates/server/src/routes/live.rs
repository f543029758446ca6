//! The WebSockets: a game's (`/api/games/{id}/live`), which sends the view
//! at once and after every change, each shaped for its viewer, and takes
//! moves; and the lobby's (`/api/lobby/live`), which sends the open games.
//!
//! Every socket counts against its account's and its address's share
//! ([`crate::sockets`]), is pinged and closed when its peer stops
//! answering, and a signed-in socket closes the moment its session ends;
//! a move sent on it is taken only while the session lasts.

use std::sync::Arc;
use std::time::Duration;

use arbiter_api::{ClientMessage, GameView, MoveRequest, ServerMessage};
use arbiter_store::{AccountId, GameKey, SessionId, SignedSession};
use axum::Router;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code};
use axum::extract::{Path, Query, State};
use axum::response::Response;
use axum::routing::get;
use tokio::sync::broadcast::error::RecvError;
use tokio::time::{Instant, MissedTickBehavior};

use crate::auth::MaybeSession;
use crate::change;
use crate::error::ApiError;
use crate::limits::ClientAddress;
use crate::routes::games::{InviteQuery, invite_of};
use crate::sockets::{Ending, Opener, Ticket};
use crate::state::AppState;
use crate::table::Table;

/// The routes of the WebSockets.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}/live", get(game_live))
        .route("/api/lobby/live", get(lobby_live))
        .route("/api/me/live", get(me_live))
}

/// The largest message a client may send.
const MAX_MESSAGE: usize = 16 * 1024;

/// What a socket reserves for reading: clients send small messages (a
/// move), and an idle spectator should cost little (the library's default
/// is 128 KiB a socket).
const READ_BUFFER: usize = 4 * 1024;

/// The close code a socket ends with when its session ended (4000–4999
/// are the application's).
const SESSION_ENDED: u16 = 4001;

/// The limits every socket is opened with.
fn limited(upgrade: WebSocketUpgrade) -> WebSocketUpgrade {
    upgrade.max_message_size(MAX_MESSAGE).max_frame_size(MAX_MESSAGE).read_buffer_size(READ_BUFFER)
}

/// Who watches a socket: the account and session, if signed in.
#[derive(Clone, Copy)]
struct Watcher {
    account: Option<AccountId>,
    session: Option<SessionId>,
}

impl Watcher {
    fn of(session: Option<&SignedSession>) -> Watcher {
        Watcher { account: session.map(|s| s.account.id), session: session.map(|s| s.session) }
    }
}

/// Counts a socket of the caller, or refuses it (429).
fn ticket(state: &AppState, session: Option<&SignedSession>, address: ClientAddress) -> Result<Ticket, ApiError> {
    state.sockets.open(Opener { session: session.map(|s| (s.account.id, s.session)), address: address.key() })
}

/// Pings, and the peer's last sign of life.
struct Heartbeat {
    ticks: tokio::time::Interval,
    every: Duration,
    heard: Instant,
}

impl Heartbeat {
    fn new(every: Duration) -> Heartbeat {
        let every = every.max(Duration::from_millis(100));
        let mut ticks = tokio::time::interval_at(Instant::now() + every, every);
        ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
        Heartbeat { ticks, every, heard: Instant::now() }
    }

    /// The peer said something.
    fn heard(&mut self) {
        self.heard = Instant::now();
    }

    /// A tick: false when the peer has said nothing for two pings.
    fn alive(&self) -> bool {
        self.heard.elapsed() < self.every * 2
    }
}

#[utoipa::path(get, path = "/api/games/{id}/live", tag = "live", params(("id" = String, Path, description = "the game"), InviteQuery),
    responses((status = 101, description = "a WebSocket: {\"type\": \"view\", \"view\": …} at once, then {\"type\": \"change\", …} after every move (the view again when a seat is taken); send {\"type\": \"move\", \"move\": …, \"ply\": n} to move"),
        (status = 403, description = "a cookie upgrade from another site", body = arbiter_api::ErrorBody),
        (status = 404, description = "no such game, or a private one the caller may not see", body = arbiter_api::ErrorBody),
        (status = 429, description = "the account or address holds as many sockets as it may", body = arbiter_api::ErrorBody)))]
pub(crate) async fn game_live(
    State(state): State<AppState>,
    address: ClientAddress,
    MaybeSession(session): MaybeSession,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<InviteQuery>, QueryRejection>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let Path(id) = path?;
    let key = GameKey(id);
    let viewer = session.as_ref().map(|s| s.account.id);
    let table = change::load_seen(&state, &key, viewer, invite_of(query)?.as_deref()).await?;
    let ticket = ticket(&state, session.as_ref(), address)?;
    let watcher = Watcher::of(session.as_ref());
    Ok(limited(upgrade).on_upgrade(move |socket| follow_game(state, key, watcher, table, socket, ticket)))
}

/// Sends `message` (a game's, or the personal channel's) on the socket.
async fn send(socket: &mut WebSocket, message: &impl serde::Serialize) -> bool {
    match serde_json::to_string(message) {
        Ok(text) => socket.send(Message::Text(text.into())).await.is_ok(),
        Err(_) => false,
    }
}

/// The view message of `table` for `viewer`: for a spectator, the text
/// every spectator of this version shares.
async fn send_view(socket: &mut WebSocket, table: &Table, viewer: Option<AccountId>) -> bool {
    match viewer {
        None => socket.send(Message::Text(table.spectator_message())).await.is_ok(),
        Some(_) => send(socket, &view_message(table.view(viewer))).await,
    }
}

/// The change `table` made since the version `last` the viewer was
/// shown: the small `change` message (for a spectator, the text every
/// spectator shares) when it follows from that version by its events,
/// else the whole view (a seat was taken, moves were taken back, or the
/// socket missed a version).
async fn send_change(socket: &mut WebSocket, table: &Table, viewer: Option<AccountId>, last: i64) -> bool {
    let Some(made) = table.continues_from(last) else {
        return send_view(socket, table, viewer).await;
    };
    let text = match viewer {
        None => table.spectator_change(made),
        Some(account) => table.player_change(account, made),
    };
    socket.send(Message::Text(text)).await.is_ok()
}

fn view_message(view: GameView) -> ServerMessage {
    ServerMessage::View { view: Box::new(view) }
}

/// Closes the socket saying why: its session ended, or the server stops
/// (`1001`, going away: the client reconnects to the server that comes
/// next).
async fn close(mut socket: WebSocket, ending: Ending) {
    let frame = match ending {
        Ending::Session => CloseFrame { code: SESSION_ENDED, reason: "the session ended; sign in again".into() },
        Ending::Server => {
            CloseFrame { code: close_code::AWAY, reason: "the server is stopping; reconnect in a moment".into() }
        }
    };
    let _ = socket.send(Message::Close(Some(frame))).await;
}

async fn follow_game(
    state: AppState,
    key: GameKey,
    watcher: Watcher,
    table: Arc<Table>,
    mut socket: WebSocket,
    mut ticket: Ticket,
) {
    let mut changes = state.hub.subscribe(&key);
    let mut chats = state.chat.subscribe(&key);
    // Read again once listening: a change made since the upgrade was
    // asked for is not missed.
    let table = change::load(&state, &key).await.unwrap_or(table);
    let mut last = table.stored.version;
    // Whom the viewer has muted, as the socket opens (a socket opened
    // later follows a later choice).
    let muted = match watcher.account {
        Some(account) => state.store.muted_ids(account).await.unwrap_or_default(),
        None => Vec::new(),
    };
    let mut current = table.clone();
    if !send_view(&mut socket, &table, watcher.account).await {
        return;
    }
    let mut heartbeat = Heartbeat::new(state.settings.limits.socket_ping);
    // When the socket's session was last found alive in the database.
    let mut confirmed: Option<Instant> = None;
    loop {
        tokio::select! {
            ending = ticket.ended() => return close(socket, ending).await,
            _ = heartbeat.ticks.tick() => {
                if !heartbeat.alive() || socket.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
            }
            change = changes.recv() => {
                let table: Arc<Table> = match change {
                    Ok(table) => table,
                    Err(RecvError::Lagged(_)) => match change::load(&state, &key).await {
                        Ok(table) => table,
                        Err(_) => continue,
                    },
                    Err(RecvError::Closed) => return,
                };
                if table.stored.version <= last {
                    continue;
                }
                if !send_change(&mut socket, &table, watcher.account, last).await {
                    return;
                }
                last = table.stored.version;
                current = table;
            }
            chat = chats.recv() => {
                let message = match chat {
                    Ok(message) => message,
                    // Missed messages are on the room's page.
                    Err(RecvError::Lagged(_)) => continue,
                    Err(RecvError::Closed) => return,
                };
                if muted.contains(&message.account) || !super::chat::may_read(&current, message.room, watcher.account) {
                    continue;
                }
                if !send(&mut socket, &ServerMessage::Chat { message: super::chat::view_of(&message) }).await {
                    return;
                }
            }
            incoming = socket.recv() => {
                let Some(Ok(message)) = incoming else { return };
                heartbeat.heard();
                let text = match message {
                    Message::Text(text) => text,
                    Message::Close(_) => return,
                    _ => continue,
                };
                if ticket.has_ended() {
                    return close(socket, Ending::Session).await;
                }
                if let Err(error) = client_message(&state, &key, watcher, text.as_str(), &mut confirmed).await {
                    if error.code == arbiter_api::ErrorCode::Unauthorized && watcher.session.is_some() {
                        return close(socket, Ending::Session).await;
                    }
                    let message = ServerMessage::Error { error: arbiter_api::ErrorDetail { code: error.code, message: error.message, rule: error.rule.map(str::to_string) } };
                    if !send(&mut socket, &message).await {
                        return;
                    }
                }
            }
        }
    }
}

/// How long a socket's session, once found alive in the database, is
/// taken as alive without asking again. Its end (signed out, revoked, the
/// account disabled, expired by the sweep) closes the socket as soon as
/// this server or any other hears of it, and a message is not taken from
/// a socket told so; asking again bounds an end never heard of.
const SESSION_RECHECK: Duration = Duration::from_secs(30);

/// Handles a message a client sent on a game's socket: taken only while
/// the socket's session lasts (`confirmed`: when it was last found alive
/// in the database).
async fn client_message(
    state: &AppState,
    key: &GameKey,
    watcher: Watcher,
    text: &str,
    confirmed: &mut Option<Instant>,
) -> Result<(), ApiError> {
    let message: ClientMessage =
        serde_json::from_str(text).map_err(|e| ApiError::malformed(format!("not a message this socket takes: {e}")))?;
    let (Some(account), Some(session)) = (watcher.account, watcher.session) else {
        return Err(ApiError::unauthorized("sign in first: open the socket with your token"));
    };
    if confirmed.is_none_or(|at| at.elapsed() >= SESSION_RECHECK) {
        if !state.store.session_alive(session, state.sessions_unused_since()).await? {
            return Err(ApiError::unauthorized("the session ended: sign in again"));
        }
        *confirmed = Some(Instant::now());
    }
    match message {
        ClientMessage::Move { mv, ply } => {
            crate::verbs::moves::make_move(state, key, account, MoveRequest { mv, ply }).await?;
            Ok(())
        }
    }
}

#[utoipa::path(get, path = "/api/lobby/live", tag = "live",
    responses((status = 101, description = "a WebSocket: {\"type\": \"lobby\", \"games\": [...]} at once and whenever the open games change"),
        (status = 403, description = "a cookie upgrade from another site", body = arbiter_api::ErrorBody),
        (status = 429, description = "the account or address holds as many sockets as it may", body = arbiter_api::ErrorBody)))]
pub(crate) async fn lobby_live(
    State(state): State<AppState>,
    address: ClientAddress,
    MaybeSession(session): MaybeSession,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let ticket = ticket(&state, session.as_ref(), address)?;
    Ok(limited(upgrade).on_upgrade(move |socket| follow_lobby(state, socket, ticket)))
}

/// Sends the lobby's list as it is computed once for every socket.
async fn follow_lobby(state: AppState, mut socket: WebSocket, mut ticket: Ticket) {
    let mut list = state.lobby.subscribe();
    let first = list.borrow_and_update().clone();
    if !first.is_empty() && socket.send(Message::Text(first)).await.is_err() {
        return;
    }
    let mut heartbeat = Heartbeat::new(state.settings.limits.socket_ping);
    loop {
        tokio::select! {
            ending = ticket.ended() => return close(socket, ending).await,
            _ = heartbeat.ticks.tick() => {
                if !heartbeat.alive() || socket.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
            }
            changed = list.changed() => {
                if changed.is_err() {
                    return;
                }
                let text = list.borrow_and_update().clone();
                if socket.send(Message::Text(text)).await.is_err() {
                    return;
                }
            }
            incoming = socket.recv() => {
                match incoming {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    _ => heartbeat.heard(),
                }
            }
        }
    }
}

#[utoipa::path(get, path = "/api/me/live", tag = "live", security(("bearer" = [])),
    responses((status = 101, description = "a WebSocket: {\"type\": \"counts\", \"your_turn\": n} at once and whenever it changes, {\"type\": \"notice\", \"notice\": …} for each new notice"),
        (status = 401, description = "not signed in", body = arbiter_api::ErrorBody),
        (status = 403, description = "a cookie upgrade from another site", body = arbiter_api::ErrorBody),
        (status = 429, description = "the account or address holds as many sockets as it may", body = arbiter_api::ErrorBody)))]
pub(crate) async fn me_live(
    State(state): State<AppState>,
    address: ClientAddress,
    MaybeSession(session): MaybeSession,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let Some(session) = session else {
        return Err(ApiError::unauthorized("sign in first: the personal channel is a signed-in person's"));
    };
    let ticket = ticket(&state, Some(&session), address)?;
    let account = session.account.id;
    Ok(limited(upgrade).on_upgrade(move |socket| follow_me(state, account, socket, ticket)))
}

/// The personal channel: the count at once, then, at each poke (a change
/// to one of the person's games, a notice kept here or on another
/// server), the notices since the last sent and the count if it changed.
async fn follow_me(state: AppState, account: AccountId, mut socket: WebSocket, mut ticket: Ticket) {
    let mut pokes = state.personal.subscribe(&account);
    let mut last = state.store.last_notice(account).await.unwrap_or(0);
    let mut count = match crate::notices::your_turn(&state, account).await {
        Ok(count) => count,
        Err(_) => return,
    };
    if !send(&mut socket, &arbiter_api::PersonalMessage::Counts { your_turn: count }).await {
        return;
    }
    let mut heartbeat = Heartbeat::new(state.settings.limits.socket_ping);
    loop {
        tokio::select! {
            ending = ticket.ended() => return close(socket, ending).await,
            _ = heartbeat.ticks.tick() => {
                if !heartbeat.alive() || socket.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
            }
            poke = pokes.recv() => {
                // Pokes that came meanwhile are answered by this look too;
                // one lost to a lagging channel means: look.
                let mut turns = Vec::new();
                let mut look = false;
                let mut next = Some(poke);
                while let Some(poke) = next.take() {
                    match poke {
                        Err(RecvError::Closed) => return,
                        Ok(crate::topics::Poke::Turn(notice)) => turns.push(notice),
                        Ok(crate::topics::Poke::Look) | Err(RecvError::Lagged(_)) => look = true,
                    }
                    next = match pokes.try_recv() {
                        Ok(poke) => Some(Ok(poke)),
                        Err(tokio::sync::broadcast::error::TryRecvError::Lagged(n)) => Some(Err(RecvError::Lagged(n))),
                        Err(_) => None,
                    };
                }
                let notices = if look { state.store.notices(account, last, None).await.unwrap_or_default() } else { Vec::new() };
                for notice in &notices {
                    last = notice.id;
                    let message = arbiter_api::PersonalMessage::Notice { notice: super::notices::view_of(notice) };
                    if !send(&mut socket, &message).await {
                        return;
                    }
                }
                for notice in turns {
                    let message = arbiter_api::PersonalMessage::Notice { notice: arbiter_api::NoticeView::clone(&notice) };
                    if !send(&mut socket, &message).await {
                        return;
                    }
                }
                if let Ok(now) = crate::notices::your_turn(&state, account).await
                    && now != count
                {
                    count = now;
                    if !send(&mut socket, &arbiter_api::PersonalMessage::Counts { your_turn: count }).await {
                        return;
                    }
                }
            }
            incoming = socket.recv() => {
                match incoming {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    _ => heartbeat.heard(),
                }
            }
        }
    }
}
