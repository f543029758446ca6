//! Idle sockets at scale: `--idle-sockets` WebSockets held open on one
//! server, spread over `--idle-games` games and the lobby, with one game
//! watched by `--crowd` of them. Reports the server's memory (RSS, and the
//! kernel's TCP memory for both ends), the time one move takes to reach
//! every spectator of the crowded game, and the moves a second the server
//! takes while every socket stays open and gets its games' changes.
//!
//! The sockets come from many loopback source addresses (127.1.0.0/16,
//! `--per-address` from each, within the server's default limits per
//! address). They are held by `--socket-processes` worker processes (this
//! program again, `--scenario idle-worker`), each under its own descriptor
//! limit, which it raises (and the hard limit too, where it may). With
//! `--servers N` (on a PostgreSQL `--database`) they are spread over N
//! `arbiter serve` processes on one database, which act as one service: a
//! move made through one reaches the spectators of all.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use arbiter_games::GameId;
use futures_util::{StreamExt, stream};
use reqwest::{Client, StatusCode};
use serde_json::json;
use tokio::net::TcpSocket;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use crate::cost::Window;
use crate::game::new_game;
use crate::metrics;
use crate::players::Players;
use crate::recorded::Recorded;
use crate::report::{Report, rounded};
use crate::{Args, Server, accounts, percentile, post, start_server};

/// Sockets being opened at once.
pub(crate) const OPENING_AT_ONCE: usize = 256;

/// What the sockets have heard, counted as they hear it.
#[derive(Default)]
struct Heard {
    /// Text messages received by every socket.
    messages: AtomicU64,
    /// Sockets that ended (closed by the server, or failed).
    ended: AtomicU64,
    /// When each of the crowd's sockets received its latest message
    /// (microseconds since 1970: comparable between processes).
    crowd_arrivals: std::sync::Mutex<Vec<u64>>,
}

/// Where socket `index` goes.
enum Target {
    /// A spectator of the crowded game.
    Crowd,
    /// A spectator of the idle game with this index.
    Game(usize),
    /// The lobby.
    Lobby,
}

/// The target of socket `index` of `count`: the crowd first, then one in
/// ten of the rest on the lobby and the others over the idle games.
fn target(index: usize, crowd: usize, idle_games: usize) -> Target {
    if index < crowd {
        return Target::Crowd;
    }
    let rest = index - crowd;
    if rest % 10 == 9 { Target::Lobby } else { Target::Game(rest % idle_games) }
}

/// The loopback source address of socket `index`, `per_address` a source.
fn source(index: usize, per_address: usize) -> Ipv4Addr {
    let a = index / per_address;
    Ipv4Addr::new(127, 1, (a / 250) as u8, (a % 250 + 1) as u8)
}

/// Raises this process's descriptor limit to `wanted` (the hard limit too,
/// when this process may: the server started after inherits it); the
/// limits now.
pub(crate) fn raise_descriptors(wanted: u64) -> (u64, u64) {
    let (soft, hard) = rlimit::Resource::NOFILE.get().unwrap_or((1024, 1024));
    if hard < wanted && rlimit::Resource::NOFILE.set(wanted, wanted).is_ok() {
        return (wanted, wanted);
    }
    let soft = rlimit::increase_nofile_limit(wanted.min(hard)).unwrap_or(soft);
    (soft, hard.max(soft))
}

/// The kernel's TCP memory in KiB (`/proc/net/sockstat`, pages of 4 KiB),
/// both ends of every loopback socket.
fn kernel_tcp_kib() -> u64 {
    let text = std::fs::read_to_string("/proc/net/sockstat").unwrap_or_default();
    let pages = text
        .lines()
        .find(|l| l.starts_with("TCP:"))
        .and_then(|l| l.split_whitespace().skip_while(|w| *w != "mem").nth(1))
        .and_then(|p| p.parse::<u64>().ok())
        .unwrap_or(0);
    pages * 4
}

/// The server's descriptor limit, as `/proc/<pid>/limits` says.
pub(crate) fn server_descriptors(server: &Server) -> String {
    let limits = std::fs::read_to_string(format!("/proc/{}/limits", server.child.id())).unwrap_or_default();
    limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .map(|l| l.split_whitespace().skip(3).take(2).collect::<Vec<_>>().join(" / "))
        .unwrap_or_default()
}

/// Microseconds since 1970.
fn epoch_micros() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_micros() as u64)
}

/// Opens one socket to `path` from `from`, reads its first message, and
/// leaves a task reading the rest.
async fn open(address: SocketAddr, from: Ipv4Addr, path: String, crowd: bool, heard: Arc<Heard>) -> bool {
    let Ok(socket) = TcpSocket::new_v4() else { return false };
    if socket.bind(SocketAddr::from((from, 0))).is_err() {
        return false;
    }
    let Ok(stream) = socket.connect(address).await else { return false };
    let url = format!("ws://{address}{path}");
    let config = WebSocketConfig::default().read_buffer_size(4096).write_buffer_size(0);
    let Ok((mut socket, _)) = tokio_tungstenite::client_async_with_config(url, stream, Some(config)).await else {
        return false;
    };
    if !matches!(socket.next().await, Some(Ok(Message::Text(_)))) {
        return false;
    }
    tokio::spawn(async move {
        while let Some(Ok(message)) = socket.next().await {
            if let Message::Text(_) = message {
                heard.messages.fetch_add(1, Ordering::Relaxed);
                if crowd {
                    heard.crowd_arrivals.lock().unwrap().push(epoch_micros());
                }
            }
        }
        heard.ended.fetch_add(1, Ordering::Relaxed);
    });
    true
}

/// What every worker is told: where its sockets go.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct Plan {
    /// The servers' addresses; socket `i` goes to server `i % len`.
    pub servers: Vec<SocketAddr>,
    /// The crowded game's live path.
    pub crowd_path: String,
    /// The idle games' live paths.
    pub paths: Vec<String>,
    /// Spectators of the crowded game.
    pub crowd: usize,
    /// Sockets from each source address.
    pub per_address: usize,
}

impl Plan {
    /// Socket `index`'s server, source address, path, and whether it is
    /// one of the crowd.
    pub fn socket(&self, index: usize) -> (SocketAddr, Ipv4Addr, String, bool) {
        let (path, crowd) = match target(index, self.crowd, self.paths.len()) {
            Target::Crowd => (self.crowd_path.clone(), true),
            Target::Game(g) => (self.paths[g].clone(), false),
            Target::Lobby => ("/api/lobby/live".to_string(), false),
        };
        (self.servers[index % self.servers.len()], source(index, self.per_address), path, crowd)
    }

    /// Reads the plan a worker was given (`--worker-plan`) and its range
    /// (`--worker-range FROM..TO`).
    pub fn of_worker(args: &Args) -> (Plan, std::ops::Range<usize>) {
        let file = args.worker_plan.as_ref().expect("--worker-plan");
        let plan: Plan = serde_json::from_slice(&std::fs::read(file).unwrap()).expect("a plan");
        let (from, to) =
            args.worker_range.as_deref().and_then(|r| r.split_once("..")).expect("--worker-range FROM..TO");
        (plan, from.parse().unwrap()..to.parse().unwrap())
    }
}

/// A worker process holding sockets `from..to` of the plan.
pub(crate) struct Worker {
    child: std::process::Child,
    input: std::process::ChildStdin,
    lines: tokio::sync::mpsc::UnboundedReceiver<String>,
}

impl Worker {
    /// Starts this program as the worker (`scenario`) for sockets
    /// `from..to`.
    pub fn start(scenario: &str, plan: &std::path::Path, from: usize, to: usize) -> Worker {
        let mut child = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--scenario", scenario, "--worker-plan"])
            .arg(plan)
            .args(["--worker-range", &format!("{from}..{to}")])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("a worker starts");
        let input = child.stdin.take().unwrap();
        let output = child.stdout.take().unwrap();
        let (send, lines) = tokio::sync::mpsc::unbounded_channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(output).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Worker { child, input, lines }
    }

    /// Tells it `command`.
    pub fn tell(&mut self, command: &str) {
        use std::io::Write;
        writeln!(self.input, "{command}").and_then(|()| self.input.flush()).expect("the worker listens");
    }

    /// Its next line, after `command`'s words.
    pub async fn answer(&mut self, command: &str) -> Vec<u64> {
        let line = self.answer_line().await;
        let rest = line.strip_prefix(command).unwrap_or_else(|| panic!("'{line}': not an answer to {command}"));
        rest.split_whitespace().map(|n| n.parse().unwrap()).collect()
    }
}

impl Worker {
    /// Its next line, whatever it says.
    pub async fn answer_line(&mut self) -> String {
        tokio::time::timeout(Duration::from_secs(120), self.lines.recv())
            .await
            .expect("the worker answers within 2 minutes")
            .expect("the worker runs")
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs the scenario.
pub async fn run(args: &Args) -> Report {
    let count = args.idle_sockets;
    assert!(
        args.servers == 1 || args.database.as_deref().is_some_and(|d| d.starts_with("postgres")),
        "several servers act as one on a PostgreSQL --database"
    );
    let mut servers = Vec::with_capacity(args.servers);
    for _ in 0..args.servers {
        servers.push(start_server(args).await);
    }
    let base = servers[0].base.clone();
    let addresses: Vec<SocketAddr> =
        servers.iter().map(|s| s.base.trim_start_matches("http://").parse().unwrap()).collect();
    let http = Client::builder().pool_max_idle_per_host(args.concurrency).build().unwrap();
    for server in &servers {
        println!("server {}: descriptor limit {}", server.base, server_descriptors(server));
    }
    let game = GameId::parse(&args.game).expect("a game");
    let line = Arc::new(Recorded::generate(game, 0).unwrap_or_else(|e| panic!("{e}")));
    let tokens = accounts(&http, &base, 2).await;
    let pair = || [tokens[0].clone(), tokens[1].clone()];
    let mut crowded = new_game(&http, &base, game, pair()).await;
    let mut games = Vec::with_capacity(args.idle_games);
    for _ in 0..args.idle_games {
        games.push(new_game(&http, &base, game, pair()).await);
    }
    let plan = Plan {
        servers: addresses,
        crowd_path: format!("/api/games/{}/live", crowded.id),
        paths: games.iter().map(|g| format!("/api/games/{}/live", g.id)).collect(),
        crowd: args.crowd,
        per_address: args.per_address,
    };
    let dir = tempfile::tempdir().unwrap();
    let plan_file = dir.path().join("plan.json");
    std::fs::write(&plan_file, serde_json::to_vec(&plan).unwrap()).unwrap();

    tokio::time::sleep(Duration::from_secs(1)).await;
    let rss = |servers: &[Server]| servers.iter().map(Server::rss_kib).sum::<u64>();
    let cpu = |servers: &[Server]| servers.iter().map(|s| s.cpu().total()).sum::<f64>();
    let (rss_before, kernel_before) = (rss(&servers), kernel_tcp_kib());
    let opening = Instant::now();
    let processes = args.socket_processes.max(1);
    let share = count.div_ceil(processes);
    let mut workers: Vec<Worker> = (0..processes)
        .map(|w| Worker::start("idle-worker", &plan_file, w * share, ((w + 1) * share).min(count)))
        .collect();
    let mut open_count = 0;
    let mut crowd_open = 0;
    for worker in &mut workers {
        let opened = worker.answer("opened").await;
        open_count += opened[0] as usize;
        crowd_open += opened[1];
    }
    let seconds = opening.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (rss_after, kernel_after) = (rss(&servers), kernel_tcp_kib());
    let mut counted = 0.0;
    for server in &servers {
        counted += metrics::value(&http, &server.base, "arbiter_sockets_open").await.unwrap_or(f64::NAN);
    }
    println!(
        "{open_count} of {count} sockets open in {seconds:.1} s, held by {processes} processes ({} from each of {} loopback \
         addresses; {crowd_open} on the crowded game, about {} on each of {} games, {} on the lobby); the {} server(s) count {counted:.0}",
        args.per_address,
        count.div_ceil(args.per_address),
        count.saturating_sub(args.crowd) * 9 / 10 / args.idle_games.max(1),
        args.idle_games,
        count.saturating_sub(args.crowd) / 10,
        servers.len(),
    );
    println!(
        "server RSS {:.0} MiB -> {:.0} MiB: {:.1} KiB a socket; kernel TCP memory (both ends) {:.0} MiB -> {:.0} MiB",
        rss_before as f64 / 1024.0,
        rss_after as f64 / 1024.0,
        rss_after.saturating_sub(rss_before) as f64 / open_count.max(1) as f64,
        kernel_before as f64 / 1024.0,
        kernel_after as f64 / 1024.0,
    );

    // Moves of the crowded game: each until every one of its spectators
    // has it.
    for n in 1..=args.crowd_moves {
        for worker in &mut workers {
            worker.tell("crowd");
        }
        for worker in &mut workers {
            worker.answer("ready").await;
        }
        let step = line.step(crowded.ply).expect("the line goes on");
        let started = epoch_micros();
        let (status, answer) = post(
            &http,
            format!("{base}/api/games/{}/moves", crowded.id),
            Some(&crowded.tokens[step.seat]),
            json!({"move": step.text, "ply": crowded.ply}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let answered = epoch_micros().saturating_sub(started);
        crowded.ply += 1;
        let mut arrivals = Vec::with_capacity(args.crowd);
        for worker in &mut workers {
            arrivals.extend(worker.answer("arrivals").await.into_iter().map(|t| t.saturating_sub(started)));
        }
        arrivals.sort_unstable();
        println!(
            "move {n} of the crowded game reached {} of its {crowd_open} spectators: answered in {:.1} ms; p50 {:.1} ms, \
             p99 {:.1} ms, last {:.1} ms",
            arrivals.len(),
            answered as f64 / 1000.0,
            percentile(&arrivals, 0.5),
            percentile(&arrivals, 0.99),
            percentile(&arrivals, 1.0)
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }

    // Moves a second with every socket open, on the watched idle games.
    let counts = |workers: &mut Vec<Worker>| {
        for worker in workers.iter_mut() {
            worker.tell("count");
        }
    };
    counts(&mut workers);
    let mut messages_before = 0;
    for worker in &mut workers {
        messages_before += worker.answer("count").await[0];
    }
    let cpu_before = cpu(&servers);
    let pids = servers.iter().map(|s| s.child.id()).collect();
    let window = Window::open(&http, pids, servers.iter().map(|s| s.base.clone()).collect()).await;
    let players = Players::start(&http, &base, line.clone(), games, args.concurrency);
    let measured = players.finish_after(Duration::from_secs(args.seconds)).await;
    let cost = window.close().await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let spent = cpu(&servers) - cpu_before;
    counts(&mut workers);
    let (mut messages, mut ended) = (0, 0);
    for worker in &mut workers {
        let count = worker.answer("count").await;
        messages += count[0];
        ended += count[1];
    }
    println!("moves with the sockets open: {measured}");
    println!("{}", cost.lines(measured.moves));
    println!(
        "meanwhile the sockets received {} messages; server CPU {spent:.1} s ({:.0} % of one core)",
        messages - messages_before,
        spent * 100.0 / measured.seconds
    );
    println!("sockets ended during the run: {ended}; server RSS at the end {:.0} MiB", rss(&servers) as f64 / 1024.0);
    let mut report = Report::default();
    report.put("sockets_open", open_count);
    report.put("cpu_percent_of_a_core_with_fanout", rounded(spent * 100.0 / measured.seconds, 1));
    report.put("sockets_ended", ended);
    report.extend(measured.report());
    report.extend(cost.report(measured.moves));
    report
}

/// The lines the parent process writes to this worker, as they come.
pub(crate) fn parent_commands() -> tokio::sync::mpsc::UnboundedReceiver<String> {
    let (send, commands) = tokio::sync::mpsc::unbounded_channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    commands
}

/// The worker: opens its range of the plan's sockets, says how many
/// (`opened <sockets> <crowd>`), then answers the parent's lines:
/// `crowd` (forget the crowd's arrivals; `ready`, then `arrivals <μs
/// since 1970>…` once each of its crowd has the next message, or after a
/// minute), `count` (`count <messages> <ended>`).
pub async fn worker(args: &Args) -> Report {
    let (plan, range) = Plan::of_worker(args);
    raise_descriptors(range.len() as u64 + 1000);
    let heard = Arc::new(Heard::default());
    let opened: Vec<(bool, bool)> = stream::iter(range)
        .map(|i| {
            let (server, from, path, crowd) = plan.socket(i);
            let heard = heard.clone();
            async move { (open(server, from, path, crowd, heard).await, crowd) }
        })
        .buffer_unordered(OPENING_AT_ONCE)
        .collect()
        .await;
    let sockets = opened.iter().filter(|o| o.0).count();
    let crowd = opened.iter().filter(|o| o.0 && o.1).count();
    println!("opened {sockets} {crowd}");
    let mut commands = parent_commands();
    while let Some(command) = commands.recv().await {
        match command.trim() {
            "crowd" => {
                heard.crowd_arrivals.lock().unwrap().clear();
                println!("ready");
                let deadline = Instant::now() + Duration::from_secs(60);
                while heard.crowd_arrivals.lock().unwrap().len() < crowd && Instant::now() < deadline {
                    tokio::time::sleep(Duration::from_millis(1)).await;
                }
                let arrivals = heard.crowd_arrivals.lock().unwrap().clone();
                let list: Vec<String> = arrivals.iter().map(u64::to_string).collect();
                println!("arrivals {}", list.join(" "));
            }
            "count" => {
                println!("count {} {}", heard.messages.load(Ordering::Relaxed), heard.ended.load(Ordering::Relaxed))
            }
            other => panic!("'{other}': not a worker's command"),
        }
    }
    Report::default()
}
