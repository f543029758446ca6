//! `arbiter analyse`: self-play statistics for game designers — the first
//! player's edge (or each seat's share of the wins in a game of many
//! seats), lengths, choices, endings, and where a game has handicaps the
//! value of each step.

use std::path::PathBuf;

use anyhow::{Result, anyhow};
use arbiter_ai::analysis::{Analysis, analyse};
use arbiter_ai::arena::Player;
use arbiter_ai::stats::elo_from_score;
use arbiter_core::{GameOptions, OptionValue};
use arbiter_games::GameId;
use serde_json::{Value, json};

use crate::args::{GameArgs, SelfPlayArgs};
use crate::charts::svg_chart;
use crate::files::{claim_output, write_new};
use crate::output::outln;
use crate::selfplay::{progress_bar, run_match};

/// The analysis's arguments.
#[derive(clap::Args, Debug)]
pub struct AnalyseArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    selfplay: SelfPlayArgs,
    /// The players: `level=N`, `nodes=N`, … or `random` (as in `arena`).
    #[arg(long, default_value = "level=3")]
    player: String,
    /// A•G•O•G: also play handicaps 1 to N and report the Elo value of each step.
    #[arg(long, default_value_t = 0)]
    handicap_steps: u8,
    /// Write the branching factor by ply as an SVG chart here (and, with
    /// handicap steps, White's Elo edge by handicap beside it as
    /// `<name>.handicap.svg`); in Single Capture Go, the playable squares
    /// by round.
    #[arg(long)]
    svg: Option<PathBuf>,
}

/// `part` as a percentage of `whole`.
fn percent(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// The endings as a JSON object and as text, in the order of their words.
fn endings(a: &Analysis) -> (Value, String) {
    let object: serde_json::Map<String, Value> =
        a.endings.iter().map(|(r, n)| (r.word().to_string(), json!(n))).collect();
    let text: Vec<String> = a.endings.iter().map(|(r, n)| format!("{r} {n} ({:.1}%)", percent(*n, a.games))).collect();
    (Value::Object(object), text.join(", "))
}

/// Runs `arbiter analyse`.
pub fn run(args: &AnalyseArgs, json_out: bool) -> Result<()> {
    args.game.refuse_position("analysis")?;
    let (game, options) = args.game.options()?;
    let player = Player::parse(&args.player).map_err(|e| anyhow!("--player {e}"))?;
    if args.handicap_steps > 0 && game.info().option("handicap").is_none() {
        return Err(anyhow!("'--handicap-steps': {} has no handicaps", game.info().name));
    }
    if game.is_simultaneous() {
        let svg = args.svg.as_deref().map(claim_output).transpose()?;
        return seats(args, game, options, player, svg, json_out);
    }
    let svg = match &args.svg {
        Some(path) => {
            let chart = claim_output(path)?;
            let handicap =
                if args.handicap_steps > 0 { Some(claim_output(&chart.with_extension("handicap.svg"))?) } else { None };
            Some((chart, handicap))
        }
        None => None,
    };
    let given = options.number("handicap").unwrap_or(0) as u8;
    let steps: Vec<u8> = if args.handicap_steps > 0 { (0..=args.handicap_steps).collect() } else { vec![given] };
    let bar = progress_bar(args.selfplay.games * steps.len(), json_out)?;
    let pool = args.selfplay.pool()?;
    let mut analyses: Vec<(u8, Analysis)> = Vec::new();
    for &h in &steps {
        let mut opts = options.clone();
        if game.info().option("handicap").is_some() {
            opts = opts.with("handicap", OptionValue::Number(u64::from(h)));
        }
        let m = args.selfplay.match_of(game, opts, player, player)?;
        let results = pool.install(|| m.run(args.selfplay.games, || bar.inc(1)))?;
        analyses.push((h, analyse(&results)));
    }
    bar.finish_and_clear();
    let first_label = game.start(&options, None)?.seat_label(arbiter_core::Seat(0));
    let (_, main) = &analyses[0];
    let elo_of = |a: &Analysis| elo_from_score(a.seats[0].score);
    let handicap_elo: Vec<(u8, f64)> = analyses.iter().map(|(h, a)| (*h, elo_of(a))).collect();
    if let Some((path, handicap_path)) = &svg {
        let branching: Vec<(f64, f64)> =
            main.choices_by_step.iter().enumerate().map(|(i, &b)| (i as f64 + 1.0, b)).collect();
        let title = format!("{game}: legal moves per ply ({} self-play games, {})", main.games, player.describe());
        write_new(path, &svg_chart(&title, "ply", "legal moves", &[("mean legal moves", branching)]))?;
        if let Some(handicap_path) = handicap_path {
            let points: Vec<(f64, f64)> =
                handicap_elo.iter().filter(|(_, e)| e.is_finite()).map(|&(h, e)| (f64::from(h), e)).collect();
            let title = format!("{}: the first player's Elo edge by handicap", game.info().name);
            write_new(handicap_path, &svg_chart(&title, "handicap", "Elo", &[("first player", points)]))?;
        }
    }
    if json_out {
        let report: Vec<_> = analyses
            .iter()
            .map(|(h, a)| {
                let first = &a.seats[0];
                json!({
                    "handicap": h,
                    "games": a.games,
                    "first_player_score": first.score,
                    "first_player_interval": [first.score_interval.0, first.score_interval.1],
                    "mean_plies": a.mean_length,
                    "plies_range": [a.length_range.0, a.length_range.1],
                    "mean_branching": a.mean_choices,
                    "branching_by_ply": a.choices_by_step,
                    "endings": endings(a).0,
                    "first_player_elo": if elo_of(a).is_finite() { json!(elo_of(a)) } else { json!(null) },
                })
            })
            .collect();
        outln!("{}", json!({ "game": game.as_str(), "player": player.describe(), "settings": report }));
        return Ok(());
    }
    outln!("{game}: {} self-play games at {}", main.games, player.describe());
    for (h, a) in &analyses {
        if analyses.len() > 1 {
            outln!("\nhandicap {h}:");
        }
        let first = &a.seats[0];
        outln!(
            "first player ({first_label}) scores {:.1}% (95% interval {:.1}% to {:.1}%)",
            100.0 * first.score,
            100.0 * first.score_interval.0,
            100.0 * first.score_interval.1
        );
        outln!("length: mean {:.1} plies, shortest {}, longest {}", a.mean_length, a.length_range.0, a.length_range.1);
        outln!("branching factor: mean {:.1} legal moves per ply", a.mean_choices);
        outln!("endings: {}", endings(a).1);
    }
    if analyses.len() > 1 {
        outln!("\nElo value of each handicap step (change in the first player's Elo edge):");
        for pair in handicap_elo.windows(2) {
            let ((_, before), (h, after)) = (pair[0], pair[1]);
            let step = after - before;
            if step.is_finite() {
                outln!("  {} -> {h}: {step:+.0}", h - 1);
            } else {
                outln!("  {} -> {h}: not measurable (a side won every game)", h - 1);
            }
        }
    }
    Ok(())
}

/// A game of many seats: each seat's share of the wins, lengths in
/// rounds, the plays open, endings.
fn seats(
    args: &AnalyseArgs,
    game: GameId,
    options: GameOptions,
    player: Player,
    svg: Option<PathBuf>,
    json_out: bool,
) -> Result<()> {
    let start = game.start(&options, None)?;
    let players = start.seat_count();
    let m = args.selfplay.match_of(game, options, player, player)?;
    let results = run_match(&args.selfplay, &m, args.selfplay.games, json_out)?;
    let a = analyse(&results);
    let names: Vec<String> = start.seats().map(|s| start.seat_label(s)).collect();
    if let Some(path) = &svg {
        let points: Vec<(f64, f64)> = a.choices_by_step.iter().enumerate().map(|(i, &n)| (i as f64 + 1.0, n)).collect();
        let title = format!(
            "{game}, {players} players: playable squares per round ({} self-play games, {})",
            a.games, args.player
        );
        write_new(path, &svg_chart(&title, "round", "playable squares", &[("mean playable squares", points)]))?;
    }
    if json_out {
        let seats: Vec<_> = a
            .seats
            .iter()
            .zip(&names)
            .map(|(s, name)| json!({ "player": name, "score": s.score, "interval": [s.score_interval.0, s.score_interval.1] }))
            .collect();
        outln!(
            "{}",
            json!({
                "game": game.as_str(),
                "players": players,
                "player": args.player,
                "games": a.games,
                "fair_share": 1.0 / players as f64,
                "seats": seats,
                "shared_wins": a.shared_wins,
                "mean_rounds": a.mean_length,
                "rounds_range": [a.length_range.0, a.length_range.1],
                "mean_playable": a.mean_choices,
                "playable_by_round": a.choices_by_step,
                "endings": endings(&a).0,
            })
        );
        return Ok(());
    }
    outln!("{game}, {players} players: {} self-play games at {}", a.games, args.player);
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
    outln!("length: mean {:.1} rounds, shortest {}, longest {}", a.mean_length, a.length_range.0, a.length_range.1);
    outln!("choice: mean {:.1} playable squares per round", a.mean_choices);
    outln!("endings: {}", endings(&a).1);
    Ok(())
}
