//! Conditional moves as the store keeps them: each seat's lines ("if
//! they play X, I play Y, …") in the game's row, as JSON, with a version
//! of their own. Setting lines moves that version on but not the game's
//! (which every viewer follows: nobody may learn that a player set
//! lines); a change to the game is stored only if the lines are as it
//! found them, so a move never acts on lines set meanwhile, on this
//! server or another. Reading and setting them: `conditional_queries.rs`.

use serde::{Deserialize, Serialize};

use crate::error::StoreError;
use crate::key::GameKey;

/// One seat's conditional lines, each a list of moves in the game's long
/// form starting with the move of the side to move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatLines {
    /// The seat whose lines they are.
    pub seat: u8,
    /// The lines.
    pub lines: Vec<Vec<String>>,
}

/// A game's conditional lines, every seat's, as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Conditionals {
    /// Their version: one more each time a player sets theirs.
    pub version: i64,
    /// The seats that have lines (none: no seat has any).
    pub seats: Vec<SeatLines>,
}

impl Conditionals {
    /// The lines of `seat` (empty if it has none).
    pub fn of(&self, seat: u8) -> &[Vec<String>] {
        self.seats.iter().find(|s| s.seat == seat).map_or(&[], |s| s.lines.as_slice())
    }

    /// Whether no seat has a line.
    pub fn is_empty(&self) -> bool {
        self.seats.iter().all(|s| s.lines.is_empty())
    }

    /// These lines with `seat`'s replaced by `lines`.
    pub fn with(&self, seat: u8, lines: Vec<Vec<String>>) -> Vec<SeatLines> {
        let mut seats: Vec<SeatLines> =
            self.seats.iter().filter(|s| s.seat != seat && !s.lines.is_empty()).cloned().collect();
        if !lines.is_empty() {
            seats.push(SeatLines { seat, lines });
            seats.sort_by_key(|s| s.seat);
        }
        seats
    }
}

/// What a change to a game does to its lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConditionalsWrite {
    /// The lines' version the change found: it is stored only if they
    /// are still at it.
    pub found: i64,
    /// The lines after the change.
    pub lines: Vec<SeatLines>,
    /// Whether the change changed them (a move matched them or cleared
    /// them): only then are they written.
    pub changed: bool,
}

/// The lines as the game's row holds them (`None`: no seat has any).
pub(crate) fn write_lines(key: &GameKey, seats: &[SeatLines]) -> Result<String, StoreError> {
    serde_json::to_string(seats).map_err(|e| StoreError::Record {
        key: key.clone(),
        reason: format!("the conditional lines cannot be written: {e}"),
    })
}

/// The lines from the game's row.
pub(crate) fn read_lines(key: &GameKey, json: Option<&str>, version: i64) -> Result<Conditionals, StoreError> {
    let seats = match json {
        None => Vec::new(),
        Some(json) => serde_json::from_str(json).map_err(|e| StoreError::Record {
            key: key.clone(),
            reason: format!("the stored conditional lines cannot be read: {e}"),
        })?,
    };
    Ok(Conditionals { version, seats })
}
