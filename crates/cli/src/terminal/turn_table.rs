//! A turn-based game at this terminal, whoever moves: people, the
//! computer, or both. What a player types — a move or a command — is read
//! here and handed to the play layer's [`Session`]; the screens only show
//! it.

use std::path::{Path, PathBuf};

use anyhow::Result;
use arbiter_core::{EndReason, GameStatus};
use arbiter_play::{Clock, Event, MoveForm, Session};

use crate::files::write_new;

/// What became of a line typed by a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A move was played (in record notation).
    Played(String),
    /// Something to show the player (an explanation, a list, help).
    Say(String),
    /// The player asked to stop.
    Quit,
}

/// The commands a player may type besides moves.
const COMMANDS: &str = "Commands: moves (list legal moves), undo, resign, help, quit.";

/// A game at the terminal.
pub struct TurnTable {
    session: Session,
    clock: Box<dyn Clock>,
}

impl TurnTable {
    /// The game of `session`, its moves timed by `clock`.
    pub fn new(session: Session, clock: Box<dyn Clock>) -> TurnTable {
        TurnTable { session, clock }
    }

    /// The game.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The moves so far in record notation.
    pub fn moves(&self) -> Vec<String> {
        let line = self.session.line();
        line.moves().iter().zip(line.positions()).map(|(mv, before)| before.record_text(mv)).collect()
    }

    /// Whether the first player made the first move (for numbering).
    pub fn first_moved_first(&self) -> bool {
        self.session.line().start().side_to_move().is_none_or(|s| s.0 == 0)
    }

    /// Whether it is the computer's turn.
    pub fn computer_to_move(&self) -> bool {
        self.session.computer_to_move().is_some()
    }

    /// How moves are typed in this game, and the commands.
    pub fn help(&self) -> String {
        format!("{}\n{COMMANDS}", self.session.game().info().move_help)
    }

    /// The name of the side to move (`White`), or of the side that would.
    pub fn to_move_name(&self) -> String {
        let position = self.session.position();
        position.side_to_move().map(|s| position.seat_name(s)).unwrap_or_default()
    }

    /// Legal moves in record notation.
    pub fn hints(&self) -> Vec<String> {
        let here = self.session.position();
        let mut hints: Vec<(String, String)> =
            here.legal_moves().iter().map(|m| (here.move_text(m), here.record_text(m))).collect();
        hints.sort();
        hints.into_iter().map(|(_, record)| record).collect()
    }

    /// How the game ended, in words, if it has.
    pub fn ending(&self) -> Option<String> {
        let GameStatus::Over(o) = self.session.status() else { return None };
        let position = self.session.position();
        let losers = || position.seats().filter(|&s| !o.winners.contains(s));
        let name = |s| position.seat_name(s);
        Some(match o.reason {
            EndReason::Resignation => format!("{} resigns", losers().map(name).collect::<Vec<_>>().join(" and ")),
            EndReason::Timeout => format!("{} runs out of time", losers().map(name).collect::<Vec<_>>().join(" and ")),
            reason if o.is_draw() => format!("drawn by {reason}"),
            reason => {
                let winners: Vec<String> = o.winners.iter().map(name).collect();
                format!("{} wins by {reason}", winners.join(" and "))
            }
        })
    }

    /// Handles a line typed by the player to move.
    pub fn submit(&mut self, line: &str) -> Reply {
        let input = line.trim();
        match input {
            "" => Reply::Say(String::new()),
            "help" | "?" => Reply::Say(self.help()),
            "quit" | "exit" => Reply::Quit,
            "moves" => Reply::Say(self.hints().join(" ")),
            "undo" => Reply::Say(self.undo()),
            "resign" if !self.session.is_over() => {
                if let Some(seat) = self.session.to_move() {
                    let _ = self.session.resign(seat);
                }
                Reply::Say(self.ending().unwrap_or_default())
            }
            _ if self.session.is_over() => {
                Reply::Say(format!("The game is over: {}.", self.ending().unwrap_or_default()))
            }
            text => match self.play(text) {
                Ok(written) => Reply::Played(written),
                Err(e) => Reply::Say(format!("Illegal: {e}")),
            },
        }
    }

    fn play(&mut self, text: &str) -> Result<String> {
        let before = self.session.position().clone();
        let mv = self.session.parse_move(text)?;
        let seat = self.session.to_move().unwrap_or(arbiter_core::Seat(0));
        self.session.play(seat, mv, self.clock.now())?;
        Ok(before.record_text(&mv))
    }

    /// Lets the computer move if it is its turn; returns the move played
    /// in record notation.
    pub fn computer_turn(&mut self) -> Option<String> {
        let before = self.session.position().clone();
        let events = self.session.play_computer(self.clock.now())?;
        events.iter().find_map(|e| match e {
            Event::MovePlayed { mv, .. } => Some(before.record_text(mv)),
            _ => None,
        })
    }

    /// Takes back a resignation, or the last move (and against the
    /// computer its reply too, so that it is the person's turn again).
    pub fn undo(&mut self) -> String {
        let events = self.session.undo();
        match events.first() {
            Some(Event::ResignationWithdrawn { .. }) => "Resignation withdrawn.".into(),
            Some(Event::MovesTakenBack { count: 1 }) => "One move taken back.".into(),
            Some(Event::MovesTakenBack { count }) => format!("{count} moves taken back."),
            _ => "Nothing to undo.".into(),
        }
    }

    /// Writes the record to `path` (or a fresh file named after the game);
    /// returns where. Nothing is written when no move was played.
    pub fn save(&self, path: Option<&Path>) -> Result<Option<PathBuf>> {
        if self.session.ply() == 0 {
            return Ok(None);
        }
        let text = self.session.replayed().to_text(MoveForm::Record);
        let path = path.map_or_else(|| default_path(self.session.game().as_str(), &*self.clock), Path::to_path_buf);
        write_new(&path, &text)?;
        Ok(Some(path))
    }
}

/// A fresh file name in the current directory that does not exist yet.
pub fn default_path(game: &str, clock: &dyn Clock) -> PathBuf {
    let stamp = clock.now().unix();
    let mut path = PathBuf::from(format!("{game}-{stamp}.txt"));
    let mut n = 1;
    while path.exists() {
        path = PathBuf::from(format!("{game}-{stamp}-{n}.txt"));
        n += 1;
    }
    path
}
