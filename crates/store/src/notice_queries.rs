//! Notices kept outside a change to a game, read back and swept (their
//! types: `notices.rs`).

use arbiter_play::Timestamp;

use crate::accounts::AccountId;
use crate::error::StoreError;
use crate::key::GameKey;
use crate::notices::{NewNotice, Notice, NoticeKind, announcement, insert_notice, recipients};
use crate::open::Store;

/// How long notices are kept (seconds): 30 days.
pub const NOTICES_KEPT: i64 = 30 * 24 * 3600;

/// The most notices one request reads.
pub const NOTICES_A_PAGE: i64 = 100;

type NoticeRow = (i64, Option<String>, Option<i64>, String, Option<String>, String, i64);

impl Store {
    /// Keeps `notices`, made at `now`, outside any change to a game (a
    /// chat message's), and announces them to the other servers.
    pub async fn add_notices(&self, notices: &[NewNotice], now: Timestamp) -> Result<(), StoreError> {
        if notices.is_empty() {
            return Ok(());
        }
        in_write_transaction!(self, tx => {
            for notice in notices {
                insert_notice!(&mut *tx, notice, now).await?;
            }
            tx.commit().await?;
        });
        self.notify_notices(&recipients(notices)).await
    }

    /// Announces to the other servers that `accounts` have new notices.
    pub async fn notify_notices(&self, accounts: &[AccountId]) -> Result<(), StoreError> {
        if accounts.is_empty() {
            return Ok(());
        }
        self.announce(crate::notify::NOTICES_CHANNEL, &announcement(self.origin, accounts)).await
    }

    /// `account`'s notices after the notice `after` (0: from the first
    /// kept) and at or after `since`, oldest first, at most
    /// [`NOTICES_A_PAGE`].
    pub async fn notices(
        &self,
        account: AccountId,
        after: i64,
        since: Option<Timestamp>,
    ) -> Result<Vec<Notice>, StoreError> {
        let rows = on_pool!(self, pool => {
            sqlx::query_as::<_, NoticeRow>(
                "SELECT id, game_key, tournament_id, kind, seat, text, at FROM notices \
                 WHERE account_id = $1 AND id > $2 AND at >= $3 ORDER BY id LIMIT $4",
            )
            .bind(account.0)
            .bind(after)
            .bind(since.map_or(i64::MIN, Timestamp::unix))
            .bind(NOTICES_A_PAGE)
            .fetch_all(pool)
            .await
        })?;
        rows.into_iter()
            .map(|(id, game, tournament, kind, seat, text, at)| {
                let kind = NoticeKind::parse(&kind).ok_or_else(|| StoreError::Record {
                    key: GameKey(game.clone().unwrap_or_default()),
                    reason: format!("'{kind}': unknown notice kind"),
                })?;
                let game = game.map(GameKey);
                Ok(Notice { id, game, tournament, kind, seat, text, at: Timestamp::from_unix(at) })
            })
            .collect()
    }

    /// `account`'s newest notice's number (0: none).
    pub async fn last_notice(&self, account: AccountId) -> Result<i64, StoreError> {
        let last = on_pool!(self, pool => {
            sqlx::query_scalar::<_, Option<i64>>("SELECT MAX(id) FROM notices WHERE account_id = $1")
                .bind(account.0)
                .fetch_one(pool)
                .await
        })?;
        Ok(last.unwrap_or(0))
    }

    /// Deletes the notices older than [`NOTICES_KEPT`]; how many. Notices
    /// are numbered in the order they are made, so the sweep deletes
    /// those numbered below the first one young enough to keep (found by
    /// reading from the oldest), with no index on the time to keep up at
    /// every move.
    pub async fn delete_old_notices(&self, now: Timestamp) -> Result<u64, StoreError> {
        let deleted = on_pool!(self, pool => {
            sqlx::query(
                "DELETE FROM notices WHERE id < COALESCE((SELECT id FROM notices WHERE at >= $1 ORDER BY id LIMIT 1), \
                 (SELECT MAX(id) + 1 FROM notices), 0)",
            )
            .bind(now.unix().saturating_sub(NOTICES_KEPT))
            .execute(pool)
            .await
            .map(|done| done.rows_affected())
        })?;
        Ok(deleted)
    }
}
