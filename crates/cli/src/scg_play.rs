//! `arbiter play scg`: a game of Single Capture Go at this terminal, the
//! computer in every seat but yours (`--as A`; several letters for several
//! people sharing the keyboard; without `--as`, everyone at the keyboard).
//! Each round shows the labelled grid, asks for your play, and prints the
//! round's announcement.

use std::io::BufRead;

use anyhow::{Result, anyhow};
use arbiter_ai::scg::choose_play;
use arbiter_core::{Seat, SeatSet, SimultaneousGame, SimultaneousNotation};
use arbiter_games::AnyGame;
use arbiter_games::record::{GameLog, Record};
use arbiter_games::scg::{Names, RoundExtras, Scg, Square, announce};

use crate::output::{out, outln};
use crate::play::PlayArgs;
use crate::{date, record_cmd};

const HELP: &str =
    "Type a square (row letter, column number: c3, e7). Commands: moves (the squares you may play), help, quit.";

/// What the person typed.
enum Input {
    Play(Square),
    Quit,
}

/// Runs `arbiter play scg`.
pub fn run(args: &PlayArgs) -> Result<()> {
    let AnyGame::Scg(start) = args.game.position()? else {
        return Err(anyhow!("'{}': not Single Capture Go", args.game.game));
    };
    let mut p: Scg = *start;
    let people: SeatSet = match &args.side {
        None => p.active(),
        Some(letters) => letters
            .chars()
            .map(|c| p.seat_of(c).ok_or_else(|| anyhow!("'{c}': not a player of this game (players: {})", p.letters())))
            .collect::<Result<SeatSet>>()?,
    };
    let names: Vec<String> = (0..p.seat_count())
        .map(|i| match (people.contains(Seat(i as u8)), people.len()) {
            (true, 1) => "you".to_string(),
            (true, _) => format!("player {}", p.letter(Seat(i as u8))),
            (false, _) => format!("computer, level {}", args.level),
        })
        .collect();
    let mut record = Record::default();
    record.set_tag("Game", "scg");
    record.set_tag("Date", date::today());
    record.set_tag("Players", p.letters().as_string());
    for (i, name) in names.iter().enumerate() {
        record.set_tag(&p.letter(Seat(i as u8)).to_string(), name.clone());
    }
    if p.at_blocked() {
        record.set_tag("AtBlocked", "on");
    }
    if let Some(position) = &args.game.position {
        record.set_tag("Setup", position.clone());
    }
    let seed = date::unix_seconds();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    outln!("{HELP}\n");
    let mut round = 1;
    while !p.status().is_over() {
        outln!("Round {round}\n{}", p.diagram());
        let mut plays = Vec::new();
        for seat in p.active().iter().filter(|&s| !people.contains(s)) {
            let bot_seed = seed ^ (u64::from(round) << 8 | u64::from(seat.0));
            if let Some(sq) = choose_play(&p, seat, args.level, bot_seed) {
                plays.push((seat, sq));
            }
        }
        let mut quit = false;
        for seat in p.active().iter().filter(|&s| people.contains(s)) {
            match ask(&p, seat, &Names(&names), &mut lines)? {
                Input::Play(sq) => plays.push((seat, sq)),
                Input::Quit => quit = true,
            }
            if quit {
                break;
            }
        }
        if quit {
            break;
        }
        let (next, report) = p.resolve_reported(&plays);
        record.moves.push(p.round_string(&plays));
        outln!("\n{}", announce(round, &p, &next, &report, Names(&names), &RoundExtras::default()));
        p = next;
        round += 1;
    }
    save(&mut record, args)
}

/// Asks `seat` for a play until a valid one (or quit, or the end of input).
fn ask(
    p: &Scg,
    seat: Seat,
    names: &Names<'_>,
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
) -> Result<Input> {
    loop {
        out!("{}, your play> ", names.who(p, seat));
        let Some(line) = lines.next() else {
            outln!();
            return Ok(Input::Quit);
        };
        match line?.trim() {
            "" => {}
            "quit" | "exit" => return Ok(Input::Quit),
            "help" | "?" => outln!("{HELP}"),
            "moves" => outln!("{}", p.playable_names().join(" ")),
            text => match p.parse_square_play(seat, text) {
                Ok(sq) => return Ok(Input::Play(sq)),
                Err(e) => outln!("Refused: {}", e.reason),
            },
        }
    }
}

/// Saves the record (if a round was played), checked by replaying it.
fn save(record: &mut Record, args: &PlayArgs) -> Result<()> {
    if record.moves.is_empty() {
        outln!("No round played; nothing saved.");
        return Ok(());
    }
    let log = GameLog::replay(record)?;
    let path = args.save.clone().unwrap_or_else(|| {
        let stamp = date::unix_seconds();
        (0..).map(|n| std::path::PathBuf::from(format!("scg-{stamp}-{n}.txt"))).find(|p| !p.exists()).expect("a name")
    });
    record_cmd::write_new(&path, &log.to_text())?;
    outln!("Record saved to {}", path.display());
    Ok(())
}
