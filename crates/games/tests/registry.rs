//! What every registered game must pass, read from the registry with no
//! game named here: the shared conformance suite under each variant, a
//! golden playthrough per game and variant (a seeded game: the position,
//! the legal moves and the status after every move, kept as a snapshot),
//! and a registry whose entries are consistent. A game added to the
//! registry is covered by each of these at once; its golden playthrough
//! must be looked at and accepted (`cargo insta review`) before its test
//! passes.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use arbiter_core::GameOptions;
use arbiter_core::conformance::{Coverage, check_random_games, check_random_rounds};
use arbiter_games::{GameId, Line, RoundGame, TurnGame, TypeVisitor};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Each registered game under each of its variants (the default alone for
/// a game without variants), with the options that name the variant.
fn every_game_and_variant() -> Vec<(GameId, Option<&'static str>, GameOptions)> {
    let mut all = Vec::new();
    for &game in GameId::ALL {
        let variants: Vec<Option<&'static str>> = match game.info().variants {
            [] => vec![None],
            list => list.iter().map(|v| Some(v.id)).collect(),
        };
        for variant in variants {
            let options = GameOptions { variant: variant.map(str::to_string), ..GameOptions::new() };
            all.push((game, variant, options));
        }
    }
    all
}

/// Runs the conformance suite on a game's start position under options.
struct Conformance<'a> {
    options: &'a GameOptions,
    seed: u64,
}

impl TypeVisitor for Conformance<'_> {
    type Output = Result<Coverage, String>;

    fn turns<G: TurnGame>(self) -> Self::Output {
        let start = G::start(&G::configure(self.options).map_err(|e| e.to_string())?);
        check_random_games(&start, 12, 400, self.seed).map_err(|e| e.to_string())
    }

    fn rounds<G: RoundGame>(self) -> Self::Output {
        let start = G::start(&G::configure(self.options).map_err(|e| e.to_string())?);
        check_random_rounds(&start, 12, 300, 0.03, self.seed).map_err(|e| e.to_string())
    }
}

#[test]
fn the_conformance_suite_covers_every_registered_game() {
    let mut checked = BTreeSet::new();
    for (game, variant, options) in every_game_and_variant() {
        let coverage = game
            .visit_type(Conformance { options: &options, seed: 7 })
            .unwrap_or_else(|e| panic!("{game} {variant:?}: {e}"));
        // A game short enough that all twelve random games end quickly
        // (a 3×3 board) covers what it has.
        assert!(coverage.positions > 100 || coverage.finished == 12, "{game} {variant:?}: {coverage:?}");
        assert!(coverage.finished > 0, "{game} {variant:?}: no random game finished: {coverage:?}");
        checked.insert(game);
    }
    let registered: BTreeSet<GameId> = GameId::ALL.iter().copied().collect();
    assert_eq!(checked, registered, "every registered game is checked");
}

/// A seeded game of `game`: every position, the legal moves (for a game of
/// rounds, the plays open) and the status, move by move.
fn playthrough(game: GameId, options: &GameOptions, seed: u64, max: usize) -> String {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut line = Line::new(game.start(options, None).unwrap());
    let mut text = String::new();
    loop {
        let here = line.current().clone();
        let ply = line.plies();
        let status = line.status().describe(|s| here.seat_label(s));
        let _ = writeln!(text, "{ply} position {}", here.position_string());
        let _ = writeln!(text, "{ply} status {status}");
        let _ = writeln!(text, "{ply} legal {}", here.legal_texts().join(" "));
        if line.status().is_over() || ply >= max {
            return text;
        }
        let mv = here.random_step(&mut rng).unwrap();
        let _ = writeln!(text, "{} move {} ({})", ply + 1, here.move_text(&mv), here.record_text(&mv));
        line.play(mv).unwrap();
    }
}

#[test]
fn golden_playthroughs_of_every_registered_game() {
    for (game, variant, options) in every_game_and_variant() {
        let name = match variant {
            Some(v) if Some(v) != game.info().default_variant() => format!("{game}_{v}"),
            _ => game.to_string(),
        };
        // Seeded by its name, so that a game added to the registry leaves
        // the others' playthroughs as they were.
        let seed = name.bytes().fold(2026u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
        let text = playthrough(game, &options, seed, 150);
        insta::assert_snapshot!(name, text);
    }
}

#[test]
fn every_golden_playthrough_is_of_a_registered_game() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let mut expected: BTreeSet<String> = BTreeSet::new();
    for (game, variant, _) in every_game_and_variant() {
        let name = match variant {
            Some(v) if Some(v) != game.info().default_variant() => format!("{game}_{v}"),
            _ => game.to_string(),
        };
        expected.insert(format!("registry__{name}.snap"));
    }
    let found: BTreeSet<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("registry__") && n.ends_with(".snap"))
        .collect();
    assert_eq!(found, expected, "one golden playthrough per registered game and variant, and no other");
}

#[test]
fn the_registry_is_consistent() {
    let ids: BTreeSet<&str> = GameId::ALL.iter().map(|g| g.as_str()).collect();
    assert_eq!(ids.len(), GameId::ALL.len(), "identifiers differ");
    for &game in GameId::ALL {
        let info = game.info();
        assert_eq!(GameId::parse(info.id), Ok(game));
        let keys: BTreeSet<&str> = info.options.iter().map(|o| o.key).collect();
        let tags: BTreeSet<&str> = info.options.iter().map(|o| o.tag).collect();
        assert_eq!((keys.len(), tags.len()), (info.options.len(), info.options.len()), "{game}: keys and tags differ");
        assert!(!keys.contains("variant") && !tags.contains("Game") && !tags.contains("Setup"), "{game}");
        for spec in info.options {
            if let Some(default) = spec.default_value() {
                assert_eq!(spec.check(default.clone()), Ok(default), "{game}: the default of {} is its own", spec.key);
            }
        }
        let start = game.start(&GameOptions::new(), None).unwrap();
        assert!(!start.status().is_over(), "{game} starts open");
        assert!(!info.move_help.is_empty() && !info.name.is_empty());
        if !info.seats.is_empty() {
            assert_eq!(info.seats.len(), start.seat_count(), "{game}: fixed seats");
            for (i, seat) in info.seats.iter().enumerate() {
                assert_eq!(start.seat_label(arbiter_core::Seat(i as u8)), seat.label, "{game}");
            }
        }
    }
    let known: Vec<&str> = GameId::ALL.iter().map(|g| g.as_str()).collect();
    assert_eq!(GameId::parse("chess").unwrap_err().known, known.join(", "));
}
