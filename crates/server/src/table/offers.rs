//! What a game's players may offer each other.

use arbiter_games::GameId;
use arbiter_store::OfferKind;

/// What the players of `game` may offer each other: no takeback or draw
/// in a game of rounds (a play is secret until its round closes, and the
/// game ends by its rules only), no draw in A•G•O•G (its rules end every
/// game with a winner).
pub fn offer_kinds(game: GameId) -> &'static [OfferKind] {
    match game {
        _ if game.is_simultaneous() => &[OfferKind::Rematch],
        GameId::Agog => &[OfferKind::Takeback, OfferKind::Rematch],
        _ => &OfferKind::ALL,
    }
}
