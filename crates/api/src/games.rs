//! Games: creating one, the view of one as its viewer may see it, the
//! summary a list shows, and a move.

use std::collections::BTreeMap;

use arbiter_core::{BoardModel, GameStatus, LegalMove, Seat};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `POST /api/games`: a new game. The options are the command line's and
/// are refused where they don't apply.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// `agog`, `sage`, `ogama` or `scg`.
    pub game: String,
    /// The edition, for a game that has several (`agog`: `current`,
    /// `classic`).
    #[serde(default)]
    pub variant: Option<String>,
    /// The options that fix the rules, as the catalog lists them
    /// (`{"handicap": 3}`): an unknown option, a wrong type or a value out
    /// of range is refused naming the option.
    #[serde(default)]
    pub options: Option<BTreeMap<String, serde_json::Value>>,
    /// Shorthand for `options.handicap` (`agog`).
    #[serde(default)]
    pub handicap: Option<u64>,
    /// Shorthand for `options.seed` (`ogama`: the deal); every game: the
    /// seed of the computer's choices.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Shorthand for `options["at-blocked"]` (`scg`): whether `@` squares
    /// are blocked.
    #[serde(default)]
    pub at_blocked: Option<bool>,
    /// Every seat in order: two for the turn-based games, 2 to 12 for
    /// `scg`.
    pub seats: Vec<SeatSpec>,
    /// Time limits; omitted, there is no deadline.
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    /// A private game: in no public list (the lobby, a player's page); its
    /// open seats are taken with the invite code its creator's view holds.
    #[serde(default)]
    pub private: Option<bool>,
    /// Whether the game is rated (default: yes when no seat is the
    /// computer's and the creator is not a guest; refused with 400 for a
    /// game with a computer seat or a guest).
    #[serde(default)]
    pub rated: Option<bool>,
    /// The ratings (lowest and highest, both included) an account must
    /// have to take an open seat: 403 naming the range otherwise.
    #[serde(default)]
    pub rating_range: Option<[i32; 2]>,
    /// Whether the clock of a player on vacation stands still (default:
    /// yes, in a game with `days_per_move`; `false` makes a game
    /// "without vacation"). Refused for `scg`, whose rounds never stop.
    #[serde(default)]
    pub vacation: Option<bool>,
}

/// Who a new game's seat is for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(untagged, deny_unknown_fields)]
pub enum SeatSpec {
    /// `{"account": "me"}`: the creator; `{"account": "bob"}`: bob is
    /// invited, and the seat is his alone to take (or decline).
    Account {
        /// `me`, or the name of the player invited.
        account: String,
    },
    /// `{"computer": 5}`: the computer at a level 1 to 10.
    Computer {
        /// Its level.
        computer: u8,
    },
    /// `{"open": true}`: open for anyone signed in to take.
    Open {
        /// Always `true`.
        open: bool,
    },
}

/// A game's time limits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    /// Turn-based games: days for each move; a player who runs out loses.
    #[serde(default)]
    pub days_per_move: Option<u32>,
    /// `scg`: hours from a round's announcement to its deadline (default
    /// 72, the rule text's three days).
    #[serde(default)]
    pub round_hours: Option<u32>,
    /// `scg`: close a round as soon as every remaining player has a play
    /// in.
    #[serde(default)]
    pub close_early: Option<bool>,
}

/// Who sits in a seat: a person, a bot, the computer, or nobody yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person with an account.
    Human,
    /// The computer at a level.
    Computer,
    /// Nobody yet: anyone signed in may take it.
    Open,
    /// Nobody yet: kept for the person invited (`name`), who may take it
    /// or decline.
    Invited,
    /// Nobody: the person invited (`name`) declined, and the seat waits
    /// for the game's creator to invite someone else or open it.
    Declined,
    /// A bot account: an outside engine plays it through the API
    /// (`POST /api/me/bot`).
    Bot,
}

/// A seat of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SeatView {
    /// The seat as position strings name it (`w`, `b`, `A`…).
    pub seat: String,
    /// Who sits there (`null` for an open seat; for an invitation, the
    /// person invited).
    pub name: Option<String>,
    /// What sits there.
    pub kind: SeatKind,
    /// The computer's level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// The player's rating in the game's pool (rounded): after the game,
    /// once a rated game is over; else as it is now (1500 for a player
    /// not yet rated). Only for a seat a person or bot holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i32>,
    /// Whether that rating is provisional (its deviation at least 110):
    /// shown with "?".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisional: Option<bool>,
    /// How much the game changed the rating, once a rated game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_change: Option<i32>,
    /// While the player is on vacation: when it ends (RFC 3339). Their
    /// clock stands still meanwhile in a game with `vacation`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vacation_until: Option<String>,
}

/// How the game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct StatusView {
    /// `open` (waiting for players), `ongoing`, `over`, or `aborted` (called
    /// off: nobody won).
    pub state: String,
    /// Who won and why, once it is over.
    #[serde(flatten)]
    pub outcome: Outcome,
}

/// Who won a game and why, as the server's views and the command line's
/// `--json` both say it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Outcome {
    /// The winners' seats, once it is over (none for a draw).
    pub winners: Vec<String>,
    /// How it ended (`resignation`, `timeout`, a rule's word), once over.
    pub reason: Option<String>,
}

impl Outcome {
    /// The outcome `status` tells, the seats named by `label`: nobody and
    /// no reason while the game goes on.
    pub fn of(status: &GameStatus, label: impl Fn(Seat) -> String) -> Outcome {
        match status {
            GameStatus::Ongoing => Outcome::default(),
            GameStatus::Over(o) => {
                Outcome { winners: o.winners.iter().map(label).collect(), reason: Some(o.reason.word().to_string()) }
            }
        }
    }
}

/// The round part of a view, in a game whose players act at once in
/// rounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct RoundsView {
    /// The round being played (or the last, once over).
    pub round: u32,
    /// How many plays are in this round (never whose, nor which).
    pub plays_in: usize,
    /// The caller's own pending play this round.
    pub my_play: Option<String>,
    /// The referee's announcements, one a closed round, oldest first.
    pub announcements: Vec<String>,
}

/// A game as its viewer may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct GameView {
    /// Its id.
    pub id: String,
    /// The game.
    pub game: String,
    /// The edition, for a game that has several.
    pub variant: Option<String>,
    /// The options that fix its rules.
    pub options: BTreeMap<String, serde_json::Value>,
    /// Every seat, in order.
    pub seats: Vec<SeatView>,
    /// The caller's seats.
    pub you: Vec<String>,
    /// Who is to move (`scg`: every player whose play is awaited).
    pub to_move: Vec<String>,
    /// Moves played (`scg`: the round number); a move names the ply it is
    /// for.
    pub ply: u64,
    /// The game's version: one more with every change (a takeback makes
    /// the ply smaller, never the version).
    pub version: i64,
    /// The position string.
    pub position: String,
    /// The board as a screen draws it, with the last move's cells.
    pub board: BoardModel,
    /// The moves so far (`scg`: the closed rounds' plays).
    pub moves: Vec<String>,
    /// How the move list numbers the moves.
    pub numbering: MoveNumbering,
    /// The last move in the canonical long form, to show it on the board
    /// (`scg`: the last closed round's plays).
    pub last_move: Option<String>,
    /// How the game stands.
    pub status: StatusView,
    /// The caller's legal moves (plays) with the clicks that make each,
    /// when the caller is to move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<LegalMove>>,
    /// When the player to move (the round) runs out of time.
    pub deadline: Option<String>,
    /// In a game of rounds: the round, how many plays are in, the
    /// caller's own play, the announcements.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<RoundsView>,
    /// The same as `rounds`, under its name before: sent beside it for
    /// one release, then dropped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(deprecated)]
    pub scg: Option<RoundsView>,
    /// When it was created.
    pub created: String,
    /// When it last changed.
    pub updated: String,
    /// The name of the player who created it (who may call it off before
    /// its first move), if known.
    pub creator: Option<String>,
    /// Whether it is private: in no public list.
    pub private: bool,
    /// A private game's invite code, in its creator's view only: the page
    /// `/games/{id}?invite=<code>` offers an open seat to whoever opens it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
    /// The offers standing (a takeback, a draw, a rematch).
    #[serde(default)]
    pub offers: Vec<crate::notices::OfferView>,
    /// The game an accepted rematch made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<String>,
    /// Whether the game is rated (else casual).
    #[serde(default)]
    pub rated: bool,
    /// The ratings an account must have to take an open seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_range: Option<[i32; 2]>,
    /// The tournament the game is a game of, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<i64>,
    /// Whether a player's vacation stops their clock: a game with a time
    /// per move not made "without vacation" (never `scg`).
    #[serde(default)]
    pub vacation: bool,
    /// A turn-based game's days for each move, if it has a time limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days_per_move: Option<u32>,
}

/// How a move list numbers a game's moves: `per_number` moves share a
/// number (two for the turn-based games, `1. e2-e3 e7-e6`; one round a
/// number for `scg`), and the first move takes slot `start_slot` of its
/// line (1 when the game began with the second player's move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct MoveNumbering {
    /// Moves a number.
    pub per_number: u32,
    /// The slot of the first move in the first line.
    pub start_slot: u32,
}

/// A game in a list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct GameSummary {
    /// Its id.
    pub id: String,
    /// The game.
    pub game: String,
    /// The edition, for a game that has several.
    pub variant: Option<String>,
    /// `open`, `active` or `finished`.
    pub state: String,
    /// Every seat.
    pub seats: Vec<SeatView>,
    /// Who is to move.
    pub to_move: Vec<String>,
    /// Moves played (`scg`: the round).
    pub ply: u64,
    /// How it stands: who won and why, once it is over.
    pub status: StatusView,
    /// When it last changed.
    pub updated: String,
    /// Whether it is private (only its players' and invited players'
    /// lists show it).
    pub private: bool,
    /// Whether the game is rated (else casual).
    #[serde(default)]
    pub rated: bool,
    /// The ratings an account must have to take an open seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_range: Option<[i32; 2]>,
    /// The tournament the game is a game of, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<i64>,
    /// Whether a player's vacation stops their clock: a game with a time
    /// per move not made "without vacation" (never `scg`).
    #[serde(default)]
    pub vacation: bool,
    /// A turn-based game's days for each move, if it has a time limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days_per_move: Option<u32>,
}

/// `POST /api/games/{id}/seats/{seat}/invite`: the player the creator
/// invites to a seat nobody holds (one declined, say).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatInvite {
    /// The player's name (any case).
    pub account: String,
}

/// `POST /api/games/{id}/moves`: a move for the ply it is meant for.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The move in the game's notation (`scg`: the caller's play, `e7`).
    #[serde(rename = "move")]
    pub mv: String,
    /// The ply it is for (`scg`: the round); any other is refused with
    /// 409, so a move sent twice is applied once.
    pub ply: u64,
}

/// `GET /api/games/{id}/history`: every position of a game, to step
/// through it (`scg`: one step a closed round).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct History {
    /// The position the game started from.
    pub start: String,
    /// The board of the start position.
    pub start_board: BoardModel,
    /// Each move (`scg`: round) with the position after it, oldest first.
    pub plies: Vec<HistoryPly>,
}

/// One move of a game's history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct HistoryPly {
    /// The move as the record writes it (`agog`: scorekeeping notation).
    pub record: String,
    /// The move in the canonical long form.
    pub long: String,
    /// The position after it.
    pub position: String,
    /// The board after it, the move's cells marked.
    pub board: BoardModel,
}

/// `POST /api/positions`: a position of any game, and moves to play from
/// it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// `agog`, `sage`, `ogama` or `scg`.
    pub game: String,
    /// The edition, for a game that has several.
    #[serde(default)]
    pub variant: Option<String>,
    /// The options, as the catalog lists them.
    #[serde(default)]
    pub options: Option<BTreeMap<String, serde_json::Value>>,
    /// The position string to start from; omitted, the start position.
    #[serde(default)]
    pub position: Option<String>,
    /// Moves to play from it, in order (`scg`: whole rounds, `A:c3,B:d4`).
    #[serde(default)]
    pub moves: Vec<String>,
}

/// The answer of `POST /api/positions`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PositionView {
    /// The game.
    pub game: String,
    /// The position string after the moves.
    pub position: String,
    /// The board after the moves, the last one's cells marked.
    pub board: BoardModel,
    /// Who is to move (`scg`: every remaining player).
    pub to_move: Vec<String>,
    /// The legal moves with their clicks (`scg`: the plays open to the
    /// players still in).
    pub legal: Vec<LegalMove>,
    /// How the game stands: `ongoing` or `over`.
    pub status: StatusView,
}
