//! The browser client at every address outside `/api`: its files by path
//! (gzipped for a browser that takes it; hashed files cached for good),
//! and its page for any other address, so that `/games/{id}` opens the
//! game. Addresses under `/api` that match no route keep the JSON 404.

use arbiter_api::ErrorCode;
use axum::body::Body;
use axum::http::header::{
    ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_SECURITY_POLICY, CONTENT_TYPE, REFERRER_POLICY, VARY,
    X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// What the client's page may load: its own scripts, styles and images,
/// `data:` images (the icon), and its own origin over HTTP and WebSockets
/// (`'self'` covers `ws:`/`wss:` to the same host).
/// No inline script or style sheet: the client sets styles through the
/// DOM, which the policy allows.
const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
                      img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; \
                      form-action 'self'";

/// The fallback of the router: the client, or the API's 404.
pub async fn fallback(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") || (method != Method::GET && method != Method::HEAD) {
        return ApiError::new(ErrorCode::NotFound, format!("'{path}': no such path")).into_response();
    }
    let file = path.trim_start_matches('/');
    let asset = match arbiter_web::asset(file) {
        Some(asset) if !file.is_empty() => asset,
        _ if file.starts_with("assets/") => {
            return (StatusCode::NOT_FOUND, [(CONTENT_TYPE, "text/plain; charset=utf-8")], "no such file")
                .into_response();
        }
        _ => arbiter_web::index_html(),
    };
    let takes_gzip = headers
        .get(ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|e| e.trim().split(';').next() == Some("gzip")));
    let html = asset.content_type.starts_with("text/html");
    let mut response = Response::builder()
        .header(CONTENT_TYPE, &asset.content_type)
        .header(CACHE_CONTROL, if asset.immutable { "public, max-age=31536000, immutable" } else { "no-cache" })
        .header(X_CONTENT_TYPE_OPTIONS, "nosniff")
        .header(VARY, "Accept-Encoding");
    if html {
        response = response
            .header(CONTENT_SECURITY_POLICY, POLICY)
            .header(REFERRER_POLICY, "same-origin")
            .header(X_FRAME_OPTIONS, "DENY");
    }
    let bytes = match (&asset.gzip, takes_gzip) {
        (Some(gz), true) => {
            response = response.header(CONTENT_ENCODING, "gzip");
            gz.clone()
        }
        _ => asset.bytes.clone(),
    };
    let body = if method == Method::HEAD { Body::empty() } else { Body::from(bytes.into_owned()) };
    response.body(body).unwrap_or_else(|_| StatusCode::NOT_FOUND.into_response())
}
