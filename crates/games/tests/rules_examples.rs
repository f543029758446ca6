//! The examples of the browser's rules pages (`web/src/rules/examples.json`)
//! against the engines: each example's start position reads back as
//! written, each move is legal where it is played, the position after it
//! is the one the file gives, and each move the file shows refused is
//! refused by the rules, with the words the file quotes; the cells an
//! example lights at its start (`lit`) are exactly those the piece of its
//! first move can reach.

use std::collections::BTreeSet;
use std::path::Path;

use arbiter_core::{GameOptions, MoveError};
use arbiter_games::{GameId, Line};
use serde_json::Value;

/// The examples file, read as JSON.
fn examples() -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/src/rules/examples.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    file["examples"].as_array().expect("an 'examples' list").clone()
}

fn text<'a>(value: &'a Value, key: &str, what: &str) -> &'a str {
    value[key].as_str().unwrap_or_else(|| panic!("{what}: '{key}' is missing or not text"))
}

/// What is wrong with one example, if anything.
fn check(example: &Value) -> Result<usize, String> {
    let id = text(example, "id", "an example");
    let game = GameId::parse(text(example, "game", id)).map_err(|e| format!("{id}: {e}"))?;
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
    for example in &examples {
        let id = text(example, "id", "an example");
        assert!(ids.insert(id.to_string()), "{id}: two examples have this id");
        games.insert(text(example, "game", id).to_string());
        if let Err(e) = check(example) {
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
