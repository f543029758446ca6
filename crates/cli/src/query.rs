//! `moves`, `perft`, `apply`, `show`: one position in, text or JSON out.

use crate::output::{out, outln};
use std::time::Instant;

use anyhow::{Result, bail};
use serde_json::json;

use crate::game_args::{GameArgs, join_moves};

/// `arbiter moves`.
pub fn moves(args: &GameArgs, json: bool) -> Result<()> {
    let moves = args.position()?.legal_moves();
    if json {
        outln!("{}", json!({ "moves": moves }));
    } else {
        for m in moves {
            outln!("{m}");
        }
    }
    Ok(())
}

/// `arbiter perft`.
pub fn perft(args: &GameArgs, depth: u32, divide: bool, json: bool) -> Result<()> {
    let position = args.position()?;
    position.perft_supported()?;
    let started = Instant::now();
    let mut per_move = Vec::new();
    let nodes = if divide {
        for mv in position.legal_moves() {
            let below = position.play(&mv)?.perft(depth.saturating_sub(1))?;
            per_move.push((mv, below));
        }
        per_move.iter().map(|(_, n)| n).sum()
    } else {
        position.perft(depth)?
    };
    let seconds = started.elapsed().as_secs_f64();
    if json {
        let mut out = json!({ "depth": depth, "nodes": nodes, "seconds": seconds });
        if divide {
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

/// `arbiter apply`.
pub fn apply(args: &GameArgs, moves: &[String], json: bool) -> Result<()> {
    let mut position = args.position()?;
    let mut before_last = position.clone();
    for mv in join_moves(moves) {
        if position.status().status != "ongoing" {
            bail!("'{mv}': the game is already over ({})", position.status());
        }
        before_last = position.clone();
        position = position.play(&mv)?;
    }
    let status = position.status();
    if json {
        let mut out = json!({
            "position": position.position_string(),
            "status": status.status,
            "winners": status.winners,
            "reason": status.reason,
        });
        if position.kind().is_simultaneous() {
            // The players doomed in the last round given.
            out["doomed"] = json!(position.left_since(&before_last));
        }
        outln!("{out}");
    } else {
        outln!("{}", position.position_string());
        outln!("{status}");
    }
    Ok(())
}

/// `arbiter show`.
pub fn show(args: &GameArgs, json: bool) -> Result<()> {
    let position = args.position()?;
    if json {
        outln!(
            "{}",
            json!({
                "position": position.position_string(),
                "to_move": position.to_move_label(),
                "status": position.status().to_string(),
                "diagram": position.diagram(),
            })
        );
    } else {
        out!("{}", position.diagram());
    }
    Ok(())
}
