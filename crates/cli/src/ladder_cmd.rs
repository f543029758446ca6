//! `arbiter ladder`: each level against the one below it, a match per
//! rung, as a table (Markdown in text mode) or JSON.

use std::time::Instant;

use anyhow::{Result, anyhow};
use arbiter_ai::arena::{Match, Player};
use arbiter_ai::choose::{GoParams, MAX_LEVEL};
use arbiter_ai::stats::MatchStats;
use serde_json::json;

use crate::game_args::GameArgs;
use crate::matches::run_games;
use crate::output::outln;

/// The ladder's arguments.
#[derive(clap::Args, Debug)]
pub struct LadderArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Games per rung; the stronger level moves first in half of them.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// The lowest level of the ladder.
    #[arg(long, default_value_t = 1)]
    from: u8,
    /// The highest level of the ladder.
    #[arg(long, default_value_t = MAX_LEVEL)]
    to: u8,
    /// Random plies at the start of each game, so that games differ.
    #[arg(long, default_value_t = 4)]
    opening_plies: usize,
    /// A game still going after this many plies counts as a draw.
    #[arg(long, default_value_t = 1000)]
    max_plies: usize,
    /// Base seed of every rung's match (see `arbiter arena`).
    #[arg(long, default_value_t = 1)]
    base_seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
}

fn level(n: u8) -> Player {
    Player::Search(GoParams { level: Some(n), ..GoParams::default() })
}

/// Runs `arbiter ladder`.
pub fn run(args: &LadderArgs, json_out: bool) -> Result<()> {
    if args.game.position.is_some() {
        return Err(anyhow!("'--position': the ladder plays from the start position"));
    }
    if !(1..=MAX_LEVEL).contains(&args.from) || !(1..=MAX_LEVEL).contains(&args.to) || args.from >= args.to {
        return Err(anyhow!("'{}..{}': the ladder runs between two levels from 1 to {MAX_LEVEL}", args.from, args.to));
    }
    let (kind, options) = args.game.options()?;
    if !json_out {
        outln!("| rung | games | won–lost–drawn | score | 95% interval | Elo | mean plies | seconds |");
        outln!("|---|---|---|---|---|---|---|---|");
    }
    let mut rows = Vec::new();
    for upper in args.from + 1..=args.to {
        let arena = Match {
            kind,
            options: options.clone(),
            a: level(upper),
            b: level(upper - 1),
            opening_plies: args.opening_plies,
            max_plies: args.max_plies,
            seed: args.base_seed,
        };
        let started = Instant::now();
        let results = run_games(args.threads, args.games, json_out, |tick| arena.run(args.games, tick))?;
        let seconds = started.elapsed().as_secs_f64();
        let scores: Vec<f64> = results.iter().map(|r| r.score_a).collect();
        let s = MatchStats::from_scores(&scores);
        let plies = results.iter().map(|r| r.plies).sum::<usize>() as f64 / results.len().max(1) as f64;
        if json_out {
            rows.push(json!({
                "upper": upper,
                "lower": upper - 1,
                "games": s.games,
                "wins": s.wins,
                "losses": s.losses,
                "draws": s.draws,
                "score": s.score,
                "score_interval": [s.score_interval.0, s.score_interval.1],
                "elo": s.elo.is_finite().then_some(s.elo),
                "mean_plies": plies,
                "seconds": seconds,
            }));
        } else {
            let elo = if s.elo.is_finite() { format!("{:+.0}", s.elo + 0.0) } else { "∞".into() };
            outln!(
                "| {upper} vs {} | {} | {}–{}–{} | {:.1}% | {:.1}–{:.1}% | {elo} | {plies:.1} | {seconds:.0} |",
                upper - 1,
                s.games,
                s.wins,
                s.losses,
                s.draws,
                100.0 * s.score,
                100.0 * s.score_interval.0,
                100.0 * s.score_interval.1
            );
        }
    }
    if json_out {
        outln!("{}", json!({ "game": kind.id(), "rungs": rows }));
    }
    Ok(())
}
