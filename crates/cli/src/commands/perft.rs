//! `arbiter perft`: the leaf count of the legal-move tree, with the speed.
//! A count that will take a while first says how large it will be and how
//! long it may take, and shows its progress on a terminal.

use std::io::IsTerminal;
use std::time::Instant;

use anyhow::{Result, anyhow};
use arbiter_games::AnyGame;
use arbiter_play::time::span_in_words;
use indicatif::{ProgressBar, ProgressStyle};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
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

/// Counts estimated to take longer than this many seconds say so first.
const ANNOUNCE_SECONDS: f64 = 2.0;

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

/// An unbiased estimate of the leaves `depth` plies below `position`
/// (Knuth's: the mean, over random walks, of the product of the number of
/// moves met on the way; a walk that ends early counts nothing).
pub fn estimate_leaves(position: &AnyGame, depth: u32) -> f64 {
    const WALKS: u32 = 200;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(u64::from(depth));
    let mut total = 0.0;
    for _ in 0..WALKS {
        let mut here = position.clone();
        let mut product = 1.0f64;
        for _ in 0..depth {
            product *= here.legal_move_count() as f64;
            match here.random_move(&mut rng).and_then(|mv| here.play(&mv).ok()) {
                Some(next) => here = next,
                None => {
                    product = 0.0;
                    break;
                }
            }
        }
        total += product;
    }
    total / f64::from(WALKS)
}

/// Leaves per second on this machine, from a small count that takes a few
/// milliseconds.
fn leaves_per_second(position: &AnyGame) -> f64 {
    let mut depth = 1;
    while depth < 8 && estimate_leaves(position, depth + 1) < 2e6 {
        depth += 1;
    }
    let started = Instant::now();
    let leaves = position.perft(depth).unwrap_or(0) as f64;
    leaves / started.elapsed().as_secs_f64().max(1e-6)
}

/// A duration for people, however long.
fn duration_words(seconds: f64) -> String {
    const YEAR: f64 = 365.25 * 86_400.0;
    if seconds < 1_000.0 * 86_400.0 {
        span_in_words(seconds.ceil() as i64)
    } else {
        format!("{:.1e} years", seconds / YEAR)
    }
}

/// Runs `arbiter perft`.
pub fn run(args: &PerftArgs, json: bool) -> Result<()> {
    let position = args.game.position()?;
    let depth = args.depth;
    position.perft(0).ok_or_else(|| no_perft(&position))?;
    let expected = estimate_leaves(&position, depth);
    let rate = leaves_per_second(&position);
    let long = expected / rate > ANNOUNCE_SECONDS;
    if long {
        eprintln!(
            "perft {depth} of {}: about {expected:.2e} leaves, about {} at {:.0} million leaves a second; Ctrl-C stops it",
            position.id(),
            duration_words(expected / rate),
            rate / 1e6
        );
    }
    let started = Instant::now();
    let (nodes, per_move) = if args.divide || long {
        // Count below each first move, with a progress bar on a terminal.
        let moves = position.legal_moves();
        let bar = if long && !json && std::io::stderr().is_terminal() {
            ProgressBar::new(moves.len() as u64)
        } else {
            ProgressBar::hidden()
        };
        bar.set_style(ProgressStyle::with_template(
            "{bar:40} {pos}/{len} first moves {elapsed_precise} (about {eta} left)",
        )?);
        let mut per_move = Vec::new();
        for mv in &moves {
            let below = position.play(mv)?.perft(depth.saturating_sub(1)).ok_or_else(|| no_perft(&position))?;
            per_move.push((position.move_text(mv), below));
            bar.inc(1);
        }
        bar.finish_and_clear();
        per_move.sort();
        let total = if depth == 0 { 1 } else { per_move.iter().map(|(_, n)| n).sum() };
        (total, per_move)
    } else {
        (position.perft(depth).ok_or_else(|| no_perft(&position))?, Vec::new())
    };
    let seconds = started.elapsed().as_secs_f64();
    if json {
        let mut out = json!({ "depth": depth, "nodes": nodes, "seconds": seconds });
        if args.divide {
            out["divide"] = per_move.iter().map(|(m, n)| (m.clone(), json!(n))).collect();
        }
        outln!("{out}");
    } else {
        if args.divide {
            for (mv, n) in &per_move {
                outln!("{mv}: {n}");
            }
        }
        outln!("{nodes}");
        let rate = if seconds > 0.0 { nodes as f64 / seconds } else { 0.0 };
        outln!("depth {depth}, {seconds:.3} s, {:.2} million nodes per second", rate / 1e6);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::GameOptions;
    use arbiter_games::GameId;

    #[test]
    fn the_estimate_is_near_the_count() {
        let start = GameId::Agog.start(&GameOptions::new(), None).unwrap();
        for depth in [1, 2, 4] {
            let exact = start.perft(depth).unwrap() as f64;
            let guess = estimate_leaves(&start, depth);
            assert!((guess / exact - 1.0).abs() < 0.25, "depth {depth}: {guess} for {exact}");
        }
        assert!(duration_words(1e12).ends_with("years"));
        assert_eq!(duration_words(90.0), "1 minute");
    }
}
