//! What changed in a game, as typed events, and who may see each: a
//! player's pending play in a round stays with that player until the
//! round closes. Every change a [`crate::Session`], [`crate::Rounds`] or
//! [`crate::Match`] makes returns its events.

use arbiter_core::{GameStatus, Seat, SeatSet};
use arbiter_games::{AnyMove, AnyPlay};

use crate::time::Timestamp;

/// Who is looking at a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// The player in a seat.
    Seat(Seat),
    /// Anyone else: a spectator, a public bulletin, a screen several
    /// players share. Sees no pending play.
    Spectator,
    /// The referee, who receives every play.
    Referee,
}

impl Viewer {
    /// Whether this viewer may see what only `seat` may see.
    pub fn sees_for(self, seat: Seat) -> bool {
        match self {
            Viewer::Seat(s) => s == seat,
            Viewer::Referee => true,
            Viewer::Spectator => false,
        }
    }
}

/// A change in a game.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A move was played (ply counts from 0: the move that made ply
    /// `ply + 1`).
    MovePlayed {
        /// Its index among the game's moves.
        ply: usize,
        /// Who moved.
        seat: Seat,
        /// The move.
        mv: AnyMove,
    },
    /// Moves were taken back.
    MovesTakenBack {
        /// How many.
        count: usize,
    },
    /// A resignation was withdrawn (by taking it back).
    ResignationWithdrawn {
        /// Who had resigned.
        seat: Seat,
    },
    /// A player's valid play reached the referee. `play` is the play
    /// itself, which only its player (and the referee) may see: others see
    /// `None`.
    PlayReceived {
        /// The round.
        round: u32,
        /// Whose play.
        seat: Seat,
        /// The play, where the viewer may see it.
        play: Option<AnyPlay>,
        /// Whether it replaced the player's earlier play.
        replaced: bool,
    },
    /// A play was refused (seen by its player and the referee only).
    PlayRefused {
        /// The round.
        round: u32,
        /// Whose play.
        seat: Seat,
        /// The play as sent.
        text: String,
        /// Why.
        reason: String,
    },
    /// A round was closed and announced.
    RoundClosed {
        /// Its number.
        round: u32,
        /// The players who left the game in it.
        doomed: SeatSet,
        /// The announcement.
        announcement: String,
    },
    /// A round was opened.
    RoundOpened {
        /// Its number.
        round: u32,
        /// Its deadline, if it has one.
        deadline: Option<Timestamp>,
    },
    /// A player resigned.
    Resigned {
        /// Who.
        seat: Seat,
    },
    /// A player ran out of time.
    TimedOut {
        /// Who.
        seat: Seat,
    },
    /// A seat left open when the game was made was taken.
    SeatTaken {
        /// The seat.
        seat: Seat,
    },
    /// A seat kept for an invited person was declined, or its player left
    /// it before the game began: nobody holds it now.
    SeatFreed {
        /// The seat.
        seat: Seat,
    },
    /// The game is over.
    GameOver {
        /// How it ended.
        status: GameStatus,
    },
}

impl Event {
    /// The event as `viewer` may see it, or `None` if they may not see it
    /// at all.
    pub fn seen_by(&self, viewer: Viewer) -> Option<Event> {
        match self {
            Event::PlayReceived { round, seat, replaced, .. } if !viewer.sees_for(*seat) => {
                Some(Event::PlayReceived { round: *round, seat: *seat, play: None, replaced: *replaced })
            }
            Event::PlayRefused { seat, .. } if !viewer.sees_for(*seat) => None,
            other => Some(other.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_games::GameId;

    #[test]
    fn a_pending_play_is_seen_by_its_player_and_the_referee_only() {
        let game = GameId::Scg.start(&Default::default(), None).unwrap();
        let play = game.parse_play(Seat(1), "c3").unwrap();
        let received = Event::PlayReceived { round: 1, seat: Seat(1), play: Some(play), replaced: false };
        assert_eq!(received.seen_by(Viewer::Seat(Seat(1))), Some(received.clone()));
        assert_eq!(received.seen_by(Viewer::Referee), Some(received.clone()));
        for viewer in [Viewer::Seat(Seat(0)), Viewer::Spectator] {
            let Some(Event::PlayReceived { play, .. }) = received.seen_by(viewer) else { panic!("still seen") };
            assert_eq!(play, None, "{viewer:?}");
        }
        let refused = Event::PlayRefused { round: 1, seat: Seat(1), text: "z9".into(), reason: "off".into() };
        assert_eq!(refused.seen_by(Viewer::Seat(Seat(0))), None);
        assert!(refused.seen_by(Viewer::Seat(Seat(1))).is_some());
    }
}
