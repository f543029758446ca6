//! Whether the database answers, as the watch job
//! ([`crate::jobs::database`]) last found it, for `GET /api/service`: up
//! or down, since when, and the outages seen.

use std::sync::Mutex;

use arbiter_api::{DatabaseService, OutageView};
use arbiter_play::Timestamp;

/// What the watch found.
#[derive(Debug)]
struct Watched {
    /// Since when the database has not answered, while it does not.
    down_since: Option<Timestamp>,
    /// Outages seen (begun) since the server started.
    outages: u64,
    /// The last outage that ended: when it began and ended.
    last: Option<(Timestamp, Timestamp)>,
}

/// Whether the database answers, as last asked.
#[derive(Debug)]
pub struct DatabaseWatch {
    watched: Mutex<Watched>,
}

impl Default for DatabaseWatch {
    fn default() -> DatabaseWatch {
        DatabaseWatch { watched: Mutex::new(Watched { down_since: None, outages: 0, last: None }) }
    }
}

/// A change the watch saw.
#[derive(Debug, PartialEq, Eq)]
pub enum Seen {
    /// No change.
    Same,
    /// The database stopped answering.
    Down,
    /// It answers again, after being down this many seconds.
    Up(i64),
}

impl DatabaseWatch {
    fn watched(&self) -> std::sync::MutexGuard<'_, Watched> {
        self.watched.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The database answered (`answered`) or not at `now`: what changed.
    pub fn asked(&self, answered: bool, now: Timestamp) -> Seen {
        let mut watched = self.watched();
        match (answered, watched.down_since) {
            (true, Some(began)) => {
                watched.down_since = None;
                watched.last = Some((began, now));
                Seen::Up(now.unix() - began.unix())
            }
            (false, None) => {
                watched.down_since = Some(now);
                watched.outages += 1;
                Seen::Down
            }
            _ => Seen::Same,
        }
    }

    /// Whether the database answered the last time it was asked.
    pub fn up(&self) -> bool {
        self.watched().down_since.is_none()
    }

    /// What `GET /api/service` says of the database.
    pub fn view(&self) -> DatabaseService {
        let watched = self.watched();
        DatabaseService {
            up: watched.down_since.is_none(),
            down_since: watched.down_since.map(|t| t.to_string()),
            outages: watched.outages,
            last_outage: watched.last.map(|(began, ended)| OutageView {
                began: began.to_string(),
                ended: ended.to_string(),
                seconds: ended.unix() - began.unix(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outage_is_counted_once_and_kept_when_it_ends() {
        let watch = DatabaseWatch::default();
        assert_eq!(watch.asked(true, Timestamp::from_unix(100)), Seen::Same);
        assert_eq!(watch.asked(false, Timestamp::from_unix(101)), Seen::Down);
        assert_eq!(watch.asked(false, Timestamp::from_unix(102)), Seen::Same);
        let down = watch.view();
        assert!(!down.up && down.outages == 1 && down.last_outage.is_none(), "{down:?}");
        assert_eq!(down.down_since.as_deref(), Some(Timestamp::from_unix(101).to_string().as_str()));
        assert_eq!(watch.asked(true, Timestamp::from_unix(111)), Seen::Up(10));
        let up = watch.view();
        assert!(up.up && up.down_since.is_none() && up.outages == 1, "{up:?}");
        assert_eq!(up.last_outage.map(|o| o.seconds), Some(10));
    }
}
