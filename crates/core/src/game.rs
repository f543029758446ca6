//! The traits a game implements.

use std::fmt::Debug;
use std::hash::Hash;

use crate::error::{MoveError, OptionError, PositionError};
use crate::info::GameInfo;
use crate::options::GameOptions;
use crate::seat::Seat;
use crate::status::GameStatus;

/// A position of a sequential game: one player moves at a time.
///
/// Positions are small values: [`Game::play`] returns a new position and
/// leaves the old one untouched (copy-make), so search never needs undo.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// A move, small and copyable.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// What fixes the rules of a game before it starts: edition, handicap,
    /// options such as the repetition rule.
    type Config: Clone + Debug + Default + Send + Sync + 'static;

    /// What the game declares about itself: name, seats, variants,
    /// options, record syntax.
    const INFO: &'static GameInfo;

    /// The rules named by `options`, which [`GameOptions::check`] has
    /// checked against [`Game::INFO`].
    fn configure(options: &GameOptions) -> Result<Self::Config, OptionError>;

    /// The start position for `config`.
    fn start(config: &Self::Config) -> Self;

    /// The rules this position is played under.
    fn config(&self) -> Self::Config;

    /// Number of players.
    fn seat_count(&self) -> usize {
        2
    }

    /// The player to move.
    fn to_move(&self) -> Seat;

    /// Writes every legal move into `moves` (cleared first). Empty when the
    /// game is over.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Number of legal moves; games may count faster than they generate.
    fn legal_move_count(&self, scratch: &mut Vec<Self::Move>) -> usize {
        self.legal_moves(scratch);
        scratch.len()
    }

    /// A uniformly random legal move, or `None` when there is none. Games
    /// may pick without generating every move; `scratch` is reusable space.
    fn random_move<R: rand::Rng + ?Sized>(&self, rng: &mut R, scratch: &mut Vec<Self::Move>) -> Option<Self::Move> {
        use rand::RngExt;
        self.legal_moves(scratch);
        if scratch.is_empty() { None } else { Some(scratch[rng.random_range(0..scratch.len())]) }
    }

    /// The position after `mv`, which must be one of [`Game::legal_moves`].
    fn play(&self, mv: &Self::Move) -> Self;

    /// Plays `mv` on this position itself (for playouts, which keep no
    /// earlier positions); same result as [`Game::play`].
    fn play_in_place(&mut self, mv: &Self::Move) {
        *self = self.play(mv);
    }

    /// Whether the game is over, judged from this position alone (rules
    /// that need the history, such as repetition, are judged by
    /// the game's history (a `Line` of the registered games)).
    fn status(&self) -> GameStatus;

    /// A 64-bit hash of everything that decides the future of the game,
    /// maintained incrementally by [`Game::play`].
    fn hash(&self) -> u64;

    /// The hash recomputed from scratch; must equal [`Game::hash`].
    fn hash_from_scratch(&self) -> u64;

    /// When this many occurrences of one position end the game drawn, if
    /// the game has such a rule and the config turns it on.
    fn repetition_limit(&self) -> Option<u32> {
        None
    }
}

/// Text in and text out for a [`Game`]: position strings and moves in the
/// forms of the notation specification.
pub trait Notation: Game {
    /// Reads a position string and checks that it is a position of the game.
    fn parse_position(text: &str, config: &Self::Config) -> Result<Self, PositionError>;

    /// The canonical position string; parses back to an equal position.
    fn position_string(&self) -> String;

    /// Reads a move in canonical long form (games may accept more forms)
    /// and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// The canonical long form of a legal move.
    fn move_string(&self, mv: &Self::Move) -> String;

    /// A legal move as game records write it (the long form unless the
    /// game's records have a notation of their own, as A•G•O•G's
    /// scorekeeping).
    fn record_move_string(&self, mv: &Self::Move) -> String {
        self.move_string(mv)
    }

    /// A seat's label in text and JSON (`w`, `b`, …).
    fn seat_label(&self, seat: Seat) -> String;

    /// A board diagram for people: the board with coordinates, each piece
    /// marked with its owner and each cell with its square, then notes.
    fn board_diagram(&self) -> crate::Diagram;

    /// What a screen draws of this position: the grid, its cells and
    /// pieces, the spots off the grid and notes.
    fn board_model(&self) -> crate::BoardModel;

    /// What changed on the board from `before` (another position of this
    /// game) to this position, with `last_move` (the clicks of the move
    /// that led here) marked where they are places of this board:
    /// `board_model()` with the marks, `changes_since(&before.board_model())`.
    /// That is what this default does; a game may tell the change from
    /// its positions instead, without drawing either board whole.
    fn board_change(&self, before: &Self, last_move: &[crate::Name]) -> Option<crate::BoardChange> {
        let mut after = self.board_model();
        after.mark_last_move(last_move);
        after.changes_since(&before.board_model())
    }

    /// The cells and spots clicked to make `mv`, a legal move here, and
    /// the words that tell it from other moves with the same clicks.
    fn clicks(&self, mv: &Self::Move) -> crate::Clicks;

    /// The board diagram as text, several lines.
    fn diagram(&self) -> String {
        self.board_diagram().to_string()
    }
}
