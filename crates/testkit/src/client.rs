//! A client of a server's HTTP interface and WebSockets, as the tests
//! drive it: each helper asserts what a test takes for granted (an account
//! registers, a game is created) and names the server when it does not.

use std::time::Duration;

use futures_util::StreamExt;
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// The password of every account the tests register.
pub const PASSWORD: &str = "correct horse";

/// How long [`ApiClient::wait_view`] waits.
const WAIT: Duration = Duration::from_secs(30);

/// A client's WebSocket.
pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A client of the server at `base`.
#[derive(Clone, Debug)]
pub struct ApiClient {
    /// `http://127.0.0.1:port`.
    pub base: String,
    /// The HTTP client (its pooled connections die with the server).
    pub http: Client,
}

impl ApiClient {
    /// A client of the server at `base` whose requests give up after
    /// `timeout`.
    pub fn new(base: String, timeout: Duration) -> ApiClient {
        ApiClient { base, http: Client::builder().timeout(timeout).build().unwrap() }
    }

    /// `ws://…` for `path`.
    pub fn ws(&self, path: &str) -> String {
        format!("{}{path}", self.base.replacen("http://", "ws://", 1))
    }

    /// Sends `body` (JSON) to `path` with `token`: the status and the JSON
    /// answer (`null` when there is none), or the transport's error.
    pub async fn try_call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Result<(StatusCode, Value), reqwest::Error> {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let answer = request.send().await?;
        let status = answer.status();
        let text = answer.text().await?;
        Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
    }

    /// Like [`ApiClient::try_call`], for a server that must answer.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        match self.try_call(method.clone(), path, token, body).await {
            Ok(answer) => answer,
            Err(e) => panic!("{method} {path} on {}: {e}", self.base),
        }
    }

    /// `GET path`.
    pub async fn get(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.call(Method::GET, path, token, None).await
    }

    /// `POST path` with `body`.
    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.call(Method::POST, path, token, Some(body)).await
    }

    /// Registers `name` (with [`PASSWORD`]) and signs in: its token.
    pub async fn account(&self, name: &str) -> String {
        let (status, answer) = self.post("/api/accounts", None, json!({"name": name, "password": PASSWORD})).await;
        assert_eq!(status, StatusCode::CREATED, "registering {name} on {}: {answer}", self.base);
        self.sign_in(name).await
    }

    /// Signs `name` in: a new token.
    pub async fn sign_in(&self, name: &str) -> String {
        let (status, session) = self.post("/api/sessions", None, json!({"name": name, "password": PASSWORD})).await;
        assert_eq!(status, StatusCode::CREATED, "signing in {name} on {}: {session}", self.base);
        session["token"].as_str().unwrap().to_string()
    }

    /// Creates a game; its view.
    pub async fn create(&self, token: &str, body: Value) -> Value {
        let (status, view) = self.post("/api/games", Some(token), body).await;
        assert_eq!(status, StatusCode::CREATED, "creating a game on {}: {view}", self.base);
        view
    }

    /// The game as `token` sees it.
    pub async fn view(&self, id: &str, token: Option<&str>) -> Value {
        let (status, view) = self.get(&format!("/api/games/{id}"), token).await;
        assert_eq!(status, StatusCode::OK, "GET /api/games/{id} on {}: {view}", self.base);
        view
    }

    /// Waits (up to 30 s) until the game as `token` sees it meets `done`;
    /// that view.
    pub async fn wait_view(&self, id: &str, token: Option<&str>, done: impl Fn(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + WAIT;
        while tokio::time::Instant::now() < deadline {
            let view = self.view(id, token).await;
            if done(&view) {
                return view;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("game {id} did not become as awaited: {}", self.view(id, token).await);
    }

    /// Waits (up to 30 s) until the game reaches at least `ply` or ends.
    pub async fn wait_for_ply(&self, id: &str, ply: u64) -> Value {
        self.wait_view(id, None, |view| view["ply"].as_u64().unwrap() >= ply || view["status"]["state"] == "over").await
    }

    /// Opens the WebSocket at `path`, with `token` in `Authorization`.
    pub async fn socket(&self, path: &str, token: Option<&str>) -> Socket {
        let mut request = self.ws(path).into_client_request().unwrap();
        if let Some(token) = token {
            request.headers_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
        }
        tokio_tungstenite::connect_async(request).await.unwrap().0
    }
}

/// The next text message on `socket` as JSON, waiting at most `within`.
pub async fn next_message(socket: &mut Socket, within: Duration) -> Value {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let message = tokio::time::timeout_at(deadline, socket.next())
            .await
            .unwrap_or_else(|_| panic!("no message within {within:?}"))
            .expect("the socket is open")
            .expect("a message");
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

/// Reads `socket` until it ends, at most `within`: its close code, if it
/// sent one.
pub async fn socket_closed(socket: &mut Socket, within: Duration) -> Option<u16> {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, socket.next()).await {
            Err(_) => panic!("the socket is still open after {within:?}"),
            Ok(Some(Ok(Message::Close(frame)))) => return frame.map(|f| u16::from(f.code)),
            Ok(Some(Ok(_))) => continue,
            Ok(Some(Err(_)) | None) => return None,
        }
    }
}

/// Reads `socket` until a view or a change of ply `ply` or later comes,
/// within `within`: the view (`{"type": "view", "view": …}`'s `view`), or
/// the change message itself (`{"type": "change", "moves_added": …}`).
pub async fn view_at_ply(socket: &mut Socket, ply: u64, within: Duration) -> Value {
    let deadline = tokio::time::Instant::now() + within;
    let mut seen = Vec::new();
    loop {
        let message = match tokio::time::timeout_at(deadline, socket.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => serde_json::from_str::<Value>(&text).unwrap(),
            Ok(Some(Ok(_))) => continue,
            Ok(other) => panic!("the socket ended waiting for ply {ply}: {other:?}; seen {seen:?}"),
            Err(_) => panic!("no view of ply {ply} within {within:?}; seen {seen:?}"),
        };
        if message["type"] == "view" && message["view"]["ply"].as_u64().unwrap() >= ply {
            return message["view"].clone();
        }
        if message["type"] == "change" && message["ply"].as_u64().unwrap() >= ply {
            return message;
        }
        seen.push(message);
    }
}
