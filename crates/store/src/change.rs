//! One change to a game as the store applies it: a conditional `UPDATE …
//! WHERE version = expected`, the seat it takes (only if still open), how
//! each seat came out of a game it ends, the mail that tells of it, and
//! the seats read back, in the caller's transaction.

use arbiter_play::Timestamp;

use crate::games::{FoundColumns, GameKey, GameUpdate, StoredGame, StoredSeat};

/// One change to store, as the writer gets it.
pub(crate) struct Change {
    /// The game.
    pub(crate) key: GameKey,
    /// The version the change was made from.
    pub(crate) expected_version: i64,
    /// The change.
    pub(crate) update: GameUpdate,
    /// The record as JSON (written by the caller, off the writer).
    pub(crate) record: String,
    /// How each seat came out of the game, in seat order, if the change
    /// ends it (worked out by the caller, off the writer).
    pub(crate) standings: Vec<arbiter_play::Standing>,
    /// The conditional lines the change leaves, as JSON, if it changed
    /// them (written by the caller, off the writer).
    pub(crate) lines: Option<String>,
}

/// The text of [`UPDATE_GAME`], as a literal that `concat!` can build on
/// ([`crate::pg_plain_change`] makes it part of a larger statement).
macro_rules! update_game_sql {
    () => {
        concat!($crate::change::update_game_only_sql!(), " RETURNING created, creator_id, invite_code")
    };
}
pub(crate) use update_game_sql;

/// [`UPDATE_GAME`] without the columns it returns.
macro_rules! update_game_only_sql {
    () => {
        "UPDATE games SET game = $3, state = $4, record = $5, deadline = $6, \
         updated = $7, offers = $8, rematch = $9, awaited = $10, \
         conditionals = COALESCE($12, conditionals), version = version + 1 \
         WHERE key = $1 AND version = $2 AND conditionals_version = $11"
    };
}
pub(crate) use update_game_only_sql;

/// The columns a change may leave as they were, with their parameters in
/// [`UPDATE_GAME`]: each a bit of the mask [`update_game_found_sql`]
/// takes, in this order.
pub(crate) const LEFT_AS_FOUND: [(&str, &str); 4] =
    [("state", "$4"), ("deadline", "$6"), ("offers", "$8"), ("rematch", "$9")];

/// [`UPDATE_GAME`] for a change that knows the game's row as it found it
/// ([`crate::GameUpdate::found`]): it writes the record, the time, the
/// seats awaited and the version, and of [`LEFT_AS_FOUND`] only the
/// columns whose bit is set in `changed` (the game's name and the columns
/// a game keeps never change); nothing returned, so SQLite builds no
/// table to return it from. An index on a column left out is not touched.
pub(crate) fn update_game_found_sql(changed: usize) -> &'static str {
    static TEXTS: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
        (0..1 << LEFT_AS_FOUND.len())
            .map(|changed: usize| {
                let mut set = String::from(
                    "record = $5, updated = $7, awaited = $10, conditionals = COALESCE($12, conditionals), \
                     version = version + 1",
                );
                for (bit, (column, parameter)) in LEFT_AS_FOUND.iter().enumerate() {
                    if changed & (1 << bit) != 0 {
                        set.push_str(&format!(", {column} = {parameter}"));
                    }
                }
                format!("UPDATE games SET {set} WHERE key = $1 AND version = $2 AND conditionals_version = $11")
            })
            .collect()
    });
    TEXTS.get(changed).map_or(UPDATE_GAME_FOUND_ALL, String::as_str)
}

/// The bit of [`LEFT_AS_FOUND`]'s `offers`.
pub(crate) const OFFERS_CHANGED: usize = 1 << 2;

/// [`update_game_found_sql`] with every column written.
const UPDATE_GAME_FOUND_ALL: &str = update_game_only_sql!();

/// The conditional update of a game: `$1` its key, `$2` the version the
/// change was made from, then its columns, `$11` the version of the
/// conditional lines it found and `$12` the lines it leaves (null: as
/// they were); returns the columns it keeps.
pub(crate) const UPDATE_GAME: &str = update_game_sql!();

/// Binds [`UPDATE_GAME`]'s parameters `$1` to `$12` for `$change` (a
/// [`Change`]) to the sqlx query `$query`, the game's name being `$game`.
macro_rules! bind_game_update {
    ($query:expr, $change:expr, $game:expr) => {{
        let change: &$crate::change::Change = $change;
        let update = &change.update;
        $query
            .bind(change.key.0.as_str())
            .bind(change.expected_version)
            .bind($game)
            .bind(update.state.as_str())
            .bind(change.record.as_str())
            .bind(update.deadline.map(arbiter_play::Timestamp::unix))
            .bind(update.now.unix())
            .bind($crate::offers::write_offers(&update.offers))
            .bind(update.rematch.as_ref().map(|k| k.0.as_str()))
            .bind(update.awaited)
            .bind(update.conditionals.found)
            .bind(change.lines.as_deref())
    }};
}
pub(crate) use bind_game_update;

/// The version of game `$1`.
pub(crate) const VERSION_OF_GAME: &str = "SELECT version FROM games WHERE key = $1";

/// Gives seat `$2` of game `$1` to account `$3`, if open to it.
pub(crate) const TAKE_SEAT: &str = "UPDATE game_seats SET account_id = $3, invited_id = NULL \
     WHERE game_key = $1 AND seat = $2 AND account_id IS NULL AND computer_level IS NULL \
     AND (invited_id IS NULL OR (invited_id = $3 AND NOT declined))";

/// Withdraws account `$3`'s invitation to seat `$2` of game `$1`.
pub(crate) const DECLINE_SEAT: &str = "UPDATE game_seats SET declined = TRUE \
     WHERE game_key = $1 AND seat = $2 AND invited_id = $3 AND NOT declined";

/// Account `$3` leaves seat `$2` of game `$1`: it is open again.
pub(crate) const LEAVE_SEAT: &str = "UPDATE game_seats SET account_id = NULL, invited_id = NULL, declined = FALSE \
     WHERE game_key = $1 AND seat = $2 AND account_id = $3";

/// Fills seat `$2` of game `$1`, held by nobody, anew: kept for account
/// `$3`, or open to anyone if `$3` is null.
pub(crate) const REFILL_SEAT: &str = "UPDATE game_seats SET invited_id = $3, declined = FALSE \
     WHERE game_key = $1 AND seat = $2 AND account_id IS NULL AND computer_level IS NULL";

/// Keeps the token `$1` of a mail's reply address: account `$2`, game
/// `$3`, ply `$4`, made at `$5`.
pub(crate) const INSERT_MAIL_TOKEN: &str =
    "INSERT INTO mail_tokens (token_hash, account_id, game_key, ply, created) VALUES ($1, $2, $3, $4, $5)";

/// Queues a mail to account `$1` at `$2`: subject `$3`, body `$4`, made at
/// `$5`, replies to `$6`.
pub(crate) const INSERT_MAIL: &str = "INSERT INTO mail (account_id, to_address, subject, body, reply_to, created, \
     next_attempt, attempts) VALUES ($1, $2, $3, $4, $6, $5, $5, 0)";

/// Sets how seat `$2` of game `$1` came out of it (`$3`).
pub(crate) const SET_STANDING: &str = "UPDATE game_seats SET standing = $3 WHERE game_key = $1 AND seat = $2";

/// Runs the change `$change` in the transaction `$tx`: the conditional
/// update, the seat, the mail, the seats read back. Evaluates to a future
/// of `Result<(created, seats), StoreError>`; the caller commits or rolls
/// back.
macro_rules! apply_change {
    ($tx:ident, $change:expr) => {
        async {
            let change: &$crate::change::Change = $change;
            let key = &change.key;
            let update = &change.update;
            let game = update.record.game.to_string();
            // The conditional UPDATE first: on PostgreSQL it takes the
            // row's lock, and a concurrent one from the same version
            // waits for it, then finds the version moved on.
            let created = $crate::change::bind_game_update!(
                sqlx::query_as::<_, (i64, Option<i64>, Option<String>)>($crate::change::UPDATE_GAME),
                change,
                game.as_str()
            )
            .fetch_optional(&mut *$tx)
            .await?;
            let Some(created) = created else {
                let found = sqlx::query_scalar::<_, i64>($crate::change::VERSION_OF_GAME)
                    .bind(key.0.as_str())
                    .fetch_optional(&mut *$tx)
                    .await?;
                return Err(match found {
                    Some(found) => {
                        $crate::error::StoreError::Stale { key: key.clone(), expected: change.expected_version, found }
                    }
                    None => $crate::error::StoreError::NotFound { key: key.clone() },
                });
            };
            $crate::game_moves::write_moves!($tx, key, &update.moves).await?;
            // The seat it takes, the invitation it declines, the seat it
            // leaves: each refused unless the seat is as the change found it.
            for (statement, seat_change) in [
                ($crate::change::TAKE_SEAT, update.seat_taken),
                ($crate::change::DECLINE_SEAT, update.seat_declined),
                ($crate::change::LEAVE_SEAT, update.seat_left),
            ] {
                if let Some((seat, account)) = seat_change {
                    let changed = sqlx::query(statement)
                        .bind(key.0.as_str())
                        .bind(i32::from(seat))
                        .bind(account.0)
                        .execute(&mut *$tx)
                        .await?
                        .rows_affected();
                    if changed == 0 {
                        return Err($crate::error::StoreError::SeatTaken { key: key.clone(), seat });
                    }
                }
            }
            if let Some((seat, invited)) = update.seat_refilled {
                let changed = sqlx::query($crate::change::REFILL_SEAT)
                    .bind(key.0.as_str())
                    .bind(i32::from(seat))
                    .bind(invited.map(|a| a.0))
                    .execute(&mut *$tx)
                    .await?
                    .rows_affected();
                if changed == 0 {
                    return Err($crate::error::StoreError::SeatTaken { key: key.clone(), seat });
                }
            }
            for (seat, standing) in change.standings.iter().enumerate() {
                sqlx::query($crate::change::SET_STANDING)
                    .bind(key.0.as_str())
                    .bind(seat as i32)
                    .bind(standing.as_str())
                    .execute(&mut *$tx)
                    .await?;
            }
            for mail in &update.mail {
                $crate::mail_queries::insert_mail!(&mut *$tx, mail).await?;
            }
            for notice in &update.notices {
                $crate::notices::insert_notice!(&mut *$tx, notice, update.now).await?;
            }
            let seats = match &update.seats {
                Some(seats) if !change.may_fail_midway() => seats.clone(),
                _ => {
                    let rows = sqlx::query_as::<_, $crate::game_rows::SeatRow>($crate::game_rows::SEATS_OF_GAME)
                        .bind(key.0.as_str())
                        .fetch_all(&mut *$tx)
                        .await?;
                    rows.iter()
                        .map(|row| $crate::game_rows::seat_from_columns(key, row))
                        .collect::<Result<Vec<_>, _>>()?
                }
            };
            Ok::<((i64, Option<i64>, Option<String>), Vec<crate::games::StoredSeat>), StoreError>((created, seats))
        }
    };
}
pub(crate) use apply_change;

impl Change {
    /// Whether the change may be refused after it has written something
    /// (a seat it takes, declines or leaves turns out not to be as found): such a
    /// change needs a savepoint of its own when it shares a transaction.
    /// Any other change is refused, if at all, by its first statement
    /// (the version), having written nothing.
    pub(crate) fn may_fail_midway(&self) -> bool {
        let update = &self.update;
        update.seat_taken.is_some()
            || update.seat_declined.is_some()
            || update.seat_refilled.is_some()
            || update.seat_left.is_some()
    }

    /// The columns of [`LEFT_AS_FOUND`] this change sets to other values
    /// than the row had as it `found` it, a bit each in that order.
    pub(crate) fn columns_changed(&self, found: &FoundColumns) -> usize {
        let update = &self.update;
        let unix = |t: Option<Timestamp>| t.map(Timestamp::unix);
        [
            update.state != found.state,
            unix(update.deadline) != unix(found.deadline),
            update.offers != found.offers,
            update.rematch != found.rematch,
        ]
        .iter()
        .enumerate()
        .filter(|(_, changed)| **changed)
        .map(|(bit, _)| 1 << bit)
        .sum()
    }

    /// The game as stored once this change is committed.
    pub(crate) fn stored(
        self,
        (created, creator, invite): (i64, Option<i64>, Option<String>),
        seats: Vec<StoredSeat>,
    ) -> StoredGame {
        let mut record = self.update.record;
        if self.update.moves.replace && self.update.moves.from == 0 {
            record.moves = self.update.moves.moves;
        }
        StoredGame {
            key: self.key,
            version: self.expected_version + 1,
            state: self.update.state,
            deadline: self.update.deadline,
            updated: self.update.now,
            created: Timestamp::from_unix(created),
            record,
            seats,
            creator: creator.map(crate::accounts::AccountId),
            invite,
            offers: self.update.offers,
            rematch: self.update.rematch,
            conditionals: crate::conditionals::Conditionals {
                version: self.update.conditionals.found,
                seats: self.update.conditionals.lines,
            },
        }
    }
}
