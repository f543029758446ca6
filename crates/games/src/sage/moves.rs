//! The move type.

use super::board::Square;

/// Which end of the river a piece leaves the board past.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// Past a5 (`-W`).
    West,
    /// Past h5 (`-E`).
    East,
}

impl End {
    /// The letter in long moves: `W` or `E`.
    pub const fn letter(self) -> char {
        match self {
            End::West => 'W',
            End::East => 'E',
        }
    }
}

/// One Sage Tafl move. A move is identified by its origin and destination:
/// a skyship's two paths to one square are one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SageMove {
    /// A piece goes from one square to another: a Sage's step or hop, an
    /// apprentice's slide, river step or hop, a skyship's flight
    /// (`c2-c4`).
    Step(Square, Square),
    /// The Sage comes out of her tower onto a square (`T-d2`).
    Tower(Square),
    /// A piece in the river leaves the board past an end (`c5-W`).
    Escape(Square, End),
    /// No other move is legal: the turn passes (`pass`).
    Pass,
}
