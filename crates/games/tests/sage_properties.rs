//! Property tests over random Sage Tafl games: the core conformance checks
//! from the start and from random positions, and parsers that never panic
//! and name what is wrong. (Records of every game are checked in the play
//! layer's tests.)

use arbiter_core::conformance::check_random_games;
use arbiter_core::{Game, Notation};
use arbiter_games::sage::{Sage, SageConfig};
use proptest::prelude::*;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

#[path = "support/random_play.rs"]
mod random_play;

fn random_game(seed: u64, max: usize, repetition: bool) -> (Vec<Sage>, Vec<String>) {
    random_play::random_game(Sage::start(&SageConfig { repetition }), seed, max)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_conform(seed in any::<u64>()) {
        let start = Sage::start(&SageConfig::default());
        let seen = check_random_games(&start, 2, 400, seed).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(seen.positions > 0);
    }

    #[test]
    fn random_positions_conform(seed in any::<u64>(), plies in 0..200usize) {
        // A position from the middle of a random game, as a new start.
        let (positions, _) = random_game(seed, plies, false);
        let middle = Sage::parse_position(&positions.last().unwrap().position_string(), &SageConfig::default())
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        check_random_games(&middle, 1, 100, seed ^ 1).map_err(|e| TestCaseError::fail(e.to_string()))?;
    }

    #[test]
    fn position_parser_never_panics(text in "\\PC{0,90}") {
        let _ = Sage::parse_position(&text, &SageConfig::default());
    }

    #[test]
    fn position_like_text_is_refused_or_round_trips(
        text in "[SAKsak1-8]{1,9}(/[SAKsak1-8]{1,9}){8} [br] [S-][s-] [0-9]{1,2}-[0-9]{1,2}"
    ) {
        if let Ok(p) = Sage::parse_position(&text, &SageConfig::default()) {
            let again = Sage::parse_position(&p.position_string(), &SageConfig::default()).unwrap();
            prop_assert_eq!(again, p);
            prop_assert_eq!(again.position_string(), p.position_string());
        }
    }

    #[test]
    fn move_parser_never_panics(seed in any::<u64>(), text in "\\PC{0,12}|T?-?[a-j0-9]{0,3}-?[a-jWET0-9]{0,3}|pass") {
        let (positions, _) = random_game(seed, 60, true);
        let _ = positions[positions.len() / 2].parse_move(&text);
    }
}

#[test]
fn malformed_positions_name_the_offending_part() {
    let good = "2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 b Ss 0-0";
    assert!(Sage::parse_position(good, &SageConfig::default()).is_ok());
    for (text, token, why) in [
        ("2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 b Ss", good.rsplit_once(' ').unwrap().0, "4 fields"),
        (
            "2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2  b Ss 0-0",
            "2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2  b Ss 0-0",
            "4 fields",
        ),
        ("2aaaa2/k1aaaa1k/8/8/8/8/K1AAAA1K/2AAAA2 b Ss 0-0", "2aaaa2/k1aaaa1k/8/8/8/8/K1AAAA1K/2AAAA2", "9 ranks"),
        ("2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA1 b Ss 0-0", "2AAAA1", "7 squares"),
        ("2aaaa2/k1aaaa1k/8/8/9/8/8/K1AAAA1K/2AAAA2 b Ss 0-0", "9", "not a piece"),
        ("2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAG1K/2AAAA2 b Ss 0-0", "K1AAAG1K", "'G'"),
        ("2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 w Ss 0-0", "w", "side to move"),
        ("2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 b sS 0-0", "sS", "towers"),
        ("2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 b S 0-0", "S", "towers"),
        ("2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 b Ss 0", "0", "scores"),
        ("2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 b Ss 0-12", "0-12", "scores"),
        ("2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 b Ss 01-0", "01-0", "scores"),
        ("2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 b Ss -1-0", "-1-0", "scores"),
        ("2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 b Ss 5-6", "5-6", "only one side"),
        ("2aaaa2/k1aaaa1k/8/8/3S4/8/8/K1AAAA1K/2AAAA2 b Ss 0-0", "d5", "on the board and in her tower"),
        ("2aaaa2/k1aaaa1k/8/8/3S4/8/S7/K1AAAA1K/2AAAA2 b -s 0-0", "a3 d5", "2 Sages"),
        ("2aaaa2/k1aaaa1k/8/8/8/8/A7/K1AAAA1K/2AAAA2 b Ss 0-0", "c1 d1 e1 f1 c2 d2 e2 f2 a3", "9 apprentices"),
        ("2aaaa2/k1aaaa1k/8/8/8/8/8/KkAAAA1K/2AAAA2 b Ss 0-0", "b2 a8 h8", "Red has 3 skyships"),
    ] {
        let e = Sage::parse_position(text, &SageConfig::default()).unwrap_err();
        assert_eq!(e.token(), token, "{text}: {e}");
        assert!(e.reason().contains(why), "{text}: {e}");
    }
}

#[test]
fn malformed_moves_name_the_offending_part() {
    let start = Sage::start(&SageConfig::default());
    for (text, token, why) in [
        ("", "", "a move is"),
        ("c2", "c2", "a move is"),
        ("c2-c", "c", "not a square"),
        ("c2-", "c2-", "not a square"),
        ("i2-c4", "i2", "not a square"),
        ("c2-c10", "c10", "not a square"),
        ("T-", "T-", "not a square"),
        ("T-z9", "z9", "not a square"),
        ("x-W", "x", "not a square"),
        ("c3-c4", "c3-c4", "no piece on c3"),
        ("c8-c7", "c8-c7", "Red's"),
        ("c2-c5", "c2-c5", "halts at the"),
        ("c1-c4", "c1-c4", "c2 is in the way"),
        ("d1-a1", "d1-a1", "c1 is in the way"),
        ("c2-W", "c2-W", "river"),
        ("a2-a6", "a2-a6", "two diagonal steps"),
        ("T-d2", "T-d2", "occupied"),
        ("pass", "pass", "only when"),
        ("PASS", "PASS", "only when"),
    ] {
        let e = start.parse_move(text).unwrap_err();
        assert_eq!(e.token(), token, "{text:?}: {e}");
        assert!(e.reason().contains(why), "{text:?}: {e}");
    }
}

#[test]
fn random_moves_are_legal_and_reach_every_move_about_equally() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
    let mut scratch = Vec::new();
    for seed in 0..40 {
        let (positions, _) = random_game(seed, 150, false);
        for p in positions.iter().step_by(15) {
            let legal: Vec<String> = p.legal_move_list().iter().map(|m| p.move_string(m)).collect();
            let draws = 200 * legal.len().max(1);
            let mut seen = std::collections::HashMap::new();
            for _ in 0..draws {
                match p.random_move(&mut rng, &mut scratch) {
                    Some(m) => *seen.entry(p.move_string(&m)).or_insert(0usize) += 1,
                    None => assert!(legal.is_empty(), "no random move in {}", p.position_string()),
                }
            }
            for (m, n) in &seen {
                assert!(legal.contains(m), "{m} is not legal in {}", p.position_string());
                // Each of k moves is drawn 200 times on average.
                assert!((100..=320).contains(n), "{m} drawn {n} times in {}", p.position_string());
            }
            assert_eq!(seen.len(), legal.len(), "{}", p.position_string());
        }
    }
}
