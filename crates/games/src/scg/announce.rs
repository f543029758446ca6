//! The referee's words for Single Capture Go: the opening's account of the
//! grid, and each round's announcement as its rule text's referee writes
//! it (every play and its fate, who was doomed and why, the grid, who
//! remains and the next deadline, or how the game ended).

use std::fmt::Write as _;

use arbiter_core::{EndReason, RoundTelling, SimultaneousGame};

use super::{Fate, RoundReport, Scg};

/// How a player sends a play, for the opening announcement.
pub(super) const PLAY_FORM: &str = "one square without a letter such as c3";

/// The opening's words about the grid and its rules, then the grid.
pub(super) fn board_words(scg: &Scg) -> String {
    let n = scg.side();
    let last = (b'a' + n as u8 - 1) as char;
    let at = if scg.at_blocked() { "Squares holding @ may not be played." } else { "Squares holding @ may be played." };
    format!(
        "The grid is {n}×{n}: rows a to {last} from the top, columns 1 to {n} from the left (c3 is row c, column 3).\n{at}\n\n{}\n",
        scg.grid_picture()
    )
}

/// The announcement of the round from `before` to `after`.
pub(super) fn announce(before: &Scg, after: &Scg, report: &RoundReport, t: &RoundTelling<'_>) -> String {
    let number = t.number;
    let geo = before.geometry();
    let width = before.active().iter().map(|s| t.who(s).chars().count()).max().unwrap_or(1);
    let mut s = String::new();
    let _ = writeln!(s, "Single Capture Go: results of round {number}");
    if let Some(line) = t.closed {
        let _ = writeln!(s, "{line}");
    }

    s.push_str("\nPlays:\n");
    for seat in before.active().iter() {
        let name = t.who(seat);
        let pad = width - name.chars().count();
        let line = match report.plays.iter().find(|p| p.seat == seat) {
            None => "no valid play".to_string(),
            Some(play) => {
                let sq = geo.name(play.square);
                match play.fate {
                    Fate::Placed => format!("{sq:<4} placed"),
                    Fate::Collided(all) => {
                        let others = t.list(all.iter().filter(|&o| o != seat));
                        format!("{sq:<4} collided with {others}: {sq} holds @")
                    }
                }
            }
        };
        let _ = writeln!(s, "  {name}{:pad$}  {line}", "");
    }
    if !t.not_counted.is_empty() {
        s.push_str("Also received, not counted:\n");
        for (seat, text, why) in t.not_counted {
            let name = t.who(*seat);
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
        let _ = writeln!(s, "  {}: {}{letters}", t.who(doom.seat), why.join(", and "));
    }

    let _ = write!(s, "\nThe grid after round {number}:\n{}", after.grid_picture());

    match report.outcome {
        None => {
            let _ = writeln!(s, "\nRemaining: {}.", t.list(after.active().iter()));
            match t.next_deadline {
                Some(when) => {
                    let _ = writeln!(s, "Round {} begins now. Send your play by {when}.", number + 1);
                }
                None => {
                    let _ = writeln!(s, "Round {} begins now.", number + 1);
                }
            }
        }
        Some(outcome) if outcome.reason == EndReason::MostLetters => {
            let counts: Vec<String> =
                report.doomed.iter().map(|d| format!("{} {}", before.letter(d.seat), d.letters)).collect();
            let winners = t.list(outcome.winners.iter());
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
            let winner = t.list(outcome.winners.iter());
            let _ = writeln!(s, "\nThe game is over: {winner} is the last player standing and wins.");
        }
    }
    s
}
