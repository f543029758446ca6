//! On SQLite, where one writer commits at a time and every commit waits
//! for the disk, the changes that arrive while a commit is under way are
//! committed together by one writer task (group commit), each answered
//! only after the shared commit is on disk. A refused change leaves the
//! others alone: one refused by its first statement has written nothing,
//! and one that may be refused later has a savepoint of its own.

use sqlx::pool::PoolConnection;
use sqlx::{Sqlite, SqliteConnection, SqlitePool};
use tokio::sync::{mpsc, oneshot};

use crate::change::{Change, apply_change};
use crate::error::StoreError;
use crate::games::StoredGame;

/// At most this many changes share one SQLite transaction.
const MOST_CHANGES_A_COMMIT: usize = 256;

/// Changes waiting for the SQLite writer, at most.
const QUEUED_CHANGES: usize = 4096;

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
    pub(crate) async fn store(&self, change: Change) -> Result<StoredGame, StoreError> {
        let (answer, outcome) = oneshot::channel();
        let gone = || StoreError::NotCommitted { reason: "the store is closing".into() };
        self.jobs.send(Job { change, answer }).await.map_err(|_| gone())?;
        outcome.await.map_err(|_| gone())?
    }
}

/// How long the writer keeps its connection with nothing to write. While
/// it keeps one, that connection's page cache stays valid from commit to
/// commit; a connection that did not make the last commit starts its next
/// transaction by dropping its cache and reading the pages again.
const KEEP_CONNECTION: std::time::Duration = std::time::Duration::from_millis(100);

/// The SQLite writer: takes the changes waiting, commits them together on
/// one connection, answers each.
async fn write_changes(pool: SqlitePool, mut queue: mpsc::Receiver<Job>) {
    let mut held: Option<PoolConnection<Sqlite>> = None;
    loop {
        let first = if held.is_some() {
            match tokio::time::timeout(KEEP_CONNECTION, queue.recv()).await {
                Ok(Some(job)) => job,
                Ok(None) => return,
                Err(_) => {
                    // Idle: the connection goes back (a closing pool waits for it).
                    held = None;
                    continue;
                }
            }
        } else {
            match queue.recv().await {
                Some(job) => job,
                None => return,
            }
        };
        let mut jobs = vec![first];
        while jobs.len() < MOST_CHANGES_A_COMMIT {
            match queue.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        if held.is_none() {
            match pool.acquire().await {
                Ok(connection) => held = Some(connection),
                Err(e) => {
                    fail_all(jobs, e.to_string());
                    continue;
                }
            }
        }
        if let Some(connection) = held.as_mut() {
            commit_together(connection, jobs).await;
        }
        if pool.is_closed() {
            held = None;
        }
    }
}

/// Commits `jobs` in one transaction and answers each: its stored game
/// once the commit is on disk, or why not. A change that may be refused
/// after writing has a savepoint of its own; if another fails half way
/// (a database error, not a refusal), the transaction is rolled back and
/// the batch made again with a savepoint for every change.
async fn commit_together(connection: &mut SqliteConnection, jobs: Vec<Job>) {
    let mut attempt = try_together(connection, &jobs, false).await;
    if matches!(attempt, Attempt::Again) {
        attempt = try_together(connection, &jobs, true).await;
    }
    match attempt {
        Attempt::Committed(outcomes) => {
            for (job, outcome) in jobs.into_iter().zip(outcomes) {
                let answer = outcome.map(|(created, seats)| job.change.stored(created, seats));
                let _ = job.answer.send(answer);
            }
        }
        Attempt::Again => fail_all(jobs, "a change failed half way".into()),
        Attempt::Failed(reason) => fail_all(jobs, reason),
    }
}

/// What a change's statements gave: the game's creation columns and its
/// seats.
type Applied = Result<((i64, Option<i64>, Option<String>), Vec<crate::games::StoredSeat>), StoreError>;

/// How one try at committing a batch went.
enum Attempt {
    /// Committed: each change's outcome, in order.
    Committed(Vec<Applied>),
    /// A change without a savepoint failed half way: rolled back, to be
    /// made again with savepoints.
    Again,
    /// The transaction failed: why.
    Failed(String),
}

/// Answers every job of `jobs` with `reason`.
fn fail_all(jobs: Vec<Job>, reason: String) {
    for job in jobs {
        let _ = job.answer.send(Err(StoreError::NotCommitted { reason: reason.clone() }));
    }
}

/// Applies `jobs` in one transaction and commits it; each change in a
/// savepoint if `savepoints` or if it may be refused half way.
async fn try_together(connection: &mut SqliteConnection, jobs: &[Job], savepoints: bool) -> Attempt {
    let mut tx = match sqlx::Connection::begin_with(connection, "BEGIN IMMEDIATE").await {
        Ok(tx) => tx,
        Err(e) => return Attempt::Failed(e.to_string()),
    };
    let mut outcomes = Vec::with_capacity(jobs.len());
    for job in jobs {
        let saved = savepoints || job.change.may_fail_midway();
        if saved && let Err(e) = sqlx::query("SAVEPOINT change").execute(&mut *tx).await {
            return Attempt::Failed(e.to_string());
        }
        let outcome = apply_change!(tx, &job.change).await;
        if saved {
            let end = if outcome.is_ok() { "RELEASE change" } else { "ROLLBACK TO change" };
            if let Err(e) = sqlx::query(end).execute(&mut *tx).await {
                return Attempt::Failed(e.to_string());
            }
            if outcome.is_err()
                && let Err(e) = sqlx::query("RELEASE change").execute(&mut *tx).await
            {
                return Attempt::Failed(e.to_string());
            }
        } else if matches!(&outcome, Err(e) if !wrote_nothing(e)) {
            let _ = tx.rollback().await;
            return Attempt::Again;
        }
        outcomes.push(outcome);
    }
    match tx.commit().await {
        Ok(()) => Attempt::Committed(outcomes),
        Err(e) => Attempt::Failed(e.to_string()),
    }
}

/// Whether a change refused with `error` had written nothing: it was
/// refused by its first statement (the game moved on, or is gone).
fn wrote_nothing(error: &StoreError) -> bool {
    matches!(error, StoreError::Stale { .. } | StoreError::NotFound { .. })
}
