//! The CPU time a process has used, as `/proc/PID/stat` says.

/// Clock ticks a second in `/proc`'s times (`USER_HZ`: 100 on Linux).
const TICKS_A_SECOND: f64 = 100.0;

/// CPU time used in user space and in the kernel on the process's
/// behalf, in seconds (a resolution of one tick, 10 ms).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CpuTime {
    /// utime: in user space.
    pub user: f64,
    /// stime: in the kernel.
    pub system: f64,
}

impl CpuTime {
    /// What process `pid` (all its threads, those ended included) has
    /// used so far; zero if it cannot be read.
    pub fn of(pid: u32) -> CpuTime {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        // The fields after the command's closing parenthesis (the command
        // may hold spaces); utime and stime are the 14th and 15th of the
        // line, the 12th and 13th after it.
        let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0) as f64;
        CpuTime { user: ticks(11) / TICKS_A_SECOND, system: ticks(12) / TICKS_A_SECOND }
    }

    /// What several processes have used together.
    pub fn of_all(pids: &[u32]) -> CpuTime {
        pids.iter()
            .map(|&pid| CpuTime::of(pid))
            .fold(CpuTime::default(), |a, b| CpuTime { user: a.user + b.user, system: a.system + b.system })
    }

    /// User and system time together.
    pub fn total(self) -> f64 {
        self.user + self.system
    }

    /// What was used between `earlier` and this reading.
    pub fn since(self, earlier: CpuTime) -> CpuTime {
        CpuTime { user: self.user - earlier.user, system: self.system - earlier.system }
    }
}

/// Waits until process `pid` is quiet, using less than a tick of CPU time
/// in a quarter of a second (the work it was given before has ended),
/// for at most `longest`; how long it waited.
pub async fn settle(pid: u32, longest: std::time::Duration) -> std::time::Duration {
    let started = std::time::Instant::now();
    let mut last = CpuTime::of(pid);
    while started.elapsed() < longest {
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
        let now = CpuTime::of(pid);
        if now.since(last).total() < 0.5 / TICKS_A_SECOND {
            break;
        }
        last = now;
    }
    started.elapsed()
}
