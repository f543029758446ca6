//! The move type.

use super::board::{NO_SQUARE, Square};

/// Longest capture sequence a move can hold. A side never has more than 21
/// units (20 golem checkers and the journeyman), and no unit is jumped twice.
pub const MAX_JUMPS: usize = 24;

/// One A•G•O•G move: a quiet move, or a capture sequence with a
/// capture-or-corrupt choice per jump, and when it ends on the enemy sanctum
/// the golem the arriving unit is stacked on (or none: removed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AgogMove {
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) jumps: u8,
    pub(crate) promote: Square,
    pub(crate) corrupt: u32,
    pub(crate) path: [Square; MAX_JUMPS],
}

impl AgogMove {
    /// A quiet move.
    pub(crate) const fn quiet(from: Square, to: Square) -> AgogMove {
        AgogMove { from, to, jumps: 0, promote: NO_SQUARE, corrupt: 0, path: [0; MAX_JUMPS] }
    }

    /// The square the unit starts on.
    pub const fn from(&self) -> Square {
        self.from
    }

    /// The square the unit ends on.
    pub const fn to(&self) -> Square {
        self.to
    }

    /// Whether the move jumps at least one unit.
    pub const fn is_capture(&self) -> bool {
        self.jumps > 0
    }

    /// The landing square of each jump, in order (empty for a quiet move).
    pub fn landings(&self) -> &[Square] {
        &self.path[..self.jumps as usize]
    }

    /// Whether jump `i` corrupts the jumped unit instead of capturing it.
    pub const fn corrupts(&self, i: usize) -> bool {
        self.corrupt & (1 << i) != 0
    }

    /// Number of corrupting jumps.
    pub const fn corruptions(&self) -> u32 {
        self.corrupt.count_ones()
    }

    /// The square of the golem the arriving unit is stacked on, when the
    /// move ends on the enemy sanctum and makes a hulk there.
    pub const fn promotion(&self) -> Option<Square> {
        if self.promote == NO_SQUARE { None } else { Some(self.promote) }
    }
}
