//! Closing a round: when it may be closed, resolving it from the plays
//! that count, announcing it, and opening the next.

use arbiter_core::Seat;

use super::{ClosedRound, Rounds};
use crate::announce::{Closing, Names, RoundAccount, RoundExtras, announce};
use crate::error::PlayError;
use crate::events::Event;
use crate::time::{HOUR, Timestamp, span_in_words};

impl Rounds {
    /// Whether the open round may be closed at `now`, and why: its
    /// deadline has passed, every play is in and the game closes rounds
    /// early, or `force`.
    pub fn may_close(&self, now: Timestamp, force: bool) -> Result<Closing, PlayError> {
        let Some(open) = self.open.as_ref() else {
            return Err(PlayError::GameOver { token: "close".into() });
        };
        match open.deadline {
            Some(deadline) if now >= deadline => Ok(Closing::Deadline),
            _ if self.settings.close_early && self.all_in() => Ok(Closing::AllIn),
            None if self.all_in() => Ok(Closing::AllIn),
            _ if force => Ok(Closing::Forced),
            Some(deadline) => Err(PlayError::RoundOpen {
                round: open.number,
                deadline: deadline.for_people(),
                left: span_in_words(deadline.since(now)),
            }),
            None => Err(PlayError::PlaysAwaited { round: open.number, waiting: self.waiting().len() }),
        }
    }

    /// Closes the open round at `now` (see [`Rounds::may_close`]): resolves
    /// it from the plays that count, announces it, and opens the next round
    /// or ends the game. The events hold the announcement.
    pub fn close(&mut self, now: Timestamp, force: bool) -> Result<Vec<Event>, PlayError> {
        let closing = self.may_close(now, force)?;
        if self.defer_computer {
            // Deferred plays not sent yet are sent now: the computer's
            // seats are never doomed by waiting their turn.
            self.fill_computer_seats(now);
        }
        let open = self.open.take().expect("may_close checked the round is open");
        let before = self.position.clone();
        let plays: Vec<_> = before
            .active()
            .iter()
            .filter_map(|seat| self.latest_valid(&open.submissions, seat).map(|p| (seat, p)))
            .collect();
        let round = before.round(plays)?;
        let (after, report) = before.resolve_round(&round)?;
        let not_counted = open
            .submissions
            .iter()
            .enumerate()
            .filter_map(|(i, s)| {
                let why = match &s.refused {
                    Some(reason) => format!("refused: {reason}"),
                    None if open.submissions[i + 1..].iter().any(|t| t.seat == s.seat && t.play.is_some()) => {
                        "replaced by a later play".to_string()
                    }
                    None => return None,
                };
                Some((s.seat, s.text.clone(), why))
            })
            .collect();
        let over = after.status().is_over();
        let next_deadline =
            (!over).then_some(self.settings.round_hours).flatten().map(|h| now.after(i64::from(h) * HOUR));
        let closed = open.deadline.map(|_| (now, closing));
        let extras = RoundExtras { not_counted, closed, next_deadline };
        let names = self.names();
        let announcement = announce(&RoundAccount {
            number: open.number,
            before: &before,
            after: &after,
            plays: &round,
            report: &report,
            names: Names(&names),
            extras: &extras,
        });
        let doomed = before.active().iter().filter(|&s| !after.active().contains(s)).collect();
        let mut events = vec![Event::RoundClosed { round: open.number, doomed, announcement: announcement.clone() }];
        self.closed.push(ClosedRound {
            number: open.number,
            opened: open.opened,
            deadline: open.deadline,
            closed: Some(now),
            submissions: open.submissions,
            plays: round,
            report,
            announcement: Some(announcement),
        });
        self.position = after;
        match self.position.status() {
            status if status.is_over() => events.push(Event::GameOver { status }),
            _ => events.extend(self.open_round(open.number + 1, now)),
        }
        Ok(events)
    }

    /// The last valid play of `seat` among `submissions`.
    fn latest_valid(&self, submissions: &[super::Submission], seat: Seat) -> Option<arbiter_games::AnyPlay> {
        submissions.iter().rev().find(|s| s.seat == seat && s.play.is_some()).and_then(|s| s.play)
    }
}
