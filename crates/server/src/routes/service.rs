//! `/healthz`, `/api/service`, and `/metrics` ([`super::metrics`]).

use arbiter_api::ServiceView;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};

use crate::state::AppState;

/// The routes of the service itself.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/api/service", get(service))
        .route("/metrics", get(super::metrics::metrics))
}

#[utoipa::path(get, path = "/api/service", tag = "service",
    responses((status = 200, description = "the database as this server finds it, and the outages it saw", body = ServiceView)))]
pub(crate) async fn service(State(state): State<AppState>) -> Json<ServiceView> {
    Json(ServiceView { database: state.database.view() })
}

#[utoipa::path(get, path = "/healthz", tag = "service",
    responses((status = 200, description = "the database answers", body = String, content_type = "text/plain"),
        (status = 503, description = "the database does not answer", body = String, content_type = "text/plain")))]
pub(crate) async fn healthz(State(state): State<AppState>) -> (StatusCode, &'static str) {
    match state.store.ping().await {
        Ok(()) => (StatusCode::OK, "ok"),
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, "the database does not answer"),
    }
}
