//! Notices: what the personal channel tells a person (their turn, an
//! invitation, an offer, a round opened, a game over, a chat message in
//! their game). A change to a game keeps its notices in the transaction
//! that stores it; on PostgreSQL the accounts concerned are announced on
//! `arbiter_notices` when it commits, so that the server holding their
//! channel reads them. Reading and sweeping them: `notice_queries.rs`.

use std::fmt;

use arbiter_play::Timestamp;

use crate::accounts::AccountId;
use crate::key::GameKey;

/// What a notice tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoticeKind {
    /// It is the person's turn in a game.
    YourTurn,
    /// The person was invited to a seat.
    Invited,
    /// Someone the person invited declined their seat.
    Declined,
    /// Another player made an offer (a takeback, a draw, a rematch).
    Offer,
    /// A Single Capture Go round opened: the person has a play to send.
    RoundOpen,
    /// A game of theirs is over.
    GameOver,
    /// Someone wrote in the players' room of a game of theirs.
    Chat,
    /// A round of a tournament of theirs started (with their game, if
    /// they have one in it).
    TournamentRound,
    /// A tournament of theirs is over.
    TournamentOver,
    /// A reply of one of their conditional lines was played.
    ConditionalPlayed,
    /// A conditional line of theirs was dropped: its reply had become
    /// illegal.
    ConditionalDropped,
    /// Their vacation started by itself: a move of theirs was close to
    /// running out of time.
    Vacation,
}

impl NoticeKind {
    /// Every kind.
    pub const ALL: [NoticeKind; 12] = [
        NoticeKind::YourTurn,
        NoticeKind::Invited,
        NoticeKind::Declined,
        NoticeKind::Offer,
        NoticeKind::RoundOpen,
        NoticeKind::GameOver,
        NoticeKind::Chat,
        NoticeKind::TournamentRound,
        NoticeKind::TournamentOver,
        NoticeKind::ConditionalPlayed,
        NoticeKind::ConditionalDropped,
        NoticeKind::Vacation,
    ];

    /// The kind's word, as the API writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            NoticeKind::YourTurn => "your_turn",
            NoticeKind::Invited => "invited",
            NoticeKind::Declined => "declined",
            NoticeKind::Offer => "offer",
            NoticeKind::RoundOpen => "round_open",
            NoticeKind::GameOver => "game_over",
            NoticeKind::Chat => "chat",
            NoticeKind::TournamentRound => "tournament_round",
            NoticeKind::TournamentOver => "tournament_over",
            NoticeKind::ConditionalPlayed => "conditional_played",
            NoticeKind::ConditionalDropped => "conditional_dropped",
            NoticeKind::Vacation => "vacation",
        }
    }

    /// Reads a kind as [`NoticeKind::as_str`] writes it.
    pub fn parse(text: &str) -> Option<NoticeKind> {
        NoticeKind::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

impl fmt::Display for NoticeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A notice to keep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewNotice {
    /// Whom it tells.
    pub account: AccountId,
    /// The game it is about.
    pub game: GameKey,
    /// What it tells.
    pub kind: NoticeKind,
    /// The seat it concerns, where there is one (an invitation's seat).
    pub seat: Option<String>,
    /// The words shown.
    pub text: String,
}

/// A notice of a tournament to keep: about the tournament, and about the
/// person's game in it where there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentNotice {
    /// Whom it tells.
    pub account: AccountId,
    /// The tournament.
    pub tournament: i64,
    /// The person's game it is about, if any.
    pub game: Option<GameKey>,
    /// What it tells.
    pub kind: NoticeKind,
    /// The words shown.
    pub text: String,
}

/// A notice as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Its number: later notices have larger numbers.
    pub id: i64,
    /// The game it is about (a tournament's notice may have none).
    pub game: Option<GameKey>,
    /// The tournament it is about, if any.
    pub tournament: Option<i64>,
    /// What it tells.
    pub kind: NoticeKind,
    /// The seat it concerns, if any.
    pub seat: Option<String>,
    /// The words shown.
    pub text: String,
    /// When.
    pub at: Timestamp,
}

/// Keeps a notice to account `$1` about game `$2`: its kind `$3`, seat
/// `$4`, text `$5`, made at `$6`.
pub(crate) const INSERT_NOTICE: &str =
    "INSERT INTO notices (account_id, game_key, kind, seat, text, at) VALUES ($1, $2, $3, $4, $5, $6)";

/// Keeps `$notice` (a [`NewNotice`]) made at `$now` in the transaction
/// `$tx`.
macro_rules! insert_notice {
    ($tx:expr, $notice:expr, $now:expr) => {
        async {
            let notice: &$crate::notices::NewNotice = $notice;
            let now: arbiter_play::Timestamp = $now;
            sqlx::query($crate::notices::INSERT_NOTICE)
                .bind(notice.account.0)
                .bind(notice.game.0.as_str())
                .bind(notice.kind.as_str())
                .bind(notice.seat.as_deref())
                .bind(notice.text.as_str())
                .bind(now.unix())
                .execute($tx)
                .await
                .map(|_| ())
        }
    };
}
pub(crate) use insert_notice;

/// Keeps `$notice` (a [`TournamentNotice`]) made at `$now` in the
/// transaction `$tx`.
macro_rules! insert_tournament_notice {
    ($tx:expr, $notice:expr, $now:expr) => {
        async {
            let notice: &$crate::notices::TournamentNotice = $notice;
            let now: arbiter_play::Timestamp = $now;
            sqlx::query(
                "INSERT INTO notices (account_id, game_key, tournament_id, kind, text, at) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(notice.account.0)
            .bind(notice.game.as_ref().map(|g| g.0.as_str()))
            .bind(notice.tournament)
            .bind(notice.kind.as_str())
            .bind(notice.text.as_str())
            .bind(now.unix())
            .execute($tx)
            .await
            .map(|_| ())
        }
    };
}
pub(crate) use insert_tournament_notice;

/// The payload announcing notices for `accounts`: `<origin>:<id>,<id>,…`.
pub(crate) fn announcement(origin: u64, accounts: &[AccountId]) -> String {
    let ids: Vec<String> = accounts.iter().map(|a| a.0.to_string()).collect();
    format!("{origin}:{}", ids.join(","))
}

impl NewNotice {
    /// The accounts `notices` tell, each once.
    pub fn recipients_of(notices: &[NewNotice]) -> Vec<AccountId> {
        recipients(notices)
    }
}

/// The accounts `notices` tell, each once.
pub(crate) fn recipients(notices: &[NewNotice]) -> Vec<AccountId> {
    let mut accounts: Vec<AccountId> = notices.iter().map(|n| n.account).collect();
    accounts.sort_by_key(|a| a.0);
    accounts.dedup();
    accounts
}
