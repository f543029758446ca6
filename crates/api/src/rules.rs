//! A game's rules page for players (`GET /api/games/catalog/{game}/rules`):
//! structured text, as the game's folder keeps it, and the examples it
//! steps through. Text may hold `code` in backquotes and nothing else of
//! markup; a front end draws it as text.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A game's rules page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesPage {
    /// The game (`agog`).
    #[serde(default)]
    #[schema(required = true)]
    pub game: String,
    /// Who made the game and what it is about, before the contents.
    pub intro: Vec<RulesBlock>,
    /// The sections, in order, each with its anchor.
    pub sections: Vec<RulesSection>,
    /// The examples the blocks name, to step through.
    pub examples: Vec<RulesExample>,
}

/// A section of a rules page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesSection {
    /// Its anchor (`capturing`), which the catalog's refusals point to.
    pub id: String,
    /// Its heading.
    pub title: String,
    /// Its blocks, in order.
    pub blocks: Vec<RulesBlock>,
    /// The one edition it belongs to, if only one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only: Option<String>,
}

/// A piece of a section: exactly one of a paragraph, a list, numbered
/// steps, a table (its first row the heading) or an example's id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesBlock {
    /// A paragraph.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p: Option<String>,
    /// A list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub list: Option<Vec<String>>,
    /// Numbered steps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<String>>,
    /// A table, its first row the heading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<Vec<Vec<String>>>,
    /// The id of an example of the page's `examples`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub example: Option<String>,
    /// The one edition it belongs to, if only one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only: Option<String>,
}

impl RulesBlock {
    /// How many of its kinds it holds: a block is well made with one.
    pub fn kinds(&self) -> usize {
        [self.p.is_some(), self.list.is_some(), self.steps.is_some(), self.table.is_some(), self.example.is_some()]
            .into_iter()
            .filter(|&k| k)
            .count()
    }
}

/// An example: a start position and moves, each with the position after
/// it, played by the server's engine when drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesExample {
    /// Its id, as blocks name it.
    pub id: String,
    /// The game (`agog`).
    #[serde(default)]
    #[schema(required = true)]
    pub game: String,
    /// The edition it is played in, for a game with several.
    #[serde(default)]
    pub variant: Option<String>,
    /// Its heading.
    pub title: String,
    /// What it shows, if more than its heading says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub about: Option<String>,
    /// The start position string.
    pub start: String,
    /// The moves, in order.
    pub moves: Vec<RulesExampleMove>,
    /// The cells lit on the start (where the first move's piece can go).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lit: Option<Vec<String>>,
    /// Moves the rules refuse along the way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<Vec<RulesExampleRefusal>>,
}

/// A move of an example.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesExampleMove {
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// What it does, for people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The position string after it.
    pub after: String,
}

/// A move an example shows refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesExampleRefusal {
    /// After how many of the example's moves.
    pub at: usize,
    /// The move refused.
    #[serde(rename = "move")]
    pub mv: String,
    /// The engine's reason, as it says it.
    pub rule: String,
}
