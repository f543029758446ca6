//! `arbiter backup`: a consistent copy of a live SQLite database.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use serde_json::json;

use crate::output::outln;

/// The arguments of `arbiter backup`.
#[derive(clap::Args, Debug)]
pub struct BackupArgs {
    /// The database to copy: `sqlite://FILE` (its server may be running).
    #[arg(long, env = "ARBITER_DATABASE")]
    database: String,
    /// Where the copy goes: a file that does not exist yet.
    out: PathBuf,
}

/// Runs `arbiter backup`.
pub fn run(args: &BackupArgs, json: bool) -> Result<()> {
    let started = Instant::now();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let backup = runtime.block_on(arbiter_store::backup_sqlite(&args.database, &args.out))?;
    let seconds = started.elapsed().as_secs_f64();
    if json {
        outln!(
            "{}",
            json!({
                "backup": backup.path.display().to_string(),
                "bytes": backup.bytes,
                "games": backup.games,
                "accounts": backup.accounts,
                "seconds": seconds,
            })
        );
    } else {
        outln!(
            "Copied {} to {}: {} games, {} accounts, {} bytes, in {seconds:.1} s; the copy checks whole.",
            args.database,
            backup.path.display(),
            backup.games,
            backup.accounts,
            backup.bytes
        );
    }
    Ok(())
}
