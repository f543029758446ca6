//! Whether a game goes on, and how it ended.

use crate::seat::{Seat, SeatSet};

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winners: one seat, several for a shared win, none for a draw.
    pub winners: SeatSet,
    /// The rule that ended the game, as a short lower-case word used in
    /// text and JSON output (`capture`, `sanctum`, `immobilization`, …).
    pub reason: &'static str,
}

impl Outcome {
    /// A single winner.
    pub const fn win(seat: Seat, reason: &'static str) -> Outcome {
        Outcome { winners: SeatSet::only(seat), reason }
    }

    /// A draw.
    pub const fn draw(reason: &'static str) -> Outcome {
        Outcome { winners: SeatSet::EMPTY, reason }
    }

    /// Whether nobody won.
    pub const fn is_draw(&self) -> bool {
        self.winners.is_empty()
    }
}

/// The state of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The game is over.
    Over(Outcome),
}

impl Status {
    /// Whether the game is over.
    pub const fn is_over(&self) -> bool {
        matches!(self, Status::Over(_))
    }

    /// The outcome, when the game is over.
    pub const fn outcome(&self) -> Option<Outcome> {
        match self {
            Status::Ongoing => None,
            Status::Over(o) => Some(*o),
        }
    }
}
