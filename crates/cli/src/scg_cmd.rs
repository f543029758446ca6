//! `arbiter scg`: the referee's tool for a game of Single Capture Go run
//! by mail or chat. The game lives in one JSON file; every command reads
//! it under a lock, and writes it back atomically.
//!
//! - `new [GAME] --players Alice,Bob,Carol [--round-hours 72] [--close-early] [--at-blocked] [--bots N]`
//! - `play GAME --as Carol e7`
//! - `status GAME [--as Carol]`
//! - `close GAME [--force]`
//! - `export GAME [--output FILE]` (the game as a record), `replay RECORD`
//!   (a record's announcements)

use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow, bail};
use arbiter_games::record::Record;
use arbiter_games::scg::Letters;
use arbiter_games::scg::record_announcements;
use arbiter_games::scg::referee::{DEFAULT_ROUND_HOURS, Receipt, RefereeGame, RefereeOptions};
use arbiter_games::scg::when::{Instant, iso_instant};
use clap::Subcommand;
use serde_json::json;

use crate::output::{out, outln};
use crate::record_cmd::{read_source, write_new};
use crate::scg_bots;
use crate::scg_store::{Locked, now};

/// `arbiter scg …`.
#[derive(clap::Args, Debug)]
pub struct ScgArgs {
    #[command(subcommand)]
    command: ScgCommand,
}

#[derive(Subcommand, Debug)]
enum ScgCommand {
    /// Opens a new game and prints the opening announcement.
    New(NewArgs),
    /// Receives a player's play for the open round (secret until it closes).
    Play {
        /// The game file.
        game: PathBuf,
        /// Whose play: a letter or a name.
        #[arg(long = "as")]
        who: String,
        /// The square played, such as e7.
        square: String,
    },
    /// The open round: grid, players, deadline, how many plays are in; with
    /// --as, that player's own play too.
    Status {
        /// The game file.
        game: PathBuf,
        /// See the game as this player (letter or name).
        #[arg(long = "as")]
        who: Option<String>,
    },
    /// Ends the open round once its deadline has passed (at once with
    /// --force) and prints the announcement.
    Close {
        /// The game file.
        game: PathBuf,
        /// Close before the deadline.
        #[arg(long)]
        force: bool,
    },
    /// Writes the game as a record (one round per number).
    Export {
        /// The game file.
        game: PathBuf,
        /// Write here instead of standard output (never over an existing file).
        #[arg(long)]
        output: Option<PathBuf>,
    },
    /// Prints the announcement of every round of a record.
    Replay {
        /// The record file (`-` for standard input).
        record: String,
    },
}

/// `arbiter scg new`.
#[derive(clap::Args, Debug)]
struct NewArgs {
    /// The game file to create (default: a new scg-game-N.json here).
    game: Option<PathBuf>,
    /// The players' names in seat order, separated by commas.
    #[arg(long, value_delimiter = ',', required_unless_present = "from")]
    players: Vec<String>,
    /// Their letters in seat order (default A, B, C…).
    #[arg(long)]
    letters: Option<String>,
    /// Hours from each announcement to the round's deadline.
    #[arg(long, default_value_t = DEFAULT_ROUND_HOURS)]
    round_hours: u32,
    /// Close a round as soon as every remaining player has a play in.
    #[arg(long)]
    close_early: bool,
    /// Squares holding @ may not be played (a system rule, off by default).
    #[arg(long)]
    at_blocked: bool,
    /// Seats the computer fills, after the named players.
    #[arg(long, default_value_t = 0)]
    bots: usize,
    /// The computer's level, 1 to 10.
    #[arg(long, default_value_t = 5)]
    bot_level: u8,
    /// Seed of the computer's choices (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Continue the game of this record instead of starting a new one.
    #[arg(long, conflicts_with_all = ["players", "letters", "bots"])]
    from: Option<String>,
}

/// Runs `arbiter scg …`.
pub fn run(args: &ScgArgs, json: bool) -> Result<()> {
    let now = now()?;
    match &args.command {
        ScgCommand::New(a) => new(a, now, json),
        ScgCommand::Play { game, who, square } => play(game, who, square, now, json),
        ScgCommand::Status { game, who } => status(game, who.as_deref(), now, json),
        ScgCommand::Close { game, force } => close(game, *force, now, json),
        ScgCommand::Export { game, output } => export(game, output.as_deref(), json),
        ScgCommand::Replay { record } => replay(record, json),
    }
}

/// A game file name not taken yet.
fn fresh_path() -> PathBuf {
    (1..).map(|n| PathBuf::from(format!("scg-game-{n}.json"))).find(|p| !p.exists()).expect("a free name")
}

fn new(a: &NewArgs, now: Instant, json: bool) -> Result<()> {
    let options = RefereeOptions { round_hours: a.round_hours, close_early: a.close_early, at_blocked: a.at_blocked };
    let mut game = match &a.from {
        Some(record) => RefereeGame::from_record(&Record::parse(&read_source(record)?)?, options, now)?,
        None => {
            if !(1..=10).contains(&a.bot_level) {
                bail!("'{}': levels are 1 to 10", a.bot_level);
            }
            let mut names = a.players.clone();
            let mut bots = vec![None; names.len()];
            for i in 1..=a.bots {
                names.push(format!("Computer {i}"));
                bots.push(Some(a.bot_level));
            }
            let letters = a.letters.as_deref().map(Letters::parse).transpose()?;
            let seed = a.seed.unwrap_or(now as u64);
            RefereeGame::new(&names, letters, &bots, options, seed, now)?
        }
    };
    scg_bots::fill_seats(&mut game, now)?;
    let path = a.game.clone().unwrap_or_else(fresh_path);
    let lock = Locked::open(&path)?;
    if path.exists() {
        bail!("'{}': the file exists; a new game needs a new file", path.display());
    }
    lock.write(&game)?;
    let text = match game.history.last() {
        Some(last) if game.is_over() => last.announcement.clone(),
        Some(_) => game.status_text(None, now),
        None => game.opening(),
    };
    if json {
        outln!(
            "{}",
            json!({
                "game": path.display().to_string(),
                "round": game.round,
                "deadline": game.deadline.map(iso_instant),
                "announcement": text,
            })
        );
    } else {
        outln!("Game file: {}\n", path.display());
        out!("{text}");
    }
    Ok(())
}

fn play(path: &Path, who: &str, square: &str, now: Instant, json: bool) -> Result<()> {
    let lock = Locked::open(path)?;
    let mut game = lock.read()?;
    let seat = game.seat(who)?;
    let receipt = game.submit(seat, square, now)?;
    let closing = matches!(receipt, Receipt::Accepted { .. }) && game.options.close_early && game.all_in();
    let announcement = if closing { Some(close_round(&mut game, now, false)?) } else { None };
    lock.write(&game)?;
    let player = game.who(seat);
    match receipt {
        Receipt::Accepted { square, replaced } => {
            if json {
                outln!(
                    "{}",
                    json!({ "accepted": true, "player": player, "square": square, "replaced": replaced, "announcement": announcement })
                );
            } else {
                match replaced {
                    Some(old) => outln!("Received {player}'s play {square}; it replaces {old}."),
                    None => outln!("Received {player}'s play {square}."),
                }
                if let Some(text) = announcement {
                    outln!("Every play is in: the round is closed.\n");
                    out!("{text}");
                }
            }
            Ok(())
        }
        Receipt::Refused { reason, standing } => {
            let still = match standing {
                Some(sq) => format!("; {player}'s earlier play {sq} still counts"),
                None => format!("; {player} has no valid play in yet"),
            };
            Err(anyhow!("'{}': refused: {reason}{still}", square.trim()))
        }
    }
}

/// Closes the round, then lets the computer's seats play the next one.
fn close_round(game: &mut RefereeGame, now: Instant, force: bool) -> Result<String> {
    let text = game.close(now, force)?;
    scg_bots::fill_seats(game, now)?;
    Ok(text)
}

fn status(path: &Path, who: Option<&str>, now: Instant, json: bool) -> Result<()> {
    let game = Locked::open(path)?.read()?;
    let viewer = who.map(|w| game.seat(w)).transpose()?;
    if json {
        outln!("{}", game.status_json(viewer, now));
    } else {
        out!("{}", game.status_text(viewer, now));
    }
    Ok(())
}

fn close(path: &Path, force: bool, now: Instant, json: bool) -> Result<()> {
    let lock = Locked::open(path)?;
    let mut game = lock.read()?;
    let text = close_round(&mut game, now, force)?;
    lock.write(&game)?;
    if json {
        let mut out = game.status_json(None, now);
        out["announcement"] = json!(text);
        outln!("{out}");
    } else {
        out!("{text}");
    }
    Ok(())
}

fn export(path: &Path, output: Option<&Path>, json: bool) -> Result<()> {
    let game = Locked::open(path)?.read()?;
    let record = game.to_record();
    let text = if json {
        format!("{}\n", json!({ "record": record.to_text(), "rounds": record.moves }))
    } else {
        record.to_text()
    };
    match output {
        Some(file) => write_new(file, &text),
        None => {
            out!("{text}");
            Ok(())
        }
    }
}

fn replay(file: &str, json: bool) -> Result<()> {
    let record = Record::parse(&read_source(file)?)?;
    let announcements = record_announcements(&record)?;
    if json {
        outln!("{}", json!({ "announcements": announcements }));
    } else {
        outln!("{}", announcements.join("\n"));
    }
    Ok(())
}
