//! The referee's game file: the game record as JSON, with the format's
//! version. Files of the first format are read too.

use serde::{Deserialize, Serialize};

use super::legacy::FormatOne;
use super::{GameRecord, RecordError};

/// The version of the game file's format this program writes.
pub const FORMAT: u32 = 2;

/// A game file: the format's version and the game record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefereeFile {
    /// The format's version ([`FORMAT`]).
    pub format: u32,
    /// The game.
    #[serde(flatten)]
    pub record: GameRecord,
}

fn invalid(token: &str, reason: impl Into<String>) -> RecordError {
    RecordError::File { token: token.to_string(), reason: reason.into() }
}

impl RefereeFile {
    /// The file's text for `record`: pretty JSON and a final newline.
    pub fn to_json(record: &GameRecord) -> String {
        let file = RefereeFile { format: FORMAT, record: record.clone() };
        let mut text = serde_json::to_string_pretty(&file).expect("a game record serialises");
        text.push('\n');
        text
    }

    /// Reads a game file of either format. The record is not yet
    /// replayed.
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| invalid("JSON", e.to_string()))?;
        let format = value.get("format").and_then(serde_json::Value::as_u64);
        match format {
            Some(1) => {
                let old: FormatOne = serde_json::from_value(value).map_err(|e| invalid("JSON", e.to_string()))?;
                old.into_record()
            }
            Some(2) => {
                let file: RefereeFile = serde_json::from_value(value).map_err(|e| invalid("JSON", e.to_string()))?;
                Ok(file.record)
            }
            Some(other) => Err(invalid(&other.to_string(), format!("this program reads formats 1 and {FORMAT}"))),
            None => Err(invalid("format", "a game file gives its format's version")),
        }
    }
}
