//! A game of rounds at this terminal: the people at the keyboard send
//! their plays in secret one after the other, the computer fills every
//! other seat, and the round is resolved and announced when the last play
//! is in. The game itself is the play layer's [`Rounds`].

use std::path::{Path, PathBuf};

use anyhow::Result;
use arbiter_core::{GameStatus, Seat, SeatSet};
use arbiter_play::{Clock, Event, MoveForm, Rounds};

use crate::files::write_new;

/// How to play, for `help`.
pub const HELP: &str =
    "Type a square (row letter, column number: c3, e7). Commands: moves (the squares you may play), help, quit.";

/// What came of a line typed.
#[derive(Debug, PartialEq)]
pub enum TableReply {
    /// The play was taken (secret until the round closes); when it was the
    /// round's last, the round's announcement.
    Played(Option<String>),
    /// Something to show: help, the playable squares, why a play was refused.
    Say(String),
    /// The person asked to stop.
    Quit,
}

/// The game and who is at the keyboard.
pub struct RoundTable {
    rounds: Rounds,
    people: SeatSet,
    clock: Box<dyn Clock>,
}

impl RoundTable {
    /// The game of `rounds`, with `people` at the keyboard (everyone else
    /// is the computer).
    pub fn new(rounds: Rounds, people: SeatSet, clock: Box<dyn Clock>) -> RoundTable {
        RoundTable { rounds, people, clock }
    }

    /// The game.
    pub fn rounds(&self) -> &Rounds {
        &self.rounds
    }

    /// The rounds played, as records write them (`A:c3,B:d4`).
    pub fn round_texts(&self) -> Vec<String> {
        self.rounds.replayed().move_texts(MoveForm::Long)
    }

    /// Whether more than one person shares the keyboard (plays must then
    /// stay hidden on the screen).
    pub fn shared_keyboard(&self) -> bool {
        self.people.len() > 1
    }

    /// `A (you)`, `B (computer, level 5)`.
    pub fn who(&self, seat: Seat) -> String {
        self.rounds.who(seat)
    }

    /// The person whose play is awaited, or `None` once the game is over.
    pub fn waiting(&self) -> Option<Seat> {
        self.rounds.waiting().iter().find(|&s| self.people.contains(s))
    }

    /// How the game ended: who won and by which rule.
    pub fn ending(&self) -> Option<String> {
        match self.rounds.status() {
            GameStatus::Over(o) => {
                let winners =
                    arbiter_play::announce::Names(&self.rounds.names()).list(self.rounds.position(), o.winners.iter());
                Some(format!("{winners} won ({})", o.reason))
            }
            GameStatus::Ongoing => None,
        }
    }

    /// Takes a line from the person awaited.
    pub fn submit(&mut self, line: &str) -> TableReply {
        let Some(seat) = self.waiting() else { return TableReply::Say("The game is over.".into()) };
        match line.trim() {
            "" => TableReply::Say(String::new()),
            "quit" | "exit" => TableReply::Quit,
            "help" | "?" => TableReply::Say(HELP.into()),
            "moves" => TableReply::Say(self.rounds.position().legal_texts().join(" ")),
            "undo" => TableReply::Say(
                "A round is final once it closes, so there is nothing to take back: type the square you play.".into(),
            ),
            "resign" => TableReply::Say(
                "A player leaves Single Capture Go by making no valid play; to stop here, type quit (the record is saved)."
                    .into(),
            ),
            // A typo is not sent to the referee: only a valid play is.
            text => match self.rounds.position().parse_play(seat, text) {
                Err(e) => TableReply::Say(format!("Refused: {}", e.reason())),
                Ok(_) => match self.rounds.submit(seat, text, self.clock.now()) {
                    Ok((_, events)) => TableReply::Played(events.into_iter().find_map(|e| match e {
                        Event::RoundClosed { announcement, .. } => Some(announcement),
                        _ => None,
                    })),
                    Err(e) => TableReply::Say(format!("Refused: {e}")),
                },
            },
        }
    }

    /// Saves the record (if a round was played); the path saved to.
    pub fn save(&self, path: Option<&Path>) -> Result<Option<PathBuf>> {
        if self.rounds.closed_rounds().is_empty() {
            return Ok(None);
        }
        let replayed = self.rounds.replayed();
        let path = path.map_or_else(
            || {
                let stamp = self.clock.now().unix();
                (0..).map(|n| PathBuf::from(format!("scg-{stamp}-{n}.txt"))).find(|p| !p.exists()).expect("a name")
            },
            Path::to_path_buf,
        );
        write_new(&path, &replayed.to_text(MoveForm::Record))?;
        Ok(Some(path))
    }
}
