//! What a game declares about itself: its name, seats, variants, options
//! and how its records are written. Each game's folder holds one
//! [`GameInfo`]; the registry lists them, and every front end reads them
//! instead of knowing the games.

use crate::options::OptionSpec;
use crate::seat::Seat;

/// A seat of a game whose seats are fixed (the turn-based games).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    /// The label in position strings, JSON and status lines (`w`).
    pub label: &'static str,
    /// The name for people and record tags (`White`).
    pub name: &'static str,
}

/// A variant of a game's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantInfo {
    /// Its identifier (`classic`).
    pub id: &'static str,
    /// What it is, for people.
    pub about: &'static str,
}

/// How a game's records are written, beyond the shared syntax.
#[derive(Clone, Copy, Debug)]
pub struct RecordSyntax {
    /// Whether a token belongs to the move before it (an A•G•O•G sanctum
    /// promotion `h1=H` follows its move as a token of its own).
    pub continues_move: fn(&str) -> bool,
    /// Whether a token is a result of this game (besides `*`): the score
    /// tokens `1—0`, `0—1`, `½—½` of two-player games, or the winners'
    /// labels of a game with more seats.
    pub is_result: fn(&str) -> bool,
}

/// Result tokens of a two-player game (the rule text's em dash, or the
/// ASCII forms).
pub const SCORE_TOKENS: [&str; 6] = ["1—0", "0—1", "½—½", "1-0", "0-1", "1/2-1/2"];

fn no_continuation(_: &str) -> bool {
    false
}

fn score_token(token: &str) -> bool {
    SCORE_TOKENS.contains(&token)
}

impl RecordSyntax {
    /// A two-player game: one token a move, scores as results.
    pub const TWO_PLAYERS: RecordSyntax = RecordSyntax { continues_move: no_continuation, is_result: score_token };
}

/// Everything a game declares about itself.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// The identifier in text (`agog`).
    pub id: &'static str,
    /// The game's name for people (`A•G•O•G`).
    pub name: &'static str,
    /// The seats, the first to play first, when they are fixed; empty for
    /// a game whose players are chosen when it starts (their labels then
    /// come from the position).
    pub seats: &'static [SeatInfo],
    /// The variants, the default first; empty for a game without any.
    pub variants: &'static [VariantInfo],
    /// The options, in the order records write their tags.
    pub options: &'static [OptionSpec],
    /// How moves are typed, with examples, for people at the board.
    pub move_help: &'static str,
    /// How records are written.
    pub record: RecordSyntax,
}

impl GameInfo {
    /// The fixed seat's information, if the game has fixed seats.
    pub fn seat(&self, seat: Seat) -> Option<&'static SeatInfo> {
        self.seats.get(seat.index())
    }

    /// The option with this key.
    pub fn option(&self, key: &str) -> Option<&'static OptionSpec> {
        self.options.iter().find(|o| o.key == key)
    }

    /// The option written under this record tag.
    pub fn option_by_tag(&self, tag: &str) -> Option<&'static OptionSpec> {
        self.options.iter().find(|o| o.tag == tag)
    }

    /// The default variant's identifier, if the game has variants.
    pub fn default_variant(&self) -> Option<&'static str> {
        self.variants.first().map(|v| v.id)
    }

    /// Whether results are written as scores (`1—0`): games with two
    /// fixed seats. Others write the winners' labels.
    pub fn scores_results(&self) -> bool {
        self.seats.len() == 2
    }
}
