//! A registered game's identifier in text, and starting a game of it.

use std::fmt;

use arbiter_core::{GameOptions, SetupError};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::registry::{AnyGame, GameId, RoundGame, TurnGame, TypeVisitor};

/// A game identifier that names no registered game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{token}': unknown game; known games: {known}")]
pub struct UnknownGame {
    /// The identifier given.
    pub token: String,
    /// The known identifiers, joined by commas.
    pub known: String,
}

impl GameId {
    /// The identifier in text (`agog`).
    pub fn as_str(self) -> &'static str {
        self.info().id
    }

    /// Reads a game identifier.
    pub fn parse(text: &str) -> Result<GameId, UnknownGame> {
        GameId::ALL.iter().copied().find(|g| g.as_str() == text).ok_or_else(|| UnknownGame {
            token: text.to_string(),
            known: GameId::ALL.iter().map(|g| g.as_str()).collect::<Vec<_>>().join(", "),
        })
    }

    /// A game under `options`, from its start or from `position`. The
    /// options are checked against the game first, errors naming each
    /// option as `named` writes its key (`--seed` on the command line).
    pub fn setup(
        self,
        options: &GameOptions,
        position: Option<&str>,
        named: impl Fn(&str) -> String,
    ) -> Result<AnyGame, SetupError> {
        let options = options.check(self.info(), position.is_some(), named)?;
        self.visit_type(Start { options: &options, position })
    }

    /// As [`GameId::setup`], naming options by their keys.
    pub fn start(self, options: &GameOptions, position: Option<&str>) -> Result<AnyGame, SetupError> {
        self.setup(options, position, str::to_string)
    }
}

/// Builds a game's start position, or reads a position, under checked
/// options.
struct Start<'a> {
    options: &'a GameOptions,
    position: Option<&'a str>,
}

impl TypeVisitor for Start<'_> {
    type Output = Result<AnyGame, SetupError>;

    fn turns<G: TurnGame>(self) -> Self::Output {
        let config = G::configure(self.options)?;
        Ok(match self.position {
            Some(text) => G::parse_position(text, &config)?,
            None => G::start(&config),
        }
        .into_any())
    }

    fn rounds<G: RoundGame>(self) -> Self::Output {
        let config = G::configure(self.options)?;
        Ok(match self.position {
            Some(text) => G::parse_position(text, &config)?,
            None => G::start(&config),
        }
        .into_any())
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for GameId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for GameId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameId, D::Error> {
        let text = String::deserialize(deserializer)?;
        GameId::parse(&text).map_err(serde::de::Error::custom)
    }
}
