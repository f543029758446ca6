//! The WebSockets this server holds: how many each account and each
//! address has open (each capped), for each signed-in socket a signal
//! that its session ended (signed out, revoked, a password changed, unused
//! for too long), so that the socket closes at once and acts for nobody,
//! and for every socket a signal that the server is stopping, so that it
//! closes saying so before the process ends.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use arbiter_store::{AccountId, SessionId};
use tokio::sync::watch;

use crate::error::ApiError;
use crate::limits::{AddressKey, too_many};

/// The open sockets.
#[derive(Clone)]
pub struct Sockets {
    inner: Arc<Mutex<Open>>,
    per_account: usize,
    per_address: usize,
    /// Told `true` when the server stops.
    stopping: Arc<watch::Sender<bool>>,
}

#[derive(Default)]
struct Open {
    all: usize,
    by_account: HashMap<AccountId, usize>,
    by_address: HashMap<AddressKey, usize>,
    /// For each session with sockets: told `true` when it ends.
    sessions: HashMap<SessionId, watch::Sender<bool>>,
}

/// Who opens a socket.
#[derive(Clone, Copy, Debug)]
pub struct Opener {
    /// The account and session, if signed in.
    pub session: Option<(AccountId, SessionId)>,
    /// Where from.
    pub address: AddressKey,
}

/// An open socket, counted until dropped.
pub struct Ticket {
    sockets: Sockets,
    opener: Opener,
    ended: Option<watch::Receiver<bool>>,
    stopping: watch::Receiver<bool>,
}

/// Why a socket must close.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Its session ended.
    Session,
    /// The server is stopping.
    Server,
}

impl Sockets {
    /// No sockets yet; each account may hold `per_account` and each
    /// address `per_address`.
    pub fn new(per_account: usize, per_address: usize) -> Sockets {
        Sockets {
            inner: Arc::default(),
            per_account: per_account.max(1),
            per_address: per_address.max(1),
            stopping: Arc::new(watch::channel(false).0),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Open> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts a socket of `opener`, or refuses it (429) when the account or
    /// address holds as many as it may.
    pub fn open(&self, opener: Opener) -> Result<Ticket, ApiError> {
        let mut open = self.lock();
        let of_address = open.by_address.get(&opener.address).copied().unwrap_or(0);
        if of_address >= self.per_address {
            return Err(too_many(
                &format!("your address has {of_address} live connections open, as many as it may"),
                std::time::Duration::from_secs(30),
            ));
        }
        if let Some((account, _)) = opener.session {
            let of_account = open.by_account.get(&account).copied().unwrap_or(0);
            if of_account >= self.per_account {
                return Err(too_many(
                    &format!("your account has {of_account} live connections open, as many as it may"),
                    std::time::Duration::from_secs(30),
                ));
            }
            *open.by_account.entry(account).or_default() += 1;
        }
        *open.by_address.entry(opener.address).or_default() += 1;
        open.all += 1;
        let ended = opener
            .session
            .map(|(_, session)| open.sessions.entry(session).or_insert_with(|| watch::channel(false).0).subscribe());
        Ok(Ticket { sockets: self.clone(), opener, ended, stopping: self.stopping.subscribe() })
    }

    /// Tells every socket that the server is stopping, then waits until
    /// they have all closed, or `within` has passed.
    pub async fn stop(&self, within: std::time::Duration) {
        let _ = self.stopping.send(true);
        let waited = tokio::time::timeout(within, async {
            while self.count() > 0 {
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
        })
        .await;
        if waited.is_err() {
            tracing::warn!(open = self.count(), "sockets still open when the server stopped");
        }
    }

    /// Closes the sockets of the sessions `ids`.
    pub fn end_sessions(&self, ids: &[SessionId]) {
        let mut open = self.lock();
        for id in ids {
            if let Some(ended) = open.sessions.remove(id) {
                let _ = ended.send(true);
            }
        }
    }

    /// Sockets open in all.
    pub fn count(&self) -> usize {
        self.lock().all
    }

    /// Sockets `account` holds.
    pub fn of_account(&self, account: AccountId) -> usize {
        self.lock().by_account.get(&account).copied().unwrap_or(0)
    }

    fn close(&self, opener: &Opener) {
        let mut open = self.lock();
        open.all = open.all.saturating_sub(1);
        if let Some((account, session)) = opener.session {
            decrement(&mut open.by_account, &account);
            if open.sessions.get(&session).is_some_and(|s| s.receiver_count() == 0) {
                open.sessions.remove(&session);
            }
        }
        decrement(&mut open.by_address, &opener.address);
    }
}

fn decrement<K: std::hash::Hash + Eq>(map: &mut HashMap<K, usize>, key: &K) {
    if let Some(n) = map.get_mut(key) {
        *n -= 1;
        if *n == 0 {
            map.remove(key);
        }
    }
}

impl Ticket {
    /// Resolves when the socket must close: its session ended, or the
    /// server is stopping.
    pub async fn ended(&mut self) -> Ending {
        let stopping = &mut self.stopping;
        let server = async move {
            // A sender dropped is a server gone: stopping too.
            while !*stopping.borrow_and_update() && stopping.changed().await.is_ok() {}
        };
        tokio::select! {
            () = server => Ending::Server,
            () = session_ended(&mut self.ended) => Ending::Session,
        }
    }

    /// Whether the socket's session has been told ended (never for a
    /// socket opened without one).
    pub fn has_ended(&self) -> bool {
        self.ended.as_ref().is_some_and(|ended| *ended.borrow() || ended.has_changed().is_err())
    }

    /// Resolves when the socket's session ends; never for a socket opened
    /// without one.
    pub async fn session_ended(&mut self) {
        session_ended(&mut self.ended).await;
    }
}

/// Resolves when `ended` is told `true` (or its sender is gone); never
/// without a receiver.
async fn session_ended(ended: &mut Option<watch::Receiver<bool>>) {
    {
        match ended {
            Some(ended) => {
                while !*ended.borrow_and_update() {
                    if ended.changed().await.is_err() {
                        // Told and dropped: ended.
                        return;
                    }
                }
            }
            None => std::future::pending().await,
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        // The receiver goes first, so that an unwatched session is forgotten.
        self.ended = None;
        self.sockets.close(&self.opener);
    }
}

#[cfg(test)]
mod tests {
    use std::net::IpAddr;

    use super::*;

    fn opener(account: Option<i64>, session: i64, address: &str) -> Opener {
        Opener {
            session: account.map(|a| (AccountId(a), SessionId(session))),
            address: AddressKey::of(address.parse::<IpAddr>().unwrap()),
        }
    }

    #[test]
    fn accounts_and_addresses_hold_at_most_their_share() {
        let sockets = Sockets::new(2, 3);
        let a = sockets.open(opener(Some(1), 10, "192.0.2.1")).unwrap();
        let _b = sockets.open(opener(Some(1), 11, "192.0.2.2")).unwrap();
        let refused = sockets.open(opener(Some(1), 10, "192.0.2.3")).err().unwrap();
        assert_eq!(refused.code, arbiter_api::ErrorCode::TooManyRequests);
        assert!(refused.retry_after.is_some());
        // Anonymous sockets count for their address only.
        let _c = sockets.open(opener(None, 0, "192.0.2.1")).unwrap();
        let _d = sockets.open(opener(None, 0, "192.0.2.1")).unwrap();
        assert!(sockets.open(opener(None, 0, "192.0.2.1")).is_err(), "the address has 3");
        assert_eq!((sockets.count(), sockets.of_account(AccountId(1))), (4, 2));
        drop(a);
        assert_eq!((sockets.count(), sockets.of_account(AccountId(1))), (3, 1));
        assert!(sockets.open(opener(Some(1), 12, "192.0.2.9")).is_ok());
    }

    #[tokio::test]
    async fn a_socket_hears_that_its_session_ended() {
        let sockets = Sockets::new(10, 10);
        let mut mine = sockets.open(opener(Some(1), 10, "192.0.2.1")).unwrap();
        let mut other = sockets.open(opener(Some(1), 11, "192.0.2.1")).unwrap();
        sockets.end_sessions(&[SessionId(10)]);
        tokio::time::timeout(std::time::Duration::from_secs(5), mine.session_ended()).await.expect("told");
        let quiet = tokio::time::timeout(std::time::Duration::from_millis(50), other.session_ended()).await;
        assert!(quiet.is_err(), "another session's socket goes on");
        drop(mine);
        drop(other);
        assert!(sockets.lock().sessions.is_empty(), "no session is remembered without sockets");
    }

    #[tokio::test]
    async fn every_socket_hears_that_the_server_stops_and_the_stop_waits_for_them() {
        let sockets = Sockets::new(10, 10);
        let mut signed_in = sockets.open(opener(Some(1), 10, "192.0.2.1")).unwrap();
        let mut anonymous = sockets.open(opener(None, 0, "192.0.2.2")).unwrap();
        let quiet = tokio::time::timeout(std::time::Duration::from_millis(50), anonymous.ended()).await;
        assert!(quiet.is_err(), "nothing ends a socket before the stop");
        let closing = tokio::spawn(async move {
            let endings = (signed_in.ended().await, anonymous.ended().await);
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            endings
        });
        sockets.stop(std::time::Duration::from_secs(5)).await;
        assert_eq!(sockets.count(), 0, "the stop waited for the sockets to close");
        assert_eq!(closing.await.unwrap(), (Ending::Server, Ending::Server));
    }
}
