//! Every game behind one set of types, typed all the way through: a
//! position ([`AnyGame`](crate::AnyGame)), a move
//! ([`AnyMove`](crate::AnyMove)), one player's play in a round
//! ([`AnyPlay`](crate::AnyPlay)), a round's report
//! ([`AnyReport`](crate::AnyReport)), and a game as played ([`Line`]).
//! The registry (`crate::registry`) makes the enums and the conversions;
//! this module gives them what front ends ask of a game.

mod board;
mod game;
mod id;
mod line;
mod rounds;

pub use id::UnknownGame;
pub use line::Line;
