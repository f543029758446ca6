//! `arbiter`: play, check and analyse the games from the command line.
//!
//! Every command prints text, or one JSON object with `--json`. Invalid
//! input exits non-zero with a one-line error on standard error naming the
//! offending token.

mod args;
mod charts;
mod clock;
mod commands;
mod files;
mod input;
mod logging;
mod output;
mod selfplay;
mod terminal;

use std::process::ExitCode;

/// The allocator: mimalloc, which keeps per-thread free lists and spends
/// measurably less of a loaded server's time in malloc and free than the
/// system's (docs/PERFORMANCE.md).
#[cfg(not(feature = "count-allocations"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The allocator of a build made to count its allocations (feature
/// `count-allocations`, for measuring): the system's, counting, so that a
/// server reports `arbiter_allocations_total` (the count does not depend
/// on the allocator; the time does, so time the default build).
#[cfg(feature = "count-allocations")]
#[global_allocator]
static ALLOCATOR: &stats_alloc::StatsAlloc<std::alloc::System> = &stats_alloc::INSTRUMENTED_SYSTEM;

/// The allocations and reallocations made so far, in a counting build.
#[cfg(feature = "count-allocations")]
fn allocations() -> u64 {
    let stats = ALLOCATOR.stats();
    u64::try_from(stats.allocations + stats.reallocations).unwrap_or(u64::MAX)
}

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Parser, Subcommand};

use commands::{
    admin, analyse, apply, arena, backup, bot, engine, ladder, mail_in, moves, perft, play, record, scg, serve, show,
};

/// Plays, referees and analyses A•G•O•G, Sage Tafl, Ogama and Single
/// Capture Go.
#[derive(Parser)]
#[command(
    name = "arbiter",
    version,
    about = "Plays, referees and analyses A•G•O•G, Sage Tafl, Ogama and Single Capture Go."
)]
struct Cli {
    /// Print one JSON object instead of text.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The legal moves, one per line, sorted in byte order.
    Moves(moves::MovesArgs),
    /// Leaf-node count of the legal-move tree, with the speed.
    Perft(perft::PerftArgs),
    /// The position after the moves, then the status.
    Apply(apply::ApplyArgs),
    /// A board diagram.
    Show(show::ShowArgs),
    /// Checks a game record and prints it in canonical form.
    Record(record::RecordArgs),
    /// A match between two players (levels, budgets or random play), with
    /// win rates, the Elo difference and its 95% interval.
    Arena(arena::ArenaArgs),
    /// Each level against the one below it: a table of matches.
    Ladder(ladder::LadderArgs),
    /// Self-play statistics: first-player win rate, game length, branching
    /// factor, how games end, and for A•G•O•G the value of each handicap step.
    Analyse(analyse::AnalyseArgs),
    /// Speaks the engine protocol (GTP framing) on standard input and output.
    Engine,
    /// The referee's tool for a game of Single Capture Go by mail or chat.
    Scg(scg::ScgArgs),
    /// Play at this terminal: people, or people against the computer (`--as`, `--level`).
    Play(play::PlayArgs),
    /// Serves games online: accounts, games, live updates (HTTP and WebSocket).
    Serve(Box<serve::ServeArgs>),
    /// Takes one mail move on standard input (a mail server's pipe
    /// transport) into a server's database, and answers it by mail.
    MailIn(mail_in::MailInArgs),
    /// Plays on a server as a bot account: an engine that speaks the engine
    /// protocol accepts invitations and plays its moves.
    Bot(bot::BotArgs),
    /// A consistent copy of a live SQLite database (its server may go on).
    Backup(backup::BackupArgs),
    /// An administrator's commands on a server's database: accounts,
    /// disable, enable, grant-admin, reset-link, abort.
    Admin(admin::AdminArgs),
}

fn main() -> ExitCode {
    #[cfg(feature = "count-allocations")]
    arbiter_server::count_allocations_with(allocations);
    // Known before the arguments are read, so that even an error reading
    // them is given in JSON.
    let json = std::env::args().skip(1).any(|a| a == "--json");
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => return fail(&arguments_error(&e), json),
    };
    let result = match cli.command {
        Command::Moves(args) => moves::run(&args, json),
        Command::Perft(args) => perft::run(&args, json),
        Command::Apply(args) => apply::run(&args, json),
        Command::Show(args) => show::run(&args, json),
        Command::Record(args) => record::run(&args, json),
        Command::Engine => engine::run(),
        Command::Arena(args) => arena::run(&args, json),
        Command::Analyse(args) => analyse::run(&args, json),
        Command::Ladder(args) => ladder::run(&args, json),
        Command::Play(args) => play::run(&args, json),
        Command::Scg(args) => scg::run(&args, json),
        Command::Serve(args) => serve::run(&args, json),
        Command::Bot(args) => bot::run(&args),
        Command::Backup(args) => backup::run(&args, json),
        Command::Admin(args) => admin::run(&args, json),
        Command::MailIn(args) => return mail_in::run(&args, json),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&format!("{e:#}"), json),
    }
}

/// Reports an error in one line on standard error (one JSON object with
/// `--json`) and exits 1.
fn fail(message: &str, json: bool) -> ExitCode {
    if json {
        let token = message.strip_prefix('\'').and_then(|m| m.split_once("': ")).map(|(t, _)| t);
        eprintln!("{}", serde_json::json!({ "error": { "message": message, "token": token } }));
    } else {
        eprintln!("error: {message}");
    }
    ExitCode::FAILURE
}

/// A command line that could not be read, in one line naming what is
/// wrong (clap's own message, without its usage lines).
fn arguments_error(e: &clap::Error) -> String {
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        return "no command given; 'arbiter --help' lists the commands".into();
    }
    let text = e.render().to_string();
    let body = text.split("\n\nUsage:").next().unwrap_or(&text);
    let body = body.split("\n\nFor more information").next().unwrap_or(body);
    let lines: Vec<&str> = body.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let message = lines.join(" ").trim_start_matches("error: ").to_string();
    let token = [ContextKind::InvalidValue, ContextKind::InvalidArg, ContextKind::InvalidSubcommand]
        .into_iter()
        .find_map(|kind| match e.get(kind) {
            Some(ContextValue::String(v)) => Some(v.clone()),
            Some(ContextValue::Strings(v)) => v.first().cloned(),
            _ => None,
        });
    match token {
        Some(token) => format!("'{token}': {message}"),
        None => message,
    }
}
