//! `arbiter record`: checks a game record and writes it out canonically.

use std::path::PathBuf;

use anyhow::Result;
use arbiter_play::{GameRecord, MoveForm};
use serde_json::json;

use crate::files::{claim_output, read_source, write_new};
use crate::output::out;

/// How to write the moves of a converted record.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Form {
    /// The game's record notation (scorekeeping for A•G•O•G).
    Record,
    /// The canonical long form.
    Long,
}

/// The arguments of `arbiter record`.
#[derive(clap::Args, Debug)]
pub struct RecordArgs {
    /// The record file (`-` for standard input).
    file: String,
    /// How to write the moves: `record` (the game's record notation,
    /// scorekeeping for A•G•O•G) or `long` (canonical long form).
    #[arg(long, default_value = "record")]
    to: Form,
    /// Write the converted record here instead of standard output (never
    /// over an existing file).
    #[arg(long)]
    output: Option<PathBuf>,
}

/// Runs `arbiter record`.
pub fn run(args: &RecordArgs, json: bool) -> Result<()> {
    let output = args.output.as_deref().map(claim_output).transpose()?;
    let replayed = GameRecord::from_text(&read_source(&args.file)?)?;
    let form = match args.to {
        Form::Record => MoveForm::Record,
        Form::Long => MoveForm::Long,
    };
    let text = replayed.to_text(form);
    let out = if json {
        let written = arbiter_games::record::RecordText::parse(&text)?;
        let tags: serde_json::Map<String, serde_json::Value> =
            written.tags.iter().map(|(k, v)| (k.clone(), json!(v))).collect();
        let end = replayed.line.current();
        format!(
            "{}\n",
            json!({
                "game": replayed.record.game.as_str(),
                "tags": tags,
                "moves": replayed.move_texts(form),
                "result": written.result,
                "position": end.position_string(),
                "status": end.status().describe(|s| end.seat_label(s)),
            })
        )
    } else {
        text
    };
    match output {
        Some(path) => {
            write_new(&path, &out)?;
        }
        None => out!("{out}"),
    }
    Ok(())
}
