//! Vocabulary shared by every Arbiter game.
//!
//! A game is a position type implementing [`Game`] (typed, allocation-free in
//! search) and [`Notation`] (text in, text out). Simultaneous games, where
//! every remaining player acts in the same round, implement
//! [`SimultaneousGame`] instead of pretending to take turns.
//!
//! Nothing here does I/O: the command line, the AI and the server build on
//! these traits.

mod error;
mod game;
mod history;
mod playout;
mod seat;
mod simultaneous;
mod status;
mod zobrist;

pub mod conformance;

pub use error::TextError;
pub use game::{Game, Notation};
pub use history::History;
pub use playout::{perft, perft_divide, random_playout};
pub use seat::{Seat, SeatSet};
pub use simultaneous::{SimultaneousGame, SimultaneousNotation};
pub use status::{Outcome, Status};
pub use zobrist::{splitmix64, zobrist_keys};
