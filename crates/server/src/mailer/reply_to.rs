//! The address replies go to: `--mail-in-address play@games.example`
//! makes each mail's `Reply-To` `play+<token>@games.example`, and a
//! recipient of that form names its token.

use std::fmt;
use std::str::FromStr;

/// How many characters a mail token has (lowercase letters and digits:
/// 120 bits), short enough for a local part of at most 64.
pub const TOKEN_LENGTH: usize = 24;

/// The address mail moves are sent to, without a token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailInAddress {
    local: String,
    domain: String,
}

/// Why a `--mail-in-address` cannot be used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("'{given}': not a mail-in address ({reason}); give one like play@games.example")]
pub struct BadMailInAddress {
    given: String,
    reason: &'static str,
}

impl FromStr for MailInAddress {
    type Err = BadMailInAddress;

    fn from_str(given: &str) -> Result<MailInAddress, BadMailInAddress> {
        let bad = |reason| BadMailInAddress { given: given.to_string(), reason };
        let (local, domain) = given.trim().rsplit_once('@').ok_or_else(|| bad("no '@'"))?;
        let word = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b));
        if !word(local) {
            return Err(bad("the part before '@' must be letters, digits, '-', '_' or '.'"));
        }
        if local.len() + 1 + TOKEN_LENGTH > 64 {
            return Err(bad("the part before '@' is too long to carry a token"));
        }
        if !word(domain) || !domain.contains('.') && domain != "localhost" {
            return Err(bad("the part after '@' is not a domain"));
        }
        Ok(MailInAddress { local: local.to_string(), domain: domain.to_ascii_lowercase() })
    }
}

impl fmt::Display for MailInAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", self.local, self.domain)
    }
}

impl MailInAddress {
    /// The `Reply-To` address carrying `token`.
    pub fn with_token(&self, token: &str) -> String {
        format!("{}+{token}@{}", self.local, self.domain)
    }

    /// The token in `recipient` (`play+<token>@games.example`, perhaps in
    /// angle brackets or after a display name), if it is this address
    /// with a well-formed token. The local part and the domain compare
    /// without case; the token is read in lowercase.
    pub fn token_in(&self, recipient: &str) -> Option<String> {
        let address = match (recipient.rfind('<'), recipient.rfind('>')) {
            (Some(open), Some(close)) if open < close => &recipient[open + 1..close],
            _ => recipient,
        };
        let (local, domain) = address.trim().rsplit_once('@')?;
        if !domain.eq_ignore_ascii_case(&self.domain) {
            return None;
        }
        let (base, token) = local.split_once('+')?;
        if !base.eq_ignore_ascii_case(&self.local) || !is_token(token) {
            return None;
        }
        Some(token.to_ascii_lowercase())
    }
}

/// Whether `token` has a mail token's shape.
fn is_token(token: &str) -> bool {
    token.len() == TOKEN_LENGTH && token.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// A new random mail token.
pub fn new_token() -> String {
    use argon2::password_hash::rand_core::{OsRng, RngCore};
    // 32 letters and digits, so that each random byte gives one evenly.
    const ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut bytes = [0u8; TOKEN_LENGTH];
    OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| ALPHABET[usize::from(b % 32)] as char).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address() -> MailInAddress {
        "play@games.example".parse().unwrap()
    }

    #[test]
    fn a_token_goes_out_and_comes_back() {
        let token = new_token();
        let reply_to = address().with_token(&token);
        assert!(reply_to.starts_with("play+") && reply_to.ends_with("@games.example"));
        assert_eq!(address().token_in(&reply_to), Some(token.clone()));
        assert_eq!(address().token_in(&format!("Arbiter <{}>", reply_to.to_uppercase())), Some(token));
    }

    #[test]
    fn other_addresses_name_no_token() {
        let a = address();
        for recipient in [
            "play@games.example",
            "play+short@games.example",
            "other+abcdefghijklmnopqrstuvwx@games.example",
            "play+abcdefghijklmnopqrstuvwx@elsewhere.example",
            "play+abcdefghijklmnopqrstu-wx@games.example",
            "",
            "<>",
        ] {
            assert_eq!(a.token_in(recipient), None, "{recipient}");
        }
        assert_eq!(
            a.token_in("play+abcdefghijklmnopqrstuvwx@GAMES.example").as_deref(),
            Some("abcdefghijklmnopqrstuvwx")
        );
    }

    #[test]
    fn bad_addresses_are_named() {
        for given in ["play", "@games.example", "pl ay@games.example", "play@nodot", "play+x@games.example"] {
            let e = given.parse::<MailInAddress>().unwrap_err();
            assert!(e.to_string().contains(given), "{e}");
        }
        assert!("play@localhost".parse::<MailInAddress>().is_ok());
    }
}
