//! Records of every registered game, on random games with random options
//! and start positions: a record written as text reads back to the same
//! text, the same moves and the same final position, and its result is
//! the game's; a text that is not a record is refused, never a panic.

mod support;

use arbiter_core::{GameOptions, OptionKind, OptionValue};
use arbiter_games::{GameId, Line};
use arbiter_play::{GameRecord, MoveForm, Replayed};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use support::{random_line, replay};

/// Options for `game` drawn from what it declares: any variant, any
/// switch, any number in its range; text options keep their default.
fn random_options(game: GameId, seed: u64) -> GameOptions {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let info = game.info();
    let mut options = GameOptions::new();
    if !info.variants.is_empty() {
        options.variant = Some(info.variants[rng.random_range(0..info.variants.len())].id.to_string());
    }
    for spec in info.options {
        let value = match spec.kind {
            OptionKind::Switch => OptionValue::Switch(rng.random_bool(0.5)),
            OptionKind::Number { min, max } => OptionValue::Number(rng.random_range(min..=max.min(min + 1_000))),
            OptionKind::Text { .. } => continue,
        };
        options = options.with(spec.key, value);
    }
    options
}

/// A record of a random game of `game`, from its start or (with
/// `setup_plies`) from a position reached after that many random moves.
fn random_record(game: GameId, seed: u64, setup_plies: usize) -> Replayed {
    let mut options = random_options(game, seed);
    let mut setup = None;
    if setup_plies > 0 {
        let before = random_line(game, &options, seed ^ 1, setup_plies);
        if !before.status().is_over() {
            setup = Some(before.current().position_string());
            options.values.retain(|key, _| game.info().option(key).is_none_or(|o| o.start_only.is_none()));
        }
    }
    let start = game.start(&options, setup.as_deref()).unwrap();
    let mut line = Line::new(start);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    while line.plies() < 300 && !line.status().is_over() {
        let mv = line.current().random_step(&mut rng).unwrap();
        line.play(mv).unwrap();
    }
    let mut record = GameRecord::new(game, options);
    record.setup = setup;
    Replayed::from_line(record, line)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn records_of_every_game_round_trip(game in 0..GameId::ALL.len(), seed in any::<u64>(), setup in 0..40usize) {
        let game = GameId::ALL[game];
        let original = random_record(game, seed, setup);
        for form in [MoveForm::Record, MoveForm::Long] {
            let text = original.to_text(form);
            let again = GameRecord::from_text(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(again.to_text(form), text.clone());
            prop_assert_eq!(again.line.moves(), original.line.moves());
            prop_assert_eq!(again.line.current(), original.line.current());
            prop_assert_eq!(&again.record.result, &original.record.result);
            prop_assert_eq!(again.record.result.is_some(), again.line.status().is_over());
        }
        let json = serde_json::to_string(&original.record).unwrap();
        let from_json: GameRecord = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&from_json, &original.record);
        let replayed = from_json.replay().map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(replayed.line.current(), original.line.current());
    }

    #[test]
    fn record_parser_never_panics(text in "(\\[[A-Za-z]{0,6} \"[^\"\n]{0,8}\"\\]\n){0,3}[0-9a-h.x+=HJC \n—-]{0,60}") {
        let _ = replay(&text);
    }

    #[test]
    fn records_with_a_known_game_never_panic(game in 0..GameId::ALL.len(), body in "[0-9a-hT@:,A-C.x+=HJC \n—-]{0,60}") {
        let _ = replay(&format!("[Game \"{}\"]\n\n{body}\n", GameId::ALL[game]));
    }
}
