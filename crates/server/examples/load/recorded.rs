//! The recorded line every game plays: one fixed sequence of moves, made
//! once from a seeded random walk, so that every game of a run, and every
//! run, plays the same moves at the same plies. Its first `--start-ply`
//! moves are played at setup; the measured moves follow it from there.

use arbiter_core::GameOptions;
use arbiter_games::{GameId, Line};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Plies of the line beyond the start ply: the most moves a game can be
/// measured for.
pub const MEASURED_PLIES: u64 = 1000;

/// The seed of the walk.
const SEED: u64 = 1;

/// Random moves drawn at one ply, looking for one that does not end the
/// game, before the walk is given up and another begun.
const DRAWS: usize = 64;

/// Walks begun before giving up.
const WALKS: usize = 100;

/// One move of the line.
#[derive(Clone, Debug)]
pub struct Step {
    /// Its text, as the server takes it (the long form).
    pub text: String,
    /// The seat that makes it (0: the game's creator, 1: the other).
    pub seat: usize,
}

/// The line: its moves, ply 0 first, and where measuring begins.
#[derive(Debug)]
pub struct Recorded {
    steps: Vec<Step>,
    /// The ply the setup plays up to (`--start-ply`).
    pub start: u64,
}

impl Recorded {
    /// The line of `game` with `start` setup plies and
    /// [`MEASURED_PLIES`] more: a random walk from `Xoshiro256PlusPlus`
    /// seeded with 1, in which a move that would end the game (by the
    /// rules of the position, or by repetition) is drawn again, so the
    /// game goes on through the whole line. A walk that finds no such
    /// move is dropped and the next one begun from the start, the same
    /// generator going on.
    pub fn generate(game: GameId, start: u64) -> Result<Recorded, String> {
        let length = start + MEASURED_PLIES;
        let first = game.start(&GameOptions::new(), None).map_err(|e| format!("{game}: {e}"))?;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
        'walks: for _ in 0..WALKS {
            let mut line = Line::new(first.clone());
            let mut steps = Vec::with_capacity(length as usize);
            while (steps.len() as u64) < length {
                let here = line.current().clone();
                let seat = here.to_move().iter().next().map_or(0, |s| s.index());
                let mut played = false;
                for _ in 0..DRAWS {
                    let Some(mv) = here.random_step(&mut rng) else { continue 'walks };
                    line.play(mv).map_err(|e| format!("the walk's own move was refused: {e}"))?;
                    if line.status().is_over() {
                        line.undo();
                        continue;
                    }
                    steps.push(Step { text: here.move_text(&mv), seat });
                    played = true;
                    break;
                }
                if !played {
                    continue 'walks;
                }
            }
            return Ok(Recorded { steps, start });
        }
        Err(format!("no random walk of {game} went on for {length} plies"))
    }

    /// The move at `ply`, if the line goes that far.
    pub fn step(&self, ply: u64) -> Option<&Step> {
        self.steps.get(ply as usize)
    }

    /// Its length in plies.
    pub fn len(&self) -> u64 {
        self.steps.len() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_is_the_same_each_time_and_never_ends_the_game() {
        let a = Recorded::generate(GameId::Sage, 300).unwrap();
        let b = Recorded::generate(GameId::Sage, 300).unwrap();
        assert_eq!(a.len(), 300 + MEASURED_PLIES);
        let texts = |r: &Recorded| r.steps.iter().map(|s| (s.text.clone(), s.seat)).collect::<Vec<_>>();
        assert_eq!(texts(&a), texts(&b));
        let mut line = Line::new(GameId::Sage.start(&GameOptions::new(), None).unwrap());
        for step in &a.steps {
            assert_eq!(line.current().to_move().iter().next().unwrap().index(), step.seat);
            line.play_text(&step.text).unwrap();
            assert!(!line.status().is_over());
        }
    }
}
