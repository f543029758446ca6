//! `GET /api/games/catalog`: every game and edition, as the games declare
//! themselves.

use std::sync::OnceLock;

use arbiter_api::{Catalog, CatalogGame, CatalogOption, CatalogPiece, CatalogRefusal, CatalogSeat, OptionType};
use arbiter_core::{DefaultValue, GameInfo, OptionKind, OptionSpec};
use arbiter_games::GameId;
use axum::Json;

/// The catalog, made once from the registry.
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| Catalog {
        games: GameId::ALL
            .iter()
            .flat_map(|&game| {
                let info = game.info();
                let editions: Vec<Option<(&str, &str)>> = if info.variants.is_empty() {
                    vec![None]
                } else {
                    info.variants.iter().map(|v| Some((v.id, v.about))).collect()
                };
                editions.into_iter().enumerate().map(move |(i, edition)| entry(game, info, edition, i == 0))
            })
            .collect(),
    })
}

fn entry(game: GameId, info: &GameInfo, edition: Option<(&str, &str)>, default: bool) -> CatalogGame {
    let name = match edition {
        Some((id, _)) if !default => format!("{} ({id})", info.name),
        _ => info.name.to_string(),
    };
    let rules = match edition {
        Some((id, _)) if !default => format!("/rules/{}/{id}", game.as_str()),
        _ => format!("/rules/{}", game.as_str()),
    };
    CatalogGame {
        game: game.as_str().to_string(),
        variant: edition.map(|(id, _)| id.to_string()),
        name,
        about: edition.map(|(_, about)| about.to_string()),
        summary: info.summary.to_string(),
        min_seats: info.players.min,
        max_seats: info.players.max,
        seats: info.seats.iter().map(|s| CatalogSeat { label: s.label.into(), name: s.name.into() }).collect(),
        rounds: game.is_simultaneous(),
        options: info.options.iter().filter(|o| Some(o.key) != info.players.option).map(option).collect(),
        pieces: info.pieces.iter().map(|p| CatalogPiece { kind: p.kind.into(), name: p.name.into() }).collect(),
        notation: info.move_help.to_string(),
        rules,
        offers: crate::table::offer_kinds(game).iter().map(|k| k.as_str().to_string()).collect(),
        resign: info.agreements.resign() && !game.is_simultaneous(),
        refusals: info
            .refusals
            .iter()
            .map(|r| CatalogRefusal { code: r.code.into(), section: r.section.into(), about: r.about.into() })
            .collect(),
    }
}

fn option(spec: &OptionSpec) -> CatalogOption {
    let (kind, min, max) = match spec.kind {
        OptionKind::Switch => (OptionType::Switch, None, None),
        OptionKind::Number { min, max } => (OptionType::Number, Some(min), Some(max)),
        OptionKind::Text { .. } => (OptionType::Text, None, None),
    };
    let default = spec.default.map(|d| match d {
        DefaultValue::Switch(b) => serde_json::Value::Bool(b),
        DefaultValue::Number(n) => serde_json::Value::from(n),
        DefaultValue::Text(t) => serde_json::Value::String(t.to_string()),
    });
    CatalogOption { name: spec.key.to_string(), kind, min, max, default, help: spec.about.to_string() }
}

#[utoipa::path(get, path = "/api/games/catalog", tag = "games",
    responses((status = 200, description = "every game and edition: seats, options, piece kinds, notation, rules page", body = Catalog)))]
pub(crate) async fn get_catalog() -> Json<&'static Catalog> {
    Json(catalog())
}
