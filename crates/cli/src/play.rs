//! `arbiter play`: a game at this terminal — two people taking turns, or a
//! person against the AI. Full screen on a terminal; line by line when
//! asked (`--plain`) or when input is not a terminal (scripts, tests).

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::{Result, anyhow};
use arbiter_ai::choose::{GoParams, MAX_LEVEL};

use crate::game_args::GameArgs;
use crate::output::{out, outln};
use crate::session::{Mover, Reply, Session};
use crate::tui;

/// Which side a person takes against the AI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The side that moves first (White in A•G•O•G).
    First,
    /// The side that moves second.
    Second,
}

impl Side {
    fn parse(text: &str) -> Result<Side> {
        match text {
            "first" => Ok(Side::First),
            "second" => Ok(Side::Second),
            other => Err(anyhow!("'{other}': --as is first or second")),
        }
    }
}

/// The arguments of `arbiter play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Play against the AI, taking this side (`first` or `second`; in
    /// Single Capture Go your letters, such as `A`); without it everyone
    /// plays at this keyboard.
    #[arg(long = "as")]
    pub(crate) side: Option<String>,
    /// The AI's strength, 1 (a beginner) to 10.
    #[arg(long, default_value_t = 5)]
    pub(crate) level: u8,
    /// A time cap on each of the AI's moves, in milliseconds: the level's
    /// budget stops early when it runs out (the move then depends on the
    /// machine's speed).
    #[arg(long)]
    pub(crate) movetime: Option<u64>,
    /// Where to save the record (default: a new file named after the game and time).
    #[arg(long)]
    pub(crate) save: Option<PathBuf>,
    /// The name of the player who moves first, for the record.
    #[arg(long = "first", visible_alias = "white")]
    first: Option<String>,
    /// The name of the player who moves second, for the record.
    #[arg(long = "second", visible_alias = "black")]
    second: Option<String>,
    /// Line by line instead of full screen.
    #[arg(long)]
    pub(crate) plain: bool,
}

/// Runs `arbiter play`.
pub fn run(args: &PlayArgs) -> Result<()> {
    let (kind, options) = args.game.options()?;
    if !(1..=MAX_LEVEL).contains(&args.level) {
        return Err(anyhow!("'{}': levels are 1 to {MAX_LEVEL}", args.level));
    }
    if args.movetime == Some(0) {
        return Err(anyhow!("'0': --movetime is a positive number of milliseconds"));
    }
    if kind.is_simultaneous() {
        if args.movetime.is_some() {
            return Err(anyhow!("'--movetime': Single Capture Go bots take at most a few tens of milliseconds a play"));
        }
        return crate::scg_play::run(args);
    }
    let start = args.game.position()?;
    let ai = Mover::Ai(GoParams { level: Some(args.level), movetime_ms: args.movetime, ..GoParams::default() });
    let movers = match args.side.as_deref().map(Side::parse).transpose()? {
        None => [Mover::Human, Mover::Human],
        Some(Side::First) => [Mover::Human, ai],
        Some(Side::Second) => [ai, Mover::Human],
    };
    let ai_name = format!("Arbiter level {}", args.level);
    let name = |given: &Option<String>, human: bool, default: &str| match (given, human) {
        (Some(n), _) => n.clone(),
        (None, true) => default.to_string(),
        (None, false) => ai_name.clone(),
    };
    let mut tags = options.tags(kind);
    if let Some(p) = &args.game.position {
        tags.push(("Setup", p.clone()));
    }
    let [first, second] = kind.side_names();
    tags.push((first, name(&args.first, movers[0] == Mover::Human, first)));
    tags.push((second, name(&args.second, movers[1] == Mover::Human, second)));
    let mut session = Session::new(start, &tags, movers);
    let full_screen = !args.plain && std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if full_screen {
        tui::run(&mut session)?;
    } else {
        plain(&mut session)?;
    }
    match session.save(args.save.clone(), kind.id())? {
        Some(path) => outln!("Record saved to {}", path.display()),
        None => outln!("No moves played; nothing saved."),
    }
    Ok(())
}

/// The line-by-line front end.
fn plain(session: &mut Session) -> Result<()> {
    let mut lines = crate::input::stdin_lines();
    outln!("{}\n", session.help());
    loop {
        while let Some(mv) = session.ai_turn() {
            outln!("Arbiter plays {mv}");
        }
        outln!("{}", session.current().diagram());
        if let Some(ending) = session.ending() {
            outln!("Game over: {ending}.");
            break;
        }
        out!("{} to move> ", session.to_move_name());
        let Some(line) = lines.next() else {
            outln!();
            break;
        };
        match session.submit(&line?) {
            Reply::Quit => break,
            Reply::Played(_) => {}
            Reply::Say(text) if text.is_empty() => {}
            Reply::Say(text) => outln!("{text}"),
        }
    }
    Ok(())
}
