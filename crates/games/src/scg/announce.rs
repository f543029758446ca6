//! The referee's announcement after a round: the one text the referee
//! copies into a mail. It gives the round number, every play made or
//! attempted and what became of it, the doomed and why, the labelled grid,
//! who remains, and the next deadline or how the game ended.

use std::fmt::Write as _;

use arbiter_core::{Seat, SimultaneousGame};

use super::report::{Fate, RoundReport};
use super::when::{Instant, format_instant};
use super::{MOST_LETTERS, Scg};

/// What only the referee's game file knows about a round: attempts that
/// did not count, and the deadlines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundExtras {
    /// Submissions that did not count, in the order received: the seat,
    /// the text sent, and why it did not count.
    pub not_counted: Vec<(Seat, String, String)>,
    /// When the round was closed, and whether before its deadline
    /// (`Some(true)`: closed early).
    pub closed: Option<(Instant, bool)>,
    /// The deadline of the next round, when the game goes on.
    pub next_deadline: Option<Instant>,
}

/// The players' names by seat (empty: letters only).
#[derive(Clone, Copy, Debug)]
pub struct Names<'a>(pub &'a [String]);

impl Names<'_> {
    /// `A (Alice)`, or `A` without a name.
    pub fn who(&self, p: &Scg, seat: Seat) -> String {
        match self.0.get(seat.index()).filter(|n| !n.is_empty()) {
            Some(name) => format!("{} ({name})", p.letter(seat)),
            None => p.letter(seat).to_string(),
        }
    }

    /// Several players: `A (Alice), B (Bob) and C (Carol)`.
    pub fn list(&self, p: &Scg, seats: impl Iterator<Item = Seat>) -> String {
        let all: Vec<String> = seats.map(|s| self.who(p, s)).collect();
        match all.len() {
            0 => "nobody".into(),
            1 => all[0].clone(),
            n => format!("{} and {}", all[..n - 1].join(", "), all[n - 1]),
        }
    }
}

/// The announcement after round `number`, resolved from `before` into
/// `after` with `report`.
pub fn announce(
    number: u32,
    before: &Scg,
    after: &Scg,
    report: &RoundReport,
    names: Names<'_>,
    extras: &RoundExtras,
) -> String {
    let geo = before.geometry();
    let who = |seat: Seat| names.who(before, seat);
    let width = before.active().iter().map(|s| who(s).chars().count()).max().unwrap_or(1);
    let mut s = String::new();
    let _ = writeln!(s, "Single Capture Go: results of round {number}");
    if let Some((at, early)) = extras.closed {
        let how = if early { " (every player's play was in)" } else { "" };
        let _ = writeln!(s, "Closed {}{how}.", format_instant(at));
    }

    s.push_str("\nPlays:\n");
    for seat in before.active().iter() {
        let name = who(seat);
        let pad = width - name.chars().count();
        let line = match report.plays.iter().find(|p| p.seat == seat) {
            None => "no valid play".to_string(),
            Some(play) => {
                let sq = geo.name(play.square);
                match play.fate {
                    Fate::Placed => format!("{sq:<4} placed"),
                    Fate::Collided(all) => {
                        let others = names.list(before, all.iter().filter(|&o| o != seat));
                        format!("{sq:<4} collided with {others}: {sq} holds @")
                    }
                }
            }
        };
        let _ = writeln!(s, "  {name}{:pad$}  {line}", "");
    }
    if !extras.not_counted.is_empty() {
        s.push_str("Also received, not counted:\n");
        for (seat, text, why) in &extras.not_counted {
            let name = who(*seat);
            let pad = width - name.chars().count();
            let _ = writeln!(s, "  {name}{:pad$}  {text:<4} {why}", "");
        }
    }

    s.push_str("\nDoomed:\n");
    if report.doomed.is_empty() {
        s.push_str("  nobody\n");
    }
    for doom in &report.doomed {
        let mut why = Vec::new();
        if doom.no_play {
            why.push("made no valid play".to_string());
        }
        for &sq in &doom.airless {
            why.push(format!("the group at {} has no liberty", geo.name(sq)));
        }
        let letters = match doom.letters {
            0 => String::new(),
            1 => "; its letter becomes @".into(),
            n => format!("; its {n} letters become @"),
        };
        let _ = writeln!(s, "  {}: {}{letters}", who(doom.seat), why.join(", and "));
    }

    let _ = write!(s, "\nThe grid after round {number}:\n{}", after.grid_picture());

    match report.outcome {
        None => {
            let _ = writeln!(s, "\nRemaining: {}.", names.list(before, after.active().iter()));
            match extras.next_deadline {
                Some(t) => {
                    let _ = writeln!(s, "Round {} begins now. Send your play by {}.", number + 1, format_instant(t));
                }
                None => {
                    let _ = writeln!(s, "Round {} begins now.", number + 1);
                }
            }
        }
        Some(outcome) if outcome.reason == MOST_LETTERS => {
            let counts: Vec<String> =
                report.doomed.iter().map(|d| format!("{} {}", before.letter(d.seat), d.letters)).collect();
            let winners = names.list(before, outcome.winners.iter());
            let most = report.doomed.iter().map(|d| d.letters).max().unwrap_or(0);
            let _ = writeln!(
                s,
                "\nEvery remaining player was doomed. Letters on the grid before they became @: {}.",
                counts.join(", ")
            );
            let letters = if most == 1 { "letter" } else { "letters" };
            if outcome.winners.len() == 1 {
                let _ = writeln!(s, "The game is over: {winners} wins with the most letters ({most}).");
            } else {
                let _ = writeln!(s, "The game is over: {winners} share the win with {most} {letters} each.");
            }
        }
        Some(outcome) => {
            let winner = names.list(before, outcome.winners.iter());
            let _ = writeln!(s, "\nThe game is over: {winner} is the last player standing and wins.");
        }
    }
    debug_assert_eq!(after.status().outcome(), report.outcome);
    s
}
