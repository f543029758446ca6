//! "Now" for the command line: the system clock, or the moment
//! `ARBITER_NOW` names (for tests, and for entering mail received
//! earlier).

use anyhow::{Result, anyhow};
use arbiter_play::{Clock, ManualClock, SystemClock, Timestamp};

/// The environment variable that fixes "now" (seconds since 1970, or
/// `YYYY-MM-DDTHH:MM[:SS]Z`).
pub const NOW_VARIABLE: &str = "ARBITER_NOW";

/// The clock the command runs on.
pub fn clock() -> Result<Box<dyn Clock>> {
    match std::env::var(NOW_VARIABLE) {
        Ok(text) => {
            let now = Timestamp::parse(&text).map_err(|e| anyhow!("{NOW_VARIABLE}: {e}"))?;
            Ok(Box::new(ManualClock::new(now)))
        }
        Err(_) => Ok(Box::new(SystemClock)),
    }
}
