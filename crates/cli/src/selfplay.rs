//! What the self-play commands (`arena`, `ladder`, `analyse`) share: a
//! progress bar, a pool of worker threads, and each game's record.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use arbiter_ai::arena::{GameResult, Match, Player};
use arbiter_games::Line;
use arbiter_play::{GameRecord, MoveForm, Occupant, Replayed};
use indicatif::{ProgressBar, ProgressStyle};

use crate::args::SelfPlayArgs;
use crate::files::write_new;

/// A progress bar over `games` games, hidden when the output is JSON.
pub fn progress_bar(games: usize, json_out: bool) -> Result<ProgressBar> {
    let bar = if json_out { ProgressBar::hidden() } else { ProgressBar::new(games as u64) };
    bar.set_style(ProgressStyle::with_template("{bar:40} {pos}/{len} games {elapsed_precise}")?);
    Ok(bar)
}

/// Plays `games` games of `m` on the pool `args` asks for, with a progress
/// bar.
pub fn run_match(args: &SelfPlayArgs, m: &Match, games: usize, json_out: bool) -> Result<Vec<GameResult>> {
    let pool = args.pool()?;
    let bar = progress_bar(games, json_out)?;
    let results = pool.install(|| m.run(games, || bar.inc(1)))?;
    bar.finish_and_clear();
    Ok(results)
}

/// The record of a game of the match: its moves as played, each seat
/// named by the player in it (`level=5`, `random`).
pub fn record_of(result: &GameResult, m: &Match) -> Replayed {
    let mut record = GameRecord::new(m.game, result.options.clone());
    record.seats = result
        .start
        .seats()
        .map(|seat| {
            let player: &Player = if result.a_seats.contains(seat) { &m.a } else { &m.b };
            Occupant::person(player.describe())
        })
        .collect();
    let mut line = Line::new(result.start.clone());
    for mv in &result.moves {
        if line.play(*mv).is_err() {
            break;
        }
    }
    Replayed::from_line(record, line)
}

/// Checks, before any game is played, where the records will go: a new
/// directory, or an existing one that holds no game records. A directory
/// that holds records already (or a file of that name) is left alone and
/// the records go to the first free `<dir>-N` beside it, which is said on
/// standard error.
pub fn claim_records_dir(dir: &Path) -> Result<PathBuf> {
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty())
        && !parent.is_dir()
    {
        bail!("'{}': there is no folder '{}' to create it in", dir.display(), parent.display());
    }
    let usable = |d: &Path| !d.exists() || (d.is_dir() && !holds_records(d));
    if usable(dir) {
        return Ok(dir.to_path_buf());
    }
    let name = dir.file_name().map_or_else(|| "records".into(), |n| n.to_string_lossy().into_owned());
    let free = (1..).map(|n| dir.with_file_name(format!("{name}-{n}"))).find(|d| usable(d)).expect("a free name");
    eprintln!("'{}' holds records already: writing them to '{}' instead", dir.display(), free.display());
    Ok(free)
}

/// Whether `dir` holds a `game-*.txt` record.
fn holds_records(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with("game-") && name.ends_with(".txt")
        })
    })
}

/// Writes each game's record into `dir` (created if needed) as
/// `game-0001.txt`, … by the game's number from 0; never over a file.
pub fn write_records(dir: &Path, results: &[GameResult], m: &Match) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("'{}': cannot create the directory", dir.display()))?;
    for result in results {
        let text = record_of(result, m).to_text(MoveForm::Record);
        write_new(&dir.join(format!("game-{:04}.txt", result.index + 1)), &text)?;
    }
    Ok(())
}
