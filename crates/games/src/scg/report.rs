//! What the referee says about a round: what became of each play, who was
//! doomed and why, who remains, who won.

use arbiter_core::{Outcome, Seat, SeatSet};

use super::grid::Square;

/// What became of a play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// The only play on its square: the player's letter is placed there.
    Placed,
    /// Several players played the square: it holds `@`. The set is every
    /// player who played it (this one included).
    Collided(SeatSet),
}

/// One valid play of the round and what became of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayResult {
    /// Who played.
    pub seat: Seat,
    /// Where.
    pub square: Square,
    /// What became of it.
    pub fate: Fate,
}

/// A player doomed at the end of the round, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Doom {
    /// The player.
    pub seat: Seat,
    /// The player made no valid play this round.
    pub no_play: bool,
    /// The first square of each of the player's groups left without
    /// liberty, in increasing order (empty if none).
    pub airless: Vec<Square>,
    /// The player's letters on the grid just before they became `@`.
    pub letters: u32,
}

/// The referee's account of one round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundReport {
    /// The valid plays in seat order, with their fates.
    pub plays: Vec<PlayResult>,
    /// Players in the game who made no valid play.
    pub silent: SeatSet,
    /// The doomed players in seat order.
    pub doomed: Vec<Doom>,
    /// The players still in the game after the round.
    pub remaining: SeatSet,
    /// How the game ended, if this round ended it.
    pub outcome: Option<Outcome>,
}

impl RoundReport {
    /// The doom of a seat, if it was doomed this round.
    pub fn doom_of(&self, seat: Seat) -> Option<&Doom> {
        self.doomed.iter().find(|d| d.seat == seat)
    }

    /// The doomed players as a set.
    pub fn doomed_set(&self) -> SeatSet {
        self.doomed.iter().map(|d| d.seat).collect()
    }
}
