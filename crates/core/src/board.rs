//! The board model: what any screen draws of a position, made by the game
//! itself. A grid of named cells (with zones and the words a screen reader
//! says), stacks of pieces on them, named spots off the grid that moves
//! name (towers, river ends, a toad in hand, pools), the cells of the last
//! move and notes. The browser draws its board from it, the terminal draws
//! its diagram from it, and [`Clicks`] say which cells and spots make a
//! move, so that no screen parses a position or a move.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A piece: whose it is, what kind (art is keyed by kind) and the short
/// label a plain drawing or the terminal shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Piece {
    /// The seat that owns it, as position strings name seats (`w`); none
    /// for a piece nobody owns (Single Capture Go's `@`).
    pub owner: Option<String>,
    /// What it is (`golem`, `sage`, `toad`), one of the catalog's kinds.
    pub kind: String,
    /// Its short label (`G`, `S`, `A`).
    pub label: String,
    /// A play not yet resolved, shown only to the player who made it
    /// (Single Capture Go's pending play).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pending: bool,
}

impl Piece {
    /// A piece of `owner` (a seat's label).
    pub fn new(owner: Option<String>, kind: impl Into<String>, label: impl Into<String>) -> Piece {
        Piece { owner, kind: kind.into(), label: label.into(), pending: false }
    }
}

/// A cell of the grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Cell {
    /// Its name in moves (`e4`).
    pub name: String,
    /// The area it belongs to (`sanctum`, `river`, `bank`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
    /// The seat the zone belongs to (a sanctum's owner), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone_owner: Option<String>,
    /// What a screen reader says of it: its name, zone and what stands on
    /// it (`e4, White golem`).
    pub words: String,
    /// What stands on it, bottom first; empty for an empty cell.
    pub stack: Vec<Piece>,
}

/// Where a spot is drawn, relative to the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Over the grid, centred on its anchor cells (a tower between ranks).
    Over,
    /// Left of the anchor cells, outside the grid.
    West,
    /// Right of the anchor cells, outside the grid.
    East,
    /// Above the grid, over the anchor cells.
    North,
    /// Below the grid, under the anchor cells.
    South,
}

/// A place off the grid that moves name or that holds pieces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Spot {
    /// Its name in [`Clicks::steps`] (`tower-b`, `W`, `toad-o`, `pool-w`).
    pub name: String,
    /// What it is (`tower`, `river-end`, `hand`, `pool`).
    pub zone: String,
    /// The seat it belongs to, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    /// What a screen reader says of it.
    pub words: String,
    /// The cells it is drawn by: at their centre ([`Side::Over`]) or
    /// beside them outside the grid.
    pub anchor: Vec<String>,
    /// Where it is drawn relative to the anchor.
    pub side: Side,
    /// What it holds, bottom first.
    pub stack: Vec<Piece>,
}

/// Everything a screen needs to draw a position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct BoardModel {
    /// The columns' names, left to right as the first seat sees the board.
    pub columns: Vec<String>,
    /// The rows' names, top to bottom as the first seat sees the board.
    pub rows: Vec<String>,
    /// Whether the cells alternate in shade (a checkerboard).
    pub checkered: bool,
    /// Every cell, row by row from the top, each row left to right:
    /// `cells[row * columns.len() + column]`.
    pub cells: Vec<Cell>,
    /// The places off the grid.
    pub spots: Vec<Spot>,
    /// The cells and spots of the last move, in order.
    pub last_move: Vec<String>,
    /// What the board does not show (who is to move, scores, pools), a
    /// line each.
    pub notes: Vec<String>,
}

impl BoardModel {
    /// A grid of `columns` × `rows` with no cells yet.
    pub fn grid(columns: Vec<String>, rows: Vec<String>, checkered: bool) -> BoardModel {
        BoardModel { columns, rows, checkered, ..BoardModel::default() }
    }

    /// The cell named `name`.
    pub fn cell(&self, name: &str) -> Option<&Cell> {
        self.cells.iter().find(|c| c.name == name)
    }

    /// The spot named `name`.
    pub fn spot(&self, name: &str) -> Option<&Spot> {
        self.spots.iter().find(|s| s.name == name)
    }

    /// The cells of row `row` (0 the top), left to right.
    pub fn row(&self, row: usize) -> &[Cell] {
        let width = self.columns.len();
        self.cells.get(row * width..(row + 1) * width).unwrap_or(&[])
    }

    /// Whether `name` is a cell or a spot of this board.
    pub fn has_place(&self, name: &str) -> bool {
        self.cell(name).is_some() || self.spot(name).is_some()
    }

    /// Adds `piece` on `cell` as pending: a play only its player sees.
    pub fn add_pending(&mut self, cell: &str, piece: Piece) {
        if let Some(c) = self.cells.iter_mut().find(|c| c.name == cell) {
            c.stack.push(Piece { pending: true, ..piece });
            c.words.push_str(", your play");
        }
    }
}

/// A move as clicks: the cells and spots to click in order, and, where
/// several moves share their clicks, the choice that tells them apart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Clicks {
    /// The cells and spots clicked, in order (empty for a move made with a
    /// button, such as `pass`).
    pub steps: Vec<String>,
    /// A few words telling this move from others with the same steps
    /// (`hulk with h1`).
    pub choice: String,
}

impl Clicks {
    /// A move made by clicking `steps`, with `choice` to tell it apart.
    pub fn new(steps: Vec<String>, choice: impl Into<String>) -> Clicks {
        Clicks { steps, choice: choice.into() }
    }
}

/// A legal move as a screen offers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct LegalMove {
    /// The move in its canonical long form, as it is sent.
    #[serde(rename = "move")]
    pub mv: String,
    /// The cells and spots to click, in order.
    pub steps: Vec<String>,
    /// Where several moves share their steps, what tells this one apart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choice: Option<String>,
}

/// The moves `moves` (long form and clicks) as a screen offers them: a
/// choice is kept only where several moves share their steps.
pub fn legal_entries(moves: Vec<(String, Clicks)>) -> Vec<LegalMove> {
    let mut shared = std::collections::HashMap::<&[String], usize>::new();
    for (_, clicks) in &moves {
        *shared.entry(clicks.steps.as_slice()).or_default() += 1;
    }
    let needs_choice: Vec<bool> = moves.iter().map(|(_, c)| shared[c.steps.as_slice()] > 1).collect();
    moves
        .into_iter()
        .zip(needs_choice)
        .map(|((mv, clicks), needed)| LegalMove { mv, steps: clicks.steps, choice: needed.then_some(clicks.choice) })
        .collect()
}

/// A short phrase of the pieces on a stack for a screen reader: `White
/// golem`; for stacks, the pieces bottom first joined by `under`.
pub fn stack_words(stack: &[Piece], seat_name: impl Fn(&str) -> String) -> String {
    stack
        .iter()
        .map(|p| match &p.owner {
            Some(owner) => format!("{} {}", seat_name(owner), p.kind.replace('-', " ")),
            None => p.kind.replace('-', " "),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_is_kept_only_where_steps_are_shared() {
        let steps = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let entries = legal_entries(vec![
            ("a3-a1".into(), Clicks::new(steps(&["a3", "a1"]), "remove")),
            ("a3-a1 h1=H".into(), Clicks::new(steps(&["a3", "a1"]), "hulk with h1")),
            ("b2-b3".into(), Clicks::new(steps(&["b2", "b3"]), "move")),
        ]);
        assert_eq!(entries[0].choice.as_deref(), Some("remove"));
        assert_eq!(entries[1].choice.as_deref(), Some("hulk with h1"));
        assert_eq!(entries[2].choice, None);
        let json = serde_json::to_value(&entries[2]).unwrap();
        assert_eq!(json, serde_json::json!({"move": "b2-b3", "steps": ["b2", "b3"]}));
    }

    #[test]
    fn rows_are_slices_of_the_cells() {
        let mut b = BoardModel::grid(vec!["a".into(), "b".into()], vec!["2".into(), "1".into()], true);
        for name in ["a2", "b2", "a1", "b1"] {
            b.cells.push(Cell { name: name.into(), zone: None, zone_owner: None, words: name.into(), stack: vec![] });
        }
        assert_eq!(b.row(1).iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["a1", "b1"]);
        assert!(b.row(2).is_empty());
        assert!(b.has_place("b1") && !b.has_place("c1"));
    }
}
