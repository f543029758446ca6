//! Options that fix a game's rules before it starts: what each game
//! declares ([`OptionSpec`]), and the values given ([`GameOptions`]),
//! read once from flags, engine keys, record tags or JSON and checked
//! against the game's declaration.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::OptionError;

/// The kind of value an option takes.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    /// `on` or `off`.
    Switch,
    /// A whole number in a range.
    Number {
        /// The smallest value.
        min: u64,
        /// The largest value.
        max: u64,
    },
    /// Text the game checks and writes canonically (`check`).
    Text {
        /// Reads the text: its canonical form, or why it is refused.
        check: fn(&str) -> Result<String, String>,
    },
}

/// An option's value.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OptionValue {
    /// A switch.
    Switch(bool),
    /// A whole number.
    Number(u64),
    /// Text.
    Text(String),
}

impl fmt::Display for OptionValue {
    /// As flags, keys and record tags write it: `on`/`off`, digits, text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Switch(true) => f.write_str("on"),
            OptionValue::Switch(false) => f.write_str("off"),
            OptionValue::Number(n) => write!(f, "{n}"),
            OptionValue::Text(t) => f.write_str(t),
        }
    }
}

/// An option a game declares.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The key: the engine protocol's `key=value`, the command line's
    /// `--key`, the JSON field.
    pub key: &'static str,
    /// The record tag that writes it (`Handicap`).
    pub tag: &'static str,
    /// The value it takes.
    pub kind: OptionKind,
    /// The value when it is not given (`None`: the option has no value
    /// then, and the game does without it). Records leave out a tag whose
    /// value is the default.
    pub default: Option<DefaultValue>,
    /// Whether records write it even at its default (the letters of a
    /// Single Capture Go game's players).
    pub always_recorded: bool,
    /// For an option that shapes the start position only: why it cannot
    /// go with a position string (refused when its value is not the
    /// default).
    pub start_only: Option<&'static str>,
    /// What it does, for help texts.
    pub about: &'static str,
}

impl OptionSpec {
    /// The system rule "the third occurrence of a position draws", on
    /// unless turned off (`repetition`, tag `Repetition`), for the games
    /// that have it.
    pub const REPETITION: OptionSpec = OptionSpec {
        key: "repetition",
        tag: "Repetition",
        kind: OptionKind::Switch,
        default: Some(DefaultValue::Switch(true)),
        always_recorded: false,
        start_only: None,
        about: "whether the third occurrence of a position draws (a system rule, on by default)",
    };
}

/// A default value that can be written in a `static`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefaultValue {
    /// A switch.
    Switch(bool),
    /// A number.
    Number(u64),
    /// Text.
    Text(&'static str),
}

impl DefaultValue {
    /// The value it stands for.
    pub fn value(self) -> OptionValue {
        match self {
            DefaultValue::Switch(b) => OptionValue::Switch(b),
            DefaultValue::Number(n) => OptionValue::Number(n),
            DefaultValue::Text(t) => OptionValue::Text(t.to_string()),
        }
    }
}

impl OptionSpec {
    /// Reads a value for this option from text (`on`, `3`, `ABC`); the
    /// error names the text.
    pub fn parse(&self, text: &str) -> Result<OptionValue, OptionError> {
        match self.kind {
            OptionKind::Switch => match text {
                "on" => Ok(OptionValue::Switch(true)),
                "off" => Ok(OptionValue::Switch(false)),
                _ => Err(OptionError::new(text, format!("{} is on or off", self.key))),
            },
            OptionKind::Number { .. } => match text.parse::<u64>() {
                Ok(n) if text.bytes().all(|b| b.is_ascii_digit()) => self.check(OptionValue::Number(n)),
                _ => Err(OptionError::new(text, format!("{} is a whole number", self.key))),
            },
            OptionKind::Text { .. } => self.check(OptionValue::Text(text.to_string())),
        }
    }

    /// Checks a value of this option and writes it canonically.
    pub fn check(&self, value: OptionValue) -> Result<OptionValue, OptionError> {
        match (self.kind, value) {
            (OptionKind::Switch, v @ OptionValue::Switch(_)) => Ok(v),
            (OptionKind::Number { min, max }, OptionValue::Number(n)) => {
                if (min..=max).contains(&n) {
                    Ok(OptionValue::Number(n))
                } else {
                    Err(OptionError::new(n.to_string(), format!("the {} is {min} to {max}", self.key)))
                }
            }
            (OptionKind::Text { check }, OptionValue::Text(t)) => {
                check(&t).map(OptionValue::Text).map_err(|reason| OptionError::new(t, reason))
            }
            (kind, other) => {
                let wanted = match kind {
                    OptionKind::Switch => "on or off",
                    OptionKind::Number { .. } => "a whole number",
                    OptionKind::Text { .. } => "text",
                };
                Err(OptionError::new(other.to_string(), format!("{} is {wanted}", self.key)))
            }
        }
    }

    /// The default value, if the option has one.
    pub fn default_value(&self) -> Option<OptionValue> {
        self.default.map(DefaultValue::value)
    }
}

/// The options given for a game: a variant, and values by key. Built at
/// the edge (flags, engine keys, record tags, JSON), then checked against
/// the game with [`GameOptions::check`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOptions {
    /// The variant, if one was named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// The values given, by option key.
    #[serde(flatten)]
    pub values: BTreeMap<String, OptionValue>,
}

impl GameOptions {
    /// No options: the game's defaults.
    pub fn new() -> GameOptions {
        GameOptions::default()
    }

    /// Whether nothing was given.
    pub fn is_empty(&self) -> bool {
        self.variant.is_none() && self.values.is_empty()
    }

    /// These options with `key` set to `value`.
    pub fn with(mut self, key: &str, value: OptionValue) -> GameOptions {
        self.values.insert(key.to_string(), value);
        self
    }

    /// The value given for `key`.
    pub fn get(&self, key: &str) -> Option<&OptionValue> {
        self.values.get(key)
    }

    /// The switch `key`, or `default` when not given.
    pub fn switch(&self, key: &str, default: bool) -> bool {
        match self.get(key) {
            Some(OptionValue::Switch(b)) => *b,
            _ => default,
        }
    }

    /// The number `key`, if given.
    pub fn number(&self, key: &str) -> Option<u64> {
        match self.get(key) {
            Some(OptionValue::Number(n)) => Some(*n),
            _ => None,
        }
    }

    /// The text `key`, if given.
    pub fn text(&self, key: &str) -> Option<&str> {
        match self.get(key) {
            Some(OptionValue::Text(t)) => Some(t),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(text: &str) -> Result<String, String> {
        if text.chars().all(|c| c.is_ascii_uppercase()) { Ok(text.into()) } else { Err("capitals only".into()) }
    }

    #[test]
    fn values_read_from_text_and_write_back() {
        let handicap = OptionSpec {
            key: "handicap",
            tag: "Handicap",
            kind: OptionKind::Number { min: 0, max: 10 },
            default: Some(DefaultValue::Number(0)),
            always_recorded: false,
            start_only: None,
            about: "",
        };
        let players =
            OptionSpec { key: "players", tag: "Players", kind: OptionKind::Text { check: letters }, ..handicap };
        let spec = &OptionSpec::REPETITION;
        assert_eq!(spec.parse("off"), Ok(OptionValue::Switch(false)));
        assert_eq!(spec.parse("maybe").unwrap_err().option, "maybe");
        assert_eq!(handicap.parse("12").unwrap_err().option, "12");
        assert_eq!(handicap.parse("+3").unwrap_err().option, "+3");
        assert_eq!(players.parse("AbC").unwrap_err().to_string(), "'AbC': capitals only");
        for (spec, text) in [(spec, "on"), (&handicap, "7"), (&players, "ABC")] {
            assert_eq!(spec.parse(text).unwrap().to_string(), text);
        }
        let json = serde_json::to_string(&GameOptions::new().with("handicap", OptionValue::Number(2))).unwrap();
        assert_eq!(json, r#"{"handicap":2}"#);
    }
}
