//! `arbiter`: play, check and analyse the games from the command line.
//!
//! Every command prints text, or one JSON object with `--json`. Invalid
//! input exits non-zero with a one-line error on standard error naming the
//! offending token.

mod analyse_cmd;
mod arena_cmd;
mod date;
mod engine;
mod game_args;
mod input;
mod ladder_cmd;
mod matches;
mod output;
mod play;
mod query;
mod record_cmd;
mod scg_analyse;
mod scg_arena;
mod scg_bots;
mod scg_cmd;
mod scg_play;
mod scg_store;
mod scg_table;
mod scg_tui;
mod session;
mod tui;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use game_args::GameArgs;

/// Plays, referees and analyses A•G•O•G (and more games to come).
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
    Moves {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Leaf-node count of the legal-move tree, with the speed.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// Plies to look ahead.
        depth: u32,
        /// Also print the count below each legal move.
        #[arg(long)]
        divide: bool,
    },
    /// The position after the moves, then the status.
    Apply {
        #[command(flatten)]
        game: GameArgs,
        /// Moves in long form or the game's record notation; an A•G•O•G
        /// promotion may be given as two arguments (`a3-a1 h1=H`).
        moves: Vec<String>,
    },
    /// A board diagram.
    Show {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Checks a game record and prints it in canonical form.
    Record {
        /// The record file (`-` for standard input).
        file: String,
        /// How to write the moves: `record` (the game's record notation,
        /// scorekeeping for A•G•O•G) or `long` (canonical long form).
        #[arg(long, default_value = "record")]
        to: record_cmd::MoveForm,
        /// Write the converted record here instead of standard output
        /// (never over an existing file).
        #[arg(long)]
        output: Option<std::path::PathBuf>,
    },
    /// A match between two players (levels, budgets or random play), with
    /// win rates, the Elo difference and its 95% interval.
    Arena(arena_cmd::ArenaArgs),
    /// Each level against the one below it: a table of matches.
    Ladder(ladder_cmd::LadderArgs),
    /// Self-play statistics: first-player win rate, game length, branching
    /// factor, how games end, and for A•G•O•G the value of each handicap step.
    Analyse(analyse_cmd::AnalyseArgs),
    /// Speaks the engine protocol (GTP framing) on standard input and output.
    Engine,
    /// The referee's tool for a game of Single Capture Go by mail or chat.
    Scg(scg_cmd::ScgArgs),
    /// Play at this terminal: two people, or a person against the AI (`--as`, `--level`).
    Play(play::PlayArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let json = cli.json;
    let result = match cli.command {
        Command::Moves { game } => query::moves(&game, json),
        Command::Perft { game, depth, divide } => query::perft(&game, depth, divide, json),
        Command::Apply { game, moves } => query::apply(&game, &moves, json),
        Command::Show { game } => query::show(&game, json),
        Command::Record { file, to, output } => record_cmd::run(&file, to, output.as_deref(), json),
        Command::Engine => engine::run(),
        Command::Arena(args) => arena_cmd::run(&args, json),
        Command::Analyse(args) => analyse_cmd::run(&args, json),
        Command::Ladder(args) => ladder_cmd::run(&args, json),
        Command::Play(args) => play::run(&args),
        Command::Scg(args) => scg_cmd::run(&args, json),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
