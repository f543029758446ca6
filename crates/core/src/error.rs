//! The errors of the text interface: each names the offending part of the
//! input, exactly as given, and says what is wrong with it in one line
//! (`'e2-e5': …`).

use thiserror::Error;

/// A position string that could not be read, or that is not a position of
/// the game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The text is not in the game's position syntax (fields, ranks,
    /// letters).
    #[error("'{token}': {reason}")]
    Malformed {
        /// The offending part of the input.
        token: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The text reads, but the rules do not allow the position it
    /// describes (two journeymen, a letter of a player not in the game).
    #[error("'{token}': {reason}")]
    Invalid {
        /// The offending part of the input.
        token: String,
        /// What is wrong with it.
        reason: String,
    },
}

impl PositionError {
    /// A syntax error about `token`.
    pub fn malformed(token: impl Into<String>, reason: impl Into<String>) -> PositionError {
        PositionError::Malformed { token: token.into(), reason: reason.into() }
    }

    /// A rules error about `token`.
    pub fn invalid(token: impl Into<String>, reason: impl Into<String>) -> PositionError {
        PositionError::Invalid { token: token.into(), reason: reason.into() }
    }

    /// The offending part of the input.
    pub fn token(&self) -> &str {
        match self {
            PositionError::Malformed { token, .. } | PositionError::Invalid { token, .. } => token,
        }
    }

    /// What is wrong, without the token.
    pub fn reason(&self) -> &str {
        match self {
            PositionError::Malformed { reason, .. } | PositionError::Invalid { reason, .. } => reason,
        }
    }
}

/// A move (or a play, or a round) that could not be read or may not be
/// made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move in the game's notation.
    #[error("'{token}': {reason}")]
    Malformed {
        /// The offending part of the input.
        token: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The move is understood but the rules do not allow it here; the
    /// reason explains the rule, as a player would.
    #[error("'{token}': {reason}")]
    Illegal {
        /// The move as given.
        token: String,
        /// Why it may not be made.
        reason: String,
        /// The code of the rule it breaks (`agog.capture.longest`), one
        /// of the game's [`crate::RefusalInfo`]s: stable across releases
        /// and wordings, so front ends key on it, never on the words.
        rule: &'static str,
    },
    /// The game is over: no move may be made.
    #[error("'{token}': the game is over")]
    GameOver {
        /// The move as given.
        token: String,
    },
    /// A move of another game than the position's.
    #[error("'{token}': not a move of {game}")]
    OtherGame {
        /// The move as the other game writes it.
        token: String,
        /// The game of the position.
        game: &'static str,
    },
}

impl MoveError {
    /// A syntax error about `token`.
    pub fn malformed(token: impl Into<String>, reason: impl Into<String>) -> MoveError {
        MoveError::Malformed { token: token.into(), reason: reason.into() }
    }

    /// A rules error about `token`: it breaks `rule`, for the reason
    /// given.
    pub fn illegal(token: impl Into<String>, rule: &crate::RefusalInfo, reason: impl Into<String>) -> MoveError {
        MoveError::Illegal { token: token.into(), reason: reason.into(), rule: rule.code }
    }

    /// The code of the rule an illegal move breaks (`agog.capture.longest`);
    /// `None` for the other kinds of error.
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            MoveError::Illegal { rule, .. } => Some(rule),
            _ => None,
        }
    }

    /// The offending part of the input.
    pub fn token(&self) -> &str {
        match self {
            MoveError::Malformed { token, .. }
            | MoveError::Illegal { token, .. }
            | MoveError::GameOver { token }
            | MoveError::OtherGame { token, .. } => token,
        }
    }

    /// What is wrong, without the token.
    pub fn reason(&self) -> String {
        match self {
            MoveError::Malformed { reason, .. } | MoveError::Illegal { reason, .. } => reason.clone(),
            MoveError::GameOver { .. } => "the game is over".into(),
            MoveError::OtherGame { game, .. } => format!("not a move of {game}"),
        }
    }

    /// The same error about another token (a play inside a round names
    /// the whole play), with the same reason and kind.
    pub fn about(self, token: impl Into<String>) -> MoveError {
        let token = token.into();
        match self {
            MoveError::Malformed { reason, .. } => MoveError::Malformed { token, reason },
            MoveError::Illegal { reason, rule, .. } => MoveError::Illegal { token, reason, rule },
            MoveError::GameOver { .. } => MoveError::GameOver { token },
            MoveError::OtherGame { game, .. } => MoveError::OtherGame { token, game },
        }
    }
}

/// An option that does not apply to the game, or a value it does not
/// take. `option` is the option as the user wrote it (`--seed`, `seed`,
/// `Seed`) or the value refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{option}': {reason}")]
pub struct OptionError {
    /// The offending option or value, as given.
    pub option: String,
    /// What is wrong with it.
    pub reason: String,
}

impl OptionError {
    /// An error about `option`.
    pub fn new(option: impl Into<String>, reason: impl Into<String>) -> OptionError {
        OptionError { option: option.into(), reason: reason.into() }
    }
}

/// A game that could not be set up: a bad option, or a bad position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// An option does not apply, or has a bad value.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// The start position given is not a position of the game.
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl SetupError {
    /// The offending part of the input.
    pub fn token(&self) -> &str {
        match self {
            SetupError::Option(e) => &e.option,
            SetupError::Position(e) => e.token(),
        }
    }
}
