//! A•G•O•G, both editions: bitboard positions, legal moves under the
//! maximum-capture rule, corruption, sanctum promotion, handicaps, position
//! strings, long moves and the seed's scorekeeping notation.
//!
//! ```
//! use arbiter_core::{Game, Notation};
//! use arbiter_games::agog::{Agog, AgogConfig};
//!
//! let start = Agog::start(&AgogConfig::default());
//! let mv = start.parse_move("e2-e3")?;
//! let next = start.play(&mv);
//! assert_eq!(next.to_move(), arbiter_core::Seat(1));
//! # Ok::<(), arbiter_core::MoveError>(())
//! ```

mod board;
mod diagram;
mod explain;
mod handicap;
mod info;
mod model;
mod movegen;
mod moves;
mod notation;
mod refusals;
mod scorekeeping;

pub use board::{Color, Edition, Kind, Square, parse_square, square_name};
pub use handicap::{MAX_HANDICAP, handicap_squares};
pub use moves::{AgogMove, MAX_JUMPS};
pub use notation::{PositionSetup, START};

use arbiter_core::{EndReason, Game, GameInfo, GameOptions, GameStatus, OptionError, Outcome, Seat};
use board::{Board, KEYS, bit};

/// The rules a game is played under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AgogConfig {
    /// Which rule text.
    pub edition: Edition,
    /// Golems Black starts without, 0–10.
    pub handicap: u8,
}

/// An A•G•O•G position: units, pools, side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Agog {
    board: Board,
    pools: [u8; 2],
    side: Color,
    edition: Edition,
    hash: u64,
}

impl Agog {
    /// The side to move.
    pub const fn side(&self) -> Color {
        self.side
    }

    /// The edition this position is played under.
    pub const fn edition(&self) -> Edition {
        self.edition
    }

    /// The golems of `color` off the board and still in the game.
    pub const fn pool(&self, color: Color) -> u8 {
        self.pools[color as usize]
    }

    /// The unit on `sq`, if any.
    pub fn unit_at(&self, sq: Square) -> Option<(Color, Kind)> {
        self.board.unit_at(sq)
    }

    /// The squares holding units of `color` and `kind`, as a bitboard
    /// (bit `sq` set for square `sq`).
    pub const fn bitboard(&self, color: Color, kind: Kind) -> u64 {
        self.board.units[color as usize][kind as usize]
    }

    /// Every square holding a unit of `color`, as a bitboard.
    pub const fn units_of(&self, color: Color) -> u64 {
        self.board.occupied[color as usize]
    }

    /// The seat of a colour: White is seat 0.
    pub const fn seat_of(color: Color) -> Seat {
        Seat(color as u8)
    }

    /// The largest number of units any legal capture sequence jumps here
    /// (0 when no capture is available).
    pub fn max_capture(&self) -> usize {
        let mut moves = Vec::new();
        self.generate(&mut moves);
        moves.first().map_or(0, |m| m.jumps as usize)
    }

    fn toggle(&mut self, color: Color, kind: Kind, sq: Square) {
        self.board.toggle(color, kind, sq);
        self.hash ^= KEYS.unit[color.index()][kind.index()][sq as usize];
    }

    fn add_pool(&mut self, color: Color, n: u8) {
        if n != 0 {
            let c = color.index();
            self.hash ^= KEYS.pool[c][self.pools[c] as usize];
            self.pools[c] += n;
            self.hash ^= KEYS.pool[c][self.pools[c] as usize];
        }
    }

    /// Sends a unit's golem checkers to their pools.
    fn discard(&mut self, owner: Color, kind: Kind) {
        let (own, other) = self.edition.checkers(kind);
        self.add_pool(owner, own);
        self.add_pool(owner.other(), other);
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for c in 0..2 {
            for k in 0..5 {
                let mut set = self.board.units[c][k];
                while set != 0 {
                    h ^= KEYS.unit[c][k][set.trailing_zeros() as usize];
                    set &= set - 1;
                }
            }
            h ^= KEYS.pool[c][self.pools[c] as usize];
        }
        if self.side == Color::Black {
            h ^= KEYS.black_to_move;
        }
        h
    }

    /// The outcome decided on the board, before asking for moves.
    fn decided(&self) -> Option<Outcome> {
        let journeyman = |c: Color| self.board.units[c.index()][Kind::Journeyman.index()];
        for c in [Color::White, Color::Black] {
            if journeyman(c.other()) == 0 {
                return Some(Outcome::win(Agog::seat_of(c), EndReason::Capture));
            }
        }
        for c in [Color::White, Color::Black] {
            if journeyman(c) & bit(c.target_sanctum()) != 0 {
                return Some(Outcome::win(Agog::seat_of(c), EndReason::Sanctum));
            }
        }
        None
    }

    /// Makes a move in place; `mv` must be legal here.
    fn make(&mut self, mv: &AgogMove) {
        let next = self;
        let me = next.side;
        let them = me.other();
        let kind = next.board.kind_at(me, mv.from);
        next.toggle(me, kind, mv.from);
        let mut at = mv.from;
        for (i, &landing) in mv.landings().iter().enumerate() {
            let dir = board::direction(at, landing).expect("jumps are straight");
            let mut victim = board::NEIGHBOURS[dir][at as usize];
            while next.board.all() & bit(victim) == 0 {
                victim = board::NEIGHBOURS[dir][victim as usize];
            }
            let victim_kind = next.board.kind_at(them, victim);
            next.toggle(them, victim_kind, victim);
            if mv.corrupts(i) {
                next.pools_take(me);
                let corrupted = match (next.edition, victim_kind) {
                    (Edition::Classic, Kind::Golem) => Kind::CorruptGolem,
                    _ => Kind::CorruptHulk,
                };
                if next.edition == Edition::Current && victim_kind == Kind::Hulk {
                    next.add_pool(them, 1);
                }
                next.toggle(me, corrupted, victim);
            } else {
                next.discard(them, victim_kind);
            }
            at = landing;
        }
        if mv.to == me.target_sanctum() && kind != Kind::Journeyman {
            match mv.promotion() {
                Some(target) => {
                    next.toggle(me, Kind::Golem, target);
                    next.toggle(me, Kind::Hulk, target);
                    // The arriving unit's other checker (if any) leaves.
                    match kind {
                        Kind::Hulk => next.add_pool(me, 1),
                        Kind::CorruptHulk => next.add_pool(them, 1),
                        _ => {}
                    }
                }
                None => next.discard(me, kind),
            }
        } else {
            next.toggle(me, kind, mv.to);
        }
        next.side = them;
        next.hash ^= KEYS.black_to_move;
    }

    fn pools_take(&mut self, color: Color) {
        let c = color.index();
        self.hash ^= KEYS.pool[c][self.pools[c] as usize];
        self.pools[c] -= 1;
        self.hash ^= KEYS.pool[c][self.pools[c] as usize];
    }
}

impl Game for Agog {
    type Move = AgogMove;
    type Config = AgogConfig;
    const INFO: &'static GameInfo = &info::INFO;

    fn configure(options: &GameOptions) -> Result<AgogConfig, OptionError> {
        info::configure(options)
    }

    fn start(config: &AgogConfig) -> Agog {
        let mut position = Agog::parse_setup(START, config.edition).expect("the start position is valid");
        for sq in handicap_squares(config.handicap) {
            position.toggle(Color::Black, Kind::Golem, *sq);
        }
        position
    }

    fn config(&self) -> AgogConfig {
        AgogConfig { edition: self.edition, handicap: 0 }
    }

    fn to_move(&self) -> Seat {
        Agog::seat_of(self.side)
    }

    fn legal_moves(&self, moves: &mut Vec<AgogMove>) {
        self.generate(moves);
    }

    fn legal_move_count(&self, scratch: &mut Vec<AgogMove>) -> usize {
        self.count(scratch)
    }

    fn random_move<R: rand::Rng + ?Sized>(&self, rng: &mut R, scratch: &mut Vec<AgogMove>) -> Option<AgogMove> {
        self.pick_random(rng, scratch)
    }

    #[inline]
    fn play(&self, mv: &AgogMove) -> Agog {
        let mut next = *self;
        next.make(mv);
        next
    }

    fn play_in_place(&mut self, mv: &AgogMove) {
        self.make(mv);
    }

    fn status(&self) -> GameStatus {
        if let Some(outcome) = self.decided() {
            GameStatus::Over(outcome)
        } else if !self.has_move() {
            GameStatus::Over(Outcome::win(Agog::seat_of(self.side.other()), EndReason::Immobilization))
        } else {
            GameStatus::Ongoing
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }
}
