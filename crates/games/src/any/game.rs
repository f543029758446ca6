//! What every front end asks of a position without knowing its game:
//! text for people and programs, seats, status, and moves as values.
//! Moves are read once ([`AnyGame::parse_move`]), carried as [`AnyMove`]
//! values, and written again only for output ([`AnyGame::move_text`]).

use arbiter_core::{
    Game, GameInfo, GameStatus, MoveError, Notation, Seat, SeatSet, SimultaneousGame, SimultaneousNotation, perft,
};
use rand::Rng;

use crate::registry::{AnyGame, AnyMove, GameId, RoundGame, TurnGame, by_kind, each_game};

impl AnyGame {
    /// What the game declares about itself.
    pub fn info(&self) -> &'static GameInfo {
        self.id().info()
    }

    /// Whether every remaining player acts in the same round.
    pub fn is_simultaneous(&self) -> bool {
        self.id().is_simultaneous()
    }

    /// The position string.
    pub fn position_string(&self) -> String {
        each_game!(self, g => g.position_string())
    }

    /// A board diagram for people, several lines.
    pub fn diagram(&self) -> String {
        each_game!(self, g => g.diagram())
    }

    /// The board diagram with its pieces' owners and its squares marked,
    /// for screens that colour it.
    pub fn board_diagram(&self) -> arbiter_core::Diagram {
        each_game!(self, g => g.board_diagram())
    }

    /// The position's 64-bit hash.
    pub fn hash(&self) -> u64 {
        each_game!(self, g => g.hash())
    }

    /// Whether the game is over, judged from this position alone (see
    /// [`crate::Line`] for the rules that look back, such as repetition).
    pub fn status(&self) -> GameStatus {
        each_game!(self, g => g.status())
    }

    /// When this many occurrences of one position end the game drawn.
    pub fn repetition_limit(&self) -> Option<u32> {
        by_kind!(self, g => arbiter_core::Game::repetition_limit(g), _h => None)
    }

    /// Number of seats.
    pub fn seat_count(&self) -> usize {
        each_game!(self, g => g.seat_count())
    }

    /// Every seat, in order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.seat_count()).map(|i| Seat(i as u8))
    }

    /// A seat's label in position strings, JSON and status lines (`w`,
    /// `A`).
    pub fn seat_label(&self, seat: Seat) -> String {
        each_game!(self, g => g.seat_label(seat))
    }

    /// A seat's name for people and record tags (`White`; in a game
    /// whose seats are chosen, its label).
    pub fn seat_name(&self, seat: Seat) -> String {
        match self.info().seat(seat) {
            Some(s) => s.name.to_string(),
            None => self.seat_label(seat),
        }
    }

    /// The seat whose label is `label`.
    pub fn seat_by_label(&self, label: &str) -> Option<Seat> {
        self.seats().find(|&s| self.seat_label(s) == label)
    }

    /// Who acts now: the player to move of a turn-based game, every
    /// remaining player of a simultaneous one; nobody once the game is
    /// over.
    pub fn to_move(&self) -> SeatSet {
        if self.status().is_over() {
            return SeatSet::EMPTY;
        }
        by_kind!(self, g => SeatSet::only(arbiter_core::Game::to_move(g)), h => h.active())
    }

    /// The player whose turn it is in a turn-based game, as the position
    /// says even once the game is over (`None` for a simultaneous game).
    pub fn side_to_move(&self) -> Option<Seat> {
        by_kind!(self, g => Some(arbiter_core::Game::to_move(g)), _h => None)
    }

    /// The players still in the game (every seat of a turn-based game).
    pub fn active(&self) -> SeatSet {
        by_kind!(self, _g => self.seats().collect(), h => h.active())
    }

    /// Reads a move in any form the game accepts (for a simultaneous game,
    /// a whole round, `A:c3,B:d4`) and checks that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, MoveError> {
        by_kind!(self, g => parse_turn(g, text), h => parse_round(h, text))
    }

    /// The position after `mv`, a legal move here (as from
    /// [`AnyGame::parse_move`] or [`AnyGame::legal_moves`]); a move of
    /// another game is refused.
    pub fn play(&self, mv: &AnyMove) -> Result<AnyGame, MoveError> {
        by_kind!(self, g => play_turn(g, mv), h => play_round(h, mv))
    }

    /// A move in its canonical long form (a round: `A:c3,B:d4`).
    pub fn move_text(&self, mv: &AnyMove) -> String {
        by_kind!(self, g => turn_text(g, mv, false), h => round_text(h, mv))
    }

    /// A move as the game's records write it (A•G•O•G's scorekeeping,
    /// elsewhere the long form).
    pub fn record_text(&self, mv: &AnyMove) -> String {
        by_kind!(self, g => turn_text(g, mv, true), h => round_text(h, mv))
    }

    /// Every legal move of a turn-based game (empty for a simultaneous
    /// game, whose players choose plays, and once the game is over).
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        by_kind!(self, g => legal_turns(g), _h => Vec::new())
    }

    /// The number of legal moves of a turn-based game (0 for a
    /// simultaneous one), counted without listing them where the game can.
    pub fn legal_move_count(&self) -> usize {
        by_kind!(self, g => g.legal_move_count(&mut Vec::new()), _h => 0)
    }

    /// A uniformly random legal move of a turn-based game, or `None` when
    /// there is none (and for a simultaneous game).
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<AnyMove> {
        by_kind!(self, g => random_turn(g, rng), _h => None)
    }

    /// A uniformly random step of the game: a random legal move, or in a
    /// game of rounds a round in which every remaining player makes a
    /// uniformly random legal play; `None` once the game is over.
    pub fn random_step<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<AnyMove> {
        if !self.is_simultaneous() {
            return self.random_move(rng);
        }
        if self.status().is_over() {
            return None;
        }
        let plays: Vec<_> = self.active().iter().filter_map(|s| self.random_play(s, rng).map(|p| (s, p))).collect();
        self.round(plays).ok()
    }

    /// What may be played here, as the `moves` command and the engine's
    /// `legal` list it: the legal moves in long form, or for a
    /// simultaneous game the plays open to the players still in; sorted in
    /// byte order.
    pub fn legal_texts(&self) -> Vec<String> {
        let mut texts = match self.id().is_simultaneous() {
            false => self.legal_moves().iter().map(|m| self.move_text(m)).collect(),
            true => {
                let mut all: Vec<String> =
                    self.active().iter().flat_map(|s| self.legal_plays(s)).map(|p| self.play_text(&p)).collect();
                all.sort_unstable();
                all.dedup();
                all
            }
        };
        texts.sort_unstable();
        texts
    }

    /// The number of leaves of the legal-move tree to `depth` plies, for
    /// a turn-based game (`None` for a simultaneous game, whose rounds are
    /// not a tree of single moves).
    pub fn perft(&self, depth: u32) -> Option<u64> {
        by_kind!(self, g => Some(perft(g, depth)), _h => None)
    }
}

fn other_game(game: GameId, mv: &AnyMove) -> MoveError {
    MoveError::OtherGame { token: format!("{mv:?}"), game: game.as_str() }
}

fn parse_turn<G: TurnGame>(g: &G, text: &str) -> Result<AnyMove, MoveError> {
    g.parse_move(text).map(G::wrap_move)
}

fn parse_round<G: RoundGame>(g: &G, text: &str) -> Result<AnyMove, MoveError> {
    if g.status().is_over() {
        return Err(MoveError::GameOver { token: text.to_string() });
    }
    g.parse_round(text).map(G::wrap_round)
}

fn play_turn<G: TurnGame>(g: &G, mv: &AnyMove) -> Result<AnyGame, MoveError> {
    let m = G::move_of(mv).ok_or_else(|| other_game(G::GAME, mv))?;
    Ok(g.play(m).into_any())
}

fn play_round<G: RoundGame>(g: &G, mv: &AnyMove) -> Result<AnyGame, MoveError> {
    let round = G::round_of(mv).ok_or_else(|| other_game(G::GAME, mv))?;
    Ok(g.resolve(round).into_any())
}

fn turn_text<G: TurnGame>(g: &G, mv: &AnyMove, record: bool) -> String {
    match G::move_of(mv) {
        Some(m) if record => g.record_move_string(m),
        Some(m) => g.move_string(m),
        None => format!("{mv:?}"),
    }
}

fn round_text<G: RoundGame>(g: &G, mv: &AnyMove) -> String {
    match G::round_of(mv) {
        Some(round) => g.round_string(round),
        None => format!("{mv:?}"),
    }
}

fn legal_turns<G: TurnGame>(g: &G) -> Vec<AnyMove> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves.into_iter().map(G::wrap_move).collect()
}

fn random_turn<G: TurnGame, R: Rng + ?Sized>(g: &G, rng: &mut R) -> Option<AnyMove> {
    g.random_move(rng, &mut Vec::new()).map(G::wrap_move)
}
