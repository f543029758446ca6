//! One game being played, whatever its kind: a [`Session`] (turns) or
//! [`Rounds`] (a game whose players act at once), behind one interface —
//! start it, apply a player's move or play, let time pass, let the
//! computer act, and ask what a viewer may see (its position, board,
//! moves, deadline). Front ends hold a [`Match`] and never ask which kind
//! it is; this file is the one place that does.

use arbiter_core::{BoardModel, GameStatus, LegalMove, Piece, Seat, ended_notes, result_note};
use arbiter_games::AnyGame;

use crate::PlayError;
use crate::events::{Event, Viewer};
use crate::record::{GameRecord, Replayed};
use crate::rounds::{Receipt, RoundSettings, Rounds};
use crate::seats::Occupant;
use crate::session::{Session, check_seats};
use crate::time::Timestamp;

/// A game being played.
#[derive(Clone, Debug)]
pub enum Match {
    /// A turn-based game.
    Turns(Session),
    /// A game of rounds, boxed: its board is far
    /// larger than a turn-based session.
    Rounds(Box<Rounds>),
}

/// What became of a player's move or play.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Applied, with the events it made.
    Applied(Vec<Event>),
    /// A round's play the rules refuse, kept as an attempt (it is
    /// announced when the round closes).
    Attempted {
        /// Why it is refused.
        reason: String,
        /// The code of the game's rule it breaks.
        rule: Option<&'static str>,
    },
    /// The player had sent as many plays this round as one may.
    TooManyPlays {
        /// The most a round takes.
        most: usize,
    },
    /// The mover's time ran out before the move came: the game is over
    /// by timeout, and the move is not played.
    OutOfTime {
        /// When the time ran out.
        deadline: Timestamp,
        /// The events of the timeout.
        events: Vec<Event>,
    },
}

/// A game of rounds as one viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundView {
    /// The round being played (the last, once the game is over).
    pub round: u32,
    /// How many players' plays are in for it.
    pub plays_in: usize,
    /// The viewer's own pending play, as they sent it.
    pub my_play: Option<String>,
    /// The closed rounds' announcements, oldest first.
    pub announcements: Vec<String>,
}

/// How a move list numbers a game's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbering {
    /// Moves a number: every seat's turn, or one round.
    pub per_number: u32,
    /// The slot of the first move in the first line (1 when the second
    /// player began).
    pub start_slot: u32,
}

impl Match {
    /// The game a record holds, ready to go on; a game of rounds leaves
    /// the computer's plays for [`Match::play_computer`] (a scheduler's).
    pub fn from_record(record: &GameRecord) -> Result<Match, PlayError> {
        if record.game.is_simultaneous() {
            let mut rounds = Rounds::from_record(record)?;
            rounds.defer_computer_plays();
            Ok(Match::Rounds(Box::new(rounds)))
        } else {
            Ok(Match::Turns(Session::from_record(record)?))
        }
    }

    /// A new game as `record` describes it (game, options, seats, clock,
    /// seed), begun at `now`; built once.
    pub fn start(record: &GameRecord, now: Timestamp) -> Result<Match, PlayError> {
        let game = record.game;
        if game.is_simultaneous() {
            let clock = record.clock.unwrap_or_default();
            let settings = RoundSettings { round_hours: clock.round_hours, close_early: clock.close_early };
            let mut rounds = Rounds::new_deferring_computer(
                game,
                &record.options,
                None,
                record.seats.clone(),
                settings,
                record.seed.unwrap_or(0),
                now,
            )?;
            rounds.announce_missing();
            rounds.set_rating_terms(record.rated, record.rating_range);
            rounds.set_tournament(record.tournament);
            return Ok(Match::Rounds(Box::new(rounds)));
        }
        let start = game.start(&record.options, None)?;
        check_seats(&start, &record.seats)?;
        let mut fresh = GameRecord::new(game, record.options.check(game.info(), false, str::to_string)?);
        fresh.seats = record.seats.clone();
        fresh.started = Some(now);
        fresh.clock = record.clock;
        fresh.seed = record.seed;
        fresh.rated = record.rated;
        fresh.rating_range = record.rating_range;
        fresh.tournament = record.tournament;
        Ok(Match::Turns(Session::from_record(&fresh)?))
    }

    /// The game as a record now.
    pub fn record(&self) -> GameRecord {
        match self {
            Match::Turns(s) => s.record(),
            Match::Rounds(r) => r.record(),
        }
    }

    /// The record without the moves of a turn-based game (a game of
    /// rounds: the whole record): what a store writes on every change,
    /// beside the moves added ([`Match::move_records`]).
    pub fn record_head(&self) -> GameRecord {
        match self {
            Match::Turns(s) => s.record_head(),
            Match::Rounds(r) => r.record(),
        }
    }

    /// The moves of a turn-based game from the `from`th on (the first is
    /// 0), as the record writes them; none for a game of rounds (its
    /// rounds are in [`Match::record_head`]).
    pub fn move_records(&self, from: usize) -> Vec<crate::record::MoveRecord> {
        match self {
            Match::Turns(s) => s.move_records(from),
            Match::Rounds(_) => Vec::new(),
        }
    }

    /// Marks the moves now as kept (see [`Match::kept`]).
    pub fn mark_kept(&mut self) {
        if let Match::Turns(s) = self {
            s.mark_kept();
        }
    }

    /// How many of the moves there were at [`Match::mark_kept`] are still
    /// played: a store keeps those and adds the rest (0 for a game of
    /// rounds).
    pub fn kept(&self) -> usize {
        match self {
            Match::Turns(s) => s.kept(),
            Match::Rounds(_) => 0,
        }
    }

    /// The record replayed: its positions and moves.
    pub fn replayed(&self) -> Replayed {
        match self {
            Match::Turns(s) => s.replayed(),
            Match::Rounds(r) => r.replayed(),
        }
    }

    /// The position now.
    pub fn position(&self) -> &AnyGame {
        match self {
            Match::Turns(s) => s.position(),
            Match::Rounds(r) => r.position(),
        }
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &AnyGame {
        match self {
            Match::Turns(s) => s.line().start(),
            Match::Rounds(r) => r.start(),
        }
    }

    /// How the game stands, counting what the position alone does not
    /// tell (repetition, resignation, timeouts).
    pub fn status(&self) -> GameStatus {
        match self {
            Match::Turns(s) => s.status(),
            Match::Rounds(r) => r.status(),
        }
    }

    /// How each seat finished, for rating the game: a greater number
    /// finished better, equal numbers tied (a turn-based game: 2 won, 1
    /// drawn, 0 lost; a game of rounds: see [`Rounds::finishing_places`]).
    /// `None` unless the game is over, was played out (not called off)
    /// and every side has moved (a game of rounds: a round has closed).
    pub fn finishing_places(&self) -> Option<Vec<u32>> {
        let outcome = self.status().outcome()?;
        if outcome.reason == arbiter_core::EndReason::Aborted {
            return None;
        }
        match self {
            Match::Turns(s) => {
                let seats = s.position().seat_count();
                if s.line().moves().len() < seats {
                    return None;
                }
                let drawn = outcome.winners.is_empty();
                Some(
                    (0..seats)
                        .map(|seat| match u8::try_from(seat) {
                            _ if drawn => 1,
                            Ok(seat) if outcome.winners.contains(arbiter_core::Seat(seat)) => 2,
                            _ => 0,
                        })
                        .collect(),
                )
            }
            Match::Rounds(r) if r.closed_rounds().is_empty() => None,
            Match::Rounds(r) => Some(r.finishing_places()),
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.status().is_over()
    }

    /// The number a move names as its `ply`: moves played, or the round.
    pub fn ply(&self) -> u64 {
        match self {
            Match::Turns(s) => s.ply() as u64,
            Match::Rounds(r) => u64::from(r.round()),
        }
    }

    /// When the player to move (the round) runs out of time.
    pub fn deadline(&self) -> Option<Timestamp> {
        match self {
            Match::Turns(s) => s.deadline(),
            Match::Rounds(r) => r.deadline(),
        }
    }

    /// The vacations a turn-based game keeps for its players (none in a
    /// game of rounds: its deadlines are the referee's and never stop).
    pub fn away(&self) -> &[crate::vacation::Away] {
        match self {
            Match::Turns(s) => s.away(),
            Match::Rounds(_) => &[],
        }
    }

    /// Keeps a player's vacation in a turn-based game; whether anything
    /// changed (never, in a game of rounds).
    pub fn set_away(&mut self, away: crate::vacation::Away) -> bool {
        match self {
            Match::Turns(s) => s.set_away(away),
            Match::Rounds(_) => false,
        }
    }

    /// Ends at `at` the vacation of the seat labelled `seat`; whether
    /// anything changed.
    pub fn end_away(&mut self, seat: &str, at: Timestamp) -> bool {
        match self {
            Match::Turns(s) => s.end_away(seat, at),
            Match::Rounds(_) => false,
        }
    }

    /// Whether a player's vacation stops the clock: a turn-based game
    /// with a time per move, not made without vacation.
    pub fn stops_for_vacation(&self) -> bool {
        match self {
            Match::Turns(s) => s.stops_for_vacation(),
            Match::Rounds(_) => false,
        }
    }

    /// The moves as a record writes them (a round: its plays), oldest first.
    pub fn move_texts(&self) -> Vec<String> {
        self.move_texts_from(0)
    }

    /// The moves from the `from`th on (the first is 0), as
    /// [`Match::move_texts`] writes them: what a change adds costs the same
    /// at any ply.
    pub fn move_texts_from(&self, from: usize) -> Vec<String> {
        match self {
            Match::Turns(s) => s.move_texts_from(from),
            Match::Rounds(r) => r.record().rounds.into_iter().skip(from).map(|r| r.plays).collect(),
        }
    }

    /// The moves from the `from`th on as the game's record writes them
    /// (a game's record notation where it has one; a round: its plays), where
    /// [`Match::move_texts_from`] writes the long form.
    pub fn record_texts_from(&self, from: usize) -> Vec<String> {
        match self {
            Match::Turns(s) => {
                let line = s.line();
                let (positions, moves) = (line.positions(), line.moves());
                (from..moves.len()).filter_map(|i| Some(positions.get(i)?.record_text(moves.get(i)?))).collect()
            }
            Match::Rounds(_) => self.move_texts_from(from),
        }
    }

    /// The last move in the long form (a round: its plays).
    pub fn last_move(&self) -> Option<String> {
        match self {
            Match::Turns(s) => {
                let line = s.line();
                let before = line.positions().iter().rev().nth(1)?;
                line.moves().last().map(|mv| before.move_text(mv))
            }
            Match::Rounds(r) => r.closed_rounds().last().map(|c| r.position().move_text(&c.plays)),
        }
    }

    /// How a move list numbers the moves.
    pub fn numbering(&self) -> Numbering {
        let start = self.start_position();
        match start.side_to_move() {
            Some(first) => Numbering { per_number: start.seat_count() as u32, start_slot: u32::from(first.0) },
            None => Numbering { per_number: 1, start_slot: 0 },
        }
    }

    /// The board `viewer` may see: the last move's cells marked, and a
    /// player's own pending play of a round (nobody else's).
    pub fn board(&self, viewer: Viewer) -> BoardModel {
        let mut board = self.board_as_played(viewer);
        self.end_notes(&mut board.notes);
        board
    }

    /// The notes of a board of this game with its result in place of the
    /// side to move, once it is over, however it ended (a resignation, the
    /// time, a repetition: what the position alone does not know).
    pub fn end_notes(&self, notes: &mut Vec<String>) {
        if let GameStatus::Over(outcome) = self.status() {
            let here = self.position();
            ended_notes(notes, result_note(&outcome, |seat| here.seat_name(seat)));
        }
    }

    /// [`Match::board`] as the moves left it.
    fn board_as_played(&self, viewer: Viewer) -> BoardModel {
        let here = self.position();
        match self {
            Match::Turns(s) => {
                let line = s.line();
                match (line.positions().iter().rev().nth(1), line.moves().last()) {
                    (Some(before), Some(mv)) => here.board_after(before, mv),
                    _ => here.board_model(),
                }
            }
            Match::Rounds(r) => {
                let mut board = match r.closed_rounds().last() {
                    Some(last) => here.board_after(here, &last.plays),
                    None => here.board_model(),
                };
                if let Viewer::Seat(seat) = viewer
                    && let Some(mine) = r.pending_play_seen(viewer, seat)
                {
                    // Drawn as the game's first kind of piece, in the player's colour.
                    let label = here.seat_label(seat);
                    let kind = here.info().pieces.first().map_or("piece", |p| p.kind);
                    board.add_pending(&mine.text, Piece::new(Some(label.clone().into()), kind, label));
                }
                board
            }
        }
    }

    /// The moves (plays) `seat` may make now, with their clicks.
    pub fn legal_for(&self, seat: Seat) -> Vec<LegalMove> {
        if self.is_over() {
            return Vec::new();
        }
        self.position().legal_for(seat)
    }

    /// The one seat to move in a turn-based game; `None` in a game of
    /// rounds (every remaining player acts at once) and once it is over.
    pub fn turn(&self) -> Option<Seat> {
        match self {
            Match::Turns(s) => s.to_move(),
            Match::Rounds(_) => None,
        }
    }

    /// How many moves the game has (a game of rounds: closed rounds), as
    /// [`Match::move_texts`] lists them, without writing them.
    pub fn move_count(&self) -> usize {
        match self {
            Match::Turns(s) => s.line().moves().len(),
            Match::Rounds(r) => r.closed_rounds().len(),
        }
    }

    /// A game of rounds as `viewer` may see it (`None` for a turn-based
    /// game): a pending play is shown to its own player only.
    pub fn round_view(&self, viewer: Viewer) -> Option<RoundView> {
        let Match::Rounds(r) = self else { return None };
        let my_play = match viewer {
            Viewer::Seat(seat) => r.pending_play_seen(viewer, seat).map(|s| s.text.clone()),
            Viewer::Spectator | Viewer::Referee => None,
        };
        Some(RoundView { round: r.round(), plays_in: r.plays_in(), my_play, announcements: r.announcements() })
    }

    /// Applies `text`, `seat`'s move (a round: its play), at `now`. A
    /// player of a round may send at most `plays_per_round` plays a round.
    pub fn submit(
        &mut self,
        seat: Seat,
        text: &str,
        now: Timestamp,
        plays_per_round: usize,
    ) -> Result<Outcome, PlayError> {
        match self {
            Match::Turns(session) => {
                if let Some(to_move) = session.to_move().filter(|&s| s != seat) {
                    let label = |s| session.position().seat_label(s);
                    return Err(PlayError::NotYourTurn {
                        token: text.to_string(),
                        to_move: label(to_move),
                        seat: label(seat),
                    });
                }
                if let Some(deadline) = session.deadline().filter(|&d| now >= d) {
                    let events = session.check_time(now);
                    return Ok(Outcome::OutOfTime { deadline, events });
                }
                let mv = session.parse_move(text)?;
                Ok(Outcome::Applied(session.play(seat, mv, now)?))
            }
            Match::Rounds(rounds) => {
                if rounds.plays_sent(seat) >= plays_per_round {
                    return Ok(Outcome::TooManyPlays { most: plays_per_round });
                }
                match rounds.submit(seat, text, now)? {
                    (Receipt::Accepted { .. }, events) => Ok(Outcome::Applied(events)),
                    (Receipt::Refused { reason, rule, .. }, _) => Ok(Outcome::Attempted { reason, rule }),
                }
            }
        }
    }

    /// The game played.
    pub fn game(&self) -> arbiter_games::GameId {
        match self {
            Match::Turns(session) => session.game(),
            Match::Rounds(rounds) => rounds.game(),
        }
    }

    /// `seat` resigns; refused where the game's rules have no resigning
    /// (its description says why), and in a game of rounds, where a
    /// player leaves by sending no play.
    pub fn resign(&mut self, seat: Seat) -> Result<Vec<Event>, PlayError> {
        if let Some(reason) = self.game().info().agreements.no_resign {
            return Err(PlayError::NoResigning { reason: reason.into() });
        }
        match self {
            Match::Turns(session) => session.resign(seat),
            Match::Rounds(_) => Err(PlayError::NoResigning {
                reason: "a player leaves a game of rounds by sending no play; the round's deadline does the rest"
                    .into(),
            }),
        }
    }

    /// Calls the game off (an administrator's doing): it is over and
    /// nobody won; refused once it is over.
    pub fn abort(&mut self) -> Result<Vec<Event>, PlayError> {
        match self {
            Match::Turns(session) => session.abort(),
            Match::Rounds(rounds) => rounds.abort(),
        }
    }

    /// Ends a turn-based game drawn by agreement; refused in a game of
    /// rounds, which has no draw offers.
    pub fn agree_draw(&mut self) -> Result<Vec<Event>, PlayError> {
        if let Some(reason) = self.game().info().agreements.no_draw {
            return Err(PlayError::NoResigning { reason: reason.into() });
        }
        match self {
            Match::Turns(session) => session.agree_draw(),
            Match::Rounds(_) => Err(PlayError::NoResigning {
                reason: "a game of rounds ends by its rules only: it has no draw by agreement".into(),
            }),
        }
    }

    /// Takes back `seat`'s last move and the moves since, in a turn-based
    /// game; `None` in a game of rounds, when `seat` has not moved, or
    /// once the game is over.
    pub fn take_back(&mut self, seat: Seat) -> Option<Vec<Event>> {
        match self {
            Match::Turns(session) => session.take_back(seat),
            Match::Rounds(_) => None,
        }
    }

    /// The seat that made the last move of a turn-based game.
    pub fn last_mover(&self) -> Option<Seat> {
        match self {
            Match::Turns(session) => session.last_mover(),
            Match::Rounds(_) => None,
        }
    }

    /// Lets time pass to `now`: a player out of time loses, a round past
    /// its deadline closes.
    pub fn pass_time(&mut self, now: Timestamp) -> Result<Vec<Event>, PlayError> {
        match self {
            Match::Turns(session) => Ok(session.check_time(now)),
            Match::Rounds(rounds) if rounds.deadline().is_some_and(|d| now >= d) => rounds.close(now, false),
            Match::Rounds(_) => Ok(Vec::new()),
        }
    }

    /// Whether the computer is to act: its move, or its plays of a round.
    pub fn computer_to_act(&self) -> bool {
        match self {
            Match::Turns(session) => session.computer_to_move().is_some(),
            Match::Rounds(rounds) => rounds.computer_to_play(),
        }
    }

    /// The computer acts at `now` (a search): `None` when it has nothing
    /// to do.
    pub fn play_computer(&mut self, now: Timestamp) -> Result<Option<Vec<Event>>, PlayError> {
        match self {
            Match::Turns(session) => Ok(session.play_computer(now)),
            Match::Rounds(rounds) if rounds.computer_to_play() => rounds.send_computer_plays(now).map(Some),
            Match::Rounds(_) => Ok(None),
        }
    }

    /// Seats `occupant` in `seat`, a seat the game was made with open;
    /// `starts_at` is the moment the game starts when it was the last open
    /// seat (its clock starts then), else `None`.
    pub fn take_seat(
        &mut self,
        seat: Seat,
        occupant: Occupant,
        starts_at: Option<Timestamp>,
    ) -> Result<Vec<Event>, PlayError> {
        self.seat(seat, occupant, starts_at)?;
        Ok(vec![Event::SeatTaken { seat }])
    }

    /// The person in `seat` leaves it before the game has begun: the seat
    /// is open again, as the game was made with it.
    pub fn leave_seat(&mut self, seat: Seat) -> Result<Vec<Event>, PlayError> {
        if self.move_count() > 0 || self.is_over() {
            return Err(PlayError::Seats {
                token: format!("seat {}", seat.0),
                reason: "the game has begun: a seat is left only before the first move".into(),
            });
        }
        self.seat(seat, Occupant::default(), None)?;
        Ok(vec![Event::SeatFreed { seat }])
    }

    /// Puts `occupant` in `seat` and rebuilds the game from its record,
    /// started at `starts_at` if given.
    fn seat(&mut self, seat: Seat, occupant: Occupant, starts_at: Option<Timestamp>) -> Result<(), PlayError> {
        let mut record = self.record();
        let count = record.seats.len();
        let Some(slot) = record.seats.get_mut(seat.index()) else {
            return Err(PlayError::Seats {
                token: format!("seat {}", seat.0),
                reason: format!("the game has {count} seats"),
            });
        };
        *slot = occupant;
        *self = match starts_at {
            Some(now) => Match::start(&record, now)?,
            None => Match::from_record(&record)?,
        };
        Ok(())
    }

    /// The occupants of the seats, in order.
    pub fn seats(&self) -> &[Occupant] {
        match self {
            Match::Turns(s) => s.seats(),
            Match::Rounds(r) => r.seats(),
        }
    }
}
