//! The serde types of the server's HTTP and WebSocket interface: what
//! other programs send and receive. Each derives its OpenAPI schema, so the
//! document the server serves is made from the same types it speaks.
//!
//! - [`accounts`]: registration, sessions and the account.
//! - [`games`]: creating a game, the game view as its viewer may see it,
//!   summaries for lists, moves.
//! - [`catalog`]: the games a server offers, with their options.
//! - [`rules`]: a game's rules page and its examples.
//! - [`live`]: the messages of the WebSockets.
//! - [`notices`]: offers in a game, and the personal channel's notices.
//! - [`players`]: a player's page, and names completed from a prefix.
//! - [`error`]: the one error body every refusal has.
//! - [`report`]: the command line's `--json` output where it says what
//!   the server says too.

pub mod accounts;
pub mod catalog;
pub mod chat;
pub mod conditionals;
pub mod error;
pub mod games;
pub mod live;
pub mod notices;
pub mod players;
pub mod ratings;
pub mod report;
pub mod rules;
pub mod service;
pub mod tournaments;
pub mod vacation;

pub use accounts::{
    AccountRef, FailedMail, Me, MeChange, NewAccount, Notify, NotifyChange, PasswordResetConfirm, PasswordResetRequest,
    SessionCreated, SessionView, SignIn, VerifyEmail,
};
pub use catalog::{Catalog, CatalogGame, CatalogOption, CatalogPiece, CatalogRefusal, CatalogSeat, OptionType};
pub use chat::{ChatMessageView, ChatPost, MuteRequest};
pub use conditionals::{ConditionalLines, ConditionalLinesPut};
pub use error::{ErrorBody, ErrorCode, ErrorDetail};
pub use games::{
    ClockSpec, GameSummary, GameView, History, HistoryPly, MoveNumbering, MoveRequest, NewGame, Outcome,
    PositionRequest, PositionView, RoundsView, SeatInvite, SeatKind, SeatSpec, SeatView, StatusView,
};
pub use live::{ChangeMessage, ClientMessage, RoundsChange, ServerMessage};
pub use notices::{NoticeView, Notices, OfferPost, OfferView, PersonalMessage};
pub use players::{PlayerName, PlayerTally, PlayerView};
pub use ratings::{LeaderboardEntry, RatingPointView, RatingView};
pub use report::PositionReport;
pub use rules::{RulesBlock, RulesExample, RulesExampleMove, RulesExampleRefusal, RulesPage, RulesSection};
pub use service::{DatabaseService, OutageView, ServiceView};
pub use tournaments::{
    Bye, NewTournament, Pairing, Tiebreaks, TournamentPlayer, TournamentRound, TournamentSummary, TournamentView,
};
pub use vacation::{NewVacation, NotStopped, VacationAuto, VacationSpan, VacationView};
