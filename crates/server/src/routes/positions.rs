//! `POST /api/positions`: any position of any game, and moves played from
//! it, answered with the board, the legal moves as clicks and the status —
//! for rules pages, analysis and bots. No account is needed; each address
//! is limited.

use arbiter_api::{ErrorBody, Outcome, PositionRequest, PositionView, StatusView};
use arbiter_core::{LegalMove, MoveError};
use arbiter_games::{GameId, Line};
use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;

use crate::error::ApiError;
use crate::limits::{ClientAddress, check};
use crate::state::AppState;
use crate::table::read_options;

/// The most moves one request plays.
pub const MAX_MOVES: usize = 1000;

/// The longest position string taken.
const MAX_POSITION: usize = 4096;

#[utoipa::path(post, path = "/api/positions", request_body = PositionRequest, tag = "games",
    responses((status = 200, body = PositionView),
        (status = 400, description = "an unknown game, a bad option or position, a move that cannot be read", body = ErrorBody),
        (status = 422, description = "a move against the rules: the first, with the rule", body = ErrorBody),
        (status = 429, description = "too many positions asked for from this address; see Retry-After", body = ErrorBody)))]
pub(crate) async fn position(
    State(state): State<AppState>,
    address: ClientAddress,
    body: Result<Json<PositionRequest>, JsonRejection>,
) -> Result<Json<PositionView>, ApiError> {
    let Json(request) = body?;
    check(&state.guards.positions_per_address, &address.key(), "your address has asked for enough positions for now")?;
    if request.moves.len() > MAX_MOVES {
        return Err(ApiError::malformed(format!("'moves': at most {MAX_MOVES} moves a request")));
    }
    if request.position.as_ref().is_some_and(|p| p.len() > MAX_POSITION) {
        return Err(ApiError::malformed(format!("'position': at most {MAX_POSITION} characters")));
    }
    let view = tokio::task::spawn_blocking(move || answer(&request))
        .await
        .map_err(|e| ApiError::task_failed("reading the position", e))??;
    Ok(Json(view))
}

/// The position `request` names, after its moves.
pub fn answer(request: &PositionRequest) -> Result<PositionView, ApiError> {
    let game = GameId::parse(&request.game).map_err(|e| ApiError::malformed(format!("'game': {e}")))?;
    let options = read_options(game.info(), request.variant.as_deref(), request.options.as_ref())?;
    let start = game
        .setup(&options, request.position.as_deref(), |key| format!("options.{key}"))
        .map_err(|e| ApiError::malformed(e.to_string()))?;
    let mut line = Line::new(start);
    for (i, text) in request.moves.iter().enumerate() {
        line.play_text(text).map_err(|e| {
            let message = format!("move {} {e}", i + 1);
            match e {
                MoveError::Malformed { .. } => ApiError::malformed(message),
                _ => ApiError { rule: e.rule(), ..ApiError::illegal(message) },
            }
        })?;
    }
    let here = line.current();
    let board = match (line.positions().iter().rev().nth(1), line.moves().last()) {
        (Some(before), Some(mv)) => here.board_after(before, mv),
        _ => here.board_model(),
    };
    let status = line.status();
    let over = status.is_over();
    let legal: Vec<LegalMove> = if over { Vec::new() } else { here.legal_entries() };
    let label = |s| here.seat_label(s);
    Ok(PositionView {
        game: game.as_str().to_string(),
        position: here.position_string(),
        board,
        to_move: if over { Vec::new() } else { here.to_move().iter().map(label).collect() },
        legal,
        status: StatusView {
            state: if over { "over" } else { "ongoing" }.to_string(),
            outcome: Outcome::of(&status, label),
        },
    })
}
