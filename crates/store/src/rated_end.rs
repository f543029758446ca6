//! A rated game that a change ends, as the change carries it to the
//! store: who is rated and how they finished ([`crate::ratings`] rates
//! them in the change's transaction).

use crate::accounts::AccountId;

/// A rated game that a change ends: who is rated and how they finished.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedEnd {
    /// The pool the game counts in (`agog`, `agog/classic`…).
    pub pool: String,
    /// Every seat held by an account, in seat order.
    pub seats: Vec<RatedSeat>,
}

/// One rated seat of a game that ends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedSeat {
    /// The seat.
    pub seat: u8,
    /// The account holding it.
    pub account: AccountId,
    /// Where it finished: a greater number finished better, equal tied.
    pub place: u32,
    /// The seat's edge in Elo from a handicap.
    pub edge: f64,
}
