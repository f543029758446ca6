//! `arbiter bot`: connects an engine that speaks the engine protocol to a
//! server, as a bot account. It follows the account's personal channel
//! (`GET /api/me/live`) and, at start, at every message there and every
//! `--poll` seconds besides, looks at its games and invitations: it
//! accepts invitations to the games it plays while it plays fewer than
//! `--max-games`, declines invitations to other games, and plays its move
//! wherever one is awaited. It keeps going when the server restarts (it
//! tries again after a random wait whose ceiling grows each time, so that
//! many bots do not knock together) and when the engine dies (it is
//! started again). One line on standard error for each thing it does.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow, bail};
use arbiter_api::{GameSummary, GameView, Me, SeatKind};
use arbiter_games::GameId;
use arbiter_play::{Clock, SystemClock, Timestamp};
use clap::Args;
use hyper::{Method, StatusCode};
use serde_json::{Value, json};
use tokio::sync::Notify;

use super::backoff::Backoff;
use super::bot_engine::{Engine, EngineCommand};
use super::bot_server::{Server, Trouble, error_text, follow_channel};
use crate::logging::{LogFormat, start_log};

/// How long a refused move (or an engine that failed on a position) is
/// left before the bot tries that game's ply again.
const RETRY_REFUSED: Duration = Duration::from_secs(60);

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
    /// Seconds the personal channel may say nothing, not even the server's
    /// ping, before the bot takes the connection for dead and connects
    /// again: more than twice the server's `--socket-ping`.
    #[arg(long, default_value_t = 150, value_parser = clap::value_parser!(u64).range(2..=3600))]
    channel_silence: u64,
    /// How the log is written on standard error: `text` or `json`.
    #[arg(long, env = "ARBITER_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
}

/// Runs the bot until it is interrupted (or its token is refused).
pub fn run(args: &BotArgs) -> Result<()> {
    start_log(args.log_format);
    let server = Arc::new(Server::new(&args.server, args.token.clone(), args.ca.as_deref())?);
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
        server,
        games,
        max_games: args.max_games,
        level: args.level,
        engine: Engine::new(engine),
        name: None,
        refused: HashMap::new(),
        waiting: HashSet::new(),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(bridge.run(Duration::from_secs(args.poll), Duration::from_secs(args.channel_silence)))
}

/// What the bot knows and holds.
struct Bridge {
    server: Arc<Server>,
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
}

impl Bridge {
    async fn run(mut self, poll: Duration, channel_silence: Duration) -> Result<()> {
        let wake = Arc::new(Notify::new());
        let channel = tokio::spawn(follow_channel(self.server.clone(), wake.clone(), channel_silence));
        let mut backoff = Backoff::new();
        let result = loop {
            match self.look().await {
                Ok(()) => backoff.reset(),
                Err(Trouble::SignedOut(why)) => {
                    break Err(anyhow!("the server refuses the token ({why}): sign in again"));
                }
                Err(Trouble::Unreachable(why)) => {
                    let pause = backoff.next_delay();
                    tracing::warn!(error = %why, retry_in = ?pause, "server unreachable; trying again");
                    tokio::select! {
                        () = tokio::time::sleep(pause) => {}
                        _ = tokio::signal::ctrl_c() => break Ok(()),
                    }
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

    /// Looks at the account's invitations and games, and does what is to
    /// be done.
    async fn look(&mut self) -> Result<(), Trouble> {
        let me: Me = self.server.get("/api/me").await?;
        if self.name.as_deref() != Some(me.name.as_str()) {
            tracing::info!(account = %me.name, bot = me.bot, server = %self.server.base, "signed in");
            if !me.bot {
                tracing::warn!(account = %me.name, "not a bot account: POST /api/me/bot makes an account with no games one");
            }
            self.name = Some(me.name.clone());
        }
        let mut playing = 0;
        for state in ["active", "open"] {
            let list: Vec<GameSummary> =
                self.server.get(&format!("/api/games?mine=true&state={state}&limit=100")).await?;
            playing += list.len();
        }
        let invited: Vec<GameSummary> = self.server.get("/api/games?invited=true&limit=100").await?;
        for game in invited {
            let Some(seat) = game.seats.iter().find(|s| {
                s.kind == SeatKind::Invited && s.name.as_deref().is_some_and(|n| n.eq_ignore_ascii_case(&me.name))
            }) else {
                continue;
            };
            let path = format!("/api/games/{}/seats/{}", game.id, seat.seat);
            if !self.games.contains(&game.game) {
                let (status, answer) = self.server.call(Method::POST, &format!("{path}/decline"), None).await?;
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
            let (status, answer) = self.server.call(Method::POST, &path, Some(Value::Null)).await?;
            if status.is_success() {
                self.waiting.remove(&game.id);
                playing += 1;
                tracing::info!(game = %game.id, kind = %game.game, seat = %seat.seat, "accepted invitation");
            } else {
                tracing::warn!(game = %game.id, status = %status, error = %error_text(&answer), "invitation not accepted");
            }
        }
        let active: Vec<GameSummary> = self.server.get("/api/games?mine=true&state=active&limit=100").await?;
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
        let view: GameView = self.server.get(&format!("/api/games/{id}")).await?;
        let Some(seat) = view.you.first().cloned() else { return Ok(()) };
        if view.status.state != "ongoing" || !view.to_move.contains(&seat) {
            return Ok(());
        }
        if view.rounds.as_ref().is_some_and(|s| s.my_play.is_some()) {
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
        let (status, answer) = self.server.call(Method::POST, &format!("/api/games/{id}/moves"), Some(body)).await?;
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
        if view.rounds.is_some() {
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
