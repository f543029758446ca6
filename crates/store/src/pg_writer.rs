//! On PostgreSQL, the common change to a game (moves appended, nothing
//! else beside the game's row: [`Change::is_plain`]) goes to one writer
//! task: the changes that arrive while a statement is under way are
//! stored together by the next, one statement and one commit for all of
//! them (group commit, as SQLite's writer does), each answered once that
//! commit is done. A change alone takes the one-game statement
//! ([`crate::pg_plain_change`]). A change the shared statement did not
//! store (its game moved on, or is gone, or another change to it from
//! the same version came first) is tried again alone, which refuses it
//! with the reason; if the database refuses the shared statement (a
//! deadlock with another server's, a ply stored already), each change is
//! tried alone, so that one change never fails another. If the
//! connection fails, every change waiting is answered that its outcome
//! is not known, at once, rather than each waiting for the database.
//!
//! The writer keeps a connection of its own between statements, opened
//! through the pool and detached from it, so the pool keeps its full
//! count for everything else (sqlx gives a pooled connection back through
//! a task spawned for it: work a move need not do). It is pinged before
//! use if it has been idle (as the pool's are, so that a restarted
//! database fails no change), and closed when a statement fails other
//! than by the database's refusal.

use std::time::Instant;

use sqlx::{PgConnection, PgPool};
use tokio::sync::{mpsc, oneshot};

use crate::change::Change;
use crate::error::StoreError;
use crate::game_moves::ply_column;
use crate::games::StoredGame;

/// How long a connection to PostgreSQL may have been idle and still be
/// used without asking the database first whether it is alive: one used
/// this recently was alive then (HikariCP's "alive bypass window" is the
/// same idea, at 500 ms). A connection idle for longer is pinged, so
/// that one the database dropped (a restart) is replaced rather than
/// failing a request; a busy server saves a round trip on every
/// statement. The pool's connections follow the same rule.
pub(crate) const PING_IF_IDLE_FOR: std::time::Duration = std::time::Duration::from_millis(500);

/// At most this many changes share one statement.
const MOST_CHANGES_A_STATEMENT: usize = 128;

/// Changes waiting for the writer, at most; a change asked for beyond
/// waits for room.
const QUEUED_CHANGES: usize = 4096;

/// Updates each game of the arrays `$1`–`$12` (one element a game, the
/// parameters of [`crate::change::UPDATE_GAME`] in its order) that is at
/// its expected version, appends its moves (`$13`, the game's place in
/// the arrays counting from 1; `$14` the ply; `$15` the move; `$16` its
/// time) and announces it on its channel (`$17`) with its announcement
/// (`$18`).
/// Returns, for each game updated, its place and the columns the game
/// keeps. All or nothing.
const UPDATE_MANY: &str = "WITH input AS (\
     SELECT * FROM unnest(CAST($1 AS TEXT[]), CAST($2 AS BIGINT[]), CAST($3 AS TEXT[]), \
     CAST($4 AS TEXT[]), CAST($5 AS TEXT[]), CAST($6 AS BIGINT[]), CAST($7 AS BIGINT[]), \
     CAST($8 AS TEXT[]), CAST($9 AS TEXT[]), CAST($10 AS BIGINT[]), CAST($11 AS BIGINT[]), \
     CAST($12 AS TEXT[]), CAST($17 AS TEXT[]), CAST($18 AS TEXT[])) WITH ORDINALITY \
     AS i(key, expected, game, state, record, deadline, updated, offers, rematch, awaited, found, lines, channel, \
     told, n) \
     ORDER BY key), \
     changed AS (UPDATE games AS g SET game = i.game, state = i.state, record = i.record, \
     deadline = i.deadline, updated = i.updated, offers = i.offers, rematch = i.rematch, \
     awaited = i.awaited, conditionals = COALESCE(i.lines, g.conditionals), version = g.version + 1 \
     FROM input AS i \
     WHERE g.key = i.key AND g.version = i.expected AND g.conditionals_version = i.found \
     RETURNING i.n, i.key, i.channel, i.told, g.created, g.creator_id, g.invite_code), \
     added AS (INSERT INTO game_moves (game_key, ply, move, at) \
     SELECT c.key, m.ply, m.move, m.at FROM changed AS c JOIN \
     unnest(CAST($13 AS BIGINT[]), CAST($14 AS BIGINT[]), CAST($15 AS TEXT[]), CAST($16 AS BIGINT[])) \
     AS m(n, ply, move, at) ON m.n = c.n RETURNING 1), \
     told AS (SELECT pg_notify(c.channel, c.told) FROM changed AS c) \
     SELECT c.n, c.created, c.creator_id, c.invite_code, (SELECT count(*) FROM added), \
     (SELECT count(*) FROM told) FROM changed AS c";

/// A game the shared statement updated: its place in the statement's
/// arrays (from 1), and the columns it keeps.
type Updated = (i64, i64, Option<i64>, Option<String>);

/// The columns a game keeps: when it was made, by whom, its invitation.
type Kept = (i64, Option<i64>, Option<String>);

/// A change, what announces it on which channel, and where its outcome
/// goes.
struct Job {
    change: Box<Change>,
    channel: &'static str,
    announcement: String,
    answer: oneshot::Sender<Result<StoredGame, StoreError>>,
}

/// What the writer is asked to do.
enum Work {
    /// Store a change and say how it went.
    Change(Job),
    /// Close the connection (after the changes queued before) and stop.
    Close(oneshot::Sender<()>),
}

/// The PostgreSQL writer task's queue.
#[derive(Clone)]
pub(crate) struct PgWriter {
    work: mpsc::Sender<Work>,
}

impl PgWriter {
    /// Starts the writer task on `pool`; it ends when every handle to its
    /// queue is dropped (the store and its clones).
    pub(crate) fn start(pool: PgPool) -> PgWriter {
        let (work, queue) = mpsc::channel(QUEUED_CHANGES);
        tokio::spawn(write_changes(pool, queue));
        PgWriter { work }
    }

    /// Stores `change` (a [plain](Change::is_plain) one) with the next
    /// statement, announced as `announcement` on `channel`, and answers
    /// once it is committed; refuses as [`crate::Store::update_game`] does.
    pub(crate) async fn store(
        &self,
        change: Change,
        channel: &'static str,
        announcement: String,
    ) -> Result<StoredGame, StoreError> {
        let (answer, outcome) = oneshot::channel();
        let job = Job { change: Box::new(change), channel, announcement, answer };
        self.work.send(Work::Change(job)).await.map_err(|_| closing())?;
        outcome.await.map_err(|_| closing())?
    }

    /// Stores what is queued, closes the writer's connection and stops
    /// the task; changes asked for afterwards are refused.
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

/// The writer's connection, kept between statements.
struct Held {
    pool: PgPool,
    connection: Option<(PgConnection, Instant)>,
}

impl Held {
    /// The kept connection (pinged first if idle), or a new one.
    async fn connection(&mut self) -> Result<&mut PgConnection, StoreError> {
        if let Some((mut connection, used)) = self.connection.take() {
            let alive = used.elapsed() < PING_IF_IDLE_FOR || sqlx::Connection::ping(&mut connection).await.is_ok();
            if alive {
                return Ok(&mut self.connection.insert((connection, Instant::now())).0);
            }
        }
        let connection = self.pool.acquire().await?.detach();
        Ok(&mut self.connection.insert((connection, Instant::now())).0)
    }

    /// Marks the connection used now, or closes it after `outcome` if
    /// that failed other than by the database's refusal.
    fn after<T>(&mut self, outcome: &Result<T, StoreError>) {
        match outcome {
            Err(StoreError::Database(e)) if e.as_database_error().is_none() => {
                self.connection = None;
            }
            _ => {
                if let Some((_, used)) = &mut self.connection {
                    *used = Instant::now();
                }
            }
        }
    }
}

/// The writer task: takes the changes waiting, stores them together,
/// answers each.
async fn write_changes(pool: PgPool, mut queue: mpsc::Receiver<Work>) {
    let mut held = Held { pool, connection: None };
    let mut work = Vec::with_capacity(MOST_CHANGES_A_STATEMENT);
    let mut closed_by = None;
    while closed_by.is_none() && queue.recv_many(&mut work, MOST_CHANGES_A_STATEMENT).await > 0 {
        let mut jobs = Vec::with_capacity(work.len());
        for asked in work.drain(..) {
            match asked {
                Work::Change(job) if closed_by.is_none() => jobs.push(job),
                Work::Change(job) => {
                    let _ = job.answer.send(Err(closing()));
                }
                Work::Close(done) => closed_by = Some(done),
            }
        }
        if jobs.len() == 1 {
            let Some(job) = jobs.pop() else { continue };
            store_alone(&mut held, job).await;
        } else if !jobs.is_empty() {
            store_together(&mut held, jobs).await;
        }
    }
    queue.close();
    while let Ok(asked) = queue.try_recv() {
        match asked {
            Work::Change(job) => {
                let _ = job.answer.send(Err(closing()));
            }
            Work::Close(done) => {
                let _ = done.send(());
            }
        }
    }
    if let Some((connection, _)) = held.connection.take() {
        let _ = sqlx::Connection::close(connection).await;
    }
    if let Some(done) = closed_by {
        let _ = done.send(());
    }
}

/// Stores `job` by the one-game statement and answers it.
async fn store_alone(held: &mut Held, job: Job) {
    let outcome = match held.connection().await {
        Ok(connection) => {
            crate::pg_plain_change::store_plain(connection, *job.change, job.channel, job.announcement).await
        }
        Err(e) => Err(e),
    };
    held.after(&outcome);
    let _ = job.answer.send(outcome);
}

/// Stores `jobs` by one statement and answers each; those it did not
/// store (or all, if it failed) are tried alone.
async fn store_together(held: &mut Held, jobs: Vec<Job>) {
    let outcome = match held.connection().await {
        Ok(connection) => update_many(connection, &jobs).await,
        Err(e) => Err(e),
    };
    held.after(&outcome);
    let updated = match outcome {
        Ok(updated) => updated,
        // The connection or the pool failed, not the statement: the
        // database is unreachable, so each change alone would wait for it
        // in turn. Each is answered that its outcome is not known.
        Err(StoreError::Database(e)) if e.as_database_error().is_none() => {
            for job in jobs {
                let reason = format!("the connection to the database failed: {e}");
                let _ = job.answer.send(Err(StoreError::Database(sqlx::Error::Protocol(reason))));
            }
            return;
        }
        // Refused by the database (a deadlock with another server's
        // statement, a ply stored already): each alone says which.
        Err(_) => Vec::new(),
    };
    let mut kept: Vec<Option<Kept>> = vec![None; jobs.len()];
    for (n, created, creator, invite) in updated {
        if let Some(slot) = usize::try_from(n).ok().and_then(|n| n.checked_sub(1)).and_then(|i| kept.get_mut(i)) {
            *slot = Some((created, creator, invite));
        }
    }
    for (job, kept) in jobs.into_iter().zip(kept) {
        match kept {
            Some(columns) => {
                let change = *job.change;
                let seats = change.update.seats.clone().unwrap_or_default();
                let _ = job.answer.send(Ok(change.stored(columns, seats)));
            }
            None => store_alone(held, job).await,
        }
    }
}

/// Runs [`UPDATE_MANY`] for `jobs`: the place (from 1) and kept columns
/// of each game it updated.
async fn update_many(connection: &mut sqlx::PgConnection, jobs: &[Job]) -> Result<Vec<Updated>, StoreError> {
    let count = jobs.len();
    let mut keys = Vec::with_capacity(count);
    let mut expected = Vec::with_capacity(count);
    let mut games = Vec::with_capacity(count);
    let mut states = Vec::with_capacity(count);
    let mut records = Vec::with_capacity(count);
    let mut deadlines = Vec::with_capacity(count);
    let mut times = Vec::with_capacity(count);
    let mut offers = Vec::with_capacity(count);
    let mut rematches = Vec::with_capacity(count);
    let mut awaited = Vec::with_capacity(count);
    let mut found = Vec::with_capacity(count);
    let mut lines = Vec::with_capacity(count);
    let mut channels = Vec::with_capacity(count);
    let mut told = Vec::with_capacity(count);
    let (mut move_games, mut plies, mut moves, mut move_times) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (place, job) in (1_i64..).zip(jobs) {
        let change = &job.change;
        let update = &change.update;
        keys.push(change.key.0.as_str());
        expected.push(change.expected_version);
        games.push(update.record.game.to_string());
        states.push(update.state.as_str());
        records.push(change.record.as_str());
        deadlines.push(update.deadline.map(arbiter_play::Timestamp::unix));
        times.push(update.now.unix());
        offers.push(crate::offers::write_offers(&update.offers));
        rematches.push(update.rematch.as_ref().map(|k| k.0.as_str()));
        awaited.push(update.awaited);
        found.push(update.conditionals.found);
        lines.push(change.lines.as_deref());
        channels.push(job.channel);
        told.push(job.announcement.as_str());
        let first = ply_column(&change.key, update.moves.from)?;
        for (ply, written) in (first..).zip(&update.moves.moves) {
            move_games.push(place);
            plies.push(ply);
            moves.push(written.text.as_str());
            move_times.push(written.at.map(arbiter_play::Timestamp::unix));
        }
    }
    let rows = sqlx::query_as::<_, (i64, i64, Option<i64>, Option<String>, i64, i64)>(UPDATE_MANY)
        .bind(keys)
        .bind(expected)
        .bind(games)
        .bind(states)
        .bind(records)
        .bind(deadlines)
        .bind(times)
        .bind(offers)
        .bind(rematches)
        .bind(awaited)
        .bind(found)
        .bind(lines)
        .bind(move_games)
        .bind(plies)
        .bind(moves)
        .bind(move_times)
        .bind(channels)
        .bind(told)
        .fetch_all(connection)
        .await?;
    Ok(rows.into_iter().map(|(n, created, creator, invite, _, _)| (n, created, creator, invite)).collect())
}
