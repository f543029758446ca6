//! A TCP relay between a server and its PostgreSQL that a test can cut,
//! as if the database had stopped (every connection dropped, new ones
//! closed at once, as a refused connection is), and join again, as if it
//! had started; or pause, as if the database were stopped with SIGSTOP
//! (connections stay open, and nothing is carried either way until it
//! resumes) — without stopping the PostgreSQL every other test uses.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// A relay on 127.0.0.1 to one database server.
pub struct Relay {
    /// The port it listens on.
    pub port: u16,
    up: Arc<AtomicBool>,
    cuts: watch::Sender<u64>,
    paused: watch::Sender<bool>,
}

impl Relay {
    /// Starts relaying connections made to it to `target` (`host:port`).
    pub async fn start(target: String) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let up = Arc::new(AtomicBool::new(true));
        let (cuts, _) = watch::channel(0_u64);
        let (paused, _) = watch::channel(false);
        let (accepting, cut, pause) = (up.clone(), cuts.clone(), paused.clone());
        tokio::spawn(async move {
            while let Ok((inbound, _)) = listener.accept().await {
                if !accepting.load(Ordering::SeqCst) {
                    drop(inbound);
                    continue;
                }
                let mut cut = cut.subscribe();
                let target = target.clone();
                let (to, from) = (pause.subscribe(), pause.subscribe());
                tokio::spawn(async move {
                    let Ok(outbound) = TcpStream::connect(&target).await else { return };
                    let (inbound_read, inbound_write) = inbound.into_split();
                    let (outbound_read, outbound_write) = outbound.into_split();
                    tokio::select! {
                        () = carry(inbound_read, outbound_write, to) => {}
                        () = carry(outbound_read, inbound_write, from) => {}
                        _ = cut.changed() => {}
                    }
                });
            }
        });
        Relay { port, up, cuts, paused }
    }

    /// The database "stops": every connection through the relay is
    /// dropped, and new ones are closed as soon as they are made.
    pub fn stop(&self) {
        self.up.store(false, Ordering::SeqCst);
        self.cuts.send_modify(|n| *n += 1);
    }

    /// The database is back: connections are relayed again.
    pub fn start_again(&self) {
        self.up.store(true, Ordering::SeqCst);
    }

    /// The database "freezes": connections stay open, and nothing is
    /// carried either way until [`Relay::resume`].
    pub fn pause(&self) {
        self.paused.send_replace(true);
    }

    /// The database carries on where it froze.
    pub fn resume(&self) {
        self.paused.send_replace(false);
    }
}

/// Carries bytes from `from` to `to` until either closes, holding them
/// while `paused` says so.
async fn carry(mut from: OwnedReadHalf, mut to: OwnedWriteHalf, mut paused: watch::Receiver<bool>) {
    let mut buffer = vec![0u8; 16 * 1024];
    loop {
        let Ok(read) = from.read(&mut buffer).await else { return };
        if read == 0 {
            return;
        }
        if paused.wait_for(|p| !*p).await.is_err() {
            return;
        }
        if to.write_all(&buffer[..read]).await.is_err() {
            return;
        }
    }
}
