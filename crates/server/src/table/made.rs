//! The change that made a version of a game, as its events: the play
//! layer's (a move played, a round closed, the game over, a seat taken)
//! with the version and the number of moves it was made from. The events
//! are what the rest of the server acts on: the sockets send a viewer who
//! saw the version before the small `change` message, the lobby hears of
//! the seats and ends of open games, the mail tells whom it concerns.

use arbiter_core::Seat;
use arbiter_play::Event;

use super::Table;

/// How a version of a game was made.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Made {
    /// The version it was made from (0: the game is new).
    pub from: i64,
    /// How many moves the game had before (a game of rounds: closed rounds).
    pub moves_before: usize,
    /// What happened, in order.
    pub events: Vec<Event>,
    /// Whether the offers standing (or the rematch made) changed: they
    /// are in the whole view only.
    pub offers_changed: bool,
    /// Whether what the seats show changed beyond who holds them (a
    /// player's vacation begun or ended): seats are in the whole view
    /// only.
    pub seats_changed: bool,
}

impl Made {
    /// The making of a new game: the seats its creator took.
    pub fn created(seats: impl IntoIterator<Item = Seat>) -> Made {
        Made {
            from: 0,
            moves_before: 0,
            events: seats.into_iter().map(|seat| Event::SeatTaken { seat }).collect(),
            offers_changed: false,
            seats_changed: false,
        }
    }

    /// A change made on another server, read from the two versions this
    /// server holds: only what comparing them tells (the seats taken,
    /// moves taken back), which is what a socket needs to choose between
    /// the `change` message and the whole view.
    pub fn between(before: &Table, after: &Table) -> Made {
        let mut events: Vec<Event> = after
            .stored
            .seats
            .iter()
            .filter(|seat| !before.stored.seats.contains(seat))
            .map(|seat| Event::SeatTaken { seat: Seat(seat.seat) })
            .collect();
        let (had, has) = (before.play.move_count(), after.play.move_count());
        if has < had {
            events.push(Event::MovesTakenBack { count: had - has });
        }
        let offers_changed =
            before.stored.offers != after.stored.offers || before.stored.rematch != after.stored.rematch;
        let seats_changed = before.play.away() != after.play.away();
        Made { from: before.stored.version, moves_before: had, events, offers_changed, seats_changed }
    }

    /// Whether a viewer who was shown the version this was made from can
    /// follow it with the moves added and the game as it stands: not when
    /// a seat was taken (seats are in the whole view only) or moves were
    /// taken back.
    pub fn continues(&self) -> bool {
        !self.offers_changed
            && !self.seats_changed
            && !self
                .events
                .iter()
                .any(|e| matches!(e, Event::SeatTaken { .. } | Event::SeatFreed { .. } | Event::MovesTakenBack { .. }))
    }

    /// Whether the lobby, which lists the open games, may list the game
    /// differently: a seat was taken, or the game ended.
    pub fn touches_lobby(&self) -> bool {
        self.events
            .iter()
            .any(|e| matches!(e, Event::SeatTaken { .. } | Event::SeatFreed { .. } | Event::GameOver { .. }))
    }

    /// How many moves and plays of rounds this change applied.
    pub fn moves_played(&self) -> u64 {
        self.events.iter().filter(|e| matches!(e, Event::MovePlayed { .. } | Event::PlayReceived { .. })).count() as u64
    }

    /// Whether the game is over through this change.
    pub fn ended(&self) -> bool {
        self.events.iter().any(|e| matches!(e, Event::GameOver { .. }))
    }

    /// The announcement of a round this change closed, and the round it
    /// opened, if it closed one and the game goes on.
    pub fn round_turned(&self) -> Option<(&str, u32)> {
        let announcement = self.events.iter().find_map(|e| match e {
            Event::RoundClosed { announcement, .. } => Some(announcement.as_str()),
            _ => None,
        })?;
        let opened = self.events.iter().find_map(|e| match e {
            Event::RoundOpened { round, .. } => Some(*round),
            _ => None,
        })?;
        Some((announcement, opened))
    }

    /// Whether the turn may have passed to someone: a move was played or
    /// taken back, or a seat was taken (a game starts when its last open
    /// seat is).
    pub fn turned(&self) -> bool {
        self.events
            .iter()
            .any(|e| matches!(e, Event::MovePlayed { .. } | Event::MovesTakenBack { .. } | Event::SeatTaken { .. }))
    }
}

#[cfg(test)]
mod tests {
    use arbiter_core::{EndReason, GameStatus, Outcome, SeatSet};

    use super::*;

    fn made(events: Vec<Event>) -> Made {
        Made { from: 3, moves_before: 2, events, offers_changed: false, seats_changed: false }
    }

    fn over() -> Event {
        Event::GameOver { status: GameStatus::Over(Outcome::win(Seat(0), EndReason::Resignation)) }
    }

    #[test]
    fn a_move_continues_the_view_and_leaves_the_lobby_alone() {
        let mv = arbiter_games::GameId::Sage.start(&Default::default(), None).unwrap().legal_moves()[0];
        let moved = made(vec![Event::MovePlayed { ply: 2, seat: Seat(0), mv }]);
        assert!(moved.continues() && moved.turned());
        assert!(!moved.touches_lobby() && !moved.ended() && moved.round_turned().is_none());
    }

    #[test]
    fn a_seat_taken_sends_the_whole_view_and_tells_the_lobby() {
        let taken = made(vec![Event::SeatTaken { seat: Seat(1) }]);
        assert!(!taken.continues() && taken.touches_lobby() && taken.turned());
        assert!(!made(vec![Event::MovesTakenBack { count: 1 }]).continues());
        assert!(!Made { offers_changed: true, ..made(vec![]) }.continues(), "offers are in the whole view");
        assert!(!Made { seats_changed: true, ..made(vec![]) }.continues(), "a seat's vacation is in the whole view");
        let created = Made::created([Seat(0)]);
        assert_eq!((created.from, created.moves_before), (0, 0));
        assert!(created.touches_lobby());
    }

    #[test]
    fn an_end_tells_the_lobby_and_a_closed_round_names_the_next() {
        let ended = made(vec![Event::Resigned { seat: Seat(1) }, over()]);
        assert!(ended.ended() && ended.touches_lobby() && ended.continues() && !ended.turned());
        let closed = Event::RoundClosed { round: 4, doomed: SeatSet::EMPTY, announcement: "Round 4: …".into() };
        let turned = made(vec![closed.clone(), Event::RoundOpened { round: 5, deadline: None }]);
        assert_eq!(turned.round_turned(), Some(("Round 4: …", 5)));
        assert_eq!(made(vec![closed, over()]).round_turned(), None, "the last round opens none");
    }
}
