//! `arbiter ladder`: each level against the one below it, a match per
//! rung, as a table (Markdown in text mode) or JSON; in a game of many
//! seats the rungs are head-to-head games of two players.

use std::time::Instant;

use anyhow::{Result, anyhow};
use arbiter_ai::arena::{GameResult, Player};
use arbiter_ai::choose::{GoParams, MAX_LEVEL};
use arbiter_ai::stats::MatchStats;
use serde_json::json;

use crate::args::{GameArgs, SelfPlayArgs};
use crate::output::outln;
use crate::selfplay::run_match;

/// The ladder's arguments.
#[derive(clap::Args, Debug)]
pub struct LadderArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    selfplay: SelfPlayArgs,
    /// The lowest level of the ladder.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=10))]
    from: u8,
    /// The highest level of the ladder.
    #[arg(long, default_value_t = MAX_LEVEL, value_parser = clap::value_parser!(u8).range(1..=10))]
    to: u8,
}

/// Runs `arbiter ladder`.
pub fn run(args: &LadderArgs, json_out: bool) -> Result<()> {
    args.game.refuse_position("the ladder")?;
    if !(1..=MAX_LEVEL).contains(&args.from) || !(1..=MAX_LEVEL).contains(&args.to) || args.from >= args.to {
        return Err(anyhow!("'{}..{}': the ladder runs between two levels from 1 to {MAX_LEVEL}", args.from, args.to));
    }
    let (game, options) = args.game.options()?;
    let start = game.start(&options, None)?;
    if start.seat_count() != 2 {
        return Err(anyhow!(
            "'--players': the ladder is head to head; `arbiter arena {game}` seats one level among several"
        ));
    }
    let length = if game.is_simultaneous() { "rounds" } else { "plies" };
    if !json_out {
        outln!("| rung | games | won–lost–drawn | score | 95% interval | Elo | mean {length} | seconds |");
        outln!("|---|---|---|---|---|---|---|---|");
    }
    let mut rows = Vec::new();
    for upper in args.from + 1..=args.to {
        let started = Instant::now();
        let upper_player = Player::Search(GoParams::level(upper));
        let lower_player = Player::Search(GoParams::level(upper - 1));
        let m = args.selfplay.match_of(game, options.clone(), upper_player, lower_player)?;
        let results = run_match(&args.selfplay, &m, args.selfplay.games, json_out)?;
        let seconds = started.elapsed().as_secs_f64();
        let scores: Vec<f64> = results.iter().map(|r| r.score_a).collect();
        let s = MatchStats::from_scores(&scores);
        let mean = results.iter().map(GameResult::length).sum::<usize>() as f64 / results.len().max(1) as f64;
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
                format!("mean_{length}"): mean,
                "seconds": seconds,
            }));
        } else {
            let elo = if s.elo.is_finite() { format!("{:+.0}", s.elo + 0.0) } else { "no estimate".into() };
            outln!(
                "| {upper} vs {} | {} | {}–{}–{} | {:.1}% | {:.1}–{:.1}% | {elo} | {mean:.1} | {seconds:.0} |",
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
        outln!("{}", json!({ "game": game.as_str(), "rungs": rows }));
    }
    Ok(())
}
