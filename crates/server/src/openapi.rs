//! The OpenAPI 3.1 document of every path, made from the handlers and the
//! `arbiter-api` types themselves.

use axum::routing::get;
use axum::{Json, Router};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::routes::{
    accounts, catalog, chat, conditionals, games, guests, invitations, live, me, metrics, notices, offers,
    password_reset, players, positions, ratings, service, tournaments, vacation,
};
use crate::state::AppState;

/// The route of the document.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/openapi.json", get(openapi))
}

#[utoipa::path(get, path = "/api/openapi.json", tag = "service",
    responses((status = 200, description = "this document: OpenAPI 3.1 for every path")))]
pub(crate) async fn openapi() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}

/// The document.
#[derive(OpenApi)]
#[openapi(
    info(title = "Arbiter", description = "Play board games online: accounts, games, moves, records, live updates; the games are in the catalog (`GET /api/games/catalog`)."),
    paths(
        accounts::register, accounts::sign_in, accounts::sign_out, guests::guest_session,
        password_reset::request_reset, password_reset::confirm_reset,
        me::me, me::change_me, me::verify_email, me::resend_link, me::become_bot, me::sessions, me::end_session,
        games::create, games::list, games::view, games::take_seat, games::play_move, games::resign, games::record,
        games::history, invitations::decline, invitations::invite, invitations::open, invitations::call_off,
        chat::write, chat::read, chat::remove, chat::mute, chat::muted, chat::unmute,
        catalog::get_catalog, catalog::get_rules, positions::position, players::names, players::player,
        ratings::history, ratings::leaderboard,
        tournaments::create, tournaments::list, tournaments::view, tournaments::join, tournaments::leave,
        tournaments::remove, tournaments::start,
        offers::offer, offers::accept, offers::decline, notices::notices,
        conditionals::read, conditionals::replace, conditionals::clear,
        vacation::read, vacation::start, vacation::end, vacation::cancel, vacation::switch_auto,
        live::game_live, live::lobby_live, live::me_live,
        service::healthz, service::readyz, service::service, metrics::metrics, openapi,
    ),
    components(schemas(arbiter_api::ServerMessage, arbiter_api::ClientMessage, arbiter_api::PersonalMessage)),
    modifiers(&BearerAuth),
)]
pub struct ApiDoc;

/// Declares the bearer token the secured paths name.
struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}
