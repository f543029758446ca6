//! How `arbiter bot` reaches its server: HTTP/1.1 requests with the bot's
//! token (plain to `http://`, TLS through rustls to `https://`, trusting
//! the system's certificate authorities and those of `--ca`), and the
//! personal channel over `ws://` or `wss://`, followed for as long as the
//! bot runs.

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use arbiter_api::PersonalMessage;
use futures_util::StreamExt;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::Bytes;
use hyper::{Method, Request, StatusCode};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::Value;
use tokio::sync::Notify;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use super::backoff::Backoff;

/// How long one request to the server may take, answer included.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// The largest answer the bot reads (a list of 100 games is far less).
const MAX_ANSWER: usize = 16 * 1024 * 1024;

/// A failure to reach the server, or an answer the bot cannot go on with.
#[derive(Debug)]
pub(super) enum Trouble {
    /// The server did not answer, or answered 5xx: try again later.
    Unreachable(String),
    /// The token is not valid (401): nothing more to do.
    SignedOut(String),
}

/// The server the bot plays on, and how it speaks to it.
pub(super) struct Server {
    /// `http://host:port` or `https://host`, without a trailing `/`.
    pub(super) base: String,
    token: String,
    http: HttpClient,
    /// How it speaks TLS to an `https://` server (and `wss://`).
    tls: Arc<rustls::ClientConfig>,
}

impl Server {
    /// The server at `base` (`http://…` or `https://…`), reached with the
    /// session token `token`, trusting the certificate authorities in the
    /// PEM file `ca` besides the system's.
    pub(super) fn new(base: &str, token: String, ca: Option<&std::path::Path>) -> Result<Server> {
        let base = base.trim_end_matches('/').to_string();
        if !base.starts_with("http://") && !base.starts_with("https://") {
            bail!("'{base}': the server is an address such as https://play.example.org or http://127.0.0.1:8080");
        }
        let tls = Arc::new(tls_config(ca)?);
        Ok(Server { base, token, http: http_client(&tls), tls })
    }

    /// Sends a request: the answer's status and JSON body.
    pub(super) async fn call(
        &self,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> Result<(StatusCode, Value), Trouble> {
        let unreachable = |e: &dyn std::fmt::Display| Trouble::Unreachable(format!("{path}: {e}"));
        let mut request = Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base))
            .header("authorization", format!("Bearer {}", self.token));
        let bytes = match body {
            Some(body) => {
                request = request.header("content-type", "application/json");
                Bytes::from(body.to_string())
            }
            None => Bytes::new(),
        };
        let request = request.body(Full::new(bytes)).map_err(|e| unreachable(&e))?;
        let exchange = async {
            let answer = self.http.request(request).await.map_err(|e| unreachable(&error_chain(&e)))?;
            let status = answer.status();
            let body =
                Limited::new(answer.into_body(), MAX_ANSWER).collect().await.map_err(|e| unreachable(&e))?.to_bytes();
            Ok::<_, Trouble>((status, body))
        };
        let (status, text) = tokio::time::timeout(REQUEST_TIMEOUT, exchange)
            .await
            .map_err(|_| unreachable(&format!("no answer within {} s", REQUEST_TIMEOUT.as_secs())))??;
        let value = serde_json::from_slice(&text).unwrap_or(Value::Null);
        if status == StatusCode::UNAUTHORIZED {
            return Err(Trouble::SignedOut(error_text(&value)));
        }
        if status.is_server_error() || status == StatusCode::TOO_MANY_REQUESTS {
            return Err(Trouble::Unreachable(format!("{path}: {status} {}", error_text(&value))));
        }
        Ok((status, value))
    }

    /// A successful GET's answer as `T`.
    pub(super) async fn get<T: serde::de::DeserializeOwned>(&self, path: &str) -> Result<T, Trouble> {
        let (status, value) = self.call(Method::GET, path, None).await?;
        if !status.is_success() {
            return Err(Trouble::Unreachable(format!("{path}: {status} {}", error_text(&value))));
        }
        serde_json::from_value(value)
            .map_err(|e| Trouble::Unreachable(format!("{path}: an answer not understood: {e}")))
    }
}

/// The message of an error answer, or its JSON.
pub(super) fn error_text(value: &Value) -> String {
    value["error"]["message"].as_str().map_or_else(|| value.to_string(), str::to_string)
}

/// Follows the personal channel, waking the bot at every message and at
/// every new connection; connects again (after a [`Backoff`] wait: random,
/// from 1 s up to a ceiling that doubles with each failure, at most 30 s)
/// whenever the connection fails, ends or says nothing, not even
/// the server's ping, for `silence` (a connection that died unclosed).
pub(super) async fn follow_channel(server: Arc<Server>, wake: Arc<Notify>, silence: Duration) {
    let Server { base, token, tls, .. } = &*server;
    let url = format!("ws{}/api/me/live", base.strip_prefix("http").unwrap_or(base));
    let mut backoff = Backoff::new();
    let mut connected_before = false;
    loop {
        let request = url.as_str().into_client_request().map(|mut r| {
            if let Ok(value) = format!("Bearer {token}").parse() {
                r.headers_mut().insert("authorization", value);
            }
            r
        });
        let connected = match request {
            Ok(request) => {
                let connector = tokio_tungstenite::Connector::Rustls(tls.clone());
                let connecting =
                    tokio_tungstenite::connect_async_tls_with_config(request, None, false, Some(connector));
                match tokio::time::timeout(REQUEST_TIMEOUT, connecting).await {
                    Ok(connected) => connected.map_err(|e| e.to_string()),
                    Err(_) => Err(format!("no answer within {} s", REQUEST_TIMEOUT.as_secs())),
                }
            }
            Err(e) => Err(e.to_string()),
        };
        let pause = match connected {
            Ok((mut socket, _)) => {
                if connected_before {
                    tracing::info!(url = %url, "reconnected to the personal channel");
                } else {
                    tracing::info!(url = %url, "connected to the personal channel");
                }
                connected_before = true;
                backoff.reset();
                wake.notify_one();
                loop {
                    let message = match tokio::time::timeout(silence, socket.next()).await {
                        Ok(Some(Ok(message))) => message,
                        Ok(_) => break,
                        Err(_) => {
                            tracing::warn!(silent_for = ?silence, "the personal channel went silent");
                            break;
                        }
                    };
                    let Ok(text) = message.to_text() else { continue };
                    match serde_json::from_str::<PersonalMessage>(text) {
                        Ok(PersonalMessage::Notice { notice }) => {
                            tracing::debug!(kind = %notice.kind, game = ?notice.game, tournament = ?notice.tournament, "notice");
                            wake.notify_one();
                        }
                        Ok(PersonalMessage::Counts { .. }) => wake.notify_one(),
                        Err(_) => {}
                    }
                }
                let pause = backoff.next_delay();
                tracing::warn!(retry_in = ?pause, "the personal channel closed; connecting again");
                pause
            }
            Err(e) => {
                let pause = backoff.next_delay();
                tracing::warn!(error = %e, retry_in = ?pause, "personal channel unreachable; trying again");
                pause
            }
        };
        tokio::time::sleep(pause).await;
    }
}

/// The TLS the bot speaks to an `https://` server: the system's
/// certificate authorities (Debian's `ca-certificates`), and those of
/// `ca`, a PEM file, if given.
pub(super) fn tls_config(ca: Option<&std::path::Path>) -> Result<rustls::ClientConfig> {
    use rustls_pki_types::CertificateDer;
    use rustls_pki_types::pem::PemObject;
    let mut roots = rustls::RootCertStore::empty();
    let native = rustls_native_certs::load_native_certs();
    let (added, _) = roots.add_parsable_certificates(native.certs);
    if let Some(path) = ca {
        let shown = path.display();
        let mut found = 0;
        for cert in CertificateDer::pem_file_iter(path).map_err(|e| anyhow!("'{shown}': {e}"))? {
            let cert = cert.map_err(|e| anyhow!("'{shown}': not a PEM certificate: {e}"))?;
            roots.add(cert).map_err(|e| anyhow!("'{shown}': {e}"))?;
            found += 1;
        }
        if found == 0 {
            bail!("'{shown}': no PEM certificate in it (a CERTIFICATE block is expected)");
        }
    } else if added == 0 {
        tracing::warn!("no certificate authorities found on this system: https servers will be refused");
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    Ok(rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .context("TLS")?
        .with_root_certificates(roots)
        .with_no_client_auth())
}

/// The bot's HTTP client: HTTP/1.1, plain for `http://` and TLS (with
/// `tls`) for `https://`.
type HttpClient = Client<hyper_rustls::HttpsConnector<HttpConnector>, Full<Bytes>>;

/// Makes the HTTP client, speaking TLS with `tls` to an `https://` server.
fn http_client(tls: &Arc<rustls::ClientConfig>) -> HttpClient {
    let connector = hyper_rustls::HttpsConnectorBuilder::new()
        .with_tls_config((**tls).clone())
        .https_or_http()
        .enable_http1()
        .build();
    Client::builder(TokioExecutor::new()).build(connector)
}

/// An error with its causes, `outer: inner: …` (a connection error's
/// cause is what says why: refused, certificate not trusted, …).
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        text.push_str(": ");
        text.push_str(&inner.to_string());
        cause = inner.source();
    }
    text
}
