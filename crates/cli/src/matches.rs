//! What the self-play commands (`arena`, `ladder`, `analyse`, the Single
//! Capture Go arena) share: a progress bar, a pool of worker threads, and
//! writing each game's record.

use std::path::Path;

use anyhow::{Context, Result, anyhow};
use arbiter_games::record::Record;
use indicatif::{ProgressBar, ProgressStyle};

use crate::record_cmd::write_new;

/// A progress bar over `games` games, hidden when the output is JSON.
pub fn progress_bar(games: usize, json_out: bool) -> Result<ProgressBar> {
    let bar = if json_out { ProgressBar::hidden() } else { ProgressBar::new(games as u64) };
    bar.set_style(ProgressStyle::with_template("{bar:40} {pos}/{len} games {elapsed_precise}")?);
    Ok(bar)
}

/// Runs `play` on a pool of `threads` workers (one per core when `None`)
/// with a progress bar of `games` games, which `play` advances through the
/// callback it is given.
pub fn run_games<R: Send>(
    threads: Option<usize>,
    games: usize,
    json_out: bool,
    play: impl FnOnce(&(dyn Fn() + Sync)) -> Result<R, String> + Send,
) -> Result<R> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads.unwrap_or(0)).build()?;
    let bar = progress_bar(games, json_out)?;
    let tick = || bar.inc(1);
    let results = pool.install(|| play(&tick)).map_err(|e| anyhow!(e))?;
    bar.finish_and_clear();
    Ok(results)
}

/// Writes each game's record into `dir` (created if needed) as
/// `game-0001.txt`, … by the game's number from 0; never over a file.
pub fn write_records<'a>(dir: &Path, records: impl IntoIterator<Item = (usize, &'a Record)>) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("'{}': cannot create", dir.display()))?;
    for (index, record) in records {
        write_new(&dir.join(format!("game-{:04}.txt", index + 1)), &record.to_text())?;
    }
    Ok(())
}
