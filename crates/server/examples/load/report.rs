//! Every figure of a run, by name, for the one JSON line `--json` prints
//! last, so that runs can be compared by a script.

use serde_json::{Map, Value};

/// The figures of a run.
#[derive(Debug, Default)]
pub struct Report(Map<String, Value>);

impl Report {
    /// Sets figure `name` (a later value replaces an earlier one).
    pub fn put(&mut self, name: &str, value: impl Into<Value>) {
        self.0.insert(name.to_string(), value.into());
    }

    /// Sets every figure of `other`.
    pub fn extend(&mut self, other: Report) {
        self.0.extend(other.0);
    }

    /// The figures as one line of JSON.
    pub fn line(&self) -> String {
        Value::Object(self.0.clone()).to_string()
    }
}

/// `value` rounded to `places` decimals, for figures that need no more.
pub fn rounded(value: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (value * scale).round() / scale
}
