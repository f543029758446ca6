//! `arbiter perft`: the leaf count of the legal-move tree, with the speed.

use std::time::Instant;

use anyhow::{Result, anyhow};
use arbiter_games::AnyGame;
use serde_json::json;

use crate::args::GameArgs;
use crate::output::outln;

/// The arguments of `arbiter perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Plies to look ahead.
    depth: u32,
    /// Also print the count below each legal move.
    #[arg(long)]
    divide: bool,
}

/// Why a game of rounds has no perft.
fn no_perft(position: &AnyGame) -> anyhow::Error {
    anyhow!(
        "'{}': perft counts the moves of turn-based games; in {} every player plays at once \
         ('arbiter moves {}' lists the playable squares)",
        position.id(),
        position.info().name,
        position.id()
    )
}

/// Runs `arbiter perft`.
pub fn run(args: &PerftArgs, json: bool) -> Result<()> {
    let position = args.game.position()?;
    let depth = args.depth;
    let started = Instant::now();
    let mut per_move = Vec::new();
    let nodes = if args.divide {
        for mv in position.legal_moves() {
            let below = position.play(&mv)?.perft(depth.saturating_sub(1)).ok_or_else(|| no_perft(&position))?;
            per_move.push((position.move_text(&mv), below));
        }
        position.perft(0).ok_or_else(|| no_perft(&position))?;
        per_move.sort();
        per_move.iter().map(|(_, n)| n).sum()
    } else {
        position.perft(depth).ok_or_else(|| no_perft(&position))?
    };
    let seconds = started.elapsed().as_secs_f64();
    if json {
        let mut out = json!({ "depth": depth, "nodes": nodes, "seconds": seconds });
        if args.divide {
            out["divide"] = per_move.iter().map(|(m, n)| (m.clone(), json!(n))).collect();
        }
        outln!("{out}");
    } else {
        for (mv, n) in &per_move {
            outln!("{mv}: {n}");
        }
        outln!("{nodes}");
        let rate = if seconds > 0.0 { nodes as f64 / seconds } else { 0.0 };
        outln!("depth {depth}, {seconds:.3} s, {:.2} million nodes per second", rate / 1e6);
    }
    Ok(())
}
