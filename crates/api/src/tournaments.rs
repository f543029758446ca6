//! Tournaments: creating one, joining and leaving it, and what anyone may
//! see of it (players, rounds with their pairings and games, standings).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `POST /api/tournaments`: a tournament to create.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    /// Its name (1 to 80 characters).
    pub name: String,
    /// The game, as the catalog names it (`agog`, `sage`, `ogama`,
    /// `scg`).
    pub game: String,
    /// The edition or variant, if not the game's default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// The game's options, as `POST /api/games` takes them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<serde_json::Map<String, serde_json::Value>>,
    /// `round_robin`, `double_round_robin`, `swiss` or `scg_tables`.
    pub kind: String,
    /// A Swiss: its number of rounds (1 to 20). Other kinds: none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// Days each player has for a move (1 to 365); in Single Capture Go,
    /// a round's hours are 24 times this.
    pub days_per_move: u32,
    /// Whether its games are rated.
    pub rated: bool,
    /// The most players who may join (round robins: 3 to 12, the default
    /// 12; a Swiss: 2 to 1,000, the default 64; Single Capture Go tables:
    /// 3 to 1,000, the default 48).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_players: Option<u32>,
    /// When it starts (RFC 3339, within a year): by itself if it has
    /// enough players then, else it is called off.
    pub starts_at: String,
    /// Whether players' vacations stop its clocks (default true).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vacation: Option<bool>,
}

/// A tournament in a list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TournamentSummary {
    /// Its id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// The game.
    pub game: String,
    /// The edition or variant, if not the game's default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// `round_robin`, `double_round_robin`, `swiss` or `scg_tables`.
    pub kind: String,
    /// `upcoming`, `running` or `finished`.
    pub state: String,
    /// Who created it.
    pub organiser: String,
    /// How many players are in it.
    pub player_count: u32,
    /// The most who may join.
    pub max_players: u32,
    /// Its rounds: as set for a Swiss; for other kinds, known once it
    /// starts (0 before).
    pub rounds_planned: u32,
    /// The rounds started so far.
    pub round: u32,
    /// Days per move.
    pub days_per_move: u32,
    /// Whether its games are rated.
    pub rated: bool,
    /// Whether players' vacations stop its clocks.
    pub vacation: bool,
    /// When it starts (or started), RFC 3339.
    pub starts_at: String,
    /// When it ended, once finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<String>,
    /// Why it ended without being played (too few players at the start).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub called_off: Option<String>,
}

/// A tournament as anyone may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TournamentView {
    /// Its id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// The game.
    pub game: String,
    /// The edition or variant, if not the game's default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// The game's options beyond the variant, as given at creation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<serde_json::Map<String, serde_json::Value>>,
    /// `round_robin`, `double_round_robin`, `swiss` or `scg_tables`.
    pub kind: String,
    /// `upcoming`, `running` or `finished`.
    pub state: String,
    /// Who created it.
    pub organiser: String,
    /// The most who may join.
    pub max_players: u32,
    /// Its rounds: as set for a Swiss; for other kinds, known once it
    /// starts (0 before).
    pub rounds_planned: u32,
    /// The rounds started so far.
    pub round: u32,
    /// Days per move.
    pub days_per_move: u32,
    /// Whether its games are rated.
    pub rated: bool,
    /// Whether players' vacations stop its clocks.
    pub vacation: bool,
    /// When it starts (or started), RFC 3339.
    pub starts_at: String,
    /// When it ended, once finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<String>,
    /// Why it ended without being played (too few players at the start).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub called_off: Option<String>,
    /// Its players, in the order they joined.
    pub players: Vec<TournamentPlayer>,
    /// Its rounds, the first first.
    pub rounds: Vec<TournamentRound>,
    /// The players by rank, first place first (names).
    pub standings: Vec<String>,
    /// Whether the caller is in it (false when signed out).
    pub joined: bool,
    /// What the caller may do now: `join`, `leave` (before the start),
    /// `withdraw` (after), `start` and `remove` (the organiser's).
    pub may: Vec<String>,
}

/// One player of a tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TournamentPlayer {
    /// Their name.
    pub name: String,
    /// Their rating in the tournament's game and edition now, rounded;
    /// none without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<f64>,
    /// Their rank from 1 (tied players share one).
    pub rank: u32,
    /// Their score in points (a win 1, a draw ½, a pairing bye 1, a
    /// late joiner's bye ½; a Single Capture Go table: the share of the
    /// table's point their finishing place earns).
    pub score: f64,
    /// The tiebreaks, in the order they count.
    pub tiebreaks: Tiebreaks,
    /// Whether they withdrew, left, were removed, or lost two games on
    /// time: never paired again.
    pub withdrawn: bool,
}

/// A player's tiebreaks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Tiebreaks {
    /// Sonneborn–Berger: the scores of the opponents beaten, plus half
    /// those of the opponents drawn.
    pub sonneborn_berger: f64,
    /// Buchholz: the opponents' scores added up.
    pub buchholz: f64,
    /// Points in the games among the players tied with them.
    pub head_to_head: f64,
}

/// One round of a tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TournamentRound {
    /// Its number, from 1.
    pub number: u32,
    /// `running` while a game of it is, else `finished`.
    pub state: String,
    /// Its games, board 1 first.
    pub pairings: Vec<Pairing>,
    /// The players without a game this round.
    pub byes: Vec<Bye>,
}

/// A game of a round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Pairing {
    /// The players, in seat order (the first seat first).
    pub seats: Vec<String>,
    /// The game's id.
    pub game: String,
    /// Once it is over: `1-0`, `0-1`, `½-½`, `0-0` (called off); a Single
    /// Capture Go table: each seat's place, `1 2 2 4`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// Once it is over: each seat's points from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<Vec<f64>>,
}

/// A player without a game in a round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Bye {
    /// The player.
    pub name: String,
    /// What it is worth: 1 (the pairing's bye), ½ (joined late), 0 (a
    /// round robin's round off).
    pub points: f64,
}
