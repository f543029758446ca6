//! A TCP relay between a server and its PostgreSQL that a test can cut,
//! as if the database had stopped (every connection dropped, new ones
//! closed at once, as a refused connection is), and join again, as if it
//! had started — without stopping the PostgreSQL every other test uses.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// A relay on 127.0.0.1 to one database server.
pub struct Relay {
    /// The port it listens on.
    pub port: u16,
    up: Arc<AtomicBool>,
    cuts: watch::Sender<u64>,
}

impl Relay {
    /// Starts relaying connections made to it to `target` (`host:port`).
    pub async fn start(target: String) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let up = Arc::new(AtomicBool::new(true));
        let (cuts, _) = watch::channel(0_u64);
        let (accepting, cut) = (up.clone(), cuts.clone());
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if !accepting.load(Ordering::SeqCst) {
                    drop(inbound);
                    continue;
                }
                let mut cut = cut.subscribe();
                let target = target.clone();
                tokio::spawn(async move {
                    let Ok(mut outbound) = TcpStream::connect(&target).await else { return };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                        _ = cut.changed() => {}
                    }
                });
            }
        });
        Relay { port, up, cuts }
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
}
