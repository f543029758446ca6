//! On SQLite, where one writer commits at a time and every commit waits
//! for the disk, the changes that arrive while a commit is under way are
//! committed together by one writer task (group commit): each in a
//! savepoint of its own, so a refused change leaves the others alone, and
//! each answered only after the shared commit is on disk.

use sqlx::SqlitePool;
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
