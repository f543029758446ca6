//! The mail that verifies an address: a link to `<public-url>/verify?token=…`
//! valid for a day. It is the only mail that goes to an address not yet
//! verified, and it is limited per account and per address, so nobody can
//! make the server mail a stranger more than a few times.

use arbiter_store::{Account, NewMail, NewVerification};

use crate::auth::{new_token, token_hash};
use crate::error::ApiError;
use crate::limits::check;
use crate::state::AppState;

/// Seconds a verification link works.
pub const VALID_FOR: i64 = 24 * 3600;

/// Mails `account` a link verifying `email`, if the server sends mail:
/// the link's token and its mail are stored together. 429 when the
/// address has been sent as many links as it may.
pub async fn send_link(state: &AppState, account: &Account, email: &str) -> Result<(), ApiError> {
    let Some(mailer) = &state.mailer else { return Ok(()) };
    check(&state.guards.verification_mails, &email.to_ascii_lowercase(), "this address has been sent enough links")?;
    let token = new_token();
    let now = state.clock.now();
    let link = format!("{}/verify?token={token}", mailer.public_url.trim_end_matches('/'));
    let body = format!(
        "Someone (we hope you) gave this address to the Arbiter account {name}.\n\n\
         To receive mail about your games there, open this link within 24 hours:\n\n{link}\n\n\
         If it was not you, ignore this mail: no other mail will come to this address.\n",
        name = account.name,
    );
    let mail = NewMail {
        account: account.id,
        to: email.to_string(),
        subject: format!("Arbiter: verify your address for {}", account.name),
        body,
        reply_to: None,
        now,
    };
    let hash = token_hash(&token);
    state
        .store
        .start_verification(&NewVerification {
            account: account.id,
            token_hash: &hash,
            email,
            expires: now.after(VALID_FOR),
            mail,
        })
        .await?;
    crate::mail::wake(state);
    Ok(())
}
