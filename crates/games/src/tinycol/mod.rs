//! Tiny Col, a test-only game: Col (a map-colouring game from *Winning
//! Ways*) on a 3×3 board. Blue and Red take turns placing a stone of
//! their colour on an empty square that no stone of their own colour
//! touches along a side; a player who cannot place loses.
//!
//! Arbiter does not offer it: it is compiled only with the `test-game`
//! feature, which the tests turn on and a release build leaves off, to
//! show that a game is its folder and one registry line
//! (docs/ADDING_A_GAME.md walks through it).
//!
//! ```
//! use arbiter_core::{Game, Notation};
//! use arbiter_games::tinycol::TinyCol;
//!
//! let start = TinyCol::start(&Default::default());
//! let next = start.play(&start.parse_move("b2")?);
//! assert_eq!(next.position_string(), ".../.b./... r");
//! # Ok::<(), arbiter_core::MoveError>(())
//! ```

mod diagram;
mod info;
mod model;
mod notation;
mod refusals;

use arbiter_core::{EndReason, Game, GameInfo, GameOptions, GameStatus, OptionError, Outcome, Seat, splitmix64};

/// A square, `rank * 3 + file` (`a1` is 0, `c3` is 8).
pub type Square = u8;

/// The number of squares.
pub const SQUARES: usize = 9;

/// The squares touching each square along a side, as a mask.
const NEIGHBOURS: [u16; SQUARES] = {
    let mut masks = [0u16; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (file, rank) = (sq % 3, sq / 3);
        if file > 0 {
            masks[sq] |= 1 << (sq - 1);
        }
        if file < 2 {
            masks[sq] |= 1 << (sq + 1);
        }
        if rank > 0 {
            masks[sq] |= 1 << (sq - 3);
        }
        if rank < 2 {
            masks[sq] |= 1 << (sq + 3);
        }
        sq += 1;
    }
    masks
};

/// The rules a game is played under: Tiny Col has no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TinyColConfig;

/// A move: the square a stone is placed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place(pub Square);

/// A Tiny Col position: each colour's stones, and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TinyCol {
    /// Each seat's stones, a bit per square.
    stones: [u16; 2],
    /// The seat to move: 0 Blue, 1 Red.
    side: u8,
}

impl TinyCol {
    /// The seat whose stone is on `sq`, if any.
    pub fn stone(&self, sq: Square) -> Option<Seat> {
        (0..2u8).find(|&s| self.stones[usize::from(s)] & (1 << sq) != 0).map(Seat)
    }

    /// Whether `sq` holds a stone.
    fn taken(&self, sq: Square) -> bool {
        (self.stones[0] | self.stones[1]) & (1 << sq) != 0
    }

    /// Whether a stone of the side to move touches `sq` along a side.
    fn beside_own(&self, sq: Square) -> bool {
        NEIGHBOURS[usize::from(sq)] & self.stones[usize::from(self.side)] != 0
    }

    /// Whether the side to move may place on `sq`.
    fn allowed(&self, sq: Square) -> bool {
        !self.taken(sq) && !self.beside_own(sq)
    }

    /// Whether some colour's stones touch each other along a side.
    fn own_stones_touch(stones: [u16; 2]) -> bool {
        stones.iter().any(|&mine| (0..SQUARES).any(|sq| mine & (1 << sq) != 0 && NEIGHBOURS[sq] & mine != 0))
    }
}

impl Game for TinyCol {
    type Move = Place;
    type Config = TinyColConfig;

    const INFO: &'static GameInfo = &info::INFO;

    fn configure(_options: &GameOptions) -> Result<TinyColConfig, OptionError> {
        Ok(TinyColConfig)
    }

    fn start(_config: &TinyColConfig) -> TinyCol {
        TinyCol { stones: [0, 0], side: 0 }
    }

    fn config(&self) -> TinyColConfig {
        TinyColConfig
    }

    fn to_move(&self) -> Seat {
        Seat(self.side)
    }

    fn legal_moves(&self, moves: &mut Vec<Place>) {
        moves.clear();
        moves.extend((0..SQUARES as Square).filter(|&sq| self.allowed(sq)).map(Place));
    }

    fn play(&self, mv: &Place) -> TinyCol {
        let mut next = *self;
        next.stones[usize::from(self.side)] |= 1 << mv.0;
        next.side ^= 1;
        next
    }

    fn status(&self) -> GameStatus {
        if (0..SQUARES as Square).any(|sq| self.allowed(sq)) {
            GameStatus::Ongoing
        } else {
            GameStatus::Over(Outcome::win(Seat(self.side ^ 1), EndReason::Immobilization))
        }
    }

    fn hash(&self) -> u64 {
        self.hash_from_scratch()
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut state = u64::from(self.stones[0]) | u64::from(self.stones[1]) << 9 | u64::from(self.side) << 18;
        splitmix64(&mut state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Notation;

    #[test]
    fn a_stone_never_touches_its_own_colour() {
        let p = TinyCol::start(&TinyColConfig).play(&Place(4));
        let p = p.play(&Place(0));
        // Blue's stone on b2 keeps Blue off a2, b1, b3 and c2.
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        let names: Vec<String> = moves.iter().map(|m| p.move_string(m)).collect();
        assert_eq!(names, ["c1", "a3", "c3"]);
    }

    #[test]
    fn a_player_who_cannot_place_loses() {
        // Blue on b1 and b3, Red on a2 and c2: every empty square touches
        // a blue stone, so Blue, to move, cannot place and Red wins.
        let p = TinyCol::parse_position(".b./r.r/.b. b", &TinyColConfig).unwrap();
        assert_eq!(p.status(), GameStatus::Over(Outcome::win(Seat(1), EndReason::Immobilization)));
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        assert!(moves.is_empty());
        // The same stones with Red to move would say Blue passed: not a position of the game.
        assert!(TinyCol::parse_position(".b./r.r/.b. r", &TinyColConfig).is_err());
    }
}
