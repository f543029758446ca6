//! Property tests over random Ogama games: the core conformance checks,
//! every seed's deal, and parsers that never panic. (Records of every game
//! are checked in the play layer's tests.)

use arbiter_core::conformance::check_random_games;
use arbiter_core::{Game, Notation};
use arbiter_games::ogama::{Ogama, OgamaConfig, deal};
use proptest::prelude::*;

#[path = "support/random_play.rs"]
mod random_play;

fn random_game(seed: u64, moves_seed: u64, max: usize) -> (Vec<Ogama>, Vec<String>) {
    random_play::random_game(Ogama::start(&OgamaConfig { seed, repetition: false }), moves_seed, max)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_conform(seed in any::<u64>(), moves_seed in any::<u64>()) {
        let start = Ogama::start(&OgamaConfig { seed, repetition: true });
        let seen = check_random_games(&start, 2, 300, moves_seed).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(seen.positions > 0);
    }

    #[test]
    fn every_seed_deals_a_valid_position(seed in any::<u64>()) {
        let p = deal(seed).validate(true).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(p.legal_move_list().len(), 12);
    }

    #[test]
    fn position_parser_never_panics(text in "\\PC{0,80}") {
        let _ = Ogama::parse_position(&text, &OgamaConfig::default());
    }

    #[test]
    fn position_like_text_is_refused_or_round_trips(text in "([ob.*]{1,3},){4}[ob.*]{1,3}(/([ob.*]{1,3},){4}[ob.*]{1,3}){4} [ob]") {
        if let Ok(p) = Ogama::parse_position(&text, &OgamaConfig::default()) {
            prop_assert_eq!(Ogama::parse_position(&p.position_string(), &OgamaConfig::default()).unwrap(), p);
        }
    }

    #[test]
    fn move_parser_never_panics(seed in any::<u64>(), text in "\\PC{0,12}|T?[@a-f0-9-]{0,6}|pass") {
        let (positions, _) = random_game(seed % 100, seed, 40);
        let _ = positions[positions.len() / 2].parse_move(&text);
    }
}

#[test]
fn malformed_positions_name_the_offending_part() {
    let good = "o,o,.,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b,b,b/b,b,o,o,o o";
    assert!(Ogama::parse_position(good, &OgamaConfig::default()).is_ok());
    for (text, token) in [
        ("o,o,.,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b,b,b/b,b,o,o,o", "o,o,.,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b,b,b/b,b,o,o,o"),
        ("o,o,.,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b,b,b o", "o,o,.,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b,b,b"),
        ("o,o,.,o/o,o,b,b,b/b,b,b,b,o/o,o,b,b,b/b,b,o,o,o o", "o,o,.,o"),
        ("o,o,x,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b,b,b/b,b,o,o,o o", "x"),
        ("o,o,*,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b,b,b/b,b,o,o,o o", "*"),
        ("o,o,.,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b,b,b/b,b,o,o,o x", "x"),
        ("o,o,.,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b,b,b/b,b,o,o,. o", "o"),
        ("o,o,o,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b,b,b/b,b,o,o,o o", "o"),
        ("o*,o*,.,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b,b,b/b,b,o,o,o o", "b5"),
        ("ooooooo,.,.,o,o/.,.,b,b,b/b,b,b,b,o/o,.,b,b,b/b,b,o,o,o o", "a5"),
    ] {
        let e = Ogama::parse_position(text, &OgamaConfig::default()).unwrap_err();
        assert_eq!(e.token(), token, "{text}: {e}");
    }
}
