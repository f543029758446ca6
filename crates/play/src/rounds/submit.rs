//! Plays received for the open round: a valid play replaces the player's
//! earlier one; a refused play is kept as an attempt and leaves the
//! earlier play standing.

use arbiter_core::{MoveError, Seat};

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
        /// The code of the game's rule the play breaks.
        rule: Option<&'static str>,
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
    /// valid play replaces the player's earlier one; a square that may not
    /// be played is refused, kept as an attempt (written as a square), and
    /// leaves the earlier play in place; text that names no square of the
    /// grid is refused with [`MoveError::Malformed`] and not kept.
    /// When the game closes rounds early and this was the last play
    /// awaited, the round closes. Errors (nothing kept): the computer plays
    /// the seat, the game is over, the player has left, the deadline has
    /// passed.
    pub fn submit(&mut self, seat: Seat, text: &str, now: Timestamp) -> Result<(Receipt, Vec<Event>), PlayError> {
        let text = text.trim();
        if self.seats.get(seat.index()).is_some_and(|o| o.is_computer()) {
            return Err(PlayError::ComputerSeat { token: text.to_string(), who: self.who(seat) });
        }
        let (receipt, mut events) = self.receive(seat, text, now, true)?;
        if matches!(receipt, Receipt::Accepted { .. }) && self.settings.close_early && self.all_in() {
            events.extend(self.close(now, false)?);
        }
        Ok((receipt, events))
    }

    /// Receives a play; a play after the deadline is late unless
    /// `check_deadline` is off (the computer's deferred plays, sent as the
    /// round closes).
    fn receive(
        &mut self,
        seat: Seat,
        text: &str,
        now: Timestamp,
        check_deadline: bool,
    ) -> Result<(Receipt, Vec<Event>), PlayError> {
        let Some(open) = self.open.as_ref() else {
            return Err(PlayError::GameOver { token: text.to_string() });
        };
        if !self.position.active().contains(seat) {
            return Err(PlayError::SeatLeft { token: text.to_string(), who: self.who(seat) });
        }
        if let Some(deadline) = open.deadline
            && check_deadline
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
            // Text that names no square of the grid is not a play: it is
            // refused and not kept, so it never reaches an announcement.
            Err(e @ MoveError::Malformed { .. }) => return Err(e.into()),
            Err(e) if !names_a_square(text) => return Err(e.into()),
            Err(e) => {
                let text = text.to_ascii_lowercase();
                let reason = e.reason();
                let event = Event::PlayRefused { round, seat, text: text.clone(), reason: reason.clone() };
                let receipt = Receipt::Refused { reason: reason.clone(), standing: earlier, rule: e.rule() };
                let submission = Submission { seat, text, play: None, at: Some(now), refused: Some(reason) };
                (submission, receipt, event)
            }
        };
        if let Some(open) = self.open.as_mut() {
            open.submissions.push(submission);
        }
        Ok((receipt, vec![event]))
    }

    /// How many plays (counted or refused) `seat` has sent this round.
    pub fn plays_sent(&self, seat: Seat) -> usize {
        self.open.iter().flat_map(|o| &o.submissions).filter(|s| s.seat == seat).count()
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
            if let Ok((_, more)) = self.receive(seat, &text, now, false) {
                events.extend(more);
            }
        }
        events
    }
}

/// Whether `text` has the shape of a square's name (`e7`, `K12`): the
/// only text an attempt is kept as.
fn names_a_square(text: &str) -> bool {
    let bytes = text.as_bytes();
    (2..=3).contains(&bytes.len()) && bytes[0].is_ascii_alphabetic() && bytes[1..].iter().all(u8::is_ascii_digit)
}
