//! Workers playing many games at once as fast as the server takes their
//! moves (`--concurrency` moves in flight): each takes the games in turn
//! and makes the next move of the recorded line in each, as the player
//! to move, over the game's sockets or over HTTP. What they measure:
//! moves acknowledged, their latency, the plies they were made at.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use reqwest::Client;
use tokio::sync::Mutex;

use crate::game::Played;
use crate::live::Outcome;
use crate::percentile;
use crate::recorded::Recorded;
use crate::report::{Report, rounded};

/// How long a worker waits after a refused move before its next one.
const PAUSE_AFTER_REFUSAL: Duration = Duration::from_millis(50);

/// The workers, playing until told to stop.
pub struct Players {
    stop: Arc<AtomicBool>,
    tally: Arc<Tally>,
    games: Arc<Vec<Mutex<Played>>>,
    workers: Vec<tokio::task::JoinHandle<Vec<u64>>>,
    started: Instant,
}

/// What the workers count as they play.
struct Tally {
    acknowledged: AtomicU64,
    refused: AtomicU64,
    /// Games whose line ran out.
    ran_out: AtomicU64,
    first_ply: AtomicU64,
    last_ply: AtomicU64,
}

/// What a run of moves measured.
#[derive(Debug, Default)]
pub struct Measured {
    /// Moves acknowledged.
    pub moves: u64,
    /// Moves refused (an error, a stale ply, no answer).
    pub refused: u64,
    /// Seconds from the first move sent to the last one answered.
    pub seconds: f64,
    /// Each acknowledged move's latency, in microseconds, sorted.
    pub latencies: Vec<u64>,
    /// The plies moved from, lowest and highest (`None`: no move).
    pub plies: Option<(u64, u64)>,
    /// Games whose recorded line ran out during the run.
    pub ran_out: u64,
}

impl std::fmt::Display for Measured {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} acknowledged in {:.1} s = {:.0}/s; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; {} refused",
            self.moves,
            self.seconds,
            self.rate(),
            percentile(&self.latencies, 0.50),
            percentile(&self.latencies, 0.99),
            percentile(&self.latencies, 1.0),
            self.refused
        )?;
        match self.plies {
            // The plies the games stood at, from the first move made to
            // after the last.
            Some((first, last)) => write!(f, "; plies {first}–{} measured", last + 1)?,
            None => write!(f, "; no ply measured")?,
        }
        if self.ran_out > 0 {
            write!(f, "; {} games reached the end of the recorded line", self.ran_out)?;
        }
        Ok(())
    }
}

impl Measured {
    /// Moves acknowledged a second.
    pub fn rate(&self) -> f64 {
        self.moves as f64 / self.seconds.max(1e-9)
    }

    /// Its figures.
    pub fn report(&self) -> Report {
        let mut report = Report::default();
        report.put("moves", self.moves);
        report.put("refused", self.refused);
        report.put("seconds", rounded(self.seconds, 3));
        report.put("moves_per_second", rounded(self.rate(), 1));
        report.put("latency_p50_ms", rounded(percentile(&self.latencies, 0.50), 2));
        report.put("latency_p99_ms", rounded(percentile(&self.latencies, 0.99), 2));
        report.put("latency_max_ms", rounded(percentile(&self.latencies, 1.0), 2));
        report.put("ply_first", self.plies.map(|p| p.0));
        report.put("ply_last", self.plies.map(|p| p.1 + 1));
        report.put("games_out_of_line", self.ran_out);
        report
    }

    /// Counts a move made at `ply` that took `took`.
    pub fn count(&mut self, ply: u64, outcome: Outcome, took: Duration) {
        match outcome {
            Outcome::Acknowledged => {
                self.moves += 1;
                self.latencies.push(took.as_micros() as u64);
                self.plies = Some(self.plies.map_or((ply, ply), |(a, b)| (a.min(ply), b.max(ply))));
            }
            Outcome::Refused => self.refused += 1,
        }
    }
}

impl Players {
    /// `concurrency` workers playing `games` along `line`; no more
    /// workers than games.
    pub fn start(http: &Client, base: &str, line: Arc<Recorded>, games: Vec<Played>, concurrency: usize) -> Players {
        assert!(concurrency <= games.len(), "{concurrency} moves in flight over {} games", games.len());
        let games: Arc<Vec<Mutex<Played>>> = Arc::new(games.into_iter().map(Mutex::new).collect());
        let stop = Arc::new(AtomicBool::new(false));
        let tally = Arc::new(Tally {
            acknowledged: AtomicU64::new(0),
            refused: AtomicU64::new(0),
            ran_out: AtomicU64::new(0),
            first_ply: AtomicU64::new(u64::MAX),
            last_ply: AtomicU64::new(0),
        });
        let next = Arc::new(AtomicU64::new(0));
        let started = Instant::now();
        let workers = (0..concurrency)
            .map(|_| {
                let (http, base, line, games) = (http.clone(), base.to_string(), line.clone(), games.clone());
                let (stop, tally, next) = (stop.clone(), tally.clone(), next.clone());
                tokio::spawn(async move {
                    let mut mine = Vec::new();
                    while !stop.load(Ordering::Relaxed) {
                        if tally.ran_out.load(Ordering::Relaxed) as usize >= games.len() {
                            break;
                        }
                        let i = next.fetch_add(1, Ordering::Relaxed) as usize % games.len();
                        let Ok(mut played) = games[i].try_lock() else {
                            tokio::task::yield_now().await;
                            continue;
                        };
                        let Some(made) = played.play_next(&http, &base, &line).await else {
                            // Counted once, as the game is left at the line's end.
                            if played.ply == line.len() {
                                tally.ran_out.fetch_add(1, Ordering::Relaxed);
                                played.ply += 1;
                            }
                            drop(played);
                            tokio::task::yield_now().await;
                            continue;
                        };
                        match made.outcome {
                            Outcome::Acknowledged => {
                                tally.acknowledged.fetch_add(1, Ordering::Relaxed);
                                tally.first_ply.fetch_min(made.ply, Ordering::Relaxed);
                                tally.last_ply.fetch_max(made.ply, Ordering::Relaxed);
                                mine.push(made.took.as_micros() as u64);
                            }
                            Outcome::Refused => {
                                tally.refused.fetch_add(1, Ordering::Relaxed);
                                // As a person would: not again at once
                                // (a server that is down refuses in
                                // microseconds).
                                drop(played);
                                tokio::time::sleep(PAUSE_AFTER_REFUSAL).await;
                            }
                        }
                    }
                    mine
                })
            })
            .collect();
        Players { stop, tally, games, workers, started }
    }

    /// Moves acknowledged so far.
    pub fn acknowledged(&self) -> u64 {
        self.tally.acknowledged.load(Ordering::Relaxed)
    }

    /// Reads the moves acknowledged so far, from anywhere.
    pub fn counter(&self) -> impl Fn() -> u64 + Send + 'static {
        let tally = self.tally.clone();
        move || tally.acknowledged.load(Ordering::Relaxed)
    }

    /// Lets them play until `seconds` after they started, then stops
    /// them and waits for the moves in flight: the window ends with the
    /// last answer.
    pub async fn finish_after(self, seconds: Duration) -> Measured {
        self.finish_keeping(seconds).await.0
    }

    /// As [`Players::finish_after`], and the games as the players left
    /// them (each at the ply it was told it stands at).
    pub async fn finish_keeping(self, seconds: Duration) -> (Measured, Vec<Played>) {
        tokio::time::sleep(seconds.saturating_sub(self.started.elapsed())).await;
        self.stop.store(true, Ordering::Relaxed);
        let mut latencies = Vec::new();
        for w in self.workers {
            latencies.extend(w.await.unwrap_or_default());
        }
        let seconds = self.started.elapsed().as_secs_f64();
        latencies.sort_unstable();
        let tally = &self.tally;
        let moves = tally.acknowledged.load(Ordering::Relaxed);
        let plies =
            (moves > 0).then(|| (tally.first_ply.load(Ordering::Relaxed), tally.last_ply.load(Ordering::Relaxed)));
        let measured = Measured {
            moves,
            refused: tally.refused.load(Ordering::Relaxed),
            seconds,
            latencies,
            plies,
            ran_out: tally.ran_out.load(Ordering::Relaxed),
        };
        let games = match Arc::try_unwrap(self.games) {
            Ok(games) => games.into_iter().map(Mutex::into_inner).collect(),
            Err(_) => unreachable!("every worker has ended"),
        };
        (measured, games)
    }
}
