//! What every request handler shares.

use std::sync::Arc;

use arbiter_play::{Clock, SystemClock};
use arbiter_store::Store;
use ipnet::IpNet;

use crate::cache::GameCache;
use crate::hashing::Hasher;
use crate::hub::Hub;
use crate::limits::{Guards, Limits};
use crate::lobby::LobbyFeed;
use crate::searches::Searches;
use crate::sockets::Sockets;

/// How a server is set up beyond its database: its limits, the proxies it
/// trusts, the origin of its pages.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// Every limit.
    pub limits: Limits,
    /// Peers that may say who the client is (`X-Forwarded-For`).
    pub trusted_proxies: Vec<IpNet>,
    /// The origin the site's pages are served from (`https://arbiter.example`),
    /// from `--public-url`; cookie requests that change something must come
    /// from it or from the request's own host.
    pub public_origin: Option<String>,
    /// A bearer token that reads `GET /metrics` from anywhere (without
    /// it, only requests from this machine through no proxy may).
    pub metrics_token: Option<String>,
}

impl Settings {
    /// Whether the session cookie is `Secure` (the site is served over
    /// HTTPS).
    pub fn secure_cookie(&self) -> bool {
        self.public_origin.as_deref().is_some_and(|o| o.starts_with("https://"))
    }
}

/// The origin (`scheme://host[:port]`) of `url`, if it has one.
pub fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split(['/', '?', '#']).next().filter(|h| !h.is_empty())?;
    Some(format!("{}://{}", scheme.to_ascii_lowercase(), host.to_ascii_lowercase()))
}

/// The server's shared state: the store, the time, the live channels, the
/// computer's scheduler, the limiters.
#[derive(Clone)]
pub struct AppState {
    /// Where everything is kept.
    pub store: Store,
    /// Where "now" comes from (tests set it).
    pub clock: Arc<dyn Clock>,
    /// Who hears of changes.
    pub hub: Hub,
    /// Who hears of chat messages.
    pub chat: crate::chat_hub::ChatHub,
    /// The personal channels on this server, by account.
    pub personal: crate::topics::PersonalHub,
    /// The games loaded lately.
    pub games: Arc<GameCache>,
    /// The computer's searches, in turn between accounts.
    pub searches: Searches,
    /// Password hashing, bounded.
    pub hasher: Hasher,
    /// The limiters.
    pub guards: Arc<Guards>,
    /// The open WebSockets.
    pub sockets: Sockets,
    /// The lobby's list of open games.
    pub lobby: LobbyFeed,
    /// Limits and what the server trusts.
    pub settings: Arc<Settings>,
    /// Wakes the deadline job when a change brings a deadline closer.
    pub deadlines: Arc<crate::deadline_alarm::DeadlineAlarm>,
    /// Whether anyone may register.
    pub open_registration: bool,
    /// How mail is sent, if it is.
    pub mailer: Option<Arc<crate::mailer::Mailer>>,
    /// The connections open.
    pub connections: crate::connections::Counter,
    /// What `GET /metrics` reports.
    pub metrics: Arc<crate::metrics::Metrics>,
    /// Whether the database answers, as last asked (`GET /api/service`).
    pub database: Arc<crate::database_watch::DatabaseWatch>,
    /// Set once the server is stopping: `/healthz` answers 503.
    pub stopping: Arc<std::sync::atomic::AtomicBool>,
}

impl AppState {
    /// The state over `store`, on the system's clock, with the default
    /// settings.
    pub fn new(store: Store) -> AppState {
        AppState::with_clock(store, Arc::new(SystemClock))
    }

    /// The state over `store` with the time from `clock`.
    pub fn with_clock(store: Store, clock: Arc<dyn Clock>) -> AppState {
        let settings = Settings::default();
        let limits = &settings.limits;
        AppState {
            store,
            clock,
            hub: Hub::default(),
            chat: crate::chat_hub::ChatHub::default(),
            personal: crate::topics::PersonalHub::new(16),
            games: Arc::new(GameCache::default()),
            searches: Searches::new(limits.searches, limits.searches_per_account),
            hasher: Hasher::new(limits.hashes_at_once, limits.hash_queue),
            guards: Arc::new(Guards::new(limits)),
            sockets: Sockets::new(limits.sockets_per_account, limits.sockets_per_address),
            lobby: LobbyFeed::default(),
            settings: Arc::new(settings),
            deadlines: Arc::default(),
            open_registration: true,
            mailer: None,
            connections: crate::connections::Counter::default(),
            metrics: Arc::default(),
            database: Arc::default(),
            stopping: Arc::default(),
        }
    }

    /// The moment before which a session unused since has ended.
    pub fn sessions_unused_since(&self) -> arbiter_play::Timestamp {
        let lifetime = i64::try_from(self.settings.limits.session_lifetime.as_secs()).unwrap_or(i64::MAX);
        arbiter_play::Timestamp::from_unix(self.clock.now().unix().saturating_sub(lifetime))
    }

    /// Sets up the server with `settings`: its limiters, hashing, sockets
    /// and scheduler made afresh from them. Before the jobs start.
    pub fn set_settings(&mut self, settings: Settings) {
        let limits = &settings.limits;
        self.searches = Searches::new(limits.searches, limits.searches_per_account);
        self.hasher = Hasher::new(limits.hashes_at_once, limits.hash_queue);
        self.guards = Arc::new(Guards::new(limits));
        self.sockets = Sockets::new(limits.sockets_per_account, limits.sockets_per_address);
        self.settings = Arc::new(settings);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_of_urls() {
        assert_eq!(origin_of("https://Arbiter.example/path?q").as_deref(), Some("https://arbiter.example"));
        assert_eq!(origin_of("http://127.0.0.1:8080").as_deref(), Some("http://127.0.0.1:8080"));
        assert_eq!(origin_of("arbiter.example"), None);
        assert_eq!(origin_of("https:///x"), None);
        let settings = Settings { public_origin: origin_of("https://a.example"), ..Settings::default() };
        assert!(settings.secure_cookie());
        assert!(!Settings::default().secure_cookie());
    }
}
