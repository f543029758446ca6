//! Single Capture Go bots for 2 to 12 players: a tactical reading of the
//! grid (groups, liberties, who a square would doom), and at every level
//! above the first a Monte Carlo search over simultaneous rounds. Levels
//! are fixed playout budgets, so a bot plays the same square for the same
//! seed on any machine.

mod analysis;
mod arena;
mod policy;
mod search;
mod tactics;

pub use analysis::{ScgAnalysis, analyse};
pub use arena::{ScgMatch, ScgResult, SeatPlayer};
pub use policy::score;
pub use search::{Decision, SearchParams, search};
pub use tactics::{Board, Group, PlayEffect};

use arbiter_core::{Seat, SimultaneousGame};
use arbiter_games::AnyGame;
use arbiter_games::scg::{Scg, Square};

use crate::choose::{Choice, GoParams, MAX_LEVEL};

/// Each level's work budget, in plays simulated (one player's play in
/// one round of a playout; a two-player playout on the 5×5 grid simulates
/// about 20 to 40), and for the levels without playouts how loosely they
/// pick among the squares that look best.
const LEVELS: [(u64, f32); 10] = [
    (0, 12.0),
    (0, 5.0),
    (0, 2.0),
    (150, 2.0),
    (400, 2.0),
    (1_200, 2.0),
    (3_200, 2.0),
    (8_000, 2.0),
    (20_000, 2.0),
    (48_000, 2.0),
];

/// The search a level runs: levels 1 to 3 play a square that looks good
/// at a glance, less loosely at each level; levels 4 to 10 search, each
/// with about two and a half times the work of the one below.
pub fn level_params(level: u8, seed: u64) -> SearchParams {
    let (work, noise) = LEVELS[level.clamp(1, MAX_LEVEL) as usize - 1];
    SearchParams {
        playouts: if work == 0 { 0 } else { u32::MAX },
        work,
        candidates: 8,
        depth: 60,
        noise,
        tries: 4,
        exploration: 0.7,
        seed,
    }
}

/// The search that `go` parameters ask for: a level's (5 by default); an
/// explicit playout budget replaces the level's work budget.
pub fn go_params(params: &GoParams) -> SearchParams {
    let mut search = level_params(params.level.unwrap_or(5), params.seed.unwrap_or(0));
    if let Some(p) = params.playouts.or(params.nodes) {
        search.playouts = p.min(u64::from(u32::MAX)) as u32;
        search.work = u64::MAX;
    }
    search
}

/// The play a bot of `level` makes for `seat`, or `None` if it has none.
pub fn choose_play(p: &Scg, seat: Seat, level: u8, seed: u64) -> Option<Square> {
    search(p, seat, &level_params(level, seed)).map(|d| d.square)
}

/// The play the bot would submit for the player whose letter is `letter`
/// (the engine protocol's `go as <letter>`), as a square (`e7`).
pub fn choose_as(game: &AnyGame, letter: &str, params: &GoParams) -> Result<Choice, String> {
    let AnyGame::Scg(p) = game else {
        return Err(format!("'go as' is for simultaneous games; {} is not one", game.kind()));
    };
    let mut chars = letter.chars();
    let seat = match (chars.next(), chars.next()) {
        (Some(c), None) => p.seat_of(c),
        _ => None,
    }
    .ok_or_else(|| format!("'{letter}': not a player of this game (players: {})", p.letters()))?;
    if p.status().is_over() {
        return Err("the game is over".into());
    }
    if !p.active().contains(seat) {
        return Err(format!("'{letter}': no longer in the game"));
    }
    let search_params = go_params(params);
    let d = search(p, seat, &search_params).ok_or_else(|| format!("'{letter}': no square may be played"))?;
    let square = p.geometry().name(d.square);
    Ok(Choice {
        info: format!(
            "scg {letter} playouts {} plays simulated {} value {:.3} square {square}",
            d.playouts, d.work, d.value
        ),
        mv: square,
    })
}
