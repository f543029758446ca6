//! The server's own accept loop: HTTP/1.1 connections with a timeout for
//! their headers (which, in hyper 1.x, also runs while a kept-alive
//! connection waits for its next request, so idle connections close), a
//! time limit per request, and caps on connections in all and per address,
//! so that nobody can hold the descriptors the server needs (`/healthz`
//! answers whatever idle connections strangers open).
//!
//! A connection over a cap is answered at once (503 over the total, 429
//! over its address's share, both with `Retry-After`) and closed. A
//! connection is counted until its socket closes — a WebSocket's too, since
//! the upgraded socket carries the count. Addresses are the TCP peers
//! (an IPv6 peer by its /64); the trusted proxies' are not capped, since
//! every client behind a proxy shares its address. Only HTTP/1.1 is
//! spoken: browsers and reverse proxies speak it to an application
//! server, and WebSockets upgrade from it.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::header::CONNECTION;
use axum::http::{HeaderValue, Request};
use axum::response::IntoResponse;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use ipnet::IpNet;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

use crate::limits::AddressKey;

/// Descriptors kept for everything but client connections: the database
/// pool, mail, files, the listener.
const RESERVED_DESCRIPTORS: u64 = 256;

/// How long a connection over a cap has to take its answer.
const REFUSAL_WRITE: Duration = Duration::from_secs(1);

/// How long a shutdown waits for the requests under way.
const DRAIN: Duration = Duration::from_secs(30);

/// How long, at shutdown, a trusted proxy's connection is left for the
/// proxy to close: longer than the idle time after which the shipped
/// Caddyfile's proxy closes its idle connections (5 s). Meanwhile each
/// answer on it says `Connection: close`. A connection closed by the
/// server while idle could cross a request the proxy is sending on it,
/// which the proxy cannot send again elsewhere (a move is not
/// idempotent): it would answer 502.
const PROXY_LINGER: Duration = Duration::from_secs(6);

/// The connection limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// Connections open at once in all; `None`: the descriptor limit less
    /// what the server keeps for itself.
    pub max_connections: Option<usize>,
    /// Connections one address may hold open.
    pub max_connections_per_address: usize,
    /// How long a client has to send a request's headers (and how long a
    /// kept-alive connection may wait for its next request).
    pub header_timeout: Duration,
    /// How long a request may take, its body included (WebSockets once
    /// upgraded are not requests any more).
    pub request_timeout: Duration,
    /// Peers not capped per address (trusted reverse proxies).
    pub exempt: Vec<IpNet>,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            max_connections: None,
            max_connections_per_address: 256,
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(60),
            exempt: Vec::new(),
        }
    }
}

/// The descriptor limit after raising it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DescriptorLimit {
    /// The soft limit (what the process may open).
    pub soft: u64,
    /// The hard limit (how far the soft one may be raised).
    pub hard: u64,
}

/// Raises the soft limit on open descriptors to the hard limit where the
/// system allows it; the limits then.
pub fn raise_descriptor_limit() -> DescriptorLimit {
    let before = rlimit::Resource::NOFILE.get().unwrap_or((1024, 1024));
    let soft = rlimit::increase_nofile_limit(u64::MAX).unwrap_or(before.0);
    let hard = rlimit::Resource::NOFILE.get().map_or(before.1, |(_, hard)| hard);
    DescriptorLimit { soft, hard }
}

/// The connections a server may hold with `soft` descriptors: all but
/// those it keeps for itself, at least 16.
pub fn connections_for_descriptors(soft: u64) -> usize {
    usize::try_from(soft.saturating_sub(RESERVED_DESCRIPTORS)).unwrap_or(usize::MAX).max(16)
}

/// The open connections, counted.
#[derive(Clone, Default)]
pub struct Counter {
    open: Arc<AtomicUsize>,
    by_address: Arc<Mutex<HashMap<AddressKey, usize>>>,
}

impl Counter {
    /// Connections open now.
    pub fn open(&self) -> usize {
        self.open.load(Ordering::Relaxed)
    }

    /// Counts a connection from `address` (not capped per address when
    /// `capped` is false), or says why not.
    fn admit(&self, address: AddressKey, capped: bool, max: usize, per_address: usize) -> Result<Ticket, Refusal> {
        if self.open.fetch_add(1, Ordering::AcqRel) >= max {
            self.open.fetch_sub(1, Ordering::AcqRel);
            return Err(Refusal::Full);
        }
        if capped {
            let mut by_address = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
            let held = by_address.entry(address).or_default();
            if *held >= per_address {
                drop(by_address);
                self.open.fetch_sub(1, Ordering::AcqRel);
                return Err(Refusal::Address);
            }
            *held += 1;
        }
        Ok(Ticket { counter: self.clone(), address: capped.then_some(address) })
    }
}

/// Why a connection is not served.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusal {
    /// The server holds as many as it may.
    Full,
    /// The address holds as many as it may.
    Address,
}

impl Refusal {
    /// The answer written before closing.
    fn answer(self) -> &'static [u8] {
        match self {
            Refusal::Full => {
                b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nContent-Type: text/plain\r\nContent-Length: 48\r\nConnection: close\r\n\r\nthe server holds all the connections it can now\n"
            }
            Refusal::Address => {
                b"HTTP/1.1 429 Too Many Requests\r\nRetry-After: 5\r\nContent-Type: text/plain\r\nContent-Length: 51\r\nConnection: close\r\n\r\nyour address holds all the connections it may have\n"
            }
        }
    }
}

/// A counted connection: released when dropped.
struct Ticket {
    counter: Counter,
    address: Option<AddressKey>,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if let Some(address) = self.address {
            let mut by_address = self.counter.by_address.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(held) = by_address.get_mut(&address) {
                *held -= 1;
                if *held == 0 {
                    by_address.remove(&address);
                }
            }
        }
        self.counter.open.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A socket that carries its count: whoever ends up holding it (hyper,
/// then a WebSocket) releases the count when it closes it.
struct Counted {
    stream: TcpStream,
    _ticket: Ticket,
}

impl AsyncRead for Counted {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// Serves `app` on `listener` within `limits` until `shutdown` resolves,
/// then stops accepting and lets the requests under way finish (up to
/// 30 s); a trusted proxy's connections are left to the proxy to close
/// for up to [`PROXY_LINGER`] first. `counter` counts the connections
/// open.
pub async fn serve_connections(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    counter: Counter,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let max = limits.max_connections.unwrap_or_else(|| connections_for_descriptors(raise_descriptor_limit().soft));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout).keep_alive(true);
    // Told true at shutdown; each connection task holds a receiver, so the
    // number of receivers is the number of connections still served.
    let (stopping, stop) = tokio::sync::watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    let mut last_complaint: Option<Instant> = None;
    loop {
        let accepted = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => accepted,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of descriptors, say: never spin on it.
                if last_complaint.is_none_or(|t| t.elapsed() >= Duration::from_secs(1)) {
                    tracing::warn!(error = %e, open = counter.open(), "a connection could not be accepted");
                    last_complaint = Some(Instant::now());
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let address = AddressKey::of(peer.ip());
        let capped = !limits.exempt.iter().any(|net| net.contains(&peer.ip().to_canonical()));
        let ticket = match counter.admit(address, capped, max, limits.max_connections_per_address) {
            Ok(ticket) => ticket,
            Err(refusal) => {
                tokio::spawn(refuse(stream, refusal));
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(Counted { stream, _ticket: ticket });
        let service = request_service(app.clone(), peer, limits.request_timeout, stop.clone());
        let connection = http.serve_connection(io, service).with_upgrades();
        let mut stop = stop.clone();
        let linger = if capped { Duration::ZERO } else { PROXY_LINGER };
        tokio::spawn(async move {
            let mut connection = std::pin::pin!(connection);
            let ended = tokio::select! {
                ended = connection.as_mut() => ended,
                () = stopped(&mut stop) => {
                    // A proxy's connection is left for the proxy to close
                    // (each answer on it says so) for a while; then, as
                    // any other, the request under way is answered and
                    // it closes.
                    match tokio::time::timeout(linger, connection.as_mut()).await {
                        Ok(ended) => ended,
                        Err(_) => {
                            connection.as_mut().graceful_shutdown();
                            connection.await
                        }
                    }
                }
            };
            if let Err(e) = ended {
                tracing::debug!(error = %e, "a connection ended with an error");
            }
            drop(stop);
        });
    }
    drop(listener);
    drop(stop);
    let _ = stopping.send(true);
    let drained = tokio::time::timeout(DRAIN, async {
        while stopping.receiver_count() > 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await;
    if drained.is_err() {
        tracing::warn!("requests still under way after 30 s were cut short");
    }
    Ok(())
}

/// Resolves once the server is stopping.
async fn stopped(stop: &mut tokio::sync::watch::Receiver<bool>) {
    loop {
        let stopping = *stop.borrow_and_update();
        if stopping || stop.changed().await.is_err() {
            return;
        }
    }
}

/// Answers a connection over a cap and closes it.
async fn refuse(mut stream: TcpStream, refusal: Refusal) {
    let _ = tokio::time::timeout(REFUSAL_WRITE, async {
        stream.write_all(refusal.answer()).await?;
        stream.shutdown().await
    })
    .await;
}

/// The service of one connection from `peer`: the router, with the peer's
/// address for the handlers, each request within `timeout`; once `stop`
/// says the server is stopping, each answer (but a WebSocket's upgrade)
/// says `Connection: close`.
fn request_service(
    app: Router,
    peer: SocketAddr,
    timeout: Duration,
    stop: tokio::sync::watch::Receiver<bool>,
) -> impl hyper::service::Service<
    Request<Incoming>,
    Response = axum::response::Response,
    Error = std::convert::Infallible,
    Future = impl Future<Output = Result<axum::response::Response, std::convert::Infallible>> + Send,
> + Clone {
    hyper::service::service_fn(move |mut request: Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        let app = app.clone();
        let stop = stop.clone();
        async move {
            let mut answer = match tokio::time::timeout(timeout, app.oneshot(request.map(Body::new))).await {
                Ok(answer) => answer?,
                Err(_) => timed_out(timeout),
            };
            if *stop.borrow() && answer.status() != axum::http::StatusCode::SWITCHING_PROTOCOLS {
                answer.headers_mut().insert(CONNECTION, HeaderValue::from_static("close"));
            }
            Ok(answer)
        }
    })
}

/// The answer to a request not answered within `timeout`: the database
/// was slow or stopped (a client that sends its body that slowly is rare),
/// so `503 unavailable` with `Retry-After`, as when the database does not
/// answer. What the request was doing may still be stored: a move sent
/// again with the same ply is applied once.
fn timed_out(timeout: Duration) -> axum::response::Response {
    let message = format!("the server did not answer within {} s; try again", timeout.as_secs());
    crate::error::ApiError::new(arbiter_api::ErrorCode::Unavailable, message)
        .retry_after(crate::error::DATABASE_RETRY_AFTER)
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> AddressKey {
        AddressKey::of(text.parse().unwrap())
    }

    #[test]
    fn connections_are_counted_in_all_and_per_address() {
        let counter = Counter::default();
        let a = counter.admit(key("192.0.2.1"), true, 3, 2).unwrap();
        let _b = counter.admit(key("192.0.2.1"), true, 3, 2).unwrap();
        assert_eq!(counter.admit(key("192.0.2.1"), true, 3, 2).err(), Some(Refusal::Address));
        let _c = counter.admit(key("192.0.2.2"), true, 3, 2).unwrap();
        assert_eq!(counter.admit(key("192.0.2.3"), true, 3, 2).err(), Some(Refusal::Full));
        assert_eq!(counter.open(), 3);
        drop(a);
        assert_eq!(counter.open(), 2);
        // A trusted proxy is not capped per address.
        let _d = counter.admit(key("192.0.2.1"), false, 10, 2).unwrap();
        let _e = counter.admit(key("192.0.2.1"), false, 10, 2).unwrap();
        assert_eq!(counter.open(), 4);
    }

    #[test]
    fn the_reserve_is_kept_from_the_descriptors() {
        assert_eq!(connections_for_descriptors(1024), 768);
        assert_eq!(connections_for_descriptors(100), 16);
        let limit = raise_descriptor_limit();
        assert!(limit.soft <= limit.hard && limit.soft > 0, "{limit:?}");
    }

    #[test]
    fn refusals_are_well_formed_http() {
        for refusal in [Refusal::Full, Refusal::Address] {
            let text = std::str::from_utf8(refusal.answer()).unwrap();
            let (head, body) = text.split_once("\r\n\r\n").unwrap();
            let length: usize = head.lines().find_map(|l| l.strip_prefix("Content-Length: ")).unwrap().parse().unwrap();
            assert_eq!(length, body.len(), "{text}");
        }
    }
}
