//! Backups taken while games are played restore to a database on which a
//! server starts and every game loads and is played on.
//!
//! SQLite: `arbiter backup` copies the live file; the copy passes `PRAGMA
//! integrity_check`. PostgreSQL: the drill of docs/OPERATING.md, `pg_dump
//! --format=custom` of the live database and `pg_restore` into an empty
//! one. In both, each game in the copy holds a beginning of the game as
//! played: every move acknowledged before the backup began, at its ply,
//! and none acknowledged after it ended (those are, of course, not
//! there); a server started on the copy loads every game and takes a
//! move in each one still on.
//!
//! `SERVE_BACKUP_GAMES` sets how many games are played (40 by default),
//! `FAULT_IN_FLIGHT` how many turns at most at once (docs/PERFORMANCE.md
//! gives the figures of 1,000 games, 64 at once).

use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crate::support_server::players::{Playing, TwoPlayerGame, create_games, play};
use crate::support_server::{Server, TestDatabase};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// How long play goes on before the backup is taken.
const BEFORE: Duration = Duration::from_secs(1);

fn games_played() -> usize {
    std::env::var("SERVE_BACKUP_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(40)
}

/// A PostgreSQL client tool (`pg_dump`, `pg_restore`): on the `PATH`, or
/// the newest of Debian's `/usr/lib/postgresql/*/bin`.
fn postgres_tool(name: &str) -> PathBuf {
    if Command::new(name).arg("--version").output().is_ok_and(|o| o.status.success()) {
        return PathBuf::from(name);
    }
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|version| version.path().join("bin").join(name))
        .filter(|path| path.exists())
        .collect();
    found.sort_by_key(|path| {
        path.components().nth(4).and_then(|c| c.as_os_str().to_str()?.parse::<u32>().ok()).unwrap_or(0)
    });
    found.pop().unwrap_or_else(|| panic!("{name} is not installed (PostgreSQL's client tools)"))
}

/// Runs `command`, which must succeed; its standard output.
fn run(command: &mut Command) -> String {
    let out = command.output().unwrap_or_else(|e| panic!("{command:?}: {e}"));
    assert!(
        out.status.success(),
        "{command:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// How the backup of one database kind is made.
enum Copy {
    /// `arbiter backup` of this SQLite file into this one.
    Sqlite { source: String, copy: PathBuf },
    /// `pg_dump` of this database, `pg_restore` into this one.
    Postgres { source: String, copy: TestDatabase, dump: PathBuf },
}

impl Copy {
    /// Makes the copy; its URL.
    fn make(&self) -> String {
        match self {
            Copy::Sqlite { source, copy } => {
                let out = run(Command::new(env!("CARGO_BIN_EXE_arbiter"))
                    .args(["backup", "--json", "--database", source])
                    .arg(copy)
                    .env_remove("ARBITER_DATABASE"));
                let report: Value = serde_json::from_str(&out).unwrap();
                assert!(report["games"].as_i64().unwrap() > 0, "{report}");
                format!("sqlite://{}", copy.display())
            }
            Copy::Postgres { source, copy, dump } => {
                run(Command::new(postgres_tool("pg_dump")).arg("--format=custom").arg("--file").arg(dump).arg(source));
                run(Command::new(postgres_tool("pg_restore")).arg("--dbname").arg(&copy.url).arg(dump));
                copy.url.clone()
            }
        }
    }
}

async fn a_backup_taken_under_play_restores(kind: &str, source: &str, copy: Copy) {
    // As many games as a run asks for may be made from one account.
    let server = Server::start_with(
        source,
        &["--limit-games-per-account", "100000/hour", "--limit-games-per-address", "100000/hour"],
    )
    .await;
    let ann = server.account("ann").await;
    let bo = server.account("bo").await;
    let count = games_played();
    let games = create_games(&server, &ann, &bo, count).await;
    let server = Arc::new(server);
    let playing = Playing::from_env();
    let tasks: Vec<_> =
        games.iter().map(|game| tokio::spawn(play(server.api.clone(), game.clone(), playing.clone()))).collect();
    tokio::time::sleep(BEFORE).await;

    let began = Instant::now();
    let acked_before = playing.acked();
    // The copy is kept (a PostgreSQL one is dropped with it) to the end.
    let (url, _copy) = tokio::task::spawn_blocking(move || (copy.make(), copy)).await.unwrap();
    let ended = Instant::now();
    let acked_during = playing.acked() - acked_before;
    tokio::time::sleep(Duration::from_millis(500)).await;
    playing.stop.store(true, Ordering::SeqCst);
    let mut told = Vec::with_capacity(count);
    for task in tasks {
        told.push(tokio::time::timeout(Duration::from_secs(60), task).await.expect("a player ends").unwrap());
    }
    for (game, t) in games.iter().zip(&told) {
        assert!(t.unexpected.is_empty(), "{}: {:#?}", game.id, t.unexpected);
        assert!(t.answers.iter().all(|a| a.status.is_success()), "{}: {:#?}", game.id, t.answers);
    }

    let restored = Server::start(&url).await;
    let mut in_copy = 0;
    let mut went_on = 0;
    for (game, t) in games.iter().zip(&told) {
        let view = restored.view(&game.id, None).await;
        in_copy += check_copy(game, t, &view, began, ended);
        if view["status"]["state"] == "ongoing" {
            play_one(&restored, game, &view).await;
            went_on += 1;
        }
    }
    let acked: usize = told.iter().map(|t| t.answers.len()).sum();
    eprintln!(
        "{kind}: a backup of {count} games under play took {:?}; {acked_before} moves acknowledged before it began, \
         {acked_during} while it was made, {acked} in all; the copy holds {in_copy}; a server on it loaded every \
         game and took a move in {went_on}",
        ended - began
    );
}

/// Checks that `view`, `game` in the copy, holds a beginning of the game
/// as played: every move acknowledged before `began` at its ply, and
/// none acknowledged after `ended`. The moves it holds.
fn check_copy(
    game: &TwoPlayerGame,
    told: &crate::support_server::players::Told,
    view: &Value,
    began: Instant,
    ended: Instant,
) -> usize {
    let id = &game.id;
    let moves = view["moves"].as_array().unwrap_or_else(|| panic!("{id}: {view}"));
    let must = told.answers.iter().filter(|a| a.at < began).count();
    let may = told.answers.iter().filter(|a| a.at <= ended).count();
    assert!(
        moves.len() >= must && moves.len() <= may + 1,
        "{id}: {} moves in the copy, {must} to {may} expected",
        moves.len()
    );
    for answer in told.answers.iter().take(moves.len()) {
        assert_eq!(
            moves[answer.ply as usize],
            answer.mv.as_str(),
            "{id}: the copy differs at ply {}: {view}",
            answer.ply
        );
    }
    moves.len()
}

/// Plays a legal move of whoever is to move in `view` of `game` on
/// `server`, which must take it.
async fn play_one(server: &Server, game: &TwoPlayerGame, view: &Value) {
    let id = &game.id;
    let token = &game.tokens[view["to_move"][0].as_str().unwrap()];
    let mine = server.view(id, Some(token)).await;
    let mv = &mine["legal"][0]["move"];
    let (status, after) =
        server.post(&format!("/api/games/{id}/moves"), Some(token), json!({"move": mv, "ply": mine["ply"]})).await;
    assert_eq!(status, StatusCode::OK, "{id}: a move on the restored copy: {after}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_sqlite_backup_taken_under_play_restores() {
    let _one = crate::one_at_a_time().await;
    let db = TestDatabase::sqlite();
    let folder = tempfile::tempdir().unwrap();
    let copy = Copy::Sqlite { source: db.url.clone(), copy: folder.path().join("copy.db") };
    a_backup_taken_under_play_restores("sqlite", &db.url, copy).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_postgres_dump_taken_under_play_restores() {
    let _one = crate::one_at_a_time().await;
    let Some(db) = TestDatabase::postgres("this command-line test").await else { return };
    let Some(copy) = TestDatabase::postgres("this command-line test").await else { return };
    let folder = tempfile::tempdir().unwrap();
    let copy = Copy::Postgres { source: db.url.clone(), copy, dump: folder.path().join("arbiter.dump") };
    a_backup_taken_under_play_restores("postgres", &db.url, copy).await;
}
