//! Property tests over random A•G•O•G games: the core conformance checks,
//! scorekeeping round trips, and parsers that never panic. (Records of
//! every game are checked in the play layer's tests.)

use arbiter_core::conformance::check_random_games;
use arbiter_core::{Game, Notation};
use arbiter_games::agog::{Agog, AgogConfig, Edition, MAX_HANDICAP};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

fn config(classic: bool, handicap: u8) -> AgogConfig {
    AgogConfig { edition: if classic { Edition::Classic } else { Edition::Current }, handicap }
}

/// A random game from the start: its positions and moves.
fn random_game(config: &AgogConfig, seed: u64) -> (Vec<Agog>, Vec<<Agog as Game>::Move>) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut position = Agog::start(config);
    let (mut positions, mut moves) = (vec![position], Vec::new());
    loop {
        let legal = position.legal_move_list();
        if legal.is_empty() {
            return (positions, moves);
        }
        let mv = legal[rng.random_range(0..legal.len())];
        position = position.play(&mv);
        positions.push(position);
        moves.push(mv);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_conform(seed in any::<u64>(), classic in any::<bool>(), handicap in 0..=MAX_HANDICAP) {
        let start = Agog::start(&config(classic, handicap));
        let seen = check_random_games(&start, 2, 400, seed).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(seen.positions > 0);
    }

    #[test]
    fn scorekeeping_round_trips(seed in any::<u64>(), classic in any::<bool>()) {
        let (positions, _) = random_game(&config(classic, 0), seed);
        for p in &positions {
            let legal = p.legal_move_list();
            for mv in &legal {
                let written = p.scorekeeping_in(mv, &legal);
                prop_assert_eq!(p.parse_scorekeeping(&written), Ok(*mv), "{} in {}", written, p.position_string());
                prop_assert_eq!(p.parse_move(&written), Ok(*mv));
            }
        }
    }

    #[test]
    fn position_parser_never_panics(text in "\\PC{0,80}") {
        let _ = Agog::parse_position(&text, &AgogConfig::default());
    }

    #[test]
    fn mutated_positions_are_refused_or_round_trip(seed in any::<u64>(), at in any::<usize>(), c in "[ -~]") {
        let (positions, _) = random_game(&config(false, 0), seed);
        let text = positions[at % positions.len()].position_string();
        let mut chars: Vec<char> = text.chars().collect();
        let i = at % chars.len();
        chars[i] = c.chars().next().unwrap();
        let mutated: String = chars.into_iter().collect();
        if let Ok(p) = Agog::parse_position(&mutated, &AgogConfig::default()) {
            let back = p.position_string();
            prop_assert_eq!(Agog::parse_position(&back, &AgogConfig::default()).map(|q| q.position_string()), Ok(back));
        }
    }

    #[test]
    fn move_parser_never_panics(seed in any::<u64>(), text in "\\PC{0,24}") {
        let (positions, _) = random_game(&config(seed % 2 == 0, 0), seed);
        let p = &positions[positions.len() / 2];
        if let Err(e) = p.parse_move(&text) {
            prop_assert!(!e.reason().is_empty());
        }
    }

    #[test]
    fn move_like_text_never_panics(seed in any::<u64>(), text in "[JHCDGa-i0-9x+= -]{0,14}") {
        let (positions, _) = random_game(&config(seed % 2 == 1, 0), seed);
        let p = &positions[positions.len() / 3];
        let _ = p.parse_move(&text);
    }
}
