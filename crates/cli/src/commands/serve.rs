//! `arbiter serve`: the server for games online (HTTP and WebSocket).

use anyhow::Result;

use crate::logging::{LogFormat, start_log};
use crate::output::outln;

/// The arguments of `arbiter serve`; each flag also reads an environment
/// variable.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Where to listen.
    #[arg(long, env = "ARBITER_LISTEN", default_value = "127.0.0.1:8080")]
    listen: String,
    /// The database: `sqlite://FILE` (created if missing) or `postgres://…`
    /// (several servers on one PostgreSQL database are one service).
    #[arg(long, env = "ARBITER_DATABASE", default_value = "sqlite://arbiter.db")]
    database: String,
    /// Connections to the database this server opens at most (default: 32
    /// on PostgreSQL, 8 on SQLite). Several servers on one PostgreSQL
    /// database must together stay below its `max_connections`.
    #[arg(long, env = "ARBITER_DATABASE_CONNECTIONS", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    database_connections: Option<u32>,
    /// Whether anyone may register an account.
    #[arg(long, env = "ARBITER_OPEN_REGISTRATION", default_value = "true", action = clap::ArgAction::Set)]
    open_registration: bool,
    /// The SMTP server for mail: `smtp://host:port`, or
    /// `smtps://user:password@host:port`; without it no mail is sent.
    #[arg(long, env = "ARBITER_SMTP")]
    smtp: Option<String>,
    /// Where the links in mails point (by default the address listened on).
    #[arg(long, env = "ARBITER_PUBLIC_URL")]
    public_url: Option<String>,
    /// The sender of the mails.
    #[arg(long, env = "ARBITER_MAIL_FROM", default_value = "Arbiter <arbiter@localhost>")]
    mail_from: String,
    /// Takes moves by mail: every mail about a game gets a `Reply-To` of
    /// this address with a token added (`play+<token>@games.example`);
    /// replies come back through `--lmtp` or `arbiter mail-in`. Needs
    /// `--smtp`.
    #[arg(long, env = "ARBITER_MAIL_IN_ADDRESS")]
    mail_in_address: Option<String>,
    /// Listens for LMTP from a local mail server here (`127.0.0.1:2424`)
    /// and takes the replies it delivers. Needs `--mail-in-address`.
    #[arg(long, env = "ARBITER_LMTP")]
    lmtp: Option<String>,
    /// How the log is written on standard error: `text` for people, `json`
    /// for one JSON object a line.
    #[arg(long, env = "ARBITER_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
    /// What one person may make the server do.
    #[command(flatten)]
    limits: super::serve_limits::LimitArgs,
}

/// Runs `arbiter serve` until SIGTERM or SIGINT.
pub fn run(args: &ServeArgs, json: bool) -> Result<()> {
    start_log(args.log_format);
    let config = arbiter_server::Config {
        listen: args.listen.clone(),
        database: args.database.clone(),
        database_connections: args.database_connections,
        open_registration: args.open_registration,
        smtp: args.smtp.clone(),
        mail_from: args.mail_from.clone(),
        public_url: args.public_url.clone(),
        settings: args.limits.settings()?,
        connections: args.limits.connections(),
        mail_in_address: args.mail_in_address.as_deref().map(str::parse).transpose()?,
        lmtp: args.lmtp.clone(),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(arbiter_server::serve(&config, |listening| {
        let address = listening.address;
        if json {
            outln!(
                "{}",
                serde_json::json!({
                    "listening": format!("http://{address}"),
                    "database": config.database,
                    "max_connections": listening.max_connections,
                    "database_connections": listening.database_connections,
                })
            );
        } else if args.log_format == LogFormat::Text {
            // (With a JSON log, its "serving" line says all this.)
            outln!(
                "Serving on http://{address} (database {}): open it in a browser. Stop with Ctrl-C.",
                config.database
            );
            outln!(
                "It holds up to {} connections (descriptor limit {}, at most {}) and opens up to {} to the database.",
                listening.max_connections,
                listening.descriptors.soft,
                listening.descriptors.hard,
                listening.database_connections
            );
            if config.smtp.is_none() {
                outln!("No mail is sent: give --smtp to send players their turns, rounds and results.");
            }
        }
    }))?;
    Ok(())
}
