//! Games where every remaining player acts in the same round and a referee
//! resolves the round from all plays at once (Single Capture Go). Nobody
//! pretends to take turns: a round is a set of `(seat, play)` pairs, and a
//! player without an entry made no valid play.

use std::fmt::Debug;
use std::hash::Hash;

use crate::error::{MoveError, OptionError, PositionError};
use crate::info::GameInfo;
use crate::options::GameOptions;
use crate::round::Round;
use crate::seat::{Seat, SeatSet};
use crate::status::GameStatus;
use crate::telling::RoundTelling;

/// A position of a simultaneous game.
///
/// Positions are values: [`SimultaneousGame::resolve`] returns the position
/// after a round and leaves the old one untouched.
pub trait SimultaneousGame: Clone + Debug + Send + Sync + 'static {
    /// One player's play in a round, small and copyable.
    type Play: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// What fixes the rules before the game starts (players, options).
    type Config: Clone + Debug + Default + Send + Sync + 'static;
    /// The referee's account of one round: what became of each play, who
    /// left the game and why, who won.
    type Report: Clone + Debug + PartialEq + Send + Sync + 'static;

    /// What the game declares about itself: name, seats, options, record
    /// syntax.
    const INFO: &'static GameInfo;

    /// The rules named by `options`, which [`GameOptions::check`] has
    /// checked against [`SimultaneousGame::INFO`].
    fn configure(options: &GameOptions) -> Result<Self::Config, OptionError>;

    /// The start position for `config`.
    fn start(config: &Self::Config) -> Self;

    /// The rules this position is played under.
    fn config(&self) -> Self::Config;

    /// Number of seats the game began with.
    fn seat_count(&self) -> usize;

    /// The players still in the game. When the game is over these are the
    /// players who were never removed (possibly none).
    fn active(&self) -> SeatSet;

    /// Every play `seat` may make this round (cleared first); empty for a
    /// player who has left and for everyone once the game is over.
    fn legal_plays(&self, seat: Seat, plays: &mut Vec<Self::Play>);

    /// Whether `seat` may make `play` this round.
    fn is_legal_play(&self, seat: Seat, play: &Self::Play) -> bool {
        let mut plays = Vec::new();
        self.legal_plays(seat, &mut plays);
        plays.contains(play)
    }

    /// A uniformly random legal play of `seat`, or `None` when it has none.
    /// Games may pick without generating every play.
    fn random_play<R: rand::Rng + ?Sized>(
        &self,
        seat: Seat,
        rng: &mut R,
        scratch: &mut Vec<Self::Play>,
    ) -> Option<Self::Play> {
        use rand::RngExt;
        self.legal_plays(seat, scratch);
        if scratch.is_empty() { None } else { Some(scratch[rng.random_range(0..scratch.len())]) }
    }

    /// Resolves a round from the valid play of each player who made one
    /// (each seat at most once, each play legal); players without an entry
    /// made no valid play. Returns the next position and the round's report.
    fn resolve_reported(&self, round: &Round<Self::Play>) -> (Self, Self::Report);

    /// The position after a round, without the report (for search); games
    /// may override it for speed, and must agree with
    /// [`SimultaneousGame::resolve_reported`].
    fn resolve(&self, round: &Round<Self::Play>) -> Self {
        self.resolve_reported(round).0
    }

    /// Whether the game is over, and how.
    fn status(&self) -> GameStatus;

    /// A 64-bit hash of everything the position string says, maintained
    /// incrementally.
    fn hash(&self) -> u64;

    /// The hash recomputed from scratch; must equal
    /// [`SimultaneousGame::hash`].
    fn hash_from_scratch(&self) -> u64;
}

/// Text in and text out for a [`SimultaneousGame`]: position strings, one
/// player's play (`B:e7`) and a whole round (plays joined by `,`).
pub trait SimultaneousNotation: SimultaneousGame {
    /// Reads a position string and checks that it is a position of the game.
    fn parse_position(text: &str, config: &Self::Config) -> Result<Self, PositionError>;

    /// The canonical position string; parses back to the same string.
    fn position_string(&self) -> String;

    /// Reads one player's play, naming the player (`B:e7`), and checks that
    /// the player may make it this round.
    fn parse_play(&self, text: &str) -> Result<(Seat, Self::Play), MoveError>;

    /// Reads `seat`'s play as the player sends it (a square, `e7`), and
    /// checks that the player may make it this round.
    fn parse_seat_play(&self, seat: Seat, text: &str) -> Result<Self::Play, MoveError>;

    /// The canonical text of a play as its player sends it (`e7`).
    fn seat_play_string(&self, play: &Self::Play) -> String;

    /// The canonical text of `seat`'s play.
    fn play_string(&self, seat: Seat, play: &Self::Play) -> String;

    /// A seat's label in text and JSON.
    fn seat_label(&self, seat: Seat) -> String;

    /// A board diagram for people: the board with coordinates, each piece
    /// marked with its owner and each cell with its square, then notes.
    fn board_diagram(&self) -> crate::Diagram;

    /// What a screen draws of this position: the grid, its cells and
    /// pieces, and notes.
    fn board_model(&self) -> crate::BoardModel;

    /// The cells clicked to make `play`: its square.
    fn play_clicks(&self, play: &Self::Play) -> crate::Clicks {
        crate::Clicks::new(vec![self.seat_play_string(play).into()], "")
    }

    /// The board diagram as text, several lines.
    fn diagram(&self) -> String {
        self.board_diagram().to_string()
    }

    /// The position as the referee's bulletins and announcements draw it
    /// (by default, the diagram).
    fn referee_picture(&self) -> String {
        self.diagram()
    }

    /// What the referee's opening announcement says of the board before
    /// drawing it (its size, how squares are named, what may be played):
    /// by default nothing.
    fn referee_board_words(&self) -> String {
        String::new()
    }

    /// What a player sends, for the opening announcement's "Send your
    /// play, …, to the referee" (`one square without a letter such as
    /// c3`): by default nothing more.
    fn referee_play_form(&self) -> Option<&'static str> {
        None
    }

    /// The referee's announcement of the round that led from this position
    /// to `after`, in the game's own words, told the facts only the
    /// referee's table knows. `None` (the default) leaves it to the plain
    /// account every simultaneous game gets.
    fn announce_round(&self, after: &Self, report: &Self::Report, telling: &RoundTelling<'_>) -> Option<String> {
        let _ = (after, report, telling);
        None
    }

    /// Reads a whole round: plays joined by `,` in any order, each player
    /// at most once; `-` is a round in which nobody made a valid play.
    fn parse_round(&self, text: &str) -> Result<Round<Self::Play>, MoveError> {
        if text == "-" {
            return Ok(Round::new());
        }
        let mut round = Round::new();
        for part in text.split(',') {
            if part.is_empty() {
                return Err(MoveError::malformed(text, "a round is plays joined by single commas, with nothing empty"));
            }
            let (seat, play) = self.parse_play(part)?;
            if round.get(seat).is_some() {
                return Err(MoveError::malformed(
                    part,
                    format!("{} plays twice in one round; a round holds one play per player", self.seat_label(seat)),
                ));
            }
            round.set(seat, Some(play));
        }
        Ok(round)
    }

    /// The canonical text of a round: the plays in seat order joined by
    /// `,`, or `-` when there is none.
    fn round_string(&self, round: &Round<Self::Play>) -> String {
        if round.is_empty() {
            return "-".into();
        }
        round.iter().map(|(s, p)| self.play_string(s, &p)).collect::<Vec<_>>().join(",")
    }
}
