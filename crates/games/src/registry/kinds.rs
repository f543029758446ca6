//! The two kinds of registered game, and visitors that reach a game's
//! typed values from the erased ones.

use arbiter_core::{Game, Notation, Round, SimultaneousGame, SimultaneousNotation};

use super::{AnyGame, AnyMove, AnyPlay, AnyReport, GameId};

/// A registered turn-based game: its conversions to and from the erased
/// values (made by the registry).
pub trait TurnGame: Game + Notation {
    /// Its identifier.
    const GAME: GameId;

    /// The position, erased.
    fn into_any(self) -> AnyGame;

    /// The typed position inside `game`, if it is this game.
    fn of(game: &AnyGame) -> Option<&Self>;

    /// A move, erased.
    fn wrap_move(mv: Self::Move) -> AnyMove;

    /// The typed move inside `mv`, if it is a move of this game.
    fn move_of(mv: &AnyMove) -> Option<&Self::Move>;
}

/// A registered simultaneous game: its conversions to and from the erased
/// values (made by the registry).
pub trait RoundGame: SimultaneousGame + SimultaneousNotation {
    /// Its identifier.
    const GAME: GameId;

    /// The position, erased.
    fn into_any(self) -> AnyGame;

    /// The typed position inside `game`, if it is this game.
    fn of(game: &AnyGame) -> Option<&Self>;

    /// A round, erased as a move.
    fn wrap_round(round: Round<Self::Play>) -> AnyMove;

    /// The typed round inside `mv`, if it is a round of this game.
    fn round_of(mv: &AnyMove) -> Option<&Round<Self::Play>>;

    /// One player's play, erased.
    fn wrap_play(play: Self::Play) -> AnyPlay;

    /// The typed play inside `play`, if it is a play of this game.
    fn play_of(play: &AnyPlay) -> Option<&Self::Play>;

    /// A round's report, erased.
    fn wrap_report(report: Self::Report) -> AnyReport;

    /// The typed report inside `report`, if it is one of this game.
    fn report_of(report: &AnyReport) -> Option<&Self::Report>;
}

/// Code that runs on the typed position inside an [`AnyGame`]
/// ([`AnyGame::visit`]).
pub trait GameVisitor {
    /// What the visit gives back.
    type Output;

    /// Runs on a turn-based game's position.
    fn turns<G: TurnGame>(self, game: &G) -> Self::Output;

    /// Runs on a simultaneous game's position.
    fn rounds<G: RoundGame>(self, game: &G) -> Self::Output;
}

/// Code that runs on a registered game's position type
/// ([`GameId::visit_type`]).
pub trait TypeVisitor {
    /// What the visit gives back.
    type Output;

    /// Runs for a turn-based game.
    fn turns<G: TurnGame>(self) -> Self::Output;

    /// Runs for a simultaneous game.
    fn rounds<G: RoundGame>(self) -> Self::Output;
}
