//! `arbiter show`: a board diagram.

use anyhow::Result;
use serde_json::json;

use crate::args::GameArgs;
use crate::output::{out, outln};

/// The arguments of `arbiter show`.
#[derive(clap::Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    game: GameArgs,
}

/// Runs `arbiter show`.
pub fn run(args: &ShowArgs, json: bool) -> Result<()> {
    let position = args.game.position()?;
    if json {
        let to_move: String = match position.side_to_move() {
            Some(seat) => position.seat_label(seat),
            None => {
                let letters: String = position.active().iter().map(|s| position.seat_label(s)).collect();
                if letters.is_empty() { "-".into() } else { letters }
            }
        };
        outln!(
            "{}",
            json!({
                "position": position.position_string(),
                "to_move": to_move,
                "status": position.status().describe(|s| position.seat_label(s)),
                "diagram": position.diagram(),
            })
        );
    } else {
        out!("{}", position.diagram());
    }
    Ok(())
}
