//! `arbiter play`: a game at this terminal — people taking turns (or, in
//! Single Capture Go, sending their plays in secret one after the other),
//! or people against the computer. Full screen on a terminal; line by line
//! when asked (`--plain`) or when input is not a terminal (scripts, tests).

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::{Result, anyhow, bail};
use arbiter_ai::choose::MAX_LEVEL;
use arbiter_core::{Seat, SeatSet};
use arbiter_games::{AnyGame, GameId};
use arbiter_play::computer::Thinking;
use arbiter_play::{GameRecord, Occupant, Replayed, RoundSettings, Rounds, Session};

use crate::args::GameArgs;
use crate::clock::clock;
use crate::files::read_source;
use crate::output::outln;
use crate::terminal::{self, RecordFile, RoundTable, TurnTable, rounds_default_path, turns_default_path};

/// The arguments of `arbiter play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Play against the computer, taking this side: `first` or `second`, or
    /// the side's name or letter (`white`, `b`, `red`; in Single Capture Go
    /// your letters, such as `A`, or `AC` for two people); without it
    /// everyone plays at this keyboard.
    #[arg(long = "as")]
    side: Option<String>,
    /// The computer's strength, 1 (a beginner) to 10.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=10))]
    level: u8,
    /// A time cap on each of the computer's moves, in milliseconds: the
    /// level's budget stops early when it runs out (the move then depends
    /// on the machine's speed).
    #[arg(long)]
    movetime: Option<u64>,
    /// Where to keep the record, written after every move (default: a new
    /// file named after the game and the time). A name that is taken is
    /// never written over: a free one beside it is used, and said.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Continue the game of this record (one saved by `play`, or any
    /// record of a game still going on): its moves stand, the seats are
    /// taken as --as and --level say, and the record goes on in a new file.
    #[arg(long)]
    from: Option<PathBuf>,
    /// The name of the player who moves first, for the record.
    #[arg(long = "first", visible_alias = "white")]
    first: Option<String>,
    /// The name of the player who moves second, for the record.
    #[arg(long = "second", visible_alias = "black")]
    second: Option<String>,
    /// Line by line instead of full screen.
    #[arg(long)]
    plain: bool,
}

impl PlayArgs {
    /// The record to continue (with `--from`): of the game named, and not
    /// over. Its options and start position stand, so none may be given.
    fn continued(&self, game: GameId) -> Result<Option<Replayed>> {
        let Some(path) = &self.from else { return Ok(None) };
        if let Some(flag) = self.game.given_flags().first() {
            bail!("'{flag}': the record given with --from fixes the game's options and start");
        }
        let replayed = GameRecord::from_text(&read_source(&path.display().to_string())?)?;
        if replayed.record.game != game {
            bail!("'{}': a record of {}, not of {}", path.display(), replayed.record.game, game.info().name);
        }
        if let Some(outcome) = replayed.line.status().outcome() {
            bail!("'{}': the game is over ({}); there is nothing to continue", path.display(), outcome.reason);
        }
        if let Some(result) = &replayed.record.result {
            let how = result.reason.map_or_else(|| "its record has a result".to_string(), |r| r.to_string());
            bail!("'{}': the game is over ({how}); there is nothing to continue", path.display());
        }
        Ok(Some(replayed))
    }

    /// The game's start: the record's, or the one the options and
    /// `--position` name.
    fn start(&self, game: GameId, continued: Option<&Replayed>) -> Result<AnyGame> {
        match continued {
            Some(replayed) => Ok(replayed.line.start().clone()),
            None => {
                let (_, options) = self.game.options()?;
                Ok(game.start(&options, self.game.position.as_deref())?)
            }
        }
    }

    /// A turn-based game: who sits where, named for the record.
    pub fn turn_table(&self) -> Result<TurnTable> {
        let game = self.game.game()?;
        let continued = self.continued(game)?;
        let start = self.start(game, continued.as_ref())?;
        let computer = match self.side.as_deref() {
            None => None,
            Some(word) => {
                let person = seat_named(&start, word).ok_or_else(|| {
                    let names: Vec<String> = start.seats().map(|s| start.seat_name(s).to_lowercase()).collect();
                    anyhow!("'{word}': --as is first or second, or a side: {}", names.join(" or "))
                })?;
                start.seats().find(|&s| s != person)
            }
        };
        let given = [&self.first, &self.second];
        let recorded = |seat: Seat| {
            let occupant = continued.as_ref()?.record.seats.get(seat.index())?;
            occupant.name.clone().filter(|_| !occupant.is_computer())
        };
        let seats = start
            .seats()
            .map(|seat| {
                let given = given.get(seat.index()).and_then(|g| (*g).clone());
                match computer == Some(seat) {
                    true => {
                        Occupant::computer(self.level, given.unwrap_or_else(|| format!("Arbiter level {}", self.level)))
                    }
                    false => {
                        Occupant::person(given.or_else(|| recorded(seat)).unwrap_or_else(|| start.seat_name(seat)))
                    }
                }
            })
            .collect();
        let clock = clock()?;
        let file = RecordFile::claim(self.save.as_deref(), || turns_default_path(game.as_str(), &*clock))?;
        let mut session = match continued {
            None => {
                let (_, options) = self.game.options()?;
                Session::new(game, &options, self.game.position.as_deref(), seats, clock.now())?
            }
            Some(replayed) => {
                let mut record = replayed.record;
                record.seats = seats;
                record.clock = None;
                Session::from_record(&record)?
            }
        };
        session.set_thinking(Thinking { movetime_ms: self.movetime });
        Ok(TurnTable::new(session, clock, file))
    }

    /// A game of rounds: the people are the letters of `--as` (everyone,
    /// without it), the computer plays the other seats at `--level`.
    pub fn round_table(&self) -> Result<RoundTable> {
        let game = self.game.game()?;
        let continued = self.continued(game)?;
        let start = self.start(game, continued.as_ref())?;
        let people: SeatSet = match &self.side {
            None => start.active(),
            Some(word) if seat_named(&start, word).is_some() => seat_named(&start, word).into_iter().collect(),
            Some(letters) => letters
                .chars()
                .map(|c| {
                    start.seat_by_label(&c.to_string()).ok_or_else(|| {
                        let all: String = start.seats().map(|s| start.seat_label(s)).collect();
                        anyhow!("'{c}': not a player of this game (players: {all})")
                    })
                })
                .collect::<Result<SeatSet>>()?,
        };
        let seats = start
            .seats()
            .map(|seat| match (people.contains(seat), people.len()) {
                (true, 1) => Occupant::person("you"),
                (true, _) => Occupant::person(format!("player {}", start.seat_label(seat))),
                (false, _) => Occupant::computer(self.level, format!("computer, level {}", self.level)),
            })
            .collect();
        let clock = clock()?;
        let now = clock.now();
        let file = RecordFile::claim(self.save.as_deref(), || rounds_default_path(&*clock))?;
        let settings = RoundSettings { round_hours: None, close_early: true };
        let rounds = match continued {
            None => {
                let (_, options) = self.game.options()?;
                let seed = now.unix() as u64;
                Rounds::new(game, &options, self.game.position.as_deref(), seats, settings, seed, now)?
            }
            Some(replayed) => Rounds::continued(replayed, seats, settings, now)?,
        };
        Ok(RoundTable::new(rounds, people, clock, file))
    }
}

/// The seat a word names: `first` or `second`, a seat's label (`w`, `r`,
/// `A`) or its name (`White`, `Red`), in any case.
fn seat_named(start: &AnyGame, word: &str) -> Option<Seat> {
    let word = word.trim();
    match word.to_ascii_lowercase().as_str() {
        "first" => return start.seats().next(),
        "second" => return start.seats().nth(1),
        _ => {}
    }
    start
        .seats()
        .find(|&s| start.seat_label(s).eq_ignore_ascii_case(word) || start.seat_name(s).eq_ignore_ascii_case(word))
}

/// Runs `arbiter play`.
pub fn run(args: &PlayArgs, json: bool) -> Result<()> {
    if json {
        return Err(anyhow!(
            "'--json': play is a game at this terminal; its record (--save) is what it leaves, and 'arbiter record --json' reads it"
        ));
    }
    let game = args.game.game()?;
    if !(1..=MAX_LEVEL).contains(&args.level) {
        return Err(anyhow!("'{}': levels are 1 to {MAX_LEVEL}", args.level));
    }
    if args.movetime == Some(0) {
        return Err(anyhow!("'0': --movetime is a positive number of milliseconds"));
    }
    let full_screen = !args.plain && std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let (saved, failure, record) = if game.is_simultaneous() {
        if args.movetime.is_some() {
            return Err(anyhow!(
                "'--movetime': the computer's plays in {} take at most a few tens of milliseconds",
                game.info().name
            ));
        }
        let mut table = args.round_table()?;
        if full_screen {
            terminal::rounds_full_screen(&mut table)?;
        } else {
            terminal::lines::rounds(&mut table)?;
        }
        (table.saved().map(PathBuf::from), table.where_kept(), table.record_text())
    } else {
        let mut table = args.turn_table()?;
        if full_screen {
            terminal::turns_full_screen(&mut table)?;
        } else {
            terminal::lines::turns(&mut table)?;
        }
        let failed = table.record_file().failure().map(str::to_string);
        (table.saved().map(PathBuf::from), failed.unwrap_or_default(), table.record_text())
    };
    match saved {
        Some(path) => outln!("Record saved to {}", path.display()),
        None if failure.starts_with("The record could not be saved") => {
            // Never lose the game: its record goes to standard output.
            outln!("{record}");
            bail!("{failure}; the record is printed above");
        }
        None if args.from.is_some() => outln!("No new move played; nothing saved."),
        None if game.is_simultaneous() => outln!("No round played; nothing saved."),
        None => outln!("No moves played; nothing saved."),
    }
    Ok(())
}
