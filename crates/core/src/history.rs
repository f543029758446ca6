//! A game as it is played: the positions so far, for undo, records and the
//! rules that look back (repetition).

use std::collections::HashMap;

use crate::game::Game;
use crate::status::{EndReason, GameStatus, Outcome};

/// The sequence of positions and moves of one game.
#[derive(Clone, Debug)]
pub struct History<G: Game> {
    positions: Vec<G>,
    moves: Vec<G::Move>,
    seen: HashMap<u64, u32>,
}

impl<G: Game> History<G> {
    /// A game starting at `start`.
    pub fn new(start: G) -> History<G> {
        let mut seen = HashMap::new();
        seen.insert(start.hash(), 1);
        History { positions: vec![start], moves: Vec::new(), seen }
    }

    /// The position now.
    pub fn current(&self) -> &G {
        self.positions.last().expect("a history always holds its start")
    }

    /// The position the game started from.
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// Every position so far, the start first.
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// Plays `mv` (which must be legal in the current position).
    pub fn push(&mut self, mv: G::Move) {
        let next = self.current().play(&mv);
        *self.seen.entry(next.hash()).or_insert(0) += 1;
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<G::Move> {
        let mv = self.moves.pop()?;
        let gone = self.positions.pop().expect("one position per move");
        if let Some(n) = self.seen.get_mut(&gone.hash()) {
            *n -= 1;
        }
        Some(mv)
    }

    /// The status of the game, including history rules: a position seen as
    /// often as the game's repetition limit ends it drawn.
    pub fn status(&self) -> GameStatus {
        let current = self.current();
        match current.status() {
            GameStatus::Over(o) => GameStatus::Over(o),
            GameStatus::Ongoing => match current.repetition_limit() {
                Some(limit) if self.seen.get(&current.hash()).copied().unwrap_or(0) >= limit => {
                    GameStatus::Over(Outcome::draw(EndReason::Repetition))
                }
                _ => GameStatus::Ongoing,
            },
        }
    }
}
