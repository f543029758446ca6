//! The move type.

use super::board::Square;

/// One Ogama move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OgamaMove {
    /// The side to move puts its toad on a square (`T@c3`).
    Place(Square),
    /// The toad steps to a neighbouring square (`Tc3-d4`).
    Toad(Square, Square),
    /// The top disc of a square travels to another (`c3-d5`).
    Disc(Square, Square),
    /// No legal move: the turn passes (`pass`).
    Pass,
}
