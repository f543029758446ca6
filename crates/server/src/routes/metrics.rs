//! `GET /metrics` ([`crate::metrics`]), answered on this machine through
//! no proxy or with the metrics token, and the layer that counts every
//! request under its route.

use std::time::Instant;

use axum::body::Body;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::limits::ClientAddress;
use crate::metrics::{PAGES, Readings};
use crate::state::AppState;

/// Counts every request and its latency under its route.
pub async fn track(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let route = request.extensions().get::<MatchedPath>().cloned();
    let method = request.method().clone();
    let started = Instant::now();
    let response = next.run(request).await;
    let route = route.as_ref().map_or(PAGES, MatchedPath::as_str);
    state.metrics.request(route, &method, response.status(), started.elapsed());
    response
}

#[utoipa::path(get, path = "/metrics", tag = "service",
    responses((status = 200, description = "Prometheus's text format (OpenMetrics)", body = String, content_type = "application/openmetrics-text"),
        (status = 403, description = "neither from this machine nor with the metrics token", body = arbiter_api::ErrorBody)))]
pub(crate) async fn metrics(State(state): State<AppState>, address: ClientAddress, headers: HeaderMap) -> Response {
    if !may_read(&state, address, &headers) {
        return crate::error::ApiError::forbidden(
            "the metrics are answered on this machine only (not through a proxy), or with the metrics token",
        )
        .into_response();
    }
    let text = state.metrics.render(readings(&state).await);
    let content_type = HeaderValue::from_static("application/openmetrics-text; version=1.0.0; charset=utf-8");
    let mut response = Response::new(Body::from(text));
    response.headers_mut().insert(header::CONTENT_TYPE, content_type);
    response
}

/// What the gauges read now.
async fn readings(state: &AppState) -> Readings {
    let mail = match state.store.mail_counts().await {
        Ok(counts) => Some(counts),
        Err(e) => {
            tracing::warn!(error = %e, "the mail's counts were not read for the metrics");
            None
        }
    };
    Readings {
        connections: state.connections.open(),
        sockets: state.sockets.count(),
        searches_queued: state.searches.queued(),
        searches_running: state.searches.running(),
        mail,
    }
}

/// Whether the request may read the metrics: it comes from this machine
/// and through no proxy, or it carries the metrics token.
fn may_read(state: &AppState, address: ClientAddress, headers: &HeaderMap) -> bool {
    if let Some(token) = state.settings.metrics_token.as_deref() {
        let given =
            headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
        if given.is_some_and(|given| same(given.as_bytes(), token.as_bytes())) {
            return true;
        }
    }
    let proxied = headers.contains_key("x-forwarded-for") || headers.contains_key(header::FORWARDED);
    address.0.is_loopback() && !proxied
}

/// Whether two byte strings are equal, in a time that does not depend on
/// where they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::same;

    #[test]
    fn tokens_compare_whole() {
        assert!(same(b"s3cret", b"s3cret"));
        assert!(!same(b"s3cret", b"s3creT"));
        assert!(!same(b"s3cret", b"s3cre"));
        assert!(!same(b"", b"x"));
    }
}
