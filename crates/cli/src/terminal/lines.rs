//! The line-by-line front ends: for scripts, tests, and terminals that
//! are not full screens.

use anyhow::Result;

use super::round_table::{RoundTable, TableReply};
use super::turn_table::{Reply, TurnTable};
use crate::output::{out, outln};

/// A turn-based game, line by line.
pub fn turns(table: &mut TurnTable) -> Result<()> {
    let mut lines = crate::input::stdin_lines();
    outln!("{}\n", table.help());
    loop {
        while let Some(report) = table.computer_turn() {
            outln!("{}", table.announce(&report));
        }
        outln!("{}", table.session().position().diagram());
        if let Some(ending) = table.ending() {
            outln!("Game over: {ending}.");
            break;
        }
        if table.choosing() {
            out!("Your choice> ");
        } else {
            out!("{} to move> ", table.to_move_name());
        }
        let Some(line) = lines.next() else {
            outln!();
            break;
        };
        match table.submit(&line?) {
            Reply::Quit => break,
            Reply::Played(report) => outln!("{}", table.announce(&report)),
            Reply::Ask(question) => outln!("{question}"),
            Reply::Say(text) if text.is_empty() => {}
            Reply::Say(text) => outln!("{text}"),
        }
    }
    Ok(())
}

/// A game of rounds, line by line: each round shows the labelled grid,
/// asks each person for a play, and prints the round's announcement.
pub fn rounds(table: &mut RoundTable) -> Result<()> {
    let mut lines = crate::input::stdin_lines();
    outln!("{}\n", table.help());
    let mut shown = 0;
    while let Some(seat) = table.waiting() {
        let round = table.rounds().round();
        if shown != round {
            outln!("Round {round}\n{}", table.rounds().position().diagram());
            shown = round;
        }
        out!("{}, your play> ", table.who(seat));
        let Some(line) = lines.next() else {
            outln!();
            break;
        };
        match table.submit(&line?) {
            TableReply::Quit => break,
            TableReply::Played(Some(announcement)) => outln!("\n{announcement}"),
            TableReply::Played(None) => {}
            TableReply::Say(text) if text.is_empty() => {}
            TableReply::Say(text) => outln!("{text}"),
        }
    }
    Ok(())
}
