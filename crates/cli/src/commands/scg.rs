//! `arbiter scg`: the referee's tool for a game of Single Capture Go run
//! by mail or chat. The game lives in one JSON file (the game record);
//! every command reads it under a lock, runs the play layer's [`Rounds`],
//! and writes it back atomically.
//!
//! - `new [GAME] --players Alice,Bob,Carol [--round-hours 72] [--close-early] [--at-blocked] [--bots N]`
//! - `play GAME --as Carol e7`
//! - `status GAME [--as Carol]`
//! - `close GAME [--force]`
//! - `export GAME [--output FILE]` (the game as a record), `replay RECORD`
//!   (a record's announcements)

use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow, bail};
use arbiter_core::{GameOptions, MoveError, OptionValue};
use arbiter_games::GameId;
use arbiter_play::rounds::DEFAULT_ROUND_HOURS;
use arbiter_play::{
    Event, GameRecord, MoveForm, Occupant, PlayError, Receipt, RoundSettings, Rounds, Timestamp, Viewer,
};
use clap::Subcommand;
use serde_json::json;

use crate::clock::clock;
use crate::files::{Locked, claim_output, fresh_path, read_source, write_new};
use crate::output::{out, outln};

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
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=10))]
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
    let now = clock()?.now();
    match &args.command {
        ScgCommand::New(a) => new(a, now, json),
        ScgCommand::Play { game, who, square } => play(game, who, square, now, json),
        ScgCommand::Status { game, who } => status(game, who.as_deref(), now, json),
        ScgCommand::Close { game, force } => close(game, *force, now, json),
        ScgCommand::Export { game, output } => export(game, output.as_deref(), json),
        ScgCommand::Replay { record } => replay(record, json),
    }
}

/// The game in the file held by `lock`.
fn read(lock: &Locked, path: &Path) -> Result<Rounds> {
    let record = lock.read()?;
    Rounds::from_record(&record).map_err(|e| anyhow!("'{}': {}", path.display(), e.in_file()))
}

/// The error as the referee reads it: with what to do next where there is
/// something to do.
fn with_hint(e: PlayError) -> anyhow::Error {
    match e {
        PlayError::DeadlinePassed { .. } => anyhow!("{e}; the referee now closes it (arbiter scg close)"),
        PlayError::RoundOpen { .. } => {
            anyhow!("{e}; wait for the deadline, or close it at once with --force")
        }
        other => other.into(),
    }
}

/// The announcement among `events`, if a round closed.
fn announcement(events: &[Event]) -> Option<String> {
    events.iter().find_map(|e| match e {
        Event::RoundClosed { announcement, .. } => Some(announcement.clone()),
        _ => None,
    })
}

/// A game continued from a text record: the rounds played so far, each
/// closed at `now`, and the next round open from `now` (when the game goes
/// on). The record's own options stand.
fn continued(text: &str, settings: RoundSettings, now: Timestamp) -> Result<Rounds> {
    let replayed = GameRecord::from_text(text)?;
    if replayed.record.game != GameId::Scg {
        bail!("'{}': not a record of Single Capture Go (scg)", replayed.record.game);
    }
    if replayed.record.setup.is_some() {
        bail!("'Setup': a refereed game starts from the empty grid");
    }
    let start = replayed.line.start();
    let seats = start
        .seats()
        .map(|seat| {
            let name = replayed.record.seats.get(seat.index()).and_then(|o| o.name.clone());
            Occupant::person(name.unwrap_or_else(|| format!("Player {}", start.seat_label(seat))))
        })
        .collect();
    let settings = RoundSettings { round_hours: settings.round_hours.or(Some(DEFAULT_ROUND_HOURS)), ..settings };
    Ok(Rounds::continued(replayed, seats, settings, now)?)
}

fn new(a: &NewArgs, now: Timestamp, json: bool) -> Result<()> {
    let settings = RoundSettings { round_hours: Some(a.round_hours), close_early: a.close_early };
    let rounds = match &a.from {
        Some(file) => continued(&read_source(file)?, settings, now)?,
        None => {
            if !(1..=10).contains(&a.bot_level) {
                bail!("'{}': levels are 1 to 10", a.bot_level);
            }
            let names: Vec<&str> = a.players.iter().map(|n| n.trim()).collect();
            check_names(&names, a.letters.as_deref())?;
            let mut seats: Vec<Occupant> = names.iter().map(|n| Occupant::person(*n)).collect();
            seats.extend((1..=a.bots).map(|i| Occupant::computer(a.bot_level, format!("Computer {i}"))));
            let players = a.letters.clone().unwrap_or_else(|| seats.len().to_string());
            let mut options = GameOptions::new().with("players", OptionValue::Text(players));
            if a.at_blocked {
                options = options.with("at-blocked", OptionValue::Switch(true));
            }
            let seed = a.seed.unwrap_or(now.unix() as u64);
            Rounds::new(GameId::Scg, &options, None, seats, settings, seed, now)?
        }
    };
    let path = a.game.clone().unwrap_or_else(|| fresh_path("scg-game", "json"));
    let lock = Locked::open(&path)?;
    if path.exists() {
        bail!("'{}': the file exists; a new game needs a new file", path.display());
    }
    lock.write(&rounds.record())?;
    let text = match rounds.announcements().last() {
        Some(last) if rounds.is_over() => last.clone(),
        Some(_) => rounds.status_text(Viewer::Spectator, now),
        None => rounds.opening(),
    };
    if json {
        let deadline = rounds.deadline().map(Timestamp::rfc3339);
        outln!(
            "{}",
            json!({ "game": path.display().to_string(), "round": rounds.round(), "deadline": deadline, "announcement": text })
        );
    } else {
        outln!("Game file: {}\n", path.display());
        out!("{text}");
    }
    Ok(())
}

/// The players' names: 1 to 40 printable characters each (no comma, which
/// separates them), all different, and a one-letter name only the
/// player's own letter.
fn check_names(names: &[&str], letters: Option<&str>) -> Result<()> {
    for (i, name) in names.iter().enumerate() {
        if name.is_empty() || name.chars().count() > 40 || name.chars().any(|c| c.is_control() || c == ',') {
            bail!("'{name}': a player's name is 1 to 40 printable characters without commas");
        }
        if names[..i].iter().any(|n| n.eq_ignore_ascii_case(name)) {
            bail!("'{name}': two players have this name; names must differ");
        }
        let letter = letters.and_then(|l| l.chars().nth(i)).unwrap_or((b'A' + i as u8) as char);
        if name.len() == 1 && name.as_bytes()[0].is_ascii_uppercase() && !name.starts_with(letter) {
            bail!("'{name}': a one-letter name must be the player's own letter");
        }
    }
    Ok(())
}

fn play(path: &Path, who: &str, square: &str, now: Timestamp, json: bool) -> Result<()> {
    let lock = Locked::open(path)?;
    let mut rounds = read(&lock, path)?;
    let seat = rounds.seat_named(who)?;
    let player = rounds.who(seat);
    let standing = |rounds: &Rounds| match rounds.pending_play(seat) {
        Some(sq) => format!("; {player}'s earlier play {} still counts", sq.text),
        None => format!("; {player} has no valid play yet"),
    };
    let (receipt, events) = match rounds.submit(seat, square, now) {
        Ok(done) => done,
        // Text that names no square is refused and not kept.
        Err(PlayError::Move(e @ MoveError::Malformed { .. })) => {
            bail!("'{}': refused: {}{}", square.trim(), e.reason(), standing(&rounds))
        }
        Err(e) => return Err(with_hint(e)),
    };
    lock.write(&rounds.record())?;
    let closed = announcement(&events);
    match receipt {
        Receipt::Accepted { play, replaced } => {
            if json {
                outln!(
                    "{}",
                    json!({ "accepted": true, "player": player, "square": play, "replaced": replaced, "announcement": closed })
                );
            } else {
                match replaced {
                    Some(old) => outln!("Received {player}'s play {play}; it replaces {old}."),
                    None => outln!("Received {player}'s play {play}."),
                }
                if let Some(text) = closed {
                    outln!("Every play is in: the round is closed.\n");
                    out!("{text}");
                }
            }
            Ok(())
        }
        Receipt::Refused { reason, .. } => Err(anyhow!("'{}': refused: {reason}{}", square.trim(), standing(&rounds))),
    }
}

fn status(path: &Path, who: Option<&str>, now: Timestamp, json: bool) -> Result<()> {
    let lock = Locked::open(path)?;
    let rounds = read(&lock, path)?;
    let viewer = match who {
        Some(w) => Viewer::Seat(rounds.seat_named(w)?),
        None => Viewer::Spectator,
    };
    if json {
        outln!("{}", serde_json::to_string(&rounds.view(viewer, now))?);
    } else {
        out!("{}", rounds.status_text(viewer, now));
    }
    Ok(())
}

fn close(path: &Path, force: bool, now: Timestamp, json: bool) -> Result<()> {
    let lock = Locked::open(path)?;
    let mut rounds = read(&lock, path)?;
    let events = rounds.close(now, force).map_err(with_hint)?;
    lock.write(&rounds.record())?;
    let text = announcement(&events).unwrap_or_default();
    if json {
        let mut out = serde_json::to_value(rounds.view(Viewer::Spectator, now))?;
        out["announcement"] = json!(text);
        outln!("{out}");
    } else {
        out!("{text}");
    }
    Ok(())
}

fn export(path: &Path, output: Option<&Path>, json: bool) -> Result<()> {
    let output = output.map(claim_output).transpose()?;
    let lock = Locked::open(path)?;
    let rounds = read(&lock, path)?;
    let replayed = rounds.replayed();
    let record = replayed.to_text(MoveForm::Record);
    let text = if json {
        format!("{}\n", json!({ "record": record, "rounds": replayed.move_texts(MoveForm::Record) }))
    } else {
        record
    };
    match output {
        Some(file) => write_new(&file, &text).map(drop),
        None => {
            out!("{text}");
            Ok(())
        }
    }
}

fn replay(file: &str, json: bool) -> Result<()> {
    let replayed = GameRecord::from_text(&read_source(file)?)?;
    if !replayed.record.game.is_simultaneous() {
        bail!("'{}': not a record of a game of rounds (scg)", replayed.record.game);
    }
    let mut rounds = Rounds::from_record(&replayed.record)?;
    rounds.announce_missing();
    let announcements = rounds.announcements();
    if json {
        outln!("{}", json!({ "announcements": announcements }));
    } else {
        outln!("{}", announcements.join("\n"));
    }
    Ok(())
}
