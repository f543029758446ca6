//! What a screen draws and offers without knowing the game: the board
//! model of a position, the legal moves (or a player's plays) as clicks,
//! and the cells a move touched.

use arbiter_core::{BoardChange, BoardModel, LegalMove, Name, Notation, Seat, SimultaneousNotation, legal_entries};

use crate::registry::{AnyGame, AnyMove, RoundGame, TurnGame, by_kind};

impl AnyGame {
    /// The board model of this position (no last move marked).
    pub fn board_model(&self) -> BoardModel {
        by_kind!(self, g => Notation::board_model(g), h => SimultaneousNotation::board_model(h))
    }

    /// The board model of the position `mv` (played from `before`) led
    /// to, with the move's cells and spots marked as the last move.
    pub fn board_after(&self, before: &AnyGame, mv: &AnyMove) -> BoardModel {
        let mut board = self.board_model();
        board.mark_last_move(&before.move_steps(mv));
        board
    }

    /// What changed on the board from the position `before` to this one,
    /// which `mv` (played from `from`) led to: the change between
    /// `before.board_model()` and `self.board_after(from, mv)`. A
    /// turn-based game tells it from the two positions without drawing
    /// either board whole. `None` when the two boards are not the same
    /// grid, or `before` is a position of another game.
    pub fn board_change_after(&self, before: &AnyGame, from: &AnyGame, mv: &AnyMove) -> Option<BoardChange> {
        let steps = from.move_steps(mv);
        by_kind!(self, g => {
            let before = TurnGame::of(before)?;
            Notation::board_change(g, before, &steps)
        }, _h => {
            let mut after = self.board_model();
            after.mark_last_move(&steps);
            after.changes_since(&before.board_model())
        })
    }

    /// The cells and spots clicked to make `mv` here (for a round, each
    /// play's square in seat order); empty for a move of another game.
    pub fn move_steps(&self, mv: &AnyMove) -> Vec<Name> {
        by_kind!(self, g => turn_steps(g, mv), h => round_steps(h, mv))
    }

    /// What `seat` may do now, as a screen offers it: each legal move of a
    /// turn-based game (when `seat` is to move) or each play of a round,
    /// with its clicks, sorted by the move's text.
    pub fn legal_for(&self, seat: Seat) -> Vec<LegalMove> {
        let mut entries = by_kind!(self, g => turn_entries(g, seat), h => play_entries(h, seat));
        entries.sort_unstable_by(|a, b| a.mv.cmp(&b.mv));
        entries
    }

    /// Every legal move here with its clicks, for whoever is to move (a
    /// round: the plays open to every remaining player, each once).
    pub fn legal_entries(&self) -> Vec<LegalMove> {
        let mut entries: Vec<LegalMove> = Vec::new();
        for seat in self.to_move().iter() {
            for entry in self.legal_for(seat) {
                if !entries.iter().any(|e| e.mv == entry.mv) {
                    entries.push(entry);
                }
            }
        }
        entries.sort_unstable_by(|a, b| a.mv.cmp(&b.mv));
        entries
    }
}

fn turn_steps<G: TurnGame>(g: &G, mv: &AnyMove) -> Vec<Name> {
    G::move_of(mv).map(|m| g.clicks(m).steps).unwrap_or_default()
}

fn round_steps<G: RoundGame>(g: &G, mv: &AnyMove) -> Vec<Name> {
    match G::round_of(mv) {
        Some(round) => round.iter().flat_map(|(_, play)| g.play_clicks(&play).steps).collect(),
        None => Vec::new(),
    }
}

fn turn_entries<G: TurnGame>(g: &G, seat: Seat) -> Vec<LegalMove> {
    if arbiter_core::Game::to_move(g) != seat || arbiter_core::Game::status(g).is_over() {
        return Vec::new();
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    legal_entries(moves.iter().map(|m| (g.move_string(m), g.clicks(m))).collect())
}

fn play_entries<G: RoundGame>(g: &G, seat: Seat) -> Vec<LegalMove> {
    if g.status().is_over() {
        return Vec::new();
    }
    let mut plays = Vec::new();
    g.legal_plays(seat, &mut plays);
    legal_entries(plays.iter().map(|p| (g.seat_play_string(p), g.play_clicks(p))).collect())
}
