//! A game being played at this terminal, whoever moves: people, the AI, or
//! both. The front ends (`plain.rs`, `tui.rs`) only show it and pass on
//! what is typed.

use std::path::PathBuf;

use anyhow::Result;
use arbiter_ai::choose::{GoParams, choose};
use arbiter_games::AnyGame;
use arbiter_games::any::StatusReport;
use arbiter_games::record::{GameLog, Record};

use crate::{date, record_cmd};

/// Who makes the moves of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    /// A person at the keyboard.
    Human,
    /// The AI at this strength.
    Ai(GoParams),
}

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

/// A game in progress.
pub struct Session {
    positions: Vec<AnyGame>,
    record: Record,
    movers: [Mover; 2],
    first_label: String,
    resigned: Option<String>,
}

impl Session {
    /// A new game from `start`; `tags` go into the record (Game, Variant…).
    pub fn new(start: AnyGame, tags: &[(&str, String)], movers: [Mover; 2]) -> Session {
        let mut record = Record::default();
        for (name, value) in tags {
            record.set_tag(name, value.clone());
        }
        record.set_tag("Date", date::today());
        let first_label = start.kind().first_label().to_string();
        Session { positions: vec![start], record, movers, first_label, resigned: None }
    }

    /// The position now.
    pub fn current(&self) -> &AnyGame {
        self.positions.last().expect("a session holds its start")
    }

    /// The moves so far in record notation.
    pub fn moves(&self) -> &[String] {
        &self.record.moves
    }

    /// Whether the first player made the first move (for numbering).
    pub fn first_moved_first(&self) -> bool {
        self.positions[0].to_move_label() == self.first_label
    }

    /// Who moves now.
    pub fn mover(&self) -> Mover {
        self.movers[self.side_index()]
    }

    fn side_index(&self) -> usize {
        usize::from(self.current().to_move_label() != self.first_label)
    }

    /// The status of the game, with the rules that look back (repetition).
    fn status(&self) -> StatusReport {
        AnyGame::status_after(&self.positions)
    }

    /// Whether the game is over (finished or resigned).
    pub fn is_over(&self) -> bool {
        self.resigned.is_some() || self.status().status != "ongoing"
    }

    /// How the game ended, in words, if it has.
    pub fn ending(&self) -> Option<String> {
        if let Some(loser) = &self.resigned {
            return Some(format!("{} resigns", self.side_name(loser)));
        }
        let status = self.status();
        match status.status {
            "ongoing" => None,
            "draw" => Some(format!("drawn by {}", status.reason.unwrap_or("rule"))),
            _ => Some(format!(
                "{} wins by {}",
                status.winners.iter().map(|w| self.side_name(w)).collect::<Vec<_>>().join(" and "),
                status.reason.unwrap_or("rule")
            )),
        }
    }

    /// How to type moves in this game, and the commands.
    pub fn help(&self) -> String {
        format!("{}\n{COMMANDS}", self.current().kind().move_help())
    }

    /// The name of the side with `label` (`White`, `Blue`, …).
    pub fn side_name(&self, label: &str) -> String {
        self.current().kind().side_name(label).unwrap_or(label).to_string()
    }

    /// The name of the side to move.
    pub fn to_move_name(&self) -> String {
        self.side_name(&self.current().to_move_label())
    }

    /// Legal moves in record notation.
    pub fn hints(&self) -> Vec<String> {
        let here = self.current();
        here.legal_moves().iter().map(|m| here.record_move(m).unwrap_or_else(|_| m.clone())).collect()
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
            "resign" if !self.is_over() => {
                self.resigned = Some(self.current().to_move_label());
                Reply::Say(self.ending().unwrap_or_default())
            }
            _ if self.is_over() => Reply::Say(format!("The game is over: {}.", self.ending().unwrap_or_default())),
            mv => match self.play(mv) {
                Ok(written) => Reply::Played(written),
                Err(e) => Reply::Say(format!("Illegal: {e}")),
            },
        }
    }

    fn play(&mut self, mv: &str) -> Result<String> {
        let here = self.current();
        let written = here.record_move(mv)?;
        let next = here.play(mv)?;
        self.record.moves.push(written.clone());
        self.positions.push(next);
        Ok(written)
    }

    /// Lets the AI move if it is its turn; returns the move played.
    pub fn ai_turn(&mut self) -> Option<String> {
        if self.is_over() {
            return None;
        }
        let Mover::Ai(params) = self.mover() else { return None };
        let choice = choose(&self.positions, &params)?;
        self.play(&choice.mv).ok()
    }

    /// Takes back the last move, and against the AI the AI's reply too, so
    /// that it is the person's turn again.
    pub fn undo(&mut self) -> String {
        if self.resigned.take().is_some() {
            return "Resignation withdrawn.".into();
        }
        let mut taken = 0;
        loop {
            if self.positions.len() <= 1 {
                break;
            }
            self.positions.pop();
            self.record.moves.pop();
            taken += 1;
            if self.mover() == Mover::Human {
                break;
            }
        }
        match taken {
            0 => "Nothing to undo.".into(),
            1 => "One move taken back.".into(),
            n => format!("{n} moves taken back."),
        }
    }

    /// Writes the record to `path` (or a fresh file named after the game);
    /// returns where. Nothing is written when no move was played.
    pub fn save(&mut self, path: Option<PathBuf>, game: &str) -> Result<Option<PathBuf>> {
        if self.record.moves.is_empty() {
            return Ok(None);
        }
        let result = match (&self.resigned, self.status()) {
            (Some(loser), _) => if *loser == self.first_label { "0—1" } else { "1—0" }.to_string(),
            (None, status) if status.status == "ongoing" => "*".to_string(),
            (None, status) if status.status == "draw" => "½—½".to_string(),
            (None, status) => if status.winners.contains(&self.first_label) { "1—0" } else { "0—1" }.to_string(),
        };
        self.record.result = Some(result.clone());
        self.record.set_tag("Result", result);
        // The record is replayed as a check; should that ever fail, the moves
        // are still saved as played rather than lost.
        let text = match GameLog::replay(&self.record) {
            Ok(log) => log.to_text(),
            Err(e) => {
                eprintln!("warning: the record does not replay ({e}); saving it as played");
                self.record.to_text()
            }
        };
        let path = path.unwrap_or_else(|| default_path(game));
        record_cmd::write_new(&path, &text)?;
        Ok(Some(path))
    }
}

/// A fresh file name in the current directory that does not exist yet.
fn default_path(game: &str) -> PathBuf {
    let stamp = date::unix_seconds();
    let mut path = PathBuf::from(format!("{game}-{stamp}.txt"));
    let mut n = 1;
    while path.exists() {
        path = PathBuf::from(format!("{game}-{stamp}-{n}.txt"));
        n += 1;
    }
    path
}
