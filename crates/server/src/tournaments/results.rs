//! How a tournament's game came out, read from the game once it is over:
//! each seat's place, and who lost on time.

use arbiter_core::{EndReason, Seat};
use arbiter_store::{AccountId, SeatHolder, TableResult};

use crate::table::{Match, Table};

/// The result of the finished game `table` for its tournament, with the
/// accounts that lost it on time; `None` while it is not over.
pub fn result_of(table: &Table) -> Option<(TableResult, Vec<AccountId>)> {
    let outcome = table.play.status().outcome()?;
    if outcome.reason == EndReason::Aborted {
        return Some((TableResult::CalledOff, Vec::new()));
    }
    let seats = table.stored.seats.len();
    let winner_places =
        || (0..seats).map(|s| u32::from(u8::try_from(s).is_ok_and(|s| outcome.winners.contains(Seat(s))))).collect();
    let places: Vec<u32> = match &table.play {
        // A game of rounds: by the rounds each seat survived, once one
        // has closed; before, the winners ahead of the rest.
        Match::Rounds(rounds) if !rounds.closed_rounds().is_empty() => rounds.finishing_places(),
        Match::Rounds(_) => winner_places(),
        // A game of turns: won 2, drawn 1, lost 0.
        Match::Turns(_) if outcome.winners.is_empty() => vec![1; seats],
        Match::Turns(_) => winner_places().into_iter().map(|won: u32| won * 2).collect(),
    };
    let timed_out = match (&table.play, outcome.reason) {
        (Match::Turns(_), EndReason::Timeout) => table
            .stored
            .seats
            .iter()
            .filter(|s| !outcome.winners.contains(Seat(s.seat)) && !outcome.winners.is_empty())
            .filter_map(|s| match s.holder {
                SeatHolder::Account(a) => Some(a),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    Some((TableResult::Places(places), timed_out))
}
