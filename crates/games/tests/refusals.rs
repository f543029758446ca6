//! Every rule a game declares a move can be refused for is refused with
//! its code: each declared example is refused by the engine with exactly
//! that rule, the codes are unique and named after their game, and each
//! points to a section of the game's rules page.

use std::collections::BTreeSet;

use arbiter_core::{GameInfo, GameOptions, MoveError, RefusalInfo};
use arbiter_games::GameId;

/// Rules given only when no other explains a refusal: the explanation's
/// last resort, which no known move reaches (a search of every quiet move
/// and capture along 2,000 random games found none), so it has no example.
const LAST_RESORTS: &[&str] = &["agog.units.other"];

/// The options an example names (`variant=classic at-blocked=on`).
fn options(info: &GameInfo, text: &str) -> Result<GameOptions, String> {
    let mut options = GameOptions::new();
    for pair in text.split_whitespace() {
        let (key, value) = pair.split_once('=').ok_or_else(|| format!("'{pair}': not key=value"))?;
        if key == "variant" {
            options.variant = Some(value.to_string());
        } else {
            let spec = info.option(key).ok_or_else(|| format!("'{key}': no such option"))?;
            options = options.with(key, spec.parse(value).map_err(|e| e.to_string())?);
        }
    }
    Ok(options)
}

/// What is wrong with a refusal's example, if anything.
fn check(game: GameId, refusal: &RefusalInfo) -> Result<(), String> {
    let example = refusal.example;
    if example.play.is_empty() {
        return if LAST_RESORTS.contains(&refusal.code) { Ok(()) } else { Err("no example".into()) };
    }
    let options = options(game.info(), example.options)?;
    let position = (!example.position.is_empty()).then_some(example.position);
    let start = game.start(&options, position).map_err(|e| format!("the example's position: {e}"))?;
    match start.parse_move(example.play) {
        Err(MoveError::Illegal { rule, .. }) if rule == refusal.code => Ok(()),
        Err(MoveError::Illegal { rule, reason, .. }) => {
            Err(format!("'{}' is refused for {rule} ({reason}), not for this rule", example.play))
        }
        Err(other) => Err(format!("'{}' is refused, but not by a rule: {other}", example.play)),
        Ok(_) => Err(format!("'{}' is legal there", example.play)),
    }
}

#[test]
fn every_refusal_is_refused_with_its_code() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for &game in GameId::ALL {
        for refusal in game.info().refusals {
            if let Err(e) = check(game, refusal) {
                failures.push(format!("{}: {e}", refusal.code));
            }
            checked += 1;
        }
    }
    assert!(failures.is_empty(), "{} of {checked} refusals fail:\n{}", failures.len(), failures.join("\n"));
    assert!(checked >= 40, "only {checked} refusals declared");
}

#[test]
fn codes_are_unique_and_name_their_game() {
    let mut seen = BTreeSet::new();
    for &game in GameId::ALL {
        let info = game.info();
        assert!(!info.refusals.is_empty(), "{} declares no refusals", info.id);
        for refusal in info.refusals {
            assert!(seen.insert(refusal.code), "{} is declared twice", refusal.code);
            let mut parts = refusal.code.split('.');
            assert_eq!(parts.next(), Some(info.id), "{} does not start with its game", refusal.code);
            let rest: Vec<&str> = parts.collect();
            assert!(
                rest.len() == 2
                    && rest.iter().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')),
                "{} is not <game>.<topic>.<rule> in lower case",
                refusal.code
            );
            assert!(!refusal.section.is_empty() && !refusal.about.is_empty(), "{}", refusal.code);
        }
    }
}
