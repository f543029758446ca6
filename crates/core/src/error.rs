//! The one error type of the text interface.

use std::fmt;

/// A text input that could not be read or is not legal: names the offending
/// token and says what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    /// The offending part of the input, exactly as given.
    pub token: String,
    /// What is wrong with it, in one line.
    pub reason: String,
}

impl TextError {
    /// An error about `token`.
    pub fn new(token: impl Into<String>, reason: impl Into<String>) -> TextError {
        TextError { token: token.into(), reason: reason.into() }
    }
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}': {}", self.token, self.reason)
    }
}

impl std::error::Error for TextError {}
