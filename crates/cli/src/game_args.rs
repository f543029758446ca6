//! The arguments that choose a game and a position.

use anyhow::Result;
use arbiter_games::{AnyGame, GameKind, any::GameOptions};
use clap::Args;

/// `<game> [--variant V] [--handicap N] [--position P]`.
#[derive(Args, Clone, Debug)]
pub struct GameArgs {
    /// The game: agog, ogama, sage or scg.
    pub game: String,
    /// The variant (agog: `classic` for the first edition).
    #[arg(long)]
    pub variant: Option<String>,
    /// A•G•O•G: Black starts without this many golems (1-10).
    #[arg(long)]
    pub handicap: Option<u8>,
    /// A position string to start from instead of the start position.
    #[arg(long)]
    pub position: Option<String>,
    /// Ogama: the seed of the random deal (default 0).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Ogama, Sage Tafl: whether the third occurrence of a position draws
    /// (default on).
    #[arg(long, value_parser = ["on", "off"])]
    pub repetition: Option<String>,
    /// Single Capture Go: the players' letters in seat order (`ABCD`), or
    /// their number (`4`); default `AB`. With --position, the seats of the
    /// game (the position lists those still in it).
    #[arg(long)]
    pub players: Option<String>,
    /// Single Capture Go: whether squares holding `@` are blocked (default off).
    #[arg(long, value_parser = ["on", "off"])]
    pub at_blocked: Option<String>,
}

impl GameArgs {
    /// The game kind and options named.
    pub fn options(&self) -> Result<(GameKind, GameOptions)> {
        let kind = GameKind::parse(&self.game)?;
        Ok((
            kind,
            GameOptions {
                variant: self.variant.clone(),
                handicap: self.handicap,
                seed: self.seed,
                repetition: self.repetition.as_deref().map(|r| r == "on"),
                players: self.players.clone(),
                at_blocked: self.at_blocked.as_deref().map(|r| r == "on"),
            },
        ))
    }

    /// The position these arguments name.
    pub fn position(&self) -> Result<AnyGame> {
        let (kind, options) = self.options()?;
        Ok(AnyGame::new(kind, &options, self.position.as_deref())?)
    }
}

/// Joins command-line move tokens: an A•G•O•G promotion `h1=H` given as its
/// own argument belongs to the move before it.
pub fn join_moves(args: &[String]) -> Vec<String> {
    let mut moves: Vec<String> = Vec::new();
    for arg in args {
        let is_suffix = arg.len() == 4 && arg.ends_with("=H");
        match moves.last_mut() {
            Some(last) if is_suffix && !last.contains(' ') => {
                last.push(' ');
                last.push_str(arg);
            }
            _ => moves.push(arg.clone()),
        }
    }
    moves
}
