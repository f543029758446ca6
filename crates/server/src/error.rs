//! One error type for every refusal, and the one place that gives each its
//! HTTP status: `{"error": {"code": "…", "message": "…"}}`.

use arbiter_api::{ErrorBody, ErrorCode};
use arbiter_core::MoveError;
use arbiter_play::PlayError;
use arbiter_store::StoreError;
use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// A request refused, with what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// The kind of refusal (its status).
    pub code: ErrorCode,
    /// What is wrong, naming the offending token.
    pub message: String,
    /// For a 429, or a 503 while the database does not answer: seconds
    /// to wait before trying again (`Retry-After`).
    pub retry_after: Option<u64>,
    /// For a move the rules refuse: the code of the rule it breaks.
    pub rule: Option<&'static str>,
}

impl ApiError {
    /// An error of `code` saying `message`.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError { code, message: message.into(), retry_after: None, rule: None }
    }

    /// The error, answered with `Retry-After: seconds`.
    pub fn retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds);
        self
    }

    /// 400: malformed.
    pub fn malformed(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::Malformed, message)
    }

    /// 401: not signed in.
    pub fn unauthorized(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::Unauthorized, message)
    }

    /// 403: not the caller's to do.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::Forbidden, message)
    }

    /// 404: unknown.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::NotFound, message)
    }

    /// 409: stale or conflicting.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::Conflict, message)
    }

    /// 500: a fault of the server's own (a task that panicked): logged
    /// with an id the answer repeats, so that a report can be matched to
    /// the log.
    pub fn internal(what: &str) -> ApiError {
        let id = error_id();
        tracing::error!(id = %id, what, "internal error");
        ApiError::new(ErrorCode::Internal, format!("the server failed at {what}; the error's id is {id}"))
    }

    /// 500 for a blocking task that did not finish (it panicked).
    pub fn task_failed(what: &str, e: tokio::task::JoinError) -> ApiError {
        let id = error_id();
        tracing::error!(id = %id, what, error = %e, "a task failed");
        ApiError::new(ErrorCode::Internal, format!("the server failed at {what}; the error's id is {id}"))
    }

    /// 422: against the rules.
    pub fn illegal(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::Illegal, message)
    }
}

/// A short random id for an internal error: ten hex digits, in the answer
/// and in the log.
fn error_id() -> String {
    use argon2::password_hash::rand_core::{OsRng, RngCore};
    let mut bytes = [0u8; 5];
    OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.code.status()).unwrap_or(StatusCode::BAD_REQUEST);
        if status.is_server_error() {
            tracing::warn!(code = ?self.code, message = %self.message, "request failed");
        }
        let body = ErrorBody::new(self.code, self.message).with_rule(self.rule);
        let mut response = (status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

/// Seconds a client is asked to wait (`Retry-After`) when the database
/// did not answer: about what a restart of PostgreSQL takes.
pub const DATABASE_RETRY_AFTER: u64 = 2;

/// Seconds a client is asked to wait (`Retry-After`) when the database's
/// disk is full: an operator must free space first.
pub const DISK_FULL_RETRY_AFTER: u64 = 30;

/// What a player is told of a game whose stored record is damaged.
fn damaged_message(reason: &dyn std::fmt::Display) -> String {
    format!(
        "this game's stored record is damaged ({reason}), so it cannot be shown or played on \
         until the site's operator repairs it; no other game is affected"
    )
}

impl ApiError {
    /// 500 `damaged`: the game `key`'s stored record is damaged (`reason`),
    /// logged for the operator (`arbiter admin damaged` lists such games).
    pub fn damaged(key: &arbiter_store::GameKey, reason: &dyn std::fmt::Display) -> ApiError {
        tracing::error!(game = %key, error = %reason, "a stored game is damaged");
        ApiError::new(ErrorCode::Damaged, damaged_message(reason))
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::NameTaken { .. } | StoreError::Stale { .. } | StoreError::SeatTaken { .. } => {
                ApiError::conflict(e.to_string())
            }
            StoreError::NotFound { .. } => ApiError::not_found(e.to_string()),
            // Until one of the games ends: no time can be told.
            StoreError::TooManyGames { .. } => {
                ApiError::new(ErrorCode::TooManyRequests, e.to_string()).retry_after(3600)
            }
            StoreError::Record { key, reason } => ApiError::damaged(&key, &reason),
            full if full.is_disk_full() => {
                tracing::error!(error = %full, "the database's disk is full");
                ApiError::new(
                    ErrorCode::Unavailable,
                    "the server's disk is full, so nothing can be stored now; what you see is kept, and play goes on once space is freed",
                )
                .retry_after(DISK_FULL_RETRY_AFTER)
            }
            other => {
                tracing::error!(error = %other, "database");
                ApiError::new(ErrorCode::Unavailable, "the database did not answer; try again")
                    .retry_after(DATABASE_RETRY_AFTER)
            }
        }
    }
}

impl From<PlayError> for ApiError {
    fn from(e: PlayError) -> ApiError {
        match e {
            PlayError::Setup(_) | PlayError::Seats { .. } => ApiError::malformed(e.to_string()),
            PlayError::NotYourTurn { .. } | PlayError::ComputerSeat { .. } => ApiError::forbidden(e.to_string()),
            PlayError::Record(_) => {
                tracing::error!(error = %e, "a stored game does not replay");
                ApiError::new(ErrorCode::Damaged, damaged_message(&e))
            }
            PlayError::Move(MoveError::Malformed { .. }) => ApiError::malformed(e.to_string()),
            _ => {
                let rule = e.rule();
                ApiError { rule, ..ApiError::illegal(e.to_string()) }
            }
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(e: JsonRejection) -> ApiError {
        match e {
            JsonRejection::BytesRejection(b) if b.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError::new(ErrorCode::TooLarge, "the body is too large")
            }
            other => ApiError::malformed(other.body_text()),
        }
    }
}

impl From<PathRejection> for ApiError {
    fn from(e: PathRejection) -> ApiError {
        ApiError::malformed(e.body_text())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(e: QueryRejection) -> ApiError {
        ApiError::malformed(e.body_text())
    }
}
