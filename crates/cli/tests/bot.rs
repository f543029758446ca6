//! `arbiter bot` against a real `arbiter serve` (the built binary, on a
//! SQLite file of the test's own): bot accounts made with `POST
//! /api/me/bot`, each played by an `arbiter bot` process whose engine is
//! `arbiter engine` at level 3. A person invites them and plays a whole
//! game of every turn-based game (a seeded random legal move each turn);
//! two bots and the person play a game of Single Capture Go to its end;
//! a bot finishes its game after the server was killed and started again
//! on the same database, and after its engine died; an invitation to a
//! game the bot does not play is declined; a personal channel gone silent
//! is connected again.
//!
//! Everything is bounded: a game that does not end in time fails the test
//! with the bots' logs, never hangs it.

mod support_server;

use std::fs::File;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support_server::{ApiClient, Server, free_port};

/// How long all the games of a test may take.
const GAMES_WITHIN: Duration = Duration::from_secs(150);

/// A running `arbiter bot`, killed when dropped; its log printed if the
/// test fails.
struct Bot {
    child: Child,
    log: PathBuf,
    name: String,
}

impl Bot {
    fn start(server: &str, token: &str, name: &str, dir: &tempfile::TempDir, extra: &[&str]) -> Bot {
        let log = dir.path().join(format!("bot-{name}.log"));
        let out = File::create(&log).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["bot", "--server", server, "--level", "3", "--poll", "2"])
            .args(extra)
            .env("ARBITER_BOT_TOKEN", token)
            .env("ARBITER_LOG", "info")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(out)
            .spawn()
            .expect("arbiter bot starts");
        Bot { child, log, name: name.to_string() }
    }

    fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            eprintln!("--- log of the bot {} ---\n{}--- end of log ---", self.name, self.log_text());
        }
    }
}

/// A new account made a bot's: its token.
async fn bot_account(api: &ApiClient, name: &str) -> String {
    let token = api.account(name).await;
    let (status, me) = api.post("/api/me/bot", Some(&token), json!(null)).await;
    assert_eq!((status, me["bot"].as_bool()), (StatusCode::OK, Some(true)), "{me}");
    token
}

/// Plays the person's moves (a seeded random legal one whenever one is
/// awaited from them) in every game of `ids` until all are over, or fails
/// after `within`. The games' last views.
async fn play_to_the_end(api: &ApiClient, person: &str, ids: &[String], within: Duration, seed: u64) -> Vec<Value> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let started = Instant::now();
    let mut last: Vec<Value> = vec![Value::Null; ids.len()];
    loop {
        let mut all_over = true;
        for (i, id) in ids.iter().enumerate() {
            if last[i]["status"]["state"] == "over" {
                continue;
            }
            let (status, view) = api.get(&format!("/api/games/{id}"), Some(person)).await;
            assert_eq!(status, StatusCode::OK, "{view}");
            last[i] = view.clone();
            let state = view["status"]["state"].as_str().unwrap_or_default();
            if state == "over" || state == "aborted" {
                continue;
            }
            all_over = false;
            let mine = view["you"][0].as_str().unwrap_or_default();
            let awaited =
                view["to_move"].as_array().unwrap().iter().any(|s| s == mine) && view["rounds"]["my_play"].is_null();
            let Some(legal) = view["legal"].as_array().filter(|l| !l.is_empty() && awaited) else { continue };
            let mv = legal[rng.random_range(0..legal.len())]["move"].as_str().unwrap().to_string();
            let (status, answer) = api
                .post(&format!("/api/games/{id}/moves"), Some(person), json!({"move": mv, "ply": view["ply"]}))
                .await;
            assert!(
                status == StatusCode::OK || status == StatusCode::CONFLICT,
                "{id}: the person's move {mv} at ply {}: {status} {answer}",
                view["ply"]
            );
        }
        if all_over {
            return last;
        }
        assert!(
            started.elapsed() < within,
            "the games did not end within {within:?}; they stand at:\n{}",
            last.iter()
                .map(|v| format!("{} {} ply {} to move {}", v["id"], v["game"], v["ply"], v["to_move"]))
                .collect::<Vec<_>>()
                .join("\n")
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Creates a game and answers its id.
async fn create(api: &ApiClient, token: &str, body: Value) -> String {
    let made = api.create(token, body).await;
    made["id"].as_str().unwrap_or_else(|| panic!("a game: {made}")).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_play_every_game_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("bots.db").display());
    let server = Server::start(&database).await;
    let ann = server.account("ann").await;
    let rob = bot_account(&server, "rob").await;
    let pia = bot_account(&server, "pia").await;
    let _rob = Bot::start(&server.base, &rob, "rob", &dir, &["--max-games", "8"]);
    let _pia = Bot::start(&server.base, &pia, "pia", &dir, &["--games", "scg", "--max-games", "2"]);

    let mut ids = Vec::new();
    for (game, extra) in [
        ("agog", json!({})),
        ("agog", json!({"variant": "classic"})),
        ("sage", json!({})),
        ("ogama", json!({"seed": 5})),
    ] {
        let mut body = json!({"game": game, "seats": [{"account": "me"}, {"account": "rob"}]});
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        ids.push(create(&server, &ann, body).await);
    }
    // Single Capture Go: the person and both bots, each round closed as
    // soon as every play is in; `@` squares blocked, so that the game
    // ends within 36 rounds.
    ids.push(
        create(
            &server,
            &ann,
            json!({"game": "scg", "seats": [{"account": "rob"}, {"account": "me"}, {"account": "pia"}],
                "at_blocked": true, "clock": {"round_hours": 1, "close_early": true}}),
        )
        .await,
    );
    // pia plays Single Capture Go only: another game's invitation is
    // declined, and its seat waits, declined, for its creator.
    let declined =
        create(&server, &ann, json!({"game": "sage", "seats": [{"account": "me"}, {"account": "pia"}]})).await;

    let views = play_to_the_end(&server, &ann, &ids, GAMES_WITHIN, 7).await;
    for view in &views {
        assert_eq!(view["status"]["state"], "over", "{view}");
        let kinds: Vec<&str> = view["seats"].as_array().unwrap().iter().map(|s| s["kind"].as_str().unwrap()).collect();
        assert!(kinds.contains(&"bot") && kinds.contains(&"human"), "{kinds:?}");
    }
    let scg = views.last().unwrap();
    assert!(scg["ply"].as_u64().unwrap() > 1, "rounds were played: {scg}");
    let view = server.view(&declined, Some(&ann)).await;
    assert_eq!(view["seats"][1]["kind"], "declined", "declined, the seat waits for its creator: {view}");
    let log = _pia.log_text();
    assert!(log.contains("declined invitation"), "{log}");
    let log = _rob.log_text();
    assert!(log.contains("accepted invitation") && log.contains("move played"), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_survives_a_server_restart_and_its_engine_dying() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("restart.db").display());
    let port = free_port();
    let server = Server::start_at(&database, port, &[]).await;
    let ann = server.account("ann").await;
    let rob = bot_account(&server, "rob").await;
    // An engine that quits after a few commands: the bot starts it again.
    let script = dir.path().join("short-lived-engine.sh");
    std::fs::write(
        &script,
        format!(
            "n=0\nwhile [ $n -lt 7 ] && IFS= read -r line; do n=$((n + 1)); printf '%s\\n' \"$line\"; done | {} engine\n",
            env!("CARGO_BIN_EXE_arbiter")
        ),
    )
    .unwrap();
    let engine = format!("sh {}", script.display());
    let bot = Bot::start(&server.base, &rob, "rob", &dir, &["--engine", &engine]);
    let id = create(&server, &ann, json!({"game": "sage", "seats": [{"account": "me"}, {"account": "rob"}]})).await;

    // A few moves, then the server is killed mid-game.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let started = Instant::now();
    loop {
        let view = server.view(&id, Some(&ann)).await;
        assert!(started.elapsed() < Duration::from_secs(60), "the game did not get going: {view}");
        if view["ply"].as_u64().unwrap() >= 6 {
            break;
        }
        if view["status"]["state"] == "ongoing" && view["to_move"] == view["you"] {
            let legal = view["legal"].as_array().unwrap();
            let mv = legal[rng.random_range(0..legal.len())]["move"].clone();
            server.post(&format!("/api/games/{id}/moves"), Some(&ann), json!({"move": mv, "ply": view["ply"]})).await;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    server.kill();
    drop(server);
    tokio::time::sleep(Duration::from_secs(2)).await;
    let server = Server::start_at(&database, port, &[]).await;
    let views = play_to_the_end(&server, &ann, std::slice::from_ref(&id), GAMES_WITHIN, 11).await;
    assert_eq!(views[0]["status"]["state"], "over", "{}", views[0]);
    let log = bot.log_text();
    assert!(log.contains("server unreachable") || log.contains("personal channel"), "{log}");
    assert!(log.contains("reconnected to the personal channel"), "{log}");
    assert!(log.matches("engine started").count() >= 2, "restarted: {log}");
    assert!(!log.contains("no move from the engine"), "an engine that died is asked again at once: {log}");
}

/// A personal channel that says nothing, not even the server's ping, is
/// taken for dead after `--channel-silence` seconds and connected again;
/// one the server pings often enough is kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_personal_channel_is_connected_again() {
    let dir = tempfile::tempdir().unwrap();
    // A server that pings its sockets once an hour: the channel is silent.
    let database = format!("sqlite://{}", dir.path().join("silent.db").display());
    let silent = Server::start_at(&database, free_port(), &["--socket-ping", "1h"]).await;
    let rob = bot_account(&silent, "rob").await;
    let bot = Bot::start(&silent.base, &rob, "rob", &dir, &["--channel-silence", "2"]);
    // One that pings every second.
    let database = format!("sqlite://{}", dir.path().join("pinging.db").display());
    let pinging = Server::start_at(&database, free_port(), &["--socket-ping", "1s"]).await;
    let sam = bot_account(&pinging, "sam").await;
    let kept = Bot::start(&pinging.base, &sam, "sam", &dir, &["--channel-silence", "3"]);

    let started = Instant::now();
    while bot.log_text().matches("reconnected to the personal channel").count() < 2 {
        assert!(started.elapsed() < Duration::from_secs(30), "not connected again twice within 30 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let log = bot.log_text();
    assert!(log.matches("the personal channel went silent").count() >= 2, "{log}");
    // By now the pinged channel has lived at least 6 s, twice its silence.
    tokio::time::sleep(Duration::from_secs(6).saturating_sub(started.elapsed())).await;
    let log = kept.log_text();
    // One line in all that says "connected", "reconnected" included.
    assert_eq!(log.matches("connected to the personal channel").count(), 1, "{log}");
    assert!(!log.contains("went silent") && !log.contains("closed"), "{log}");
}

/// What `arbiter bot` cannot use is refused at start, naming it: a server
/// that is not http(s), a `--ca` file that is missing or holds no
/// certificate, a level out of range.
#[test]
fn a_bot_refuses_what_it_cannot_use_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let not_pem = dir.path().join("not-a-ca.pem");
    std::fs::write(&not_pem, "this is not a certificate\n").unwrap();
    let missing = dir.path().join("missing.pem");
    let cases: Vec<(Vec<String>, String)> = vec![
        (vec!["--server".into(), "ftp://127.0.0.1:21".into()], "'ftp://127.0.0.1:21': the server is an address".into()),
        (
            vec!["--server".into(), "https://localhost:1".into(), "--ca".into(), missing.display().to_string()],
            format!("'{}'", missing.display()),
        ),
        (
            vec!["--server".into(), "https://localhost:1".into(), "--ca".into(), not_pem.display().to_string()],
            format!("'{}': no PEM certificate in it", not_pem.display()),
        ),
        (vec!["--server".into(), "http://127.0.0.1:1".into(), "--level".into(), "11".into()], "--level".into()),
    ];
    for (args, expected) in cases {
        let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .arg("bot")
            .args(&args)
            .env("ARBITER_BOT_TOKEN", "some-token")
            .stdin(Stdio::null())
            .output()
            .expect("arbiter bot runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} was accepted");
        assert!(stderr.contains(&expected), "{args:?}: expected {expected:?} in: {stderr}");
    }
}
