//! A game of Single Capture Go at this terminal, whatever shows it: the
//! people at the keyboard play in secret one after the other, the computer
//! fills every other seat, and the round is resolved and announced when
//! the last person has played.

use anyhow::{Result, anyhow};
use arbiter_ai::scg::choose_play;
use arbiter_core::{Seat, SeatSet, SimultaneousGame, SimultaneousNotation, Status};
use arbiter_games::AnyGame;
use arbiter_games::record::{GameLog, Record};
use arbiter_games::scg::{Names, RoundExtras, Scg, Square, announce};

use crate::play::PlayArgs;
use crate::{date, record_cmd};

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

/// The game, its seats, and the round being collected.
pub struct ScgTable {
    position: Scg,
    people: SeatSet,
    names: Vec<String>,
    level: u8,
    seed: u64,
    round: u32,
    plays: Vec<(Seat, Square)>,
    rounds: Vec<String>,
    record: Record,
}

impl ScgTable {
    /// The game `args` describe: the people are the letters of `--as`
    /// (everyone, without it), the computer plays at `--level`.
    pub fn new(args: &PlayArgs) -> Result<ScgTable> {
        let AnyGame::Scg(start) = args.game.position()? else {
            return Err(anyhow!("'{}': not Single Capture Go", args.game.game));
        };
        let position: Scg = *start;
        let people: SeatSet = match &args.side {
            None => position.active(),
            Some(letters) => letters
                .chars()
                .map(|c| {
                    position
                        .seat_of(c)
                        .ok_or_else(|| anyhow!("'{c}': not a player of this game (players: {})", position.letters()))
                })
                .collect::<Result<SeatSet>>()?,
        };
        let names: Vec<String> = (0..position.seat_count())
            .map(|i| match (people.contains(Seat(i as u8)), people.len()) {
                (true, 1) => "you".to_string(),
                (true, _) => format!("player {}", position.letter(Seat(i as u8))),
                (false, _) => format!("computer, level {}", args.level),
            })
            .collect();
        let mut record = Record::default();
        record.set_tag("Game", "scg");
        record.set_tag("Date", date::today());
        record.set_tag("Players", position.letters().as_string());
        for (i, name) in names.iter().enumerate() {
            record.set_tag(&position.letter(Seat(i as u8)).to_string(), name.clone());
        }
        if position.at_blocked() {
            record.set_tag("AtBlocked", "on");
        }
        if let Some(setup) = &args.game.position {
            record.set_tag("Setup", setup.clone());
        }
        Ok(ScgTable {
            position,
            people,
            names,
            level: args.level,
            seed: date::unix_seconds(),
            round: 1,
            plays: Vec::new(),
            rounds: Vec::new(),
            record,
        })
    }

    /// The position.
    pub fn position(&self) -> &Scg {
        &self.position
    }

    /// The number of the round being played.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The rounds played, in the record's form (`A:c3,B:d4`).
    pub fn rounds(&self) -> &[String] {
        &self.rounds
    }

    /// Whether more than one person shares the keyboard (plays must then
    /// stay hidden on the screen).
    pub fn shared_keyboard(&self) -> bool {
        self.people.len() > 1
    }

    /// `A (you)`, `B (computer, level 5)`.
    pub fn who(&self, seat: Seat) -> String {
        Names(&self.names).who(&self.position, seat)
    }

    /// The person whose play is awaited, or `None` once the game is over.
    pub fn waiting(&self) -> Option<Seat> {
        if self.position.status().is_over() {
            return None;
        }
        self.position.active().iter().find(|&s| self.people.contains(s) && self.plays.iter().all(|(p, _)| *p != s))
    }

    /// How the game ended: who won and by which rule.
    pub fn ending(&self) -> Option<String> {
        match self.position.status() {
            Status::Over(o) => {
                let winners = Names(&self.names).list(&self.position, o.winners.iter());
                Some(format!("{winners} won ({})", o.reason))
            }
            Status::Ongoing => None,
        }
    }

    /// Takes a line from the person awaited.
    pub fn submit(&mut self, line: &str) -> TableReply {
        let Some(seat) = self.waiting() else { return TableReply::Say("The game is over.".into()) };
        match line.trim() {
            "" => TableReply::Say(String::new()),
            "quit" | "exit" => TableReply::Quit,
            "help" | "?" => TableReply::Say(HELP.into()),
            "moves" => TableReply::Say(self.position.playable_names().join(" ")),
            text => match self.position.parse_square_play(seat, text) {
                Ok(sq) => {
                    self.plays.push((seat, sq));
                    TableReply::Played(self.waiting().is_none().then(|| self.close_round()))
                }
                Err(e) => TableReply::Say(format!("Refused: {}", e.reason)),
            },
        }
    }

    /// The computer's plays, then the round resolved; its announcement.
    fn close_round(&mut self) -> String {
        let p = &self.position;
        for seat in p.active().iter().filter(|&s| !self.people.contains(s)) {
            let bot_seed = self.seed ^ (u64::from(self.round) << 8 | u64::from(seat.0));
            if let Some(sq) = choose_play(p, seat, self.level, bot_seed) {
                self.plays.push((seat, sq));
            }
        }
        self.plays.sort_by_key(|(seat, _)| seat.0);
        let plays = std::mem::take(&mut self.plays);
        let (next, report) = p.resolve_reported(&plays);
        let line = p.round_string(&plays);
        let text = announce(self.round, p, &next, &report, Names(&self.names), &RoundExtras::default());
        self.record.moves.push(line.clone());
        self.rounds.push(line);
        self.position = next;
        self.round += 1;
        text
    }

    /// Saves the record (if a round was played), checked by replaying it;
    /// the path saved to.
    pub fn save(&mut self, path: Option<std::path::PathBuf>) -> Result<Option<std::path::PathBuf>> {
        if self.record.moves.is_empty() {
            return Ok(None);
        }
        let log = GameLog::replay(&self.record)?;
        let path = path.unwrap_or_else(|| {
            let stamp = date::unix_seconds();
            (0..)
                .map(|n| std::path::PathBuf::from(format!("scg-{stamp}-{n}.txt")))
                .find(|p| !p.exists())
                .expect("a name")
        });
        record_cmd::write_new(&path, &log.to_text())?;
        Ok(Some(path))
    }
}
