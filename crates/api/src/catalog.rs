//! `GET /api/games/catalog`: every game and edition a server offers, with
//! what a screen needs to offer it — seats, options, piece kinds, how
//! moves are written and where the rules are.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The games a server offers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Catalog {
    /// Each game and edition, in the registry's order.
    pub games: Vec<CatalogGame>,
}

/// One game, or one edition of a game that has several.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct CatalogGame {
    /// Its identifier in `POST /api/games` (`agog`).
    pub game: String,
    /// The edition (`classic`), for a game that has several.
    pub variant: Option<String>,
    /// Its name for people (`A•G•O•G`, `A•G•O•G (classic)`).
    pub name: String,
    /// A line on what sets the edition apart, for a game with several.
    pub about: Option<String>,
    /// What the game is, in a line for someone who has never played it.
    pub summary: String,
    /// The fewest seats a game has.
    pub min_seats: u8,
    /// The most seats a game has.
    pub max_seats: u8,
    /// The seats when they are fixed, the first to play first (empty for
    /// a game whose seats are lettered as it starts).
    pub seats: Vec<CatalogSeat>,
    /// Whether players act at once in rounds (the clock is then hours a
    /// round, not days a move).
    pub rounds: bool,
    /// The options `POST /api/games` takes in `options`.
    pub options: Vec<CatalogOption>,
    /// The kinds of piece its boards draw.
    pub pieces: Vec<CatalogPiece>,
    /// How moves are written, for people.
    pub notation: String,
    /// The path of its rules page.
    pub rules: String,
    /// What its players may offer each other: `takeback`, `draw`,
    /// `rematch` (a draw only where its rules let a game end drawn).
    pub offers: Vec<String>,
    /// Whether a player may resign (`POST …/resign`).
    pub resign: bool,
    /// Every rule a move can be refused for: the `rule` of a 422 answer,
    /// with the section of the rules page that explains it.
    pub refusals: Vec<CatalogRefusal>,
}

/// A rule a move can be refused for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CatalogRefusal {
    /// Its code (`agog.capture.longest`), as a refusal's `rule` gives it.
    pub code: String,
    /// The id of the rules page's section that explains it (`capturing`).
    pub section: String,
    /// The rule, in a line for people.
    pub about: String,
}

/// A fixed seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CatalogSeat {
    /// Its label (`w`).
    pub label: String,
    /// Its name for people (`White`).
    pub name: String,
}

/// The type of an option's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OptionType {
    /// `true` or `false`.
    Switch,
    /// A whole number between `min` and `max`.
    Number,
    /// Text the game checks.
    Text,
}

/// An option of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct CatalogOption {
    /// Its key in `options` (`handicap`).
    pub name: String,
    /// The type of its value.
    #[serde(rename = "type")]
    pub kind: OptionType,
    /// The smallest value of a number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<u64>,
    /// The largest value of a number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u64>,
    /// Its value when not given, if it has one.
    pub default: Option<serde_json::Value>,
    /// What it does.
    pub help: String,
}

/// A kind of piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CatalogPiece {
    /// The board model's `kind`.
    pub kind: String,
    /// Its name for people.
    pub name: String,
}
