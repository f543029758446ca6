//! Reading and writing vacations ([`crate::vacations`]): booking one
//! (checked in the transaction that stores it, so two at once cannot
//! both take the last days), ending one, the running ones and those whose
//! end the games have not been told, and the moves close to running out
//! whose players start a vacation by themselves.

use arbiter_play::Timestamp;

use crate::accounts::AccountId;
use crate::error::StoreError;
use crate::key::GameKey;
use crate::open::{Pool, Store};
use crate::vacations::{Vacation, VacationRow, vacation_of};

/// `SELECT` of a vacation's columns ([`VacationRow`]) `FROM vacations`,
/// followed by the rest given.
macro_rules! select_vacations {
    ($rest:literal) => {
        concat!("SELECT id, account_id, starts, ends, ended, auto FROM vacations ", $rest)
    };
}

/// The most games a vacation is told to at once.
pub const VACATION_GAMES: i64 = 1_000;

impl Store {
    /// The vacations of `account` that end after `since`, oldest first.
    pub async fn vacations(&self, account: AccountId, since: Timestamp) -> Result<Vec<Vacation>, StoreError> {
        let sql = select_vacations!(
            "WHERE account_id = $1 AND COALESCE(ended, ends) > $2 \
             AND COALESCE(ended, ends) > starts ORDER BY starts"
        );
        let rows = on_pool!(self, pool => {
            sqlx::query_as::<_, VacationRow>(sql).bind(account.0).bind(since.unix()).fetch_all(pool).await?
        });
        Ok(rows.into_iter().map(vacation_of).collect())
    }

    /// Books a vacation of `account` from `from` to `until` at `now`, if
    /// `check` allows it beside the vacations it has that end after
    /// `since` (read in the same transaction, the account's row locked):
    /// `Ok(Err(refusal))` if not.
    pub async fn book_vacation<R>(
        &self,
        account: AccountId,
        (from, until): (Timestamp, Timestamp),
        auto: bool,
        (since, now): (Timestamp, Timestamp),
        check: impl FnOnce(&[Vacation]) -> Result<(), R>,
    ) -> Result<Result<Vacation, R>, StoreError> {
        let lock = match self.pool {
            Pool::Postgres(_) => "SELECT id FROM accounts WHERE id = $1 FOR UPDATE",
            Pool::Sqlite(_) => "SELECT id FROM accounts WHERE id = $1",
        };
        let read = select_vacations!(
            "WHERE account_id = $1 AND COALESCE(ended, ends) > $2 \
             AND COALESCE(ended, ends) > starts ORDER BY starts"
        );
        in_write_transaction!(self, tx => {
            sqlx::query_scalar::<_, i64>(lock).bind(account.0).fetch_optional(&mut *tx).await?;
            let rows = sqlx::query_as::<_, VacationRow>(read)
                .bind(account.0)
                .bind(since.unix())
                .fetch_all(&mut *tx)
                .await?;
            let taken: Vec<Vacation> = rows.into_iter().map(vacation_of).collect();
            if let Err(refusal) = check(&taken) {
                return Ok(Err(refusal));
            }
            let id = sqlx::query_scalar::<_, i64>(
                "INSERT INTO vacations (account_id, starts, ends, auto, created) VALUES ($1, $2, $3, $4, $5) RETURNING id",
            )
            .bind(account.0)
            .bind(from.unix())
            .bind(until.unix())
            .bind(auto)
            .bind(now.unix())
            .fetch_one(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(Ok(Vacation { id, account, from, until, ended: None, auto }))
        })
    }

    /// Ends at `at` the vacation of `account` running then; the vacation
    /// as ended, or `None` if none was running.
    pub async fn end_vacation(&self, account: AccountId, at: Timestamp) -> Result<Option<Vacation>, StoreError> {
        let sql = concat!(
            "UPDATE vacations SET ended = $2 WHERE account_id = $1 AND ended IS NULL AND starts <= $2 AND ends > $2 ",
            "RETURNING id, account_id, starts, ends, ended, auto"
        );
        let row = on_pool!(self, pool => {
            sqlx::query_as::<_, VacationRow>(sql).bind(account.0).bind(at.unix()).fetch_all(pool).await.map(crate::returning::first)?
        });
        Ok(row.map(vacation_of))
    }

    /// Takes back the vacation `id` of `account` booked to begin after
    /// `now`; whether there was one.
    pub async fn cancel_vacation(&self, account: AccountId, id: i64, now: Timestamp) -> Result<bool, StoreError> {
        let deleted = on_pool!(self, pool => {
            sqlx::query("DELETE FROM vacations WHERE id = $1 AND account_id = $2 AND starts > $3")
                .bind(id)
                .bind(account.0)
                .bind(now.unix())
                .execute(pool)
                .await?
                .rows_affected()
        });
        Ok(deleted == 1)
    }

    /// The vacations running at `now`, of every account, at most `limit`.
    pub async fn vacations_on(&self, now: Timestamp, limit: i64) -> Result<Vec<Vacation>, StoreError> {
        let sql = select_vacations!(
            "WHERE closed = FALSE AND starts <= $1 \
             AND COALESCE(ended, ends) > $1 ORDER BY starts LIMIT $2"
        );
        let rows = on_pool!(self, pool => {
            sqlx::query_as::<_, VacationRow>(sql).bind(now.unix()).bind(limit).fetch_all(pool).await?
        });
        Ok(rows.into_iter().map(vacation_of).collect())
    }

    /// The vacations over at `now` whose end the games have not been told
    /// ([`Store::close_vacation`]), at most `limit`.
    pub async fn vacations_to_close(&self, now: Timestamp, limit: i64) -> Result<Vec<Vacation>, StoreError> {
        let sql = select_vacations!(
            "WHERE closed = FALSE AND COALESCE(ended, ends) <= $1 \
             ORDER BY starts LIMIT $2"
        );
        let rows = on_pool!(self, pool => {
            sqlx::query_as::<_, VacationRow>(sql).bind(now.unix()).bind(limit).fetch_all(pool).await?
        });
        Ok(rows.into_iter().map(vacation_of).collect())
    }

    /// Marks the vacation `id` as told to every game that it is over.
    pub async fn close_vacation(&self, id: i64) -> Result<(), StoreError> {
        on_pool!(self, pool => {
            sqlx::query("UPDATE vacations SET closed = TRUE WHERE id = $1").bind(id).execute(pool).await?.rows_affected()
        });
        Ok(())
    }

    /// Whether a vacation of `account` starts by itself when a move is
    /// close to running out.
    pub async fn vacation_auto(&self, account: AccountId) -> Result<bool, StoreError> {
        let auto = on_pool!(self, pool => {
            sqlx::query_scalar::<_, bool>("SELECT vacation_auto FROM accounts WHERE id = $1")
                .bind(account.0)
                .fetch_optional(pool)
                .await?
        });
        Ok(auto.unwrap_or(false))
    }

    /// Switches the automatic vacation of `account`.
    pub async fn set_vacation_auto(&self, account: AccountId, auto: bool) -> Result<(), StoreError> {
        on_pool!(self, pool => {
            sqlx::query("UPDATE accounts SET vacation_auto = $2 WHERE id = $1")
                .bind(account.0)
                .bind(auto)
                .execute(pool)
                .await?
                .rows_affected()
        });
        Ok(())
    }

    /// The active games in which `account` holds a seat, with their
    /// game (`sage`) and whether it was made without vacation, oldest
    /// first, at most [`VACATION_GAMES`].
    pub async fn games_of_player(&self, account: AccountId) -> Result<Vec<(GameKey, String, bool)>, StoreError> {
        // The record's clock is JSON written by serde: `"no_vacation":true`
        // appears in it as such only as the clock's field (a text's quotes
        // are escaped).
        let keys = on_pool!(self, pool => {
            sqlx::query_as::<_, (String, String, bool, i64)>(
                "SELECT DISTINCT g.key, g.game, g.record LIKE '%\"no_vacation\":true%', g.created \
                 FROM game_seats s JOIN games g ON g.key = s.game_key \
                 WHERE s.account_id = $1 AND g.state = 'active' ORDER BY g.created, g.key LIMIT $2",
            )
            .bind(account.0)
            .bind(VACATION_GAMES)
            .fetch_all(pool)
            .await?
        });
        Ok(keys.into_iter().map(|(key, game, no_vacation, _)| (GameKey(key), game, no_vacation)).collect())
    }

    /// The moves whose deadline falls between `now` and `before`, awaited
    /// from a player who has the automatic vacation on and no vacation
    /// running, in games with a time per move that stop for vacations
    /// (read from the record's clock, as [`Store::games_of_player`] does):
    /// the player and the game, at most `limit`.
    pub async fn moves_close_to_time(
        &self,
        now: Timestamp,
        before: Timestamp,
        limit: i64,
    ) -> Result<Vec<(AccountId, GameKey)>, StoreError> {
        let rows = on_pool!(self, pool => {
            sqlx::query_as::<_, (i64, String)>(
                "SELECT s.account_id, g.key FROM games g JOIN game_seats s ON s.game_key = g.key \
                 JOIN accounts a ON a.id = s.account_id \
                 WHERE g.state = 'active' AND g.deadline > $1 AND g.deadline <= $2 \
                 AND g.record LIKE '%\"days_per_move\":%' AND g.record NOT LIKE '%\"no_vacation\":true%' \
                 AND ((g.awaited >> s.seat) & 1) = 1 AND a.vacation_auto = TRUE \
                 AND NOT EXISTS (SELECT 1 FROM vacations v WHERE v.account_id = s.account_id \
                     AND v.starts <= $1 AND COALESCE(v.ended, v.ends) > $1) \
                 ORDER BY g.deadline LIMIT $3",
            )
            .bind(now.unix())
            .bind(before.unix())
            .bind(limit)
            .fetch_all(pool)
            .await?
        });
        Ok(rows.into_iter().map(|(account, key)| (AccountId(account), GameKey(key))).collect())
    }
}
