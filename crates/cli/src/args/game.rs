//! The arguments that choose a game, its options and a position. Option
//! values become typed values here, once, checked against what the game
//! declares; errors name the flag as it was typed.

use std::collections::HashMap;

use anyhow::{Result, anyhow};
use arbiter_core::{GameOptions, OptionValue};
use arbiter_games::{AnyGame, GameId};
use clap::Args;

/// `<game> [--variant V] [--handicap N] [--seed N] [--repetition on|off]
/// [--players P] [--at-blocked on|off] [--option KEY=VALUE]… [--position P]`.
#[derive(Args, Clone, Debug)]
pub struct GameArgs {
    /// The game: agog, ogama, sage or scg.
    pub game: String,
    /// The variant (agog: `classic` for the first edition).
    #[arg(long)]
    pub variant: Option<String>,
    /// A•G•O•G: Black starts without this many golems (1-10).
    #[arg(long)]
    pub handicap: Option<String>,
    /// A position string to start from instead of the start position.
    #[arg(long)]
    pub position: Option<String>,
    /// Ogama: the seed of the random deal (default 0).
    #[arg(long)]
    pub seed: Option<String>,
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
    /// Any option of the game as KEY=VALUE, for options without a flag of
    /// their own (the keys of the engine protocol's `game` command).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub other_options: Vec<String>,
}

impl GameArgs {
    /// The game named.
    pub fn game(&self) -> Result<GameId> {
        Ok(GameId::parse(&self.game)?)
    }

    /// The options given, as typed values, with how each was written.
    fn given(&self, game: GameId) -> Result<(GameOptions, HashMap<String, String>)> {
        let mut pairs: Vec<(String, String, String)> = [
            ("handicap", &self.handicap),
            ("seed", &self.seed),
            ("repetition", &self.repetition),
            ("players", &self.players),
            ("at-blocked", &self.at_blocked),
        ]
        .into_iter()
        .filter_map(|(key, value)| value.as_ref().map(|v| (key.to_string(), format!("--{key}"), v.clone())))
        .collect();
        for pair in &self.other_options {
            let (key, value) = pair.split_once('=').ok_or_else(|| anyhow!("'{pair}': --option takes KEY=VALUE"))?;
            pairs.push((key.to_string(), format!("--option {key}"), value.to_string()));
        }
        let mut options = GameOptions { variant: self.variant.clone(), ..GameOptions::new() };
        let mut written = HashMap::new();
        for (key, flag, text) in pairs {
            let value = match game.info().option(&key) {
                Some(spec) => spec.parse(&text)?,
                None => OptionValue::Text(text),
            };
            options.values.insert(key.clone(), value);
            written.insert(key, flag);
        }
        written.insert("variant".into(), "--variant".into());
        Ok((options, written))
    }

    /// The game and its options, checked (for a game started from its
    /// start position).
    pub fn options(&self) -> Result<(GameId, GameOptions)> {
        let game = self.game()?;
        let (options, written) = self.given(game)?;
        let named = |key: &str| written.get(key).cloned().unwrap_or_else(|| format!("--{key}"));
        let checked = options.check(game.info(), self.position.is_some(), named)?;
        Ok((game, checked))
    }

    /// The position these arguments name.
    pub fn position(&self) -> Result<AnyGame> {
        let (game, options) = self.options()?;
        Ok(game.start(&options, self.position.as_deref())?)
    }

    /// The flags given that choose options or a position (`--variant`,
    /// `--position`, …), as typed.
    pub fn given_flags(&self) -> Vec<String> {
        let mut flags: Vec<String> = [
            ("--variant", &self.variant),
            ("--handicap", &self.handicap),
            ("--position", &self.position),
            ("--seed", &self.seed),
            ("--repetition", &self.repetition),
            ("--players", &self.players),
            ("--at-blocked", &self.at_blocked),
        ]
        .into_iter()
        .filter(|(_, value)| value.is_some())
        .map(|(flag, _)| flag.to_string())
        .collect();
        flags.extend(self.other_options.iter().map(|o| format!("--option {o}")));
        flags
    }

    /// Refuses `--position` for a command that plays from the start.
    pub fn refuse_position(&self, what: &str) -> Result<()> {
        match self.position {
            Some(_) => Err(anyhow!("'--position': {what} plays from the start position")),
            None => Ok(()),
        }
    }
}

/// Joins command-line move tokens: a token the game writes after its move
/// (an A•G•O•G promotion `h1=H`) belongs to the move before it.
pub fn join_moves(game: GameId, args: &[String]) -> Vec<String> {
    let continues = game.info().record.continues_move;
    let mut moves: Vec<String> = Vec::new();
    for arg in args {
        match moves.last_mut() {
            Some(last) if continues(arg) && !last.contains(' ') => {
                last.push(' ');
                last.push_str(arg);
            }
            _ => moves.push(arg.clone()),
        }
    }
    moves
}
