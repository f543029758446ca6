//! Live connections and other sites under attack: the lobby's list made
//! once for any number of sockets, sockets capped per account and address,
//! silent sockets closed, a socket outliving its session, and requests
//! from other sites carrying the site's cookie.

use crate::support;

use std::time::Duration;

use arbiter_server::Settings;
use arbiter_server::connections::ConnectionLimits;
use arbiter_server::limits::Limits;
use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{Db, Socket, TestServer, next_message};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

/// Opens `path`'s socket with `headers`; the socket, or the refusal's
/// status.
async fn open(s: &TestServer, path: &str, headers: &[(&'static str, String)]) -> Result<Socket, u16> {
    let mut request = s.ws(path).into_client_request().unwrap();
    for (name, value) in headers {
        request.headers_mut().insert(*name, value.parse().unwrap());
    }
    match tokio_tungstenite::connect_async(request).await {
        Ok((socket, _)) => Ok(socket),
        Err(WsError::Http(answer)) => Err(answer.status().as_u16()),
        Err(e) => panic!("{e}"),
    }
}

fn bearer(token: &str) -> Vec<(&'static str, String)> {
    vec![("authorization", format!("Bearer {token}"))]
}

/// The next text message, as JSON.
async fn next(socket: &mut Socket) -> Value {
    next_message(socket, Duration::from_secs(20)).await
}

/// Reads until the socket ends; its close code, if it sent one.
async fn closed(socket: &mut Socket) -> Option<u16> {
    arbiter_testkit::socket_closed(socket, Duration::from_secs(20)).await
}

/// 300 lobby sockets and 20 games created: the list is computed once a
/// change (or less), not once a socket, and every socket sees it.
async fn the_lobby_list_is_computed_once_for_every_socket(db: Db) {
    let limits = Limits { sockets_per_address: 1000, ..support::relaxed().limits };
    let connections = ConnectionLimits { max_connections_per_address: 1000, ..ConnectionLimits::default() };
    let settings = Settings { limits, ..Settings::default() };
    let Some(s) = TestServer::start_full(db, settings, connections, |_| {}).await else { return };
    let ann = s.account("ann").await;
    let mut sockets = Vec::new();
    for _ in 0..300 {
        sockets.push(open(&s, "/api/lobby/live", &[]).await.unwrap());
    }
    let before = s.state.lobby.computed();
    for _ in 0..20 {
        s.create(&ann, json!({"game": "agog", "seats": [{"account": "me"}, {"open": true}]})).await;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    for socket in &mut sockets {
        loop {
            let list = next(socket).await;
            if list["games"].as_array().unwrap().len() == 20 {
                break;
            }
        }
    }
    let computed = s.state.lobby.computed() - before;
    assert!((1..=21).contains(&computed), "computed {computed} times for 20 changes and 300 sockets");
    s.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_once_on_sqlite() {
    the_lobby_list_is_computed_once_for_every_socket(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_once_on_postgres() {
    the_lobby_list_is_computed_once_for_every_socket(Db::Postgres).await;
}

/// One account holds at most its share of sockets; so does one address.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_are_capped_per_account_and_per_address() {
    let limits = Limits { sockets_per_account: 5, sockets_per_address: 8, ..support::relaxed().limits };
    let s = TestServer::start_set(Db::Sqlite, Settings { limits, ..Settings::default() }, |_| {}).await.unwrap();
    let ann = s.account("ann").await;
    let game = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let path = format!("/api/games/{}/live", game["id"].as_str().unwrap());
    let mut held = Vec::new();
    for _ in 0..5 {
        held.push(open(&s, &path, &bearer(&ann)).await.unwrap());
    }
    assert_eq!(open(&s, &path, &bearer(&ann)).await.err(), Some(429), "the account's sixth");
    for _ in 0..3 {
        held.push(open(&s, "/api/lobby/live", &[]).await.unwrap());
    }
    assert_eq!(open(&s, "/api/lobby/live", &[]).await.err(), Some(429), "the address's ninth");
    // A socket closed gives its place back (within 60 s, for a slow
    // machine).
    held.pop().unwrap().close(None).await.unwrap();
    let mut again = None;
    for _ in 0..1200 {
        if let Ok(socket) = open(&s, "/api/lobby/live", &[]).await {
            again = Some(socket);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(again.is_some(), "the place was not given back");
    s.finish().await;
}

/// A socket whose peer answers no ping is closed. Pinged every second:
/// an answering client is closed if it says nothing for 2 s, so a slow
/// machine's pause must not look like silence.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_socket_is_closed() {
    let limits = Limits { socket_ping: Duration::from_secs(1), ..support::relaxed().limits };
    let s = TestServer::start_set(Db::Sqlite, Settings { limits, ..Settings::default() }, |_| {}).await.unwrap();
    let mut socket = open(&s, "/api/lobby/live", &[]).await.unwrap();
    // Not reading, the client answers no ping: closed by the server
    // (within 60 s, for a slow machine).
    for _ in 0..1200 {
        if s.state.sockets.count() == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(s.state.sockets.count(), 0, "closed by the server");
    let _ = closed(&mut socket).await;
    // One that answers stays.
    let mut answering = open(&s, "/api/lobby/live", &[]).await.unwrap();
    let reading =
        tokio::time::timeout(Duration::from_secs(5), async { while let Some(Ok(_)) = answering.next().await {} }).await;
    assert!(reading.is_err(), "still open after many pings");
    assert_eq!(s.state.sockets.count(), 1);
    s.finish().await;
}

/// Signing out closes the session's sockets at once; a session ended
/// without its sockets being told (another server's doing) still cannot
/// move through them.
async fn a_socket_acts_for_nobody_once_its_session_ended(s: &TestServer) {
    let ann = s.account("ann").await;
    let bo = s.account("bo").await;
    let game = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = game["id"].as_str().unwrap().to_string();
    s.post(&format!("/api/games/{id}/seats/r"), Some(&bo), json!(null)).await;
    let path = format!("/api/games/{id}/live");

    let mut socket = open(s, &path, &bearer(&ann)).await.unwrap();
    let view = next(&mut socket).await;
    let mv = view["view"]["legal"][0]["move"].clone();
    let (status, _) = s.call(reqwest::Method::DELETE, "/api/sessions/current", Some(&ann), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(closed(&mut socket).await, Some(4001), "closed as its session ended");

    // Ended behind the server's back: the move is refused and the socket closes.
    let (_, again) = s.post("/api/sessions", None, json!({"name": "ann", "password": "correct horse"})).await;
    let again = again["token"].as_str().unwrap().to_string();
    let mut socket = open(s, &path, &bearer(&again)).await.unwrap();
    next(&mut socket).await;
    let ann_id = arbiter_store::AccountId(s.get("/api/me", Some(&again)).await.1["id"].as_i64().unwrap());
    s.state.store.delete_sessions_of(ann_id, None).await.unwrap();
    let message = json!({"type": "move", "move": mv, "ply": 0}).to_string();
    socket.send(Message::Text(message.into())).await.unwrap();
    assert_eq!(closed(&mut socket).await, Some(4001));
    assert_eq!(s.view(&id, None).await["ply"], 0, "the move was not made");
}
on_both!(stale_socket_on_sqlite, stale_socket_on_postgres, a_socket_acts_for_nobody_once_its_session_ended);

/// A request from another site with the cookie: refused; from the site's
/// own pages, or with a bearer token: taken. So with WebSockets.
async fn other_sites_cannot_act_with_the_cookie(s: &TestServer) {
    let ann = s.account("ann").await;
    let bo = s.account("bo").await;
    let game = s.create(&ann, json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]})).await;
    let id = game["id"].as_str().unwrap().to_string();
    s.post(&format!("/api/games/{id}/seats/r"), Some(&bo), json!(null)).await;
    let host = s.base.trim_start_matches("http://").to_string();
    let resign = |origin: Option<&str>, cookie: bool| {
        let mut request = s.http.post(format!("{}/api/games/{id}/resign", s.base));
        if cookie {
            request = request.header("cookie", format!("arbiter_session={ann}"));
        } else {
            request = request.bearer_auth(&ann);
        }
        if let Some(origin) = origin {
            request = request.header("origin", origin);
        }
        request.send()
    };
    let answer = resign(Some("http://evil.example"), true).await.unwrap();
    assert_eq!(answer.status(), StatusCode::FORBIDDEN);
    let answer = resign(None, true).await.unwrap();
    assert_eq!(answer.status(), StatusCode::FORBIDDEN, "neither Origin nor Referer");
    assert_eq!(s.view(&id, None).await["status"]["state"], "ongoing");
    let path = format!("/api/games/{id}/live");
    let cookie = ("cookie", format!("arbiter_session={ann}"));
    let from_evil = open(s, &path, &[cookie.clone(), ("origin", "http://evil.example".into())]).await;
    assert_eq!(from_evil.err(), Some(403));
    let from_here = open(s, &path, &[cookie.clone(), ("origin", format!("http://{host}"))]).await;
    assert!(from_here.is_ok());
    let answer = resign(Some("http://evil.example"), false).await.unwrap();
    assert_eq!(answer.status(), StatusCode::OK, "a bearer token carries no ambient authority");
}
on_both!(cross_site_on_sqlite, cross_site_on_postgres, other_sites_cannot_act_with_the_cookie);

/// Behind an https public URL the cookie is Secure; the page lets scripts
/// connect to its own origin only.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cookie_is_secure_behind_https_and_pages_connect_home_only() {
    let settings = Settings { public_origin: Some("https://arbiter.example".into()), ..support::relaxed() };
    let s = TestServer::start_set(Db::Sqlite, settings, |_| {}).await.unwrap();
    s.account("ann").await;
    let answer = s
        .http
        .post(format!("{}/api/sessions", s.base))
        .json(&json!({"name": "ann", "password": "correct horse"}))
        .send()
        .await
        .unwrap();
    let cookie = answer.headers()["set-cookie"].to_str().unwrap();
    assert!(cookie.contains("; Secure"), "{cookie}");
    let token = answer.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_string();
    // The public origin is the site's own, whatever the Host.
    let answer = s
        .http
        .post(format!("{}/api/games", s.base))
        .header("cookie", format!("arbiter_session={token}"))
        .header("origin", "https://arbiter.example")
        .json(&json!({"game": "sage", "seats": [{"account": "me"}, {"open": true}]}))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::CREATED);
    let page = s.http.get(format!("{}/", s.base)).send().await.unwrap();
    let policy = page.headers()["content-security-policy"].to_str().unwrap().to_string();
    assert!(policy.contains("connect-src 'self';"), "{policy}");
    assert!(!policy.contains("ws:") && !policy.contains("wss:"), "{policy}");
    s.finish().await;
}
