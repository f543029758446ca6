//! Whether a game goes on, and how it ended.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::seat::{Seat, SeatSet};

/// The rule (or the event) that ended a game. Its word (`capture`,
/// `last-standing`, …) is what text and JSON output print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// A•G•O•G: a journeyman was captured.
    Capture,
    /// A•G•O•G: a journeyman reached the enemy sanctum.
    Sanctum,
    /// A•G•O•G: the player to move had no legal move.
    Immobilization,
    /// Sage Tafl: a side reached five points.
    Score,
    /// Sage Tafl and Ogama: two passes in a row.
    Passes,
    /// Ogama: a stack of six discs.
    Tower,
    /// Ogama: the player who just moved has no single disc left.
    NoSingles,
    /// The same position for the third time (a system rule).
    Repetition,
    /// Single Capture Go: one player is left.
    LastStanding,
    /// Single Capture Go: every remaining player was doomed in the same
    /// round; the most letters win.
    MostLetters,
    /// A player resigned.
    Resignation,
    /// A player ran out of time.
    Timeout,
    /// Self-play: the game reached the length limit and counts as a draw.
    MoveLimit,
    /// Self-play of Single Capture Go: the grid stopped changing.
    Stalled,
    /// Self-play of Single Capture Go: the game reached the round limit.
    Stopped,
    /// The game was called off (by an administrator): nobody won, and
    /// it is no draw either.
    Aborted,
    /// The players agreed to a draw.
    Agreement,
}

impl EndReason {
    /// Every reason.
    pub const ALL: [EndReason; 17] = [
        EndReason::Capture,
        EndReason::Sanctum,
        EndReason::Immobilization,
        EndReason::Score,
        EndReason::Passes,
        EndReason::Tower,
        EndReason::NoSingles,
        EndReason::Repetition,
        EndReason::LastStanding,
        EndReason::MostLetters,
        EndReason::Resignation,
        EndReason::Timeout,
        EndReason::MoveLimit,
        EndReason::Stalled,
        EndReason::Stopped,
        EndReason::Aborted,
        EndReason::Agreement,
    ];

    /// The word for text and JSON output.
    pub const fn word(self) -> &'static str {
        match self {
            EndReason::Capture => "capture",
            EndReason::Sanctum => "sanctum",
            EndReason::Immobilization => "immobilization",
            EndReason::Score => "score",
            EndReason::Passes => "passes",
            EndReason::Tower => "tower",
            EndReason::NoSingles => "no-singles",
            EndReason::Repetition => "repetition",
            EndReason::LastStanding => "last-standing",
            EndReason::MostLetters => "most-letters",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "timeout",
            EndReason::MoveLimit => "move-limit",
            EndReason::Stalled => "stalled",
            EndReason::Stopped => "stopped",
            EndReason::Aborted => "aborted",
            EndReason::Agreement => "agreement",
        }
    }

    /// Reads a reason's word.
    pub fn parse(word: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.word() == word)
    }

    /// Whether an ending by this rule always has a winner, even when a
    /// position read from text cannot say who (a Single Capture Go grid on
    /// which everyone was doomed).
    pub const fn always_won(self) -> bool {
        matches!(self, EndReason::LastStanding | EndReason::MostLetters)
    }

    /// Whether a self-play tool ended the game rather than a rule of the
    /// game.
    pub const fn is_cut_off(self) -> bool {
        matches!(self, EndReason::MoveLimit | EndReason::Stalled | EndReason::Stopped)
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winners: one seat, several for a shared win, none for a draw
    /// (or, where the reason always has a winner, winners not known).
    pub winners: SeatSet,
    /// The rule that ended the game.
    pub reason: EndReason,
}

impl Outcome {
    /// A single winner.
    pub const fn win(seat: Seat, reason: EndReason) -> Outcome {
        Outcome { winners: SeatSet::only(seat), reason }
    }

    /// A draw.
    pub const fn draw(reason: EndReason) -> Outcome {
        Outcome { winners: SeatSet::EMPTY, reason }
    }

    /// Whether nobody won (and the game was not called off).
    pub const fn is_draw(&self) -> bool {
        self.winners.is_empty() && !self.reason.always_won() && !matches!(self.reason, EndReason::Aborted)
    }

    /// The game called off: nobody won.
    pub const fn aborted() -> Outcome {
        Outcome { winners: SeatSet::EMPTY, reason: EndReason::Aborted }
    }
}

/// The state of a game: it goes on, or it is over and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// The game goes on.
    Ongoing,
    /// The game is over.
    Over(Outcome),
}

impl GameStatus {
    /// Whether the game is over.
    pub const fn is_over(&self) -> bool {
        matches!(self, GameStatus::Over(_))
    }

    /// The outcome, when the game is over.
    pub const fn outcome(&self) -> Option<Outcome> {
        match self {
            GameStatus::Ongoing => None,
            GameStatus::Over(o) => Some(*o),
        }
    }

    /// The winners (empty while the game goes on and for a draw).
    pub const fn winners(&self) -> SeatSet {
        match self {
            GameStatus::Ongoing => SeatSet::EMPTY,
            GameStatus::Over(o) => o.winners,
        }
    }

    /// The state's word for text and JSON: `ongoing`, `win` or `draw`
    /// (or `aborted`, for a game called off).
    pub const fn word(&self) -> &'static str {
        match self {
            GameStatus::Ongoing => "ongoing",
            GameStatus::Over(o) if matches!(o.reason, EndReason::Aborted) => "aborted",
            GameStatus::Over(o) if o.is_draw() => "draw",
            GameStatus::Over(_) => "win",
        }
    }

    /// The status in the engine protocol's words, `ongoing`,
    /// `win <winners> <reason>` or `draw <reason>`, naming seats with
    /// `label`; `-` stands for winners a position does not record.
    pub fn describe(&self, label: impl Fn(Seat) -> String) -> String {
        match self {
            GameStatus::Ongoing => "ongoing".into(),
            GameStatus::Over(o) if o.reason == EndReason::Aborted => "aborted".into(),
            GameStatus::Over(o) if o.is_draw() => format!("draw {}", o.reason),
            GameStatus::Over(o) if o.winners.is_empty() => format!("win - {}", o.reason),
            GameStatus::Over(o) => {
                let winners: Vec<String> = o.winners.iter().map(label).collect();
                format!("win {} {}", winners.join(","), o.reason)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_read_back_from_their_words() {
        for reason in EndReason::ALL {
            assert_eq!(EndReason::parse(reason.word()), Some(reason));
            let json = serde_json::to_string(&reason).unwrap();
            assert_eq!(json, format!("\"{}\"", reason.word()));
        }
        assert_eq!(EndReason::parse("checkmate"), None);
    }

    #[test]
    fn statuses_in_words() {
        let label = |s: Seat| ["w", "b"][s.index()].to_string();
        assert_eq!(GameStatus::Ongoing.describe(label), "ongoing");
        assert_eq!(GameStatus::Over(Outcome::win(Seat(1), EndReason::Capture)).describe(label), "win b capture");
        assert_eq!(GameStatus::Over(Outcome::draw(EndReason::Repetition)).describe(label), "draw repetition");
        let unknown = GameStatus::Over(Outcome::draw(EndReason::MostLetters));
        assert_eq!((unknown.word(), unknown.describe(label).as_str()), ("win", "win - most-letters"));
        let aborted = GameStatus::Over(Outcome::aborted());
        assert_eq!((aborted.word(), aborted.describe(label).as_str()), ("aborted", "aborted"));
        assert!(!Outcome::aborted().is_draw());
    }
}
