//! The storm's worker processes (`--scenario storm-worker`): each holds
//! its range of the plan's sockets and opens each again whenever it ends,
//! after the wait the browser's client draws (`web/src/api/reconnect.ts`:
//! full jitter, the first wait 100–500 ms, each later ceiling twice the
//! one before, at most 10 s), counting what every attempt met; and the
//! parent's side of their counts ([`held`]).

use std::collections::BTreeMap;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::StreamExt;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tokio::net::TcpSocket;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{self, Message};

use crate::Args;
use crate::idle::{OPENING_AT_ONCE, Plan, Worker, parent_commands, raise_descriptors};
use crate::report::Report;

/// The shortest wait before a socket connects again, as the browser's.
const RECONNECT_FLOOR: Duration = Duration::from_millis(100);

/// The longest the first wait may be; each later ceiling is twice the
/// one before.
const RECONNECT_FIRST_CEILING: Duration = Duration::from_millis(500);

/// The longest wait.
const RECONNECT_CAP: Duration = Duration::from_secs(10);

/// The wait after `attempt` failures in a row: uniform between the floor
/// and `min(cap, first ceiling × 2^attempt)`.
fn reconnect_delay(attempt: u32, rng: &mut Xoshiro256PlusPlus) -> Duration {
    let ceiling = RECONNECT_FIRST_CEILING.saturating_mul(1u32.checked_shl(attempt).unwrap_or(u32::MAX));
    rng.random_range(RECONNECT_FLOOR..=ceiling.min(RECONNECT_CAP))
}

/// What a worker's sockets met, counted as they meet it.
#[derive(Default)]
struct Met {
    /// Sockets open now (their first message read).
    open: AtomicU64,
    /// Sockets whose first attempt is over, whatever it met.
    first_done: AtomicU64,
    /// Sockets opened, first times and again.
    opened: AtomicU64,
    /// Attempts that found nobody listening (the connection refused).
    down: AtomicU64,
    /// Attempts the server answered with an HTTP status instead of the
    /// upgrade (its limits), by status.
    refused: Mutex<BTreeMap<u16, u64>>,
    /// Attempts that failed otherwise (reset, no first message).
    failed: AtomicU64,
    /// Open sockets that ended, by the close code they were sent (0: no
    /// close frame, the connection just ended).
    closed: Mutex<BTreeMap<u16, u64>>,
}

/// Why an attempt to open a socket failed.
enum Failure {
    Down,
    Refused(u16),
    Other,
}

/// Opens one socket to `path` on `address` from `from` and reads its
/// first message.
async fn connect(
    address: SocketAddr,
    from: Ipv4Addr,
    path: &str,
) -> Result<tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>, Failure> {
    let socket = TcpSocket::new_v4().map_err(|_| Failure::Other)?;
    socket.bind(SocketAddr::from((from, 0))).map_err(|_| Failure::Other)?;
    let stream = socket.connect(address).await.map_err(|e| match e.kind() {
        std::io::ErrorKind::ConnectionRefused => Failure::Down,
        _ => Failure::Other,
    })?;
    let url = format!("ws://{address}{path}");
    let config = WebSocketConfig::default().read_buffer_size(4096).write_buffer_size(0);
    let (mut socket, _) =
        tokio_tungstenite::client_async_with_config(url, stream, Some(config)).await.map_err(|e| match e {
            tungstenite::Error::Http(answer) => Failure::Refused(answer.status().as_u16()),
            _ => Failure::Other,
        })?;
    match socket.next().await {
        Some(Ok(Message::Text(_))) => Ok(socket),
        _ => Err(Failure::Other),
    }
}

/// Holds socket `index` of the plan: opens it, reads it until it ends,
/// and opens it again after the jittered wait, for as long as the
/// worker runs. The first attempt waits for a place among
/// [`OPENING_AT_ONCE`].
async fn hold(plan: Arc<Plan>, index: usize, met: Arc<Met>, opening: Arc<tokio::sync::Semaphore>) {
    let (address, from, path, _) = plan.socket(index);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(index as u64 ^ (u64::from(std::process::id()) << 32));
    let mut first = Some(opening.acquire_owned().await.expect("the semaphore stays open"));
    let mut attempt = 0;
    loop {
        let outcome = connect(address, from, &path).await;
        if first.take().is_some() {
            met.first_done.fetch_add(1, Ordering::Relaxed);
        }
        match outcome {
            Ok(mut socket) => {
                met.opened.fetch_add(1, Ordering::Relaxed);
                met.open.fetch_add(1, Ordering::Relaxed);
                attempt = 0;
                let mut code = 0;
                while let Some(Ok(message)) = socket.next().await {
                    if let Message::Close(frame) = message {
                        code = frame.map_or(0, |f| u16::from(f.code));
                    }
                }
                met.open.fetch_sub(1, Ordering::Relaxed);
                *met.closed.lock().unwrap().entry(code).or_default() += 1;
            }
            Err(Failure::Down) => {
                met.down.fetch_add(1, Ordering::Relaxed);
            }
            Err(Failure::Refused(status)) => {
                *met.refused.lock().unwrap().entry(status).or_default() += 1;
            }
            Err(Failure::Other) => {
                met.failed.fetch_add(1, Ordering::Relaxed);
            }
        }
        tokio::time::sleep(reconnect_delay(attempt, &mut rng)).await;
        attempt = attempt.saturating_add(1);
    }
}

/// A worker's counts, as one line of words: `held <open> <opened>
/// <down> <failed> <refused> <closed with 1001> <closed otherwise>`,
/// then `status:count` for each refusal status.
fn tally(met: &Met) -> String {
    let refused = met.refused.lock().unwrap().clone();
    let closed = met.closed.lock().unwrap().clone();
    let away = closed.get(&1001).copied().unwrap_or(0);
    let statuses: Vec<String> = refused.iter().map(|(s, n)| format!("{s}:{n}")).collect();
    format!(
        "held {} {} {} {} {} {away} {} {}",
        met.open.load(Ordering::Relaxed),
        met.opened.load(Ordering::Relaxed),
        met.down.load(Ordering::Relaxed),
        met.failed.load(Ordering::Relaxed),
        refused.values().sum::<u64>(),
        closed.values().sum::<u64>() - away,
        statuses.join(" ")
    )
}

/// The worker: holds its range of the plan's sockets (reconnecting each
/// as it ends), says `opened <open>` once each has been tried once, then
/// answers each `held` with [`tally`].
pub async fn worker(args: &Args) -> Report {
    let (plan, range) = Plan::of_worker(args);
    raise_descriptors(range.len() as u64 + 1000);
    let plan = Arc::new(plan);
    let met = Arc::new(Met::default());
    let opening = Arc::new(tokio::sync::Semaphore::new(OPENING_AT_ONCE));
    let count = range.len() as u64;
    for index in range {
        tokio::spawn(hold(plan.clone(), index, met.clone(), opening.clone()));
    }
    while met.first_done.load(Ordering::Relaxed) < count {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    println!("opened {}", met.open.load(Ordering::Relaxed));
    let mut commands = parent_commands();
    while let Some(command) = commands.recv().await {
        match command.trim() {
            "held" => println!("{}", tally(&met)),
            other => panic!("'{other}': not a storm worker's command"),
        }
    }
    Report::default()
}

/// Every worker's counts together.
#[derive(Debug, Default)]
pub struct Held {
    /// Sockets open now.
    pub open: u64,
    /// Sockets opened, first times and again.
    pub opened: u64,
    /// Attempts that found nobody listening.
    pub down: u64,
    /// Attempts that failed otherwise.
    pub failed: u64,
    /// Attempts the server refused with a status.
    pub refused: u64,
    /// Sockets closed with 1001, going away.
    pub closed_away: u64,
    /// Sockets that ended otherwise.
    pub closed_otherwise: u64,
    /// The refusals, by status.
    pub statuses: BTreeMap<u16, u64>,
}

/// Asks every worker for its counts.
pub async fn held(workers: &mut [Worker]) -> Held {
    for worker in workers.iter_mut() {
        worker.tell("held");
    }
    let mut all = Held::default();
    for worker in workers.iter_mut() {
        let line = worker.answer_line().await;
        let words: Vec<&str> = line.strip_prefix("held").expect("a held line").split_whitespace().collect();
        let n = |i: usize| words[i].parse::<u64>().expect("a count");
        all.open += n(0);
        all.opened += n(1);
        all.down += n(2);
        all.failed += n(3);
        all.refused += n(4);
        all.closed_away += n(5);
        all.closed_otherwise += n(6);
        for word in &words[7..] {
            let (status, count) = word.split_once(':').expect("status:count");
            *all.statuses.entry(status.parse().unwrap()).or_default() += count.parse::<u64>().unwrap();
        }
    }
    all
}
