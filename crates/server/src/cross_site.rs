//! Requests from other sites: a request that a browser authenticates with
//! the session cookie and that changes something (any method but GET,
//! HEAD and OPTIONS), and a WebSocket upgrade authenticated by the cookie,
//! must come from the site's own pages: their `Origin` (or, where a browser
//! sends none, the origin of their `Referer`) is the public URL's origin or
//! the request's own host. Otherwise 403. Requests with a bearer token, and
//! requests without the cookie, carry no ambient authority and pass.

use axum::extract::{Request, State};
use axum::http::header::{HOST, ORIGIN, REFERER, UPGRADE};
use axum::http::{HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::auth::{Carrier, request_token};
use crate::error::ApiError;
use crate::state::{AppState, origin_of};

/// Whether the request needs its origin checked: cookie-authenticated,
/// and changing something or opening a WebSocket.
fn needs_check(method: &Method, headers: &HeaderMap) -> bool {
    let changes = !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    let upgrade =
        headers.get(UPGRADE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.eq_ignore_ascii_case("websocket"));
    (changes || upgrade) && matches!(request_token(headers), Some((_, Carrier::Cookie)))
}

/// Whether the request comes from the site's own pages.
pub fn same_site(headers: &HeaderMap, public_origin: Option<&str>) -> bool {
    let origin = match headers.get(ORIGIN).and_then(|v| v.to_str().ok()) {
        Some(origin) => origin_of(origin),
        None => headers.get(REFERER).and_then(|v| v.to_str().ok()).and_then(origin_of),
    };
    let Some(origin) = origin else { return false };
    if public_origin.is_some_and(|p| p.eq_ignore_ascii_case(&origin)) {
        return true;
    }
    let host = headers.get(HOST).and_then(|v| v.to_str().ok()).map(str::to_ascii_lowercase);
    let origin_host = origin.split_once("://").map(|(_, host)| host.to_string());
    host.is_some() && host == origin_host
}

/// The middleware: refuses a cookie request from another site with 403.
pub async fn guard(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if needs_check(request.method(), request.headers())
        && !same_site(request.headers(), state.settings.public_origin.as_deref())
    {
        return ApiError::forbidden(
            "this request carries the site's cookie but does not come from the site's own pages (Origin)",
        )
        .into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn only_cookie_requests_that_change_something_are_checked() {
        let cookie = headers(&[("cookie", "arbiter_session=abc")]);
        assert!(needs_check(&Method::POST, &cookie));
        assert!(needs_check(&Method::DELETE, &cookie));
        assert!(!needs_check(&Method::GET, &cookie));
        let upgrade = headers(&[("cookie", "theme=dark; arbiter_session=abc"), ("upgrade", "WebSocket")]);
        assert!(needs_check(&Method::GET, &upgrade));
        let bearer = headers(&[("cookie", "arbiter_session=abc"), ("authorization", "Bearer t")]);
        assert!(!needs_check(&Method::POST, &bearer));
        assert!(!needs_check(&Method::POST, &headers(&[("cookie", "theme=dark")])));
        assert!(!needs_check(&Method::POST, &HeaderMap::new()));
    }

    #[test]
    fn the_sites_own_origin_or_host_passes() {
        let public = Some("https://arbiter.example");
        let ok = |pairs: &[(&'static str, &str)]| same_site(&headers(pairs), public);
        assert!(ok(&[("origin", "https://arbiter.example"), ("host", "10.0.0.5:8080")]));
        assert!(ok(&[("origin", "http://127.0.0.1:8080"), ("host", "127.0.0.1:8080")]));
        assert!(ok(&[("referer", "https://arbiter.example/games/x"), ("host", "backend")]));
        assert!(!ok(&[("origin", "http://evil.example"), ("host", "127.0.0.1:8080")]));
        assert!(!ok(&[("origin", "https://arbiter.example.evil.example"), ("host", "x")]));
        assert!(!ok(&[("origin", "http://arbiter.example"), ("host", "x")]), "another scheme");
        assert!(!ok(&[("origin", "null"), ("host", "127.0.0.1:8080")]));
        assert!(!ok(&[("host", "127.0.0.1:8080")]), "neither Origin nor Referer");
        assert!(!same_site(&headers(&[("origin", "http://a.example")]), None), "no host to compare");
    }
}
