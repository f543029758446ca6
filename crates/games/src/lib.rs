//! The rules engines of Arbiter and their notation: one folder per game,
//! the registry that lists them, and the typed erased values the front
//! ends hold without knowing the game.

pub mod agog;
pub mod any;
pub mod ogama;
pub mod record;
mod registry;
pub mod sage;
pub mod scg;
#[cfg(feature = "test-game")]
pub mod tinycol;
mod typed;

pub use any::{Line, UnknownGame};
pub use registry::{AnyGame, AnyMove, AnyPlay, AnyReport, GameId, GameVisitor, RoundGame, TurnGame, TypeVisitor};
