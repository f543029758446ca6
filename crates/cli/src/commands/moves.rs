//! `arbiter moves`: the legal moves, one per line, sorted in byte order
//! (for Single Capture Go the playable squares).

use anyhow::Result;
use serde_json::json;

use crate::args::GameArgs;
use crate::output::outln;

/// The arguments of `arbiter moves`.
#[derive(clap::Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    game: GameArgs,
}

/// Runs `arbiter moves`.
pub fn run(args: &MovesArgs, json: bool) -> Result<()> {
    let moves = args.game.position()?.legal_texts();
    if json {
        outln!("{}", json!({ "moves": moves }));
    } else {
        for m in moves {
            outln!("{m}");
        }
    }
    Ok(())
}
