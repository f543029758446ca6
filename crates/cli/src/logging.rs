//! The log of the commands that serve (`serve`, `mail-in`, `bot`): on
//! standard error, as text or JSON.

/// How a long-running command's log is written.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    /// A line of text an event.
    Text,
    /// One JSON object an event (`timestamp`, `level`, `fields`, `target`).
    Json,
}

/// Sends the log to standard error, filtered by `ARBITER_LOG` (`info` by
/// default), in `format`.
pub fn start_log(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_env("ARBITER_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // Colours only for a person at a terminal, never in a file or journal.
    let colours = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let log = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_ansi(colours);
    let _ = match format {
        LogFormat::Text => log.try_init(),
        LogFormat::Json => log.json().try_init(),
    };
}
