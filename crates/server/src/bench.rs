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
        let table = &game.table;
        let Some(seat) = table.play.turn() else { return Ok(false) };
        let legal = table.play.legal_for(seat);
        let position = table.position();
        if legal.is_empty() {
            return Ok(false);
        }
        let mut draw = || {
            self.walk = self.walk.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            &legal[(self.walk >> 33) as usize % legal.len()]
        };
        let Some(mv) = (0..DRAWS).map(|_| draw()).find(|m| {
            position
                .parse_move(&m.mv)
                .ok()
                .and_then(|mv| position.play(&mv).ok())
                .is_some_and(|next| !next.status().is_over())
        }) else {
            return Ok(false);
        };
        let account = self.players[usize::from(seat.0)].id;
        let request = MoveRequest { mv: mv.mv.clone(), ply: table.ply() };
        let after = crate::verbs::moves::make_move(&self.state, &game.key, account, request).await?;
        if let Some(made) = after.made.as_ref() {
            std::hint::black_box(after.spectator_change(made));
            for player in &self.players {
                std::hint::black_box(after.player_change(player.id, made));
            }
        }
        game.table = after;
        Ok(true)
    }
}
