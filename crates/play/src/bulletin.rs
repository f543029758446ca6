//! What the referee of a game of rounds shows: the opening announcement,
//! and the state of the open round as each viewer may see it (a player
//! sees their own pending play, nobody else's), in words or as a view
//! that serialises to JSON.

use std::fmt::Write as _;

use arbiter_core::{EndReason, Seat};
use serde::Serialize;

use crate::events::Viewer;
use crate::rounds::Rounds;
use crate::time::{Timestamp, span_in_words};

/// A seat as the view shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// The seat's label.
    pub letter: String,
    /// The player's name.
    pub name: String,
    /// Whether the player is still in the game.
    pub in_game: bool,
    /// The computer's level, for a seat the computer plays.
    pub bot_level: Option<u8>,
}

/// A refused play, as its player sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RefusedView {
    /// The play as sent.
    pub square: String,
    /// Why it was refused.
    pub reason: Option<String>,
}

/// The viewer's own part of the round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct YouView {
    /// The viewer's label.
    pub letter: String,
    /// Their pending play.
    pub play: Option<String>,
    /// When it was received (RFC 3339).
    pub received: Option<String>,
    /// Their refused plays this round.
    pub refused: Vec<RefusedView>,
}

/// The game as a viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundsView {
    /// The game's identifier.
    pub game: String,
    /// The round being played, or the last one.
    pub round: u32,
    /// The position string.
    pub position: String,
    /// Every seat.
    pub players: Vec<SeatView>,
    /// `ongoing`, `win` or `draw`.
    pub status: &'static str,
    /// The winners' labels.
    pub winners: Vec<String>,
    /// Why the game ended.
    pub reason: Option<EndReason>,
    /// The open round's deadline (RFC 3339).
    pub deadline: Option<String>,
    /// Whether the deadline has passed.
    pub deadline_passed: bool,
    /// How many players still in the game have a play in.
    pub plays_in: usize,
    /// The viewer's own part, for a player.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub you: Option<YouView>,
}

impl Rounds {
    /// The announcement that opens the game.
    pub fn opening(&self) -> String {
        let p = self.start();
        let all: Vec<String> = p.seats().map(|s| self.who(s)).collect();
        let mut s = format!("{}: a new game\n", p.info().name);
        let _ = writeln!(s, "Players: {}.", all.join(", "));
        s.push_str(&board_words(self));
        let deadline = self.deadline().map(Timestamp::for_people).unwrap_or_default();
        let form = p.referee_play_form().map(|form| format!(", {form},")).unwrap_or_default();
        let _ = writeln!(s, "Round 1 begins now. Send your play{form} to the referee by {deadline}.");
        s
    }

    /// The state of the game at `now` as `viewer` may see it: the open
    /// round, the grid, who is in, the deadline, how many plays are in,
    /// and a player's own play. Once the game is over, the final
    /// announcement.
    pub fn status_text(&self, viewer: Viewer, now: Timestamp) -> String {
        if self.is_over()
            && let Some(last) = self.announcements().last()
        {
            return last.clone();
        }
        let p = self.position();
        let mut s = String::new();
        let opened = self.opened().map(Timestamp::for_people).unwrap_or_else(|| "at the start".into());
        let _ = writeln!(s, "{}: round {} (announced {opened})\n", p.info().name, self.round());
        s.push_str(&p.referee_picture());
        let in_game: Vec<String> = p.active().iter().map(|seat| self.who(seat)).collect();
        let _ = writeln!(s, "\nIn the game: {}.", in_game.join(", "));
        match self.deadline() {
            Some(deadline) if now < deadline => {
                let _ = writeln!(
                    s,
                    "Plays are due by {} ({} from now).",
                    deadline.for_people(),
                    span_in_words(deadline.since(now))
                );
            }
            Some(deadline) => {
                let _ = writeln!(
                    s,
                    "The deadline, {}, passed {} ago: the referee closes the round.",
                    deadline.for_people(),
                    span_in_words(now.since(deadline))
                );
            }
            None => {}
        }
        let _ = writeln!(s, "Plays received: {} of {}.", self.plays_in(), p.active().len());
        if let Viewer::Seat(seat) = viewer {
            s.push('\n');
            match self.pending_play_seen(viewer, seat) {
                Some(play) => {
                    let at = play.at.map(|t| format!(" (received {})", t.for_people())).unwrap_or_default();
                    let _ = writeln!(s, "Your play, {}: {}{at}.", self.who(seat), play.text);
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

    /// The state of the game at `now` as `viewer` may see it, as a view
    /// that serialises to JSON (only the viewer's own pending play).
    pub fn view(&self, viewer: Viewer, now: Timestamp) -> RoundsView {
        let p = self.position();
        let names = self.names();
        let players = p
            .seats()
            .map(|seat| SeatView {
                letter: p.seat_label(seat),
                name: names[seat.index()].clone(),
                in_game: p.active().contains(seat),
                bot_level: self.seats()[seat.index()].level(),
            })
            .collect();
        let status = self.status();
        let you = match viewer {
            Viewer::Seat(seat) => Some(self.you(seat)),
            _ => None,
        };
        RoundsView {
            game: self.game().as_str().to_string(),
            round: self.round(),
            position: p.position_string(),
            players,
            status: status.word(),
            winners: status.winners().iter().map(|s| p.seat_label(s)).collect(),
            reason: status.outcome().map(|o| o.reason),
            deadline: self.deadline().map(Timestamp::rfc3339),
            deadline_passed: self.deadline().is_some_and(|d| now >= d),
            plays_in: self.plays_in(),
            you,
        }
    }

    fn you(&self, seat: Seat) -> YouView {
        let pending = self.pending_play_seen(Viewer::Seat(seat), seat);
        YouView {
            letter: self.position().seat_label(seat),
            play: pending.map(|s| s.text.clone()),
            received: pending.and_then(|s| s.at).map(Timestamp::rfc3339),
            refused: self
                .refused_of(seat)
                .iter()
                .map(|r| RefusedView { square: r.text.clone(), reason: r.refused.clone() })
                .collect(),
        }
    }
}

/// The opening's words about the board and its rules, then the board.
fn board_words(rounds: &Rounds) -> String {
    let p = rounds.start();
    match p.referee_board_words() {
        words if words.is_empty() => format!("\n{}\n", p.referee_picture()),
        words => words,
    }
}
