//! Who plays a side in the self-play tools: a search with its settings,
//! or uniformly random play, read from `level=5`, `playouts=500,explore=50`
//! or `random`.

use thiserror::Error;

use crate::choose::{GoParams, MAX_LEVEL};

/// The largest exploration constant a player setting takes, in
/// hundredths.
const MAX_EXPLORATION: u64 = 1_000;

/// Who chooses the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A search with these parameters.
    Search(GoParams),
    /// Uniformly random legal moves.
    Random,
}

/// A player setting that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{token}': {reason}")]
pub struct PlayerError {
    /// The offending part of the setting.
    pub token: String,
    /// What is wrong with it.
    pub reason: String,
}

fn error(token: &str, reason: impl Into<String>) -> PlayerError {
    PlayerError { token: token.to_string(), reason: reason.into() }
}

impl Player {
    /// Reads `level=5`, `nodes=20000,depth=6`, `playouts=500`,
    /// `playouts=500,heuristic=1`, `playouts=500,explore=50`, `random`.
    pub fn parse(text: &str) -> Result<Player, PlayerError> {
        if text == "random" {
            return Ok(Player::Random);
        }
        let mut params = GoParams::default();
        for pair in text.split(',') {
            let (key, value) = pair.split_once('=').ok_or_else(|| error(pair, "expected key=value or random"))?;
            let n: u64 = value.parse().map_err(|_| error(value, format!("{key} takes a whole number")))?;
            match key {
                "level" if (1..=u64::from(MAX_LEVEL)).contains(&n) => params.level = Some(n as u8),
                "level" => return Err(error(value, format!("levels are 1 to {MAX_LEVEL}"))),
                "nodes" => params.nodes = Some(n),
                "playouts" => params.playouts = Some(n.max(1)),
                "heuristic" => params.heuristic = n != 0,
                "explore" if n <= MAX_EXPLORATION => params.exploration = Some(n as u16),
                "explore" => return Err(error(value, format!("explore is 0 to {MAX_EXPLORATION} (hundredths)"))),
                "depth" => params.depth = Some(n.clamp(1, 64) as u32),
                "movetime" => params.movetime_ms = Some(n),
                _ => {
                    return Err(error(
                        key,
                        "not a player setting (level, nodes, playouts, heuristic, explore, depth, movetime)",
                    ));
                }
            }
        }
        Ok(Player::Search(params))
    }

    /// The player in the form [`Player::parse`] reads.
    pub fn describe(&self) -> String {
        let Player::Search(p) = self else { return "random".into() };
        let parts = [
            p.level.map(|v| format!("level={v}")),
            p.nodes.map(|v| format!("nodes={v}")),
            p.playouts.map(|v| format!("playouts={v}")),
            p.heuristic.then(|| "heuristic=1".to_string()),
            p.exploration.map(|v| format!("explore={v}")),
            p.depth.map(|v| format!("depth={v}")),
            p.movetime_ms.map(|v| format!("movetime={v}")),
        ];
        let text: Vec<String> = parts.into_iter().flatten().collect();
        if text.is_empty() { "level=5".into() } else { text.join(",") }
    }
}

#[cfg(test)]
mod tests {
    use arbiter_games::GameId;

    use super::*;
    use crate::levels::Plan;

    #[test]
    fn player_settings_read_back_as_written() {
        for text in ["random", "level=7", "playouts=500,heuristic=1", "playouts=500,explore=50", "nodes=20000,depth=6"]
        {
            let player = Player::parse(text).unwrap();
            assert_eq!(player.describe(), text);
            assert_eq!(Player::parse(&player.describe()).unwrap(), player);
        }
        let Player::Search(p) = Player::parse("playouts=500,explore=50").unwrap() else { panic!("a search") };
        assert_eq!(p.plan(GameId::Ogama), Plan::Playouts { playouts: 500, heuristic: false, exploration: Some(50) });
    }

    #[test]
    fn bad_player_settings_name_what_is_wrong() {
        for (text, token, named) in [
            ("explore=1001", "1001", "explore"),
            ("level=11", "11", "levels are 1 to 10"),
            ("speed=3", "speed", "not a player setting"),
            ("playouts", "playouts", "key=value"),
            ("playouts=many", "many", "whole number"),
        ] {
            let error = Player::parse(text).unwrap_err();
            assert_eq!(error.token, token, "{text}: {error}");
            assert!(error.reason.contains(named), "{text}: {error}");
        }
    }
}
