//! The arguments of the self-play commands (`arena`, `ladder`,
//! `analyse`): how many games, how they open and end, the seed, threads.

use anyhow::{Result, anyhow};
use arbiter_ai::arena::{MAX_ROUNDS, Match, Player};
use arbiter_core::GameOptions;
use arbiter_games::GameId;
use clap::Args;

/// How many games, how they start and end, with which seed, on how many
/// threads.
#[derive(Args, Clone, Debug)]
pub struct SelfPlayArgs {
    /// Number of games (per setting), at least 1.
    #[arg(long, default_value_t = 100, value_parser = games)]
    pub games: usize,
    /// Random plies at the start of each game, so that games differ
    /// (default 4; not in Single Capture Go).
    #[arg(long)]
    pub opening_plies: Option<usize>,
    /// A game still going after this many plies counts as a draw (default
    /// 1000; not in Single Capture Go).
    #[arg(long)]
    pub max_plies: Option<usize>,
    /// Base seed: games 2k and 2k+1 share the random opening plies (and, in
    /// Ogama without --seed, the deal) of base-seed + k with the colours
    /// swapped; game i searches with base-seed + i.
    #[arg(long, default_value_t = 1)]
    pub base_seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Reads a number of games: 1 or more.
fn games(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("a match has at least 1 game".into()),
        Ok(n) => Ok(n),
        Err(_) => Err("the number of games is a whole number".into()),
    }
}

impl SelfPlayArgs {
    /// A two-player match of `game` between `a` and `b` with these
    /// settings; the opening and length settings are refused where the
    /// game has no plies.
    pub fn match_of(&self, game: GameId, options: GameOptions, a: Player, b: Player) -> Result<Match> {
        let mut m = Match::new(game, options, a, b, self.base_seed);
        if game.is_simultaneous() {
            if self.opening_plies.is_some() || self.max_plies.is_some() {
                return Err(anyhow!(
                    "'--opening-plies', '--max-plies': Single Capture Go games start empty and stop after {MAX_ROUNDS} rounds"
                ));
            }
        } else {
            m.opening_plies = self.opening_plies.unwrap_or(m.opening_plies);
            m.max_length = self.max_plies.unwrap_or(m.max_length);
        }
        Ok(m)
    }

    /// The worker pool.
    pub fn pool(&self) -> Result<rayon::ThreadPool> {
        Ok(rayon::ThreadPoolBuilder::new().num_threads(self.threads.unwrap_or(0)).build()?)
    }
}
