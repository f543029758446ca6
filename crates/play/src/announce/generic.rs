//! The announcement of a round of a simultaneous game without words of
//! its own: the plays that counted, the attempts that did not, who left,
//! the position, and what comes next.

use std::fmt::Write as _;

use super::{RoundAccount, closed_line};

/// The announcement.
pub(super) fn announce(account: &RoundAccount<'_>) -> String {
    let (before, after, names, extras) = (account.before, account.after, account.names, account.extras);
    let number = account.number;
    let mut s = String::new();
    let _ = writeln!(s, "{}: results of round {number}", before.info().name);
    if let Some(line) = closed_line(extras) {
        let _ = writeln!(s, "{line}");
    }
    s.push_str("\nPlays:\n");
    let plays = before.round_plays(account.plays);
    for seat in before.active().iter() {
        let play = plays.iter().find(|(p, _)| *p == seat).map(|(_, play)| before.play_text(play));
        let _ = writeln!(s, "  {}  {}", names.who(before, seat), play.as_deref().unwrap_or("no valid play"));
    }
    for (seat, text, why) in &extras.not_counted {
        let _ = writeln!(s, "  {}  {text} {why}", names.who(before, *seat));
    }
    let left: Vec<_> = before.active().iter().filter(|&p| !after.active().contains(p)).collect();
    let _ = writeln!(s, "\nLeft the game: {}.", names.list(before, left.into_iter()));
    let _ = write!(s, "\nThe position after round {number}:\n{}", after.diagram());
    match after.status().outcome() {
        None => {
            let _ = writeln!(s, "\nRemaining: {}.", names.list(after, after.active().iter()));
            match extras.next_deadline {
                Some(t) => {
                    let _ = writeln!(s, "Round {} begins now. Send your play by {}.", number + 1, t.for_people());
                }
                None => {
                    let _ = writeln!(s, "Round {} begins now.", number + 1);
                }
            }
        }
        Some(o) => {
            let _ = writeln!(s, "\nThe game is over ({}): {}.", o.reason, names.list(after, o.winners.iter()));
        }
    }
    s
}
