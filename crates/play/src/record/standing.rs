//! How each seat of a finished game came out of it: won, lost, drawn, or
//! the game called off — what a player's page counts.

use arbiter_core::EndReason;

use super::GameRecord;

/// How one seat came out of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Standing {
    /// The seat is among the winners (a shared win counts for each).
    Won,
    /// Somebody else won.
    Lost,
    /// Nobody won, by the rules.
    Drawn,
    /// The game was called off: nobody won or lost.
    Aborted,
    /// The record says the game is over but not who won.
    Unknown,
}

impl Standing {
    /// Every standing.
    pub const ALL: [Standing; 5] =
        [Standing::Won, Standing::Lost, Standing::Drawn, Standing::Aborted, Standing::Unknown];

    /// The word stored and shown: `won`, `lost`, `drawn`, `aborted`,
    /// `unknown`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Standing::Won => "won",
            Standing::Lost => "lost",
            Standing::Drawn => "drawn",
            Standing::Aborted => "aborted",
            Standing::Unknown => "unknown",
        }
    }

    /// The standing whose word is `word`.
    pub fn parse(word: &str) -> Option<Standing> {
        Standing::ALL.into_iter().find(|s| s.as_str() == word)
    }
}

impl GameRecord {
    /// How each seat, in seat order, came out of the game; `None` while
    /// it goes on. A record whose winners name no seat of its game gives
    /// [`Standing::Unknown`] for every seat.
    pub fn standings(&self) -> Option<Vec<Standing>> {
        let result = self.result.as_ref()?;
        let Ok(start) = self.start() else {
            return Some(vec![Standing::Unknown; self.seats.len()]);
        };
        let seats = start.seat_count();
        let winners: Option<Vec<usize>> =
            result.winners.iter().map(|label| start.seat_by_label(label).map(|s| usize::from(s.0))).collect();
        let all = |standing| Some(vec![standing; seats]);
        match (result.reason, winners) {
            (Some(EndReason::Aborted), _) => all(Standing::Aborted),
            (_, None) => all(Standing::Unknown),
            (reason, Some(winners)) if winners.is_empty() => {
                // No winner: a draw, unless the reason always has one.
                if reason.is_some_and(EndReason::always_won) { all(Standing::Unknown) } else { all(Standing::Drawn) }
            }
            (_, Some(winners)) => Some(
                (0..seats).map(|seat| if winners.contains(&seat) { Standing::Won } else { Standing::Lost }).collect(),
            ),
        }
    }
}
