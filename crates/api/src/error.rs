//! The error body: `{"error": {"code": "…", "message": "…"}}`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What kind of refusal an error is; each has its HTTP status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// 400: the request is malformed (JSON, a field, a value).
    Malformed,
    /// 401: not signed in, or a wrong name or password.
    Unauthorized,
    /// 403: not the caller's to do (another player's seat).
    Forbidden,
    /// 404: no such game, account or path.
    NotFound,
    /// 409: stale or conflicting (a move for an old ply, a seat taken, a
    /// name taken).
    Conflict,
    /// 413: the body is too large.
    TooLarge,
    /// 422: the move or play breaks a rule; the message says which.
    Illegal,
    /// 429: too many requests; try again later.
    TooManyRequests,
    /// 500: the server failed at its own work (a fault, never the
    /// request's); the message carries an id that is also in its log.
    Internal,
    /// 503: the database does not answer, or cannot store (its disk is
    /// full); `Retry-After` says when to try again.
    Unavailable,
    /// 500: the game's stored record is damaged (altered outside the
    /// server): it cannot be shown or played on until an operator repairs
    /// it (`arbiter admin damaged` lists such games). No other game is
    /// affected.
    Damaged,
}

impl ErrorCode {
    /// The HTTP status of this kind of error.
    pub fn status(self) -> u16 {
        match self {
            ErrorCode::Malformed => 400,
            ErrorCode::Unauthorized => 401,
            ErrorCode::Forbidden => 403,
            ErrorCode::NotFound => 404,
            ErrorCode::Conflict => 409,
            ErrorCode::TooLarge => 413,
            ErrorCode::Illegal => 422,
            ErrorCode::TooManyRequests => 429,
            ErrorCode::Internal => 500,
            ErrorCode::Unavailable => 503,
            ErrorCode::Damaged => 500,
        }
    }
}

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ErrorDetail {
    /// The kind of error.
    pub code: ErrorCode,
    /// What is wrong, naming the offending token.
    pub message: String,
    /// For a move the rules refuse (422): the code of the rule it breaks
    /// (`agog.capture.longest`), listed with its rules section in the
    /// game's catalog entry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}

/// Every error answer's body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ErrorBody {
    /// The error.
    pub error: ErrorDetail,
}

impl ErrorBody {
    /// An error of `code` saying `message`.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ErrorBody {
        ErrorBody { error: ErrorDetail { code, message: message.into(), rule: None } }
    }

    /// The same error, naming the rule a refused move breaks.
    pub fn with_rule(mut self, rule: Option<&str>) -> ErrorBody {
        self.error.rule = rule.map(str::to_string);
        self
    }
}
