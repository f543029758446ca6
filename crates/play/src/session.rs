//! A turn-based game being played: its moves, who sits where (people or
//! the computer), undo, resignation, a time limit per move, and the events
//! each change emits. Every front end — the terminal, the server — plays
//! through a [`Session`]; none keeps a game of its own.

use std::sync::Arc;

use arbiter_core::{EndReason, GameOptions, GameStatus, Outcome, Seat, SharedLog};
use arbiter_games::{AnyGame, AnyMove, GameId, Line};

use crate::computer::{self, Thinking};
use crate::error::PlayError;
use crate::events::Event;
use crate::record::{ClockSettings, GameRecord, MoveRecord, RecordError, Replayed, ResultRecord};
use crate::seats::{Occupant, Player};
use crate::time::{DAY, Timestamp};
use crate::vacation::{self, Away};

/// A turn-based game in progress (or finished). Copying one is cheap
/// whatever its length: its line, move texts and times are persistent
/// (shared with the copy, which adds to them in place), and its record
/// is kept without its moves.
#[derive(Clone, Debug)]
pub struct Session {
    /// The record without its moves (they are `texts` and `times`).
    head: Arc<GameRecord>,
    line: Line,
    /// Each move as the record writes it, formatted once when played.
    texts: SharedLog<Arc<str>>,
    times: SharedLog<Option<Timestamp>>,
    ended: Option<Outcome>,
    /// The fewest moves the game has had since [`Session::mark_kept`]:
    /// the moves before it are unchanged since.
    kept: usize,
    /// The status, kept after every change (the rules ask the position).
    status: GameStatus,
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
        let Replayed { mut record, line } = record.replay()?;
        let status = line.status();
        let ended = match (&record.result, status) {
            (Some(r), GameStatus::Ongoing) => {
                let end = line.current();
                let winners = r.winners.iter().filter_map(|w| end.seat_by_label(w)).collect();
                Some(Outcome { winners, reason: r.reason.unwrap_or(EndReason::Resignation) })
            }
            _ => None,
        };
        let moves = std::mem::take(&mut record.moves);
        let times = moves.iter().map(|m| m.at).collect();
        let texts = moves.into_iter().map(|m| Arc::from(m.text)).collect();
        let mut session = Session {
            head: Arc::new(record),
            line,
            texts,
            times,
            ended,
            kept: 0,
            status: GameStatus::Ongoing,
            thinking: Thinking::default(),
        };
        session.status = session.status_now();
        session.mark_kept();
        Ok(session)
    }

    /// The game as a record.
    pub fn record(&self) -> GameRecord {
        let mut record = self.record_head();
        record.moves = self.move_records(0);
        record
    }

    /// The record without its moves: the game, its options and seats,
    /// the position now and the result. Its size does not grow with the
    /// game.
    pub fn record_head(&self) -> GameRecord {
        let mut record = GameRecord::clone(&self.head);
        record.position = Some(self.position().position_string());
        record.result = self.status().outcome().map(|o| ResultRecord {
            winners: o.winners.iter().map(|s| self.position().seat_label(s)).collect(),
            reason: Some(o.reason),
        });
        record
    }

    /// The moves from the `from`th on (the first is 0), as the record
    /// writes them.
    pub fn move_records(&self, from: usize) -> Vec<MoveRecord> {
        // By index: straight to the `from`th move.
        (from..self.texts.len())
            .filter_map(|i| Some(MoveRecord { text: self.texts.get(i)?.to_string(), at: *self.times.get(i)? }))
            .collect()
    }

    /// The moves from the `from`th on (the first is 0), as the record
    /// writes them: what a change adds costs the same at any ply.
    pub fn move_texts_from(&self, from: usize) -> Vec<String> {
        (from..self.texts.len()).filter_map(|i| self.texts.get(i).map(|t| t.to_string())).collect()
    }

    /// Marks the moves now as kept: [`Session::kept`] counts from here.
    pub fn mark_kept(&mut self) {
        self.kept = self.texts.len();
    }

    /// How many of the moves there were at [`Session::mark_kept`] are
    /// still played (all of them unless some were taken back since).
    pub fn kept(&self) -> usize {
        self.kept
    }

    /// Each move as the record writes it.
    pub fn move_texts(&self) -> impl ExactSizeIterator<Item = &str> {
        self.texts.iter().map(|t| &**t)
    }

    /// The game as a checked record with its positions, for writing it as
    /// text.
    pub fn replayed(&self) -> Replayed {
        Replayed { record: self.record(), line: self.line.clone() }
    }

    /// The status as the line and the ending stand now.
    fn status_now(&self) -> GameStatus {
        match self.ended {
            Some(outcome) => GameStatus::Over(outcome),
            None => self.line.status(),
        }
    }

    /// Ends the game as `outcome` says.
    fn end(&mut self, outcome: Option<Outcome>) {
        self.ended = outcome;
        self.status = self.status_now();
    }

    /// Caps the computer's time per move.
    pub fn set_thinking(&mut self, thinking: Thinking) {
        self.thinking = thinking;
    }

    /// The game.
    pub fn game(&self) -> GameId {
        self.head.game
    }

    /// The positions and moves so far.
    pub fn line(&self) -> &Line {
        &self.line
    }

    /// The position now.
    pub fn position(&self) -> &AnyGame {
        self.line.current()
    }

    /// The number of moves played.
    pub fn ply(&self) -> usize {
        self.line.plies()
    }

    /// Who sits in each seat.
    pub fn seats(&self) -> &[Occupant] {
        &self.head.seats
    }

    /// The occupant of `seat`.
    pub fn occupant(&self, seat: Seat) -> Option<&Occupant> {
        self.seats().get(seat.index())
    }

    /// How the game stands: over by its rules, by resignation or time, or
    /// going on.
    pub fn status(&self) -> GameStatus {
        self.status
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
    /// Its clock stands still while that player is on vacation, unless
    /// the game was made without vacation.
    pub fn deadline(&self) -> Option<Timestamp> {
        let clock = self.head.clock?;
        let days = clock.days_per_move?;
        let seat = self.to_move()?;
        let since = self.times.back().copied().flatten().or(self.head.started)?;
        let allowed = i64::from(days) * DAY;
        if clock.no_vacation || self.head.away.is_empty() {
            return Some(since.after(allowed));
        }
        let label = self.position().seat_label(seat);
        let stretches: Vec<_> = self.head.away.iter().filter(|a| a.seat == label).map(|a| (a.from, a.until)).collect();
        Some(vacation::deadline_with(since, allowed, &stretches))
    }

    /// Whether the clock stands still for a player on vacation: the game
    /// has a time per move and was not made without vacation.
    pub fn stops_for_vacation(&self) -> bool {
        self.head.clock.is_some_and(|c| c.days_per_move.is_some() && !c.no_vacation)
    }

    /// The vacations the game keeps for its players.
    pub fn away(&self) -> &[Away] {
        &self.head.away
    }

    /// Keeps `away`, the vacation of a player: replaces the one of the
    /// same seat begun at the same moment. Whether anything changed.
    pub fn set_away(&mut self, away: Away) -> bool {
        if self.head.away.contains(&away) {
            return false;
        }
        let kept = &mut Arc::make_mut(&mut self.head).away;
        kept.retain(|a| !(a.seat == away.seat && a.from == away.from));
        kept.push(away);
        true
    }

    /// Ends at `at` the vacation of the seat labelled `seat` (a move, the
    /// player, the days run out). Whether anything changed.
    pub fn end_away(&mut self, seat: &str, at: Timestamp) -> bool {
        if !self.head.away.iter().any(|a| a.seat == seat && !a.ended) {
            return false;
        }
        let kept = &mut Arc::make_mut(&mut self.head).away;
        kept.retain(|a| !(a.seat == seat && !a.ended && a.from > at));
        for a in kept.iter_mut().filter(|a| a.seat == seat && !a.ended) {
            a.until = a.until.min(at);
            a.ended = true;
        }
        true
    }

    /// Sets a time limit per move.
    pub fn set_days_per_move(&mut self, days: Option<u32>) {
        let clock = Arc::make_mut(&mut self.head).clock.get_or_insert_with(ClockSettings::default);
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
        self.line.play(mv)?;
        self.texts.push_back(Arc::from(token));
        self.times.push_back(Some(now));
        if self.head.away.iter().any(|a| a.until <= now) {
            // Over before this move: it bears on no clock from now on.
            Arc::make_mut(&mut self.head).away.retain(|a| a.until > now);
        }
        self.status = self.status_now();
        let mut events = vec![Event::MovePlayed { ply, seat, mv }];
        if self.is_over() {
            events.push(Event::GameOver { status: self.status() });
        }
        Ok(events)
    }

    /// Lets the computer move if it is its turn; `None` otherwise.
    pub fn play_computer(&mut self, now: Timestamp) -> Option<Vec<Event>> {
        let (seat, level) = self.computer_to_move()?;
        let seed = self.head.seed.unwrap_or(0);
        let mv = computer::choose_move(&self.line, level, seed, self.thinking)?;
        self.play(seat, mv, now).ok()
    }

    /// `seat` resigns.
    pub fn resign(&mut self, seat: Seat) -> Result<Vec<Event>, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver { token: "resign".into() });
        }
        let winners = self.position().seats().filter(|&s| s != seat).collect();
        self.end(Some(Outcome { winners, reason: EndReason::Resignation }));
        Ok(vec![Event::Resigned { seat }, Event::GameOver { status: self.status() }])
    }

    /// Calls the game off: it is over, and nobody won.
    pub fn abort(&mut self) -> Result<Vec<Event>, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver { token: "abort".into() });
        }
        self.end(Some(Outcome::aborted()));
        Ok(vec![Event::GameOver { status: self.status() }])
    }

    /// Ends the game drawn by the players' agreement.
    pub fn agree_draw(&mut self) -> Result<Vec<Event>, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver { token: "draw".into() });
        }
        self.end(Some(Outcome::draw(EndReason::Agreement)));
        Ok(vec![Event::GameOver { status: self.status() }])
    }

    /// Takes back `seat`'s last move and every move made since (the reply
    /// to it): `seat` is to move again where it moved. `None` if `seat`
    /// has made no move, or the game is over.
    pub fn take_back(&mut self, seat: Seat) -> Option<Vec<Event>> {
        if self.is_over() {
            return None;
        }
        let positions = self.line.positions();
        let moves = self.line.moves().len();
        let last = (0..moves).rev().find(|&i| positions[i].to_move().contains(seat))?;
        let count = moves - last;
        for _ in 0..count {
            self.take_back_one();
        }
        self.status = self.status_now();
        Some(vec![Event::MovesTakenBack { count }])
    }

    /// The seat that made the last move, if any move was made.
    pub fn last_mover(&self) -> Option<Seat> {
        let positions = self.line.positions();
        let moves = self.line.moves().len();
        positions.get(moves.checked_sub(1)?)?.to_move().iter().next()
    }

    /// Ends the game if the player to move has run out of time at `now`.
    pub fn check_time(&mut self, now: Timestamp) -> Vec<Event> {
        match (self.deadline(), self.to_move()) {
            (Some(deadline), Some(seat)) if now >= deadline => {
                let winners = self.position().seats().filter(|&s| s != seat).collect();
                self.end(Some(Outcome { winners, reason: EndReason::Timeout }));
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
            self.end(None);
            let seat = self.position().seats().find(|&s| !winners.contains(s)).unwrap_or(Seat(0));
            return vec![Event::ResignationWithdrawn { seat }];
        }
        if self.ended.is_some() {
            return Vec::new();
        }
        let mut count = 0;
        while self.take_back_one() {
            count += 1;
            let mover = self.position().to_move().iter().next();
            if mover.and_then(|s| self.occupant(s)).is_none_or(|o| o.player == Player::Person) {
                break;
            }
        }
        self.status = self.status_now();
        if count == 0 { Vec::new() } else { vec![Event::MovesTakenBack { count }] }
    }

    /// Takes back the last move with its text and time; `false` at the
    /// start.
    fn take_back_one(&mut self) -> bool {
        if self.line.undo().is_none() {
            return false;
        }
        self.texts.pop_back();
        self.times.pop_back();
        self.kept = self.kept.min(self.texts.len());
        true
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
