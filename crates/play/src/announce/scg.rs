//! Single Capture Go's announcement, in the words of its referee.

use std::fmt::Write as _;

use arbiter_core::{EndReason, Seat, SimultaneousGame};
use arbiter_games::RoundGame;
use arbiter_games::scg::{Fate, RoundReport, Scg};

use super::{RoundAccount, closed_line};

/// The announcement, if the round is one of Single Capture Go.
pub(super) fn announce(account: &RoundAccount<'_>) -> Option<String> {
    let before = Scg::of(account.before)?;
    let after = Scg::of(account.after)?;
    let report: &RoundReport = Scg::report_of(account.report)?;
    let (number, names, extras) = (account.number, account.names, account.extras);
    let any = account.before;
    let geo = before.geometry();
    let who = |seat: Seat| names.who(any, seat);
    let width = before.active().iter().map(|s| who(s).chars().count()).max().unwrap_or(1);
    let mut s = String::new();
    let _ = writeln!(s, "Single Capture Go: results of round {number}");
    if let Some(line) = closed_line(extras) {
        let _ = writeln!(s, "{line}");
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
                        let others = names.list(any, all.iter().filter(|&o| o != seat));
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
            let _ = writeln!(s, "\nRemaining: {}.", names.list(any, after.active().iter()));
            match extras.next_deadline {
                Some(t) => {
                    let _ = writeln!(s, "Round {} begins now. Send your play by {}.", number + 1, t.for_people());
                }
                None => {
                    let _ = writeln!(s, "Round {} begins now.", number + 1);
                }
            }
        }
        Some(outcome) if outcome.reason == EndReason::MostLetters => {
            let counts: Vec<String> =
                report.doomed.iter().map(|d| format!("{} {}", before.letter(d.seat), d.letters)).collect();
            let winners = names.list(any, outcome.winners.iter());
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
            let winner = names.list(any, outcome.winners.iter());
            let _ = writeln!(s, "\nThe game is over: {winner} is the last player standing and wins.");
        }
    }
    Some(s)
}
