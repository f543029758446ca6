//! `arbiter play`: two people at one terminal.

use crate::output::{out, outln};
use std::io::{BufRead, Write};
use std::path::PathBuf;

use anyhow::Result;
use arbiter_games::record::{GameLog, Record};

use crate::game_args::GameArgs;
use crate::{date, record_cmd};

const HELP: &str = "Type a move in long form (e2-e3, a1xa3+c3, g8-h8 c3=H) or scorekeeping (b6, ab6, Jxa3+c3).
Commands: moves (list legal moves), undo, resign, save, help, quit.";

/// Runs a hot-seat game on standard input and output.
pub fn run(args: &GameArgs, save: Option<PathBuf>, white: &str, black: &str) -> Result<()> {
    let (kind, options) = args.options()?;
    let start = args.position()?;
    let mut record = Record::default();
    record.set_tag("Game", kind.id());
    if let Some(v) = &options.variant {
        record.set_tag("Variant", v.clone());
    }
    if let Some(h) = options.handicap.filter(|&h| h > 0) {
        record.set_tag("Handicap", h.to_string());
    }
    if let Some(p) = &args.position {
        record.set_tag("Setup", p.clone());
    }
    record.set_tag("Date", date::today());
    record.set_tag("White", white);
    record.set_tag("Black", black);
    let mut history = vec![start];
    let mut resigned: Option<String> = None;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    outln!("{HELP}\n");
    loop {
        let here = history.last().expect("a start").clone();
        outln!("{}", here.diagram());
        let status = here.status();
        if status.status != "ongoing" {
            outln!("Game over: {}", describe(&status.to_string()));
            break;
        }
        out!("{} to move> ", side_name(&here.to_move_label()));
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            outln!();
            break;
        };
        let input = line?.trim().to_string();
        match input.as_str() {
            "" => continue,
            "help" | "?" => outln!("{HELP}"),
            "quit" | "exit" => break,
            "moves" => {
                let moves: Vec<String> =
                    here.legal_moves().iter().map(|m| here.record_move(m).unwrap_or_else(|_| m.clone())).collect();
                outln!("{}", moves.join(" "));
            }
            "undo" => {
                if history.len() > 1 {
                    history.pop();
                    record.moves.pop();
                } else {
                    outln!("Nothing to undo.");
                }
            }
            "resign" => {
                resigned = Some(here.to_move_label());
                outln!("{} resigns.", side_name(&here.to_move_label()));
                break;
            }
            "save" => outln!("The record is saved when the game ends."),
            mv => match here.play(mv) {
                Ok(next) => {
                    record.moves.push(here.record_move(mv)?);
                    history.push(next);
                }
                Err(e) => outln!("Illegal: {e}"),
            },
        }
    }
    if record.moves.is_empty() {
        outln!("No moves played; nothing saved.");
        return Ok(());
    }
    let final_status = history.last().expect("a start").status();
    let result = match (&resigned, final_status.status) {
        (Some(loser), _) => if loser == "w" { "0—1" } else { "1—0" }.to_string(),
        (None, "ongoing") => "*".to_string(),
        (None, _) => if final_status.winners.first().is_some_and(|w| w == "w") { "1—0" } else { "0—1" }.to_string(),
    };
    record.result = Some(result.clone());
    record.set_tag("Result", result);
    // The record is replayed as a check; should that ever fail, the moves
    // are still saved as typed rather than lost.
    let text = match GameLog::replay(&record) {
        Ok(log) => log.to_text(),
        Err(e) => {
            eprintln!("warning: the record does not replay ({e}); saving it as played");
            record.to_text()
        }
    };
    let path = save.unwrap_or_else(|| default_path(kind.id()));
    record_cmd::write_new(&path, &text)?;
    outln!("Record saved to {}", path.display());
    Ok(())
}

fn side_name(label: &str) -> &'static str {
    if label == "w" { "White" } else { "Black" }
}

fn describe(status: &str) -> String {
    let mut parts = status.split(' ');
    match (parts.next(), parts.next(), parts.next()) {
        (Some("win"), Some(w), Some(reason)) => format!("{} wins by {reason}", side_name(w)),
        _ => status.to_string(),
    }
}

/// A fresh file name in the current directory that does not exist yet.
fn default_path(game: &str) -> PathBuf {
    let stamp = date::unix_seconds();
    let mut path = PathBuf::from(format!("{game}-{stamp}.txt"));
    let mut n = 1;
    while path.exists() {
        path = PathBuf::from(format!("{game}-{stamp}-{n}.txt"));
        n += 1;
    }
    path
}
