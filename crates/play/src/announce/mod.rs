//! The referee's announcement of a round: the one text published when a
//! round closes (and mailed, where games are played by mail). It gives the
//! round's number, every play made or attempted and what became of it,
//! who left the game and why, the grid, who remains, and the next deadline
//! or how the game ended. A game may word it itself
//! ([`arbiter_core::SimultaneousNotation::announce_round`]); one that does
//! not gets a plainer account of the same.

mod generic;

use arbiter_core::{RoundTelling, Seat};
use arbiter_games::{AnyGame, AnyMove, AnyReport};

use crate::time::Timestamp;

/// The players' names by seat (an empty name: the label alone).
#[derive(Clone, Copy, Debug)]
pub struct Names<'a>(pub &'a [String]);

impl Names<'_> {
    /// `A (Alice)`, or `A` without a name.
    pub fn who(&self, game: &AnyGame, seat: Seat) -> String {
        match self.0.get(seat.index()).filter(|n| !n.is_empty()) {
            Some(name) => format!("{} ({name})", game.seat_label(seat)),
            None => game.seat_label(seat),
        }
    }

    /// Several players: `A (Alice), B (Bob) and C (Carol)`.
    pub fn list(&self, game: &AnyGame, seats: impl Iterator<Item = Seat>) -> String {
        arbiter_core::people_list(seats.map(|s| self.who(game, s)).collect())
    }
}

/// Why a round closed when it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closing {
    /// Its deadline passed.
    Deadline,
    /// Every remaining player's play was in, and the game closes rounds
    /// early.
    AllIn,
    /// The referee closed it before its deadline.
    Forced,
}

/// What only the referee's game knows about a round: attempts that did
/// not count, and when it closed and why.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundExtras {
    /// Plays received that did not count, in the order received: the seat,
    /// the play as sent, and why it did not count.
    pub not_counted: Vec<(Seat, String, String)>,
    /// When the round was closed, and why then.
    pub closed: Option<(Timestamp, Closing)>,
    /// The deadline of the next round, when the game goes on.
    pub next_deadline: Option<Timestamp>,
}

/// A round resolved: its number, the positions before and after, the
/// referee's report, who is who, and what only the referee knows.
#[derive(Clone, Copy, Debug)]
pub struct RoundAccount<'a> {
    /// The round's number, from 1.
    pub number: u32,
    /// The position the round was played in.
    pub before: &'a AnyGame,
    /// The position after it.
    pub after: &'a AnyGame,
    /// The plays that counted.
    pub plays: &'a AnyMove,
    /// The referee's report.
    pub report: &'a AnyReport,
    /// The players' names.
    pub names: Names<'a>,
    /// Attempts that did not count, closing time, next deadline.
    pub extras: &'a RoundExtras,
}

/// The announcement of a round.
pub fn announce(account: &RoundAccount<'_>) -> String {
    let before = account.before;
    let names: Vec<String> = before.seats().map(|seat| account.names.who(before, seat)).collect();
    let closed = closed_line(account.extras);
    let next_deadline = account.extras.next_deadline.map(|t| t.for_people());
    let telling = RoundTelling {
        number: account.number,
        names: &names,
        closed: closed.as_deref(),
        not_counted: &account.extras.not_counted,
        next_deadline: next_deadline.as_deref(),
    };
    before.announce_round(account.after, account.report, &telling).unwrap_or_else(|| generic::announce(account))
}

/// The line saying when the round closed, if it did at a known time.
fn closed_line(extras: &RoundExtras) -> Option<String> {
    let (at, why) = extras.closed?;
    let how = match why {
        Closing::Deadline => "",
        Closing::AllIn => " (every player's play was in)",
        Closing::Forced => " (before its deadline, by the referee)",
    };
    Some(format!("Closed {}{how}.", at.for_people()))
}
