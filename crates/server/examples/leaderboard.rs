//! How fast a leaderboard answers with many rated players: makes a
//! database at `--database URL` (a new SQLite file, or an empty
//! PostgreSQL database), rates `--players N` accounts in one pool (a
//! tenth unsettled, a tenth idle for half a year, as a real site has
//! them), then asks for the pool's leaderboard `--asks K` times and
//! prints the median and slowest answer.
//!
//! `cargo run --release -p arbiter-server --example leaderboard -- --database sqlite:///tmp/board.db --players 100000`

use std::time::{Duration, Instant};

use arbiter_play::Timestamp;
use arbiter_store::Store;
use sqlx::Connection;

/// The settings from the command line.
struct Args {
    database: String,
    players: u32,
    asks: u32,
}

fn args() -> Args {
    let mut args = Args { database: String::new(), players: 100_000, asks: 50 };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().unwrap_or_default();
        match flag.as_str() {
            "--database" => args.database = value,
            "--players" => args.players = value.parse().unwrap_or(args.players),
            "--asks" => args.asks = value.parse().unwrap_or(args.asks),
            other => {
                eprintln!("unknown flag {other}; give --database URL [--players N] [--asks K]");
                std::process::exit(2);
            }
        }
    }
    if args.database.is_empty() {
        eprintln!("give --database URL");
        std::process::exit(2);
    }
    args
}

/// The statements that make `players` rated accounts, a thousand a statement.
fn seeding(players: u32, now: i64) -> Vec<String> {
    let mut statements = Vec::new();
    for start in (0..players).step_by(1000) {
        let end = (start + 1000).min(players);
        let accounts: Vec<String> = (start..end).map(|i| format!("('p{i}', 'p{i}', 'x', {now})")).collect();
        statements.push(format!(
            "INSERT INTO accounts (name, name_key, password_hash, created) VALUES {}",
            accounts.join(", ")
        ));
        let ratings: Vec<String> = (start..end)
            .map(|i| {
                let deviation = if i % 10 == 0 { 120.0 } else { 45.0 + f64::from(i % 30) };
                let last = if i % 10 == 1 { now - 180 * 86_400 } else { now - i64::from(i % 80) * 86_400 };
                let rating = 800.0 + f64::from((i.wrapping_mul(2_654_435_761)) % 1600);
                format!("((SELECT id FROM accounts WHERE name_key = 'p{i}'), 'agog', {rating}, {deviation}, 0.06, 30, {last})")
            })
            .collect();
        statements.push(format!(
            "INSERT INTO ratings (account_id, pool, rating, deviation, volatility, games, last_rated) VALUES {}",
            ratings.join(", ")
        ));
    }
    statements
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args = args();
    let store = Store::open(&args.database).await.unwrap_or_else(|e| panic!("opening {}: {e}", args.database));
    let now = Timestamp::from_unix(1_795_000_000);
    let statements = seeding(args.players, now.unix());
    let started = Instant::now();
    if args.database.starts_with("sqlite:") {
        let mut c = sqlx::SqliteConnection::connect(&args.database).await.expect("the database");
        for st in &statements {
            sqlx::query(sqlx::AssertSqlSafe(st.as_str())).execute(&mut c).await.expect("seeding");
        }
    } else {
        let mut c = sqlx::PgConnection::connect(&args.database).await.expect("the database");
        for st in &statements {
            sqlx::query(sqlx::AssertSqlSafe(st.as_str())).execute(&mut c).await.expect("seeding");
        }
        sqlx::query("ANALYZE").execute(&mut c).await.expect("analyse");
    }
    println!("{} rated players made in {:.1} s", args.players, started.elapsed().as_secs_f64());
    let since = Timestamp::from_unix(now.unix() - 90 * 86_400);
    let mut times: Vec<Duration> = Vec::new();
    for _ in 0..args.asks {
        let asked = Instant::now();
        let board = store.leaderboard("agog", 75.0, since, 100).await.expect("the leaderboard");
        times.push(asked.elapsed());
        assert_eq!(board.len(), 100.min(args.players as usize * 8 / 10));
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "leaderboard of {} players: median {:.2} ms, slowest {:.2} ms over {} asks",
        args.players,
        ms(times[times.len() / 2]),
        ms(times[times.len() - 1]),
        times.len()
    );
    store.close().await;
}
