//! A game refereed by mail or chat: the game file's model and everything
//! the referee does with it — open a game, receive plays (kept secret until
//! the round closes), close a round when its deadline has passed, and
//! announce the result.
//!
//! The model is plain data (serialised as JSON by [`RefereeGame::to_json`]);
//! reading and writing the file is the caller's business. No operation
//! reads the clock: each is given the moment it happens.

use arbiter_core::{Seat, SimultaneousGame, SimultaneousNotation, TextError};
use serde::{Deserialize, Serialize};

use super::announce::{Names, RoundExtras, announce};
use super::letters::Letters;
use super::when::{HOUR, Instant, format_instant, format_span};
use super::{Scg, ScgConfig, Square};

/// The version of the game file's format.
pub const FORMAT: u32 = 1;
/// Hours a round lasts unless the game says otherwise (the rule text's
/// three days).
pub const DEFAULT_ROUND_HOURS: u32 = 72;

/// How a refereed game is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefereeOptions {
    /// Hours from a round's announcement to its deadline.
    pub round_hours: u32,
    /// Close a round as soon as every remaining player has a valid play in.
    pub close_early: bool,
    /// The system rule "`@` squares blocked".
    pub at_blocked: bool,
}

impl Default for RefereeOptions {
    fn default() -> Self {
        RefereeOptions { round_hours: DEFAULT_ROUND_HOURS, close_early: false, at_blocked: false }
    }
}

/// A seat of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerEntry {
    /// The player's name.
    pub name: String,
    /// The player's letter.
    pub letter: char,
    /// For a seat filled by the computer: its level (1–10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<u8>,
}

/// A play sent to the referee.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Submission {
    /// Whose.
    pub letter: char,
    /// The square as sent.
    pub text: String,
    /// When it was received.
    pub at: Instant,
    /// Why it was refused, if it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
}

/// A round that has been closed and announced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClosedRound {
    /// Its number, from 1.
    pub number: u32,
    /// When it was announced.
    pub opened: Instant,
    /// Its deadline.
    pub deadline: Instant,
    /// When it was closed.
    pub closed: Instant,
    /// Every submission received, in order.
    pub submissions: Vec<Submission>,
    /// The plays that counted, as a round (`A:c3,B:c3,C:d4`, or `-`).
    pub plays: String,
    /// The announcement made when it closed.
    pub announcement: String,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalResult {
    /// The winners' letters.
    pub winners: Vec<char>,
    /// `last-standing` or `most-letters`.
    pub reason: String,
}

/// What became of a submitted play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Receipt {
    /// It counts (unless a later valid play replaces it); `replaced` is the
    /// square it replaces.
    Accepted {
        /// The square.
        square: String,
        /// The player's earlier valid play this round, now replaced.
        replaced: Option<String>,
    },
    /// It was refused; the player's earlier valid play, if any, still
    /// counts.
    Refused {
        /// Why.
        reason: String,
        /// The earlier valid play that still counts.
        standing: Option<String>,
    },
}

/// A game of Single Capture Go run by a referee: the game file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefereeGame {
    /// The file format's version ([`FORMAT`]).
    pub format: u32,
    /// The seats in order.
    pub players: Vec<PlayerEntry>,
    /// How the game is run.
    pub options: RefereeOptions,
    /// Seed of the computer's choices for seats it fills.
    #[serde(default)]
    pub seed: u64,
    /// The round now open, or the last one once the game is over.
    pub round: u32,
    /// When the open round was announced.
    pub opened: Instant,
    /// The open round's deadline (none once the game is over).
    pub deadline: Option<Instant>,
    /// Submissions of the open round, in order received. Secret: only the
    /// sender may see their own until the round closes.
    pub pending: Vec<Submission>,
    /// Every closed round.
    pub history: Vec<ClosedRound>,
    /// The position now.
    pub position: String,
    /// How the game ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<FinalResult>,
}

fn file_error(what: impl Into<String>, reason: impl Into<String>) -> TextError {
    TextError::new(what, format!("not a valid game file: {}", reason.into()))
}

impl RefereeGame {
    /// Opens a game at `now`: one seat per name, in order, with `letters`
    /// (default A, B, C…); `bots` gives the level of the seats the
    /// computer fills (same length as `names`, or empty).
    pub fn new(
        names: &[String],
        letters: Option<Letters>,
        bots: &[Option<u8>],
        options: RefereeOptions,
        seed: u64,
        now: Instant,
    ) -> Result<RefereeGame, TextError> {
        let count = names.len();
        if !(2..=12).contains(&count) {
            return Err(TextError::new(names.join(","), "a game has 2 to 12 players"));
        }
        let letters = letters.unwrap_or_else(|| Letters::first(count));
        if letters.len() != count {
            return Err(TextError::new(
                letters.as_string(),
                format!("{} letters for {count} players; give one letter per player", letters.len()),
            ));
        }
        if options.round_hours == 0 {
            return Err(TextError::new("0", "a round lasts at least one hour"));
        }
        let mut players = Vec::with_capacity(count);
        for (i, name) in names.iter().enumerate() {
            let name = name.trim();
            check_name(name)?;
            let letter = letters.get(Seat(i as u8)) as char;
            if players.iter().any(|p: &PlayerEntry| p.name.eq_ignore_ascii_case(name)) {
                return Err(TextError::new(name, "two players have this name; names must differ"));
            }
            if name.len() == 1 && name.as_bytes()[0].is_ascii_uppercase() && !name.starts_with(letter) {
                return Err(TextError::new(name, "a one-letter name must be the player's own letter"));
            }
            let bot = bots.get(i).copied().flatten();
            players.push(PlayerEntry { name: name.to_string(), letter, bot });
        }
        let config = ScgConfig { letters: Some(letters), at_blocked: options.at_blocked };
        let start = Scg::start(&config);
        Ok(RefereeGame {
            format: FORMAT,
            players,
            options,
            seed,
            round: 1,
            opened: now,
            deadline: Some(now + i64::from(options.round_hours) * HOUR),
            pending: Vec::new(),
            history: Vec::new(),
            position: start.position_string(),
            result: None,
        })
    }

    /// The game file as JSON.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("a game file serialises");
        text.push('\n');
        text
    }

    /// Reads a game file and checks it: every closed round is replayed from
    /// the start and must lead to the position recorded.
    pub fn from_json(text: &str) -> Result<RefereeGame, TextError> {
        let game: RefereeGame = serde_json::from_str(text).map_err(|e| file_error("JSON", e.to_string()))?;
        game.check()?;
        Ok(game)
    }

    fn check(&self) -> Result<(), TextError> {
        if self.format != FORMAT {
            return Err(file_error(self.format.to_string(), format!("this program reads format {FORMAT}")));
        }
        let letters: String = self.players.iter().map(|p| p.letter).collect();
        let parsed = Letters::parse(&letters)?;
        for p in &self.players {
            check_name(&p.name)?;
        }
        let mut position = Scg::start(&self.config_with(parsed));
        for (i, round) in self.history.iter().enumerate() {
            let what = format!("round {}", i + 1);
            if round.number != i as u32 + 1 {
                return Err(file_error(what, "rounds are numbered 1, 2, 3… in order"));
            }
            let (next, _) = position.play_round(&round.plays).map_err(|e| file_error(what, e.to_string()))?;
            position = next;
        }
        if position.position_string() != self.position {
            return Err(file_error(self.position.clone(), "the rounds played do not lead to this position"));
        }
        let over = position.status().is_over();
        let expected_round = self.history.len() as u32 + u32::from(!over);
        if self.round != expected_round || over != self.result.is_some() || over == self.deadline.is_some() {
            return Err(file_error(self.round.to_string(), "the round number, deadline and result disagree"));
        }
        if let Some(result) = &self.result {
            let o = position.status().outcome().expect("over");
            let winners: Vec<char> = o.winners.iter().map(|s| position.letter(s)).collect();
            if result.winners != winners || result.reason != o.reason {
                return Err(file_error("result", "the result is not what the rounds played give"));
            }
        }
        for s in &self.pending {
            match position.seat_of(s.letter) {
                Some(seat) if position.active().contains(seat) => {
                    if s.refused.is_none() && position.parse_square_play(seat, &s.text).is_err() {
                        return Err(file_error(s.text.clone(), "a pending play that may not be played"));
                    }
                }
                _ => return Err(file_error(s.letter.to_string(), "a pending play of a player not in the game")),
            }
        }
        Ok(())
    }

    fn config_with(&self, letters: Letters) -> ScgConfig {
        ScgConfig { letters: Some(letters), at_blocked: self.options.at_blocked }
    }

    /// The rules of the game.
    pub fn config(&self) -> ScgConfig {
        let letters: String = self.players.iter().map(|p| p.letter).collect();
        self.config_with(Letters::parse_list(&letters).expect("checked letters"))
    }

    /// The position now (winners of an all-doomed ending are in
    /// [`RefereeGame::result`]).
    pub fn current(&self) -> Scg {
        Scg::parse_position(&self.position, &self.config()).expect("a checked position")
    }

    /// The position before every round was played.
    pub fn start(&self) -> Scg {
        Scg::start(&self.config())
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The players' names by seat.
    pub fn names(&self) -> Vec<String> {
        self.players.iter().map(|p| p.name.clone()).collect()
    }

    /// `C (Carol)`.
    pub fn who(&self, seat: Seat) -> String {
        let p = &self.players[seat.index()];
        format!("{} ({})", p.letter, p.name)
    }

    /// The seat named by `who`: a player's letter, or their name (in any
    /// case).
    pub fn seat(&self, who: &str) -> Result<Seat, TextError> {
        let find = |f: &dyn Fn(&PlayerEntry) -> bool| self.players.iter().position(f).map(|i| Seat(i as u8));
        let mut chars = who.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && let Some(seat) = find(&|p| p.letter == c)
        {
            return Ok(seat);
        }
        find(&|p| p.name == who).or_else(|| find(&|p| p.name.eq_ignore_ascii_case(who))).ok_or_else(|| {
            let all: Vec<String> = (0..self.players.len()).map(|i| self.who(Seat(i as u8))).collect();
            TextError::new(who, format!("no such player; the players are {}", all.join(", ")))
        })
    }

    /// The valid play of `seat` that counts so far this round, with when
    /// it was received.
    pub fn pending_play(&self, seat: Seat) -> Option<&Submission> {
        let letter = self.players[seat.index()].letter;
        self.pending.iter().rev().find(|s| s.letter == letter && s.refused.is_none())
    }

    /// This round's refused submissions of `seat`.
    pub fn refused_of(&self, seat: Seat) -> Vec<&Submission> {
        let letter = self.players[seat.index()].letter;
        self.pending.iter().filter(|s| s.letter == letter && s.refused.is_some()).collect()
    }

    /// How many players still in the game have a valid play in.
    pub fn plays_in(&self) -> usize {
        self.current().active().iter().filter(|&s| self.pending_play(s).is_some()).count()
    }

    /// Whether every player still in the game has a valid play in.
    pub fn all_in(&self) -> bool {
        !self.is_over() && self.plays_in() == self.current().active().len()
    }

    /// Seats the computer fills that still have no play in this round,
    /// with their levels.
    pub fn bots_to_play(&self) -> Vec<(Seat, u8)> {
        if self.is_over() {
            return Vec::new();
        }
        let active = self.current().active();
        (0..self.players.len())
            .map(|i| Seat(i as u8))
            .filter(|&s| active.contains(s) && self.pending_play(s).is_none())
            .filter_map(|s| self.players[s.index()].bot.map(|level| (s, level)))
            .collect()
    }

    /// Receives `seat`'s play `text` (a square, such as `e7`) at `now`. A
    /// valid play replaces the player's earlier one; a play on a letter or
    /// off the grid is refused, recorded as an attempt, and leaves the
    /// earlier play in place. Errors (nothing recorded): the game is over,
    /// the player has left, the deadline has passed.
    pub fn submit(&mut self, seat: Seat, text: &str, now: Instant) -> Result<Receipt, TextError> {
        let position = self.current();
        if self.is_over() {
            return Err(TextError::new(text, "the game is over"));
        }
        if !position.active().contains(seat) {
            return Err(TextError::new(text, format!("{} is no longer in the game", self.who(seat))));
        }
        let deadline = self.deadline.expect("an open round has a deadline");
        if now >= deadline {
            return Err(TextError::new(
                text,
                format!(
                    "round {} closed for plays at its deadline, {}; the referee now closes it (arbiter scg close)",
                    self.round,
                    format_instant(deadline)
                ),
            ));
        }
        let letter = self.players[seat.index()].letter;
        let earlier = self.pending_play(seat).map(|s| s.text.clone());
        let text = text.trim();
        let receipt = match position.parse_square_play(seat, text) {
            Ok(sq) => {
                let square = position.geometry().name(sq);
                self.pending.push(Submission { letter, text: square.clone(), at: now, refused: None });
                Receipt::Accepted { square, replaced: earlier }
            }
            Err(e) => {
                self.pending.push(Submission {
                    letter,
                    text: text.to_string(),
                    at: now,
                    refused: Some(e.reason.clone()),
                });
                Receipt::Refused { reason: e.reason, standing: earlier }
            }
        };
        Ok(receipt)
    }

    /// Whether the open round may be closed at `now`: its deadline has
    /// passed, every play is in and the game closes early, or `force`.
    pub fn may_close(&self, now: Instant, force: bool) -> Result<(), TextError> {
        let Some(deadline) = self.deadline.filter(|_| !self.is_over()) else {
            return Err(TextError::new("close", "the game is over"));
        };
        if now >= deadline || force || (self.options.close_early && self.all_in()) {
            return Ok(());
        }
        Err(TextError::new(
            "close",
            format!(
                "round {} is open until {} ({} from now); wait for the deadline, or close it at once with --force",
                self.round,
                format_instant(deadline),
                format_span(deadline - now)
            ),
        ))
    }

    /// Closes the open round at `now` (see [`RefereeGame::may_close`]):
    /// resolves it from the plays that count, records it, opens the next
    /// round or ends the game, and returns the announcement.
    pub fn close(&mut self, now: Instant, force: bool) -> Result<String, TextError> {
        self.may_close(now, force)?;
        let before = self.current();
        let deadline = self.deadline.expect("an open round");
        let mut plays: Vec<(Seat, Square)> = Vec::new();
        for seat in before.active().iter() {
            if let Some(s) = self.pending_play(seat) {
                let sq = before.parse_square_play(seat, &s.text).expect("accepted plays stay valid in their round");
                plays.push((seat, sq));
            }
        }
        let (after, report) = before.resolve_reported(&plays);
        let mut not_counted = Vec::new();
        for (i, s) in self.pending.iter().enumerate() {
            let seat = before.seat_of(s.letter).expect("checked letter");
            let why = match &s.refused {
                Some(reason) => format!("refused: {reason}"),
                None if self.pending[i + 1..].iter().any(|t| t.letter == s.letter && t.refused.is_none()) => {
                    "replaced by a later play".to_string()
                }
                None => continue,
            };
            not_counted.push((seat, s.text.clone(), why));
        }
        let over = after.status().is_over();
        let next_deadline = (!over).then(|| now + i64::from(self.options.round_hours) * HOUR);
        let extras = RoundExtras { not_counted, closed: Some((now, now < deadline)), next_deadline };
        let names = self.names();
        let text = announce(self.round, &before, &after, &report, Names(&names), &extras);
        self.history.push(ClosedRound {
            number: self.round,
            opened: self.opened,
            deadline,
            closed: now,
            submissions: std::mem::take(&mut self.pending),
            plays: before.round_string(&plays),
            announcement: text.clone(),
        });
        self.position = after.position_string();
        match after.status().outcome() {
            Some(o) => {
                self.result = Some(FinalResult {
                    winners: o.winners.iter().map(|s| after.letter(s)).collect(),
                    reason: o.reason.to_string(),
                });
                self.deadline = None;
            }
            None => {
                self.round += 1;
                self.opened = now;
                self.deadline = next_deadline;
            }
        }
        Ok(text)
    }
}

/// A player's name: 1 to 40 printable characters, no comma.
fn check_name(name: &str) -> Result<(), TextError> {
    if name.is_empty() || name.chars().count() > 40 || name.chars().any(|c| c.is_control() || c == ',') {
        return Err(TextError::new(name, "a player's name is 1 to 40 printable characters without commas"));
    }
    Ok(())
}
