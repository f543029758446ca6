//! `arbiter serve`: the HTTP and WebSocket interface of the project's API
//! specification, on the play layer. Accounts and sessions, games of every
//! game with computer seats that move by themselves, moves guarded by ply,
//! records, spectators, live updates, deadlines handled by a background
//! job that reads them from the database, and the OpenAPI document.
//!
//! Every address outside `/api` serves the browser client (`client.rs`).
//!
//! [`app`] builds the router over an [`AppState`] (tests build it too);
//! [`serve`] binds, starts the background jobs and drains on SIGTERM.

pub mod admin;
mod auth;
#[doc(hidden)]
pub mod bench;
mod cache;
mod change;
mod chat_hub;
mod client;
pub mod connections;
pub mod cross_site;
mod database_watch;
mod deadline_alarm;
mod error;
mod hashing;
mod hub;
mod jobs;
pub mod limits;
mod lobby;
mod mail;
pub mod mail_in;
mod mailer;
mod metrics;
mod notices;
mod openapi;
mod ratings;
mod routes;
mod searches;
mod sockets;
mod state;
mod table;
mod topics;
mod tournaments;
mod verbs;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use tokio::net::TcpListener;

use crate::table::Table;

pub use error::ApiError;
pub use jobs::deadlines::handle_due;
pub use jobs::sweep::sweep;
pub use jobs::vacations::handle_due as handle_due_vacations;
pub use mail::send_due;
pub use mailer::{Mailer, MailerError};
pub use metrics::count_allocations_with;
pub use openapi::ApiDoc;
pub use routes::positions::answer as answer_position;
pub use state::{AppState, Settings, origin_of};
pub use tournaments::handle_due as handle_due_tournaments;

/// The largest request body (a move, a new game, an account) in bytes.
pub const MAX_BODY: usize = 64 * 1024;

/// How `arbiter serve` is set up.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen (`127.0.0.1:8080`).
    pub listen: String,
    /// The database: `sqlite://arbiter.db` or `postgres://…`.
    pub database: String,
    /// Connections to the database at most (none: the store's default).
    pub database_connections: Option<u32>,
    /// Whether anyone may register.
    pub open_registration: bool,
    /// The SMTP server mail goes through (`smtp://host:port`,
    /// `smtps://user:password@host:port`); none: no mail is sent.
    pub smtp: Option<String>,
    /// The sender of the mails.
    pub mail_from: String,
    /// Where the links in mails point, and the origin of the site's
    /// pages; by default the address listened on.
    pub public_url: Option<String>,
    /// Every limit, and the proxies trusted to say who the client is.
    pub settings: Settings,
    /// The connection limits.
    pub connections: connections::ConnectionLimits,
    /// The address replies to mails about games go to, tokens added, if
    /// moves are taken by mail (needs `smtp`).
    pub mail_in_address: Option<mail_in::MailInAddress>,
    /// Where to listen for LMTP from a local mail server, if anywhere
    /// (needs `mail_in_address`).
    pub lmtp: Option<String>,
}

/// What a server holds once it listens.
#[derive(Clone, Copy, Debug)]
pub struct Listening {
    /// The address bound.
    pub address: SocketAddr,
    /// Connections it holds at most.
    pub max_connections: usize,
    /// The descriptor limit (soft, as raised, and hard).
    pub descriptors: connections::DescriptorLimit,
    /// Connections to the database it opens at most.
    pub database_connections: u32,
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened or migrated.
    #[error("{0}")]
    Store(#[from] arbiter_store::StoreError),
    /// Mail cannot be sent as configured.
    #[error("{0}")]
    Mail(#[from] MailerError),
    /// The address could not be bound.
    #[error("'{address}': cannot listen there: {reason}")]
    Listen {
        /// The address.
        address: String,
        /// Why.
        reason: String,
    },
    /// Moves by mail cannot be taken as configured.
    #[error("{0}")]
    MailIn(&'static str),
}

/// The router over `state`: every path of the API.
pub fn app(state: AppState) -> Router {
    Router::new()
        .merge(routes::accounts::router())
        .merge(routes::guests::router())
        .merge(routes::me::router())
        .merge(routes::password_reset::router())
        .merge(routes::games::router())
        .merge(routes::players::router())
        .merge(routes::ratings::router())
        .merge(routes::tournaments::router())
        .merge(routes::chat::router())
        .merge(routes::offers::router())
        .merge(routes::conditionals::router())
        .merge(routes::vacation::router())
        .merge(routes::notices::router())
        .merge(routes::live::router())
        .merge(routes::service::router())
        .merge(openapi::router())
        .fallback(client::fallback)
        .layer(axum::middleware::from_fn_with_state(state.clone(), cross_site::guard))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(panicked))
        .layer(axum::middleware::from_fn_with_state(state.clone(), routes::metrics::track))
        .with_state(state)
}

/// The answer to a request whose handler panicked: 500 `internal`, with
/// an id that is also in the log.
fn panicked(panic: Box<dyn std::any::Any + Send + 'static>) -> axum::response::Response {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into());
    tracing::error!(panic = %what, "a request's handler panicked");
    axum::response::IntoResponse::into_response(error::ApiError::internal("answering the request"))
}

/// The background jobs of a server, stopped before its store is closed
/// (the PostgreSQL listener holds one of the store's connections).
pub struct Jobs {
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Jobs {
    /// Stops every job.
    pub async fn stop(self) {
        for task in &self.tasks {
            task.abort();
        }
        for task in self.tasks {
            let _ = task.await;
        }
    }
}

/// Starts the background jobs of `state`: the database's watch,
/// deadlines, the computer's
/// searches (and the moves it owed when the server stopped), the lobby's
/// list, the sweep of what expired, mail, and (on PostgreSQL) hearing of
/// the changes other servers make.
pub async fn start_jobs(state: &AppState) -> Jobs {
    let mut tasks = vec![
        tokio::spawn(jobs::deadlines::run(state.clone())),
        tokio::spawn(jobs::database::run(state.clone())),
        tokio::spawn(jobs::lobby::run(state.store.clone(), state.games.clone(), state.lobby.clone())),
        tokio::spawn(jobs::sweep::run(state.clone())),
        tokio::spawn(jobs::standings::fill(state.store.clone())),
        tokio::spawn(jobs::awaited::fill(state.clone())),
        tokio::spawn(jobs::tournaments::run(state.clone())),
        tokio::spawn(jobs::vacations::run(state.clone())),
    ];
    tasks.extend(jobs::computer::start_workers(state));
    if let Some(mailer) = &state.mailer {
        tasks.push(tokio::spawn(mail::run(state.clone(), mailer.clone())));
    }
    jobs::computer::resume(state).await;
    match state.store.listen().await {
        Ok(listener) => tasks.push(tokio::spawn(follow_other_servers(state.clone(), listener))),
        Err(e) => tracing::error!(error = %e, "changes made by other servers and processes will not be heard"),
    }
    Jobs { tasks }
}

/// Hears of the changes made and the sessions ended through other servers
/// on the same database (or, on SQLite, by an administrator's command)
/// and tells this server's listeners.
async fn follow_other_servers(state: AppState, mut listener: arbiter_store::Listener) {
    loop {
        match listener.recv().await {
            Ok(arbiter_store::Heard::Game(key)) => {
                // Mail the change queued goes out from here too.
                mail::wake(&state);
                let before = state.games.get(&key);
                state.games.forget(&key);
                state.lobby.changed();
                if !state.hub.has_listeners(&key) {
                    continue;
                }
                if let Ok(table) = change::load(&state, &key).await {
                    state.hub.publish(with_change_from(&state, before, table));
                }
            }
            Ok(arbiter_store::Heard::Notices(accounts)) => crate::notices::poke(&state, accounts),
            Ok(arbiter_store::Heard::SessionsEnded(ids)) => state.sockets.end_sessions(&ids),
            Ok(arbiter_store::Heard::Chat(key, id)) => match state.store.chat_message(&key, id).await {
                Ok(Some(message)) => state.chat.publish(Arc::new(message)),
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %e, game = %key, "a chat message of another server was not read"),
            },
            Err(e) => {
                tracing::warn!(error = %e, "listening to other servers failed; trying again");
                tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            }
        }
    }
}

/// `after`, a version another server made, with how it was made from
/// `before` (the version this server held, if any) as far as comparing
/// the two tells; kept so that this server's sockets send the small
/// `change` message.
fn with_change_from(state: &AppState, before: Option<Arc<Table>>, after: Arc<Table>) -> Arc<Table> {
    let Some(before) = before.filter(|b| b.stored.version < after.stored.version) else { return after };
    if after.made.is_some() {
        return after;
    }
    let made = table::Made::between(&before, &after);
    let table = Arc::new(Table::new(after.stored.clone(), after.play.clone()).made_by(made));
    state.games.keep(table.clone());
    table
}

/// Serves `state`'s router on `listener` within `limits` until `shutdown`
/// resolves, lets the requests under way finish, then closes every
/// WebSocket saying the server goes away (the tests serve through this
/// too).
pub async fn serve_on(
    listener: TcpListener,
    state: AppState,
    limits: connections::ConnectionLimits,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let counter = state.connections.clone();
    let sockets = state.sockets.clone();
    // Behind a proxy, a stopping server first says so on /readyz (and
    // /healthz) while it
    // still serves, so that the proxy's health checks pass it over before
    // it stops taking connections: a request the proxy would have to send
    // again elsewhere is never made (Debian's Caddy 2.6 sends such a
    // request again without its body).
    let stopping = state.stopping.clone();
    let announce = if state.settings.trusted_proxies.is_empty() { Duration::ZERO } else { STOPPING_ANNOUNCED_FOR };
    let shutdown = async move {
        shutdown.await;
        stopping.store(true, std::sync::atomic::Ordering::SeqCst);
        if !announce.is_zero() {
            tracing::info!(
                seconds = announce.as_secs(),
                "stopping: /readyz answers 503 while the proxy passes this server over"
            );
            tokio::time::sleep(announce).await;
        }
    };
    connections::serve_connections(listener, app(state), limits, counter, shutdown).await?;
    // The WebSockets outlive the requests that opened them: each closes
    // saying the server stops (1001) before the process ends.
    sockets.stop(SOCKETS_CLOSE_WITHIN).await;
    Ok(())
}

/// How long a stopping server waits for its WebSockets to close.
const SOCKETS_CLOSE_WITHIN: std::time::Duration = std::time::Duration::from_secs(5);

/// How long a stopping server behind a proxy answers `/healthz` with 503
/// before it stops taking connections: longer than two of the shipped
/// Caddyfile's health checks (one a second).
const STOPPING_ANNOUNCED_FOR: Duration = Duration::from_secs(3);

/// Opens the database, starts the jobs, raises the descriptor limit,
/// listens on `config.listen`, and serves until SIGTERM or SIGINT, then
/// drains the requests under way. `ready` is told the address bound and
/// how many connections the server holds.
pub async fn serve(config: &Config, ready: impl FnOnce(Listening)) -> Result<(), ServeError> {
    let store = arbiter_store::Store::open_with(&config.database, config.database_connections).await?;
    let mut state = AppState::new(store);
    state.open_registration = config.open_registration;
    let mut settings = config.settings.clone();
    let listener = TcpListener::bind(&config.listen)
        .await
        .map_err(|e| ServeError::Listen { address: config.listen.clone(), reason: e.to_string() })?;
    let address = listener
        .local_addr()
        .map_err(|e| ServeError::Listen { address: config.listen.clone(), reason: e.to_string() })?;
    let public_url = config.public_url.clone().unwrap_or_else(|| format!("http://{address}"));
    settings.public_origin = origin_of(&public_url);
    state.set_settings(settings);
    let mail_in = match (&config.smtp, &config.mail_in_address, &config.lmtp) {
        (None, Some(_), _) => {
            return Err(ServeError::MailIn("--mail-in-address needs --smtp: replies come to mails sent"));
        }
        (_, None, Some(_)) => {
            return Err(ServeError::MailIn("--lmtp needs --mail-in-address: the address replies go to"));
        }
        (_, address, _) => address.clone(),
    };
    if let Some(smtp) = &config.smtp {
        let mut mailer = Mailer::new(smtp, &config.mail_from, &public_url)?;
        if let Some(address) = mail_in.clone() {
            mailer = mailer.taking_moves_at(address);
        }
        state.mailer = Some(Arc::new(mailer));
    }
    let lmtp = match (&config.lmtp, mail_in) {
        (Some(at), Some(address)) => {
            let listener = TcpListener::bind(at)
                .await
                .map_err(|e| ServeError::Listen { address: at.clone(), reason: e.to_string() })?;
            tracing::info!(address = %at, mail_in = %address, "taking mail moves over LMTP");
            Some(tokio::spawn(mail_in::lmtp::serve(listener, state.clone(), address)))
        }
        _ => None,
    };
    let descriptors = connections::raise_descriptor_limit();
    let mut limits = config.connections.clone();
    let max_connections =
        *limits.max_connections.get_or_insert_with(|| connections::connections_for_descriptors(descriptors.soft));
    limits.exempt.extend(state.settings.trusted_proxies.iter().copied());
    let jobs = start_jobs(&state).await;
    let database_connections = state.store.max_connections();
    tracing::info!(
        %address,
        max_connections,
        descriptors = descriptors.soft,
        database_connections,
        mail = state.mailer.is_some(),
        "serving"
    );
    ready(Listening { address, max_connections, descriptors, database_connections });
    let store = state.store.clone();
    serve_on(listener, state, limits, shutdown_signal())
        .await
        .map_err(|e| ServeError::Listen { address: config.listen.clone(), reason: e.to_string() })?;
    if let Some(lmtp) = lmtp {
        lmtp.abort();
    }
    jobs.stop().await;
    store.close().await;
    Ok(())
}

/// Resolves at SIGTERM or SIGINT.
async fn shutdown_signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(term) => term,
            Err(_) => {
                let _ = interrupt.await;
                return;
            }
        };
        tokio::select! {
            _ = interrupt => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = interrupt.await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn body_of(response: axum::response::Response) -> serde_json::Value {
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 16).await.unwrap();
        serde_json::from_slice(&bytes).unwrap()
    }

    #[tokio::test]
    async fn a_panicked_handler_answers_500_with_an_id() {
        let response = panicked(Box::new("index out of bounds"));
        assert_eq!(response.status(), axum::http::StatusCode::INTERNAL_SERVER_ERROR);
        let body = body_of(response).await;
        assert_eq!(body["error"]["code"], "internal");
        assert!(body["error"]["message"].as_str().unwrap().contains("the error's id is "), "{body}");
    }

    #[tokio::test]
    async fn a_panicked_task_answers_500_never_400() {
        let joined = tokio::task::spawn_blocking(|| -> u32 { panic!("a fault in a rules engine") }).await;
        let error = ApiError::task_failed("making the change", joined.unwrap_err());
        let response = axum::response::IntoResponse::into_response(error);
        assert_eq!(response.status(), axum::http::StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(body_of(response).await["error"]["code"], "internal");
    }
}
