//! `/healthz`, `/readyz`, `/api/service`, and `/metrics` ([`super::metrics`]).

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
        .route("/readyz", get(readyz))
        .route("/api/service", get(service))
        .route("/metrics", get(super::metrics::metrics))
}

#[utoipa::path(get, path = "/readyz", tag = "service",
    responses((status = 200, description = "the server takes requests", body = String, content_type = "text/plain"),
        (status = 503, description = "the server is stopping: a proxy passes it over", body = String, content_type = "text/plain")))]
pub(crate) async fn readyz(State(state): State<AppState>) -> (StatusCode, &'static str) {
    if state.stopping.load(std::sync::atomic::Ordering::SeqCst) {
        (StatusCode::SERVICE_UNAVAILABLE, "the server is stopping")
    } else {
        (StatusCode::OK, "ready")
    }
}

#[utoipa::path(get, path = "/api/service", tag = "service",
    responses((status = 200, description = "the database as this server finds it, and the outages it saw", body = ServiceView)))]
pub(crate) async fn service(State(state): State<AppState>) -> Json<ServiceView> {
    Json(ServiceView { database: state.database.view() })
}

#[utoipa::path(get, path = "/healthz", tag = "service",
    responses((status = 200, description = "the database answers", body = String, content_type = "text/plain"),
        (status = 503, description = "the database does not answer, or the server is stopping", body = String, content_type = "text/plain")))]
pub(crate) async fn healthz(State(state): State<AppState>) -> (StatusCode, &'static str) {
    if state.stopping.load(std::sync::atomic::Ordering::SeqCst) {
        return (StatusCode::SERVICE_UNAVAILABLE, "the server is stopping");
    }
    match state.store.ping().await {
        Ok(()) => (StatusCode::OK, "ok"),
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, "the database does not answer"),
    }
}
