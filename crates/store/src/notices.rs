//! Notices: what the personal channel tells a person (their turn, an
//! invitation, an offer, a round opened, a game over, a chat message in
//! their game). A change to a game keeps its notices in the transaction
//! that stores it; on PostgreSQL the accounts concerned are announced on
//! `arbiter_notices` when it commits, so that the server holding their
//! channel reads them.

use std::fmt;

use arbiter_play::Timestamp;

use crate::accounts::AccountId;
use crate::error::StoreError;
use crate::games::GameKey;
use crate::open::Store;

/// How long notices are kept (seconds): 30 days.
pub const NOTICES_KEPT: i64 = 30 * 24 * 3600;

/// The most notices one request reads.
pub const NOTICES_A_PAGE: i64 = 100;

/// What a notice tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoticeKind {
    /// It is the person's turn in a game.
    YourTurn,
    /// The person was invited to a seat.
    Invited,
    /// Another player made an offer (a takeback, a draw, a rematch).
    Offer,
    /// A Single Capture Go round opened: the person has a play to send.
    RoundOpen,
    /// A game of theirs is over.
    GameOver,
    /// Someone wrote in the players' room of a game of theirs.
    Chat,
}

impl NoticeKind {
    /// Every kind.
    pub const ALL: [NoticeKind; 6] = [
        NoticeKind::YourTurn,
        NoticeKind::Invited,
        NoticeKind::Offer,
        NoticeKind::RoundOpen,
        NoticeKind::GameOver,
        NoticeKind::Chat,
    ];

    /// The kind's word, as the API writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            NoticeKind::YourTurn => "your_turn",
            NoticeKind::Invited => "invited",
            NoticeKind::Offer => "offer",
            NoticeKind::RoundOpen => "round_open",
            NoticeKind::GameOver => "game_over",
            NoticeKind::Chat => "chat",
        }
    }

    /// Reads a kind as [`NoticeKind::as_str`] writes it.
    pub fn parse(text: &str) -> Option<NoticeKind> {
        NoticeKind::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

impl fmt::Display for NoticeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A notice to keep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewNotice {
    /// Whom it tells.
    pub account: AccountId,
    /// The game it is about.
    pub game: GameKey,
    /// What it tells.
    pub kind: NoticeKind,
    /// The seat it concerns, where there is one (an invitation's seat).
    pub seat: Option<String>,
    /// The words shown.
    pub text: String,
}

/// A notice as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Its number: later notices have larger numbers.
    pub id: i64,
    /// The game it is about.
    pub game: GameKey,
    /// What it tells.
    pub kind: NoticeKind,
    /// The seat it concerns, if any.
    pub seat: Option<String>,
    /// The words shown.
    pub text: String,
    /// When.
    pub at: Timestamp,
}

/// Keeps `$notice` (a [`NewNotice`]) made at `$now` in the transaction
/// `$tx`.
macro_rules! insert_notice {
    ($tx:expr, $notice:expr, $now:expr) => {
        async {
            let notice: &$crate::notices::NewNotice = $notice;
            let now: arbiter_play::Timestamp = $now;
            sqlx::query(
                "INSERT INTO notices (account_id, game_key, kind, seat, text, at) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(notice.account.0)
            .bind(notice.game.0.as_str())
            .bind(notice.kind.as_str())
            .bind(notice.seat.as_deref())
            .bind(notice.text.as_str())
            .bind(now.unix())
            .execute($tx)
            .await
            .map(|_| ())
        }
    };
}
pub(crate) use insert_notice;

/// The payload announcing notices for `accounts`: `<origin>:<id>,<id>,…`.
pub(crate) fn announcement(origin: u64, accounts: &[AccountId]) -> String {
    let ids: Vec<String> = accounts.iter().map(|a| a.0.to_string()).collect();
    format!("{origin}:{}", ids.join(","))
}

impl NewNotice {
    /// The accounts `notices` tell, each once.
    pub fn recipients_of(notices: &[NewNotice]) -> Vec<AccountId> {
        recipients(notices)
    }
}

/// The accounts `notices` tell, each once.
pub(crate) fn recipients(notices: &[NewNotice]) -> Vec<AccountId> {
    let mut accounts: Vec<AccountId> = notices.iter().map(|n| n.account).collect();
    accounts.sort_by_key(|a| a.0);
    accounts.dedup();
    accounts
}

type NoticeRow = (i64, String, String, Option<String>, String, i64);

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
                "SELECT id, game_key, kind, seat, text, at FROM notices \
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
            .map(|(id, game, kind, seat, text, at)| {
                let kind = NoticeKind::parse(&kind).ok_or_else(|| StoreError::Record {
                    key: GameKey(game.clone()),
                    reason: format!("'{kind}': unknown notice kind"),
                })?;
                Ok(Notice { id, game: GameKey(game), kind, seat, text, at: Timestamp::from_unix(at) })
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

    /// Deletes the notices older than [`NOTICES_KEPT`]; how many.
    pub async fn delete_old_notices(&self, now: Timestamp) -> Result<u64, StoreError> {
        let deleted = on_pool!(self, pool => {
            sqlx::query("DELETE FROM notices WHERE at < $1")
                .bind(now.unix().saturating_sub(NOTICES_KEPT))
                .execute(pool)
                .await
                .map(|done| done.rows_affected())
        })?;
        Ok(deleted)
    }
}
