//! Single Capture Go as the type-erased text face ([`crate::AnyGame`])
//! sees it: options from text, playable squares, whole rounds, status.

use arbiter_core::{SimultaneousGame, SimultaneousNotation, Status, TextError};

use super::letters::Letters;
use super::{RoundReport, Scg, ScgConfig};
use crate::any::StatusReport;

/// The config named by the text options: `players` as letters (`ABCD`) or
/// a count (`4`), and the "`@` squares blocked" rule.
pub fn game_config(players: Option<&str>, at_blocked: Option<bool>) -> Result<ScgConfig, TextError> {
    let letters = players.map(Letters::parse).transpose()?;
    Ok(ScgConfig { letters, at_blocked: at_blocked.unwrap_or(false) })
}

/// The status in words: `ongoing`, or `win` with the winners' letters and
/// `last-standing` / `most-letters`. A position read from text in which
/// nobody is left does not say who won: it is a `win` with no winner
/// named.
pub fn status_words(p: &Scg) -> StatusReport {
    match p.status() {
        Status::Ongoing => StatusReport { status: "ongoing", winners: Vec::new(), reason: None },
        Status::Over(o) => StatusReport {
            status: "win",
            winners: o.winners.iter().map(|s| p.seat_label(s)).collect(),
            reason: Some(o.reason),
        },
    }
}

impl Scg {
    /// The squares that may be played this round, named, in byte order.
    pub fn playable_names(&self) -> Vec<String> {
        let geo = self.geometry();
        let mut names: Vec<String> = self.playable().iter().map(|sq| geo.name(sq)).collect();
        names.sort_unstable();
        names
    }

    /// Plays a whole round given as text (`A:c3,B:c3,C:d4`, or `-`).
    pub fn play_round(&self, text: &str) -> Result<(Scg, RoundReport), TextError> {
        if self.status().is_over() {
            return Err(TextError::new(text, "the game is over"));
        }
        let plays = self.parse_round(text)?;
        Ok(self.resolve_reported(&plays))
    }

    /// The canonical text of a round given as text.
    pub fn canonical_round(&self, text: &str) -> Result<String, TextError> {
        Ok(self.round_string(&self.parse_round(text)?))
    }

    /// The letters of the players still in the game (`ABC`), or `-`.
    pub fn active_letters(&self) -> String {
        let s: String = self.active.iter().map(|seat| self.letter(seat)).collect();
        if s.is_empty() { "-".into() } else { s }
    }
}
