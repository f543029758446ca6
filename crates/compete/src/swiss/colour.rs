//! Colours (seats) in the Dutch system: what colour a player is due, how
//! strongly, and which player of a pair gets the first seat.

/// A seat at a two-player game: the first (white, the first to move) or
/// the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// The first seat (white).
    First,
    /// The second seat (black).
    Second,
}

impl Seat {
    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

/// How much a player needs the colour they are due (weakest first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Strength {
    /// No colour played yet.
    None,
    /// Colours balanced: the colour alternating from the last game.
    Mild,
    /// One colour played once more than the other.
    Strong,
    /// One colour played twice more, or in each of the last two games:
    /// the other colour would take the difference past ±2 or give a third
    /// in a row.
    Absolute,
}

/// The colour a player is due and how much.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Preference {
    /// The colour due; `None` before a first game.
    pub(crate) due: Option<Seat>,
    /// How much they need it.
    pub(crate) strength: Strength,
    /// First seats less second seats.
    pub(crate) difference: i32,
    /// Whether the difference alone makes the preference absolute
    /// (another game in the same colour would take it past ±2).
    pub(crate) at_limit: bool,
}

/// First seats less second seats.
pub(crate) fn difference(colours: &[Seat]) -> i32 {
    colours.iter().map(|c| if *c == Seat::First { 1 } else { -1 }).sum()
}

/// The colour a player with this history (oldest game first) is due.
pub(crate) fn preference(colours: &[Seat]) -> Preference {
    let difference = difference(colours);
    let toward_balance = if difference > 0 { Seat::Second } else { Seat::First };
    let last_two = match colours {
        [.., a, b] if a == b => Some(b.other()),
        _ => None,
    };
    let (due, strength) = if difference.abs() >= 2 {
        (Some(toward_balance), Strength::Absolute)
    } else if let Some(seat) = last_two {
        (Some(seat), Strength::Absolute)
    } else if difference != 0 {
        (Some(toward_balance), Strength::Strong)
    } else if let Some(last) = colours.last() {
        (Some(last.other()), Strength::Mild)
    } else {
        (None, Strength::None)
    };
    Preference { due, strength, difference, at_limit: difference.abs() >= 2 }
}

/// Whether the two players are due the same colour, so that one of them
/// goes without.
pub(crate) fn clash(a: &Preference, b: &Preference) -> bool {
    a.due.is_some() && a.due == b.due
}

/// Whether seating the two breaks an absolute preference: both absolute
/// for the same colour.
pub(crate) fn breaks_absolute(a: &Preference, b: &Preference) -> bool {
    clash(a, b) && a.strength == Strength::Absolute && b.strength == Strength::Absolute
}

/// Whether seating the two takes one of them past a colour difference of
/// ±2: both at the limit on the same side.
pub(crate) fn breaks_limit(a: &Preference, b: &Preference) -> bool {
    clash(a, b) && a.at_limit && b.at_limit
}

/// The preference that gives way when the two clash: the weaker (then the
/// smaller difference); `None` when they do not clash.
pub(crate) fn loser_strength(a: &Preference, b: &Preference) -> Option<Strength> {
    clash(a, b).then(|| if first_wins(a, b, true) { b.strength } else { a.strength })
}

/// Whether `a` gets their due colour over `b` when both are due the same:
/// the stronger preference, then the greater imbalance, then the
/// higher-ranked (`a_ranks_higher`).
fn first_wins(a: &Preference, b: &Preference, a_ranks_higher: bool) -> bool {
    (a.strength, a.difference.abs(), a_ranks_higher) > (b.strength, b.difference.abs(), !a_ranks_higher)
}

/// Who of `higher` (the higher-ranked) and `lower` takes the first seat,
/// as `(first, second)`, on board `board` (from 0).
///
/// Each gets the colour due where the two differ (or one is due none);
/// where both are due the same, the stronger preference, the greater
/// imbalance, then the higher-ranked gets it; where neither is due a
/// colour (first round), the higher-ranked takes the first seat on boards
/// 1, 3, 5… and the second on boards 2, 4, 6….
pub(crate) fn seat<T>(higher: (T, &Preference), lower: (T, &Preference), board: usize) -> (T, T) {
    let (h, hp) = higher;
    let (l, lp) = lower;
    let higher_seat = match (hp.due, lp.due) {
        (None, None) => {
            if board.is_multiple_of(2) {
                Seat::First
            } else {
                Seat::Second
            }
        }
        (Some(s), None) => s,
        (None, Some(s)) => s.other(),
        (Some(a), Some(b)) if a != b => a,
        (Some(a), Some(_)) => {
            if first_wins(hp, lp, true) {
                a
            } else {
                a.other()
            }
        }
    };
    match higher_seat {
        Seat::First => (h, l),
        Seat::Second => (l, h),
    }
}

#[cfg(test)]
mod tests {
    use super::Seat::{First as W, Second as B};
    use super::*;

    #[test]
    fn preferences() {
        assert_eq!(preference(&[]).strength, Strength::None);
        let mild = preference(&[W, B]);
        assert_eq!((mild.due, mild.strength), (Some(W), Strength::Mild));
        let strong = preference(&[W, B, W]);
        assert_eq!((strong.due, strong.strength), (Some(B), Strength::Strong));
        let two_in_a_row = preference(&[B, W, W]);
        assert_eq!(
            (two_in_a_row.due, two_in_a_row.strength, two_in_a_row.at_limit),
            (Some(B), Strength::Absolute, false)
        );
        let limit = preference(&[B, W, W, B, W, W]);
        assert_eq!((limit.due, limit.strength, limit.at_limit), (Some(B), Strength::Absolute, true));
        // Balanced but black twice running: white, absolutely.
        let rows = preference(&[W, W, B, B]);
        assert_eq!((rows.due, rows.strength, rows.difference), (Some(W), Strength::Absolute, 0));
    }

    #[test]
    fn seating() {
        let none = preference(&[]);
        assert_eq!(seat(("a", &none), ("b", &none), 0), ("a", "b"));
        assert_eq!(seat(("a", &none), ("b", &none), 1), ("b", "a"));
        // Different dues: both granted.
        let wants_black = preference(&[B, W]);
        let wants_white = preference(&[W, B]);
        assert_eq!(seat(("a", &wants_black), ("b", &wants_white), 0), ("b", "a"));
        // The same due: the stronger wins, then the higher-ranked.
        let strong_black = preference(&[W, B, W]);
        assert_eq!(seat(("a", &wants_black), ("b", &strong_black), 0), ("a", "b"));
        assert_eq!(seat(("a", &strong_black), ("b", &strong_black), 0), ("b", "a"));
        assert_eq!(seat(("a", &wants_black), ("b", &wants_black), 1), ("b", "a"));
        assert_eq!(loser_strength(&wants_black, &strong_black), Some(Strength::Mild));
        assert_eq!(loser_strength(&wants_black, &wants_white), None);
    }
}
