//! What a game's players may offer each other, from the game's own
//! description ([`arbiter_core::Agreements`] in its `GameInfo`): a
//! takeback or a draw where its rules allow it, and always a rematch.

use arbiter_core::Agreements;
use arbiter_games::GameId;
use arbiter_store::OfferKind;

/// What the players of `game` may offer each other, in the order of
/// [`OfferKind::ALL`].
pub fn offer_kinds(game: GameId) -> Vec<OfferKind> {
    let agreements = game.info().agreements;
    OfferKind::ALL.into_iter().filter(|&kind| refusal(&agreements, kind).is_none()).collect()
}

/// Why an offer of `kind` cannot be made in `game`, if it cannot: the
/// game's own words.
pub fn offer_refused(game: GameId, kind: OfferKind) -> Option<&'static str> {
    refusal(&game.info().agreements, kind)
}

fn refusal(agreements: &Agreements, kind: OfferKind) -> Option<&'static str> {
    match kind {
        OfferKind::Takeback => agreements.no_takeback,
        OfferKind::Draw => agreements.no_draw,
        OfferKind::Rematch => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offers_follow_each_games_agreements() {
        for &game in GameId::ALL {
            let agreements = game.info().agreements;
            let kinds = offer_kinds(game);
            assert!(kinds.contains(&OfferKind::Rematch));
            assert_eq!(kinds.contains(&OfferKind::Takeback), agreements.takeback(), "{game:?}");
            assert_eq!(kinds.contains(&OfferKind::Draw), agreements.draw(), "{game:?}");
        }
    }
}
