//! What a referee's announcement of a round is told besides the positions
//! and the report: the round's number, who is who, the plays that did not
//! count, and when the round closed and the next one ends. A simultaneous
//! game may word its announcement itself
//! ([`SimultaneousNotation::announce_round`](crate::SimultaneousNotation::announce_round));
//! these are the facts only the referee's table knows.

use crate::seat::Seat;

/// The referee's facts about a resolved round, in words ready to print.
#[derive(Clone, Copy, Debug)]
pub struct RoundTelling<'a> {
    /// The round's number, from 1.
    pub number: u32,
    /// Each seat as people read it, by seat index (`A (Alice)`, or `A`).
    pub names: &'a [String],
    /// When the round closed and why, as a line (`Closed 3 May 12:00 UTC.`).
    pub closed: Option<&'a str>,
    /// Plays received that did not count, in the order received: the
    /// seat, the play as sent, and why it did not count.
    pub not_counted: &'a [(Seat, String, String)],
    /// The next round's deadline for people, when the game goes on and
    /// has one.
    pub next_deadline: Option<&'a str>,
}

impl RoundTelling<'_> {
    /// One seat as people read it (`A (Alice)`); a seat without a name
    /// given is its number.
    pub fn who(&self, seat: Seat) -> String {
        self.names.get(seat.index()).cloned().unwrap_or_else(|| format!("seat {}", seat.index() + 1))
    }

    /// Several seats: `A (Alice), B (Bob) and C (Carol)`, or `nobody`.
    pub fn list(&self, seats: impl Iterator<Item = Seat>) -> String {
        people_list(seats.map(|s| self.who(s)).collect())
    }
}

/// Names as a sentence lists them: `A, B and C`; one name alone; `nobody`
/// for none.
pub fn people_list(names: Vec<String>) -> String {
    match names.len() {
        0 => "nobody".into(),
        1 => names.into_iter().next().unwrap_or_default(),
        n => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_people_write_them() {
        let names = ["A (Alice)".to_string(), "B".to_string(), "C (Carol)".to_string()];
        let telling = RoundTelling { number: 2, names: &names, closed: None, not_counted: &[], next_deadline: None };
        assert_eq!(telling.list([Seat(0), Seat(1), Seat(2)].into_iter()), "A (Alice), B and C (Carol)");
        assert_eq!(telling.list([Seat(2)].into_iter()), "C (Carol)");
        assert_eq!(telling.list(std::iter::empty()), "nobody");
        assert_eq!(telling.who(Seat(5)), "seat 6");
    }
}
