//! Players are seats, numbered from 0 in turn order.

use std::fmt;

/// A player's seat: 0 moves first. Games with up to 16 players fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index, for tables indexed by player.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The other seat of a two-player game.
    #[inline]
    pub const fn opponent(self) -> Seat {
        Seat(self.0 ^ 1)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A set of seats (winners of a game, players still in it), as a bit set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(pub u16);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set holding one seat.
    #[inline]
    pub const fn only(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// Whether the set holds `seat` (never a seat past the sixteenth,
    /// which no set can hold).
    #[inline]
    pub const fn contains(self, seat: Seat) -> bool {
        seat.0 < 16 && self.0 & (1 << seat.0) != 0
    }

    /// The set with `seat` added.
    #[inline]
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << seat.0))
    }

    /// Number of seats in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..16u8).filter(move |&i| self.0 & (1 << i) != 0).map(Seat)
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_sets_collect_and_iterate() {
        let set: SeatSet = [Seat(3), Seat(0), Seat(11)].into_iter().collect();
        assert_eq!(set.len(), 3);
        assert!(set.contains(Seat(11)));
        assert!(!set.contains(Seat(1)));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Seat(0), Seat(3), Seat(11)]);
        assert_eq!(Seat(0).opponent(), Seat(1));
    }

    #[test]
    fn no_set_holds_a_seat_past_the_sixteenth() {
        let all = SeatSet(u16::MAX);
        assert!(all.contains(Seat(15)));
        assert!(!all.contains(Seat(16)));
        assert!(!all.contains(Seat(255)));
    }
}
