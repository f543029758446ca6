//! `arbiter arena`: a match between two players, with statistics and
//! records. In Single Capture Go player A takes one seat of each game (or
//! `--a-seats` seats) and B all the others.

use std::path::PathBuf;

use anyhow::{Result, anyhow};
use arbiter_ai::arena::{GameResult, MAX_ROUNDS, Player, STALL_ROUNDS};
use arbiter_ai::stats::MatchStats;
use serde_json::json;

use crate::args::{GameArgs, SelfPlayArgs};
use crate::output::outln;
use crate::selfplay::{claim_records_dir, run_match, write_records};

/// The arena's arguments.
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    selfplay: SelfPlayArgs,
    /// Player A: `level=N`, `nodes=N`, `playouts=N`, `depth=N` (comma-separated), or `random`.
    #[arg(long)]
    a: String,
    /// Player B, in the same form.
    #[arg(long)]
    b: String,
    /// Single Capture Go: how many seats A takes in each game (B takes the
    /// others; default 1).
    #[arg(long)]
    a_seats: Option<usize>,
    /// Write each game's record into this directory (created if needed).
    #[arg(long)]
    records: Option<PathBuf>,
}

/// The Elo difference with its interval, in words: finite figures only;
/// after a clean sweep there is no estimate, only a bound.
fn elo_words(stats: &MatchStats) -> String {
    let signed = |x: f64| format!("{:+.0}", x + 0.0);
    let interval = match stats.elo_interval {
        (lo, hi) if lo.is_finite() && hi.is_finite() => format!("{} to {}", signed(lo), signed(hi)),
        (lo, _) if lo.is_finite() => format!("{} or more", signed(lo)),
        (_, hi) if hi.is_finite() => format!("{} or less", signed(hi)),
        _ => "any".into(),
    };
    match stats.elo {
        x if x.is_finite() => format!("{} (95% interval {interval})", signed(x)),
        x if x > 0.0 => format!("no estimate: A won every game (95% interval {interval})"),
        _ => format!("no estimate: A lost every game (95% interval {interval})"),
    }
}

/// Runs `arbiter arena`.
pub fn run(args: &ArenaArgs, json_out: bool) -> Result<()> {
    args.game.refuse_position("the arena")?;
    let (game, options) = args.game.options()?;
    let a = Player::parse(&args.a).map_err(|e| anyhow!("--a {e}"))?;
    let b = Player::parse(&args.b).map_err(|e| anyhow!("--b {e}"))?;
    let mut m = args.selfplay.match_of(game, options, a, b)?;
    if let Some(seats) = args.a_seats {
        if !game.is_simultaneous() {
            return Err(anyhow!("'--a-seats': {} has two seats; A takes one", game.info().name));
        }
        m.a_seats = seats;
    }
    let records = args.records.as_deref().map(claim_records_dir).transpose()?;
    let results = run_match(&args.selfplay, &m, args.selfplay.games, json_out)?;
    if let Some(dir) = &records {
        write_records(dir, &results, &m)?;
    }
    if game.is_simultaneous() {
        report_seats(args, &results, m.a_seats, json_out);
    } else {
        report_two(game.as_str(), &a, &b, &results, json_out);
    }
    Ok(())
}

/// A two-player match: wins, losses, draws, the score and the Elo
/// difference with their intervals.
fn report_two(game: &str, a: &Player, b: &Player, results: &[GameResult], json_out: bool) {
    let scores: Vec<f64> = results.iter().map(|r| r.score_a).collect();
    let stats = MatchStats::from_scores(&scores);
    let mean_plies = results.iter().map(GameResult::length).sum::<usize>() as f64 / results.len().max(1) as f64;
    if json_out {
        let finite = |x: f64| if x.is_finite() { json!(x) } else { json!(null) };
        outln!(
            "{}",
            json!({
                "game": game,
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
        return;
    }
    outln!("{game}: A ({}) against B ({}), {} games", a.describe(), b.describe(), stats.games);
    outln!("A won {}, lost {}, drew {}; mean length {mean_plies:.1} plies", stats.wins, stats.losses, stats.draws);
    outln!(
        "A scored {:.1}% (95% interval {:.1}% to {:.1}%)",
        100.0 * stats.score,
        100.0 * stats.score_interval.0,
        100.0 * stats.score_interval.1
    );
    outln!("Elo difference A-B: {}", elo_words(&stats));
}

/// A match of a game of many seats: how often A took the whole win, its
/// share of the wins.
fn report_seats(args: &ArenaArgs, results: &[GameResult], a_seats: usize, json_out: bool) {
    let players = results.first().map_or(0, |r| r.shares.len());
    let scores: Vec<f64> = results.iter().map(|r| r.score_a).collect();
    let share = MatchStats::from_scores(&scores);
    let alone: Vec<f64> = results.iter().map(|r| if r.a_won_alone { 1.0 } else { 0.0 }).collect();
    let wins = MatchStats::from_scores(&alone);
    let games = results.len();
    let shared = results.iter().filter(|r| r.score_a > 0.0 && !r.a_won_alone).count();
    let stopped = results.iter().filter(|r| r.reason().is_cut_off()).count();
    let mean_rounds = results.iter().map(GameResult::length).sum::<usize>() as f64 / games.max(1) as f64;
    let (a, b) = (&args.a, &args.b);
    if json_out {
        outln!(
            "{}",
            json!({
                "game": args.game.game,
                "players": players,
                "a_seats": a_seats,
                "a": a,
                "b": b,
                "games": games,
                "a_won_alone": wins.wins,
                "a_shared": shared,
                "a_lost": games - wins.wins - shared,
                "stopped": stopped,
                "win_rate": wins.score,
                "win_interval": [wins.score_interval.0, wins.score_interval.1],
                "score": share.score,
                "score_interval": [share.score_interval.0, share.score_interval.1],
                "mean_rounds": mean_rounds,
            })
        );
        return;
    }
    let k = a_seats;
    let mine = if k == 1 { "one seat".to_string() } else { format!("{k} seats") };
    let others =
        if players - k == 1 { "the other seat".to_string() } else { format!("the other {} seats", players - k) };
    outln!("{}, {players} players: A ({a}) in {mine}, B ({b}) in {others}; {games} games", args.game.game);
    outln!(
        "A took the whole win {}, part of it {shared}, none {}; mean length {mean_rounds:.1} rounds; \
         {stopped} stopped (unchanged for {STALL_ROUNDS} rounds, or {MAX_ROUNDS} rounds long)",
        wins.wins,
        games - wins.wins - shared
    );
    outln!(
        "A took the whole win in {:.1}% (95% Wilson interval {:.1}% to {:.1}%)",
        100.0 * wins.score,
        100.0 * wins.score_interval.0,
        100.0 * wins.score_interval.1
    );
    outln!(
        "A's share of the wins {:.1}% (a shared win split; 95% Wilson interval {:.1}% to {:.1}%)",
        100.0 * share.score,
        100.0 * share.score_interval.0,
        100.0 * share.score_interval.1
    );
}
