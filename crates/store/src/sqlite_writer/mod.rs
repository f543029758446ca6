//! On SQLite, where one writer commits at a time and every commit waits
//! for the disk, game changes go to one writer thread with a connection
//! of its own: the changes that arrive while a commit is under way are
//! committed together (group commit), each answered only after the
//! shared commit is on disk. A change crosses threads once each way (its
//! job queued, its answer sent back); the writer's statements are
//! prepared once and kept. A refused change leaves the others alone: one
//! refused by its first statement has written nothing, and one that may
//! be refused later has a savepoint of its own.

mod apply;

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, TransactionBehavior};
use tokio::sync::{mpsc, oneshot};

use crate::change::Change;
use crate::error::StoreError;
use crate::games::StoredGame;
use apply::{Applied, apply};

/// At most this many changes share one SQLite transaction.
const MOST_CHANGES_A_COMMIT: usize = 256;

/// Changes waiting for the SQLite writer, at most.
const QUEUED_CHANGES: usize = 4096;

/// Prepared statements the writer keeps (every one it runs fits).
const KEPT_STATEMENTS: usize = 48;

/// What the writer is asked to do.
enum Work {
    /// Store a change and say how it went.
    Change { change: Box<Change>, answer: oneshot::Sender<Result<StoredGame, StoreError>> },
    /// Close the connection (after the changes queued before) and stop.
    Close(oneshot::Sender<()>),
}

/// The SQLite writer thread's queue.
#[derive(Clone)]
pub(crate) struct SqliteWriter {
    work: mpsc::Sender<Work>,
}

impl SqliteWriter {
    /// Opens a connection of its own to the database file at `path`
    /// (durable commits, foreign keys, waiting up to `busy` for another
    /// process's write) and starts the writer thread on it; the thread
    /// ends when the store closes or every handle to the queue is dropped.
    pub(crate) fn start(path: &Path, busy: Duration) -> Result<SqliteWriter, StoreError> {
        let failed = |e: rusqlite::Error| StoreError::Url {
            url: format!("sqlite://{}", path.display()),
            reason: format!("the writer cannot open it: {e}"),
        };
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX | OpenFlags::SQLITE_OPEN_URI;
        let connection = Connection::open_with_flags(path, flags).map_err(failed)?;
        connection.busy_timeout(busy).map_err(failed)?;
        connection
            .execute_batch("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")
            .map_err(failed)?;
        connection.set_prepared_statement_cache_capacity(KEPT_STATEMENTS);
        let (work, queue) = mpsc::channel(QUEUED_CHANGES);
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || write_changes(connection, queue))
            .map_err(|e| StoreError::NotCommitted { reason: format!("the writer thread cannot start: {e}") })?;
        Ok(SqliteWriter { work })
    }

    /// Stores `change` with the next commit and answers once that commit
    /// is on disk.
    pub(crate) async fn store(&self, change: Change) -> Result<StoredGame, StoreError> {
        let (answer, outcome) = oneshot::channel();
        let work = Work::Change { change: Box::new(change), answer };
        self.work.send(work).await.map_err(|_| closing())?;
        outcome.await.map_err(|_| closing())?
    }

    /// Commits what is queued, closes the writer's connection and stops
    /// the thread; changes asked for afterwards are refused.
    pub(crate) async fn close(&self) {
        let (done, closed) = oneshot::channel();
        if self.work.send(Work::Close(done)).await.is_ok() {
            let _ = closed.await;
        }
    }
}

/// Why a change was not stored when the store is closing.
fn closing() -> StoreError {
    StoreError::NotCommitted { reason: "the store is closing".into() }
}

/// A change and where its outcome goes.
struct Job {
    change: Box<Change>,
    answer: oneshot::Sender<Result<StoredGame, StoreError>>,
}

/// The writer thread: takes the changes waiting, commits them together,
/// answers each; stops when told to close or when no one can ask more.
fn write_changes(mut connection: Connection, mut queue: mpsc::Receiver<Work>) {
    let mut closed_by: Option<oneshot::Sender<()>> = None;
    while closed_by.is_none() {
        let mut jobs = Vec::new();
        match queue.blocking_recv() {
            Some(Work::Change { change, answer }) => jobs.push(Job { change, answer }),
            Some(Work::Close(done)) => closed_by = Some(done),
            None => break,
        }
        while closed_by.is_none() && jobs.len() < MOST_CHANGES_A_COMMIT {
            match queue.try_recv() {
                Ok(Work::Change { change, answer }) => jobs.push(Job { change, answer }),
                Ok(Work::Close(done)) => closed_by = Some(done),
                Err(_) => break,
            }
        }
        if !jobs.is_empty() {
            commit_together(&mut connection, jobs);
        }
    }
    queue.close();
    while let Ok(work) = queue.try_recv() {
        match work {
            Work::Change { answer, .. } => {
                let _ = answer.send(Err(closing()));
            }
            Work::Close(done) => {
                let _ = done.send(());
            }
        }
    }
    drop(connection);
    if let Some(done) = closed_by {
        let _ = done.send(());
    }
}

/// Commits `jobs` in one transaction and answers each: its stored game
/// once the commit is on disk, or why not. A change that may be refused
/// after writing has a savepoint of its own; if another fails half way
/// (a database error, not a refusal), the transaction is rolled back and
/// the batch made again with a savepoint for every change.
fn commit_together(connection: &mut Connection, jobs: Vec<Job>) {
    let mut attempt = try_together(connection, &jobs, false);
    if matches!(attempt, Attempt::Again) {
        attempt = try_together(connection, &jobs, true);
    }
    match attempt {
        Attempt::Committed(outcomes) => {
            for (job, outcome) in jobs.into_iter().zip(outcomes) {
                let answer = outcome.map(|(created, seats)| job.change.stored(created, seats));
                let _ = job.answer.send(answer);
            }
        }
        Attempt::Again => fail_all(jobs, |_| StoreError::NotCommitted { reason: "a change failed half way".into() }),
        Attempt::Failed(e) => fail_all(jobs, |_| not_committed(&e)),
    }
}

/// How one try at committing a batch went.
enum Attempt {
    /// Committed: each change's outcome, in order.
    Committed(Vec<Applied>),
    /// A change without a savepoint failed half way: rolled back, to be
    /// made again with savepoints.
    Again,
    /// The transaction failed: why.
    Failed(rusqlite::Error),
}

/// Answers every job of `jobs` with the error `why` makes.
fn fail_all(jobs: Vec<Job>, why: impl Fn(&Job) -> StoreError) {
    for job in jobs {
        let error = why(&job);
        let _ = job.answer.send(Err(error));
    }
}

/// Why a transaction that failed with `e` stored nothing: the disk is
/// full (SQLite's `SQLITE_FULL`), or another failure.
pub(super) fn not_committed(e: &rusqlite::Error) -> StoreError {
    if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DiskFull) {
        StoreError::DiskFull { reason: e.to_string() }
    } else {
        StoreError::NotCommitted { reason: e.to_string() }
    }
}

/// Applies `jobs` in one transaction and commits it; each change in a
/// savepoint if `savepoints` or if it may be refused half way.
fn try_together(connection: &mut Connection, jobs: &[Job], savepoints: bool) -> Attempt {
    let mut tx = match connection.transaction_with_behavior(TransactionBehavior::Immediate) {
        Ok(tx) => tx,
        Err(e) => return Attempt::Failed(e),
    };
    let mut outcomes = Vec::with_capacity(jobs.len());
    for job in jobs {
        let outcome = if savepoints || job.change.may_fail_midway() {
            let saved = match tx.savepoint() {
                Ok(saved) => saved,
                Err(e) => return Attempt::Failed(e),
            };
            let outcome = apply(&saved, &job.change);
            // A kept change's savepoint is released; a refused one's is
            // rolled back, then released.
            let ended = if outcome.is_ok() { saved.commit() } else { saved.finish() };
            if let Err(e) = ended {
                return Attempt::Failed(e);
            }
            outcome
        } else {
            let outcome = apply(&tx, &job.change);
            if matches!(&outcome, Err(e) if !wrote_nothing(e)) {
                let _ = tx.rollback();
                return Attempt::Again;
            }
            outcome
        };
        outcomes.push(outcome);
    }
    match tx.commit() {
        Ok(()) => Attempt::Committed(outcomes),
        Err(e) => Attempt::Failed(e),
    }
}

/// Whether a change refused with `error` had written nothing: it was
/// refused by its first statement (the game moved on, or is gone).
fn wrote_nothing(error: &StoreError) -> bool {
    matches!(error, StoreError::Stale { .. } | StoreError::NotFound { .. })
}
