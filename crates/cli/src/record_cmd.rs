//! `arbiter record`: check a game record and write it out canonically.

use crate::output::out;
use std::io::{Read, Write};
use std::path::Path;

use anyhow::{Context, Result};
use arbiter_games::record::{GameLog, Record};
use serde_json::json;

/// How the moves of a converted record are written.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum MoveForm {
    /// The game's record notation (scorekeeping for A•G•O•G).
    Record,
    /// The canonical long form.
    Long,
}

/// Reads a record from a file, or standard input for `-`.
pub fn read_source(file: &str) -> Result<String> {
    let mut text = String::new();
    if file == "-" {
        std::io::stdin().read_to_string(&mut text).context("reading standard input")?;
    } else {
        text = std::fs::read_to_string(file).with_context(|| format!("'{file}': cannot read"))?;
    }
    Ok(text)
}

/// Writes `text` to a new file; refuses to replace an existing one.
pub fn write_new(path: &Path, text: &str) -> Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .with_context(|| format!("'{}': cannot create (it may exist already)", path.display()))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .with_context(|| format!("'{}': cannot write", path.display()))
}

/// `arbiter record`.
pub fn run(file: &str, form: MoveForm, output: Option<&Path>, json: bool) -> Result<()> {
    let text = read_source(file)?;
    let record = Record::parse(&text)?;
    let log = GameLog::replay(&record)?;
    let mut converted = log.record.clone();
    if let MoveForm::Long = form {
        converted.moves = log.long_moves.clone();
    }
    let final_position = log.positions.last().expect("a start position");
    let out = if json {
        let tags: serde_json::Map<String, serde_json::Value> =
            log.record.tags.iter().map(|(k, v)| (k.clone(), json!(v))).collect();
        format!(
            "{}\n",
            json!({
                "game": log.kind.id(),
                "tags": tags,
                "moves": converted.moves,
                "result": log.record.result,
                "position": final_position.position_string(),
                "status": final_position.status().to_string(),
            })
        )
    } else {
        converted.to_text_from(log.second_first())
    };
    match output {
        Some(path) => write_new(path, &out)?,
        None => out!("{out}"),
    }
    Ok(())
}
