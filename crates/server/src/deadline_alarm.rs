//! What wakes the deadline job: a change that brings a deadline closer
//! than the job's next look. A change whose game has no deadline, or one
//! later than that look, wakes nothing, so an ordinary move costs the job
//! no query.

use std::sync::atomic::{AtomicI64, Ordering};

use arbiter_play::Timestamp;
use tokio::sync::Notify;

/// The job's next look, as a Unix second, while it is not planned (the
/// job is looking now): any deadline wakes it again.
const LOOKING: i64 = i64::MIN;

/// The deadline job's alarm: when it next looks, and what wakes it sooner.
#[derive(Debug)]
pub struct DeadlineAlarm {
    /// The Unix second of the job's next look ([`LOOKING`] while it looks).
    next_look: AtomicI64,
    /// Wakes the job.
    wake: Notify,
}

impl Default for DeadlineAlarm {
    fn default() -> DeadlineAlarm {
        DeadlineAlarm { next_look: AtomicI64::new(LOOKING), wake: Notify::new() }
    }
}

impl DeadlineAlarm {
    /// A change left a game with `deadline`: wakes the job if that comes
    /// before its next look (or it is looking now, so that it looks again).
    pub fn changed(&self, deadline: Option<Timestamp>) {
        let Some(deadline) = deadline else { return };
        let next_look = self.next_look.load(Ordering::SeqCst);
        if next_look == LOOKING || deadline.unix() < next_look {
            self.wake.notify_one();
        }
    }

    /// The job starts looking: until it plans its next look, every
    /// deadline a change leaves wakes it again.
    pub fn looking(&self) {
        self.next_look.store(LOOKING, Ordering::SeqCst);
    }

    /// The job, at `now`, will look next after `sleep` unless woken;
    /// resolves then or when woken (by a change told since
    /// [`DeadlineAlarm::looking`]).
    pub async fn sleep(&self, now: Timestamp, sleep: std::time::Duration) {
        let seconds = i64::try_from(sleep.as_secs()).unwrap_or(i64::MAX);
        self.next_look.store(now.unix().saturating_add(seconds), Ordering::SeqCst);
        tokio::select! {
            () = tokio::time::sleep(sleep) => {}
            () = self.wake.notified() => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// Whether the alarm wakes a sleep planned until `planned` (far off).
    async fn woken_by(alarm: &DeadlineAlarm, planned: i64, deadline: Option<i64>) -> bool {
        let sleeping = alarm.sleep(Timestamp::from_unix(planned - 3600), Duration::from_secs(3600));
        tokio::pin!(sleeping);
        // Let the sleep record its plan, then tell the change.
        assert!(tokio::time::timeout(Duration::from_millis(10), &mut sleeping).await.is_err());
        alarm.changed(deadline.map(Timestamp::from_unix));
        tokio::time::timeout(Duration::from_millis(200), sleeping).await.is_ok()
    }

    #[tokio::test]
    async fn only_a_deadline_before_the_next_look_wakes_the_job() {
        assert!(!woken_by(&DeadlineAlarm::default(), 1_000, None).await, "no deadline");
        assert!(!woken_by(&DeadlineAlarm::default(), 1_000, Some(5_000)).await, "a later deadline");
        assert!(woken_by(&DeadlineAlarm::default(), 1_000, Some(999)).await, "a sooner deadline");
    }

    #[tokio::test]
    async fn a_deadline_told_while_the_job_looks_makes_it_look_again() {
        let alarm = DeadlineAlarm::default();
        alarm.looking();
        alarm.changed(Some(Timestamp::from_unix(5_000)));
        let woke = tokio::time::timeout(
            Duration::from_secs(1),
            alarm.sleep(Timestamp::from_unix(1_000 - 3600), Duration::from_secs(3600)),
        )
        .await;
        assert!(woke.is_ok(), "the change told while looking is not lost");
    }
}
