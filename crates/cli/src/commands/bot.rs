//! `arbiter bot`: connects an engine that speaks the engine protocol to a
//! server, as a bot account. It follows the account's personal channel
//! (`GET /api/me/live`) and, at start, at every message there and every
//! `--poll` seconds besides, looks at its games and invitations: it
//! accepts invitations to the games it plays while it plays fewer than
//! `--max-games`, declines invitations to other games, and plays its move
//! wherever one is awaited. It keeps going when the server restarts (it
//! tries again, waiting longer each time) and when the engine dies (it is
//! started again). One line on standard error for each thing it does.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use arbiter_api::{GameSummary, GameView, Me, PersonalMessage, SeatKind};
use arbiter_games::GameId;
use arbiter_play::{Clock, SystemClock, Timestamp};
use clap::Args;
use futures_util::StreamExt;
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::{Method, Request, StatusCode};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};
use tokio::sync::Notify;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use super::bot_engine::{Engine, EngineCommand};
use crate::logging::{LogFormat, start_log};

/// How long a refused move (or an engine that failed on a position) is
/// left before the bot tries that game's ply again.
const RETRY_REFUSED: Duration = Duration::from_secs(60);

/// The longest wait between attempts to reach the server.
const MOST_BACKOFF: Duration = Duration::from_secs(30);

/// How long one request to the server may take, answer included.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// The longest search the bot asks for, whatever the time left.
const MOST_MOVETIME: Duration = Duration::from_secs(60);

/// `arbiter bot` options.
#[derive(Args, Debug)]
pub struct BotArgs {
    /// The server, as `https://host` or `http://host:port`.
    #[arg(long, env = "ARBITER_BOT_SERVER")]
    server: String,
    /// A PEM file of certificate authorities to trust besides the
    /// system's (a server whose certificate a private authority signed).
    #[arg(long, env = "ARBITER_BOT_CA")]
    ca: Option<std::path::PathBuf>,
    /// A session token of the bot's account (sent as `Authorization:
    /// Bearer`); better given in ARBITER_BOT_TOKEN than on the command line.
    #[arg(long, env = "ARBITER_BOT_TOKEN", hide_env_values = true)]
    token: String,
    /// The engine: a program and its arguments, separated by spaces, that
    /// speaks the engine protocol. Default: this program's own `engine`.
    #[arg(long)]
    engine: Option<String>,
    /// The games it accepts invitations to, separated by commas.
    #[arg(long, value_delimiter = ',', default_value = "agog,sage,ogama,scg")]
    games: Vec<String>,
    /// Invitations are accepted only while it plays fewer games than this
    /// (games going on or waiting for players).
    #[arg(long, default_value_t = 4)]
    max_games: usize,
    /// The level it asks its engine for (`go level N`), 1 to 10.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=10))]
    level: u8,
    /// Seconds between looks at its games when the personal channel says
    /// nothing (a fallback for a message missed).
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
    poll: u64,
    /// How the log is written on standard error: `text` or `json`.
    #[arg(long, env = "ARBITER_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
}

/// Runs the bot until it is interrupted (or its token is refused).
pub fn run(args: &BotArgs) -> Result<()> {
    start_log(args.log_format);
    let base = args.server.trim_end_matches('/').to_string();
    if !base.starts_with("http://") && !base.starts_with("https://") {
        bail!("'{base}': the server is an address such as https://play.example.org or http://127.0.0.1:8080");
    }
    let tls = Arc::new(tls_config(args.ca.as_deref())?);
    let mut games = BTreeSet::new();
    for name in &args.games {
        let game = GameId::parse(name.trim()).map_err(|e| anyhow!("'--games': {e}"))?;
        games.insert(game.as_str().to_string());
    }
    let engine = match &args.engine {
        Some(text) => EngineCommand::parse(text)?,
        None => EngineCommand::own()?,
    };
    let bridge = Bridge {
        http: http_client(&tls),
        base,
        token: args.token.clone(),
        games,
        max_games: args.max_games,
        level: args.level,
        engine: Engine::new(engine),
        name: None,
        refused: HashMap::new(),
        waiting: HashSet::new(),
        tls,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(bridge.run(Duration::from_secs(args.poll)))
}

/// A failure to reach the server, or an answer the bot cannot go on with.
#[derive(Debug)]
enum Trouble {
    /// The server did not answer, or answered 5xx: try again later.
    Unreachable(String),
    /// The token is not valid (401): nothing more to do.
    SignedOut(String),
}

/// What the bot knows and holds.
struct Bridge {
    http: HttpClient,
    base: String,
    token: String,
    games: BTreeSet<String>,
    max_games: usize,
    level: u8,
    engine: Engine,
    /// The account's name, once known.
    name: Option<String>,
    /// Game and ply of a move refused (or not found), with when to try
    /// again.
    refused: HashMap<(String, u64), Instant>,
    /// Invitations left for later (to log them once).
    waiting: HashSet<String>,
    /// How it speaks TLS to an `https://` server (and `wss://`).
    tls: Arc<rustls::ClientConfig>,
}

impl Bridge {
    async fn run(mut self, poll: Duration) -> Result<()> {
        let wake = Arc::new(Notify::new());
        let channel =
            tokio::spawn(follow_channel(self.base.clone(), self.token.clone(), self.tls.clone(), wake.clone()));
        let mut backoff = Duration::from_secs(1);
        let result = loop {
            match self.look().await {
                Ok(()) => backoff = Duration::from_secs(1),
                Err(Trouble::SignedOut(why)) => {
                    break Err(anyhow!("the server refuses the token ({why}): sign in again"));
                }
                Err(Trouble::Unreachable(why)) => {
                    tracing::warn!(error = %why, retry_in = ?backoff, "server unreachable; trying again");
                    tokio::select! {
                        () = tokio::time::sleep(backoff) => {}
                        _ = tokio::signal::ctrl_c() => break Ok(()),
                    }
                    backoff = (backoff * 2).min(MOST_BACKOFF);
                    continue;
                }
            }
            tokio::select! {
                () = wake.notified() => {}
                () = tokio::time::sleep(poll) => {}
                _ = tokio::signal::ctrl_c() => break Ok(()),
            }
        };
        channel.abort();
        self.engine.stop().await;
        tracing::info!("bot stopped");
        result
    }

    /// Sends a request: the answer's status and JSON body.
    async fn call(&self, method: Method, path: &str, body: Option<Value>) -> Result<(StatusCode, Value), Trouble> {
        let unreachable = |e: &dyn std::fmt::Display| Trouble::Unreachable(format!("{path}: {e}"));
        let mut request = Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base))
            .header("authorization", format!("Bearer {}", self.token));
        let bytes = match body {
            Some(body) => {
                request = request.header("content-type", "application/json");
                Bytes::from(body.to_string())
            }
            None => Bytes::new(),
        };
        let request = request.body(Full::new(bytes)).map_err(|e| unreachable(&e))?;
        let exchange = async {
            let answer = self.http.request(request).await.map_err(|e| unreachable(&error_chain(&e)))?;
            let status = answer.status();
            let body = answer.into_body().collect().await.map_err(|e| unreachable(&e))?.to_bytes();
            Ok::<_, Trouble>((status, body))
        };
        let (status, text) = tokio::time::timeout(REQUEST_TIMEOUT, exchange)
            .await
            .map_err(|_| unreachable(&format!("no answer within {} s", REQUEST_TIMEOUT.as_secs())))??;
        let value = serde_json::from_slice(&text).unwrap_or(Value::Null);
        if status == StatusCode::UNAUTHORIZED {
            return Err(Trouble::SignedOut(error_text(&value)));
        }
        if status.is_server_error() || status == StatusCode::TOO_MANY_REQUESTS {
            return Err(Trouble::Unreachable(format!("{path}: {status} {}", error_text(&value))));
        }
        Ok((status, value))
    }

    /// A successful GET's answer as `T`.
    async fn get<T: serde::de::DeserializeOwned>(&self, path: &str) -> Result<T, Trouble> {
        let (status, value) = self.call(Method::GET, path, None).await?;
        if !status.is_success() {
            return Err(Trouble::Unreachable(format!("{path}: {status} {}", error_text(&value))));
        }
        serde_json::from_value(value)
            .map_err(|e| Trouble::Unreachable(format!("{path}: an answer not understood: {e}")))
    }

    /// Looks at the account's invitations and games, and does what is to
    /// be done.
    async fn look(&mut self) -> Result<(), Trouble> {
        let me: Me = self.get("/api/me").await?;
        if self.name.as_deref() != Some(me.name.as_str()) {
            tracing::info!(account = %me.name, bot = me.bot, server = %self.base, "signed in");
            if !me.bot {
                tracing::warn!(account = %me.name, "not a bot account: POST /api/me/bot makes an account with no games one");
            }
            self.name = Some(me.name.clone());
        }
        let mut playing = 0;
        for state in ["active", "open"] {
            let list: Vec<GameSummary> = self.get(&format!("/api/games?mine=true&state={state}&limit=100")).await?;
            playing += list.len();
        }
        let invited: Vec<GameSummary> = self.get("/api/games?invited=true&limit=100").await?;
        for game in invited {
            let Some(seat) = game.seats.iter().find(|s| {
                s.kind == SeatKind::Invited && s.name.as_deref().is_some_and(|n| n.eq_ignore_ascii_case(&me.name))
            }) else {
                continue;
            };
            let path = format!("/api/games/{}/seats/{}", game.id, seat.seat);
            if !self.games.contains(&game.game) {
                let (status, answer) = self.call(Method::POST, &format!("{path}/decline"), None).await?;
                if status.is_success() {
                    tracing::info!(game = %game.id, kind = %game.game, "declined invitation: a game this bot does not play");
                } else {
                    tracing::warn!(game = %game.id, status = %status, error = %error_text(&answer), "invitation not declined");
                }
                continue;
            }
            if playing >= self.max_games {
                if self.waiting.insert(game.id.clone()) {
                    tracing::info!(game = %game.id, playing, max_games = self.max_games, "invitation left for later: enough games");
                }
                continue;
            }
            let (status, answer) = self.call(Method::POST, &path, Some(Value::Null)).await?;
            if status.is_success() {
                self.waiting.remove(&game.id);
                playing += 1;
                tracing::info!(game = %game.id, kind = %game.game, seat = %seat.seat, "accepted invitation");
            } else {
                tracing::warn!(game = %game.id, status = %status, error = %error_text(&answer), "invitation not accepted");
            }
        }
        let active: Vec<GameSummary> = self.get("/api/games?mine=true&state=active&limit=100").await?;
        let now = Instant::now();
        self.refused.retain(|_, until| *until > now);
        for game in active {
            let mine = game.seats.iter().find(|s| {
                matches!(s.kind, SeatKind::Bot | SeatKind::Human)
                    && s.name.as_deref().is_some_and(|n| n.eq_ignore_ascii_case(&me.name))
            });
            if mine.is_some_and(|s| game.to_move.contains(&s.seat)) {
                self.play(&game.id).await?;
            }
        }
        Ok(())
    }

    /// Plays the bot's move in the game `id`, if one is awaited from it.
    async fn play(&mut self, id: &str) -> Result<(), Trouble> {
        let view: GameView = self.get(&format!("/api/games/{id}")).await?;
        let Some(seat) = view.you.first().cloned() else { return Ok(()) };
        if view.status.state != "ongoing" || !view.to_move.contains(&seat) {
            return Ok(());
        }
        if view.scg.as_ref().is_some_and(|s| s.my_play.is_some()) {
            return Ok(());
        }
        let key = (id.to_string(), view.ply);
        if self.refused.contains_key(&key) {
            return Ok(());
        }
        let movetime = view.deadline.as_deref().and_then(|d| Timestamp::parse(d).ok()).map(|deadline| {
            let left = deadline.since(SystemClock.now()).max(0) as u64;
            (Duration::from_secs(left) / 4).clamp(Duration::from_millis(100), MOST_MOVETIME)
        });
        let mut found = self.search(&view, &seat, movetime).await;
        // An engine that died on the way is started again and asked again
        // from the start, once.
        if let Err((e, true)) = &found {
            tracing::warn!(game = %id, error = %format!("{e:#}"), "the engine stopped; starting it again to ask once more");
            found = self.search(&view, &seat, movetime).await;
        }
        let mv = match found {
            Ok(mv) => mv,
            Err((e, _)) => {
                tracing::warn!(game = %id, ply = view.ply, error = %format!("{e:#}"), retry_in = ?RETRY_REFUSED, "no move from the engine");
                self.refused.insert(key, Instant::now() + RETRY_REFUSED);
                return Ok(());
            }
        };
        let body = json!({"move": mv, "ply": view.ply});
        let (status, answer) = self.call(Method::POST, &format!("/api/games/{id}/moves"), Some(body)).await?;
        if status.is_success() {
            tracing::info!(game = %id, ply = view.ply, seat = %seat, mv = %mv, "move played");
        } else if status == StatusCode::CONFLICT {
            tracing::info!(game = %id, ply = view.ply, error = %error_text(&answer), "the game moved on; looking again later");
        } else {
            tracing::warn!(game = %id, ply = view.ply, mv = %mv, status = %status, error = %error_text(&answer),
                retry_in = ?RETRY_REFUSED, "move refused");
            self.refused.insert(key, Instant::now() + RETRY_REFUSED);
        }
        Ok(())
    }

    /// Asks the engine for the move of `seat` in the position of `view`;
    /// a failure says whether the engine stopped on the way (and is worth
    /// asking again).
    async fn search(
        &mut self,
        view: &GameView,
        seat: &str,
        movetime: Option<Duration>,
    ) -> Result<String, (anyhow::Error, bool)> {
        let mut started = None;
        let asked = self.search_once(view, seat, movetime, &mut started).await;
        asked.map_err(|e| {
            let stopped = !self.engine.is_running() || started.is_some_and(|s| self.engine.starts() != s);
            (e, stopped)
        })
    }

    /// The exchange of [`Bridge::search`]; `started` is set to the
    /// engine's count of starts once it has the game.
    async fn search_once(
        &mut self,
        view: &GameView,
        seat: &str,
        movetime: Option<Duration>,
        started: &mut Option<u64>,
    ) -> Result<String> {
        let mut game = vec![format!("game {}", view.game)];
        if let Some(variant) = &view.variant {
            game.push(format!("variant={variant}"));
        }
        for (key, value) in &view.options {
            let text = match value {
                Value::Bool(true) => "on".to_string(),
                Value::Bool(false) => "off".to_string(),
                Value::String(s) => s.clone(),
                Value::Null => continue,
                other => other.to_string(),
            };
            if !text.is_empty() && !text.contains(char::is_whitespace) {
                game.push(format!("{key}={text}"));
            }
        }
        self.engine.ask(&game.join(" "), None).await?;
        *started = Some(self.engine.starts());
        self.engine.ask(&format!("position {}", view.position), None).await?;
        let mut go = String::from("go");
        if view.scg.is_some() {
            go.push_str(&format!(" as {seat}"));
        }
        go.push_str(&format!(" level {}", self.level));
        if let Some(movetime) = movetime {
            go.push_str(&format!(" movetime {}", movetime.as_millis()));
        }
        let within = movetime.unwrap_or(MOST_MOVETIME) + Duration::from_secs(60);
        let mv = self.engine.ask(&go, Some(within)).await?;
        if mv.is_empty() {
            bail!("'{go}': the engine answered no move");
        }
        Ok(mv)
    }
}

/// The message of an error answer, or its JSON.
fn error_text(value: &Value) -> String {
    value["error"]["message"].as_str().map_or_else(|| value.to_string(), str::to_string)
}

/// Follows the personal channel, waking the bot at every message and at
/// every new connection; connects again (waiting longer each time, up to
/// 30 s) whenever the connection fails or ends.
async fn follow_channel(base: String, token: String, tls: Arc<rustls::ClientConfig>, wake: Arc<Notify>) {
    let url = format!("ws{}/api/me/live", base.strip_prefix("http").unwrap_or(&base));
    let mut backoff = Duration::from_secs(1);
    let mut connected_before = false;
    loop {
        let request = url.as_str().into_client_request().map(|mut r| {
            if let Ok(value) = format!("Bearer {token}").parse() {
                r.headers_mut().insert("authorization", value);
            }
            r
        });
        let connected = match request {
            Ok(request) => {
                let connector = tokio_tungstenite::Connector::Rustls(tls.clone());
                tokio_tungstenite::connect_async_tls_with_config(request, None, false, Some(connector))
                    .await
                    .map_err(|e| e.to_string())
            }
            Err(e) => Err(e.to_string()),
        };
        match connected {
            Ok((mut socket, _)) => {
                if connected_before {
                    tracing::info!(url = %url, "reconnected to the personal channel");
                } else {
                    tracing::info!(url = %url, "connected to the personal channel");
                }
                connected_before = true;
                backoff = Duration::from_secs(1);
                wake.notify_one();
                while let Some(message) = socket.next().await {
                    let Ok(message) = message else { break };
                    let Ok(text) = message.to_text() else { continue };
                    match serde_json::from_str::<PersonalMessage>(text) {
                        Ok(PersonalMessage::Notice { notice }) => {
                            tracing::debug!(kind = %notice.kind, game = %notice.game, "notice");
                            wake.notify_one();
                        }
                        Ok(PersonalMessage::Counts { .. }) => wake.notify_one(),
                        Err(_) => {}
                    }
                }
                tracing::warn!(retry_in = ?backoff, "the personal channel closed; connecting again");
            }
            Err(e) => tracing::warn!(error = %e, retry_in = ?backoff, "personal channel unreachable; trying again"),
        }
        tokio::time::sleep(backoff).await;
        backoff = (backoff * 2).min(MOST_BACKOFF);
    }
}

/// The TLS the bot speaks to an `https://` server: the system's
/// certificate authorities (Debian's `ca-certificates`), and those of
/// `ca`, a PEM file, if given.
fn tls_config(ca: Option<&std::path::Path>) -> Result<rustls::ClientConfig> {
    use rustls_pki_types::CertificateDer;
    use rustls_pki_types::pem::PemObject;
    let mut roots = rustls::RootCertStore::empty();
    let native = rustls_native_certs::load_native_certs();
    let (added, _) = roots.add_parsable_certificates(native.certs);
    if let Some(path) = ca {
        let shown = path.display();
        let mut found = 0;
        for cert in CertificateDer::pem_file_iter(path).map_err(|e| anyhow!("'{shown}': {e}"))? {
            let cert = cert.map_err(|e| anyhow!("'{shown}': not a PEM certificate: {e}"))?;
            roots.add(cert).map_err(|e| anyhow!("'{shown}': {e}"))?;
            found += 1;
        }
        if found == 0 {
            bail!("'{shown}': no PEM certificate in it (a CERTIFICATE block is expected)");
        }
    } else if added == 0 {
        tracing::warn!("no certificate authorities found on this system: https servers will be refused");
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    Ok(rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .context("TLS")?
        .with_root_certificates(roots)
        .with_no_client_auth())
}

/// The bot's HTTP client: HTTP/1.1, plain for `http://` and TLS (with
/// `tls`) for `https://`.
type HttpClient = Client<hyper_rustls::HttpsConnector<HttpConnector>, Full<Bytes>>;

/// Makes the HTTP client, speaking TLS with `tls` to an `https://` server.
fn http_client(tls: &Arc<rustls::ClientConfig>) -> HttpClient {
    let connector = hyper_rustls::HttpsConnectorBuilder::new()
        .with_tls_config((**tls).clone())
        .https_or_http()
        .enable_http1()
        .build();
    Client::builder(TokioExecutor::new()).build(connector)
}

/// An error with its causes, `outer: inner: …` (a connection error's
/// cause is what says why: refused, certificate not trusted, …).
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        text.push_str(": ");
        text.push_str(&inner.to_string());
        cause = inner.source();
    }
    text
}
