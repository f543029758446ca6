//! The computer's moves and plays, through the AI, seeded in one way for
//! every front end: a game's seed, and for a game of rounds the round's
//! number, so that a computer seat plays the same in a replayed game.

use arbiter_ai::choose::{GoParams, choose};
use arbiter_ai::choose_play_for;
use arbiter_core::Seat;
use arbiter_games::{AnyGame, AnyMove, AnyPlay, Line};

/// The computer's search for a move or play at `level`, with an optional
/// cap on its time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Thinking {
    /// A time cap on each move, in milliseconds (the move then depends on
    /// the machine's speed).
    pub movetime_ms: Option<u64>,
}

impl Thinking {
    /// The search parameters of `level` with `seed`.
    pub fn params(&self, level: u8, seed: u64) -> GoParams {
        GoParams { level: Some(level), movetime_ms: self.movetime_ms, seed: Some(seed), ..GoParams::default() }
    }
}

/// The seed of the computer's choices in round `round` of a game seeded
/// with `seed`.
pub fn round_seed(seed: u64, round: u32) -> u64 {
    seed ^ u64::from(round).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The computer's move after the positions of `line`, at `level`, or
/// `None` when the game is over.
pub fn choose_move(line: &Line, level: u8, seed: u64, thinking: Thinking) -> Option<AnyMove> {
    choose(line, &thinking.params(level, seed)).map(|c| c.mv)
}

/// The computer's play for `seat` in round `round`, at `level`, or `None`
/// when the seat may not play. It sees the grid only, never the plays
/// already received.
pub fn choose_play(position: &AnyGame, seat: Seat, level: u8, seed: u64, round: u32) -> Option<AnyPlay> {
    choose_play_for(position, seat, &GoParams { seed: Some(round_seed(seed, round)), ..GoParams::level(level) })
        .map(|c| c.play)
}
