//! `arbiter mail-in`: takes one mail move, a message (RFC 5322) on
//! standard input, for a mail server's pipe transport. The exit status
//! tells the mail server what to do: 0 taken (played, or refused and
//! answered by mail, or taken before), 65 not a mail it can read, 77 not
//! taken (no game's token, an unknown one, a sender who is not the
//! account's verified address; the reason on standard error), 75 try
//! again later (the database could not be reached).

use std::io::Read;
use std::process::ExitCode;

use arbiter_server::mail_in::{MAX_MAIL_BYTES, PipeConfig, PipeError, Taken, take_one};

use crate::logging::{LogFormat, start_log};

/// The arguments of `arbiter mail-in`.
#[derive(clap::Args, Debug)]
pub struct MailInArgs {
    /// The server's database: `sqlite://FILE` or `postgres://…`.
    #[arg(long, env = "ARBITER_DATABASE")]
    database: String,
    /// The address replies are sent to (as `arbiter serve
    /// --mail-in-address`).
    #[arg(long, env = "ARBITER_MAIL_IN_ADDRESS")]
    mail_in_address: String,
    /// The recipient the mail server names (Postfix: `${recipient}`); by
    /// default the mail's own `Delivered-To`, `X-Original-To`, `To` and
    /// `Cc`.
    #[arg(long)]
    recipient: Option<String>,
    /// The SMTP server to send the answer through now; without it the
    /// answer is queued for the server to send.
    #[arg(long, env = "ARBITER_SMTP")]
    smtp: Option<String>,
    /// The sender of the answer.
    #[arg(long, env = "ARBITER_MAIL_FROM", default_value = "Arbiter <arbiter@localhost>")]
    mail_from: String,
    /// Where the links in the answer point.
    #[arg(long, env = "ARBITER_PUBLIC_URL", default_value = "http://localhost:8080")]
    public_url: String,
    /// How the log is written on standard error.
    #[arg(long, env = "ARBITER_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
}

/// Exit statuses of sysexits.h, which mail servers read.
const EX_DATAERR: u8 = 65;
const EX_TEMPFAIL: u8 = 75;
const EX_NOPERM: u8 = 77;

/// Runs `arbiter mail-in`: reads the mail, takes it, says what became of
/// it on standard output (one JSON object with `--json`).
pub fn run(args: &MailInArgs, json: bool) -> ExitCode {
    start_log(args.log_format);
    let report = |status: u8, outcome: &str, detail: &str| {
        if json {
            println!("{}", serde_json::json!({ "outcome": outcome, "detail": detail }));
        } else if status == 0 {
            println!("{outcome}: {detail}");
        } else {
            eprintln!("{outcome}: {detail}");
        }
        ExitCode::from(status)
    };
    let address = match args.mail_in_address.parse::<arbiter_server::mail_in::MailInAddress>() {
        Ok(address) => address,
        Err(e) => return report(EX_NOPERM, "not taken", &e.to_string()),
    };
    let mut raw = Vec::new();
    if let Err(e) = std::io::stdin().take(MAX_MAIL_BYTES as u64 + 1).read_to_end(&mut raw) {
        return report(EX_TEMPFAIL, "try again later", &format!("standard input: {e}"));
    }
    if raw.len() > MAX_MAIL_BYTES {
        return report(EX_DATAERR, "not taken", &format!("the mail is over {MAX_MAIL_BYTES} bytes"));
    }
    let config = PipeConfig {
        database: args.database.clone(),
        address,
        smtp: args.smtp.clone(),
        mail_from: args.mail_from.clone(),
        public_url: args.public_url.clone(),
    };
    let envelope: Vec<String> = args.recipient.iter().cloned().collect();
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => return report(EX_TEMPFAIL, "try again later", &e.to_string()),
    };
    match runtime.block_on(take_one(&config, &raw, &envelope)) {
        Ok(Taken::Played { game, mv }) => report(0, "played", &format!("{mv} in {game}")),
        Ok(Taken::LineSet { game, line }) => report(0, "line stored", &format!("{line} in {game}")),
        Ok(Taken::Refused { game, reason }) => report(0, "refused", &format!("in {game}: {reason}")),
        Ok(Taken::Again) => report(0, "taken before", "this Message-ID was taken already"),
        Ok(Taken::Rejected { reason }) if reason.starts_with("not a mail") || reason.contains("names no sender") => {
            report(EX_DATAERR, "not taken", &reason)
        }
        Ok(Taken::Rejected { reason }) => report(EX_NOPERM, "not taken", &reason),
        Err(PipeError::Later(reason)) => report(EX_TEMPFAIL, "try again later", &reason),
        Err(e @ PipeError::Mailer(_)) => report(EX_TEMPFAIL, "try again later", &e.to_string()),
    }
}
