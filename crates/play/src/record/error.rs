//! Why a record could not be read or does not replay.

use arbiter_core::{MoveError, OptionError, PositionError, SetupError};
use arbiter_games::UnknownGame;
use arbiter_games::record::SyntaxError;
use thiserror::Error;

/// A record that could not be read, or whose moves, result or position do
/// not hold. Every message names the offending token.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The text does not follow the record syntax.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// No `Game` tag.
    #[error("'Game': a record needs a [Game \"...\"] tag")]
    NoGame,
    /// The `Game` tag names no registered game.
    #[error(transparent)]
    UnknownGame(#[from] UnknownGame),
    /// An option or the start position is refused.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A move is malformed, illegal, or comes after the end.
    #[error("'{}': move {number} ({text}): {}", error.token(), error.reason())]
    Move {
        /// The move's number (a full turn, or a round).
        number: usize,
        /// The move as written.
        text: String,
        /// What is wrong with it.
        error: MoveError,
    },
    /// A move after the game ended.
    #[error("'{text}': move {number}: the game is already over")]
    AfterEnd {
        /// The move's number.
        number: usize,
        /// The move as written.
        text: String,
    },
    /// A result, a result tag or a seat that does not fit the game.
    #[error("'{token}': {reason}")]
    Mismatch {
        /// The offending token.
        token: String,
        /// What is wrong.
        reason: String,
    },
    /// A game file that is not valid JSON of a record, or not one this
    /// program reads.
    #[error("'{token}': not a valid game file: {reason}")]
    File {
        /// The offending token (`JSON`, a format number, a field).
        token: String,
        /// What is wrong.
        reason: String,
    },
}

impl RecordError {
    /// An error about `token`.
    pub fn mismatch(token: impl Into<String>, reason: impl Into<String>) -> RecordError {
        RecordError::Mismatch { token: token.into(), reason: reason.into() }
    }

    /// The offending token.
    pub fn token(&self) -> String {
        match self {
            RecordError::Syntax(e) => e.token.clone(),
            RecordError::NoGame => "Game".into(),
            RecordError::UnknownGame(e) => e.token.clone(),
            RecordError::Setup(e) => e.token().to_string(),
            RecordError::Move { error, .. } => error.token().to_string(),
            RecordError::AfterEnd { text, .. } => text.clone(),
            RecordError::Mismatch { token, .. } | RecordError::File { token, .. } => token.clone(),
        }
    }

    /// The same error as a game file's: `'token': not a valid game file:
    /// reason`.
    pub fn in_file(self) -> RecordError {
        match self {
            RecordError::File { .. } => self,
            other => {
                let token = other.token();
                let full = other.to_string();
                let prefix = format!("'{token}': ");
                let reason = full.strip_prefix(&prefix).unwrap_or(&full).to_string();
                RecordError::File { token, reason }
            }
        }
    }
}

impl From<OptionError> for RecordError {
    fn from(e: OptionError) -> RecordError {
        RecordError::Setup(e.into())
    }
}

impl From<PositionError> for RecordError {
    fn from(e: PositionError) -> RecordError {
        RecordError::Setup(e.into())
    }
}
