//! What the command line prints with `--json` where it says what the
//! server says too: a position's status and outcome are the same
//! [`Outcome`] in both.

use serde::{Deserialize, Serialize};

use crate::games::Outcome;

/// `arbiter apply --json`: the position after the moves and how the game
/// stands there, as the notation specification writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionReport {
    /// The position string.
    pub position: String,
    /// `ongoing`, `win` or `draw`.
    pub status: String,
    /// Who won and why, once it is over.
    #[serde(flatten)]
    pub outcome: Outcome,
    /// Single Capture Go: the players who left the game in the last round
    /// given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doomed: Option<Vec<String>>,
}
