//! Two `arbiter serve` on one PostgreSQL database behind Debian's Caddy
//! (the shipped deploy/Caddyfile, over plain HTTP on loopback) are
//! replaced one after the other while games are played through Caddy:
//! each gets SIGTERM, exits 0, and is started again (as an upgrade would
//! start the new build), once the other answers. No acknowledged move is
//! lost, none is applied twice, the players get no error at all (Caddy
//! passes a request over to the server still running), and every
//! spectator's socket is closed by the server going away, reconnects
//! through Caddy to a live server, and catches up with its game as stored.
//!
//! Caddy is installed by .ci/run; where it is missing the test says so,
//! and passes only outside CI.

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::support_server::players::{Playing, check_stored, create_games, play};
use crate::support_server::{ApiClient, Server, TestDatabase, free_port};
use futures_util::StreamExt;
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

/// Games played at once.
const GAMES: usize = 16;
/// Games watched by a spectator each.
const WATCHED: usize = 6;
/// How long play goes on before the first replacement, between the two
/// and after the second.
const BETWEEN: Duration = Duration::from_secs(2);

/// Caddy in front of the servers, killed when dropped.
struct Caddy {
    child: Child,
    _folder: tempfile::TempDir,
}

impl Caddy {
    /// Starts Caddy on `port` of 127.0.0.1 with deploy/Caddyfile's site
    /// block, passing to `upstreams`; `None` if Caddy is not installed.
    fn start(port: u16, upstreams: &str) -> Option<Caddy> {
        if Command::new("caddy").arg("version").output().is_err() {
            return None;
        }
        let folder = tempfile::tempdir().unwrap();
        let site = concat!(env!("CARGO_MANIFEST_DIR"), "/../../deploy/Caddyfile");
        let config = folder.path().join("Caddyfile");
        std::fs::write(
            &config,
            format!(
                "{{\n\tadmin off\n\tdefault_bind 127.0.0.1\n\tauto_https off\n\thttp_port {port}\n}}\nimport {site}\n"
            ),
        )
        .unwrap();
        let log = std::fs::File::create(folder.path().join("caddy.log")).unwrap();
        let child = Command::new("caddy")
            .args(["run", "--adapter", "caddyfile", "--config"])
            .arg(&config)
            .env("HOME", folder.path())
            .env("XDG_DATA_HOME", folder.path())
            .env("XDG_CONFIG_HOME", folder.path())
            .env("ARBITER_SITE", format!("http://127.0.0.1:{port}"))
            .env("ARBITER_UPSTREAM", upstreams)
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .expect("caddy starts");
        Some(Caddy { child, _folder: folder })
    }
}

impl Drop for Caddy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            let log = std::fs::read_to_string(self._folder.path().join("caddy.log")).unwrap_or_default();
            eprintln!("--- Caddy's log ---\n{log}--- end of Caddy's log ---");
        }
    }
}

/// What a spectator saw.
#[derive(Debug, Default)]
struct Watched {
    /// The last ply its socket showed.
    ply: u64,
    /// Times its socket was closed and opened again.
    reconnects: usize,
}

/// Watches the game `id` through `client` until `stop`, reconnecting
/// (after a pause of 100–500 ms, as the browser does) whenever the socket
/// ends.
async fn spectate(client: ApiClient, id: String, stop: Arc<AtomicBool>, ply_now: Arc<AtomicUsize>) -> Watched {
    let mut watched = Watched::default();
    let mut attempt = 0u64;
    while !stop.load(Ordering::SeqCst) {
        if let Ok((mut socket, _)) = tokio_tungstenite::connect_async(client.ws(&format!("/api/games/{id}/live"))).await
        {
            loop {
                let next = tokio::time::timeout(Duration::from_millis(200), socket.next()).await;
                match next {
                    Err(_) if stop.load(Ordering::SeqCst) => return watched,
                    Err(_) => continue,
                    Ok(Some(Ok(Message::Text(text)))) => {
                        let message: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                        if let Some(ply) = message["view"]["ply"].as_u64().or_else(|| message["ply"].as_u64()) {
                            watched.ply = ply;
                            ply_now.store(usize::try_from(ply).unwrap(), Ordering::SeqCst);
                        }
                    }
                    Ok(Some(Ok(_))) => {}
                    Ok(Some(Err(_)) | None) => break,
                }
            }
        }
        watched.reconnects += 1;
        attempt += 1;
        tokio::time::sleep(Duration::from_millis(100 + (attempt * 137 + id.len() as u64 * 71) % 400)).await;
    }
    watched
}

/// Stops `server` with SIGTERM (it must exit 0) and starts it again at
/// `port` on `database` with `args`.
async fn replace(server: Server, port: u16, database: &str, args: &[&str]) -> (Server, Duration) {
    let began = Instant::now();
    let code = server.terminate(Duration::from_secs(30));
    assert_eq!(code, Some(0), "a server exits 0 on SIGTERM:\n{}", server.log_text());
    drop(server);
    let started = Server::start_at(database, port, args).await;
    (started, began.elapsed())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_replaced_one_after_the_other_behind_caddy_lose_nothing() {
    let _one = crate::one_at_a_time().await;
    let Some(db) = TestDatabase::postgres("this command-line test").await else { return };
    let (port_one, port_two, port_caddy) = (free_port(), free_port(), free_port());
    let args = ["--trusted-proxy", "127.0.0.1/32"];
    let one = Server::start_at(&db.url, port_one, &args).await;
    let two = Server::start_at(&db.url, port_two, &args).await;
    let Some(_caddy) = Caddy::start(port_caddy, &format!("127.0.0.1:{port_one} 127.0.0.1:{port_two}")) else {
        assert!(std::env::var_os("CI").is_none(), "caddy is not installed: .ci/run installs it");
        eprintln!("skipped: caddy is not installed");
        return;
    };
    let site = ApiClient::new(format!("http://127.0.0.1:{port_caddy}"), Duration::from_secs(30));
    let healthy = Instant::now();
    while !matches!(site.try_call(reqwest::Method::GET, "/healthz", None, None).await, Ok((reqwest::StatusCode::OK, _)))
    {
        assert!(healthy.elapsed() < Duration::from_secs(20), "Caddy did not pass /healthz on");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let ann = site.account("ann").await;
    let bo = site.account("bo").await;
    let games = create_games(&site, &ann, &bo, GAMES).await;
    let stop = Arc::new(AtomicBool::new(false));
    let spectators: Vec<_> = games
        .iter()
        .take(WATCHED)
        .map(|game| {
            let ply = Arc::new(AtomicUsize::new(0));
            tokio::spawn(spectate(site.clone(), game.id.clone(), stop.clone(), ply))
        })
        .collect();
    let playing = Playing::new();
    let players: Vec<_> =
        games.iter().map(|game| tokio::spawn(play(site.clone(), game.clone(), playing.clone()))).collect();

    tokio::time::sleep(BETWEEN).await;
    let before = playing.acked();
    let (_one, took_one) = replace(one, port_one, &db.url, &args).await;
    tokio::time::sleep(BETWEEN).await;
    let between = playing.acked();
    let (_two, took_two) = replace(two, port_two, &db.url, &args).await;
    tokio::time::sleep(BETWEEN).await;
    let after = playing.acked();
    playing.stop.store(true, Ordering::SeqCst);
    let mut told = Vec::with_capacity(GAMES);
    for player in players {
        told.push(tokio::time::timeout(Duration::from_secs(60), player).await.expect("a player ends").unwrap());
    }

    let mut stored = 0;
    for (game, t) in games.iter().zip(&told) {
        assert!(t.unexpected.is_empty(), "{}: {:#?}", game.id, t.unexpected);
        let errors: Vec<_> = t.answers.iter().filter(|a| !a.status.is_success()).collect();
        assert!(errors.is_empty(), "{}: a player was answered an error: {errors:#?}", game.id);
        stored += check_stored(game, t, &site.view(&game.id, None).await, 0);
    }
    // Each spectator catches up with its game as stored.
    let caught = Instant::now();
    let stored_plies: Vec<u64> =
        futures_util::future::join_all(games.iter().take(WATCHED).map(|g| site.view(&g.id, None)))
            .await
            .iter()
            .map(|v| v["ply"].as_u64().unwrap())
            .collect();
    tokio::time::sleep(Duration::from_secs(2)).await;
    stop.store(true, Ordering::SeqCst);
    let mut reconnects = 0;
    for ((game, spectator), ply) in games.iter().zip(spectators).zip(stored_plies) {
        let watched =
            tokio::time::timeout(Duration::from_secs(30), spectator).await.expect("a spectator ends").unwrap();
        assert_eq!(watched.ply, ply, "{}: the spectator caught up with the game as stored", game.id);
        assert!(watched.reconnects >= 1, "{}: the server going away closed the spectator's socket", game.id);
        reconnects += watched.reconnects;
    }
    eprintln!(
        "two servers behind Caddy, replaced in {took_one:?} and {took_two:?}: {before} moves before, {} between, \
         {} after; {stored} stored, every answer 2xx, lost 0, applied twice 0; {WATCHED} spectators reconnected \
         {reconnects} times and caught up (checked {:?} after play stopped)",
        between - before,
        after - between,
        caught.elapsed()
    );
}
