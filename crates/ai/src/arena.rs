//! Games between two players of any game: each a search level or budget,
//! or uniformly random play; colours alternate and a few random opening
//! plies make the games differ.

use arbiter_games::any::{GameOptions, StatusReport};
use arbiter_games::record::{GameLog, Record};
use arbiter_games::{AnyGame, GameKind};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::choose::{GoParams, choose};
#[cfg(test)]
use crate::levels::Plan;

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

impl Player {
    /// Reads `level=5`, `nodes=20000,depth=6`, `playouts=500`,
    /// `playouts=500,heuristic=1`, `playouts=500,explore=50`, `random`.
    pub fn parse(text: &str) -> Result<Player, String> {
        if text == "random" {
            return Ok(Player::Random);
        }
        let mut params = GoParams::default();
        for pair in text.split(',') {
            let (key, value) = pair.split_once('=').ok_or_else(|| format!("'{pair}': expected key=value or random"))?;
            let n: u64 = value.parse().map_err(|_| format!("'{value}': {key} takes a whole number"))?;
            match key {
                "level" if (1..=10).contains(&n) => params.level = Some(n as u8),
                "level" => return Err(format!("'{value}': levels are 1 to 10")),
                "nodes" => params.nodes = Some(n),
                "playouts" => params.playouts = Some(n.max(1)),
                "heuristic" => params.heuristic = n != 0,
                "explore" if n <= MAX_EXPLORATION => params.exploration = Some(n as u16),
                "explore" => return Err(format!("'{value}': explore is 0 to {MAX_EXPLORATION} (hundredths)")),
                "depth" => params.depth = Some(n.clamp(1, 64) as u32),
                "movetime" => params.movetime_ms = Some(n),
                _ => {
                    return Err(format!(
                        "'{key}': not a player setting (level, nodes, playouts, heuristic, explore, depth, movetime)"
                    ));
                }
            }
        }
        Ok(Player::Search(params))
    }
}

impl Player {
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

/// A match: which game, the two players, how many games.
#[derive(Clone, Debug)]
pub struct Match {
    /// The game.
    pub kind: GameKind,
    /// Its options (variant, handicap…).
    pub options: GameOptions,
    /// Player A (first in odd-numbered games).
    pub a: Player,
    /// Player B.
    pub b: Player,
    /// Random plies played before the players take over.
    pub opening_plies: usize,
    /// A game still going after this many plies is scored as a draw
    /// (reason `move-limit`) and recorded as unfinished.
    pub max_plies: usize,
    /// Base seed: games `2k` and `2k + 1` open with the random plies (and
    /// Ogama deal) of `seed + k`; game `i` searches with `seed + i`.
    pub seed: u64,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// Its number, from 0.
    pub index: usize,
    /// Whether A moved first.
    pub a_first: bool,
    /// A's score: 1, ½ or 0.
    pub score_a: f64,
    /// Plies played.
    pub plies: usize,
    /// Why it ended.
    pub reason: String,
    /// The winners' labels (empty for a draw).
    pub winners: Vec<String>,
    /// The number of legal moves before each ply.
    pub branching: Vec<usize>,
    /// The game record.
    pub record: Record,
}

impl Match {
    /// Plays game `index` (A moves first in even-numbered games).
    pub fn play(&self, index: usize) -> Result<GameResult, String> {
        if self.kind.is_simultaneous() {
            return Err(format!("{} is played in simultaneous rounds; its matches have their own arena", self.kind));
        }
        let a_first = index.is_multiple_of(2);
        let seed = self.seed.wrapping_add(index as u64);
        // Games 2k and 2k+1 share their opening (and Ogama deal) with the
        // colours swapped, so that neither player draws the luckier start.
        let opening_seed = self.seed.wrapping_add(index as u64 / 2);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(opening_seed);
        let mut options = self.options.clone();
        if self.kind == GameKind::Ogama && options.seed.is_none() {
            options.seed = Some(opening_seed);
        }
        let mut game = AnyGame::new(self.kind, &options, None).map_err(|e| e.to_string())?;
        let first_label = game.to_move_label();
        let mut record = Record::default();
        for (name, value) in options.tags(self.kind) {
            record.set_tag(name, value);
        }
        let mut plies = 0;
        let mut branching = Vec::new();
        let mut positions = vec![game.clone()];
        while AnyGame::status_after(&positions).status == "ongoing" && plies < self.max_plies {
            branching.push(game.legal_moves().len());
            let a_to_move = (game.to_move_label() == first_label) == a_first;
            let player = if a_to_move { self.a } else { self.b };
            let mv = match player {
                _ if plies < self.opening_plies => random_move(&game, &mut rng),
                Player::Random => random_move(&game, &mut rng),
                Player::Search(params) => choose(&positions, &GoParams { seed: Some(seed), ..params }).map(|c| c.mv),
            }
            .ok_or("no move in an unfinished game")?;
            record.moves.push(game.record_move(&mv).map_err(|e| e.to_string())?);
            game = game.play(&mv).map_err(|e| e.to_string())?;
            positions.push(game.clone());
            plies += 1;
        }
        let mut record = GameLog::replay(&record).map_err(|e| e.to_string())?.record;
        let (first, second) = if a_first { (self.a, self.b) } else { (self.b, self.a) };
        let [first_tag, second_tag] = self.kind.side_names();
        record.set_tag(first_tag, first.describe());
        record.set_tag(second_tag, second.describe());
        let status = match AnyGame::status_after(&positions) {
            s if s.status == "ongoing" => {
                StatusReport { status: "draw", winners: Vec::new(), reason: Some("move-limit") }
            }
            s => s,
        };
        let a_label = if a_first { first_label.clone() } else { other_label(&game, &first_label) };
        let score_a = match status.status {
            "draw" => 0.5,
            _ if status.winners.len() > 1 && status.winners.contains(&a_label) => 0.5,
            _ if status.winners.contains(&a_label) => 1.0,
            _ => 0.0,
        };
        Ok(GameResult {
            index,
            a_first,
            score_a,
            plies,
            reason: status.reason.unwrap_or("").to_string(),
            winners: status.winners.clone(),
            branching,
            record,
        })
    }

    /// Plays games `0..games` in parallel; `progress` is called after each.
    pub fn run(&self, games: usize, progress: impl Fn() + Sync) -> Result<Vec<GameResult>, String> {
        play_all(games, progress, |i| self.play(i))
    }
}

/// Plays games `0..games` with `play` on the current thread pool, calling
/// `progress` after each; the results come back in game order, or the
/// first error.
pub fn play_all<R: Send>(
    games: usize,
    progress: impl Fn() + Sync,
    play: impl Fn(usize) -> Result<R, String> + Sync,
) -> Result<Vec<R>, String> {
    (0..games)
        .into_par_iter()
        .map(|i| {
            let r = play(i);
            progress();
            r
        })
        .collect()
}

/// The label of the player who is not `first` (two-player games).
fn other_label(game: &AnyGame, first: &str) -> String {
    let kind = game.kind();
    if first == kind.first_label() { kind.second_label() } else { kind.first_label() }.to_string()
}

fn random_move(game: &AnyGame, rng: &mut Xoshiro256PlusPlus) -> Option<String> {
    let moves = game.legal_moves();
    if moves.is_empty() { None } else { Some(moves[rng.random_range(0..moves.len())].clone()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_settings_read_back_as_written() {
        for text in ["random", "level=7", "playouts=500,heuristic=1", "playouts=500,explore=50", "nodes=20000,depth=6"]
        {
            let player = Player::parse(text).unwrap();
            assert_eq!(player.describe(), text);
            assert_eq!(Player::parse(&player.describe()).unwrap(), player);
        }
        let Player::Search(p) = Player::parse("playouts=500,explore=50").unwrap() else { panic!("a search") };
        assert_eq!(p.plan(GameKind::Ogama), Plan::Playouts { playouts: 500, heuristic: false, exploration: Some(50) });
    }

    #[test]
    fn bad_player_settings_name_what_is_wrong() {
        for (text, named) in [
            ("explore=1001", "explore"),
            ("level=11", "levels are 1 to 10"),
            ("speed=3", "'speed'"),
            ("playouts", "key=value"),
            ("playouts=many", "whole number"),
        ] {
            let error = Player::parse(text).unwrap_err();
            assert!(error.contains(named), "{text}: {error}");
        }
    }
}
