//! A game's key: the name the store and the server know a game by.

use std::fmt;

/// A game's key, chosen (at random) by the server.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameKey(pub String);

impl fmt::Display for GameKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
