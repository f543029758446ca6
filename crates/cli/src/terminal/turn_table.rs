//! A turn-based game at this terminal, whoever moves: people, the
//! computer, or both. What a player types — a move, the choice a move
//! ends with, or a command — is read here and handed to the play layer's
//! [`Session`]; the screens only show it. The record is kept in its file
//! after every change.

use std::path::{Path, PathBuf};

use arbiter_core::{EndReason, GameStatus, Seat};
use arbiter_games::{AnyGame, AnyMove};
use arbiter_play::changes::{board_changes, describe};
use arbiter_play::{Clock, Event, MoveForm, Session};

use super::record_file::RecordFile;

/// A move as a player sees it reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport {
    /// The side that moved (`White`).
    pub side: String,
    /// The move as records write it (A•G•O•G: scorekeeping, `dc7`).
    pub record: String,
    /// The move in long form (`d8-c7`).
    pub long: String,
    /// What it did to the other side's pieces (`captures d3`), or empty.
    pub effects: String,
}

impl MoveReport {
    fn of(before: &AnyGame, mv: &AnyMove) -> MoveReport {
        let mover = before.side_to_move().unwrap_or(Seat(0));
        let after = before.play(mv).unwrap_or_else(|_| before.clone());
        let changes = board_changes(before, &after, mover);
        MoveReport {
            side: before.seat_name(mover),
            record: before.record_text(mv),
            long: before.move_text(mv),
            effects: describe(&changes.changes, |s| before.seat_name(s)),
        }
    }

    /// The move in words: `dc7 (d8-c7); captures e5`.
    pub fn describe(&self) -> String {
        let mut s = self.record.clone();
        if self.long != self.record {
            s.push_str(&format!(" ({})", self.long));
        }
        if !self.effects.is_empty() {
            s.push_str(&format!("; {}", self.effects));
        }
        s
    }
}

/// What became of a line typed by a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A move was played.
    Played(MoveReport),
    /// The move typed ends with a choice: the question (the next line
    /// answers it).
    Ask(String),
    /// Something to show the player (an explanation, a list, help).
    Say(String),
    /// The player asked to stop.
    Quit,
}

/// The commands a player may type besides moves.
pub const COMMANDS: &str = "Commands: moves (list the legal moves), undo (take back a move), resign, help, quit (the game is kept in its record file: continue it with --from).";

/// A move typed that ends with a choice still to make.
struct Pending {
    /// The move without a choice.
    plain: AnyMove,
    /// Each option's token (`c3=H`) and the move it makes.
    options: Vec<(String, AnyMove)>,
}

/// A game at the terminal.
pub struct TurnTable {
    session: Session,
    clock: Box<dyn Clock>,
    file: RecordFile,
    pending: Option<Pending>,
    /// The moves the game had when it came to this table (a game continued
    /// from a record has some).
    start_ply: usize,
}

impl TurnTable {
    /// The game of `session`, its moves timed by `clock`, its record kept
    /// in `file`.
    pub fn new(session: Session, clock: Box<dyn Clock>, file: RecordFile) -> TurnTable {
        let start_ply = session.ply();
        TurnTable { session, clock, file, pending: None, start_ply }
    }

    /// The game.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The record's file.
    pub fn record_file(&self) -> &RecordFile {
        &self.file
    }

    /// The moves so far in record notation.
    pub fn moves(&self) -> Vec<String> {
        let line = self.session.line();
        line.moves().iter().zip(line.positions()).map(|(mv, before)| before.record_text(mv)).collect()
    }

    /// The last move played, as reported, with the squares it changed.
    pub fn last_move(&self) -> Option<(MoveReport, Vec<String>)> {
        let line = self.session.line();
        let last = line.moves().len().checked_sub(1)?;
        let (mv, before) = (&line.moves()[last], &line.positions()[last]);
        let squares = before.board_diagram().changed_squares(&line.current().board_diagram());
        Some((MoveReport::of(before, mv), squares))
    }

    /// Whether the first player made the first move (for numbering).
    pub fn first_moved_first(&self) -> bool {
        self.session.line().start().side_to_move().is_none_or(|s| s.0 == 0)
    }

    /// Whether it is the computer's turn.
    pub fn computer_to_move(&self) -> bool {
        self.session.computer_to_move().is_some()
    }

    /// How to play: how moves are typed in this game, the commands, and
    /// how to read the board.
    pub fn help(&self) -> String {
        let legend = self.session.position().board_diagram().legend;
        let mut help = format!("{}\n{COMMANDS}", self.session.game().info().move_help);
        if !legend.is_empty() {
            help.push_str(&format!("\nOn the board: {}", legend.join(" ")));
        }
        help
    }

    /// The name of the side to move (`White`), or of the side that would.
    pub fn to_move_name(&self) -> String {
        let position = self.session.position();
        position.side_to_move().map(|s| position.seat_name(s)).unwrap_or_default()
    }

    /// Legal moves in record notation, sorted by their long form.
    pub fn hints(&self) -> Vec<String> {
        self.hint_pairs().into_iter().map(|(_, record)| record).collect()
    }

    /// Legal moves in long form and in record notation, sorted by the
    /// long form.
    pub fn hint_pairs(&self) -> Vec<(String, String)> {
        let here = self.session.position();
        let mut hints: Vec<(String, String)> =
            here.legal_moves().iter().map(|m| (here.move_text(m), here.record_text(m))).collect();
        hints.sort();
        hints
    }

    /// A move played, in a sentence: `Black (Arbiter level 5) plays dc7
    /// (d8-c7); captures e5.`
    pub fn announce(&self, report: &MoveReport) -> String {
        let session = &self.session;
        let position = session.position();
        let name = position
            .seats()
            .find(|&s| position.seat_name(s) == report.side)
            .and_then(|s| session.occupant(s))
            .and_then(|o| o.name.clone())
            .filter(|name| *name != report.side);
        let who = name.map_or_else(|| report.side.clone(), |name| format!("{} ({name})", report.side));
        format!("{who} plays {}.", report.describe())
    }

    /// Whether a choice is awaited for the move typed.
    pub fn choosing(&self) -> bool {
        self.pending.is_some()
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

    /// Where the record is kept, in words: `saved in agog-1.txt`.
    pub fn where_kept(&self) -> String {
        self.file.where_kept("after the first move")
    }

    /// Handles a line typed by the player to move.
    pub fn submit(&mut self, line: &str) -> Reply {
        let input = line.trim();
        if let Some(pending) = self.pending.take() {
            return self.choose(pending, input);
        }
        match input.to_ascii_lowercase().as_str() {
            "" => Reply::Say(String::new()),
            "help" | "?" => Reply::Say(self.help()),
            "quit" | "exit" => Reply::Quit,
            "moves" => Reply::Say(self.hints().join(" ")),
            "undo" => Reply::Say(self.undo()),
            "resign" if !self.session.is_over() => {
                if let Some(seat) = self.session.to_move() {
                    let _ = self.session.resign(seat);
                }
                self.keep();
                Reply::Say(format!("{}; {}.", self.ending().unwrap_or_default(), self.where_kept()))
            }
            _ if self.session.is_over() => Reply::Say(self.over()),
            _ => match self.session.parse_move(input) {
                Err(e) => Reply::Say(format!("Illegal: {e}")),
                Ok(mv) => match self.options_after(&mv) {
                    Some(pending) => {
                        let question = self.question(&pending);
                        self.pending = Some(pending);
                        Reply::Ask(question)
                    }
                    None => self.play(mv),
                },
            },
        }
    }

    /// The game is over: what a player typing a move is told.
    fn over(&self) -> String {
        format!("The game is over: {}; {}.", self.ending().unwrap_or_default(), self.where_kept())
    }

    /// The options a move typed without its choice leaves open: the legal
    /// moves that are this move followed by a token.
    fn options_after(&self, mv: &AnyMove) -> Option<Pending> {
        let here = self.session.position();
        self.session.game().info().choice?;
        let plain = here.move_text(mv);
        if plain.contains(' ') {
            return None;
        }
        let options: Vec<(String, AnyMove)> = here
            .legal_moves()
            .into_iter()
            .filter_map(|m| {
                let text = here.move_text(&m);
                text.strip_prefix(&plain)?.strip_prefix(' ').map(|token| (token.to_string(), m))
            })
            .collect();
        (!options.is_empty()).then_some(Pending { plain: *mv, options })
    }

    /// The question for a pending choice.
    fn question(&self, pending: &Pending) -> String {
        let here = self.session.position();
        let Some(choice) = self.session.game().info().choice else { return String::new() };
        let shown: Vec<&str> = pending.options.iter().map(|(t, _)| t.split('=').next().unwrap_or(t)).collect();
        let listed = match shown.len() {
            1 => shown[0].to_string(),
            n => format!("{} or {}", shown[..n - 1].join(", "), shown[n - 1]),
        };
        format!(
            "{} {}: type {listed} {}, or '{}' {}; 'cancel' to take another move.",
            here.move_text(&pending.plain),
            choice.occasion,
            choice.option,
            choice.without,
            choice.without_means
        )
    }

    /// Answers a pending choice.
    fn choose(&mut self, pending: Pending, answer: &str) -> Reply {
        let without = self.session.game().info().choice.map_or("", |c| c.without);
        let answer = answer.to_ascii_lowercase();
        if answer == "cancel" || answer.is_empty() {
            return Reply::Say("Cancelled: type another move.".into());
        }
        if answer == without {
            return self.play(pending.plain);
        }
        let chosen = pending.options.iter().find(|(token, _)| {
            let token = token.to_ascii_lowercase();
            token == answer || token.split('=').next() == Some(answer.as_str())
        });
        match chosen {
            Some((_, mv)) => self.play(*mv),
            None => {
                let again = format!("'{answer}' is not one of the choices. {}", self.question(&pending));
                self.pending = Some(pending);
                Reply::Ask(again)
            }
        }
    }

    fn play(&mut self, mv: AnyMove) -> Reply {
        let before = self.session.position().clone();
        let seat = self.session.to_move().unwrap_or(Seat(0));
        match self.session.play(seat, mv, self.clock.now()) {
            Ok(_) => {
                self.keep();
                Reply::Played(MoveReport::of(&before, &mv))
            }
            Err(e) => Reply::Say(format!("Illegal: {e}")),
        }
    }

    /// Lets the computer move if it is its turn; returns its move.
    pub fn computer_turn(&mut self) -> Option<MoveReport> {
        let before = self.session.position().clone();
        let events = self.session.play_computer(self.clock.now())?;
        self.keep();
        events.iter().find_map(|e| match e {
            Event::MovePlayed { mv, .. } => Some(MoveReport::of(&before, mv)),
            _ => None,
        })
    }

    /// Takes back the last move (and against the computer its reply too,
    /// so that it is the person's turn again). A finished game is final:
    /// its record is saved with its result.
    pub fn undo(&mut self) -> String {
        if self.session.is_over() {
            return format!("{} Undo is for a game in progress.", self.over());
        }
        let events = self.session.undo();
        let said = match events.first() {
            Some(Event::MovesTakenBack { count: 1 }) => "One move taken back.".into(),
            Some(Event::MovesTakenBack { count }) => format!("{count} moves taken back."),
            _ => return "Nothing to undo.".into(),
        };
        self.keep();
        said
    }

    /// Writes the record as it now stands, once a move has been played
    /// here (or taken back).
    fn keep(&mut self) {
        if self.session.ply() == self.start_ply && self.file.saved().is_none() && !self.session.is_over() {
            return;
        }
        let text = self.session.replayed().to_text(MoveForm::Record);
        self.file.keep(&text);
    }

    /// Where the record was saved, if it was: a game without a move
    /// leaves no file.
    pub fn saved(&self) -> Option<&Path> {
        self.file.saved()
    }

    /// The record as text (written out when its file cannot be).
    pub fn record_text(&self) -> String {
        self.session.replayed().to_text(MoveForm::Record)
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
