//! What the server spent over a measured window: its CPU time (from
//! `/proc`) and, when the build counts them, its heap allocations (from
//! `/metrics`), each divided by the moves acknowledged in the window.

use reqwest::Client;
use serde_json::Value;

use crate::cpu::CpuTime;
use crate::metrics;
use crate::report::{Report, rounded};

/// A window opened on one or more servers: their readings at its start.
pub struct Window {
    pids: Vec<u32>,
    bases: Vec<String>,
    http: Client,
    cpu: CpuTime,
    allocations: Option<u64>,
}

/// What the servers spent between a window's opening and its closing.
#[derive(Clone, Copy, Debug)]
pub struct Cost {
    /// CPU time used, user and system.
    pub cpu: CpuTime,
    /// Heap allocations made, when every server counts them.
    pub allocations: Option<u64>,
}

impl Window {
    /// Reads the servers (`pids`, answering at `bases`) as the window
    /// opens: call it just before the first measured move is sent.
    pub async fn open(http: &Client, pids: Vec<u32>, bases: Vec<String>) -> Window {
        let allocations = allocations(http, &bases).await;
        let cpu = CpuTime::of_all(&pids);
        Window { pids, bases, http: http.clone(), cpu, allocations }
    }

    /// Reads them again as the window closes (just after the last
    /// measured move was acknowledged): what they spent in it.
    pub async fn close(self) -> Cost {
        let cpu = CpuTime::of_all(&self.pids).since(self.cpu);
        let after = allocations(&self.http, &self.bases).await;
        let allocations = self.allocations.zip(after).map(|(before, after)| after.saturating_sub(before));
        Cost { cpu, allocations }
    }
}

/// The allocations of every server together, if every one counts them.
async fn allocations(http: &Client, bases: &[String]) -> Option<u64> {
    let mut sum = 0;
    for base in bases {
        sum += metrics::allocations(http, base).await?;
    }
    Some(sum)
}

impl Cost {
    /// The lines that say what a move cost, for `moves` moves
    /// acknowledged in the window.
    pub fn lines(&self, moves: u64) -> String {
        let n = moves.max(1) as f64;
        let cpu = format!(
            "server CPU: {:.0} µs a move ({:.0} user + {:.0} system; ±{:.0} µs: /proc counts 10 ms ticks); \
             {:.2} CPU-s ({:.2} user, {:.2} system) for {moves} moves",
            self.cpu.total() * 1e6 / n,
            self.cpu.user * 1e6 / n,
            self.cpu.system * 1e6 / n,
            0.02 * 1e6 / n,
            self.cpu.total(),
            self.cpu.user,
            self.cpu.system,
        );
        format!("{cpu}\n{}", self.allocations_line(moves))
    }

    /// The line that says what a move allocated, for `moves` moves.
    pub fn allocations_line(&self, moves: u64) -> String {
        match self.allocations {
            Some(count) => format!("allocations: {:.0} a move ({count} in all)", count as f64 / moves.max(1) as f64),
            None => "allocations: not counted by this build".to_string(),
        }
    }

    /// Its figures, per move of `moves`.
    pub fn report(&self, moves: u64) -> Report {
        let n = moves.max(1) as f64;
        let mut report = Report::default();
        report.put("cpu_us_per_move", rounded(self.cpu.total() * 1e6 / n, 1));
        report.put("cpu_user_us_per_move", rounded(self.cpu.user * 1e6 / n, 1));
        report.put("cpu_system_us_per_move", rounded(self.cpu.system * 1e6 / n, 1));
        report.put("cpu_user_seconds", rounded(self.cpu.user, 2));
        report.put("cpu_system_seconds", rounded(self.cpu.system, 2));
        report.put("cpu_us_per_move_resolution", rounded(0.02 * 1e6 / n, 1));
        report.put("allocations", self.allocations.map_or(Value::Null, Value::from));
        report.put(
            "allocations_per_move",
            self.allocations.map_or(Value::Null, |count| Value::from(rounded(count as f64 / n, 1))),
        );
        report
    }
}
