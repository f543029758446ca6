//! `arbiter ladder`: each level against the one below it, a match per
//! rung, as a table (Markdown in text mode) or JSON; Single Capture Go's
//! rungs are head-to-head matches of two players.

use std::time::Instant;

use anyhow::{Result, anyhow};
use arbiter_ai::arena::{Match, Player};
use arbiter_ai::choose::{GoParams, MAX_LEVEL};
use arbiter_ai::scg::{ScgMatch, SeatPlayer, go_params};
use arbiter_ai::stats::MatchStats;
use arbiter_games::AnyGame;
use serde_json::json;

use crate::arena_cmd::{DEFAULT_MAX_PLIES, DEFAULT_OPENING_PLIES};
use crate::game_args::GameArgs;
use crate::matches::run_games;
use crate::output::outln;
use crate::scg_arena::{MAX_ROUNDS, STALL_ROUNDS, match_options, seat_count};

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
    /// Random plies at the start of each game, so that games differ
    /// (default 4; not in Single Capture Go).
    #[arg(long)]
    opening_plies: Option<usize>,
    /// A game still going after this many plies counts as a draw (default
    /// 1000; not in Single Capture Go).
    #[arg(long)]
    max_plies: Option<usize>,
    /// Base seed of every rung's match (see `arbiter arena`).
    #[arg(long, default_value_t = 1)]
    base_seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
}

fn level_params(n: u8) -> GoParams {
    GoParams { level: Some(n), ..GoParams::default() }
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
    AnyGame::new(kind, &options, None)?;
    let length = if kind.is_simultaneous() {
        match_options(&args.game, args.opening_plies, args.max_plies)?;
        if seat_count(&options)? != 2 {
            return Err(anyhow!(
                "'--players': the ladder is head to head; `arbiter arena scg` seats one level among several"
            ));
        }
        "rounds"
    } else {
        "plies"
    };
    if !json_out {
        outln!("| rung | games | won–lost–drawn | score | 95% interval | Elo | mean {length} | seconds |");
        outln!("|---|---|---|---|---|---|---|---|");
    }
    let mut rows = Vec::new();
    for upper in args.from + 1..=args.to {
        let started = Instant::now();
        let (scores, lengths) = if kind.is_simultaneous() {
            let arena = ScgMatch {
                players: 2,
                a: SeatPlayer::Bot(go_params(&level_params(upper))),
                a_seats: 1,
                b: SeatPlayer::Bot(go_params(&level_params(upper - 1))),
                at_blocked: options.at_blocked.unwrap_or(false),
                max_rounds: MAX_ROUNDS,
                stall_rounds: STALL_ROUNDS,
                seed: args.base_seed,
            };
            let results = run_games(args.threads, args.games, json_out, |tick| arena.run(args.games, tick))?;
            results.iter().map(|r| (r.score_a, r.rounds as usize)).unzip::<_, _, Vec<f64>, Vec<usize>>()
        } else {
            let arena = Match {
                kind,
                options: options.clone(),
                a: Player::Search(level_params(upper)),
                b: Player::Search(level_params(upper - 1)),
                opening_plies: args.opening_plies.unwrap_or(DEFAULT_OPENING_PLIES),
                max_plies: args.max_plies.unwrap_or(DEFAULT_MAX_PLIES),
                seed: args.base_seed,
            };
            let results = run_games(args.threads, args.games, json_out, |tick| arena.run(args.games, tick))?;
            results.iter().map(|r| (r.score_a, r.plies)).unzip()
        };
        let seconds = started.elapsed().as_secs_f64();
        let s = MatchStats::from_scores(&scores);
        let plies = lengths.iter().sum::<usize>() as f64 / lengths.len().max(1) as f64;
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
                format!("mean_{length}"): plies,
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
