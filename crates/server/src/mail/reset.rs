//! The mail that resets a password: a link to `<public-url>/reset?token=…`
//! that works for an hour, once. It goes only to a verified address, at
//! most a few times an hour to one account, and whether it went is never
//! told to the one who asked.

use arbiter_store::{Account, NewMail, NewPasswordReset};

use crate::auth::{new_token, token_hash};
use crate::error::ApiError;
use crate::limits::check;
use crate::state::AppState;

/// Seconds a reset link works.
pub const VALID_FOR: i64 = 3600;

/// Mails `account` a reset link, if the server sends mail, the account
/// has a verified address and is not disabled, and it has not been sent as many links as it
/// may lately; the link's token and its mail are stored together.
/// Whether it was sent is the caller's to keep to itself.
pub async fn send_link(state: &AppState, account: &Account) -> Result<bool, ApiError> {
    let Some(mailer) = &state.mailer else { return Ok(false) };
    let Some(to) = account.mail_address().filter(|_| account.disabled.is_none()) else { return Ok(false) };
    if check(&state.guards.reset_mails, &account.id, "enough reset links for now").is_err() {
        return Ok(false);
    }
    let token = new_token();
    let now = state.clock.now();
    let link = format!("{}/reset?token={token}", mailer.public_url.trim_end_matches('/'));
    let body = format!(
        "Someone (we hope you) asked to set a new password for the Arbiter account {name}.\n\n\
         To choose one, open this link within an hour; it works once:\n\n{link}\n\n\
         Setting a new password signs the account out everywhere. If it was not you, ignore this mail: \
         your password stays as it is.\n",
        name = account.name,
    );
    let mail = NewMail {
        account: account.id,
        to: to.to_string(),
        subject: format!("Arbiter: a new password for {}", account.name),
        body,
        reply_to: None,
        now,
    };
    let hash = token_hash(&token);
    let reset = NewPasswordReset {
        account: account.id,
        token_hash: &hash,
        now,
        expires: now.after(VALID_FOR),
        mail: Some(mail),
    };
    state.store.start_password_reset(&reset).await?;
    crate::mail::wake(state);
    Ok(true)
}
