//! Single Capture Go bots for 2 to 12 players: a tactical reading of the
//! grid (groups, liberties, who a square would doom), and at every level
//! above the first a Monte Carlo search over simultaneous rounds. Levels
//! are fixed playout budgets, so a bot plays the same square for the same
//! seed on any machine.

mod policy;
mod search;
mod tactics;

pub use policy::score;
pub use search::{Decision, SearchParams, search};
pub use tactics::{Board, Group, PlayEffect};

use std::any::Any;

use arbiter_core::Seat;
use arbiter_games::scg::{Scg, Square};
use arbiter_games::{AnyGame, AnyPlay, GameVisitor, RoundGame, TurnGame};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::choose::{GoParams, MAX_LEVEL};
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

/// A play chosen for a seat, and what the search saw.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayChoice {
    /// The play.
    pub play: AnyPlay,
    /// Playouts run (0 for a play chosen at a glance or at random).
    pub playouts: u32,
    /// Plays simulated in them.
    pub work: u64,
    /// The play's mean result in the playouts (a share of a win, 0 to 1),
    /// or its score at a glance.
    pub value: f64,
}

impl PlayChoice {
    /// One line for logs: `scg B playouts 40 plays simulated 1200 value
    /// 0.512 square e7`.
    pub fn info(&self, position: &AnyGame, seat: Seat) -> String {
        format!(
            "{} {} playouts {} plays simulated {} value {:.3} square {}",
            position.id(),
            position.seat_label(seat),
            self.playouts,
            self.work,
            self.value,
            position.play_text(&self.play)
        )
    }
}

/// The play a bot would make for `seat` with `params` (a level, or a
/// playout budget, and a seed), or `None` when the seat may not play. A
/// game without a bot of its own plays uniformly at random.
pub fn choose_play_for(position: &AnyGame, seat: Seat, params: &GoParams) -> Option<PlayChoice> {
    position.visit(Bot { seat, params })
}

struct Bot<'a> {
    seat: Seat,
    params: &'a GoParams,
}

impl GameVisitor for Bot<'_> {
    type Output = Option<PlayChoice>;

    fn turns<G: TurnGame>(self, _game: &G) -> Option<PlayChoice> {
        None
    }

    fn rounds<G: RoundGame>(self, game: &G) -> Option<PlayChoice> {
        if let Some(p) = (game as &dyn Any).downcast_ref::<Scg>() {
            let d = search(p, self.seat, &go_params(self.params))?;
            let play = <Scg as RoundGame>::wrap_play(d.square);
            return Some(PlayChoice { play, playouts: d.playouts, work: d.work, value: d.value });
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(self.params.seed.unwrap_or(0) ^ game.hash());
        let play = game.random_play(self.seat, &mut rng, &mut Vec::new())?;
        Some(PlayChoice { play: G::wrap_play(play), playouts: 0, work: 0, value: 0.0 })
    }
}
