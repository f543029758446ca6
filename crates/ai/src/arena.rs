//! Matches between two players of any registered game: each a search
//! level or budget, or uniformly random play. In a turn-based game the
//! colours alternate and a few random opening plies make the games differ;
//! in a simultaneous game A takes one seat (or several) and B every other,
//! A's seats moving round the table from game to game. Games are played on
//! typed positions and moves; nothing is written as text.

use arbiter_core::{EndReason, GameOptions, GameStatus, OptionValue, Outcome, Seat, SeatSet, SetupError};
use arbiter_games::{AnyGame, AnyMove, GameId, Line};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use thiserror::Error;

use crate::choose::{GoParams, choose};
use crate::scg::choose_play_for;

pub use crate::player::{Player, PlayerError};

/// Rounds after which a simultaneous game is stopped and shared among the
/// players still in it.
pub const MAX_ROUNDS: usize = 400;
/// Unchanged rounds in a row after which a simultaneous game is stopped
/// the same way (players colliding on the same `@` square for ever).
pub const STALL_ROUNDS: usize = 20;
/// Random plies at the start of each turn-based game unless a match says.
pub const OPENING_PLIES: usize = 4;
/// The length at which a turn-based game is called a draw unless a match
/// says.
pub const MAX_PLIES: usize = 1000;

/// Why a match could not be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MatchError {
    /// The game could not be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A game that was not over had no move.
    #[error("game {0}: no move in an unfinished game")]
    NoMove(usize),
    /// A's seats do not fit the game.
    #[error("'{a_seats}': A takes 1 to {} of the {seats} seats", seats - 1)]
    Seats {
        /// Seats asked for A.
        a_seats: usize,
        /// Seats of the game.
        seats: usize,
    },
}

/// A match: which game, the two players, how many seats A takes, and when
/// a game is cut off.
#[derive(Clone, Debug)]
pub struct Match {
    /// The game.
    pub game: GameId,
    /// Its options (variant, handicap, players…).
    pub options: GameOptions,
    /// Player A.
    pub a: Player,
    /// Player B.
    pub b: Player,
    /// How many seats A takes in each game (1 in a two-player game).
    pub a_seats: usize,
    /// Random plies played before the players take over (turn-based
    /// games).
    pub opening_plies: usize,
    /// A game still going after this many plies (rounds) is cut off: a
    /// turn-based game counts as a draw (`move-limit`), a simultaneous one
    /// is shared among the players still in it (`stopped`).
    pub max_length: usize,
    /// A simultaneous game whose position has not changed for this many
    /// rounds in a row is cut off and shared (`stalled`).
    pub stall_rounds: usize,
    /// Base seed: turn-based games `2k` and `2k + 1` open with the random
    /// plies (and the deal of a game with a `seed` option not given) of
    /// `seed + k`, colours swapped; game `i` searches with `seed + i`.
    pub seed: u64,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// Its number, from 0.
    pub index: usize,
    /// A's seats.
    pub a_seats: SeatSet,
    /// A's share of the win: 1, ½ or 0 in a two-player game; a win shared
    /// by k players is split in k, and a draw or a game cut off is shared
    /// among the players still in it.
    pub score_a: f64,
    /// Whether A's seats took the whole win of a game that ended.
    pub a_won_alone: bool,
    /// Each seat's share, in seat order (shared as for `score_a`).
    pub shares: Vec<f64>,
    /// How the match scored it: the game's ending, or a cut-off
    /// (`move-limit`, `stalled`, `stopped`).
    pub status: GameStatus,
    /// The number of choices before each ply (legal moves) or round (plays
    /// open to each player).
    pub choices: Vec<usize>,
    /// The options the game was played under (with the deal's seed, where
    /// the match chose it).
    pub options: GameOptions,
    /// The position the game started from.
    pub start: AnyGame,
    /// The moves (rounds) played.
    pub moves: Vec<AnyMove>,
    /// The game's own status at the end (ongoing for a game cut off).
    pub game_status: GameStatus,
}

impl GameResult {
    /// Plies (or rounds) played.
    pub fn length(&self) -> usize {
        self.moves.len()
    }

    /// Why it ended.
    pub fn reason(&self) -> EndReason {
        self.status.outcome().map_or(EndReason::MoveLimit, |o| o.reason)
    }
}

impl Match {
    /// A two-player match of `game` with the defaults of the self-play
    /// tools.
    pub fn new(game: GameId, options: GameOptions, a: Player, b: Player, seed: u64) -> Match {
        let simultaneous = game.is_simultaneous();
        Match {
            game,
            options,
            a,
            b,
            a_seats: 1,
            opening_plies: if simultaneous { 0 } else { OPENING_PLIES },
            max_length: if simultaneous { MAX_ROUNDS } else { MAX_PLIES },
            stall_rounds: STALL_ROUNDS,
            seed,
        }
    }

    /// The options and start position of a game opening with
    /// `opening_seed`.
    fn start(&self, opening_seed: u64) -> Result<(GameOptions, AnyGame), MatchError> {
        let mut options = self.options.clone();
        let deals = self.game.info().option("seed").is_some_and(|spec| spec.start_only.is_some());
        if deals && options.get("seed").is_none() && !self.game.is_simultaneous() {
            options = options.with("seed", OptionValue::Number(opening_seed));
        }
        let start = self.game.start(&options, None)?;
        Ok((options, start))
    }

    /// A's seats in game `index` of a game with `seats` seats.
    fn seats_of_a(&self, index: usize, seats: usize) -> Result<SeatSet, MatchError> {
        if self.a_seats == 0 || self.a_seats >= seats {
            return Err(MatchError::Seats { a_seats: self.a_seats, seats });
        }
        Ok((0..self.a_seats).map(|j| Seat(((index + j) % seats) as u8)).collect())
    }

    /// Plays game `index`.
    pub fn play(&self, index: usize) -> Result<GameResult, MatchError> {
        let simultaneous = self.game.is_simultaneous();
        let seed = self.seed.wrapping_add(index as u64);
        // Turn-based games 2k and 2k+1 share their opening (and deal) with
        // the colours swapped, so that neither player draws the luckier
        // start.
        let opening_seed = if simultaneous { seed } else { self.seed.wrapping_add(index as u64 / 2) };
        let (options, start) = self.start(opening_seed)?;
        let a_seats = self.seats_of_a(index, start.seat_count())?;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(opening_seed);
        let mut line = Line::new(start);
        let mut choices = Vec::new();
        let mut unchanged = 0;
        let cut_off = loop {
            if line.status().is_over() {
                break None;
            }
            if simultaneous && unchanged >= self.stall_rounds {
                break Some(EndReason::Stalled);
            }
            if line.plies() >= self.max_length {
                break Some(if simultaneous { EndReason::Stopped } else { EndReason::MoveLimit });
            }
            let here = line.current().clone();
            let mv = if simultaneous {
                choices.push(here.active().iter().map(|s| here.legal_plays(s).len()).max().unwrap_or(0));
                let rounds = line.plies() as u64;
                let mut plays = Vec::new();
                for seat in here.active().iter() {
                    let player = if a_seats.contains(seat) { self.a } else { self.b };
                    let play = match player {
                        Player::Random => here.random_play(seat, &mut rng),
                        Player::Search(params) => {
                            let seat_seed =
                                seed.wrapping_mul(0x9E37_79B9).wrapping_add(u64::from(seat.0) << 32 | rounds);
                            choose_play_for(&here, seat, &GoParams { seed: Some(seat_seed), ..params }).map(|c| c.play)
                        }
                    };
                    plays.extend(play.map(|p| (seat, p)));
                }
                here.round(plays).map_err(|_| MatchError::NoMove(index))?
            } else {
                choices.push(here.legal_move_count());
                let mover = here.to_move().iter().next().ok_or(MatchError::NoMove(index))?;
                let player = if a_seats.contains(mover) { self.a } else { self.b };
                match player {
                    _ if line.plies() < self.opening_plies => here.random_move(&mut rng),
                    Player::Random => here.random_move(&mut rng),
                    Player::Search(params) => choose(&line, &GoParams { seed: Some(seed), ..params }).map(|c| c.mv),
                }
                .ok_or(MatchError::NoMove(index))?
            };
            line.play(mv).map_err(|_| MatchError::NoMove(index))?;
            unchanged = if line.current().hash() == here.hash() { unchanged + 1 } else { 0 };
        };
        let game_status = line.status();
        let status = match cut_off {
            Some(reason) => GameStatus::Over(Outcome::draw(reason)),
            None => game_status,
        };
        let end = line.current();
        let sharers = match status {
            GameStatus::Over(o) if !o.winners.is_empty() => o.winners,
            _ => end.active(),
        };
        let shares: Vec<f64> =
            end.seats().map(|s| if sharers.contains(s) { 1.0 / sharers.len() as f64 } else { 0.0 }).collect();
        let score_a = a_seats.iter().map(|s| shares[s.index()]).sum::<f64>();
        let winners = game_status.winners();
        let a_won_alone = cut_off.is_none() && !winners.is_empty() && winners.iter().all(|s| a_seats.contains(s));
        Ok(GameResult {
            index,
            a_seats,
            score_a,
            a_won_alone,
            shares,
            status,
            choices,
            options,
            start: line.start().clone(),
            moves: line.moves().iter().copied().collect(),
            game_status,
        })
    }

    /// Plays games `0..games` in parallel on the current thread pool;
    /// `progress` is called after each. The results come back in game
    /// order, or the first error.
    pub fn run(&self, games: usize, progress: impl Fn() + Sync) -> Result<Vec<GameResult>, MatchError> {
        (0..games)
            .into_par_iter()
            .map(|i| {
                let r = self.play(i);
                progress();
                r
            })
            .collect()
    }
}
