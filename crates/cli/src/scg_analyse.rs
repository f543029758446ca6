//! `arbiter analyse scg`: self-play of Single Capture Go with the same
//! player in every seat — whether a seat is favoured, how long games last,
//! how many squares are open as the grid fills, how games end.

use anyhow::{Result, anyhow};
use arbiter_ai::analysis::svg_chart;
use arbiter_ai::scg::{ScgMatch, analyse};
use arbiter_games::scg::Letters;
use serde_json::json;

use crate::analyse_cmd::{AnalyseArgs, percent};
use crate::matches::run_games;
use crate::output::outln;
use crate::record_cmd::write_new;
use crate::scg_arena::{MAX_ROUNDS, STALL_ROUNDS, match_options, seat_count, seat_player};

/// Runs the Single Capture Go analysis.
pub fn run(args: &AnalyseArgs, json_out: bool) -> Result<()> {
    let options = match_options(&args.game, args.opening_plies, args.max_plies)?;
    if args.handicap_steps > 0 {
        return Err(anyhow!("'--handicap-steps': only A•G•O•G has handicaps"));
    }
    let players = seat_count(&options)?;
    let player = seat_player(&args.player, "player")?;
    let arena = ScgMatch {
        players,
        a: player,
        a_seats: 1,
        b: player,
        at_blocked: options.at_blocked.unwrap_or(false),
        max_rounds: MAX_ROUNDS,
        stall_rounds: STALL_ROUNDS,
        seed: args.base_seed,
    };
    let results = run_games(args.threads, args.games, json_out, |tick| arena.run(args.games, tick))?;
    let a = analyse(&results, players);
    // The match seats the first letters of the alphabet.
    let names: Vec<String> = Letters::first(players).as_string().chars().map(String::from).collect();
    if let Some(path) = &args.svg {
        let points: Vec<(f64, f64)> =
            a.playable_by_round.iter().enumerate().map(|(i, &n)| (i as f64 + 1.0, n)).collect();
        let title = format!(
            "scg, {players} players: playable squares per round ({} self-play games, {})",
            a.games, args.player
        );
        write_new(path, &svg_chart(&title, "round", "playable squares", &[("mean playable squares", points)]))?;
    }
    if json_out {
        let seats: Vec<_> = a
            .seats
            .iter()
            .zip(&names)
            .map(|(s, name)| {
                json!({ "player": name, "score": s.score, "interval": [s.score_interval.0, s.score_interval.1] })
            })
            .collect();
        outln!(
            "{}",
            json!({
                "game": "scg",
                "players": players,
                "player": args.player,
                "games": a.games,
                "fair_share": 1.0 / players as f64,
                "seats": seats,
                "shared_wins": a.shared_wins,
                "mean_rounds": a.mean_rounds,
                "rounds_range": [a.rounds_range.0, a.rounds_range.1],
                "mean_playable": a.mean_playable,
                "playable_by_round": a.playable_by_round,
                "endings": a.endings,
            })
        );
        return Ok(());
    }
    outln!("scg, {players} players: {} self-play games at {}", a.games, args.player);
    outln!("share of the wins by seat (a shared win split; a fair share is {:.1}%):", 100.0 / players as f64);
    for (s, name) in a.seats.iter().zip(&names) {
        outln!(
            "  {name}: {:.1}% (95% interval {:.1}% to {:.1}%)",
            100.0 * s.score,
            100.0 * s.score_interval.0,
            100.0 * s.score_interval.1
        );
    }
    outln!("shared wins: {} ({:.1}%)", a.shared_wins, percent(a.shared_wins, a.games));
    outln!("length: mean {:.1} rounds, shortest {}, longest {}", a.mean_rounds, a.rounds_range.0, a.rounds_range.1);
    outln!("choice: mean {:.1} playable squares per round", a.mean_playable);
    let endings: Vec<String> =
        a.endings.iter().map(|(r, n)| format!("{r} {n} ({:.1}%)", percent(*n, a.games))).collect();
    outln!("endings: {}", endings.join(", "));
    Ok(())
}
