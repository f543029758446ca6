//! The disk fills under a running `arbiter serve` on SQLite, and is freed
//! again: no acknowledged move is lost, none is applied twice, and the
//! server takes moves again by itself.
//!
//! The database lives on a tmpfs of a few megabytes that the test mounts
//! (it needs root; where `mount` is refused the test says so and passes
//! only outside CI). Games are played by tasks that record every answer:
//! a move refused with 503 is sent again, with the same ply, after the
//! `Retry-After` the server asked for (shortened), until it is answered.
//! Meanwhile a file fills the disk, stays for a few seconds, and is
//! removed. While the disk is full, moves get 503 with a message that
//! says so and `Retry-After`; reads go on; a registration with a mail
//! address is refused whole (no account, no mail) or made whole. Once
//! freed, moves and mail go on without a restart. Afterwards the database passes `PRAGMA
//! integrity_check`, and the server, started again, holds every move
//! answered 2xx exactly at its ply, and nothing a 503 refused beyond it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crate::support_server::Server;
use crate::support_server::players::{Playing, check_stored, create_games_of, play};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::Connection;

/// How large the filesystem is.
const FILESYSTEM: &str = "size=16m";
/// Games played at once.
const GAMES: usize = 12;
/// The least time between two moves of a game.
const PACE: Duration = Duration::from_millis(40);
/// How long play goes on before the disk fills, while it is full, and
/// after it is freed.
const BEFORE: Duration = Duration::from_secs(2);
const FULL: Duration = Duration::from_secs(4);
const AFTER: Duration = Duration::from_secs(4);
/// How long moves may still be taken once the disk is full (into the
/// room SQLite's files have).
const UNTIL_REFUSED: Duration = Duration::from_secs(60);

/// A tmpfs mounted on a temporary folder, unmounted when dropped.
struct Tmpfs {
    folder: tempfile::TempDir,
}

impl Tmpfs {
    /// Mounts a tmpfs of `options` on a new temporary folder, or says why
    /// it cannot.
    fn mount(options: &str) -> Result<Tmpfs, String> {
        let folder = tempfile::tempdir().map_err(|e| e.to_string())?;
        let out = Command::new("mount")
            .args(["-t", "tmpfs", "-o", options, "tmpfs"])
            .arg(folder.path())
            .output()
            .map_err(|e| format!("mount cannot run: {e}"))?;
        if !out.status.success() {
            return Err(format!("mount -t tmpfs was refused: {}", String::from_utf8_lossy(&out.stderr).trim()));
        }
        Ok(Tmpfs { folder })
    }

    fn path(&self) -> &Path {
        self.folder.path()
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(self.folder.path()).status();
    }
}

/// Writes a file at `path` until the filesystem has no room left; its
/// size.
fn fill(path: &Path) -> u64 {
    let mut file = std::fs::File::create(path).unwrap();
    let chunk = vec![0x55u8; 64 * 1024];
    let mut written = 0u64;
    for size in [chunk.len(), 4096, 512, 1] {
        while file.write_all(&chunk[..size]).is_ok() {
            written += size as u64;
        }
    }
    let _ = file.sync_all();
    written
}

/// `PRAGMA integrity_check` of the SQLite file at `path`.
async fn integrity(path: &Path) -> String {
    let url = format!("sqlite://{}", path.display());
    let mut c = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let verdict: String = sqlx::query_scalar("PRAGMA integrity_check").fetch_one(&mut c).await.unwrap();
    c.close().await.unwrap();
    verdict
}

/// Registers `name` with a mail address: the status and the answer.
async fn register(server: &Server, name: &str) -> (StatusCode, Value) {
    let body =
        json!({"name": name, "password": crate::support_server::PASSWORD, "email": format!("{name}@example.org")});
    server.call(reqwest::Method::POST, "/api/accounts", None, Some(body)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_refuses_moves_loses_none_and_is_got_over_without_a_restart() {
    let _one = crate::one_at_a_time().await;
    let disk = match Tmpfs::mount(FILESYSTEM) {
        Ok(disk) => disk,
        Err(why) if std::env::var_os("CI").is_none() => {
            eprintln!("skipped: {why} (this test mounts a tmpfs, as root)");
            return;
        }
        Err(why) => panic!("{why}: this test mounts a tmpfs, as root, and CI runs it"),
    };
    let database: PathBuf = disk.path().join("arbiter.db");
    let url = format!("sqlite://{}", database.display());
    let smtp = crate::support_server::SmtpListener::default();
    let smtp_url = smtp.start().await;
    let args = ["--smtp", smtp_url.as_str(), "--limit-registrations-per-address", "1000/hour"];
    let server = Server::start_with(&url, &args).await;
    let ann = server.account("ann").await;
    let bo = server.account("bo").await;
    // Games of Sage Tafl, at a bounded pace: they last longer than the
    // test, however fast the machine (515 plies at 25 a second at most).
    let games = create_games_of(&server, &ann, &bo, GAMES, &["sage"]).await;

    let server = Arc::new(server);
    let playing = Playing::paced(PACE);
    let tasks: Vec<_> =
        games.iter().map(|game| tokio::spawn(play(server.api.clone(), game.clone(), playing.clone()))).collect();
    tokio::time::sleep(BEFORE).await;
    let acks_before = playing.acked();

    let filler = disk.path().join("filler");
    let filled = tokio::task::spawn_blocking({
        let filler = filler.clone();
        move || fill(&filler)
    })
    .await
    .unwrap();
    // SQLite writes into the room its files have first: the disk is full
    // for it once a file must grow.
    let filled_at = Instant::now();
    while playing.refused() == 0 {
        assert!(
            filled_at.elapsed() < UNTIL_REFUSED,
            "no move was refused within {UNTIL_REFUSED:?} of the disk filling"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let full_at = Instant::now();
    // A registration queues a mail with the account: while the disk is
    // full it is refused whole, or (if SQLite's files still had the room
    // for it) made whole.
    let (registered_while_full, answer) = register(&server, "cy").await;
    assert!(
        registered_while_full == StatusCode::CREATED
            || (registered_while_full == StatusCode::SERVICE_UNAVAILABLE
                && answer["error"]["message"].as_str().unwrap_or_default().contains("disk is full")),
        "a registration while the disk is full: {registered_while_full} {answer}"
    );
    let (status, listed) = server.get("/api/games?mine=true", Some(&ann)).await;
    assert_eq!(status, StatusCode::OK, "lists are read while the disk is full: {listed}");
    tokio::time::sleep(FULL.saturating_sub(full_at.elapsed())).await;
    let acks_full = playing.acked();

    std::fs::remove_file(&filler).unwrap();
    let freed_at = Instant::now();
    let mut first_ack_after: Option<Duration> = None;
    while freed_at.elapsed() < AFTER {
        if first_ack_after.is_none() && playing.acked() > acks_full {
            first_ack_after = Some(freed_at.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    if registered_while_full != StatusCode::CREATED {
        let (status, made) = register(&server, "cy").await;
        assert_eq!(status, StatusCode::CREATED, "the name refused while the disk was full is free: {made}");
    }
    playing.stop.store(true, Ordering::SeqCst);
    let mut told = Vec::new();
    for task in tasks {
        told.push(tokio::time::timeout(Duration::from_secs(30), task).await.expect("a task ends").unwrap());
    }
    let (status, signed) = server
        .call(
            reqwest::Method::POST,
            "/api/sessions",
            None,
            Some(json!({"name": "cy", "password": crate::support_server::PASSWORD})),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "the account answered 201 is there: {signed}");
    let mail_deadline = Instant::now() + Duration::from_secs(20);
    while !smtp.received().iter().any(|m| m.to.contains("cy@example.org")) {
        assert!(Instant::now() < mail_deadline, "the verification mail of the account made beside a full disk");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    for (game, t) in games.iter().zip(&told) {
        assert!(t.unexpected.is_empty(), "{}: {:#?}", game.id, t.unexpected);
    }
    let answers = || told.iter().flat_map(|t| &t.answers);
    let acked = answers().filter(|a| a.status.is_success()).count();
    let refused: Vec<_> = answers().filter(|a| a.status == StatusCode::SERVICE_UNAVAILABLE).collect();
    let said_full = refused.iter().filter(|a| a.message.contains("disk is full") && a.retry_after.is_some()).count();
    let after_freed = answers().filter(|a| a.status.is_success() && a.at > freed_at).count();
    let reads: usize = told.iter().map(|t| t.reads_while_refused).sum();
    let conflicts: usize = told.iter().map(|t| t.stored_though_refused().count()).sum();
    let last_refused = refused.iter().map(|a| a.at).max();
    eprintln!(
        "sqlite on a {FILESYSTEM} tmpfs: {acks_before} moves before the disk filled ({filled} bytes of filler), \
         the first refused {:?} after, {} while full, {after_freed} after it was freed (the first {first_ack_after:?} after, the last refusal \
         {:?} after); {} answers 503, {said_full} of them saying the disk is full with Retry-After; \
         {reads} reads answered while moves were refused; {conflicts} refused moves found stored; {acked} acknowledged",
        full_at - filled_at,
        acks_full - acks_before,
        last_refused.map(|at| at.saturating_duration_since(freed_at)),
        refused.len()
    );
    assert!(acks_before > 0, "moves were played before the disk filled");
    assert!(
        !refused.is_empty() && said_full == refused.len(),
        "every move refused said the disk is full: {said_full}/{}",
        refused.len()
    );
    assert!(reads > 0, "reads went on while moves were refused");
    assert!(after_freed > 0, "moves were taken again after the disk was freed, without a restart");

    let terminated = server.terminate(Duration::from_secs(20));
    assert_eq!(terminated, Some(0), "the server stops cleanly:\n{}", server.log_text());
    assert_eq!(integrity(&database).await, "ok", "the database is whole");
    drop(server);

    let server = Server::start(&url).await;
    let mut stored_total = 0;
    for (game, t) in games.iter().zip(&told) {
        // One move at a time per game, each answered before the stop.
        stored_total += check_stored(game, t, &server.view(&game.id, None).await, 0);
    }
    eprintln!("after a restart: {stored_total} moves stored, every acknowledged one at its ply, none twice");
}
