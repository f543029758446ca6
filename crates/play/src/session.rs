//! A turn-based game being played: its moves, who sits where (people or
//! the computer), undo, resignation, a time limit per move, and the events
//! each change emits. Every front end — the terminal, the server — plays
//! through a [`Session`]; none keeps a game of its own.

use arbiter_core::{EndReason, GameOptions, GameStatus, Outcome, Seat};
use arbiter_games::{AnyGame, AnyMove, GameId, Line};

use crate::computer::{self, Thinking};
use crate::error::PlayError;
use crate::events::Event;
use crate::record::{ClockSettings, GameRecord, MoveRecord, RecordError, Replayed, ResultRecord};
use crate::seats::{Occupant, Player};
use crate::time::{DAY, Timestamp};

/// A turn-based game in progress (or finished).
#[derive(Clone, Debug)]
pub struct Session {
    replayed: Replayed,
    times: Vec<Option<Timestamp>>,
    ended: Option<Outcome>,
    thinking: Thinking,
}

impl Session {
    /// A new game of `game` under `options`, from its start or from
    /// `setup`, with `seats` in seat order (people, or the computer at a
    /// level), begun at `now`.
    pub fn new(
        game: GameId,
        options: &GameOptions,
        setup: Option<&str>,
        seats: Vec<Occupant>,
        now: Timestamp,
    ) -> Result<Session, PlayError> {
        if game.is_simultaneous() {
            return Err(PlayError::seats(game.as_str(), "its players act at once: play it in rounds"));
        }
        let start = game.start(options, setup)?;
        check_seats(&start, &seats)?;
        let mut record = GameRecord::new(game, options.check(game.info(), setup.is_some(), str::to_string)?);
        record.setup = setup.map(str::to_string);
        record.seats = seats;
        record.started = Some(now);
        Ok(Session::from_record(&record)?)
    }

    /// The game a record holds, ready to go on.
    pub fn from_record(record: &GameRecord) -> Result<Session, RecordError> {
        let replayed = record.replay()?;
        let status = replayed.line.status();
        let ended = match (&replayed.record.result, status) {
            (Some(r), GameStatus::Ongoing) => {
                let end = replayed.line.current();
                let winners = r.winners.iter().filter_map(|w| end.seat_by_label(w)).collect();
                Some(Outcome { winners, reason: r.reason.unwrap_or(EndReason::Resignation) })
            }
            _ => None,
        };
        let times = replayed.record.moves.iter().map(|m| m.at).collect();
        Ok(Session { replayed, times, ended, thinking: Thinking::default() })
    }

    /// The game as a record.
    pub fn record(&self) -> GameRecord {
        let mut record = self.replayed.record.clone();
        record.moves = self
            .replayed
            .line
            .moves()
            .iter()
            .zip(self.replayed.line.positions())
            .zip(&self.times)
            .map(|((mv, before), at)| MoveRecord { text: before.move_text(mv), at: *at })
            .collect();
        record.position = Some(self.position().position_string());
        record.result = self.status().outcome().map(|o| ResultRecord {
            winners: o.winners.iter().map(|s| self.position().seat_label(s)).collect(),
            reason: Some(o.reason),
        });
        record
    }

    /// The game as a checked record with its positions, for writing it as
    /// text.
    pub fn replayed(&self) -> Replayed {
        Replayed { record: self.record(), line: self.replayed.line.clone() }
    }

    /// Caps the computer's time per move.
    pub fn set_thinking(&mut self, thinking: Thinking) {
        self.thinking = thinking;
    }

    /// The game.
    pub fn game(&self) -> GameId {
        self.replayed.record.game
    }

    /// The positions and moves so far.
    pub fn line(&self) -> &Line {
        &self.replayed.line
    }

    /// The position now.
    pub fn position(&self) -> &AnyGame {
        self.replayed.line.current()
    }

    /// The number of moves played.
    pub fn ply(&self) -> usize {
        self.replayed.line.plies()
    }

    /// Who sits in each seat.
    pub fn seats(&self) -> &[Occupant] {
        &self.replayed.record.seats
    }

    /// The occupant of `seat`.
    pub fn occupant(&self, seat: Seat) -> Option<&Occupant> {
        self.seats().get(seat.index())
    }

    /// How the game stands: over by its rules, by resignation or time, or
    /// going on.
    pub fn status(&self) -> GameStatus {
        match self.ended {
            Some(outcome) => GameStatus::Over(outcome),
            None => self.replayed.line.status(),
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.status().is_over()
    }

    /// Whose turn it is, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Seat> {
        if self.is_over() { None } else { self.position().to_move().iter().next() }
    }

    /// The computer's seat and level, if it is the computer's turn.
    pub fn computer_to_move(&self) -> Option<(Seat, u8)> {
        let seat = self.to_move()?;
        Some((seat, self.occupant(seat)?.level()?))
    }

    /// When the player to move runs out of time, if the game has a time
    /// limit per move: that many days after the last move (or the start).
    pub fn deadline(&self) -> Option<Timestamp> {
        let days = self.replayed.record.clock?.days_per_move?;
        self.to_move()?;
        let since = self.times.last().copied().flatten().or(self.replayed.record.started)?;
        Some(since.after(i64::from(days) * DAY))
    }

    /// Sets a time limit per move.
    pub fn set_days_per_move(&mut self, days: Option<u32>) {
        let clock = self.replayed.record.clock.get_or_insert_with(ClockSettings::default);
        clock.days_per_move = days;
    }

    /// Reads a move typed for the position now.
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver { token: text.to_string() });
        }
        Ok(self.position().parse_move(text)?)
    }

    /// Plays `mv` for `seat` at `now`.
    pub fn play(&mut self, seat: Seat, mv: AnyMove, now: Timestamp) -> Result<Vec<Event>, PlayError> {
        let token = self.position().move_text(&mv);
        let Some(to_move) = self.to_move() else { return Err(PlayError::GameOver { token }) };
        if seat != to_move {
            return Err(PlayError::NotYourTurn {
                token,
                seat: self.position().seat_label(seat),
                to_move: self.position().seat_label(to_move),
            });
        }
        let ply = self.ply();
        self.replayed.line.play(mv)?;
        self.times.push(Some(now));
        let mut events = vec![Event::MovePlayed { ply, seat, mv }];
        if self.is_over() {
            events.push(Event::GameOver { status: self.status() });
        }
        Ok(events)
    }

    /// Lets the computer move if it is its turn; `None` otherwise.
    pub fn play_computer(&mut self, now: Timestamp) -> Option<Vec<Event>> {
        let (seat, level) = self.computer_to_move()?;
        let seed = self.replayed.record.seed.unwrap_or(0);
        let mv = computer::choose_move(&self.replayed.line, level, seed, self.thinking)?;
        self.play(seat, mv, now).ok()
    }

    /// `seat` resigns.
    pub fn resign(&mut self, seat: Seat) -> Result<Vec<Event>, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver { token: "resign".into() });
        }
        let winners = self.position().seats().filter(|&s| s != seat).collect();
        self.ended = Some(Outcome { winners, reason: EndReason::Resignation });
        Ok(vec![Event::Resigned { seat }, Event::GameOver { status: self.status() }])
    }

    /// Calls the game off: it is over, and nobody won.
    pub fn abort(&mut self) -> Result<Vec<Event>, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver { token: "abort".into() });
        }
        self.ended = Some(Outcome::aborted());
        Ok(vec![Event::GameOver { status: self.status() }])
    }

    /// Ends the game drawn by the players' agreement.
    pub fn agree_draw(&mut self) -> Result<Vec<Event>, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver { token: "draw".into() });
        }
        self.ended = Some(Outcome::draw(EndReason::Agreement));
        Ok(vec![Event::GameOver { status: self.status() }])
    }

    /// Takes back `seat`'s last move and every move made since (the reply
    /// to it): `seat` is to move again where it moved. `None` if `seat`
    /// has made no move, or the game is over.
    pub fn take_back(&mut self, seat: Seat) -> Option<Vec<Event>> {
        if self.is_over() {
            return None;
        }
        let positions = self.replayed.line.positions();
        let moves = self.replayed.line.moves().len();
        let last = (0..moves).rev().find(|&i| positions[i].to_move().contains(seat))?;
        let count = moves - last;
        for _ in 0..count {
            self.replayed.line.undo();
            self.times.pop();
        }
        Some(vec![Event::MovesTakenBack { count }])
    }

    /// The seat that made the last move, if any move was made.
    pub fn last_mover(&self) -> Option<Seat> {
        let positions = self.replayed.line.positions();
        let moves = self.replayed.line.moves().len();
        positions.get(moves.checked_sub(1)?)?.to_move().iter().next()
    }

    /// Ends the game if the player to move has run out of time at `now`.
    pub fn check_time(&mut self, now: Timestamp) -> Vec<Event> {
        match (self.deadline(), self.to_move()) {
            (Some(deadline), Some(seat)) if now >= deadline => {
                let winners = self.position().seats().filter(|&s| s != seat).collect();
                self.ended = Some(Outcome { winners, reason: EndReason::Timeout });
                vec![Event::TimedOut { seat }, Event::GameOver { status: self.status() }]
            }
            _ => Vec::new(),
        }
    }

    /// Takes back a resignation; or else the last move, and the
    /// computer's replies before it, so that a person is to move again.
    /// Nothing happens at the start.
    pub fn undo(&mut self) -> Vec<Event> {
        if let Some(Outcome { reason: EndReason::Resignation, winners }) = self.ended {
            self.ended = None;
            let seat = self.position().seats().find(|&s| !winners.contains(s)).unwrap_or(Seat(0));
            return vec![Event::ResignationWithdrawn { seat }];
        }
        if self.ended.is_some() {
            return Vec::new();
        }
        let mut count = 0;
        while self.replayed.line.undo().is_some() {
            self.times.pop();
            count += 1;
            let mover = self.position().to_move().iter().next();
            if mover.and_then(|s| self.occupant(s)).is_none_or(|o| o.player == Player::Person) {
                break;
            }
        }
        if count == 0 { Vec::new() } else { vec![Event::MovesTakenBack { count }] }
    }
}

/// Checks that `seats` has one occupant per seat of `start`, and sane
/// computer levels.
pub(crate) fn check_seats(start: &AnyGame, seats: &[Occupant]) -> Result<(), PlayError> {
    if seats.len() != start.seat_count() {
        return Err(PlayError::seats(
            seats.len().to_string(),
            format!("{} has {} seats", start.id(), start.seat_count()),
        ));
    }
    if let Some(level) = seats.iter().filter_map(Occupant::level).find(|l| !(1..=10).contains(l)) {
        return Err(PlayError::seats(level.to_string(), "levels are 1 to 10"));
    }
    Ok(())
}
