//! `arbiter arena scg`: player A in one seat of each game (or `--a-seats`
//! seats), player B in all the others (`--players N`, default 2: a
//! head-to-head match), A's seats moving round the table from game to game.

use anyhow::{Result, anyhow};
use arbiter_ai::arena::Player;
use arbiter_ai::scg::{ScgMatch, SeatPlayer, go_params};
use arbiter_ai::stats::MatchStats;
use arbiter_games::AnyGame;
use arbiter_games::any::GameOptions;
use arbiter_games::scg::Letters;
use serde_json::json;

use crate::arena_cmd::ArenaArgs;
use crate::game_args::GameArgs;
use crate::matches::{run_games, write_records};
use crate::output::outln;

/// Rounds after which a game is stopped and shared among those still in it.
pub(crate) const MAX_ROUNDS: u32 = 400;
/// Unchanged rounds in a row after which a game is stopped the same way.
pub(crate) const STALL_ROUNDS: u32 = 20;

/// A player of the arena's form (`level=N`, …, `random`) in a seat.
pub(crate) fn seat_player(text: &str, which: &str) -> Result<SeatPlayer> {
    Ok(match Player::parse(text).map_err(|e| anyhow!("--{which} {e}"))? {
        Player::Random => SeatPlayer::Random,
        Player::Search(params) => SeatPlayer::Bot(go_params(&params)),
    })
}

/// The number of seats the options name (two by default).
pub(crate) fn seat_count(options: &GameOptions) -> Result<usize> {
    Ok(match options.players.as_deref() {
        Some(text) => Letters::parse(text)?.len(),
        None => 2,
    })
}

/// The options of a Single Capture Go match, checked: options of the other
/// games, and the turn-based games' opening plies and length limit, are
/// refused.
pub(crate) fn match_options(
    game: &GameArgs,
    opening_plies: Option<usize>,
    max_plies: Option<usize>,
) -> Result<GameOptions> {
    let (kind, options) = game.options()?;
    AnyGame::new(kind, &options, None)?;
    if opening_plies.is_some() || max_plies.is_some() {
        return Err(anyhow!(
            "'--opening-plies', '--max-plies': Single Capture Go games start empty and stop after {MAX_ROUNDS} rounds"
        ));
    }
    Ok(options)
}

/// Runs the Single Capture Go arena.
pub fn run(args: &ArenaArgs, json_out: bool) -> Result<()> {
    let options = match_options(&args.game, args.opening_plies, args.max_plies)?;
    let players = seat_count(&options)?;
    let a_seats = args.a_seats.unwrap_or(1);
    if a_seats == 0 || a_seats >= players {
        return Err(anyhow!("'{a_seats}': A takes 1 to {} of the {players} seats", players - 1));
    }
    let arena = ScgMatch {
        players,
        a_seats,
        a: seat_player(&args.a, "a")?,
        b: seat_player(&args.b, "b")?,
        at_blocked: options.at_blocked.unwrap_or(false),
        max_rounds: MAX_ROUNDS,
        stall_rounds: STALL_ROUNDS,
        seed: args.base_seed,
    };
    let results = run_games(args.threads, args.games, json_out, |tick| arena.run(args.games, tick))?;
    if let Some(dir) = &args.records {
        write_records(dir, results.iter().map(|r| (r.index, &r.record)))?;
    }
    let scores: Vec<f64> = results.iter().map(|r| r.score_a).collect();
    let share = MatchStats::from_scores(&scores);
    let alone: Vec<f64> = results.iter().map(|r| if r.a_won_alone { 1.0 } else { 0.0 }).collect();
    let wins = MatchStats::from_scores(&alone);
    let games = results.len();
    let shared = results.iter().filter(|r| r.score_a > 0.0 && !r.a_won_alone).count();
    let stopped = results.iter().filter(|r| r.reason == "stopped" || r.reason == "stalled").count();
    let mean_rounds = results.iter().map(|r| r.rounds).sum::<u32>() as f64 / games.max(1) as f64;
    let a = args.a.clone();
    let b = args.b.clone();
    if json_out {
        outln!(
            "{}",
            json!({
                "game": "scg",
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
    } else {
        let k = a_seats;
        let mine = if k == 1 { "one seat".to_string() } else { format!("{k} seats") };
        let others =
            if players - k == 1 { "the other seat".to_string() } else { format!("the other {} seats", players - k) };
        outln!("scg, {players} players: A ({a}) in {mine}, B ({b}) in {others}; {games} games");
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
    Ok(())
}
