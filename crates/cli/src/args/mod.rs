//! Arguments several commands share, flattened into each command's own.

mod game;
mod selfplay;

pub use game::{GameArgs, join_moves};
pub use selfplay::SelfPlayArgs;
