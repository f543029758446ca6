//! What every request handler shares.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;

use arbiter_play::{Clock, SystemClock};
use arbiter_store::Store;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use tokio::sync::{Notify, Semaphore};

use crate::cache::GameCache;
use crate::hub::Hub;

/// The server's shared state: the store, the time, the live channels, the
/// bounded pool for the computer's searches, the sign-in limiter.
#[derive(Clone)]
pub struct AppState {
    /// Where everything is kept.
    pub store: Store,
    /// Where "now" comes from (tests set it).
    pub clock: Arc<dyn Clock>,
    /// Who hears of changes.
    pub hub: Hub,
    /// The games loaded lately.
    pub games: Arc<GameCache>,
    /// At most this many searches run at once, each on a blocking thread.
    pub searches: Arc<Semaphore>,
    /// Sign-in attempts per address and name.
    pub sign_ins: Arc<DefaultKeyedRateLimiter<(IpAddr, String)>>,
    /// Sign-in attempts per address, whatever the name (looser: many
    /// people may share an address behind a proxy).
    pub sign_ins_by_address: Arc<DefaultKeyedRateLimiter<IpAddr>>,
    /// Wakes the deadline job when a deadline may have moved closer.
    pub deadlines: Arc<Notify>,
    /// Whether anyone may register.
    pub open_registration: bool,
    /// How mail is sent, if it is.
    pub mailer: Option<Arc<crate::mail::Mailer>>,
}

/// Sign-in attempts an address may make a minute for one name.
pub const SIGN_INS_PER_MINUTE: u32 = 10;

/// Sign-in attempts an address may make a minute, all names together.
pub const SIGN_INS_PER_ADDRESS_PER_MINUTE: u32 = 120;

impl AppState {
    /// The state over `store`, on the system's clock.
    pub fn new(store: Store) -> AppState {
        AppState::with_clock(store, Arc::new(SystemClock))
    }

    /// The state over `store` with the time from `clock`.
    pub fn with_clock(store: Store, clock: Arc<dyn Clock>) -> AppState {
        let searches = std::thread::available_parallelism().map_or(1, |n| n.get()).max(1);
        let quota = Quota::per_minute(NonZeroU32::new(SIGN_INS_PER_MINUTE).unwrap_or(NonZeroU32::MIN));
        let by_address = Quota::per_minute(NonZeroU32::new(SIGN_INS_PER_ADDRESS_PER_MINUTE).unwrap_or(NonZeroU32::MIN));
        AppState {
            store,
            clock,
            hub: Hub::default(),
            games: Arc::new(GameCache::default()),
            searches: Arc::new(Semaphore::new(searches)),
            sign_ins: Arc::new(RateLimiter::keyed(quota)),
            sign_ins_by_address: Arc::new(RateLimiter::keyed(by_address)),
            deadlines: Arc::new(Notify::new()),
            open_registration: true,
            mailer: None,
        }
    }
}
