//! A game as played: its positions and moves in order, with the rules
//! that look back (repetition) kept up to date move by move. The line is
//! persistent: a copy shares what it was copied from (its positions,
//! their hashes and its moves are [`SharedLog`]s, to which the next
//! version adds in place), so copying a game of 300 moves to change it
//! costs what copying one of 3 does.

use arbiter_core::{EndReason, GameStatus, MoveError, Outcome, SharedLog};

use crate::registry::{AnyGame, AnyMove};

/// The positions and moves of one game, the start first. Its status
/// counts the rules that look back: a position seen as often as the
/// game's repetition limit ends it drawn. Each move costs one position
/// and its hash; a game with a repetition limit counts the earlier
/// positions with the current one's hash, a scan of one number a move
/// played (a quarter of a microsecond at ply 300), which costs less than
/// keeping a persistent map of counts up to date with every move. Cloning
/// it is cheap: the clone shares the positions and moves until either
/// changes.
#[derive(Clone, Debug)]
pub struct Line {
    positions: SharedLog<AnyGame>,
    moves: SharedLog<AnyMove>,
    /// The hash of each position, the start first.
    hashes: SharedLog<u64>,
}

impl Line {
    /// A game starting at `start`.
    pub fn new(start: AnyGame) -> Line {
        let hashes = SharedLog::unit(start.hash());
        Line { positions: SharedLog::unit(start), moves: SharedLog::new(), hashes }
    }

    /// The position now.
    pub fn current(&self) -> &AnyGame {
        self.positions.back().expect("a line always holds its start")
    }

    /// The position the game started from.
    pub fn start(&self) -> &AnyGame {
        &self.positions[0]
    }

    /// Every position so far, the start first.
    pub fn positions(&self) -> &SharedLog<AnyGame> {
        &self.positions
    }

    /// The moves played so far.
    pub fn moves(&self) -> &SharedLog<AnyMove> {
        &self.moves
    }

    /// The number of moves played (rounds, in a simultaneous game).
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// The hashes of the positions before the current one, the start
    /// first (for searches that steer for or away from a repetition).
    pub fn earlier_hashes(&self) -> Vec<u64> {
        self.hashes.iter().take(self.hashes.len() - 1).copied().collect()
    }

    /// How many times the position with `hash` has been reached, this one
    /// included.
    fn times_seen(&self, hash: u64) -> usize {
        self.hashes.iter().filter(|&&h| h == hash).count()
    }

    /// Whether the game is over, and how, counting repetition.
    pub fn status(&self) -> GameStatus {
        let current = self.current();
        match current.status() {
            GameStatus::Ongoing => match current.repetition_limit() {
                Some(limit) if self.times_seen(current.hash()) >= limit as usize => {
                    GameStatus::Over(Outcome::draw(EndReason::Repetition))
                }
                _ => GameStatus::Ongoing,
            },
            over => over,
        }
    }

    /// Plays `mv`, a legal move of the current position; refused once the
    /// game is over.
    pub fn play(&mut self, mv: AnyMove) -> Result<(), MoveError> {
        if self.status().is_over() {
            return Err(MoveError::GameOver { token: self.current().move_text(&mv) });
        }
        let next = self.current().play(&mv)?;
        self.hashes.push_back(next.hash());
        self.positions.push_back(next);
        self.moves.push_back(mv);
        Ok(())
    }

    /// Reads a move in any form the game accepts and plays it; returns it.
    pub fn play_text(&mut self, text: &str) -> Result<AnyMove, MoveError> {
        if self.status().is_over() {
            return Err(MoveError::GameOver { token: text.to_string() });
        }
        let mv = self.current().parse_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<AnyMove> {
        let mv = self.moves.pop_back()?;
        self.positions.pop_back().expect("one position per move");
        self.hashes.pop_back();
        Some(mv)
    }
}
