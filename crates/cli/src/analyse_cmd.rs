//! `arbiter analyse`: self-play statistics for game designers.

use std::path::PathBuf;

use anyhow::{Result, anyhow};
use arbiter_ai::analysis::{Analysis, analyse, svg_chart};
use arbiter_ai::arena::{Match, Player};
use arbiter_ai::stats::elo_from_score;
use arbiter_games::{AnyGame, GameKind};
use serde_json::json;

use crate::arena_cmd::{DEFAULT_MAX_PLIES, DEFAULT_OPENING_PLIES};
use crate::game_args::GameArgs;
use crate::matches::progress_bar;
use crate::output::outln;
use crate::record_cmd::write_new;

/// The analysis's arguments.
#[derive(clap::Args, Debug)]
pub struct AnalyseArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Self-play games per setting.
    #[arg(long, default_value_t = 100)]
    pub(crate) games: usize,
    /// The players: `level=N`, `nodes=N`, … or `random` (as in `arena`).
    #[arg(long, default_value = "level=3")]
    pub(crate) player: String,
    /// A•G•O•G: also play handicaps 1 to N and report the Elo value of each step.
    #[arg(long, default_value_t = 0)]
    pub(crate) handicap_steps: u8,
    /// Random plies at the start of each game (default 4; not in Single
    /// Capture Go).
    #[arg(long)]
    pub(crate) opening_plies: Option<usize>,
    /// A game still going after this many plies counts as a draw (default
    /// 1000; not in Single Capture Go).
    #[arg(long)]
    pub(crate) max_plies: Option<usize>,
    /// Base seed: games 2k and 2k+1 share the random opening plies (and, in
    /// Ogama without --seed, the deal) of base-seed + k with the colours
    /// swapped; game i searches with base-seed + i.
    #[arg(long, default_value_t = 1)]
    pub(crate) base_seed: u64,
    /// Write the branching factor by ply as an SVG chart here (and, with
    /// handicap steps, White's Elo edge by handicap beside it as
    /// `<name>.handicap.svg`); in Single Capture Go, the playable squares
    /// by round.
    #[arg(long)]
    pub(crate) svg: Option<PathBuf>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub(crate) threads: Option<usize>,
}

/// `part` as a percentage of `whole`.
pub(crate) fn percent(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// Runs `arbiter analyse`.
pub fn run(args: &AnalyseArgs, json_out: bool) -> Result<()> {
    if args.game.position.is_some() {
        return Err(anyhow!("'--position': analysis plays from the start position"));
    }
    let (kind, options) = args.game.options()?;
    if kind.is_simultaneous() {
        return crate::scg_analyse::run(args, json_out);
    }
    if args.handicap_steps > 0 && kind != GameKind::Agog {
        return Err(anyhow!("'--handicap-steps': only A•G•O•G has handicaps"));
    }
    let player = Player::parse(&args.player).map_err(|e| anyhow!("--player {e}"))?;
    let first_label = AnyGame::new(kind, &options, None)?.to_move_label();
    let steps: Vec<u8> =
        if args.handicap_steps > 0 { (0..=args.handicap_steps).collect() } else { vec![options.handicap.unwrap_or(0)] };
    let bar = progress_bar(args.games * steps.len(), json_out)?;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(args.threads.unwrap_or(0)).build()?;
    let mut analyses: Vec<(u8, Analysis)> = Vec::new();
    for &h in &steps {
        let mut opts = options.clone();
        if kind == GameKind::Agog {
            opts.handicap = Some(h);
        }
        let arena = Match {
            kind,
            options: opts,
            a: player,
            b: player,
            opening_plies: args.opening_plies.unwrap_or(DEFAULT_OPENING_PLIES),
            max_plies: args.max_plies.unwrap_or(DEFAULT_MAX_PLIES),
            seed: args.base_seed,
        };
        let results = pool.install(|| arena.run(args.games, || bar.inc(1))).map_err(|e| anyhow!(e))?;
        analyses.push((h, analyse(&results, &first_label)));
    }
    bar.finish_and_clear();
    let (_, main) = &analyses[0];
    let handicap_elo: Vec<(u8, f64)> =
        analyses.iter().map(|(h, a)| (*h, elo_from_score(a.first_player.score))).collect();
    if let Some(path) = &args.svg {
        let branching: Vec<(f64, f64)> =
            main.branching_by_ply.iter().enumerate().map(|(i, &b)| (i as f64 + 1.0, b)).collect();
        let chart = svg_chart(
            &format!("{}: legal moves per ply ({} self-play games, {})", kind.id(), main.games, player.describe()),
            "ply",
            "legal moves",
            &[("mean legal moves", branching)],
        );
        write_new(path, &chart)?;
        if analyses.len() > 1 {
            let points: Vec<(f64, f64)> =
                handicap_elo.iter().filter(|(_, e)| e.is_finite()).map(|&(h, e)| (f64::from(h), e)).collect();
            let title = "A•G•O•G: White's Elo edge by Black's handicap";
            write_new(
                &path.with_extension("handicap.svg"),
                &svg_chart(title, "handicap", "Elo", &[("White", points)]),
            )?;
        }
    }
    if json_out {
        let report: Vec<_> = analyses
            .iter()
            .map(|(h, a)| {
                json!({
                    "handicap": h,
                    "games": a.games,
                    "first_player_score": a.first_player.score,
                    "first_player_interval": [a.first_player.score_interval.0, a.first_player.score_interval.1],
                    "mean_plies": a.mean_plies,
                    "plies_range": [a.plies_range.0, a.plies_range.1],
                    "mean_branching": a.mean_branching,
                    "branching_by_ply": a.branching_by_ply,
                    "endings": a.endings,
                    "first_player_elo": if elo_from_score(a.first_player.score).is_finite() { json!(elo_from_score(a.first_player.score)) } else { json!(null) },
                })
            })
            .collect();
        outln!("{}", json!({ "game": kind.id(), "player": player.describe(), "settings": report }));
        return Ok(());
    }
    outln!("{}: {} self-play games at {}", kind.id(), main.games, player.describe());
    for (h, a) in &analyses {
        if analyses.len() > 1 {
            outln!("\nhandicap {h}:");
        }
        outln!(
            "first player ({first_label}) scores {:.1}% (95% interval {:.1}% to {:.1}%)",
            100.0 * a.first_player.score,
            100.0 * a.first_player.score_interval.0,
            100.0 * a.first_player.score_interval.1
        );
        outln!("length: mean {:.1} plies, shortest {}, longest {}", a.mean_plies, a.plies_range.0, a.plies_range.1);
        outln!("branching factor: mean {:.1} legal moves per ply", a.mean_branching);
        let endings: Vec<String> =
            a.endings.iter().map(|(r, n)| format!("{r} {n} ({:.1}%)", percent(*n, a.games))).collect();
        outln!("endings: {}", endings.join(", "));
    }
    if analyses.len() > 1 {
        outln!("\nElo value of each handicap step (change in White's Elo edge):");
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
