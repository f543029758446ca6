//! Property tests over random Single Capture Go games with 2 to 12
//! players: the core's conformance checks round by round, and parsers that
//! never panic. (Records of every game are checked in the play layer's
//! tests.)

use arbiter_core::conformance::check_random_rounds;
use arbiter_core::{Round, SimultaneousGame, SimultaneousNotation};
use arbiter_games::scg::{Letters, Scg, ScgConfig};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

fn config(players: usize, at_blocked: bool) -> ScgConfig {
    ScgConfig { letters: Some(Letters::first(players)), at_blocked }
}

/// A random game as round strings, with its positions.
fn random_game(players: usize, seed: u64, max_rounds: usize) -> (Vec<Scg>, Vec<String>) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut p = Scg::start(&config(players, false));
    let (mut positions, mut rounds) = (vec![p], Vec::new());
    let mut scratch = Vec::new();
    for _ in 0..max_rounds {
        if p.status().is_over() {
            break;
        }
        let mut plays = Round::new();
        for seat in p.active().iter() {
            if rng.random_bool(0.02) {
                continue;
            }
            if let Some(q) = p.random_play(seat, &mut rng, &mut scratch) {
                plays.set(seat, Some(q));
            }
        }
        rounds.push(p.round_string(&plays));
        p = p.resolve(&plays);
        positions.push(p);
    }
    (positions, rounds)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_games_conform(players in 2..=12usize, at_blocked in any::<bool>(), seed in any::<u64>()) {
        let start = Scg::start(&config(players, at_blocked));
        let seen = check_random_rounds(&start, 3, 300, 0.03, seed).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(seen.positions > 0);
    }

    #[test]
    fn position_parser_never_panics(text in "\\PC{0,80}") {
        let _ = Scg::parse_position(&text, &ScgConfig::default());
    }

    #[test]
    fn position_like_text_is_refused_or_round_trips(
        text in "[.@AB]{5,6}(/[.@ABC]{5,6}){4,5} (-|A|AB|BA|ABC|C)",
        at_blocked in any::<bool>(),
    ) {
        let config = ScgConfig { letters: None, at_blocked };
        if let Ok(p) = Scg::parse_position(&text, &config) {
            prop_assert_eq!(&p.position_string(), &text);
            prop_assert_eq!(Scg::parse_position(&p.position_string(), &config).unwrap(), p);
        }
    }

    #[test]
    fn round_parser_never_panics(seed in any::<u64>(), players in 2..=12usize, text in "\\PC{0,20}|([A-M]:[a-m][0-9]{1,3},?){0,4}|-") {
        let (positions, _) = random_game(players, seed, 20);
        let p = &positions[positions.len() / 2];
        if let Ok(round) = p.parse_round(&text) {
            prop_assert_eq!(p.parse_round(&p.round_string(&round)), Ok(round));
            let _ = p.resolve_reported(&round);
        }
    }
}
