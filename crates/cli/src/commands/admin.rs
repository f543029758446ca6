//! `arbiter admin`: an administrator's commands on the database a server
//! runs on (the server may be running: it hears of each change at once).

use anyhow::Result;
use arbiter_play::Timestamp;
use arbiter_server::admin::Admin;
use arbiter_store::{AccountListing, Store};
use serde_json::json;

use crate::output::outln;

/// The arguments of `arbiter admin`.
#[derive(clap::Args, Debug)]
pub struct AdminArgs {
    /// The database: `sqlite://FILE` or `postgres://…`, as the server's.
    #[arg(long, env = "ARBITER_DATABASE", global = true, default_value = "sqlite://arbiter.db")]
    database: String,
    /// Where the site is (for links), as the server's `--public-url`; by
    /// default the server's `--listen` address.
    #[arg(long, env = "ARBITER_PUBLIC_URL", global = true)]
    public_url: Option<String>,
    /// The server's `--listen`, for the default public URL.
    #[arg(long, env = "ARBITER_LISTEN", global = true, default_value = "127.0.0.1:8080", hide = true)]
    listen: String,
    /// The SMTP server, as the server's: with it, the players of a game
    /// called off are mailed (the running server sends the mail).
    #[arg(long, env = "ARBITER_SMTP", global = true)]
    smtp: Option<String>,
    /// The sender of the mails, as the server's.
    #[arg(long, env = "ARBITER_MAIL_FROM", global = true, default_value = "Arbiter <arbiter@localhost>")]
    mail_from: String,
    #[command(subcommand)]
    command: AdminCommand,
}

/// What an administrator does.
#[derive(clap::Subcommand, Debug)]
enum AdminCommand {
    /// Lists the accounts (name, mail, whether verified, administrator or
    /// disabled, games, when made and last seen).
    Accounts {
        /// Only names that start with this (any case).
        #[arg(long, default_value = "")]
        prefix: String,
    },
    /// Disables an account: it cannot sign in, and its sessions end (the
    /// running server closes its sockets).
    Disable {
        /// The account's name.
        name: String,
    },
    /// Lets a disabled account sign in again.
    Enable {
        /// The account's name.
        name: String,
    },
    /// Makes an account an administrator.
    GrantAdmin {
        /// The account's name.
        name: String,
    },
    /// Prints a link that sets a new password for an account (it works
    /// once, for an hour): for an account whose mail does not arrive.
    ResetLink {
        /// The account's name.
        name: String,
    },
    /// Lists the games whose stored records are damaged (altered outside
    /// the server: a move that is not legal, a record cut short), with
    /// why; with a game's id, shows that game's record as stored.
    Damaged {
        /// A game's id: show its stored record and what is wrong with it.
        game: Option<String>,
    },
    /// Calls a game off: it is over and nobody won.
    Abort {
        /// The game's id (as in its address, `/games/{id}`).
        game: String,
    },
}

/// Runs `arbiter admin`.
pub fn run(args: &AdminArgs, json: bool) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async {
        let store = Store::open(&args.database).await?;
        let public_url = args.public_url.clone().unwrap_or_else(|| format!("http://{}", args.listen));
        let smtp = args.smtp.as_deref().map(|url| (url, args.mail_from.as_str()));
        let admin = Admin::new(store, &public_url, smtp)?;
        let done = command(&admin, &args.command, json).await;
        admin.close().await;
        done
    })
}

/// Does `command` with `admin` and says what was done.
async fn command(admin: &Admin, command: &AdminCommand, json: bool) -> Result<()> {
    match command {
        AdminCommand::Accounts { prefix } => {
            let accounts = admin.accounts(prefix).await?;
            if json {
                let list: Vec<_> = accounts.iter().map(account_json).collect();
                outln!("{}", json!({ "accounts": list }));
            } else {
                print_accounts(&accounts);
            }
        }
        AdminCommand::Disable { name } => {
            let disabled = admin.disable(name).await?;
            let ended = disabled.ended.len();
            say(json, json!({ "disabled": name, "sessions_ended": ended }), || {
                format!("{name} is disabled: it cannot sign in, and its {ended} sessions ended.")
            });
        }
        AdminCommand::Enable { name } => {
            admin.enable(name).await?;
            say(json, json!({ "enabled": name }), || format!("{name} may sign in again."));
        }
        AdminCommand::GrantAdmin { name } => {
            admin.grant_admin(name).await?;
            say(json, json!({ "admin": name }), || format!("{name} is an administrator."));
        }
        AdminCommand::ResetLink { name } => {
            let link = admin.reset_link(name).await?;
            say(json, json!({ "account": name, "link": link }), || {
                format!("{link}\nThis link sets a new password for {name}; it works once, within the hour.")
            });
        }
        AdminCommand::Damaged { game: None } => {
            let damaged = admin.damaged().await?;
            if json {
                let list: Vec<_> = damaged.iter().map(|d| json!({ "game": d.key.0, "damage": d.reason })).collect();
                outln!("{}", json!({ "damaged": list }));
            } else if damaged.is_empty() {
                outln!("No game is damaged: every stored record reads and replays.");
            } else {
                for d in &damaged {
                    outln!("{}  {}", d.key.0, d.reason);
                }
                outln!(
                    "{} damaged; `arbiter admin damaged GAME` shows one as stored (docs/OPERATING.md, Faults).",
                    damaged.len()
                );
            }
        }
        AdminCommand::Damaged { game: Some(game) } => {
            let (raw, damage) = admin.damaged_game(game).await?;
            if json {
                let moves: Vec<_> = raw.moves.iter().map(|(ply, text)| json!({ "ply": ply, "move": text })).collect();
                outln!("{}", json!({ "game": game, "damage": damage, "head": raw.head, "moves": moves }));
            } else {
                match &damage {
                    Some(why) => outln!("Game {game} is damaged: {why}"),
                    None => outln!("Game {game} is not damaged: its record reads and replays."),
                }
                outln!("Its stored head:\n{}", raw.head);
                outln!("Its stored moves ({}):", raw.moves.len());
                for (ply, text) in &raw.moves {
                    outln!("{ply:>5}  {text}");
                }
            }
        }
        AdminCommand::Abort { game } => {
            admin.abort(game).await?;
            say(json, json!({ "aborted": game }), || format!("Game {game} is called off: nobody won."));
        }
    }
    Ok(())
}

/// Prints `value` with `--json`, else the sentence `text` makes.
fn say(json: bool, value: serde_json::Value, text: impl FnOnce() -> String) {
    if json {
        outln!("{value}");
    } else {
        outln!("{}", text());
    }
}

/// A time of the store's (seconds since 1970) as RFC 3339.
fn time(seconds: i64) -> String {
    Timestamp::from_unix(seconds).to_string()
}

/// An account in `--json`.
fn account_json(a: &AccountListing) -> serde_json::Value {
    json!({
        "id": a.id,
        "name": a.name,
        "email": a.email,
        "email_verified": a.email_verified,
        "admin": a.admin,
        "disabled": a.disabled.map(time),
        "created": time(a.created),
        "last_seen": a.last_seen.map(time),
        "games": a.games,
    })
}

/// The accounts as a table.
fn print_accounts(accounts: &[AccountListing]) {
    if accounts.is_empty() {
        outln!("No accounts.");
        return;
    }
    let width = accounts.iter().map(|a| a.name.chars().count()).max().unwrap_or(4).max(4);
    outln!("{:<width$}  {:<7}  {:>5}  {:<20}  {:<20}  mail", "name", "role", "games", "made", "last seen");
    for a in accounts {
        let role = match (a.disabled.is_some(), a.admin) {
            (true, _) => "disabled",
            (false, true) => "admin",
            (false, false) => "player",
        };
        let mail = match (&a.email, a.email_verified) {
            (Some(email), true) => email.clone(),
            (Some(email), false) => format!("{email} (not verified)"),
            (None, _) => "-".into(),
        };
        let seen = a.last_seen.map_or_else(|| "-".into(), time);
        outln!("{:<width$}  {role:<7}  {:>5}  {:<20}  {seen:<20}  {mail}", a.name, a.games, time(a.created));
    }
}
