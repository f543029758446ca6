//! Ogama: stacks of discs on a 5×5 board and two toads, with seeded random
//! deals, position strings, long moves and the no-singles count.
//!
//! ```
//! use arbiter_core::{Game, Notation};
//! use arbiter_games::ogama::{Ogama, OgamaConfig};
//!
//! // Seed 0 deals an orange disc to c1; Orange begins by placing her toad.
//! let deal = Ogama::start(&OgamaConfig { seed: 0, ..OgamaConfig::default() });
//! let placed = deal.play(&deal.parse_move("T@c1")?);
//! assert_eq!(placed.to_move(), arbiter_core::Seat(1));
//! # Ok::<(), arbiter_core::MoveError>(())
//! ```

mod board;
mod deal;
mod diagram;
mod info;
mod model;
mod movegen;
mod moves;
mod notation;
mod refusals;

pub use board::{Color, MAX_HEIGHT, SQUARES, Square, Stack, parse_square, square_name};
pub use deal::deal;
pub use moves::OgamaMove;
pub use notation::PositionSetup;

use arbiter_core::{EndReason, Game, GameInfo, GameOptions, GameStatus, OptionError, Outcome, Seat};
use board::{KEYS, NO_SQUARE};

/// The rules a game is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OgamaConfig {
    /// The seed of the random deal of the start position.
    pub seed: u64,
    /// Whether the third occurrence of a position ends the game drawn.
    pub repetition: bool,
}

impl Default for OgamaConfig {
    fn default() -> Self {
        OgamaConfig { seed: 0, repetition: true }
    }
}

/// An Ogama position: the stacks, the toads, the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ogama {
    stacks: [Stack; SQUARES],
    /// Squares topped by each colour, and those holding a lone disc of
    /// each colour: kept with the stacks, read by move generation.
    tops: [u32; 2],
    singles: [u32; 2],
    toads: [Square; 2],
    side: Color,
    repetition: bool,
    hash: u64,
}

impl Ogama {
    /// The side to move.
    pub const fn side(&self) -> Color {
        self.side
    }

    /// The stack on a square.
    pub fn stack(&self, sq: Square) -> Stack {
        self.stacks[sq as usize]
    }

    /// Where a side's toad stands, if it has been placed.
    pub fn toad(&self, color: Color) -> Option<Square> {
        let sq = self.toads[color.index()];
        (sq != NO_SQUARE).then_some(sq)
    }

    /// The seat of a colour: Orange is seat 0.
    pub const fn seat_of(color: Color) -> Seat {
        Seat(color as u8)
    }

    /// Discs of `color`'s opponent inside stacks topped by `color`: what
    /// `color` has captured, for the end-of-game count.
    pub fn captured_by(&self, color: Color) -> u32 {
        self.stacks
            .iter()
            .filter(|s| s.top() == Some(color))
            .map(|s| s.discs().filter(|&d| d != color).count() as u32)
            .sum()
    }

    /// Whether `color` has a disc standing alone on a square.
    pub fn has_single(&self, color: Color) -> bool {
        self.singles[color.index()] != 0
    }

    /// Recomputes the square sets of `sq` from its stack.
    fn index_square(&mut self, sq: usize) {
        let bit = 1u32 << sq;
        let stack = self.stacks[sq];
        for c in [Color::Orange, Color::Blue] {
            let on_top = stack.top() == Some(c);
            self.tops[c.index()] = (self.tops[c.index()] & !bit) | if on_top { bit } else { 0 };
            let single = on_top && stack.height() == 1;
            self.singles[c.index()] = (self.singles[c.index()] & !bit) | if single { bit } else { 0 };
        }
    }

    /// A position from its parts (the square sets and hash computed here).
    pub(crate) fn from_parts(stacks: [Stack; SQUARES], toads: [Square; 2], side: Color, repetition: bool) -> Ogama {
        let mut p = Ogama { stacks, tops: [0; 2], singles: [0; 2], toads, side, repetition, hash: 0 };
        for sq in 0..SQUARES {
            p.index_square(sq);
        }
        p.hash = p.compute_hash();
        p
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (sq, s) in self.stacks.iter().enumerate() {
            h ^= KEYS.stack[sq][s.0 as usize];
        }
        for c in 0..2 {
            h ^= KEYS.toad[c][self.toads[c] as usize];
        }
        if self.side == Color::Blue {
            h ^= KEYS.blue_to_move;
        }
        h
    }

    fn set_stack(&mut self, sq: Square, stack: Stack) {
        let i = sq as usize;
        self.hash ^= KEYS.stack[i][self.stacks[i].0 as usize] ^ KEYS.stack[i][stack.0 as usize];
        self.stacks[i] = stack;
        self.index_square(i);
    }

    fn set_toad(&mut self, color: Color, sq: Square) {
        let c = color.index();
        self.hash ^= KEYS.toad[c][self.toads[c] as usize] ^ KEYS.toad[c][sq as usize];
        self.toads[c] = sq;
    }

    fn make(&mut self, mv: &OgamaMove) {
        let me = self.side;
        match *mv {
            OgamaMove::Place(sq) => self.set_toad(me, sq),
            OgamaMove::Toad(_, to) => self.set_toad(me, to),
            OgamaMove::Disc(from, to) => {
                let from_stack = self.stacks[from as usize];
                self.set_stack(from, from_stack.pop());
                let to_stack = self.stacks[to as usize];
                self.set_stack(to, to_stack.push(me));
            }
            OgamaMove::Pass => {}
        }
        self.side = me.other();
        self.hash ^= KEYS.blue_to_move;
    }

    /// The end-of-game count: more captured discs wins, equal draws.
    fn count(&self, reason: EndReason) -> Outcome {
        let (o, b) = (self.captured_by(Color::Orange), self.captured_by(Color::Blue));
        match o.cmp(&b) {
            std::cmp::Ordering::Greater => Outcome::win(Ogama::seat_of(Color::Orange), reason),
            std::cmp::Ordering::Less => Outcome::win(Ogama::seat_of(Color::Blue), reason),
            std::cmp::Ordering::Equal => Outcome::draw(reason),
        }
    }

    /// The outcome decided on the board, before asking for moves.
    fn decided(&self) -> Option<Outcome> {
        // A six-disc stack is the only code with the marker in bit 6.
        if let Some(tower) = self.stacks.iter().find(|s| s.0 >= 1 << MAX_HEIGHT) {
            let winner = tower.top().expect("a tower has a top");
            return Some(Outcome::win(Ogama::seat_of(winner), EndReason::Tower));
        }
        let just_moved = self.side.other();
        if !self.has_single(just_moved) {
            return Some(self.count(EndReason::NoSingles));
        }
        None
    }
}

impl Game for Ogama {
    type Move = OgamaMove;
    type Config = OgamaConfig;
    const INFO: &'static GameInfo = &info::INFO;

    fn configure(options: &GameOptions) -> Result<OgamaConfig, OptionError> {
        Ok(OgamaConfig { seed: options.number("seed").unwrap_or(0), repetition: options.switch("repetition", true) })
    }

    fn start(config: &OgamaConfig) -> Ogama {
        deal(config.seed).validate(config.repetition).expect("a dealt position is valid")
    }

    fn config(&self) -> OgamaConfig {
        OgamaConfig { seed: 0, repetition: self.repetition }
    }

    fn to_move(&self) -> Seat {
        Ogama::seat_of(self.side)
    }

    fn legal_moves(&self, moves: &mut Vec<OgamaMove>) {
        self.generate(moves);
    }

    fn legal_move_count(&self, scratch: &mut Vec<OgamaMove>) -> usize {
        self.count_moves(scratch)
    }

    fn random_move<R: rand::Rng + ?Sized>(&self, rng: &mut R, scratch: &mut Vec<OgamaMove>) -> Option<OgamaMove> {
        self.pick_random(rng, scratch)
    }

    fn play(&self, mv: &OgamaMove) -> Ogama {
        let mut next = *self;
        next.make(mv);
        next
    }

    fn play_in_place(&mut self, mv: &OgamaMove) {
        self.make(mv);
    }

    fn status(&self) -> GameStatus {
        if let Some(outcome) = self.decided() {
            return GameStatus::Over(outcome);
        }
        if self.stuck(self.side) && self.stuck(self.side.other()) {
            return GameStatus::Over(self.count(EndReason::Passes));
        }
        GameStatus::Ongoing
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }

    fn repetition_limit(&self) -> Option<u32> {
        self.repetition.then_some(3)
    }
}
