//! Both players of a game on its live socket (`/api/games/{id}/live`),
//! each opened with the player's token: a move is sent on the mover's
//! socket as `{"type": "move", "move", "ply"}` and counts once that
//! socket receives the game at the next ply (a `view` or a `change`).
//! An `error` message on that socket, or 5 s without the next ply, is a
//! refused move.

use std::time::Duration;

use futures_util::SinkExt;
use futures_util::stream::{SplitSink, StreamExt};
use serde::Deserialize;
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a move waits for the next ply before it counts as refused.
pub const SILENCE: Duration = Duration::from_secs(5);

/// How long a socket may take to open and send its first view.
const OPENING: Duration = Duration::from_secs(30);

/// The writing half of a socket.
type Sink = SplitSink<WebSocketStream<MaybeTlsStream<TcpStream>>, Message>;

/// What one socket has heard so far.
#[derive(Clone, Copy, Debug, Default)]
struct Heard {
    /// The latest ply of the game it was sent, if any yet.
    ply: Option<u64>,
    /// `error` messages received.
    errors: u64,
    /// Whether the socket has ended.
    ended: bool,
}

/// The little of a server message read here: its type and the game's
/// ply (a change's own, or its view's). The rest is skipped unparsed.
#[derive(Deserialize)]
struct Incoming {
    #[serde(rename = "type")]
    kind: String,
    ply: Option<u64>,
    view: Option<ViewPly>,
}

/// A view's ply.
#[derive(Deserialize)]
struct ViewPly {
    ply: u64,
}

/// How a move sent on a socket ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The mover's socket received the next ply.
    Acknowledged,
    /// An error came back, the socket ended, or it stayed silent for
    /// [`SILENCE`].
    Refused,
}

/// One player's socket: its writing half, what its reader has heard,
/// and the reader.
struct Socket {
    sink: Sink,
    heard: watch::Receiver<Heard>,
    reader: tokio::task::JoinHandle<()>,
}

/// The two players' sockets of one game, seat 0's first.
pub struct Pair {
    sockets: [Socket; 2],
}

impl Drop for Socket {
    fn drop(&mut self) {
        self.reader.abort();
    }
}

impl Socket {
    /// Opens the live socket of game `id` at `base` as the holder of
    /// `token`, and waits for its first view.
    async fn open(base: &str, id: &str, token: &str) -> Result<Socket, String> {
        let url = format!("{}/api/games/{id}/live", base.replacen("http://", "ws://", 1));
        let mut request = url.as_str().into_client_request().map_err(|e| e.to_string())?;
        request.headers_mut().insert("authorization", format!("Bearer {token}").parse().map_err(|_| "a token")?);
        // A small read buffer: a run holds thousands of these.
        let config = WebSocketConfig::default().read_buffer_size(16 * 1024);
        let (socket, _) = tokio_tungstenite::connect_async_with_config(request, Some(config), true)
            .await
            .map_err(|e| format!("{url}: {e}"))?;
        let (sink, mut stream) = socket.split();
        let (tell, mut heard) = watch::channel(Heard::default());
        let reader = tokio::spawn(async move {
            while let Some(Ok(message)) = stream.next().await {
                let Message::Text(text) = message else { continue };
                let Ok(incoming) = serde_json::from_str::<Incoming>(text.as_str()) else { continue };
                match incoming.kind.as_str() {
                    "view" => {
                        let ply = incoming.view.map(|v| v.ply);
                        tell.send_modify(|h| h.ply = h.ply.max(ply));
                    }
                    "change" => tell.send_modify(|h| h.ply = h.ply.max(incoming.ply)),
                    "error" => tell.send_modify(|h| h.errors += 1),
                    _ => {}
                }
            }
            tell.send_modify(|h| h.ended = true);
        });
        let viewed = match tokio::time::timeout(OPENING, heard.wait_for(|h| h.ply.is_some() || h.ended)).await {
            Ok(Ok(h)) => h.ply.is_some(),
            _ => false,
        };
        if !viewed {
            return Err(format!("{url}: no view came"));
        }
        Ok(Socket { sink, heard, reader })
    }

    /// Sends `text` as the move at `ply` and waits for its outcome.
    async fn play(&mut self, text: &str, ply: u64) -> Outcome {
        let errors = self.heard.borrow_and_update().errors;
        let message = serde_json::json!({"type": "move", "move": text, "ply": ply}).to_string();
        if self.sink.send(Message::Text(message.into())).await.is_err() {
            return Outcome::Refused;
        }
        let outcome = self.heard.wait_for(|h| h.ply.is_some_and(|p| p > ply) || h.errors > errors || h.ended);
        match tokio::time::timeout(SILENCE, outcome).await {
            Ok(Ok(h)) if h.ply.is_some_and(|p| p > ply) => Outcome::Acknowledged,
            _ => Outcome::Refused,
        }
    }
}

impl Pair {
    /// Opens both players' sockets of game `id` (`tokens[0]` holds seat
    /// 0), each once it has its first view.
    pub async fn open(base: &str, id: &str, tokens: &[String; 2]) -> Result<Pair, String> {
        let first = Socket::open(base, id, &tokens[0]).await?;
        let second = Socket::open(base, id, &tokens[1]).await?;
        Ok(Pair { sockets: [first, second] })
    }

    /// Sends the move `text` at `ply` on the socket of `seat` and waits
    /// until that socket hears the next ply, an error, or nothing for
    /// [`SILENCE`].
    pub async fn play(&mut self, seat: usize, text: &str, ply: u64) -> Outcome {
        self.sockets[seat].play(text, ply).await
    }

    /// The latest ply either socket has heard.
    pub fn ply(&self) -> Option<u64> {
        self.sockets.iter().filter_map(|s| s.heard.borrow().ply).max()
    }
}
