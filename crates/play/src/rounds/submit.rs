//! Plays received for the open round: a valid play replaces the player's
//! earlier one; a refused play is kept as an attempt and leaves the
//! earlier play standing.

use arbiter_core::Seat;

use super::{Rounds, Submission};
use crate::error::PlayError;
use crate::events::Event;
use crate::time::Timestamp;

/// What became of a play received.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Receipt {
    /// It counts (unless a later valid play replaces it).
    Accepted {
        /// The play, written canonically (`e7`).
        play: String,
        /// The player's earlier valid play this round, now replaced.
        replaced: Option<String>,
    },
    /// It was refused; the player's earlier valid play, if any, still
    /// counts.
    Refused {
        /// Why.
        reason: String,
        /// The earlier valid play that still counts.
        standing: Option<String>,
    },
}

impl Rounds {
    /// The valid play of `seat` that counts so far this round. Secret: show
    /// it only to its player (see [`Rounds::pending_play_seen`]).
    pub fn pending_play(&self, seat: Seat) -> Option<&Submission> {
        let open = self.open.as_ref()?;
        open.submissions.iter().rev().find(|s| s.seat == seat && s.play.is_some())
    }

    /// This round's refused plays of `seat`.
    pub fn refused_of(&self, seat: Seat) -> Vec<&Submission> {
        self.open.iter().flat_map(|o| &o.submissions).filter(|s| s.seat == seat && s.refused.is_some()).collect()
    }

    /// Receives `seat`'s play `text` (a square, such as `e7`) at `now`. A
    /// valid play replaces the player's earlier one; an invalid one is
    /// refused, kept as an attempt, and leaves the earlier play in place.
    /// When the game closes rounds early and this was the last play
    /// awaited, the round closes. Errors (nothing kept): the computer plays
    /// the seat, the game is over, the player has left, the deadline has
    /// passed.
    pub fn submit(&mut self, seat: Seat, text: &str, now: Timestamp) -> Result<(Receipt, Vec<Event>), PlayError> {
        let text = text.trim();
        if self.seats.get(seat.index()).is_some_and(|o| o.is_computer()) {
            return Err(PlayError::ComputerSeat { token: text.to_string(), who: self.who(seat) });
        }
        let (receipt, mut events) = self.receive(seat, text, now)?;
        if matches!(receipt, Receipt::Accepted { .. }) && self.settings.close_early && self.all_in() {
            events.extend(self.close(now, false)?);
        }
        Ok((receipt, events))
    }

    fn receive(&mut self, seat: Seat, text: &str, now: Timestamp) -> Result<(Receipt, Vec<Event>), PlayError> {
        let Some(open) = self.open.as_ref() else {
            return Err(PlayError::GameOver { token: text.to_string() });
        };
        if !self.position.active().contains(seat) {
            return Err(PlayError::SeatLeft { token: text.to_string(), who: self.who(seat) });
        }
        if let Some(deadline) = open.deadline
            && now >= deadline
        {
            return Err(PlayError::DeadlinePassed {
                token: text.to_string(),
                round: open.number,
                deadline: deadline.for_people(),
            });
        }
        let round = open.number;
        let earlier = self.pending_play(seat).map(|s| s.text.clone());
        let (submission, receipt, event) = match self.position.parse_play(seat, text) {
            Ok(play) => {
                let written = self.position.play_text(&play);
                let event = Event::PlayReceived { round, seat, play: Some(play), replaced: earlier.is_some() };
                let receipt = Receipt::Accepted { play: written.clone(), replaced: earlier };
                let submission = Submission { seat, text: written, play: Some(play), at: Some(now), refused: None };
                (submission, receipt, event)
            }
            Err(e) => {
                let reason = e.reason();
                let event = Event::PlayRefused { round, seat, text: text.to_string(), reason: reason.clone() };
                let receipt = Receipt::Refused { reason: reason.clone(), standing: earlier };
                let submission =
                    Submission { seat, text: text.to_string(), play: None, at: Some(now), refused: Some(reason) };
                (submission, receipt, event)
            }
        };
        if let Some(open) = self.open.as_mut() {
            open.submissions.push(submission);
        }
        Ok((receipt, vec![event]))
    }

    /// Sends the play of every computer seat that has none in yet (each
    /// sees the grid only, never the plays received).
    pub fn fill_computer_seats(&mut self, now: Timestamp) -> Vec<Event> {
        let mut events = Vec::new();
        let round = self.round();
        for seat in self.waiting().iter() {
            let Some(level) = self.seats.get(seat.index()).and_then(|o| o.level()) else { continue };
            let Some(play) = crate::computer::choose_play(&self.position, seat, level, self.seed, round) else {
                continue;
            };
            let text = self.position.play_text(&play);
            if let Ok((_, more)) = self.receive(seat, &text, now) {
                events.extend(more);
            }
        }
        events
    }
}
