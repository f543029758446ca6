//! `arbiter apply`: the position after the moves, then the status.

use anyhow::Result;

use crate::args::{GameArgs, join_moves};
use crate::output::outln;

/// The arguments of `arbiter apply`.
#[derive(clap::Args, Debug)]
pub struct ApplyArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Moves in long form or the game's record notation; an A•G•O•G
    /// promotion may be given as two arguments (`a3-a1 h1=H`).
    moves: Vec<String>,
}

/// Runs `arbiter apply`. Each move is read against the position it is
/// played in; the position alone decides the status (a history rule such
/// as repetition needs a whole game: see `arbiter record`).
pub fn run(args: &ApplyArgs, json: bool) -> Result<()> {
    let start = args.game.position()?;
    let game = start.id();
    let mut position = start;
    let mut before_last = position.clone();
    for text in join_moves(game, &args.moves) {
        let status = position.status();
        if status.is_over() {
            anyhow::bail!("'{text}': the game is already over ({})", status.describe(|s| position.seat_label(s)));
        }
        let next = position.play(&position.parse_move(&text)?)?;
        before_last = std::mem::replace(&mut position, next);
    }
    let status = position.status();
    if json {
        let doomed = position.is_simultaneous().then(|| {
            // The players who left the game in the last round given.
            before_last
                .active()
                .iter()
                .filter(|&s| !position.active().contains(s))
                .map(|s| before_last.seat_label(s))
                .collect()
        });
        let report = arbiter_api::PositionReport {
            position: position.position_string(),
            status: status.word().to_string(),
            outcome: arbiter_api::Outcome::of(&status, |s| position.seat_label(s)),
            doomed,
        };
        let out = serde_json::to_string(&report)?;
        outln!("{out}");
    } else {
        outln!("{}", position.position_string());
        outln!("{}", status.describe(|s| position.seat_label(s)));
    }
    Ok(())
}
