//! Storing a change to a game.
//!
//! A change is a conditional `UPDATE … WHERE version = expected`, the seat
//! it takes (only if still open), the mail that tells of it, and the seats
//! read back, all in one transaction.
//!
//! On PostgreSQL every change has its own transaction, which also tells
//! the other servers on the database (`NOTIFY`): the database runs many
//! side by side. On SQLite, where one writer commits at a time and
//! every commit waits for the disk, the changes that arrive while a commit
//! is under way are committed together by one writer task (group commit):
//! each in a savepoint of its own, so a refused change leaves the others
//! alone, and each answered only after the shared commit is on disk.

use arbiter_play::Timestamp;
use sqlx::SqlitePool;
use tokio::sync::{mpsc, oneshot};

use crate::error::StoreError;
use crate::game_rows::{SEATS_OF_GAME, SeatRow, seat_from_columns, write_record};
use crate::games::{GameKey, GameUpdate, StoredGame};
use crate::open::Store;

/// At most this many changes share one SQLite transaction.
const MOST_CHANGES_A_COMMIT: usize = 256;

/// Changes waiting for the SQLite writer, at most.
const QUEUED_CHANGES: usize = 4096;

/// One change to store, as the writer gets it.
pub(crate) struct Change {
    key: GameKey,
    expected_version: i64,
    update: GameUpdate,
    /// The record as JSON (written by the caller, off the writer).
    record: String,
}

/// A change and where its outcome goes.
struct Job {
    change: Change,
    answer: oneshot::Sender<Result<StoredGame, StoreError>>,
}

/// The SQLite writer task's queue.
#[derive(Clone)]
pub(crate) struct GroupCommit {
    jobs: mpsc::Sender<Job>,
}

impl GroupCommit {
    /// Starts the writer task on `pool`; it ends when every handle to
    /// the queue is dropped.
    pub(crate) fn start(pool: SqlitePool) -> GroupCommit {
        let (jobs, queue) = mpsc::channel(QUEUED_CHANGES);
        tokio::spawn(write_changes(pool, queue));
        GroupCommit { jobs }
    }

    /// Stores `change` with the next commit and answers once that commit
    /// is on disk.
    async fn store(&self, change: Change) -> Result<StoredGame, StoreError> {
        let (answer, outcome) = oneshot::channel();
        let gone = || StoreError::NotCommitted { reason: "the store is closing".into() };
        self.jobs.send(Job { change, answer }).await.map_err(|_| gone())?;
        outcome.await.map_err(|_| gone())?
    }
}

/// Runs `$body` (an expression using `$tx`) as one change: the
/// conditional update, the seat, the mail, the seats read back. Evaluates
/// to `Result<StoredGame, StoreError>`; the caller commits or rolls back.
macro_rules! apply_change {
    ($tx:ident, $change:expr) => {
        async {
            let change: &Change = $change;
            let key = &change.key;
            let update = &change.update;
            let game = update.record.game.to_string();
            // The conditional UPDATE first: on PostgreSQL it takes the
            // row's lock, and a concurrent one from the same version
            // waits for it, then finds the version moved on.
            let created = sqlx::query_scalar::<_, i64>(
                "UPDATE games SET game = $3, state = $4, record = $5, deadline = $6, updated = $7, \
                 version = version + 1 WHERE key = $1 AND version = $2 RETURNING created",
            )
            .bind(key.0.as_str())
            .bind(change.expected_version)
            .bind(game.as_str())
            .bind(update.state.as_str())
            .bind(change.record.as_str())
            .bind(update.deadline.map(Timestamp::unix))
            .bind(update.now.unix())
            .fetch_optional(&mut *$tx)
            .await?;
            let Some(created) = created else {
                let found = sqlx::query_scalar::<_, i64>("SELECT version FROM games WHERE key = $1")
                    .bind(key.0.as_str())
                    .fetch_optional(&mut *$tx)
                    .await?;
                return Err(match found {
                    Some(found) => StoreError::Stale { key: key.clone(), expected: change.expected_version, found },
                    None => StoreError::NotFound { key: key.clone() },
                });
            };
            if let Some((seat, account)) = update.seat_taken {
                let taken = sqlx::query(
                    "UPDATE game_seats SET account_id = $3 \
                     WHERE game_key = $1 AND seat = $2 AND account_id IS NULL AND computer_level IS NULL",
                )
                .bind(key.0.as_str())
                .bind(i32::from(seat))
                .bind(account.0)
                .execute(&mut *$tx)
                .await?
                .rows_affected();
                if taken == 0 {
                    return Err(StoreError::SeatTaken { key: key.clone(), seat });
                }
            }
            for mail in &update.mail {
                sqlx::query(
                    "INSERT INTO mail (account_id, to_address, subject, body, created, next_attempt, attempts) \
                     VALUES ($1, $2, $3, $4, $5, $5, 0)",
                )
                .bind(mail.account.0)
                .bind(mail.to.as_str())
                .bind(mail.subject.as_str())
                .bind(mail.body.as_str())
                .bind(mail.now.unix())
                .execute(&mut *$tx)
                .await?;
            }
            let rows = sqlx::query_as::<_, SeatRow>(SEATS_OF_GAME).bind(key.0.as_str()).fetch_all(&mut *$tx).await?;
            let seats = rows.iter().map(|row| seat_from_columns(key, row)).collect::<Result<Vec<_>, _>>()?;
            Ok::<(i64, Vec<crate::games::StoredSeat>), StoreError>((created, seats))
        }
    };
}

impl Change {
    /// The game as stored once this change is committed.
    fn stored(self, created: i64, seats: Vec<crate::games::StoredSeat>) -> StoredGame {
        StoredGame {
            key: self.key,
            version: self.expected_version + 1,
            state: self.update.state,
            deadline: self.update.deadline,
            updated: self.update.now,
            created: Timestamp::from_unix(created),
            record: self.update.record,
            seats,
        }
    }
}

impl Store {
    /// Stores a change to a game read at `expected_version` and returns
    /// the game as now stored (its version one more), once the change is
    /// committed to disk. In the same transaction: the seat the change
    /// gives to an account, and the mail that tells of it. Refuses with
    /// [`StoreError::Stale`] if the game has changed since (of several
    /// changes from the same version exactly one is stored), with
    /// [`StoreError::NotFound`] if there is no such game, and, if the
    /// change gives a seat to an account, with [`StoreError::SeatTaken`]
    /// unless the seat is open; nothing is stored then.
    pub async fn update_game(
        &self,
        key: &GameKey,
        expected_version: i64,
        update: GameUpdate,
    ) -> Result<StoredGame, StoreError> {
        let record = write_record(key, &update.record)?;
        let change = Change { key: key.clone(), expected_version, update, record };
        match (&self.pool, &self.group_commit) {
            (_, Some(group)) => group.store(change).await,
            (crate::open::Pool::Postgres(pool), None) => {
                let mut tx = pool.begin().await?;
                let (created, seats) = apply_change!(tx, &change).await?;
                // Heard by the other servers when (and only if) committed.
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(crate::notify::CHANNEL)
                    .bind(crate::notify::announcement(self.origin, key))
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                Ok(change.stored(created, seats))
            }
            (crate::open::Pool::Sqlite(pool), None) => {
                let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
                let (created, seats) = apply_change!(tx, &change).await?;
                tx.commit().await?;
                Ok(change.stored(created, seats))
            }
        }
    }
}

/// The SQLite writer: takes the changes waiting, commits them together,
/// answers each.
async fn write_changes(pool: SqlitePool, mut queue: mpsc::Receiver<Job>) {
    while let Some(first) = queue.recv().await {
        let mut jobs = vec![first];
        while jobs.len() < MOST_CHANGES_A_COMMIT {
            match queue.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        commit_together(&pool, jobs).await;
    }
}

/// Commits `jobs` in one transaction, each in a savepoint, and answers
/// each: its stored game once the commit is on disk, or why not.
async fn commit_together(pool: &SqlitePool, jobs: Vec<Job>) {
    let failed = |jobs: Vec<Job>, reason: String| {
        for job in jobs {
            let _ = job.answer.send(Err(StoreError::NotCommitted { reason: reason.clone() }));
        }
    };
    let mut tx = match pool.begin_with("BEGIN IMMEDIATE").await {
        Ok(tx) => tx,
        Err(e) => return failed(jobs, e.to_string()),
    };
    let mut outcomes = Vec::with_capacity(jobs.len());
    for job in &jobs {
        if let Err(e) = sqlx::query("SAVEPOINT change").execute(&mut *tx).await {
            return failed(jobs, e.to_string());
        }
        let outcome = apply_change!(tx, &job.change).await;
        let end = if outcome.is_ok() { "RELEASE change" } else { "ROLLBACK TO change" };
        if let Err(e) = sqlx::query(end).execute(&mut *tx).await {
            return failed(jobs, e.to_string());
        }
        if outcome.is_err()
            && let Err(e) = sqlx::query("RELEASE change").execute(&mut *tx).await
        {
            return failed(jobs, e.to_string());
        }
        outcomes.push(outcome);
    }
    if let Err(e) = tx.commit().await {
        return failed(jobs, e.to_string());
    }
    for (job, outcome) in jobs.into_iter().zip(outcomes) {
        let answer = outcome.map(|(created, seats)| job.change.stored(created, seats));
        let _ = job.answer.send(answer);
    }
}
