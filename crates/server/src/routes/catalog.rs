//! `GET /api/games/catalog`: every game and edition, as the games declare
//! themselves; `GET /api/games/catalog/{game}/rules`: a game's rules page,
//! as its folder keeps it.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use arbiter_api::{
    Catalog, CatalogGame, CatalogOption, CatalogPiece, CatalogRefusal, CatalogSeat, OptionType, RulesPage,
};
use arbiter_core::{DefaultValue, GameInfo, OptionKind, OptionSpec};
use arbiter_games::GameId;
use axum::Json;
use axum::extract::Path;
use axum::http::header::CACHE_CONTROL;
use axum::response::IntoResponse;

use crate::error::ApiError;

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

/// Every game's rules page, read once from the registry: a page that does
/// not read is left out (the games' tests read every one).
fn rules_pages() -> &'static BTreeMap<GameId, RulesPage> {
    static PAGES: OnceLock<BTreeMap<GameId, RulesPage>> = OnceLock::new();
    PAGES.get_or_init(|| {
        GameId::ALL
            .iter()
            .filter_map(|&game| match rules_page(game) {
                Ok(page) => Some((game, page)),
                Err(e) => {
                    tracing::error!(game = game.as_str(), error = %e, "a game's rules page does not read");
                    None
                }
            })
            .collect()
    })
}

/// A game's rules page, read from what the game declares.
pub fn rules_page(game: GameId) -> Result<RulesPage, serde_json::Error> {
    let mut page: RulesPage = serde_json::from_str(game.info().rules)?;
    page.game = game.as_str().to_string();
    for example in &mut page.examples {
        example.game = game.as_str().to_string();
    }
    Ok(page)
}

#[utoipa::path(get, path = "/api/games/catalog/{game}/rules", tag = "games",
    params(("game" = String, Path, description = "the game's identifier, as the catalog's `game` gives it")),
    responses(
        (status = 200, description = "the game's rules page: sections of structured text and the examples they step through; cacheable for an hour", body = RulesPage),
        (status = 404, description = "no such game", body = arbiter_api::ErrorBody)))]
pub(crate) async fn get_rules(Path(game): Path<String>) -> Result<impl IntoResponse, ApiError> {
    let id = GameId::parse(&game).map_err(|_| ApiError::not_found(format!("'{game}': no such game")))?;
    let page = rules_pages().get(&id).ok_or_else(|| ApiError::internal("reading the game's rules page"))?;
    Ok(([(CACHE_CONTROL, "public, max-age=3600")], Json(page)))
}

#[utoipa::path(get, path = "/api/games/catalog", tag = "games",
    responses((status = 200, description = "every game and edition: seats, options, piece kinds, notation, rules page", body = Catalog)))]
pub(crate) async fn get_catalog() -> Json<&'static Catalog> {
    Json(catalog())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_a_rules_page_that_reads() {
        for &game in GameId::ALL {
            let page = rules_page(game).unwrap_or_else(|e| panic!("{}: {e}", game.as_str()));
            assert!(!page.sections.is_empty(), "{}", game.as_str());
            assert!(page.examples.iter().all(|e| e.game == game.as_str()));
        }
        assert_eq!(rules_pages().len(), GameId::ALL.len());
    }
}
