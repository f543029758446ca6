//! Single Capture Go: 2–12 players, each with a capital letter, play at
//! the same time on an N×N grid; a referee resolves each round (collisions
//! become `@`, groups without liberty doom their player) until one player,
//! or nobody, is left.
//!
//! ```
//! use arbiter_core::{SimultaneousGame, SimultaneousNotation};
//! use arbiter_games::scg::{Scg, ScgConfig, Letters};
//!
//! let start = Scg::start(&ScgConfig { letters: Some(Letters::parse("ABC")?), at_blocked: false });
//! assert_eq!(start.position_string(), "....../....../....../....../....../...... ABC");
//! // A and B collide on c3 (it becomes @), C places a letter on d4.
//! let round = start.parse_round("A:c3,B:c3,C:d4")?;
//! let (next, report) = start.resolve_reported(&round);
//! assert_eq!(next.position_string(), "....../....../..@.../...C../....../...... ABC");
//! assert!(report.doomed.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod announce;
mod diagram;
mod grid;
mod info;
mod letters;
mod model;
mod notation;
mod refusals;
mod report;
mod resolve;

pub use grid::{Cells, Geometry, MAX_PLAYERS, MAX_SIDE, MAX_SQUARES, MIN_PLAYERS, MIN_SIDE, Square, grid_side};
pub use letters::Letters;
pub use notation::PositionSetup;
pub use report::{Doom, Fate, PlayResult, RoundReport};

use arbiter_core::{
    EndReason, GameInfo, GameOptions, GameStatus, OptionError, Outcome, Round, Seat, SeatSet, SimultaneousGame,
    splitmix64,
};

/// The rules a game is played under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ScgConfig {
    /// The players' letters in seat order. `None` means two players `A`
    /// and `B` at the start, and "the players the position string lists"
    /// when a position is read.
    pub letters: Option<Letters>,
    /// The system rule "`@` squares blocked": a square holding `@` cannot
    /// be played (off by default).
    pub at_blocked: bool,
}

/// What a square holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Nothing: a liberty for the groups next to it.
    Empty,
    /// `@`: a collision or a doomed player's former letter.
    At,
    /// A letter of the player in this seat.
    Letter(Seat),
}

/// A Single Capture Go position: the grid, the players still in the game,
/// and (once everyone has been doomed) who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scg {
    n: u8,
    letters: Letters,
    active: SeatSet,
    stones: [Cells; MAX_PLAYERS],
    at: Cells,
    at_blocked: bool,
    /// The winners by most letters, once every player has been doomed;
    /// empty when the position was read from text, which does not say.
    winners: SeatSet,
    hash: u64,
}

/// A fixed pseudo-random key per hashed feature, computed on demand.
#[inline]
fn key(feature: u64) -> u64 {
    let mut state = 0x5C60_0000_0000_0000 ^ feature.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    splitmix64(&mut state)
}

/// The key of `letter` on `sq`.
#[inline]
fn letter_key(letter: u8, sq: Square) -> u64 {
    key(u64::from(letter) << 8 | u64::from(sq))
}

/// The key of `@` on `sq`.
#[inline]
fn at_key(sq: Square) -> u64 {
    key(1 << 16 | u64::from(sq))
}

/// The key of `letter` being in the game.
#[inline]
fn active_key(letter: u8) -> u64 {
    key(2 << 16 | u64::from(letter))
}

impl Scg {
    /// A position from its parts; the hash is computed here. Every seat in
    /// `active` must have a letter; `stones` of other seats are ignored.
    pub(crate) fn from_parts(
        n: usize,
        letters: Letters,
        active: SeatSet,
        stones: [Cells; MAX_PLAYERS],
        at: Cells,
        at_blocked: bool,
    ) -> Scg {
        let mut p = Scg { n: n as u8, letters, active, stones, at, at_blocked, winners: SeatSet::EMPTY, hash: 0 };
        p.hash = p.compute_hash();
        p
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for seat in 0..self.letters.len() {
            let letter = self.letters.get(Seat(seat as u8));
            for sq in self.stones[seat].iter() {
                h ^= letter_key(letter, sq);
            }
            if self.active.contains(Seat(seat as u8)) {
                h ^= active_key(letter);
            }
        }
        for sq in self.at.iter() {
            h ^= at_key(sq);
        }
        h
    }

    /// The grid side N.
    pub const fn side(&self) -> usize {
        self.n as usize
    }

    /// The grid's shape.
    pub fn geometry(&self) -> &'static Geometry {
        Geometry::of(self.n as usize)
    }

    /// The letters of every seat, in seat order.
    pub const fn letters(&self) -> Letters {
        self.letters
    }

    /// The letter of a seat.
    pub fn letter(&self, seat: Seat) -> char {
        self.letters.get(seat) as char
    }

    /// The seat whose letter is `letter`.
    pub fn seat_of(&self, letter: char) -> Option<Seat> {
        self.letters.seat_of(letter)
    }

    /// Whether `@` squares are blocked in this game.
    pub const fn at_blocked(&self) -> bool {
        self.at_blocked
    }

    /// What a square holds.
    pub fn cell(&self, sq: Square) -> Cell {
        if self.at.contains(sq) {
            return Cell::At;
        }
        for seat in self.active.iter() {
            if self.stones[seat.index()].contains(sq) {
                return Cell::Letter(seat);
            }
        }
        Cell::Empty
    }

    /// The squares holding a seat's letters.
    pub fn stones(&self, seat: Seat) -> Cells {
        self.stones[seat.index()]
    }

    /// The squares holding `@`.
    pub const fn at_cells(&self) -> Cells {
        self.at
    }

    /// The squares holding any letter.
    pub fn lettered(&self) -> Cells {
        self.active.iter().fold(Cells::EMPTY, |acc, s| acc | self.stones[s.index()])
    }

    /// The empty squares.
    pub fn empty_cells(&self) -> Cells {
        self.geometry().all & !(self.at | self.lettered())
    }

    /// The squares a remaining player may play this round: every square
    /// without a letter (without `@` either when `@` squares are blocked).
    pub fn playable(&self) -> Cells {
        if self.status().is_over() {
            return Cells::EMPTY;
        }
        let free = self.geometry().all & !self.lettered();
        if self.at_blocked { free & !self.at } else { free }
    }

    /// The first square of each group of `seat` that has no liberty, in
    /// increasing order.
    pub fn airless_groups(&self, seat: Seat) -> Vec<Square> {
        let geo = self.geometry();
        let mut airless = self.airless(seat);
        let mut firsts = Vec::new();
        while let Some(sq) = airless.first() {
            firsts.push(sq);
            let group = geo.flood(Cells::single(sq), airless);
            airless = airless & !group;
        }
        firsts
    }

    /// The letters of `seat` in groups without liberty.
    fn airless(&self, seat: Seat) -> Cells {
        let geo = self.geometry();
        let stones = self.stones[seat.index()];
        let breathing = geo.neighbours(self.empty_cells()) & stones;
        stones & !geo.flood(breathing, stones)
    }

    /// The winners when the game is over.
    fn outcome(&self) -> Option<Outcome> {
        match self.active.len() {
            0 => Some(Outcome { winners: self.winners, reason: EndReason::MostLetters }),
            1 => Some(Outcome { winners: self.active, reason: EndReason::LastStanding }),
            _ => None,
        }
    }
}

impl SimultaneousGame for Scg {
    type Play = Square;
    type Config = ScgConfig;
    type Report = RoundReport;
    const INFO: &'static GameInfo = &info::INFO;

    fn configure(options: &GameOptions) -> Result<ScgConfig, OptionError> {
        info::configure(options)
    }

    fn start(config: &ScgConfig) -> Scg {
        let letters = config.letters.unwrap_or_else(|| Letters::first(MIN_PLAYERS));
        let active: SeatSet = (0..letters.len()).map(|i| Seat(i as u8)).collect();
        let n = grid_side(letters.len().max(MIN_PLAYERS));
        Scg::from_parts(n, letters, active, [Cells::EMPTY; MAX_PLAYERS], Cells::EMPTY, config.at_blocked)
    }

    fn config(&self) -> ScgConfig {
        ScgConfig { letters: Some(self.letters), at_blocked: self.at_blocked }
    }

    fn seat_count(&self) -> usize {
        self.letters.len()
    }

    fn active(&self) -> SeatSet {
        self.active
    }

    fn legal_plays(&self, seat: Seat, plays: &mut Vec<Square>) {
        plays.clear();
        if self.active.contains(seat) {
            plays.extend(self.playable().iter());
        }
    }

    fn is_legal_play(&self, seat: Seat, play: &Square) -> bool {
        self.active.contains(seat) && self.playable().contains(*play)
    }

    fn random_play<R: rand::Rng + ?Sized>(
        &self,
        seat: Seat,
        rng: &mut R,
        _scratch: &mut Vec<Square>,
    ) -> Option<Square> {
        use rand::RngExt;
        if !self.active.contains(seat) {
            return None;
        }
        let playable = self.playable();
        match playable.count() {
            0 => None,
            k => playable.nth(rng.random_range(0..k)),
        }
    }

    fn resolve_reported(&self, plays: &Round<Square>) -> (Scg, RoundReport) {
        let mut report = RoundReport::default();
        let next = self.settle(plays, Some(&mut report));
        (next, report)
    }

    fn resolve(&self, plays: &Round<Square>) -> Scg {
        self.settle(plays, None)
    }

    fn status(&self) -> GameStatus {
        match self.outcome() {
            Some(o) => GameStatus::Over(o),
            None => GameStatus::Ongoing,
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }
}
