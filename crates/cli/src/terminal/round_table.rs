//! A game of rounds at this terminal: the people at the keyboard send
//! their plays in secret one after the other, the computer fills every
//! other seat, and the round is resolved and announced when the last play
//! is in. The game itself is the play layer's [`Rounds`].

use std::path::{Path, PathBuf};

use arbiter_core::{GameStatus, Seat, SeatSet};
use arbiter_play::{Clock, Event, MoveForm, Rounds};

use super::record_file::RecordFile;

/// The commands, for `help`.
pub const COMMANDS: &str = "Commands: moves (the squares you may play), help, quit (the game is kept in its record file: continue it with --from).";

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
    file: RecordFile,
    /// The rounds closed when the game came to this table.
    start_rounds: usize,
}

impl RoundTable {
    /// The game of `rounds`, with `people` at the keyboard (everyone else
    /// is the computer), its record kept in `file`.
    pub fn new(rounds: Rounds, people: SeatSet, clock: Box<dyn Clock>, file: RecordFile) -> RoundTable {
        let start_rounds = rounds.closed_rounds().len();
        RoundTable { rounds, people, clock, file, start_rounds }
    }

    /// How to play: how a square is named on this grid, and the commands.
    pub fn help(&self) -> String {
        let diagram = self.rounds.position().board_diagram();
        let mut squares = diagram.board.iter().flatten().filter_map(|m| m.square.as_deref());
        let (first, last) = (squares.next().unwrap_or("a1"), squares.next_back().unwrap_or("a1"));
        format!(
            "Type the square you play: its row letter, then its column number ({first} is the top left corner, {last} the bottom right). {COMMANDS}"
        )
    }

    /// The squares the last round changed.
    pub fn last_round_squares(&self) -> Vec<String> {
        let replayed = self.rounds.replayed();
        let line = &replayed.line;
        match line.moves().len().checked_sub(1).and_then(|last| line.positions().get(last)) {
            Some(before) => before.board_diagram().changed_squares(&line.current().board_diagram()),
            None => Vec::new(),
        }
    }

    /// Where the record is kept, in words.
    pub fn where_kept(&self) -> String {
        self.file.where_kept("when a round closes")
    }

    /// Where the record was saved, if a round closed.
    pub fn saved(&self) -> Option<&Path> {
        self.file.saved()
    }

    /// The record as text (written out when its file cannot be).
    pub fn record_text(&self) -> String {
        self.rounds.replayed().to_text(MoveForm::Record)
    }

    /// Writes the record as it now stands, once a round has closed.
    fn keep(&mut self) {
        if self.rounds.closed_rounds().len() > self.start_rounds {
            let text = self.record_text();
            self.file.keep(&text);
        }
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
        match line.trim().to_ascii_lowercase().as_str() {
            "" => TableReply::Say(String::new()),
            "quit" | "exit" => TableReply::Quit,
            "help" | "?" => TableReply::Say(self.help()),
            "moves" => TableReply::Say(self.rounds.position().legal_texts().join(" ")),
            "undo" => TableReply::Say(
                "A round is final once it closes, so there is nothing to take back: type the square you play.".into(),
            ),
            "resign" => TableReply::Say(format!(
                "A player leaves Single Capture Go by making no valid play; to stop here, type quit ({}).",
                self.where_kept()
            )),
            // A typo is not sent to the referee: only a valid play is.
            text => match self.rounds.position().parse_play(seat, text) {
                Err(e) => TableReply::Say(format!("Refused: {}", e.reason())),
                Ok(_) => match self.rounds.submit(seat, text, self.clock.now()) {
                    Ok((_, events)) => {
                        let closed = events.into_iter().find_map(|e| match e {
                            Event::RoundClosed { announcement, .. } => Some(announcement),
                            _ => None,
                        });
                        if closed.is_some() {
                            self.keep();
                        }
                        TableReply::Played(closed)
                    }
                    Err(e) => TableReply::Say(format!("Refused: {e}")),
                },
            },
        }
    }
}

/// A fresh file name in the current directory for a game of rounds.
pub fn default_path(clock: &dyn Clock) -> PathBuf {
    let stamp = clock.now().unix();
    (0..).map(|n| PathBuf::from(format!("scg-{stamp}-{n}.txt"))).find(|p| !p.exists()).expect("a name")
}
