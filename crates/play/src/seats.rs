//! Who sits in a seat: a person, or the computer at a level.

use serde::{Deserialize, Serialize};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Player {
    /// A person (at this keyboard, by mail, online).
    #[default]
    Person,
    /// The computer at this level, 1 to 10.
    Computer {
        /// Its level.
        level: u8,
    },
}

/// A seat's occupant: who plays it, and the name records give them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "OccupantRecord", into = "OccupantRecord")]
pub struct Occupant {
    /// The name, if the seat has one.
    pub name: Option<String>,
    /// Who plays it.
    pub player: Player,
}

impl Occupant {
    /// A person called `name`.
    pub fn person(name: impl Into<String>) -> Occupant {
        Occupant { name: Some(name.into()), player: Player::Person }
    }

    /// The computer at `level`, called `name`.
    pub fn computer(level: u8, name: impl Into<String>) -> Occupant {
        Occupant { name: Some(name.into()), player: Player::Computer { level } }
    }

    /// The computer's level, if the computer plays the seat.
    pub fn level(&self) -> Option<u8> {
        match self.player {
            Player::Computer { level } => Some(level),
            Player::Person => None,
        }
    }

    /// Whether the computer plays the seat.
    pub fn is_computer(&self) -> bool {
        self.level().is_some()
    }
}

/// An occupant as records write it: `{"name": "Ann"}`,
/// `{"name": "Computer 1", "computer": 5}`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct OccupantRecord {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    computer: Option<u8>,
}

impl From<OccupantRecord> for Occupant {
    fn from(r: OccupantRecord) -> Occupant {
        let player = r.computer.map_or(Player::Person, |level| Player::Computer { level });
        Occupant { name: r.name, player }
    }
}

impl From<Occupant> for OccupantRecord {
    fn from(o: Occupant) -> OccupantRecord {
        OccupantRecord { computer: o.level(), name: o.name }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occupants_read_back_from_json() {
        for (occupant, json) in [
            (Occupant::person("Ann"), r#"{"name":"Ann"}"#),
            (Occupant::computer(5, "Computer 1"), r#"{"name":"Computer 1","computer":5}"#),
            (Occupant::default(), "{}"),
        ] {
            assert_eq!(serde_json::to_string(&occupant).unwrap(), json);
            assert_eq!(serde_json::from_str::<Occupant>(json).unwrap(), occupant);
        }
    }
}
