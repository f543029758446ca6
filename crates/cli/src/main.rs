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
mod output;
mod selfplay;
mod terminal;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use commands::{analyse, apply, arena, engine, ladder, moves, perft, play, record, scg, show};

/// Plays, referees and analyses A•G•O•G, Sage Tafl, Ogama and Single
/// Capture Go.
#[derive(Parser)]
#[command(name = "arbiter", version, about)]
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let json = cli.json;
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
        Command::Play(args) => play::run(&args),
        Command::Scg(args) => scg::run(&args, json),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
