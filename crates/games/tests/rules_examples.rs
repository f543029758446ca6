//! The rules pages each game keeps in its folder (`rules.json`, served by
//! the catalog) against the engines: each example's start position reads
//! back as written, each move is legal where it is played, the position
//! after it is the one the page gives, and each move the page shows
//! refused is refused by the rules, with the words the page quotes; the
//! cells an example lights at its start (`lit`) are exactly those the
//! piece of its first move can reach. The pages themselves are well made:
//! every block is one thing, every example a block names exists and
//! every example is named, section anchors are unique, and every rule a
//! move can be refused for points to a section of its game's page.

use std::collections::BTreeSet;

use arbiter_core::{GameOptions, MoveError};
use arbiter_games::{GameId, Line};
use serde_json::Value;

/// A game's rules page, read as JSON.
fn page(game: GameId) -> Value {
    serde_json::from_str(game.info().rules).unwrap_or_else(|e| panic!("{}'s rules.json: {e}", game.as_str()))
}

/// Every game's examples, each with its game.
fn examples() -> Vec<(GameId, Value)> {
    GameId::ALL
        .iter()
        .flat_map(|&game| {
            let examples = page(game)["examples"].as_array().expect("an 'examples' list").clone();
            examples.into_iter().map(move |e| (game, e))
        })
        .collect()
}

fn text<'a>(value: &'a Value, key: &str, what: &str) -> &'a str {
    value[key].as_str().unwrap_or_else(|| panic!("{what}: '{key}' is missing or not text"))
}

/// What is wrong with one example, if anything.
fn check(game: GameId, example: &Value) -> Result<usize, String> {
    let id = text(example, "id", "an example");
    let variant = example["variant"].as_str().map(str::to_string);
    let options = GameOptions { variant, ..GameOptions::new() };
    let start = text(example, "start", id);
    let position = game.start(&options, Some(start)).map_err(|e| format!("{id}: start position: {e}"))?;
    if position.position_string() != start {
        return Err(format!("{id}: the start reads back as {:?}, not as written", position.position_string()));
    }
    let moves = example["moves"].as_array().ok_or_else(|| format!("{id}: no 'moves' list"))?;
    if moves.is_empty() {
        return Err(format!("{id}: an example has at least one move"));
    }
    let mut line = Line::new(position.clone());
    for (i, step) in moves.iter().enumerate() {
        let what = format!("{id}, move {}", i + 1);
        let mv = text(step, "move", &what);
        line.play_text(mv).map_err(|e| format!("{what}: {e}"))?;
        let after = line.current().position_string();
        let expected = text(step, "after", &what);
        if after != expected {
            return Err(format!("{what} ({mv}): the file gives {expected:?}, the engine {after:?}"));
        }
    }
    if let Some(lit) = example["lit"].as_array() {
        let lit: BTreeSet<&str> = lit.iter().filter_map(Value::as_str).collect();
        let first = position.legal_entries();
        let from = first
            .iter()
            .find(|e| e.mv == text(&moves[0], "move", id))
            .and_then(|e| e.steps.first().cloned())
            .ok_or_else(|| format!("{id}: the first move is not clicked from a place"))?;
        let reach: BTreeSet<&str> = first
            .iter()
            .filter(|e| e.steps.first() == Some(&from) && e.steps.len() == 2)
            .map(|e| e.steps[1].as_ref())
            .collect();
        if lit != reach {
            return Err(format!("{id}: lights {lit:?}, but from {from} the piece reaches {reach:?}"));
        }
    }
    for refusal in example["refused"].as_array().map(Vec::as_slice).unwrap_or_default() {
        let at = refusal["at"].as_u64().ok_or_else(|| format!("{id}: a refusal without 'at'"))? as usize;
        let what = format!("{id}, refused after {at} moves");
        let mv = text(refusal, "move", &what);
        let rule = text(refusal, "rule", &what);
        if at > moves.len() {
            return Err(format!("{what}: the example has {} moves", moves.len()));
        }
        let mut line = Line::new(position.clone());
        for step in &moves[..at] {
            line.play_text(text(step, "move", &what)).map_err(|e| format!("{what}: {e}"))?;
        }
        match line.play_text(mv) {
            Ok(_) => return Err(format!("{what}: {mv} is legal there")),
            Err(e @ MoveError::Malformed { .. }) => return Err(format!("{what}: {mv} is not even read: {e}")),
            Err(e) if !e.to_string().contains(rule) => {
                return Err(format!("{what}: the engine refuses {mv} with {:?}, not {rule:?}", e.to_string()));
            }
            Err(_) => {}
        }
    }
    Ok(moves.len())
}

#[test]
fn every_example_move_is_legal_and_leads_to_the_position_given() {
    let examples = examples();
    assert!(!examples.is_empty(), "no examples");
    let mut ids = BTreeSet::new();
    let mut games = BTreeSet::new();
    let mut failures = Vec::new();
    for (game, example) in &examples {
        let id = text(example, "id", "an example");
        assert!(ids.insert(id.to_string()), "{id}: two examples have this id");
        games.insert(game.as_str().to_string());
        if let Err(e) = check(*game, example) {
            failures.push(e);
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} examples are wrong:\n{}",
        failures.len(),
        examples.len(),
        failures.join("\n")
    );
    let every: BTreeSet<String> = GameId::ALL.iter().map(|g| g.as_str().to_string()).collect();
    assert_eq!(games, every, "every game has examples");
}

/// The blocks of a page: its intro's and every section's.
fn blocks(page: &Value) -> Vec<Value> {
    let mut all: Vec<Value> = page["intro"].as_array().cloned().unwrap_or_default();
    for section in page["sections"].as_array().map(Vec::as_slice).unwrap_or_default() {
        all.extend(section["blocks"].as_array().cloned().unwrap_or_default());
    }
    all
}

#[test]
fn every_page_is_well_made_and_every_refusal_points_to_a_section() {
    const KINDS: [&str; 5] = ["p", "list", "steps", "table", "example"];
    for &game in GameId::ALL {
        let info = game.info();
        let page = page(game);
        let sections = page["sections"].as_array().expect("a 'sections' list");
        let anchors: Vec<&str> = sections.iter().map(|s| text(s, "id", info.id)).collect();
        let unique: BTreeSet<&str> = anchors.iter().copied().collect();
        assert_eq!(unique.len(), anchors.len(), "{}: two sections share an anchor", info.id);
        for refusal in info.refusals {
            assert!(
                unique.contains(refusal.section),
                "{}: points to '{}', which is no section of {}'s page ({anchors:?})",
                refusal.code,
                refusal.section,
                info.id
            );
        }
        let examples: BTreeSet<&str> =
            page["examples"].as_array().into_iter().flatten().map(|e| text(e, "id", info.id)).collect();
        let mut named = BTreeSet::new();
        for block in blocks(&page) {
            let kinds = KINDS.iter().filter(|k| block.get(**k).is_some()).count();
            assert_eq!(kinds, 1, "{}: a block is exactly one of {KINDS:?}: {block}", info.id);
            if let Some(id) = block["example"].as_str() {
                assert!(examples.contains(id), "{}: a block names example '{id}', which the page lacks", info.id);
                named.insert(id.to_string());
            }
            if let Some(only) = block["only"].as_str() {
                assert!(info.variants.iter().any(|v| v.id == only), "{}: 'only' names no edition: {only}", info.id);
            }
        }
        let unnamed: Vec<&&str> = examples.iter().filter(|id| !named.contains(**id)).collect();
        assert!(unnamed.is_empty(), "{}: examples no block shows: {unnamed:?}", info.id);
    }
}
