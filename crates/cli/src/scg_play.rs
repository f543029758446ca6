//! `arbiter play scg`: a game of Single Capture Go at this terminal, the
//! computer in every seat but yours (`--as A`; several letters for several
//! people sharing the keyboard; without `--as`, everyone at the keyboard).
//! Full screen on a terminal; line by line when asked (`--plain`) or when
//! input is not a terminal: each round shows the labelled grid, asks each
//! person for a play, and prints the round's announcement.

use std::io::IsTerminal;

use anyhow::Result;
use arbiter_core::SimultaneousNotation;

use crate::output::{out, outln};
use crate::play::PlayArgs;
use crate::scg_table::{HELP, ScgTable, TableReply};

/// Runs `arbiter play scg`.
pub fn run(args: &PlayArgs) -> Result<()> {
    let mut table = ScgTable::new(args)?;
    if !args.plain && std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        crate::scg_tui::run(&mut table)?;
    } else {
        line_by_line(&mut table)?;
    }
    match table.save(args.save.clone())? {
        Some(path) => outln!("Record saved to {}", path.display()),
        None => outln!("No round played; nothing saved."),
    }
    Ok(())
}

/// The line-by-line front end.
fn line_by_line(table: &mut ScgTable) -> Result<()> {
    let mut lines = crate::input::stdin_lines();
    outln!("{HELP}\n");
    let mut shown = 0;
    while let Some(seat) = table.waiting() {
        if shown != table.round() {
            outln!("Round {}\n{}", table.round(), table.position().diagram());
            shown = table.round();
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
