//! A game's options as `POST /api/games` and `POST /api/positions` give
//! them: the `options` object, checked against what the game declares,
//! and the older top-level shorthands.

use std::collections::BTreeMap;

use arbiter_core::{GameInfo, GameOptions, OptionKind, OptionValue};

use crate::error::ApiError;

/// The options `given` names, read by the types `info` declares: an
/// unknown option, a value of the wrong type or out of range is refused
/// naming the option. `variant` is the edition.
pub fn read_options(
    info: &GameInfo,
    variant: Option<&str>,
    given: Option<&BTreeMap<String, serde_json::Value>>,
) -> Result<GameOptions, ApiError> {
    let mut options = GameOptions::new();
    options.variant = variant.map(str::to_string);
    for (key, value) in given.into_iter().flatten() {
        let spec = info.option(key).ok_or_else(|| {
            let known: Vec<&str> = info.options.iter().map(|o| o.key).collect();
            let known =
                if known.is_empty() { "it has none".to_string() } else { format!("it has {}", known.join(", ")) };
            ApiError::malformed(format!("'options.{key}': not an option of {} ({known})", info.id))
        })?;
        let wrong = |expected: &str| ApiError::malformed(format!("'options.{key}': {expected}, not {value}"));
        let read = match spec.kind {
            OptionKind::Switch => OptionValue::Switch(value.as_bool().ok_or_else(|| wrong("true or false"))?),
            OptionKind::Number { .. } => {
                OptionValue::Number(value.as_u64().ok_or_else(|| wrong("a whole number, 0 or more"))?)
            }
            OptionKind::Text { .. } => match value {
                serde_json::Value::String(text) => OptionValue::Text(text.clone()),
                serde_json::Value::Number(n) if n.is_u64() => OptionValue::Text(n.to_string()),
                _ => return Err(wrong("text")),
            },
        };
        let checked = spec.check(read).map_err(|e| ApiError::malformed(format!("'options.{key}': {}", e.reason)))?;
        options = options.with(key, checked);
    }
    Ok(options)
}

/// Adds a shorthand's value under `key`, refusing one that contradicts
/// the same option given in `options`.
pub fn add_shorthand(
    options: GameOptions,
    info: &GameInfo,
    key: &str,
    field: &str,
    value: Option<OptionValue>,
) -> Result<GameOptions, ApiError> {
    let Some(value) = value else { return Ok(options) };
    let Some(spec) = info.option(key) else {
        return Err(ApiError::malformed(format!("'{field}': not an option of {}", info.id)));
    };
    let value = spec.check(value).map_err(|e| ApiError::malformed(format!("'{field}': {}", e.reason)))?;
    match options.get(key) {
        Some(given) if *given != value => {
            Err(ApiError::malformed(format!("'{field}': {value} contradicts options.{key}, {given}; give it once")))
        }
        _ => Ok(options.with(key, value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_games::GameId;
    use serde_json::json;

    fn read(game: &str, given: serde_json::Value) -> Result<GameOptions, String> {
        let info = GameId::parse(game).unwrap().info();
        let map: BTreeMap<String, serde_json::Value> = serde_json::from_value(given).unwrap();
        read_options(info, None, Some(&map)).map_err(|e| e.message)
    }

    #[test]
    fn options_are_read_by_their_declared_types() {
        let o = read("agog", json!({"handicap": 3})).unwrap();
        assert_eq!(o.get("handicap"), Some(&OptionValue::Number(3)));
        let o = read("scg", json!({"at-blocked": true, "players": 4})).unwrap();
        assert_eq!(o.get("at-blocked"), Some(&OptionValue::Switch(true)));
        assert_eq!(o.get("players"), Some(&OptionValue::Text("ABCD".into())));
    }

    #[test]
    fn refusals_name_the_option() {
        let e = read("agog", json!({"handicap": 11})).unwrap_err();
        assert!(e.starts_with("'options.handicap':"), "{e}");
        let e = read("agog", json!({"handicap": "3"})).unwrap_err();
        assert!(e.starts_with("'options.handicap': a whole number"), "{e}");
        let e = read("agog", json!({"handicap": -1})).unwrap_err();
        assert!(e.starts_with("'options.handicap':"), "{e}");
        let e = read("sage", json!({"seed": 1})).unwrap_err();
        assert_eq!(e, "'options.seed': not an option of sage (it has repetition)");
        let e = read("scg", json!({"at-blocked": 1})).unwrap_err();
        assert!(e.starts_with("'options.at-blocked': true or false"), "{e}");
    }

    #[test]
    fn a_shorthand_may_repeat_an_option_but_not_contradict_it() {
        let info = GameId::Agog.info();
        let o = read("agog", json!({"handicap": 3})).unwrap();
        assert!(add_shorthand(o.clone(), info, "handicap", "handicap", Some(OptionValue::Number(3))).is_ok());
        let e = add_shorthand(o, info, "handicap", "handicap", Some(OptionValue::Number(4))).unwrap_err();
        assert!(e.message.contains("contradicts options.handicap"), "{}", e.message);
    }
}
