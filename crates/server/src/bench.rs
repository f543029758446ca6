//! The path of one move in process, for the criterion benchmark
//! (`benches/move_path.rs`): two people's game stored in an SQLite file,
//! a move made through the same verb the routes and the live socket call
//! (applied, stored in the group commit, its commit synced), and every
//! message it sends built (the spectators' `change`, each player's). Not
//! part of the server's interface.

use std::path::Path;
use std::sync::Arc;

use arbiter_api::MoveRequest;
use arbiter_store::{Account, GameKey, NewAccount, Store};

use crate::error::ApiError;
use crate::state::AppState;
use crate::table::Table;

/// Random moves drawn at one ply, looking for one that does not end the
/// game, before the game is given up.
const DRAWS: usize = 64;

/// A server's state on an SQLite file, with two people to play.
#[doc(hidden)]
pub struct MovePath {
    state: AppState,
    pub(crate) players: [Account; 2],
    /// The state of the walk's choices (a linear congruential sequence:
    /// the same moves every run).
    walk: u64,
}

/// One game of [`MovePath`] being played.
#[doc(hidden)]
pub struct BenchGame {
    key: GameKey,
    pub(crate) table: Arc<Table>,
}

impl BenchGame {
    /// The moves played so far.
    pub fn ply(&self) -> u64 {
        self.table.ply()
    }
}

impl MovePath {
    /// A store in the SQLite file `path` (made), with two accounts.
    pub async fn open(path: &Path) -> Result<MovePath, ApiError> {
        let store = Store::open(&format!("sqlite://{}", path.display())).await?;
        let mut players = Vec::new();
        for name in ["ann", "bob"] {
            let new = NewAccount { name, password_hash: "-", email: None, now: arbiter_play::Timestamp::from_unix(0) };
            players.push(store.create_account(&new).await?);
        }
        let players = [players[0].clone(), players[1].clone()];
        Ok(MovePath { state: AppState::new(store), players, walk: 1 })
    }

    /// A new game of `game` between the two, played to `plies` moves by
    /// random moves that leave it going; `None` if a walk ended it first.
    pub async fn new_game(&mut self, game: &str, plies: u64) -> Result<Option<BenchGame>, ApiError> {
        let asked = serde_json::json!({"game": game, "seats": [{"account": "me"}, {"open": true}]});
        let asked = serde_json::from_value(asked).map_err(|e| ApiError::malformed(e.to_string()))?;
        let made = crate::verbs::create::set_up(&self.state, &self.players[0], asked).await?;
        let created = crate::verbs::create::create(&self.state, made, self.players[0].id, false).await?;
        let key = created.stored.key.clone();
        let label = created.label(arbiter_core::Seat(1));
        let table = crate::verbs::seats::take_seat(&self.state, &key, &self.players[1], label, None).await?;
        let mut game = BenchGame { key, table };
        while game.ply() < plies {
            if !self.play(&mut game).await? {
                return Ok(None);
            }
        }
        Ok(Some(game))
    }

    /// Plays a random move of `game` that leaves it going, stores it, and
    /// builds every message it sends; `false` if no such move was found.
    pub async fn play(&mut self, game: &mut BenchGame) -> Result<bool, ApiError> {
        match self.prepare(game, Line::None).await? {
            Some(prepared) => self.play_prepared(game, prepared).await,
            None => Ok(false),
        }
    }

    /// Picks the next move of `game` (a random one that leaves it going)
    /// and sets the conditional line `line` of its opponent for it: the
    /// work before a move that [`MovePath::play_prepared`] then times.
    /// `None` if no such move (or reply) was found.
    pub async fn prepare(&mut self, game: &BenchGame, line: Line) -> Result<Option<Prepared>, ApiError> {
        let table = &game.table;
        let Some(seat) = table.play.turn() else { return Ok(None) };
        let position = table.position();
        let Some(mv) = self.walk_from(position, &table.play.legal_for(seat)) else { return Ok(None) };
        let opponent = self.players[1 - usize::from(seat.0)].id;
        let lines = match line {
            Line::None => Vec::new(),
            Line::Answered | Line::Unmatched => {
                let first = match line {
                    Line::Answered => mv.clone(),
                    _ => match table.play.legal_for(seat).iter().find(|m| m.mv != mv) {
                        Some(other) => other.mv.clone(),
                        None => return Ok(None),
                    },
                };
                // A reply legal after the move the line foresees.
                let Ok(after) = position.parse_move(&first).and_then(|m| position.play(&m)) else { return Ok(None) };
                let Some(reply) = self.walk_from(&after, &after.legal_entries()) else { return Ok(None) };
                vec![vec![first, reply]]
            }
        };
        if !lines.is_empty() {
            let key = &game.key;
            match crate::verbs::conditionals::set_lines(&self.state, key, opponent, lines, Some(table.ply())).await {
                Ok(_) => {}
                Err(e) if e.code == arbiter_api::ErrorCode::Illegal => return Ok(None),
                Err(e) => return Err(e),
            }
        }
        Ok(Some(Prepared { mv, account: self.players[usize::from(seat.0)].id }))
    }

    /// A random move of `legal` in `position` that leaves the game going.
    fn walk_from(&mut self, position: &arbiter_games::AnyGame, legal: &[arbiter_core::LegalMove]) -> Option<String> {
        if legal.is_empty() {
            return None;
        }
        let mut draw = || {
            self.walk = self.walk.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            &legal[(self.walk >> 33) as usize % legal.len()]
        };
        (0..DRAWS)
            .map(|_| draw())
            .find(|m| {
                position
                    .parse_move(&m.mv)
                    .ok()
                    .and_then(|mv| position.play(&mv).ok())
                    .is_some_and(|next| !next.status().is_over())
            })
            .map(|m| m.mv.clone())
    }

    /// Plays the move [`MovePath::prepare`] picked, stores it (with a
    /// conditional reply, if a line answers it), and builds every message
    /// it sends; `false` if the game ended.
    pub async fn play_prepared(&mut self, game: &mut BenchGame, prepared: Prepared) -> Result<bool, ApiError> {
        let request = MoveRequest { mv: prepared.mv, ply: game.table.ply() };
        let after = crate::verbs::moves::make_move(&self.state, &game.key, prepared.account, request).await?;
        if let Some(made) = after.made.as_ref() {
            std::hint::black_box(after.spectator_change(made));
            for player in &self.players {
                std::hint::black_box(after.player_change(player.id, made));
            }
        }
        let going = !after.play.is_over();
        game.table = after;
        Ok(going)
    }
}

/// The conditional line set before a move of the benchmark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// None.
    None,
    /// A line of the opponent's that answers the move: it plays its reply
    /// in the same change.
    Answered,
    /// A line of the opponent's for another move: the move clears it.
    Unmatched,
}

/// A move picked and its line set, to be played.
#[derive(Debug)]
pub struct Prepared {
    mv: String,
    account: arbiter_store::AccountId,
}
