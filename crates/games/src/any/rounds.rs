//! What a simultaneous game's position answers without its game being
//! known: each player's plays, rounds built from them, and a round
//! resolved with the referee's report.

use arbiter_core::{MoveError, Round, RoundTelling, Seat, SimultaneousNotation};
use rand::Rng;

use crate::registry::{AnyGame, AnyMove, AnyPlay, AnyReport, GameId, RoundGame, by_kind};

/// Why a turn-based game has no plays.
fn no_plays(game: GameId, token: &str) -> MoveError {
    MoveError::malformed(token, format!("{game} is played in turns: it has moves, not plays of a round"))
}

impl AnyGame {
    /// Reads `seat`'s play as its player sends it (a square, `e7`) and
    /// checks that the player may make it this round.
    pub fn parse_play(&self, seat: Seat, text: &str) -> Result<AnyPlay, MoveError> {
        by_kind!(self, _g => Err(no_plays(self.id(), text)), h => parse_play(h, seat, text))
    }

    /// A play as its player sends it (`e7`).
    pub fn play_text(&self, play: &AnyPlay) -> String {
        by_kind!(self, _g => format!("{play:?}"), h => play_text(h, play))
    }

    /// A play with its player's label, as rounds write it (`B:e7`).
    pub fn labelled_play_text(&self, seat: Seat, play: &AnyPlay) -> String {
        by_kind!(self, _g => format!("{play:?}"), h => labelled_text(h, seat, play))
    }

    /// Every play `seat` may make this round (none for a player who has
    /// left, once the game is over, and in a turn-based game).
    pub fn legal_plays(&self, seat: Seat) -> Vec<AnyPlay> {
        by_kind!(self, _g => Vec::new(), h => legal_plays(h, seat))
    }

    /// Whether `seat` may make `play` this round.
    pub fn is_legal_play(&self, seat: Seat, play: &AnyPlay) -> bool {
        by_kind!(self, _g => false, h => is_legal(h, seat, play))
    }

    /// A uniformly random legal play of `seat`, if it has one.
    pub fn random_play<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Option<AnyPlay> {
        by_kind!(self, _g => None, h => random_play(h, seat, rng))
    }

    /// The round made of `plays` (one per seat; a later play of a seat
    /// replaces an earlier one), as a move of this game.
    pub fn round<I: IntoIterator<Item = (Seat, AnyPlay)>>(&self, plays: I) -> Result<AnyMove, MoveError> {
        by_kind!(self, _g => Err(no_plays(self.id(), "round")), h => round_of(h, plays))
    }

    /// The plays of a round, in seat order.
    pub fn round_plays(&self, mv: &AnyMove) -> Vec<(Seat, AnyPlay)> {
        by_kind!(self, _g => Vec::new(), h => plays_of(h, mv))
    }

    /// Resolves a round: the next position and the referee's report.
    pub fn resolve_round(&self, mv: &AnyMove) -> Result<(AnyGame, AnyReport), MoveError> {
        by_kind!(self, _g => Err(no_plays(self.id(), "round")), h => resolve(h, mv))
    }

    /// The position as the referee's bulletins draw it (a turn-based
    /// game's diagram).
    pub fn referee_picture(&self) -> String {
        by_kind!(self, _g => self.diagram(), h => h.referee_picture())
    }

    /// What the referee's opening says of the board before drawing it.
    pub fn referee_board_words(&self) -> String {
        by_kind!(self, _g => String::new(), h => h.referee_board_words())
    }

    /// What a player sends, for the opening's "Send your play, …, to the
    /// referee", if the game words it.
    pub fn referee_play_form(&self) -> Option<&'static str> {
        by_kind!(self, _g => None, h => h.referee_play_form())
    }

    /// The referee's announcement of the round from this position to
    /// `after`, in the game's own words; `None` when the game has none (or
    /// the positions and report are not one game's).
    pub fn announce_round(&self, after: &AnyGame, report: &AnyReport, telling: &RoundTelling<'_>) -> Option<String> {
        by_kind!(self, _g => None, h => announce(h, after, report, telling))
    }
}

fn announce<G: RoundGame>(g: &G, after: &AnyGame, report: &AnyReport, telling: &RoundTelling<'_>) -> Option<String> {
    g.announce_round(G::of(after)?, G::report_of(report)?, telling)
}

fn is_legal<G: RoundGame>(g: &G, seat: Seat, play: &AnyPlay) -> bool {
    G::play_of(play).is_some_and(|p| g.is_legal_play(seat, p))
}

fn parse_play<G: RoundGame>(g: &G, seat: Seat, text: &str) -> Result<AnyPlay, MoveError> {
    g.parse_seat_play(seat, text).map(G::wrap_play)
}

fn play_text<G: RoundGame>(g: &G, play: &AnyPlay) -> String {
    G::play_of(play).map_or_else(|| format!("{play:?}"), |p| g.seat_play_string(p))
}

fn labelled_text<G: RoundGame>(g: &G, seat: Seat, play: &AnyPlay) -> String {
    G::play_of(play).map_or_else(|| format!("{play:?}"), |p| g.play_string(seat, p))
}

fn legal_plays<G: RoundGame>(g: &G, seat: Seat) -> Vec<AnyPlay> {
    let mut plays = Vec::new();
    g.legal_plays(seat, &mut plays);
    plays.into_iter().map(G::wrap_play).collect()
}

fn random_play<G: RoundGame, R: Rng + ?Sized>(g: &G, seat: Seat, rng: &mut R) -> Option<AnyPlay> {
    g.random_play(seat, rng, &mut Vec::new()).map(G::wrap_play)
}

fn round_of<G: RoundGame, I: IntoIterator<Item = (Seat, AnyPlay)>>(_g: &G, plays: I) -> Result<AnyMove, MoveError> {
    let mut round = Round::new();
    for (seat, play) in plays {
        let p = G::play_of(&play)
            .ok_or_else(|| MoveError::OtherGame { token: format!("{play:?}"), game: G::GAME.as_str() })?;
        round.set(seat, Some(*p));
    }
    Ok(G::wrap_round(round))
}

fn plays_of<G: RoundGame>(_g: &G, mv: &AnyMove) -> Vec<(Seat, AnyPlay)> {
    G::round_of(mv).map_or_else(Vec::new, |r| r.iter().map(|(s, p)| (s, G::wrap_play(p))).collect())
}

fn resolve<G: RoundGame>(g: &G, mv: &AnyMove) -> Result<(AnyGame, AnyReport), MoveError> {
    let round =
        G::round_of(mv).ok_or_else(|| MoveError::OtherGame { token: format!("{mv:?}"), game: G::GAME.as_str() })?;
    let (next, report) = g.resolve_reported(round);
    Ok((next.into_any(), G::wrap_report(report)))
}
