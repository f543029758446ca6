//! Monte Carlo search over simultaneous rounds. Every player still in the
//! game considers a few of their best-looking squares; each playout, each
//! player picks one of theirs by UCB1 on their own results so far
//! (decoupled UCT at the root: the imagined opponents look for their own
//! best replies), the round is resolved, the game is played on quickly,
//! and each player's pick is credited with that player's share of the
//! outcome. The player then plays their most visited square.

use arbiter_core::{GameStatus, Round, Seat, SimultaneousGame};
use arbiter_games::scg::{MAX_PLAYERS, Scg, Square};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::policy::{SUICIDE, best_of, killing_points, ranked, sample, score, softmax};
use super::tactics::Board;

/// Unchanged rounds in a row after which a playout stops.
const STALL_ROUNDS: u32 = 3;

/// How a search is run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchParams {
    /// Playouts in all (0: play the best-looking square).
    pub playouts: u32,
    /// Work in all, in plays simulated (one player's play in one round);
    /// the search stops at whichever of this and `playouts` comes first.
    pub work: u64,
    /// How many of the best-looking squares are considered.
    pub candidates: usize,
    /// Rounds a playout runs before it is judged unfinished.
    pub depth: u32,
    /// Without playouts: how loosely the player itself picks among its
    /// best-looking squares (a softmax temperature; lower is sharper).
    pub noise: f32,
    /// Random squares a playout player looks at besides the urgent ones.
    pub tries: u32,
    /// The UCB1 exploration constant of every player's choice.
    pub exploration: f64,
    /// Seed: the same seed, position and budget give the same square.
    pub seed: u64,
}

/// A chosen square and what the search saw.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The square.
    pub square: Square,
    /// Its mean reward in the playouts (a share of a win, 0 to 1), or its
    /// score when nothing was played out.
    pub value: f64,
    /// Playouts run.
    pub playouts: u32,
    /// Plays simulated in them.
    pub work: u64,
}

/// A player's choice among a few squares, learnt from playouts.
struct Bandit {
    seat: Seat,
    arms: Vec<Square>,
    visits: Vec<u32>,
    rewards: Vec<f64>,
}

impl Bandit {
    fn new(seat: Seat, arms: Vec<Square>) -> Bandit {
        let k = arms.len();
        Bandit { seat, arms, visits: vec![0; k], rewards: vec![0.0; k] }
    }

    /// The arm to try in playout `t`: each once, then by UCB1.
    fn pick(&self, t: u32, exploration: f64) -> usize {
        if let Some(untried) = self.visits.iter().position(|&v| v == 0) {
            return untried;
        }
        let log_t = f64::from(t.max(1)).ln();
        let ucb = |i: usize| {
            self.rewards[i] / f64::from(self.visits[i]) + exploration * (log_t / f64::from(self.visits[i])).sqrt()
        };
        (0..self.arms.len()).max_by(|&a, &b| ucb(a).total_cmp(&ucb(b)).then(b.cmp(&a))).expect("arms")
    }
}

/// One playout player's square: the best of the urgent squares (dooming an
/// opponent, rescuing an own group in atari) and a few random ones.
fn quick_play<R: Rng + ?Sized>(board: &Board, p: &Scg, seat: Seat, tries: u32, rng: &mut R) -> Option<Square> {
    let urgent = (killing_points(board, seat, p.active().iter()) | board.atari_points[seat.index()]) & board.playable;
    let mut best = best_of(board, seat, tries, rng).map(|sq| (sq, score(board, seat, sq)));
    for sq in urgent.iter() {
        let s = score(board, seat, sq);
        if best.is_none_or(|b| s > b.1) {
            best = Some((sq, s));
        }
    }
    best.map(|b| b.0)
}

/// `seat`'s share of the game's result: 1 for a sole win, split for a
/// shared one; an unfinished game is shared among those still in it.
fn reward(p: &Scg, seat: Seat) -> f64 {
    match p.status() {
        GameStatus::Over(o) if o.winners.contains(seat) => 1.0 / o.winners.len() as f64,
        GameStatus::Over(_) => 0.0,
        GameStatus::Ongoing if p.active().contains(seat) => 1.0 / p.active().len() as f64,
        GameStatus::Ongoing => 0.0,
    }
}

/// Plays on from `p` with quick plays for everyone, at most `depth` rounds;
/// returns the final position and the number of plays simulated.
fn playout<R: Rng + ?Sized>(
    mut p: Scg,
    params: &SearchParams,
    rng: &mut R,
    board: &mut Board,
    plays: &mut Round<Square>,
) -> (Scg, u64) {
    let mut unchanged = 0;
    let mut simulated = 0;
    for _ in 0..params.depth {
        if p.status().is_over() {
            break;
        }
        board.refresh(&p);
        *plays = Round::new();
        for seat in p.active().iter() {
            if let Some(sq) = quick_play(board, &p, seat, params.tries, rng) {
                plays.set(seat, Some(sq));
            }
        }
        simulated += plays.len() as u64;
        let next = p.resolve(plays);
        // Rounds that change nothing (everyone colliding on `@`) may go on
        // for ever: a few in a row end the playout unfinished.
        unchanged = if next.hash() == p.hash() { unchanged + 1 } else { 0 };
        p = next;
        if unchanged >= STALL_ROUNDS {
            break;
        }
    }
    (p, simulated)
}

/// Chooses `me`'s play in `p`, or `None` when `me` may not play.
pub fn search(p: &Scg, me: Seat, params: &SearchParams) -> Option<Decision> {
    if !p.active().contains(me) || p.status().is_over() {
        return None;
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(params.seed ^ p.hash() ^ (u64::from(me.0) << 56));
    let board = Board::new(p);
    let mine = ranked(&board, me);
    mine.first()?;
    // Suicides are kept only if there is nothing else.
    let sensible = mine.iter().filter(|c| c.1 > SUICIDE / 2.0).count().max(1);
    let n = params.candidates.clamp(1, sensible);
    if params.playouts == 0 || params.work == 0 || n == 1 {
        // A square drawn by how good it looks: with little noise nearly
        // always one of the best, but not always the same one, so that two
        // players never collide on the same square round after round.
        let square = sample(&softmax(&mine[..n], params.noise), &mut rng).unwrap_or(mine[0].0);
        let value = mine.iter().find(|c| c.0 == square).map_or(0.0, |c| f64::from(c.1));
        return Some(Decision { square, value, playouts: 0, work: 0 });
    }
    // Every player still in the game gets a bandit over their best-looking
    // squares: each playout, each picks by UCB1 on its own results (its own
    // share of the outcome), so that the search imagines opponents who look
    // for their own best replies, not a fixed habit.
    let mut bandits: Vec<Bandit> = p
        .active()
        .iter()
        .map(|seat| {
            let list = if seat == me { mine.clone() } else { ranked(&board, seat) };
            let keep = if seat == me { n } else { params.candidates.clamp(1, list.len().max(1)) };
            Bandit::new(seat, list.into_iter().take(keep).map(|c| c.0).collect())
        })
        .collect();
    let mine_at = bandits.iter().position(|b| b.seat == me).expect("me in the game");
    let mut scratch = Round::new();
    let mut work = board.clone();
    let mut spent = 0u64;
    let mut t = 0u32;
    while t < params.playouts && spent < params.work {
        let mut plays = Round::new();
        let mut chosen = [0usize; MAX_PLAYERS];
        for (k, b) in bandits.iter().enumerate() {
            if b.arms.is_empty() {
                continue;
            }
            let arm = b.pick(t, params.exploration);
            chosen[k] = arm;
            plays.set(b.seat, Some(b.arms[arm]));
        }
        let next = p.resolve(&plays);
        // A round that changes nothing (the players colliding on `@`) leads
        // back here: if it is the choice, it is the choice for ever, and the
        // game is stalled. It is judged so, not played out.
        let (end, plays_simulated) =
            if next.hash() == p.hash() { (next, 0) } else { playout(next, params, &mut rng, &mut work, &mut scratch) };
        spent += plays.len() as u64 + plays_simulated;
        for (k, b) in bandits.iter_mut().enumerate() {
            if !b.arms.is_empty() {
                b.visits[chosen[k]] += 1;
                b.rewards[chosen[k]] += reward(&end, b.seat);
            }
        }
        t += 1;
    }
    let Bandit { arms, visits, rewards, .. } = bandits.swap_remove(mine_at);
    // The most visited square; among equals the better mean, then the one
    // that looks best (the arms are in that order).
    let mean = |i: usize| rewards[i] / f64::from(visits[i].max(1));
    let best = (0..arms.len())
        .max_by(|&a, &b| visits[a].cmp(&visits[b]).then(mean(a).total_cmp(&mean(b))).then(b.cmp(&a)))
        .expect("candidates");
    Some(Decision {
        square: arms[best],
        value: rewards[best] / f64::from(visits[best].max(1)),
        playouts: t,
        work: spent,
    })
}
