//! When a search stops.

use std::time::{Duration, Instant};

/// Budgets for a search; the first one reached stops it. A search with no
/// budget at all stops at a small default depth or playout count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Positions visited (alpha-beta) or playouts run (MCTS).
    pub nodes: Option<u64>,
    /// Iterative-deepening depth in plies (alpha-beta only).
    pub depth: Option<u32>,
    /// Wall-clock time. Results then depend on the machine's speed.
    pub time: Option<Duration>,
}

impl Limits {
    /// A budget of `n` nodes or playouts.
    pub const fn nodes(n: u64) -> Limits {
        Limits { nodes: Some(n), depth: None, time: None }
    }

    /// A fixed depth.
    pub const fn depth(d: u32) -> Limits {
        Limits { nodes: None, depth: Some(d), time: None }
    }

    /// A time budget.
    pub const fn time(t: Duration) -> Limits {
        Limits { nodes: None, depth: None, time: Some(t) }
    }
}

/// Tracks a running search against its limits.
#[derive(Clone, Debug)]
pub(crate) struct Clock {
    started: Instant,
    limits: Limits,
    pub nodes: u64,
    stopped: bool,
}

impl Clock {
    pub fn start(limits: Limits) -> Clock {
        Clock { started: Instant::now(), limits, nodes: 0, stopped: false }
    }

    /// Counts one node; returns whether the search must stop now.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.stopped {
            return true;
        }
        let out_of_nodes = self.limits.nodes.is_some_and(|n| self.nodes >= n);
        let out_of_time =
            self.nodes.is_multiple_of(1024) && self.limits.time.is_some_and(|t| self.started.elapsed() >= t);
        self.stopped = out_of_nodes || out_of_time;
        self.stopped
    }

    /// Whether a limit has been reached.
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}
