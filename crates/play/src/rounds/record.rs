//! A game of rounds and its record: written as one, and read back with
//! every round replayed and every pending play checked.

use arbiter_games::{AnyGame, Line};

use super::{ClosedRound, OpenRound, RoundSettings, Rounds, Submission};
use crate::announce::{Names, RoundAccount, RoundExtras, announce};
use crate::record::{
    ClockSettings, GameRecord, OpenRound as OpenRecord, RecordError, Replayed, RoundRecord, SubmissionRecord,
};
use crate::seats::Occupant;
use crate::time::{HOUR, Timestamp};

/// A submission as records write it.
fn write_submission(position: &AnyGame, s: &Submission) -> SubmissionRecord {
    SubmissionRecord { seat: position.seat_label(s.seat), play: s.text.clone(), at: s.at, refused: s.refused.clone() }
}

/// A submission read back: its seat must be in the game, and a play that
/// was not refused must still be valid in `position`.
fn read_submission(position: &AnyGame, s: &SubmissionRecord) -> Result<Submission, RecordError> {
    let seat = position
        .seat_by_label(&s.seat)
        .filter(|&seat| position.active().contains(seat))
        .ok_or_else(|| RecordError::mismatch(s.seat.clone(), "a play of a player not in the game"))?;
    let play = match &s.refused {
        Some(_) => None,
        None => Some(
            position
                .parse_play(seat, &s.play)
                .map_err(|_| RecordError::mismatch(s.play.clone(), "a pending play that may not be played"))?,
        ),
    };
    Ok(Submission { seat, text: s.play.clone(), play, at: s.at, refused: s.refused.clone() })
}

impl Rounds {
    /// A game continued from a record of its closed rounds alone (a text
    /// record): each round's plays become its submissions, opened and
    /// closed at `now`; unless the game is over, the next round opens at
    /// `now` and the computer's seats send their plays. `seats` and
    /// `settings` are those of the game as it goes on; the record's options
    /// and setup stand.
    pub fn continued(
        replayed: Replayed,
        seats: Vec<Occupant>,
        settings: RoundSettings,
        now: Timestamp,
    ) -> Result<Rounds, RecordError> {
        let Replayed { mut record, line } = replayed;
        record.seats = seats;
        record.clock = Some(ClockSettings {
            days_per_move: None,
            round_hours: settings.round_hours,
            close_early: settings.close_early,
            no_vacation: false,
        });
        record.started = Some(now);
        record.result = None;
        for (i, (round, before)) in record.rounds.iter_mut().zip(line.positions()).enumerate() {
            round.opened = Some(now);
            round.closed = Some(now);
            let mv = before.parse_move(&round.plays).map_err(|error| RecordError::Move {
                number: i + 1,
                text: round.plays.clone(),
                error,
            })?;
            round.submissions = before
                .round_plays(&mv)
                .iter()
                .map(|(seat, play)| SubmissionRecord {
                    seat: before.seat_label(*seat),
                    play: before.play_text(play),
                    at: Some(now),
                    refused: None,
                })
                .collect();
        }
        record.open_round = (!line.status().is_over()).then(|| OpenRecord {
            number: record.rounds.len() as u32 + 1,
            opened: Some(now),
            deadline: settings.round_hours.map(|h| now.after(i64::from(h) * HOUR)),
            submissions: Vec::new(),
        });
        let mut rounds = Rounds::from_record(&record)?;
        rounds.announce_missing();
        rounds.fill_computer_seats(now);
        Ok(rounds)
    }

    /// The game a record holds, ready to go on: every round replayed, its
    /// report made again, the open round's plays checked.
    pub fn from_record(record: &GameRecord) -> Result<Rounds, RecordError> {
        if !record.game.is_simultaneous() {
            return Err(RecordError::mismatch(
                record.game.as_str(),
                format!("{} is played in turns, not in rounds: a referee runs only games of rounds", record.game),
            ));
        }
        check_times(record)?;
        let replayed = record.replay()?;
        let line = &replayed.line;
        let mut closed = Vec::with_capacity(record.rounds.len());
        for (i, (r, mv)) in record.rounds.iter().zip(line.moves()).enumerate() {
            let before = &line.positions()[i];
            let (_, report) = before.resolve_round(mv).map_err(|error| RecordError::Move {
                number: i + 1,
                text: r.plays.clone(),
                error,
            })?;
            let submissions = r.submissions.iter().map(|s| read_submission_any(before, s)).collect::<Result<_, _>>()?;
            closed.push(ClosedRound {
                number: r.number,
                opened: r.opened,
                deadline: r.deadline,
                closed: r.closed,
                submissions,
                plays: *mv,
                report,
                announcement: r.announcement.clone(),
            });
        }
        let position = line.current().clone();
        let aborted = record.result.as_ref().is_some_and(|r| r.reason == Some(arbiter_core::EndReason::Aborted));
        let over = aborted || position.status().is_over();
        let open = match (&record.open_round, over) {
            (Some(o), false) => {
                if o.number != closed.len() as u32 + 1 {
                    return Err(RecordError::mismatch(
                        o.number.to_string(),
                        "the open round's number does not follow the rounds played",
                    ));
                }
                let submissions =
                    o.submissions.iter().map(|s| read_submission(&position, s)).collect::<Result<_, _>>()?;
                Some(OpenRound { number: o.number, opened: o.opened, deadline: o.deadline, submissions })
            }
            (Some(o), true) => {
                return Err(RecordError::mismatch(o.number.to_string(), "the game is over: no round is open"));
            }
            (None, false) => Some(OpenRound {
                number: closed.len() as u32 + 1,
                opened: closed.last().and_then(|c: &ClosedRound| c.closed),
                deadline: None,
                submissions: Vec::new(),
            }),
            (None, true) => None,
        };
        let clock = record.clock.unwrap_or_default();
        let seats = if record.seats.is_empty() {
            position.seats().map(|_| Default::default()).collect()
        } else {
            record.seats.clone()
        };
        Ok(Rounds {
            game: record.game,
            options: record.options.clone(),
            start: line.start().clone(),
            position,
            seats,
            settings: RoundSettings { round_hours: clock.round_hours, close_early: clock.close_early },
            seed: record.seed.unwrap_or(0),
            setup: record.setup.clone(),
            started: record.started,
            closed,
            open,
            tags: record.tags.clone(),
            rated: record.rated,
            rating_range: record.rating_range,
            tournament: record.tournament,
            aborted,
            defer_computer: false,
        })
    }

    /// The game as a record.
    pub fn record(&self) -> GameRecord {
        let mut record = GameRecord::new(self.game, self.options.clone());
        record.seats = self.seats.clone();
        record.setup = self.setup.clone();
        record.started = self.started;
        record.clock = Some(ClockSettings {
            days_per_move: None,
            round_hours: self.settings.round_hours,
            close_early: self.settings.close_early,
            no_vacation: false,
        });
        record.seed = Some(self.seed);
        record.rated = self.rated;
        record.rating_range = self.rating_range;
        record.tournament = self.tournament;
        let mut positions = vec![self.start.clone()];
        for r in &self.closed {
            let before = positions.last().expect("the start");
            let next = before.play(&r.plays).unwrap_or_else(|_| before.clone());
            positions.push(next);
        }
        record.rounds = self
            .closed
            .iter()
            .zip(&positions)
            .map(|(r, before)| RoundRecord {
                number: r.number,
                plays: before.move_text(&r.plays),
                opened: r.opened,
                deadline: r.deadline,
                closed: r.closed,
                submissions: r.submissions.iter().map(|s| write_submission(before, s)).collect(),
                announcement: r.announcement.clone(),
            })
            .collect();
        record.open_round = self.open.as_ref().map(|o| OpenRecord {
            number: o.number,
            opened: o.opened,
            deadline: o.deadline,
            submissions: o.submissions.iter().map(|s| write_submission(&self.position, s)).collect(),
        });
        record.position = Some(self.position.position_string());
        record.result = crate::record::result_of(&self.position, self.status());
        record.tags = self.tags.clone();
        record
    }

    /// The rounds played, as a line of positions.
    pub fn line(&self) -> Line {
        let mut line = Line::new(self.start.clone());
        for r in &self.closed {
            if line.play(r.plays).is_err() {
                break;
            }
        }
        line
    }

    /// The game as a checked record with its positions, for writing it as
    /// text.
    pub fn replayed(&self) -> Replayed {
        Replayed { record: self.record(), line: self.line() }
    }

    /// Every round's announcement, the first round's first.
    pub fn announcements(&self) -> Vec<String> {
        self.closed.iter().filter_map(|r| r.announcement.clone()).collect()
    }

    /// Makes the announcement of every closed round that has none kept (a
    /// game read from a text record), from its plays and report.
    pub fn announce_missing(&mut self) {
        let names = self.names();
        let mut before = self.start.clone();
        for round in &mut self.closed {
            let Ok(after) = before.play(&round.plays) else { return };
            if round.announcement.is_none() {
                let not_counted = round
                    .submissions
                    .iter()
                    .filter_map(|s| s.refused.as_ref().map(|r| (s.seat, s.text.clone(), format!("refused: {r}"))))
                    .collect();
                let extras = RoundExtras { not_counted, closed: None, next_deadline: None };
                round.announcement = Some(announce(&RoundAccount {
                    number: round.number,
                    before: &before,
                    after: &after,
                    plays: &round.plays,
                    report: &round.report,
                    names: Names(&names),
                    extras: &extras,
                }));
            }
            before = after;
        }
    }
}

/// A submission of a closed round: its seat must have been in the game;
/// its play is read if it was valid then.
fn read_submission_any(position: &AnyGame, s: &SubmissionRecord) -> Result<Submission, RecordError> {
    let seat = position
        .seat_by_label(&s.seat)
        .ok_or_else(|| RecordError::mismatch(s.seat.clone(), "a play of a player not in the game"))?;
    let play = if s.refused.is_none() { position.parse_play(seat, &s.play).ok() } else { None };
    Ok(Submission { seat, text: s.play.clone(), play, at: s.at, refused: s.refused.clone() })
}

/// The times of a game of rounds must follow one another: each round
/// announced no earlier than the one before it closed, its deadline after
/// its announcement, every play received while its round was open and
/// before its deadline. (A record without times, read from text, has
/// nothing to check.)
fn check_times(record: &GameRecord) -> Result<(), RecordError> {
    let bad = |at: Option<Timestamp>, why: &str| {
        RecordError::mismatch(at.map_or_else(String::new, Timestamp::rfc3339), why.to_string())
    };
    let mut since = record.started;
    let rounds = record.rounds.iter().map(|r| (r.opened, r.deadline, r.closed, &r.submissions));
    let open = record.open_round.iter().map(|o| (o.opened, o.deadline, None, &o.submissions));
    for (opened, deadline, closed, submissions) in rounds.chain(open) {
        if let (Some(before), Some(opened)) = (since, opened)
            && opened < before
        {
            return Err(bad(Some(opened), "a round announced before the round before it closed"));
        }
        if let (Some(opened), Some(deadline)) = (opened, deadline)
            && deadline <= opened
        {
            return Err(bad(Some(deadline), "a deadline before its round was announced"));
        }
        if let (Some(opened), Some(closed)) = (opened, closed)
            && closed < opened
        {
            return Err(bad(Some(closed), "a round closed before it was announced"));
        }
        for s in submissions {
            let early = matches!((s.at, opened), (Some(at), Some(opened)) if at < opened);
            let late = matches!((s.at, deadline), (Some(at), Some(deadline)) if at >= deadline)
                || matches!((s.at, closed), (Some(at), Some(closed)) if at > closed);
            if early || late {
                return Err(bad(s.at, "a play received while its round was not open"));
            }
        }
        since = closed.or(opened).or(since);
    }
    Ok(())
}
