//! The server's connections under attack: a request header sent half and
//! never finished, connections kept alive and idle, one address holding
//! every connection it can, the server full — and `/healthz` answering
//! others throughout; WebSockets and the client's address through the
//! accept loop.

use crate::support;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use arbiter_server::Settings;
use arbiter_server::connections::ConnectionLimits;
use futures_util::StreamExt;
use reqwest::StatusCode;
use serde_json::json;
use support::{Db, TestServer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// A server with `limits` and the header timeout of one second.
async fn server(limits: ConnectionLimits) -> TestServer {
    server_timing_out_after(limits, Duration::from_secs(1)).await
}

/// A server with `limits` and `header_timeout`: longer than a second where
/// idle connections must stay open while the test makes or counts them,
/// however slow the machine.
async fn server_timing_out_after(limits: ConnectionLimits, header_timeout: Duration) -> TestServer {
    let limits = ConnectionLimits { header_timeout, ..limits };
    TestServer::start_full(Db::Sqlite, support::relaxed(), limits, |_| {}).await.unwrap()
}

/// A header timeout no test outlasts.
const AN_HOUR: Duration = Duration::from_secs(3600);

fn address_of(s: &TestServer) -> SocketAddr {
    s.base.trim_start_matches("http://").parse().unwrap()
}

/// A connection to `s` from the loopback address `from`.
async fn connect_from(s: &TestServer, from: &str) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    socket.connect(address_of(s)).await.unwrap()
}

/// Reads until the server closes the connection (within `bound`); what it
/// sent, or `None` if it was still open at the bound.
async fn until_closed(stream: &mut TcpStream, bound: Duration) -> Option<String> {
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    let end = Instant::now() + bound;
    loop {
        match tokio::time::timeout_at(end.into(), stream.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0)) | Ok(Err(_)) => return Some(String::from_utf8_lossy(&seen).into_owned()),
            Ok(Ok(n)) => seen.extend_from_slice(&buf[..n]),
        }
    }
}

/// Waits (up to 60 s, for a slow machine) until the server holds `n`
/// connections.
async fn holds(s: &TestServer, n: usize) {
    for _ in 0..1200 {
        if s.state.connections.open() == n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(s.state.connections.open(), n);
}

/// `GET /healthz` from the loopback address `from`: its status line.
async fn healthz_from(s: &TestServer, from: &str) -> String {
    let mut stream = connect_from(s, from).await;
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.unwrap();
    let answer = until_closed(&mut stream, Duration::from_secs(10)).await.expect("an answer");
    answer.lines().next().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_header_sent_half_is_closed_after_the_header_timeout() {
    let s = server(ConnectionLimits::default()).await;
    let mut stream = connect_from(&s, "127.0.0.1").await;
    stream.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    let closed = until_closed(&mut stream, Duration::from_secs(10)).await;
    assert!(closed.is_some(), "still open 10 s after a header timeout of 1 s");
    s.finish().await;
}

/// At a header timeout of 5 s, so that the connection is still open when
/// counted just after its answer, however slow the machine.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_kept_alive_connection_is_closed_after_the_header_timeout() {
    let s = server_timing_out_after(ConnectionLimits::default(), Duration::from_secs(5)).await;
    let mut stream = connect_from(&s, "127.0.0.1").await;
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    let mut buf = [0u8; 1024];
    let n = stream.read(&mut buf).await.unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200"));
    assert_eq!(s.state.connections.open(), 1);
    let closed = until_closed(&mut stream, Duration::from_secs(30)).await;
    assert!(closed.is_some(), "an idle connection stays open");
    holds(&s, 0).await;
    s.finish().await;
}

/// The 20 connections held stay open (an hour's header timeout) while the
/// other 30 are made and refused, however slow the machine.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_at_most_its_share_and_others_are_served() {
    let limits = ConnectionLimits { max_connections_per_address: 20, ..ConnectionLimits::default() };
    let s = server_timing_out_after(limits, AN_HOUR).await;
    let mut held = Vec::new();
    for _ in 0..50 {
        held.push(connect_from(&s, "127.0.0.2").await);
    }
    let mut refused = 0;
    for stream in &mut held[20..] {
        let answer = until_closed(stream, Duration::from_secs(30)).await.expect("closed at once");
        assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
        assert!(answer.contains("Retry-After: 5"), "{answer}");
        refused += 1;
    }
    assert_eq!(refused, 30);
    assert_eq!(healthz_from(&s, "127.0.0.3").await, "HTTP/1.1 200 OK");
    s.finish().await;
}

/// At a header timeout of 5 s, so that none of the 30 idle connections
/// times out before the server is seen full, however slow the machine.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_server_refuses_then_serves_again_once_idle_connections_time_out() {
    let limits = ConnectionLimits { max_connections: Some(30), max_connections_per_address: 10, ..Default::default() };
    let s = server_timing_out_after(limits, Duration::from_secs(5)).await;
    let mut held = Vec::new();
    for i in 0..30 {
        held.push(connect_from(&s, &format!("127.0.1.{}", i / 10 + 1)).await);
    }
    holds(&s, 30).await;
    assert_eq!(healthz_from(&s, "127.0.2.1").await, "HTTP/1.1 503 Service Unavailable");
    // Idle, they are closed after the header timeout; then /healthz is
    // served again.
    holds(&s, 0).await;
    assert_eq!(healthz_from(&s, "127.0.2.1").await, "HTTP/1.1 200 OK");
    drop(held);
    s.finish().await;
}

/// The 12 connections stay open (an hour's header timeout) until counted,
/// however slow the machine.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn trusted_proxies_are_not_capped_per_address() {
    let limits = ConnectionLimits {
        max_connections_per_address: 5,
        exempt: vec!["127.0.0.4/32".parse().unwrap()],
        ..ConnectionLimits::default()
    };
    let s = server_timing_out_after(limits, AN_HOUR).await;
    let mut held = Vec::new();
    for _ in 0..12 {
        held.push(connect_from(&s, "127.0.0.4").await);
    }
    holds(&s, 12).await;
    assert_eq!(healthz_from(&s, "127.0.0.4").await, "HTTP/1.1 200 OK");
    s.finish().await;
}

/// WebSockets upgrade through the loop and count as connections until
/// they close; handlers see the peer's address.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websockets_and_addresses_go_through_the_accept_loop() {
    let s = server(ConnectionLimits::default()).await;
    let (mut socket, _) = tokio_tungstenite::connect_async(s.ws("/api/lobby/live")).await.unwrap();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(s.state.connections.open(), 1, "an upgraded socket is not closed as idle HTTP");
    s.create(&s.account("ann").await, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let first = tokio::time::timeout(Duration::from_secs(10), socket.next()).await.unwrap().unwrap().unwrap();
    assert!(first.to_text().unwrap().contains("\"lobby\""));
    socket.close(None).await.unwrap();
    drop(socket);
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Sessions remember the address they were started from.
    let token = s.account("bo").await;
    let (status, sessions) = s.get("/api/me/sessions", Some(&token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(sessions[0]["address"], "127.0.0.1");
    let _ = Settings::default();
    s.finish().await;
}
