//! Property tests over random Single Capture Go games with 2 to 12
//! players: the core's conformance checks round by round, records that
//! replay exactly, and parsers that never panic.

use arbiter_core::conformance::check_random_rounds;
use arbiter_core::{SimultaneousGame, SimultaneousNotation};
use arbiter_games::record::{GameLog, Record};
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
        let mut plays = Vec::new();
        for seat in p.active().iter() {
            if rng.random_bool(0.02) {
                continue;
            }
            if let Some(q) = p.random_play(seat, &mut rng, &mut scratch) {
                plays.push((seat, q));
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
        let seen = check_random_rounds(&start, 3, 300, 0.03, seed).map_err(TestCaseError::fail)?;
        prop_assert!(seen.positions > 0);
    }

    #[test]
    fn records_replay_to_the_same_game(players in 2..=12usize, seed in any::<u64>()) {
        let (positions, rounds) = random_game(players, seed, 300);
        let mut record = Record::default();
        record.set_tag("Game", "scg");
        record.set_tag("Players", Letters::first(players).as_string());
        record.moves = rounds.clone();
        let log = GameLog::replay(&record).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let text = log.to_text();
        let again = GameLog::replay(&Record::parse(&text).map_err(|e| TestCaseError::fail(e.to_string()))?)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&again.to_text(), &text);
        prop_assert_eq!(&again.record.moves, &rounds);
        let last = positions.last().unwrap();
        prop_assert_eq!(again.positions.last().unwrap().position_string(), last.position_string());
        if last.status().is_over() {
            let winners: Vec<String> =
                last.status().outcome().unwrap().winners.iter().map(|s| last.seat_label(s)).collect();
            prop_assert_eq!(again.record.result.clone().unwrap(), winners.join(","));
        }
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
        let _ = p.parse_round(&text);
        let _ = p.play_round(&text);
    }
}

#[test]
fn a_record_numbers_one_round_per_move_number() {
    let text =
        "[Game \"scg\"]\n[Players \"ABC\"]\n[A \"Alice\"]\n[Result \"*\"]\n\n1. A:c3,B:c3,C:d4 2. C:a1,B:a2,A:f6 *\n";
    let log = GameLog::replay(&Record::parse(text).unwrap()).unwrap();
    assert_eq!(log.record.moves, ["A:c3,B:c3,C:d4", "A:f6,B:a2,C:a1"]);
    assert_eq!(
        log.to_text(),
        "[Game \"scg\"]\n[Players \"ABC\"]\n[A \"Alice\"]\n[Result \"*\"]\n\n1. A:c3,B:c3,C:d4 2. A:f6,B:a2,C:a1 *\n"
    );
    // A finished game ends with its winners' letters.
    let won = "[Game \"scg\"]\n[Players \"ABC\"]\n\n1. A:c3 A\n";
    let log = GameLog::replay(&Record::parse(won).unwrap()).unwrap();
    assert_eq!(log.record.tag("Result"), Some("A"));
    assert!(log.to_text().ends_with("1. A:c3 A\n"));
    let shared = "[Game \"scg\"]\n\n1. - A,B\n";
    let log = GameLog::replay(&Record::parse(shared).unwrap()).unwrap();
    assert_eq!(log.record.tag("Result"), Some("A,B"));
}

#[test]
fn bad_records_name_the_round() {
    for (text, token, reason) in [
        ("[Game \"scg\"]\n\n1. A:c3,B:c3 A:a1\n", "A:a1", "expected move number 2."),
        ("[Game \"scg\"]\n\n1. A:c3,B:z9\n", "B:z9", "move 1 (A:c3,B:z9)"),
        ("[Game \"scg\"]\n\n1. A:c3,B:d4 2. A:c3,B:a1\n", "A:c3", "move 2"),
        ("[Game \"scg\"]\n\n1. A:c3 2. B:a1\n", "B:a1", "already over"),
        ("[Game \"scg\"]\n\n1. A:c3 B\n", "B", "the final position says A"),
        ("[Game \"scg\"]\n[Players \"AA\"]\n\n1. A:c3\n", "AA", "given twice"),
        ("[Game \"scg\"]\n[AtBlocked \"yes\"]\n\n", "yes", "on or off"),
        (
            "[Game \"scg\"]\n[Setup \"@..../...../...../...../..... -\"]\n\n",
            "@..../...../...../...../..... -",
            "who won",
        ),
    ] {
        let e = Record::parse(text).and_then(|r| GameLog::replay(&r).map(|_| ())).unwrap_err();
        assert_eq!(e.token, token, "{text}: {e}");
        assert!(e.reason.contains(reason), "{text}: {e}");
    }
}
