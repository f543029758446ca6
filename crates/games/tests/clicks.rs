//! Moves as clicks, over random positions of every game and edition:
//! following an entry's steps and choice yields exactly its move, no two
//! entries share steps and choice, every legal move (or play) of the
//! engine is listed once, and every step is a cell or spot of the board
//! model drawn for the same position.

use std::collections::{HashMap, HashSet};

use arbiter_core::{GameOptions, LegalMove, Name, OptionValue};
use arbiter_games::{AnyGame, GameId};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// A start position of `game` with options drawn from `pick`.
fn start(game: GameId, pick: u64) -> AnyGame {
    let mut options = GameOptions::new();
    match game.as_str() {
        "agog" => {
            options.variant = Some(if pick.is_multiple_of(2) { "current" } else { "classic" }.to_string());
            if pick.is_multiple_of(2) {
                options = options.with("handicap", OptionValue::Number(pick / 2 % 11));
            }
        }
        "ogama" => options = options.with("seed", OptionValue::Number(pick)),
        "scg" => {
            options = options.with("players", OptionValue::Text((2 + pick % 11).to_string()));
            options = options.with("at-blocked", OptionValue::Switch(pick.is_multiple_of(3)));
        }
        _ => {}
    }
    game.start(&options, None).expect("a start position")
}

/// What clicking `steps` and then choosing `choice` (when offered)
/// selects among `entries`: the entries whose steps are exactly these,
/// narrowed by the choice where several remain.
fn follow<'a>(entries: &'a [LegalMove], steps: &[Name], choice: Option<&str>) -> Vec<&'a LegalMove> {
    let ending: Vec<&LegalMove> = entries.iter().filter(|e| e.steps == steps).collect();
    if ending.len() <= 1 {
        return ending;
    }
    ending.into_iter().filter(|e| e.choice.as_deref() == choice).collect()
}

/// Checks the clicks of every entry `seat` (or the side to move) is
/// offered in `position`.
fn check_position(position: &AnyGame) -> Result<(), TestCaseError> {
    let board = position.board_model();
    prop_assert_eq!(board.cells.len(), board.rows.len() * board.columns.len());
    let names: HashSet<&str> =
        board.cells.iter().map(|c| &*c.name).chain(board.spots.iter().map(|s| &*s.name)).collect();
    prop_assert_eq!(names.len(), board.cells.len() + board.spots.len(), "cell and spot names are unique");
    let seats: Vec<_> = position.to_move().iter().collect();
    for seat in seats {
        let entries = position.legal_for(seat);
        // Every legal move (play) of the engine, listed once.
        let engine: Vec<String> = if position.is_simultaneous() {
            position.legal_plays(seat).iter().map(|p| position.play_text(p)).collect()
        } else {
            position.legal_moves().iter().map(|m| position.move_text(m)).collect()
        };
        let listed: Vec<&str> = entries.iter().map(|e| e.mv.as_str()).collect();
        let mut once = HashMap::<&str, usize>::new();
        for mv in &listed {
            *once.entry(mv).or_default() += 1;
        }
        prop_assert!(once.values().all(|&n| n == 1), "a move listed twice: {:?}", listed);
        let engine_set: HashSet<&str> = engine.iter().map(String::as_str).collect();
        prop_assert_eq!(once.keys().copied().collect::<HashSet<_>>(), engine_set);
        // No two entries with the same steps and choice.
        let keys: HashSet<(&[Name], Option<&str>)> =
            entries.iter().map(|e| (e.steps.as_slice(), e.choice.as_deref())).collect();
        prop_assert_eq!(keys.len(), entries.len(), "ambiguous entries in {:?}", entries);
        for entry in &entries {
            for step in &entry.steps {
                prop_assert!(names.contains(&**step), "{} names {} which the board lacks", entry.mv, step);
            }
            prop_assert!(!entry.steps.is_empty() || entry.mv == "pass", "{} has no clicks", entry.mv);
            let followed = follow(&entries, &entry.steps, entry.choice.as_deref());
            prop_assert_eq!(followed.len(), 1, "{:?} selects {:?}", entry, followed);
            prop_assert_eq!(&followed[0].mv, &entry.mv);
            // The move text is the engine's own: it reads back to a move
            // whose clicks are the entry's.
            if !position.is_simultaneous() {
                let mv = position.parse_move(&entry.mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
                prop_assert_eq!(position.move_steps(&mv), entry.steps.clone());
            } else {
                prop_assert!(position.parse_play(seat, &entry.mv).is_ok());
            }
        }
    }
    Ok(())
}

/// Plays a random game of `game` and checks every position on the way.
fn check_game(game: GameId, pick: u64, seed: u64, plies: usize) -> Result<(), TestCaseError> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut position = start(game, pick);
    for _ in 0..plies {
        check_position(&position)?;
        let Some(mv) = position.random_step(&mut rng) else { break };
        let next = position.play(&mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
        // The last move's cells are marked on the board after it.
        let board = next.board_after(&position, &mv);
        for cell in &board.last_move {
            prop_assert!(board.has_place(cell));
        }
        position = next;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Every registered game, a new one included with no line here.
    #[test]
    fn every_games_moves_follow_their_clicks(pick in any::<u64>(), seed in any::<u64>()) {
        for &game in GameId::ALL {
            let plies = if game.is_simultaneous() { 60 } else { 160 };
            check_game(game, pick, seed, plies)?;
        }
    }
}

#[test]
fn a_promotion_is_told_apart_by_its_choice() {
    // A unit ending on the enemy sanctum may make a hulk with one of
    // several golems, or leave the board: the clicks are the same, the
    // choice says which.
    let game = GameId::Agog;
    let mut found = false;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for seed in 0..400u64 {
        let mut position = start(game, seed);
        for _ in 0..200 {
            let entries = position.legal_entries();
            if let Some(e) = entries.iter().find(|e| e.choice.as_deref().is_some_and(|c| c.starts_with("hulk with"))) {
                let others: Vec<_> = entries.iter().filter(|o| o.steps == e.steps && o.mv != e.mv).collect();
                assert!(!others.is_empty(), "a choice is given only where steps are shared");
                assert!(e.mv.ends_with("=H"), "{}", e.mv);
                found = true;
                break;
            }
            let Some(mv) = position.random_step(&mut rng) else { break };
            position = position.play(&mv).unwrap();
        }
        if found {
            break;
        }
    }
    assert!(found, "random games reach a promotion with a choice");
}
