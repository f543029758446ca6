//! Offers standing in a game — a takeback, a draw, a rematch — as the
//! `games.offers` column keeps them (JSON `[{"kind", "by", "ply"}]`).

use std::fmt;

use serde_json::{Value, json};

use crate::error::StoreError;
use crate::key::GameKey;

/// What a player offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OfferKind {
    /// To take back the offerer's last move (and the reply to it).
    Takeback,
    /// To end the game drawn.
    Draw,
    /// A new game with the seats turned round, once this one is over.
    Rematch,
}

impl OfferKind {
    /// Every kind.
    pub const ALL: [OfferKind; 3] = [OfferKind::Takeback, OfferKind::Draw, OfferKind::Rematch];

    /// The kind's word: `takeback`, `draw` or `rematch`.
    pub fn as_str(self) -> &'static str {
        match self {
            OfferKind::Takeback => "takeback",
            OfferKind::Draw => "draw",
            OfferKind::Rematch => "rematch",
        }
    }

    /// Reads a kind as [`OfferKind::as_str`] writes it.
    pub fn parse(text: &str) -> Option<OfferKind> {
        OfferKind::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

impl fmt::Display for OfferKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An offer standing in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    /// What is offered.
    pub kind: OfferKind,
    /// The seat (its number) that offers it.
    pub by: u8,
    /// The game's ply when it was made (it lapses when a move is made).
    pub ply: u64,
}

/// `offers` as the column keeps them.
pub(crate) fn write_offers(offers: &[Offer]) -> String {
    let list: Vec<Value> = offers.iter().map(|o| json!({"kind": o.kind.as_str(), "by": o.by, "ply": o.ply})).collect();
    Value::Array(list).to_string()
}

/// The offers of the column's `text`.
pub(crate) fn read_offers(key: &GameKey, text: &str) -> Result<Vec<Offer>, StoreError> {
    let bad = |reason: String| StoreError::Record { key: key.clone(), reason: format!("stored offers: {reason}") };
    let value: Value = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
    let list = value.as_array().ok_or_else(|| bad("not a list".into()))?;
    list.iter()
        .map(|item| {
            let kind = item["kind"].as_str().and_then(OfferKind::parse);
            let by = item["by"].as_u64().and_then(|b| u8::try_from(b).ok());
            let ply = item["ply"].as_u64();
            match (kind, by, ply) {
                (Some(kind), Some(by), Some(ply)) => Ok(Offer { kind, by, ply }),
                _ => Err(bad(format!("'{item}' is no offer"))),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offers_read_back() {
        let key = GameKey("g".into());
        let offers = vec![
            Offer { kind: OfferKind::Takeback, by: 1, ply: 7 },
            Offer { kind: OfferKind::Rematch, by: 0, ply: 40 },
        ];
        assert_eq!(read_offers(&key, &write_offers(&offers)).unwrap(), offers);
        assert_eq!(read_offers(&key, "[]").unwrap(), vec![]);
        assert!(read_offers(&key, r#"[{"kind":"truce","by":0,"ply":1}]"#).is_err());
        for kind in OfferKind::ALL {
            assert_eq!(OfferKind::parse(kind.as_str()), Some(kind));
        }
    }
}
