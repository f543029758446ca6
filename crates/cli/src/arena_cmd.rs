//! `arbiter arena`: a match between two players, with statistics and records.

use std::path::PathBuf;

use anyhow::{Result, anyhow};
use arbiter_ai::arena::{Match, Player};
use arbiter_ai::stats::MatchStats;
use serde_json::json;

use crate::game_args::GameArgs;
use crate::matches::{run_games, write_records};
use crate::output::outln;

/// The arena's arguments.
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Player A: `level=N`, `nodes=N`, `playouts=N`, `depth=N` (comma-separated), or `random`.
    #[arg(long)]
    pub(crate) a: String,
    /// Player B, in the same form.
    #[arg(long)]
    pub(crate) b: String,
    /// Single Capture Go: how many seats A takes in each game (B takes the
    /// others; default 1).
    #[arg(long)]
    pub(crate) a_seats: Option<usize>,
    /// Number of games; A moves first in the even-numbered ones.
    #[arg(long, default_value_t = 100)]
    pub(crate) games: usize,
    /// Random plies at the start of each game, so that games differ
    /// (default 4; not in Single Capture Go).
    #[arg(long)]
    pub(crate) opening_plies: Option<usize>,
    /// A game still going after this many plies counts as a draw (default
    /// 1000; not in Single Capture Go).
    #[arg(long)]
    pub(crate) max_plies: Option<usize>,
    /// Base seed of the match: games 2k and 2k+1 share the random opening
    /// plies (and, in Ogama without --seed, the deal) of base-seed + k with
    /// the colours swapped; game i searches with base-seed + i.
    #[arg(long, default_value_t = 1)]
    pub(crate) base_seed: u64,
    /// Write each game's record into this directory (created if needed).
    #[arg(long)]
    pub(crate) records: Option<PathBuf>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub(crate) threads: Option<usize>,
}

/// Random plies at the start of each game unless `--opening-plies` says.
pub(crate) const DEFAULT_OPENING_PLIES: usize = 4;
/// The length at which a game is called a draw unless `--max-plies` says.
pub(crate) const DEFAULT_MAX_PLIES: usize = 1000;

/// An Elo figure with its sign; a clean sweep is infinite.
fn elo(x: f64) -> String {
    if x.is_finite() {
        format!("{x:+.0}")
    } else if x > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

/// Runs `arbiter arena`.
pub fn run(args: &ArenaArgs, json_out: bool) -> Result<()> {
    if args.game.position.is_some() {
        return Err(anyhow!("'--position': the arena plays from the start position"));
    }
    let (kind, options) = args.game.options()?;
    if kind.is_simultaneous() {
        return crate::scg_arena::run(args, json_out);
    }
    if args.a_seats.is_some() {
        return Err(anyhow!("'--a-seats': only Single Capture Go has more than two seats"));
    }
    let a = Player::parse(&args.a).map_err(|e| anyhow!("--a {e}"))?;
    let b = Player::parse(&args.b).map_err(|e| anyhow!("--b {e}"))?;
    let arena = Match {
        kind,
        options,
        a,
        b,
        opening_plies: args.opening_plies.unwrap_or(DEFAULT_OPENING_PLIES),
        max_plies: args.max_plies.unwrap_or(DEFAULT_MAX_PLIES),
        seed: args.base_seed,
    };
    let results = run_games(args.threads, args.games, json_out, |tick| arena.run(args.games, tick))?;
    if let Some(dir) = &args.records {
        write_records(dir, results.iter().map(|r| (r.index, &r.record)))?;
    }
    let scores: Vec<f64> = results.iter().map(|r| r.score_a).collect();
    let stats = MatchStats::from_scores(&scores);
    let mean_plies = results.iter().map(|r| r.plies).sum::<usize>() as f64 / results.len().max(1) as f64;
    if json_out {
        let finite = |x: f64| if x.is_finite() { json!(x) } else { json!(null) };
        outln!(
            "{}",
            json!({
                "game": kind.id(),
                "a": a.describe(),
                "b": b.describe(),
                "games": stats.games,
                "wins": stats.wins,
                "losses": stats.losses,
                "draws": stats.draws,
                "score": stats.score,
                "score_interval": [stats.score_interval.0, stats.score_interval.1],
                "elo": finite(stats.elo),
                "elo_interval": [finite(stats.elo_interval.0), finite(stats.elo_interval.1)],
                "mean_plies": mean_plies,
            })
        );
    } else {
        outln!("{}: A ({}) against B ({}), {} games", kind.id(), a.describe(), b.describe(), stats.games);
        outln!("A won {}, lost {}, drew {}; mean length {mean_plies:.1} plies", stats.wins, stats.losses, stats.draws);
        outln!(
            "A scored {:.1}% (95% interval {:.1}% to {:.1}%)",
            100.0 * stats.score,
            100.0 * stats.score_interval.0,
            100.0 * stats.score_interval.1
        );
        outln!(
            "Elo difference A-B: {} (95% interval {} to {})",
            elo(stats.elo),
            elo(stats.elo_interval.0),
            elo(stats.elo_interval.1)
        );
    }
    Ok(())
}
