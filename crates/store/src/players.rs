//! Players as others see them: a player's finished games counted per game
//! (won, lost, drawn), names completed from a prefix, and how each seat
//! came out of a finished game filled in for games that ended before it
//! was kept.

use arbiter_play::{Standing, Timestamp};

use crate::account_queries::name_key;
use crate::accounts::AccountId;
use crate::error::StoreError;
use crate::game_rows::read_record;
use crate::games::GameKey;
use crate::open::Store;

/// A player as their page shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The account.
    pub account: AccountId,
    /// The name, as it was given.
    pub name: String,
    /// When the account was made.
    pub created: Timestamp,
    /// Whether it is a guest's.
    pub guest: bool,
    /// Whether it is a bot's: an engine plays it through the API.
    pub bot: bool,
    /// Their finished games, counted per game, by game.
    pub tallies: Vec<Tally>,
}

/// A player's finished games of one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// The game (`agog`, `sage`…).
    pub game: String,
    /// Games played to an end (won, lost, drawn, or whose winner the
    /// record does not say); games called off are not counted.
    pub played: i64,
    /// Games won, shared wins included.
    pub won: i64,
    /// Games lost.
    pub lost: i64,
    /// Games drawn.
    pub drawn: i64,
}

impl Store {
    /// The player called `name` (in any case) and their finished games
    /// counted per game; `None` if there is no such account.
    pub async fn player(&self, name: &str) -> Result<Option<Player>, StoreError> {
        let account = on_pool!(self, pool => {
            sqlx::query_as::<_, (i64, String, i64, bool, bool)>(
                "SELECT id, name, created, guest, bot FROM accounts WHERE name_key = $1",
            )
                .bind(name_key(name))
                .fetch_optional(pool)
                .await
        })?;
        let Some((id, name, created, guest, bot)) = account else { return Ok(None) };
        let rows = on_pool!(self, pool => {
            sqlx::query_as::<_, (String, String, i64)>(
                "SELECT g.game, s.standing, COUNT(*) FROM game_seats s JOIN games g ON g.key = s.game_key \
                 WHERE s.account_id = $1 AND s.standing IS NOT NULL GROUP BY g.game, s.standing ORDER BY g.game",
            )
            .bind(id)
            .fetch_all(pool)
            .await
        })?;
        let mut tallies: Vec<Tally> = Vec::new();
        for (game, standing, count) in rows {
            if tallies.last().is_none_or(|t| t.game != game) {
                tallies.push(Tally { game, ..Tally::default() });
            }
            let tally = tallies.last_mut().expect("just pushed");
            match Standing::parse(&standing) {
                Some(Standing::Won) => tally.won += count,
                Some(Standing::Lost) => tally.lost += count,
                Some(Standing::Drawn) => tally.drawn += count,
                Some(Standing::Aborted) => continue,
                Some(Standing::Unknown) | None => {}
            }
            tally.played += count;
        }
        tallies.retain(|t| t.played > 0);
        Ok(Some(Player { account: AccountId(id), name, created: Timestamp::from_unix(created), guest, bot, tallies }))
    }

    /// The names (not guests', not disabled accounts') that start with
    /// `prefix` in any case, by name, at most `limit`.
    pub async fn player_names(&self, prefix: &str, limit: i64) -> Result<Vec<String>, StoreError> {
        Ok(self.player_names_kinds(prefix, limit).await?.into_iter().map(|(name, _)| name).collect())
    }

    /// As [`Store::player_names`], each name with whether it is a bot's.
    pub async fn player_names_kinds(&self, prefix: &str, limit: i64) -> Result<Vec<(String, bool)>, StoreError> {
        let names = on_pool!(self, pool => {
            sqlx::query_as::<_, (String, bool)>(
                "SELECT name, bot FROM accounts WHERE substr(name_key, 1, length($1)) = $1 AND disabled IS NULL AND NOT guest \
                 ORDER BY name_key LIMIT $2",
            )
            .bind(name_key(prefix))
            .bind(limit)
            .fetch_all(pool)
            .await
        })?;
        Ok(names)
    }

    /// Writes how each seat came out of up to `batch` finished games that
    /// ended before standings were kept, from their records (a record
    /// that cannot be read gives `unknown`); how many games it filled in.
    /// Run until it answers 0.
    pub async fn fill_standings(&self, batch: i64) -> Result<usize, StoreError> {
        let games = on_pool!(self, pool => {
            sqlx::query_as::<_, (String, String)>(
                "SELECT g.key, g.record FROM games g WHERE g.state = 'finished' AND EXISTS \
                 (SELECT 1 FROM game_seats s WHERE s.game_key = g.key AND s.standing IS NULL) LIMIT $1",
            )
            .bind(batch)
            .fetch_all(pool)
            .await
        })?;
        let filled = games.len();
        for (key, json) in games {
            let key = GameKey(key);
            let standings = read_record(&key, &json).ok().and_then(|r| r.standings());
            in_write_transaction!(self, tx => {
                let seats = sqlx::query_scalar::<_, i32>(
                    "SELECT seat FROM game_seats WHERE game_key = $1 AND standing IS NULL",
                )
                .bind(key.0.as_str())
                .fetch_all(&mut *tx)
                .await?;
                for seat in seats {
                    let standing = standings
                        .as_ref()
                        .and_then(|s| s.get(usize::try_from(seat).ok()?).copied())
                        .unwrap_or(Standing::Unknown);
                    sqlx::query(crate::change::SET_STANDING)
                        .bind(key.0.as_str())
                        .bind(seat)
                        .bind(standing.as_str())
                        .execute(&mut *tx)
                        .await?;
                }
                tx.commit().await?;
            });
        }
        Ok(filled)
    }
}
