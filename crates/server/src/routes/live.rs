//! The WebSockets: a game's (`/api/games/{id}/live`), which sends the view
//! at once and after every change, each shaped for its viewer, and takes
//! moves; and the lobby's (`/api/lobby/live`), which sends the open games.

use std::sync::Arc;

use arbiter_api::{ClientMessage, GameView, MoveRequest, ServerMessage};
use arbiter_store::{AccountId, GameFilter, GameKey, GameState};
use axum::Router;
use axum::extract::rejection::PathRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;
use tokio::sync::broadcast::error::RecvError;

use crate::auth::Caller;
use crate::change;
use crate::error::ApiError;
use crate::routes::games::make_move;
use crate::state::AppState;
use crate::table::Table;

/// The routes of the WebSockets.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/games/{id}/live", get(game_live)).route("/api/lobby/live", get(lobby_live))
}

/// The largest message a client may send.
const MAX_MESSAGE: usize = 16 * 1024;

/// What a socket reserves for reading: clients send small messages (a
/// move), and an idle spectator should cost little (the library's default
/// is 128 KiB a socket).
const READ_BUFFER: usize = 4 * 1024;

/// The limits every socket is opened with.
fn limited(upgrade: WebSocketUpgrade) -> WebSocketUpgrade {
    upgrade.max_message_size(MAX_MESSAGE).max_frame_size(MAX_MESSAGE).read_buffer_size(READ_BUFFER)
}

#[utoipa::path(get, path = "/api/games/{id}/live", tag = "live", params(("id" = String, Path, description = "the game")),
    responses((status = 101, description = "a WebSocket: {\"type\": \"view\", \"view\": …} at once and after every change; send {\"type\": \"move\", \"move\": …, \"ply\": n} to move"),
        (status = 404, body = arbiter_api::ErrorBody)))]
pub(crate) async fn game_live(
    State(state): State<AppState>,
    Caller(caller): Caller,
    path: Result<Path<String>, PathRejection>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let Path(id) = path?;
    let key = GameKey(id);
    let table = change::load(&state, &key).await?;
    let viewer = caller.map(|a| a.id);
    Ok(limited(upgrade).on_upgrade(move |socket| follow_game(state, key, viewer, table, socket)))
}

/// Sends `view` on the socket.
async fn send(socket: &mut WebSocket, message: &ServerMessage) -> bool {
    match serde_json::to_string(message) {
        Ok(text) => socket.send(Message::Text(text.into())).await.is_ok(),
        Err(_) => false,
    }
}

fn view_message(view: GameView) -> ServerMessage {
    ServerMessage::View { view: Box::new(view) }
}

async fn follow_game(
    state: AppState,
    key: GameKey,
    viewer: Option<AccountId>,
    table: Arc<Table>,
    mut socket: WebSocket,
) {
    let mut changes = state.hub.subscribe(&key);
    // Read again once listening: a change made since the upgrade was
    // asked for is not missed.
    let table = change::load(&state, &key).await.unwrap_or(table);
    let mut last = table.stored.version;
    if !send(&mut socket, &view_message(table.view(viewer))).await {
        return;
    }
    loop {
        tokio::select! {
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
                last = table.stored.version;
                if !send(&mut socket, &view_message(table.view(viewer))).await {
                    return;
                }
            }
            incoming = socket.recv() => {
                let Some(Ok(message)) = incoming else { return };
                let text = match message {
                    Message::Text(text) => text,
                    Message::Close(_) => return,
                    _ => continue,
                };
                if let Err(error) = client_message(&state, &key, viewer, text.as_str()).await {
                    let message = ServerMessage::Error { error: arbiter_api::ErrorDetail { code: error.code, message: error.message } };
                    if !send(&mut socket, &message).await {
                        return;
                    }
                }
            }
        }
    }
}

/// Handles a message a client sent on a game's socket.
async fn client_message(
    state: &AppState,
    key: &GameKey,
    viewer: Option<AccountId>,
    text: &str,
) -> Result<(), ApiError> {
    let message: ClientMessage =
        serde_json::from_str(text).map_err(|e| ApiError::malformed(format!("not a message this socket takes: {e}")))?;
    let Some(account) = viewer else {
        return Err(ApiError::unauthorized("sign in first: open the socket with your token"));
    };
    match message {
        ClientMessage::Move { mv, ply } => {
            make_move(state, key, account, MoveRequest { mv, ply }).await?;
            Ok(())
        }
    }
}

#[utoipa::path(get, path = "/api/lobby/live", tag = "live",
    responses((status = 101, description = "a WebSocket: {\"type\": \"lobby\", \"games\": [...]} at once and whenever the open games change")))]
pub(crate) async fn lobby_live(State(state): State<AppState>, upgrade: WebSocketUpgrade) -> Response {
    limited(upgrade).on_upgrade(move |socket| follow_lobby(state, socket))
}

async fn open_games(state: &AppState) -> ServerMessage {
    let filter = GameFilter { state: Some(GameState::Open), account: None, limit: 100 };
    let games = state.store.games(&filter).await.unwrap_or_default();
    ServerMessage::Lobby { games: games.into_iter().filter_map(|g| Table::load(g).ok()).map(|t| t.summary()).collect() }
}

async fn follow_lobby(state: AppState, mut socket: WebSocket) {
    let mut changes = state.hub.subscribe_lobby();
    let mut shown = open_games(&state).await;
    if !send(&mut socket, &shown).await {
        return;
    }
    loop {
        tokio::select! {
            change = changes.recv() => {
                if matches!(change, Err(RecvError::Closed)) {
                    return;
                }
                let now = open_games(&state).await;
                if now != shown {
                    shown = now;
                    if !send(&mut socket, &shown).await {
                        return;
                    }
                }
            }
            incoming = socket.recv() => {
                match incoming {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    _ => {}
                }
            }
        }
    }
}
