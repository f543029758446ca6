//! A simultaneous game being played, round by round: every remaining
//! player sends a play, kept secret until the round closes — at its
//! deadline, or as soon as every play is in if the game says so, or when
//! the referee closes it — and the round is resolved and announced. The
//! computer sends the plays of its seats when a round opens. The mail
//! referee, a game at the terminal and the server all run a game of
//! a game of rounds through [`Rounds`].

mod close;
mod record;
mod submit;

pub use submit::Receipt;

use arbiter_core::{GameOptions, GameStatus, Seat, SeatSet};
use arbiter_games::{AnyGame, AnyMove, AnyPlay, AnyReport, GameId};

use crate::error::PlayError;
use crate::events::{Event, Viewer};
use crate::seats::Occupant;
use crate::session::check_seats;
use crate::time::{HOUR, Timestamp};

/// Hours a round lasts unless the game says otherwise (the rule text's
/// three days).
pub const DEFAULT_ROUND_HOURS: u32 = 72;

/// How rounds are run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundSettings {
    /// Hours from a round's announcement to its deadline; `None`: no
    /// deadline (a round closes when every play is in, or when closed).
    pub round_hours: Option<u32>,
    /// Whether a round closes as soon as every remaining player has a
    /// valid play in.
    pub close_early: bool,
}

impl Default for RoundSettings {
    fn default() -> Self {
        RoundSettings { round_hours: Some(DEFAULT_ROUND_HOURS), close_early: false }
    }
}

/// A play sent for a round.
#[derive(Clone, Debug, PartialEq)]
pub struct Submission {
    /// Whose.
    pub seat: Seat,
    /// The play as sent (`e7`).
    pub text: String,
    /// The play, if it was valid.
    pub play: Option<AnyPlay>,
    /// When it was received, if known.
    pub at: Option<Timestamp>,
    /// Why it was refused, if it was.
    pub refused: Option<String>,
}

/// A round that has been closed.
#[derive(Clone, Debug, PartialEq)]
pub struct ClosedRound {
    /// Its number, from 1.
    pub number: u32,
    /// When it was announced, its deadline, when it closed (where known).
    pub opened: Option<Timestamp>,
    /// Its deadline.
    pub deadline: Option<Timestamp>,
    /// When it closed.
    pub closed: Option<Timestamp>,
    /// Every play received, in order.
    pub submissions: Vec<Submission>,
    /// The plays that counted.
    pub plays: AnyMove,
    /// The referee's report.
    pub report: AnyReport,
    /// The announcement made when it closed, if one was kept.
    pub announcement: Option<String>,
}

/// The round being played.
#[derive(Clone, Debug, PartialEq)]
struct OpenRound {
    number: u32,
    opened: Option<Timestamp>,
    deadline: Option<Timestamp>,
    submissions: Vec<Submission>,
}

/// A simultaneous game in progress (or finished).
#[derive(Clone, Debug)]
pub struct Rounds {
    game: GameId,
    options: GameOptions,
    start: AnyGame,
    position: AnyGame,
    seats: Vec<Occupant>,
    settings: RoundSettings,
    seed: u64,
    setup: Option<String>,
    started: Option<Timestamp>,
    closed: Vec<ClosedRound>,
    open: Option<OpenRound>,
    tags: Vec<(String, String)>,
    rated: bool,
    rating_range: Option<[i32; 2]>,
    tournament: Option<i64>,
    /// Whether the game was called off.
    aborted: bool,
    /// Whether the computer's plays wait for [`Rounds::send_computer_plays`]
    /// instead of being sent as a round opens (not part of the record).
    defer_computer: bool,
}

impl Rounds {
    /// A new game of `game` under `options`, from its start or from
    /// `setup`, with `seats` in seat order, opened at `now`; the computer's
    /// seats send their plays for round 1 at once (seeded by `seed`).
    pub fn new(
        game: GameId,
        options: &GameOptions,
        setup: Option<&str>,
        seats: Vec<Occupant>,
        settings: RoundSettings,
        seed: u64,
        now: Timestamp,
    ) -> Result<Rounds, PlayError> {
        Rounds::build(game, options, setup, seats, settings, seed, now, false)
    }

    /// [`Rounds::new`], but the computer's plays wait for
    /// [`Rounds::send_computer_plays`] in every round (a server runs them
    /// when its searches' turn comes, see [`Rounds::defer_computer_plays`]).
    pub fn new_deferring_computer(
        game: GameId,
        options: &GameOptions,
        setup: Option<&str>,
        seats: Vec<Occupant>,
        settings: RoundSettings,
        seed: u64,
        now: Timestamp,
    ) -> Result<Rounds, PlayError> {
        Rounds::build(game, options, setup, seats, settings, seed, now, true)
    }

    #[allow(clippy::too_many_arguments)]
    fn build(
        game: GameId,
        options: &GameOptions,
        setup: Option<&str>,
        seats: Vec<Occupant>,
        settings: RoundSettings,
        seed: u64,
        now: Timestamp,
        defer_computer: bool,
    ) -> Result<Rounds, PlayError> {
        if !game.is_simultaneous() {
            return Err(PlayError::seats(game.as_str(), "it is played in turns: play it in a session"));
        }
        let options = options.check(game.info(), setup.is_some(), str::to_string)?;
        let start = game.start(&options, setup)?;
        check_seats(&start, &seats)?;
        if settings.round_hours == Some(0) {
            return Err(PlayError::seats("0", "a round lasts at least one hour"));
        }
        let mut rounds = Rounds {
            game,
            options,
            position: start.clone(),
            start,
            seats,
            settings,
            seed,
            setup: setup.map(str::to_string),
            started: Some(now),
            closed: Vec::new(),
            open: None,
            tags: Vec::new(),
            rated: false,
            rating_range: None,
            tournament: None,
            aborted: false,
            defer_computer,
        };
        rounds.open_round(1, now);
        Ok(rounds)
    }

    /// Opens round `number` at `now`; the computer sends its plays, unless
    /// they are deferred.
    fn open_round(&mut self, number: u32, now: Timestamp) -> Vec<Event> {
        let deadline = self.settings.round_hours.map(|h| now.after(i64::from(h) * HOUR));
        self.open = Some(OpenRound { number, opened: Some(now), deadline, submissions: Vec::new() });
        let mut events = vec![Event::RoundOpened { round: number, deadline }];
        if !self.defer_computer {
            events.extend(self.fill_computer_seats(now));
        }
        events
    }

    /// From now on the computer's plays wait for
    /// [`Rounds::send_computer_plays`]; a round still closes with them
    /// (they are sent then if they were not).
    pub fn defer_computer_plays(&mut self) {
        self.defer_computer = true;
    }

    /// Whether a computer seat still in the game has no play in this round.
    pub fn computer_to_play(&self) -> bool {
        self.waiting().iter().any(|s| self.seats.get(s.index()).is_some_and(Occupant::is_computer))
    }

    /// Sends the plays of the computer's seats that have none in yet; when
    /// the game closes rounds early and every play is then in, the round
    /// closes.
    pub fn send_computer_plays(&mut self, now: Timestamp) -> Result<Vec<Event>, PlayError> {
        let mut events = self.fill_computer_seats(now);
        if !events.is_empty() && self.settings.close_early && self.all_in() {
            events.extend(self.close(now, false)?);
        }
        Ok(events)
    }

    /// Sets how the game counts for its players' ratings (see
    /// [`GameRecord::rated`](crate::GameRecord::rated)).
    pub fn set_rating_terms(&mut self, rated: bool, rating_range: Option<[i32; 2]>) {
        self.rated = rated;
        self.rating_range = rating_range;
    }

    /// Sets the tournament the game is a game of (see
    /// [`GameRecord::tournament`](crate::GameRecord::tournament)).
    pub fn set_tournament(&mut self, tournament: Option<i64>) {
        self.tournament = tournament;
    }

    /// Each seat's finishing place, a greater number finishing better:
    /// the winners `u32::MAX`, every other seat the number of rounds it
    /// survived (seats doomed in the same round tie).
    pub fn finishing_places(&self) -> Vec<u32> {
        let seats = self.seats.len();
        let mut places = vec![0u32; seats];
        let mut position = self.start.clone();
        for (survived, round) in (1u32..).zip(&self.closed) {
            match position.play(&round.plays) {
                Ok(next) => position = next,
                Err(_) => break,
            }
            let active = position.active();
            for (seat, place) in places.iter_mut().enumerate() {
                if u8::try_from(seat).is_ok_and(|seat| active.contains(arbiter_core::Seat(seat))) {
                    *place = survived;
                }
            }
        }
        for winner in self.status().winners().iter() {
            if let Some(place) = places.get_mut(usize::from(winner.0)) {
                *place = u32::MAX;
            }
        }
        places
    }

    /// The game.
    pub fn game(&self) -> GameId {
        self.game
    }

    /// The position now.
    pub fn position(&self) -> &AnyGame {
        &self.position
    }

    /// The position the game started from.
    pub fn start(&self) -> &AnyGame {
        &self.start
    }

    /// Who sits in each seat.
    pub fn seats(&self) -> &[Occupant] {
        &self.seats
    }

    /// The players' names by seat (empty where a seat has none).
    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|o| o.name.clone().unwrap_or_default()).collect()
    }

    /// How rounds are run.
    pub fn settings(&self) -> RoundSettings {
        self.settings
    }

    /// The round being played, or the last one once the game is over.
    pub fn round(&self) -> u32 {
        self.open.as_ref().map_or(self.closed.len() as u32, |r| r.number)
    }

    /// When the open round was announced.
    pub fn opened(&self) -> Option<Timestamp> {
        self.open.as_ref().and_then(|r| r.opened)
    }

    /// The open round's deadline.
    pub fn deadline(&self) -> Option<Timestamp> {
        self.open.as_ref().and_then(|r| r.deadline)
    }

    /// Every closed round.
    pub fn closed_rounds(&self) -> &[ClosedRound] {
        &self.closed
    }

    /// Whether the game is over, and how.
    pub fn status(&self) -> GameStatus {
        if self.aborted {
            return GameStatus::Over(arbiter_core::Outcome::aborted());
        }
        self.position.status()
    }

    /// Calls the game off: the open round closes unplayed (its pending
    /// plays are dropped), and nobody won.
    pub fn abort(&mut self) -> Result<Vec<Event>, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver { token: "abort".into() });
        }
        self.open = None;
        self.aborted = true;
        Ok(vec![Event::GameOver { status: self.status() }])
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.open.is_none()
    }

    /// `C (Carol)`, or `C` for a seat without a name.
    pub fn who(&self, seat: Seat) -> String {
        crate::announce::Names(&self.names()).who(&self.position, seat)
    }

    /// The seat named by `who`: a player's label, or their name (in any
    /// case).
    pub fn seat_named(&self, who: &str) -> Result<Seat, PlayError> {
        let seats = || self.position.seats();
        let by_name = |exact: bool| {
            seats().find(|&s| {
                self.seats[s.index()]
                    .name
                    .as_deref()
                    .is_some_and(|n| if exact { n == who } else { n.eq_ignore_ascii_case(who) })
            })
        };
        self.position.seat_by_label(who).or_else(|| by_name(true)).or_else(|| by_name(false)).ok_or_else(|| {
            PlayError::NoSuchPlayer {
                token: who.to_string(),
                players: seats().map(|s| self.who(s)).collect::<Vec<_>>().join(", "),
            }
        })
    }

    /// The players still in the game who have sent no valid play yet.
    pub fn waiting(&self) -> SeatSet {
        if self.is_over() {
            return SeatSet::EMPTY;
        }
        self.position.active().iter().filter(|&s| self.pending_play(s).is_none()).collect()
    }

    /// The valid play of `seat` that counts so far this round, if
    /// `viewer` may see it (its player and the referee may; nobody else,
    /// before the round closes).
    pub fn pending_play_seen(&self, viewer: Viewer, seat: Seat) -> Option<&Submission> {
        if viewer.sees_for(seat) { self.pending_play(seat) } else { None }
    }

    /// How many players still in the game have a valid play in.
    pub fn plays_in(&self) -> usize {
        if self.is_over() {
            return 0;
        }
        self.position.active().iter().filter(|&s| self.pending_play(s).is_some()).count()
    }

    /// Whether every player still in the game has a valid play in.
    pub fn all_in(&self) -> bool {
        !self.is_over() && self.waiting().is_empty()
    }
}
