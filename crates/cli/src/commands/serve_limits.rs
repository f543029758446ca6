//! The limits of `arbiter serve`, one flag (and environment variable) each,
//! its connection limits, and the proxies it trusts. Their defaults are the server's
//! ([`arbiter_server::limits::Limits::default`]); `docs/API.md` lists them.

use std::time::Duration;

use anyhow::Result;
use arbiter_server::Settings;
use arbiter_server::connections::ConnectionLimits;
use arbiter_server::limits::{Limits, Rate, address, parse_duration};

/// The limits' flags. A rate is `COUNT/PERIOD` (`10/hour`, `30/minute`,
/// `5/day`, `100/90s`); a duration is seconds or a number with `s`, `m`,
/// `h` or `d`.
#[derive(clap::Args, Debug)]
pub struct LimitArgs {
    /// Proxies (address ranges, comma-separated) whose `X-Forwarded-For`
    /// names the client; no other peer's is believed.
    #[arg(long, env = "ARBITER_TRUSTED_PROXY", value_name = "CIDR[,CIDR]")]
    trusted_proxy: Option<String>,
    /// A token that reads `GET /metrics` from anywhere, as
    /// `Authorization: Bearer TOKEN` (without it, only requests from this
    /// machine through no proxy may).
    #[arg(long, env = "ARBITER_METRICS_TOKEN", value_name = "TOKEN")]
    metrics_token: Option<String>,
    /// Accounts one address may register.
    #[arg(long, env = "ARBITER_LIMIT_REGISTRATIONS_PER_ADDRESS", default_value_t = Limits::default().registrations_per_address)]
    limit_registrations_per_address: Rate,
    /// Accounts registered in all.
    #[arg(long, env = "ARBITER_LIMIT_REGISTRATIONS", default_value_t = Limits::default().registrations)]
    limit_registrations: Rate,
    /// Sign-in attempts one address may make.
    #[arg(long, env = "ARBITER_LIMIT_SIGN_INS_PER_ADDRESS", default_value_t = Limits::default().sign_ins_per_address)]
    limit_sign_ins_per_address: Rate,
    /// Failed sign-ins to one account before each further attempt waits
    /// (1 s, then twice as long each time).
    #[arg(long, env = "ARBITER_SIGN_IN_FREE_FAILURES", default_value_t = Limits::default().sign_in_free_failures)]
    sign_in_free_failures: u32,
    /// The longest such a wait grows (addresses the owner signed in from
    /// lately do not wait).
    #[arg(long, env = "ARBITER_SIGN_IN_LONGEST_WAIT", default_value = "15m", value_parser = duration)]
    sign_in_longest_wait: Duration,
    /// Password changes one account may make.
    #[arg(long, env = "ARBITER_LIMIT_PASSWORD_CHANGES", default_value_t = Limits::default().password_changes_per_account)]
    limit_password_changes: Rate,
    /// Passwords hashed at once (default: half the cores, at least 1).
    #[arg(long, env = "ARBITER_PASSWORD_HASHES_AT_ONCE")]
    password_hashes_at_once: Option<usize>,
    /// Passwords waiting to be hashed at most; beyond, 429.
    #[arg(long, env = "ARBITER_PASSWORD_HASH_QUEUE", default_value_t = Limits::default().hash_queue)]
    password_hash_queue: usize,
    /// New mail addresses one account may give (each is mailed a link).
    #[arg(long, env = "ARBITER_LIMIT_ADDRESS_CHANGES", default_value_t = Limits::default().address_changes_per_account)]
    limit_address_changes: Rate,
    /// Verification links one mail address may be sent.
    #[arg(long, env = "ARBITER_LIMIT_VERIFICATION_MAILS", default_value_t = Limits::default().verification_mails_per_address)]
    limit_verification_mails: Rate,
    /// Password reset links mailed to one account.
    #[arg(long, env = "ARBITER_LIMIT_RESET_MAILS", default_value_t = Limits::default().reset_mails_per_account)]
    limit_reset_mails: Rate,
    /// Games one account may create.
    #[arg(long, env = "ARBITER_LIMIT_GAMES_PER_ACCOUNT", default_value_t = Limits::default().games_per_account)]
    limit_games_per_account: Rate,
    /// Tournaments one account may create.
    #[arg(long, env = "ARBITER_LIMIT_TOURNAMENTS_PER_ACCOUNT", default_value_t = Limits::default().tournaments_per_account)]
    limit_tournaments_per_account: Rate,
    /// Tournaments not over that one account may organise at once.
    #[arg(long, env = "ARBITER_MAX_OPEN_TOURNAMENTS", default_value_t = Limits::default().open_tournaments_per_account)]
    max_open_tournaments: u32,
    /// Tournament joins, departures, removals and starts one account may
    /// ask for.
    #[arg(long, env = "ARBITER_LIMIT_TOURNAMENT_ENTRIES", default_value_t = Limits::default().tournament_entries_per_account)]
    limit_tournament_entries: Rate,
    /// Games one address may create.
    #[arg(long, env = "ARBITER_LIMIT_GAMES_PER_ADDRESS", default_value_t = Limits::default().games_per_address)]
    limit_games_per_address: Rate,
    /// Positions (`POST /api/positions`) one address may ask for.
    #[arg(long, env = "ARBITER_LIMIT_POSITIONS_PER_ADDRESS", default_value_t = Limits::default().positions_per_address)]
    limit_positions_per_address: Rate,
    /// Players' pages and name completions (`GET /api/players…`) one
    /// address may ask for.
    #[arg(long, env = "ARBITER_LIMIT_PLAYERS_PER_ADDRESS", default_value_t = Limits::default().players_per_address)]
    limit_players_per_address: Rate,
    /// Chat messages one account may write in a second.
    #[arg(long, env = "ARBITER_LIMIT_CHAT_BURST", default_value_t = Limits::default().chat_burst_per_account)]
    limit_chat_burst: Rate,
    /// Chat messages one account may write in a minute.
    #[arg(long, env = "ARBITER_LIMIT_CHAT", default_value_t = Limits::default().chat_per_account)]
    limit_chat: Rate,
    /// Offers (takebacks, draws, rematches) one account may make, accept
    /// or decline in a minute.
    #[arg(long, env = "ARBITER_LIMIT_OFFERS", default_value_t = Limits::default().offers_per_account)]
    limit_offers: Rate,
    /// Reads and changes of one's conditional moves one account may make
    /// in a minute.
    #[arg(long, env = "ARBITER_LIMIT_CONDITIONALS", default_value_t = Limits::default().conditionals_per_account)]
    limit_conditionals: Rate,
    /// Vacations one account may start, book, end or switch in an hour.
    #[arg(long, env = "ARBITER_LIMIT_VACATIONS", default_value_t = Limits::default().vacations_per_account)]
    limit_vacations: Rate,
    /// Days of vacation each account has a calendar year: while one runs,
    /// its player's clocks stand still in days-per-move games.
    #[arg(long, env = "ARBITER_VACATION_DAYS", default_value_t = Limits::default().vacation_days,
        value_parser = clap::value_parser!(u32).range(0..=366))]
    vacation_days: u32,
    /// Reads of one's notices one account may make in a minute.
    #[arg(long, env = "ARBITER_LIMIT_NOTICE_READS", default_value_t = Limits::default().notice_reads_per_account)]
    limit_notice_reads: Rate,
    /// Unfinished games with a computer seat one account may have created.
    #[arg(long, env = "ARBITER_MAX_COMPUTER_GAMES", default_value_t = Limits::default().computer_games_per_account)]
    max_computer_games: u32,
    /// Plays one Single Capture Go player may send a round.
    #[arg(long, env = "ARBITER_MAX_PLAYS_PER_ROUND", default_value_t = Limits::default().plays_per_round)]
    max_plays_per_round: u32,
    /// Computer searches run at once (default: one a core).
    #[arg(long, env = "ARBITER_SEARCHES")]
    searches: Option<usize>,
    /// Searches of one account's games run at once (default: half of
    /// --searches, at least 1).
    #[arg(long, env = "ARBITER_SEARCHES_PER_ACCOUNT")]
    searches_per_account: Option<usize>,
    /// WebSockets one account may hold open.
    #[arg(long, env = "ARBITER_MAX_SOCKETS_PER_ACCOUNT", default_value_t = Limits::default().sockets_per_account)]
    max_sockets_per_account: usize,
    /// WebSockets one address may hold open.
    #[arg(long, env = "ARBITER_MAX_SOCKETS_PER_ADDRESS", default_value_t = Limits::default().sockets_per_address)]
    max_sockets_per_address: usize,
    /// How often WebSockets are pinged (one silent for two pings closes).
    #[arg(long, env = "ARBITER_SOCKET_PING", default_value = "30s", value_parser = duration)]
    socket_ping: Duration,
    /// Attempts to send a mail before it is given up.
    #[arg(long, env = "ARBITER_MAIL_ATTEMPTS", default_value_t = Limits::default().mail_attempts)]
    mail_attempts: u32,
    /// How long a session lasts unused.
    #[arg(long, env = "ARBITER_SESSION_LIFETIME", default_value = "30d", value_parser = duration)]
    session_lifetime: Duration,
    /// Connections held at once (default: the descriptor limit, raised to
    /// its hard limit at start, less 256).
    #[arg(long, env = "ARBITER_MAX_CONNECTIONS")]
    max_connections: Option<usize>,
    /// Connections one address may hold (trusted proxies are not capped).
    #[arg(long, env = "ARBITER_MAX_CONNECTIONS_PER_ADDRESS", default_value_t = ConnectionLimits::default().max_connections_per_address)]
    max_connections_per_address: usize,
    /// How long a client has to send a request's headers, and how long a
    /// kept-alive connection waits for its next request.
    #[arg(long, env = "ARBITER_HEADER_TIMEOUT", default_value = "10s", value_parser = duration)]
    header_timeout: Duration,
    /// How long a request may take, its body included.
    #[arg(long, env = "ARBITER_REQUEST_TIMEOUT", default_value = "60s", value_parser = duration)]
    request_timeout: Duration,
}

fn duration(text: &str) -> Result<Duration, String> {
    parse_duration(text)
}

impl LimitArgs {
    /// The server's settings from the flags.
    pub fn settings(&self) -> Result<Settings> {
        let defaults = Limits::default();
        let searches = self.searches.unwrap_or(defaults.searches).max(1);
        let limits = Limits {
            registrations_per_address: self.limit_registrations_per_address,
            registrations: self.limit_registrations,
            sign_ins_per_address: self.limit_sign_ins_per_address,
            sign_in_free_failures: self.sign_in_free_failures,
            sign_in_longest_wait: self.sign_in_longest_wait,
            password_changes_per_account: self.limit_password_changes,
            hashes_at_once: self.password_hashes_at_once.unwrap_or(defaults.hashes_at_once).max(1),
            hash_queue: self.password_hash_queue,
            address_changes_per_account: self.limit_address_changes,
            verification_mails_per_address: self.limit_verification_mails,
            reset_mails_per_account: self.limit_reset_mails,
            games_per_account: self.limit_games_per_account,
            tournaments_per_account: self.limit_tournaments_per_account,
            open_tournaments_per_account: self.max_open_tournaments,
            tournament_entries_per_account: self.limit_tournament_entries,
            games_per_address: self.limit_games_per_address,
            positions_per_address: self.limit_positions_per_address,
            chat_burst_per_account: self.limit_chat_burst,
            chat_per_account: self.limit_chat,
            offers_per_account: self.limit_offers,
            conditionals_per_account: self.limit_conditionals,
            vacations_per_account: self.limit_vacations,
            vacation_days: self.vacation_days,
            notice_reads_per_account: self.limit_notice_reads,
            players_per_address: self.limit_players_per_address,
            computer_games_per_account: self.max_computer_games,
            plays_per_round: self.max_plays_per_round,
            searches,
            searches_per_account: self.searches_per_account.unwrap_or((searches / 2).max(1)).max(1),
            sockets_per_account: self.max_sockets_per_account,
            sockets_per_address: self.max_sockets_per_address,
            socket_ping: self.socket_ping,
            mail_attempts: self.mail_attempts.max(1),
            session_lifetime: self.session_lifetime,
            limiter_keys: defaults.limiter_keys,
        };
        let trusted_proxies = match &self.trusted_proxy {
            Some(text) => address::parse_trusted(text).map_err(|e| anyhow::anyhow!("--trusted-proxy {e}"))?,
            None => Vec::new(),
        };
        let metrics_token = self.metrics_token.clone().filter(|t| !t.is_empty());
        if metrics_token.as_ref().is_some_and(|t| t.len() < 16) {
            anyhow::bail!("--metrics-token: a token is at least 16 characters, so that it cannot be guessed");
        }
        Ok(Settings { limits, trusted_proxies, public_origin: None, metrics_token })
    }

    /// The connection limits from the flags.
    pub fn connections(&self) -> ConnectionLimits {
        ConnectionLimits {
            max_connections: self.max_connections,
            max_connections_per_address: self.max_connections_per_address.max(1),
            header_timeout: self.header_timeout.max(Duration::from_secs(1)),
            request_timeout: self.request_timeout.max(Duration::from_secs(1)),
            exempt: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Args {
        #[command(flatten)]
        limits: LimitArgs,
    }

    #[test]
    fn no_flags_give_the_servers_defaults() {
        let settings = Args::parse_from(["serve"]).limits.settings().unwrap();
        assert_eq!(settings.limits, Limits::default());
        assert!(settings.trusted_proxies.is_empty());
        assert_eq!(Args::parse_from(["serve"]).limits.connections(), ConnectionLimits::default());
    }

    #[test]
    fn a_metrics_token_is_long_enough_not_to_be_guessed() {
        let settings = |token: &str| Args::parse_from(["serve", "--metrics-token", token]).limits.settings();
        assert_eq!(settings("0123456789abcdef").unwrap().metrics_token.as_deref(), Some("0123456789abcdef"));
        assert!(settings("short").unwrap_err().to_string().contains("at least 16 characters"));
        assert_eq!(settings("").unwrap().metrics_token, None, "an empty token is none");
        assert_eq!(Args::parse_from(["serve"]).limits.settings().unwrap().metrics_token, None);
    }

    #[test]
    fn flags_set_limits_and_bad_values_are_named() {
        let args = Args::try_parse_from([
            "serve",
            "--limit-registrations-per-address",
            "1000/hour",
            "--session-lifetime",
            "2h",
            "--trusted-proxy",
            "127.0.0.1/32,::1",
        ])
        .unwrap();
        let settings = args.limits.settings().unwrap();
        assert_eq!(settings.limits.registrations_per_address, Rate::per_hour(1000));
        assert_eq!(settings.limits.session_lifetime, Duration::from_secs(7200));
        assert_eq!(settings.trusted_proxies.len(), 2);
        let bad = Args::try_parse_from(["serve", "--limit-games-per-account", "lots"]).err().unwrap().to_string();
        assert!(bad.contains("'lots'"), "{bad}");
        let proxy = Args::try_parse_from(["serve", "--trusted-proxy", "somewhere"]).unwrap().limits.settings();
        assert!(proxy.unwrap_err().to_string().contains("'somewhere'"));
    }
}
