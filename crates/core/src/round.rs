//! A round of a simultaneous game: at most one play per seat.

use crate::seat::{Seat, SeatSet};

/// The most seats a game can have (a [`SeatSet`] holds 16).
pub const MAX_SEATS: usize = 16;

/// The plays of one round, at most one per seat, kept in seat order. A
/// seat without a play made no valid play. Small and copyable, like a
/// move of a turn-based game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Round<P: Copy> {
    plays: [Option<P>; MAX_SEATS],
}

impl<P: Copy> Default for Round<P> {
    fn default() -> Self {
        Round { plays: [None; MAX_SEATS] }
    }
}

impl<P: Copy> Round<P> {
    /// A round in which nobody has played.
    pub fn new() -> Round<P> {
        Round::default()
    }

    /// The round with `seat`'s play set to `play` (replacing an earlier
    /// one).
    pub fn with(mut self, seat: Seat, play: P) -> Round<P> {
        self.set(seat, Some(play));
        self
    }

    /// Sets (or, with `None`, clears) `seat`'s play.
    pub fn set(&mut self, seat: Seat, play: Option<P>) {
        self.plays[seat.index()] = play;
    }

    /// `seat`'s play, if it made one.
    pub fn get(&self, seat: Seat) -> Option<P> {
        self.plays.get(seat.index()).copied().flatten()
    }

    /// The plays in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, P)> + '_ {
        self.plays.iter().enumerate().filter_map(|(i, p)| p.map(|p| (Seat(i as u8), p)))
    }

    /// The plays in seat order, as pairs.
    pub fn to_pairs(&self) -> Vec<(Seat, P)> {
        self.iter().collect()
    }

    /// The seats that played.
    pub fn seats(&self) -> SeatSet {
        self.iter().map(|(s, _)| s).collect()
    }

    /// Number of plays.
    pub fn len(&self) -> usize {
        self.plays.iter().filter(|p| p.is_some()).count()
    }

    /// Whether nobody played.
    pub fn is_empty(&self) -> bool {
        self.plays.iter().all(Option::is_none)
    }
}

impl<P: Copy> FromIterator<(Seat, P)> for Round<P> {
    /// A round from `(seat, play)` pairs; a later play of a seat replaces
    /// an earlier one.
    fn from_iter<I: IntoIterator<Item = (Seat, P)>>(iter: I) -> Self {
        iter.into_iter().fold(Round::new(), |r, (s, p)| r.with(s, p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_are_kept_in_seat_order_one_per_seat() {
        let round: Round<u8> = [(Seat(3), 7), (Seat(0), 1), (Seat(3), 9)].into_iter().collect();
        assert_eq!(round.to_pairs(), vec![(Seat(0), 1), (Seat(3), 9)]);
        assert_eq!((round.len(), round.get(Seat(1)), round.seats()), (2, None, SeatSet(0b1001)));
        assert!(Round::<u8>::new().is_empty());
    }
}
