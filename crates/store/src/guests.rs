//! Guests: accounts made at a click, with no password (their hash is one
//! no password matches) and no mail; a guest who signs up takes a name and
//! a password and keeps the account, and with it their games; guests
//! unused for long and holding no seat are removed.

use arbiter_play::Timestamp;

use crate::account_queries::name_key;
use crate::accounts::{Account, AccountId, AccountRow, account_columns};
use crate::error::StoreError;
use crate::game_rows::{read_record, write_record};
use crate::games::GameKey;
use crate::open::Store;

/// The games where `$1` holds a seat: key, record, seat.
const GUEST_GAMES: &str =
    "SELECT g.key, g.record, s.seat FROM game_seats s JOIN games g ON g.key = s.game_key WHERE s.account_id = $1";
/// [`GUEST_GAMES`], their rows locked against a change meanwhile
/// (PostgreSQL; SQLite's writers take turns already).
const GUEST_GAMES_LOCKED: &str = concat!(
    "SELECT g.key, g.record, s.seat FROM game_seats s JOIN games g ON g.key = s.game_key WHERE s.account_id = $1",
    " FOR UPDATE OF g"
);

/// The password hash of a guest: no password's hash reads like it.
pub const GUEST_PASSWORD_HASH: &str = "!guest";

impl Store {
    /// Makes a guest account called `name` (refused as
    /// [`StoreError::NameTaken`] if an account has it in any case).
    pub async fn create_guest(&self, name: &str, now: Timestamp) -> Result<Account, StoreError> {
        let inserted = on_pool!(self, pool => {
            sqlx::query_as::<_, AccountRow>(concat!(
                "INSERT INTO accounts (name, name_key, password_hash, email, email_verified, notify_email, created, guest) \
                 VALUES ($1, $2, $3, NULL, FALSE, FALSE, $4, TRUE) RETURNING ",
                account_columns!()
            ))
            .bind(name)
            .bind(name_key(name))
            .bind(GUEST_PASSWORD_HASH)
            .bind(now.unix())
            .fetch_all(pool)
            .await.and_then(crate::returning::one)
        });
        match inserted {
            Ok(row) => Ok(row.into()),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                Err(StoreError::NameTaken { name: name.to_string() })
            }
            Err(e) => Err(e.into()),
        }
    }

    /// The guest `id` signs up: the account takes `name`, the password
    /// `password_hash` and the mail address `email` (not verified), wants
    /// mail, and is a guest no more; its games stay its own, their records
    /// naming it by its new name (each game's version moves on, and other
    /// servers are told). `None` if `id` is not a guest's account;
    /// [`StoreError::NameTaken`] if another account has the name.
    pub async fn claim_guest(
        &self,
        id: AccountId,
        name: &str,
        password_hash: &str,
        email: Option<&str>,
    ) -> Result<Option<Account>, StoreError> {
        let postgres = matches!(self.pool, crate::open::Pool::Postgres(_));
        let claimed = in_write_transaction!(self, tx => {
            let updated = sqlx::query_as::<_, AccountRow>(concat!(
                "UPDATE accounts SET name = $2, name_key = $3, password_hash = $4, email = $5, \
                 email_verified = FALSE, notify_email = TRUE, guest = FALSE WHERE id = $1 AND guest RETURNING ",
                account_columns!()
            ))
            .bind(id.0)
            .bind(name)
            .bind(name_key(name))
            .bind(password_hash)
            .bind(email)
            .fetch_optional(&mut *tx)
            .await;
            let account = match updated {
                Ok(row) => row.map(Account::from),
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                    return Err(StoreError::NameTaken { name: name.to_string() });
                }
                Err(e) => return Err(e.into()),
            };
            if account.is_some() {
                // The guest's games, their records to name the player anew.
                let sql = if postgres { GUEST_GAMES_LOCKED } else { GUEST_GAMES };
                let games = sqlx::query_as::<_, (String, String, i32)>(sql)
                .bind(id.0)
                .fetch_all(&mut *tx)
                .await?;
                for (key, json, seat) in games {
                    let key = GameKey(key);
                    let mut record = read_record(&key, &json)?;
                    let Some(occupant) = usize::try_from(seat).ok().and_then(|i| record.seats.get_mut(i)) else {
                        continue;
                    };
                    occupant.name = Some(name.to_string());
                    sqlx::query("UPDATE games SET record = $2, version = version + 1 WHERE key = $1")
                        .bind(key.0.as_str())
                        .bind(write_record(&key, &record)?)
                        .execute(&mut *tx)
                        .await?;
                    if postgres {
                        sqlx::query("SELECT pg_notify($1, $2)")
                            .bind(crate::notify::CHANNEL)
                            .bind(crate::notify::announcement(self.origin, &key))
                            .execute(&mut *tx)
                            .await?;
                    }
                }
            }
            tx.commit().await?;
            account
        });
        Ok(claimed)
    }

    /// Removes the guests made before `unused_since` that have no session
    /// used since and hold (or are invited to) no seat of a game; how many.
    /// A guest who holds a seat keeps the account, unused, so that the
    /// records name them.
    pub async fn remove_idle_guests(&self, unused_since: Timestamp) -> Result<u64, StoreError> {
        let removed = on_pool!(self, pool => {
            sqlx::query(
                "DELETE FROM accounts WHERE guest AND created < $1 \
                 AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.account_id = accounts.id AND s.last_used >= $1) \
                 AND NOT EXISTS (SELECT 1 FROM game_seats g WHERE g.account_id = accounts.id OR g.invited_id = accounts.id)",
            )
            .bind(unused_since.unix())
            .execute(pool)
            .await
            .map(|done| done.rows_affected())
        })?;
        Ok(removed)
    }
}
