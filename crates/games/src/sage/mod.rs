//! Sage Tafl: an 8×9 board with a river on rank 5, Sages who come down
//! from their towers, apprentices that halt at the river bank, skyships
//! that fly two diagonal steps, custodial capture by the moved piece, and
//! escape down the river to score five points.
//!
//! ```
//! use arbiter_core::{Game, Notation};
//! use arbiter_games::sage::{Sage, SageConfig};
//!
//! let start = Sage::start(&SageConfig::default());
//! let next = start.play(&start.parse_move("a2-c4")?);
//! assert_eq!(next.position_string(), "2aaaa2/k1aaaa1k/8/8/8/2K5/8/2AAAA1K/2AAAA2 r Ss 0-0");
//! # Ok::<(), arbiter_core::MoveError>(())
//! ```

mod board;
mod diagram;
mod info;
mod model;
mod movegen;
mod moves;
mod notation;
mod refusals;

pub use board::{
    BOARD, Bits, Color, Dir, FILES, KINDS, Kind, MAX_SCORE, RANKS, RIVER, RIVER_EAST, RIVER_RANK, RIVER_WEST, SQUARES,
    Square, WINNING_SCORE, bit, file_of, parse_square, rank_of, square_name, squares,
};
pub use moves::{End, SageMove};
pub use notation::{PositionSetup, START};

use arbiter_core::{EndReason, Game, GameInfo, GameOptions, GameStatus, OptionError, Outcome, Seat};
use board::{DIRS, KEYS, NONE, TABLES};

/// The rules a game is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SageConfig {
    /// Whether the third occurrence of a position ends the game drawn.
    pub repetition: bool,
}

impl Default for SageConfig {
    fn default() -> Self {
        SageConfig { repetition: true }
    }
}

/// A Sage Tafl position: the pieces, which Sages are in their towers, the
/// scores, the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sage {
    /// One set of squares per side and kind.
    pieces: [[Bits; 3]; 2],
    /// Whether each side's Sage is in her tower.
    towers: [bool; 2],
    /// Points scored by escapes.
    scores: [u8; 2],
    side: Color,
    repetition: bool,
    hash: u64,
}

impl Sage {
    /// The side to move.
    pub const fn side(&self) -> Color {
        self.side
    }

    /// The seat of a colour: Black is seat 0.
    pub const fn seat_of(color: Color) -> Seat {
        Seat(color as u8)
    }

    /// The squares holding `color`'s pieces of `kind`.
    pub const fn pieces(&self, color: Color, kind: Kind) -> Bits {
        self.pieces[color as usize][kind as usize]
    }

    /// Every square holding a piece of `color`.
    #[inline]
    pub const fn occupied_by(&self, color: Color) -> Bits {
        let p = &self.pieces[color as usize];
        p[0] | p[1] | p[2]
    }

    /// Every occupied square.
    pub const fn occupied(&self) -> Bits {
        self.occupied_by(Color::Black) | self.occupied_by(Color::Red)
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<(Color, Kind)> {
        let b = bit(sq);
        Color::BOTH.into_iter().find_map(|c| KINDS.into_iter().find(|&k| self.pieces(c, k) & b != 0).map(|k| (c, k)))
    }

    /// Where `color`'s Sage stands, if she is on the board.
    pub fn sage_square(&self, color: Color) -> Option<Square> {
        let s = self.pieces(color, Kind::Sage);
        (s != 0).then(|| s.trailing_zeros() as Square)
    }

    /// Whether `color`'s Sage is in her tower.
    pub const fn in_tower(&self, color: Color) -> bool {
        self.towers[color as usize]
    }

    /// The points `color` has scored.
    pub const fn score(&self, color: Color) -> u8 {
        self.scores[color as usize]
    }

    /// The enemy pieces `mv` would capture: each one orthogonally next to
    /// the destination with a piece of the mover straight beyond it (the
    /// square the mover leaves does not count). Escapes and passes capture
    /// nothing.
    pub fn captures(&self, mv: &SageMove) -> Bits {
        let (from, to) = match *mv {
            SageMove::Step(from, to) => (bit(from), to),
            SageMove::Tower(to) => (0, to),
            SageMove::Escape(..) | SageMove::Pass => return 0,
        };
        let me = self.side;
        let enemies = self.occupied_by(me.other());
        if TABLES.orthogonal[to as usize] & enemies == 0 {
            return 0;
        }
        let anvils = self.occupied_by(me) & !from;
        let mut victims = 0;
        for dir in DIRS {
            let d = dir as usize;
            let next = TABLES.neighbour[d][to as usize];
            if next == NONE || enemies & bit(next) == 0 {
                continue;
            }
            let beyond = TABLES.neighbour[d][next as usize];
            if beyond != NONE && anvils & bit(beyond) != 0 {
                victims |= bit(next);
            }
        }
        victims
    }

    fn kind_at(&self, color: Color, sq: Square) -> Kind {
        let b = bit(sq);
        let p = &self.pieces[color.index()];
        if p[Kind::Apprentice.index()] & b != 0 {
            Kind::Apprentice
        } else if p[Kind::Skyship.index()] & b != 0 {
            Kind::Skyship
        } else {
            Kind::Sage
        }
    }

    fn toggle(&mut self, color: Color, kind: Kind, sq: Square) {
        self.pieces[color.index()][kind.index()] ^= bit(sq);
        self.hash ^= KEYS.piece[color.index()][kind.index()][sq as usize];
    }

    fn toggle_tower(&mut self, color: Color) {
        self.towers[color.index()] ^= true;
        self.hash ^= KEYS.tower[color.index()];
    }

    fn add_score(&mut self, color: Color, points: u8) {
        let c = color.index();
        // Moves are made only while both scores are below five, so a score
        // never passes 4 + 3 and stays within the key table.
        let new = self.scores[c] + points;
        self.hash ^= KEYS.score[c][self.scores[c] as usize] ^ KEYS.score[c][new as usize];
        self.scores[c] = new;
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for color in Color::BOTH {
            let c = color.index();
            for kind in KINDS {
                for sq in squares(self.pieces[c][kind.index()]) {
                    h ^= KEYS.piece[c][kind.index()][sq as usize];
                }
            }
            if self.towers[c] {
                h ^= KEYS.tower[c];
            }
            h ^= KEYS.score[c][self.scores[c] as usize];
        }
        if self.side == Color::Red {
            h ^= KEYS.red_to_move;
        }
        h
    }

    /// A position from its parts (the hash computed here).
    pub(crate) fn from_parts(
        pieces: [[Bits; 3]; 2],
        towers: [bool; 2],
        scores: [u8; 2],
        side: Color,
        repetition: bool,
    ) -> Sage {
        let mut p = Sage { pieces, towers, scores, side, repetition, hash: 0 };
        p.hash = p.compute_hash();
        p
    }

    /// Makes a legal move in place.
    fn make(&mut self, mv: &SageMove) {
        let me = self.side;
        let them = me.other();
        let victims = self.captures(mv);
        match *mv {
            SageMove::Step(from, to) => {
                let kind = self.kind_at(me, from);
                self.toggle(me, kind, from);
                self.toggle(me, kind, to);
            }
            SageMove::Tower(to) => {
                self.toggle_tower(me);
                self.toggle(me, Kind::Sage, to);
            }
            SageMove::Escape(from, _) => {
                let kind = self.kind_at(me, from);
                self.toggle(me, kind, from);
                self.add_score(me, kind.points());
            }
            SageMove::Pass => {}
        }
        for sq in squares(victims) {
            let kind = self.kind_at(them, sq);
            self.toggle(them, kind, sq);
            if kind == Kind::Sage {
                // Child of Fate: a captured Sage goes back to her tower.
                self.toggle_tower(them);
            }
        }
        self.side = them;
        self.hash ^= KEYS.red_to_move;
    }

    /// The outcome decided by the scores: five points win at once.
    fn decided(&self) -> Option<Outcome> {
        Color::BOTH
            .into_iter()
            .find(|&c| self.scores[c.index()] >= WINNING_SCORE)
            .map(|c| Outcome::win(Sage::seat_of(c), EndReason::Score))
    }
}

impl Game for Sage {
    type Move = SageMove;
    type Config = SageConfig;
    const INFO: &'static GameInfo = &info::INFO;

    fn configure(options: &GameOptions) -> Result<SageConfig, OptionError> {
        Ok(SageConfig { repetition: options.switch("repetition", true) })
    }

    fn start(config: &SageConfig) -> Sage {
        PositionSetup::parse(START).and_then(|s| s.validate(config.repetition)).expect("the start position is valid")
    }

    fn config(&self) -> SageConfig {
        SageConfig { repetition: self.repetition }
    }

    fn to_move(&self) -> Seat {
        Sage::seat_of(self.side)
    }

    fn legal_moves(&self, moves: &mut Vec<SageMove>) {
        self.generate(moves);
    }

    fn legal_move_count(&self, _scratch: &mut Vec<SageMove>) -> usize {
        self.count()
    }

    fn random_move<R: rand::Rng + ?Sized>(&self, rng: &mut R, _scratch: &mut Vec<SageMove>) -> Option<SageMove> {
        self.pick_random(rng)
    }

    #[inline]
    fn play(&self, mv: &SageMove) -> Sage {
        let mut next = *self;
        next.make(mv);
        next
    }

    fn play_in_place(&mut self, mv: &SageMove) {
        self.make(mv);
    }

    fn status(&self) -> GameStatus {
        if let Some(outcome) = self.decided() {
            GameStatus::Over(outcome)
        } else if !self.can_move(self.side) && !self.can_move(self.side.other()) {
            GameStatus::Over(Outcome::draw(EndReason::Passes))
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

    fn repetition_limit(&self) -> Option<u32> {
        self.repetition.then_some(3)
    }
}
