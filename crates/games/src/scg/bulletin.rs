//! What the referee shows of a game: the opening announcement, the state of
//! the open round (each player sees only their own pending play), and the
//! game as a record, with the record's own announcements.

use std::fmt::Write as _;

use arbiter_core::{Seat, SimultaneousGame, SimultaneousNotation, TextError};
use serde_json::{Value, json};

use super::announce::{Names, RoundExtras, announce};
use super::letters::Letters;
use super::referee::{ClosedRound, RefereeGame, RefereeOptions, Submission};
use super::when::{HOUR, Instant, format_instant, format_span, iso_instant, record_date};
use crate::any::AnyGame;
use crate::record::{GameLog, Record};

impl RefereeGame {
    /// The announcement that opens the game.
    pub fn opening(&self) -> String {
        let p = self.start();
        let n = p.side();
        let all: Vec<String> = (0..self.players.len()).map(|i| self.who(Seat(i as u8))).collect();
        let mut s = String::from("Single Capture Go: a new game\n");
        let _ = writeln!(s, "Players: {}.", all.join(", "));
        let last = (b'a' + n as u8 - 1) as char;
        let _ = writeln!(
            s,
            "The grid is {n}×{n}: rows a to {last} from the top, columns 1 to {n} from the left (c3 is row c, column 3)."
        );
        let at = if self.options.at_blocked {
            "Squares holding @ may not be played."
        } else {
            "Squares holding @ may be played."
        };
        let _ = writeln!(s, "{at}\n\n{}", p.grid_picture());
        let deadline = self.deadline.map(format_instant).unwrap_or_default();
        let _ = writeln!(
            s,
            "Round 1 begins now. Send your play, one square without a letter such as c3, to the referee by {deadline}."
        );
        s
    }

    /// The state of the game at `now` as `viewer` may see it (the public
    /// view without one): the open round, the grid, who is in, the
    /// deadline, how many plays are in, and the viewer's own play. Once the
    /// game is over, the final announcement.
    pub fn status_text(&self, viewer: Option<Seat>, now: Instant) -> String {
        if self.is_over()
            && let Some(last) = self.history.last()
        {
            return last.announcement.clone();
        }
        let p = self.current();
        let mut s = String::new();
        let _ = writeln!(s, "Single Capture Go: round {} (announced {})\n", self.round, format_instant(self.opened));
        s.push_str(&p.grid_picture());
        let in_game: Vec<String> = p.active().iter().map(|seat| self.who(seat)).collect();
        let _ = writeln!(s, "\nIn the game: {}.", in_game.join(", "));
        let deadline = self.deadline.expect("an open round");
        if now < deadline {
            let _ = writeln!(
                s,
                "Plays are due by {} ({} from now).",
                format_instant(deadline),
                format_span(deadline - now)
            );
        } else {
            let _ = writeln!(
                s,
                "The deadline, {}, passed {} ago: the referee closes the round (arbiter scg close).",
                format_instant(deadline),
                format_span(now - deadline)
            );
        }
        let _ = writeln!(s, "Plays received: {} of {}.", self.plays_in(), p.active().len());
        if let Some(seat) = viewer {
            s.push('\n');
            match self.pending_play(seat) {
                Some(play) => {
                    let _ = writeln!(
                        s,
                        "Your play, {}: {} (received {}).",
                        self.who(seat),
                        play.text,
                        format_instant(play.at)
                    );
                }
                None if p.active().contains(seat) => {
                    let _ = writeln!(s, "{} has no valid play in this round yet.", self.who(seat));
                }
                None => {
                    let _ = writeln!(s, "{} is no longer in the game.", self.who(seat));
                }
            }
            for r in self.refused_of(seat) {
                let _ = writeln!(s, "Refused: {} ({}).", r.text, r.refused.as_deref().unwrap_or(""));
            }
        }
        s
    }

    /// The state as one JSON object, with the same secrecy as
    /// [`RefereeGame::status_text`]: only `viewer`'s own pending play.
    pub fn status_json(&self, viewer: Option<Seat>, now: Instant) -> Value {
        let p = self.current();
        let players: Vec<Value> = self
            .players
            .iter()
            .enumerate()
            .map(|(i, e)| {
                json!({
                    "letter": e.letter.to_string(),
                    "name": e.name,
                    "in_game": p.active().contains(Seat(i as u8)),
                    "bot_level": e.bot,
                })
            })
            .collect();
        let (status, winners, reason) = match &self.result {
            Some(r) => ("win", r.winners.iter().map(char::to_string).collect(), Some(r.reason.clone())),
            None => ("ongoing", Vec::new(), None),
        };
        let mut out = json!({
            "game": "scg",
            "round": self.round,
            "position": self.position,
            "players": players,
            "status": status,
            "winners": winners,
            "reason": reason,
            "deadline": self.deadline.map(iso_instant),
            "deadline_passed": self.deadline.is_some_and(|d| now >= d),
            "plays_in": if self.is_over() { 0 } else { self.plays_in() },
        });
        if let Some(seat) = viewer {
            let refused: Vec<Value> =
                self.refused_of(seat).iter().map(|r| json!({ "square": r.text, "reason": r.refused })).collect();
            out["you"] = json!({
                "letter": self.players[seat.index()].letter.to_string(),
                "play": self.pending_play(seat).map(|s| s.text.clone()),
                "received": self.pending_play(seat).map(|s| iso_instant(s.at)),
                "refused": refused,
            });
        }
        out
    }

    /// The game as a record: the players' letters (`Players`), each
    /// player's name under their letter (`[A "Alice"]`), the option, the
    /// date it began, one round per number and the result.
    pub fn to_record(&self) -> Record {
        let mut record = Record::default();
        record.set_tag("Game", "scg");
        record.set_tag("Date", record_date(self.history.first().map_or(self.opened, |r| r.opened)));
        record.set_tag("Players", self.players.iter().map(|p| p.letter).collect::<String>());
        for p in &self.players {
            record.set_tag(&p.letter.to_string(), p.name.clone());
        }
        if self.options.at_blocked {
            record.set_tag("AtBlocked", "on");
        }
        let result = match &self.result {
            Some(r) => r.winners.iter().map(char::to_string).collect::<Vec<_>>().join(","),
            None => "*".into(),
        };
        record.set_tag("Result", result.clone());
        record.moves = self.history.iter().map(|r| r.plays.clone()).collect();
        record.result = Some(result);
        record
    }

    /// Continues a game from its record: the rounds played so far become
    /// the history (each closed at `now`), and the next round opens at
    /// `now` under `options` (whose `at_blocked` the record's tag
    /// overrides).
    pub fn from_record(record: &Record, options: RefereeOptions, now: Instant) -> Result<RefereeGame, TextError> {
        let log = GameLog::replay(record)?;
        if record.tag("Setup").is_some() {
            return Err(TextError::new("Setup", "a refereed game starts from the empty grid"));
        }
        let start = typed(&log.positions[0])?;
        let letters = start.letters();
        let names: Vec<String> = (0..letters.len())
            .map(|i| {
                let letter = (letters.get(Seat(i as u8)) as char).to_string();
                record.tag(&letter).map_or_else(|| format!("Player {letter}"), str::to_string)
            })
            .collect();
        let options = RefereeOptions { at_blocked: start.at_blocked(), ..options };
        let mut game = RefereeGame::new(&names, Some(letters), &[], options, 0, now)?;
        let announcements = record_announcements(record)?;
        for (i, (plays, text)) in log.long_moves.iter().zip(announcements).enumerate() {
            let before = typed(&log.positions[i])?;
            let submissions = before
                .parse_round(plays)?
                .iter()
                .map(|&(seat, sq)| Submission {
                    letter: before.letter(seat),
                    text: before.geometry().name(sq),
                    at: now,
                    refused: None,
                })
                .collect();
            game.history.push(ClosedRound {
                number: i as u32 + 1,
                opened: now,
                deadline: now,
                closed: now,
                submissions,
                plays: plays.clone(),
                announcement: text,
            });
        }
        let last = typed(log.positions.last().expect("a replay holds its start"))?;
        game.position = last.position_string();
        game.round = game.history.len() as u32 + 1;
        if let Some(o) = last.status().outcome() {
            game.round -= 1;
            game.deadline = None;
            game.result = Some(super::referee::FinalResult {
                winners: o.winners.iter().map(|s| last.letter(s)).collect(),
                reason: o.reason.to_string(),
            });
        } else {
            game.deadline = Some(now + i64::from(options.round_hours) * HOUR);
        }
        Ok(game)
    }
}

/// The Single Capture Go position inside `p`.
fn typed(p: &AnyGame) -> Result<&super::Scg, TextError> {
    match p {
        AnyGame::Scg(g) => Ok(g),
        other => Err(TextError::new(other.kind().id(), "not a record of Single Capture Go (scg)")),
    }
}

/// The announcement of every round of a record, as the referee makes them
/// (names from the record's letter tags), without what only a game file
/// knows: refused or replaced plays and deadlines.
pub fn record_announcements(record: &Record) -> Result<Vec<String>, TextError> {
    let log = GameLog::replay(record)?;
    let mut out = Vec::new();
    for (i, plays) in log.long_moves.iter().enumerate() {
        let before = typed(&log.positions[i])?;
        let letters: Letters = before.letters();
        let names: Vec<String> = (0..letters.len())
            .map(|s| record.tag(&(letters.get(Seat(s as u8)) as char).to_string()).unwrap_or("").to_string())
            .collect();
        let (after, report) = before.play_round(plays)?;
        out.push(announce(i as u32 + 1, before, &after, &report, Names(&names), &RoundExtras::default()));
    }
    Ok(out)
}
