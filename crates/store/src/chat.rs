//! Chat in a game's two rooms (its players', its spectators'), and whom an
//! account has muted. Who may write and read which room is the server's
//! to decide; the store keeps the messages, the newest [`ROOM_KEPT`] of a
//! room shown.

use std::fmt;

use arbiter_play::Timestamp;

use crate::account_queries::name_key;
use crate::accounts::AccountId;
use crate::error::StoreError;
use crate::games::GameKey;
use crate::open::Store;

/// How many of a room's newest messages are read back at most.
pub const ROOM_KEPT: i64 = 200;

/// A game's chat room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Room {
    /// Written by the game's players, read by everyone.
    Players,
    /// Written by the others signed in, read by the others while the game
    /// goes on, by everyone once it is over.
    Spectators,
}

impl Room {
    /// The room as stored and as the API names it.
    pub fn as_str(self) -> &'static str {
        match self {
            Room::Players => "players",
            Room::Spectators => "spectators",
        }
    }

    /// Reads a room as [`Room::as_str`] writes it.
    pub fn parse(text: &str) -> Option<Room> {
        [Room::Players, Room::Spectators].into_iter().find(|r| r.as_str() == text)
    }
}

impl fmt::Display for Room {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A message as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatMessage {
    /// Its number.
    pub id: i64,
    /// Its game.
    pub game: GameKey,
    /// Its room.
    pub room: Room,
    /// Who wrote it.
    pub account: AccountId,
    /// Their name when they wrote it.
    pub name: String,
    /// What they wrote.
    pub text: String,
    /// When.
    pub at: Timestamp,
}

/// A message's row.
#[derive(sqlx::FromRow)]
struct ChatRow {
    id: i64,
    game_key: String,
    room: String,
    account_id: i64,
    name: String,
    text: String,
    at: i64,
}

impl TryFrom<ChatRow> for ChatMessage {
    type Error = StoreError;

    fn try_from(row: ChatRow) -> Result<ChatMessage, StoreError> {
        let game = GameKey(row.game_key);
        let room = Room::parse(&row.room).ok_or_else(|| StoreError::Record {
            key: game.clone(),
            reason: format!("'{}': unknown chat room", row.room),
        })?;
        Ok(ChatMessage {
            id: row.id,
            game,
            room,
            account: AccountId(row.account_id),
            name: row.name,
            text: row.text,
            at: Timestamp::from_unix(row.at),
        })
    }
}

impl Store {
    /// Keeps a message that `account` (called `name`) wrote at `at` in the
    /// room `room` of the game `game`.
    pub async fn add_chat(
        &self,
        game: &GameKey,
        room: Room,
        account: AccountId,
        name: &str,
        text: &str,
        at: Timestamp,
    ) -> Result<ChatMessage, StoreError> {
        let row = on_pool!(self, pool => {
            sqlx::query_as::<_, ChatRow>(
                "INSERT INTO chat_messages (game_key, room, account_id, name, text, at) VALUES ($1, $2, $3, $4, $5, $6) \
                 RETURNING id, game_key, room, account_id, name, text, at",
            )
            .bind(game.0.as_str())
            .bind(room.as_str())
            .bind(account.0)
            .bind(name)
            .bind(text)
            .bind(at.unix())
            .fetch_all(pool)
            .await.and_then(crate::returning::one)
        })?;
        row.try_into()
    }

    /// The newest [`ROOM_KEPT`] messages of a room, oldest first, leaving
    /// out those written by anyone `reader` has muted.
    pub async fn chat(
        &self,
        game: &GameKey,
        room: Room,
        reader: Option<AccountId>,
    ) -> Result<Vec<ChatMessage>, StoreError> {
        let rows = on_pool!(self, pool => {
            sqlx::query_as::<_, ChatRow>(
                "SELECT * FROM (SELECT id, game_key, room, account_id, name, text, at FROM chat_messages c \
                 WHERE game_key = $1 AND room = $2 AND ($3 IS NULL OR NOT EXISTS \
                 (SELECT 1 FROM muted m WHERE m.account_id = $3 AND m.muted_id = c.account_id)) \
                 ORDER BY id DESC LIMIT $4) newest ORDER BY id",
            )
            .bind(game.0.as_str())
            .bind(room.as_str())
            .bind(reader.map(|a| a.0))
            .bind(ROOM_KEPT)
            .fetch_all(pool)
            .await
        })?;
        rows.into_iter().map(ChatMessage::try_from).collect()
    }

    /// The message `id` of the game `game`, if there is one.
    pub async fn chat_message(&self, game: &GameKey, id: i64) -> Result<Option<ChatMessage>, StoreError> {
        let row = on_pool!(self, pool => {
            sqlx::query_as::<_, ChatRow>(
                "SELECT id, game_key, room, account_id, name, text, at FROM chat_messages WHERE game_key = $1 AND id = $2",
            )
            .bind(game.0.as_str())
            .bind(id)
            .fetch_optional(pool)
            .await
        })?;
        row.map(ChatMessage::try_from).transpose()
    }

    /// Removes the message `id` of the game `game`; whether there was one.
    pub async fn delete_chat(&self, game: &GameKey, id: i64) -> Result<bool, StoreError> {
        let done = on_pool!(self, pool => {
            sqlx::query("DELETE FROM chat_messages WHERE game_key = $1 AND id = $2")
                .bind(game.0.as_str())
                .bind(id)
                .execute(pool)
                .await
                .map(|d| d.rows_affected())
        })?;
        Ok(done > 0)
    }

    /// `account` no longer sees the messages of the account called `name`
    /// (any case); whether there is such an account.
    pub async fn mute(&self, account: AccountId, name: &str) -> Result<bool, StoreError> {
        let done = on_pool!(self, pool => {
            sqlx::query(
                "INSERT INTO muted (account_id, muted_id) SELECT $1, id FROM accounts WHERE name_key = $2 AND id <> $1 \
                 ON CONFLICT DO NOTHING",
            )
            .bind(account.0)
            .bind(name_key(name))
            .execute(pool)
            .await
            .map(|d| d.rows_affected())
        })?;
        if done > 0 {
            return Ok(true);
        }
        // Muted already, or nobody has the name.
        Ok(self.muted_names(account).await?.iter().any(|n| name_key(n) == name_key(name)))
    }

    /// `account` sees the messages of the account called `name` again;
    /// whether it had muted them.
    pub async fn unmute(&self, account: AccountId, name: &str) -> Result<bool, StoreError> {
        let done = on_pool!(self, pool => {
            sqlx::query(
                "DELETE FROM muted WHERE account_id = $1 AND muted_id IN (SELECT id FROM accounts WHERE name_key = $2)",
            )
            .bind(account.0)
            .bind(name_key(name))
            .execute(pool)
            .await
            .map(|d| d.rows_affected())
        })?;
        Ok(done > 0)
    }

    /// The names `account` has muted, by name.
    pub async fn muted_names(&self, account: AccountId) -> Result<Vec<String>, StoreError> {
        let names = on_pool!(self, pool => {
            sqlx::query_scalar::<_, String>(
                "SELECT a.name FROM muted m JOIN accounts a ON a.id = m.muted_id WHERE m.account_id = $1 ORDER BY a.name_key",
            )
            .bind(account.0)
            .fetch_all(pool)
            .await
        })?;
        Ok(names)
    }

    /// The accounts `account` has muted.
    pub async fn muted_ids(&self, account: AccountId) -> Result<Vec<AccountId>, StoreError> {
        let ids = on_pool!(self, pool => {
            sqlx::query_scalar::<_, i64>("SELECT muted_id FROM muted WHERE account_id = $1")
                .bind(account.0)
                .fetch_all(pool)
                .await
        })?;
        Ok(ids.into_iter().map(AccountId).collect())
    }
}
