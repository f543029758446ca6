//! Search for every Arbiter game, generic over the core game model.
//!
//! - [`alphabeta`]: negamax alpha-beta with iterative deepening, a
//!   transposition table on the position hash, move ordering and a
//!   quiescence search over the moves a game calls noisy.
//! - [`mcts`]: Monte Carlo tree search (UCT) with random or heuristic
//!   playouts, for any number of players.
//! - [`choose`]: a move for any turn-based game from the engine protocol's
//!   `go` parameters; [`scg`]: the plays of a simultaneous game's bots.
//! - [`arena`], [`analysis`], [`stats`]: self-play matches and what they
//!   say.
//!
//! Searches stop on node, depth or time limits and are deterministic for
//! a given seed and a node or playout budget.

pub mod agog;
pub mod alphabeta;
pub mod analysis;
pub mod arena;
pub mod choose;
pub mod eval;
pub mod levels;
pub mod limits;
pub mod mcts;
pub mod ogama;
mod player;
pub mod sage;
pub mod scg;
pub mod stats;
mod tt;

pub use eval::{Evaluator, Neutral};
pub use limits::Limits;
/// The play a bot makes in any game of rounds (its own search where the
/// game has one, uniformly at random otherwise).
pub use scg::choose_play_for;
