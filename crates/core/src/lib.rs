//! Vocabulary shared by every Arbiter game.
//!
//! A game is a position type implementing [`Game`] (typed, allocation-free in
//! search) and [`Notation`] (text in, text out). Simultaneous games, where
//! every remaining player acts in the same round, implement
//! [`SimultaneousGame`] instead of pretending to take turns. Each game
//! declares itself in a [`GameInfo`]: its seats, variants and options.
//!
//! Nothing here does I/O: the command line, the AI and the server build on
//! these traits.

mod board;
mod diagram;
mod error;
mod game;
mod info;
mod options;
mod playout;
mod round;
mod seat;
mod shared_log;
mod simultaneous;
mod status;
mod telling;
mod turn_note;
mod zobrist;

pub mod conformance;

pub use board::{
    BoardChange, BoardModel, Cell, Clicks, LegalMove, Name, NameTable, Piece, PlaceChange, Side, Spot, UnknownPlace,
    char_name, legal_entries, place_words, push_stack_words, stack_words, write_legal_json,
};
pub use diagram::{Diagram, Mark, SquareContent};
pub use error::{MoveError, OptionError, PositionError, SetupError};
pub use game::{Game, Notation};
pub use info::{
    Agreements, ChoiceInfo, GameInfo, PieceInfo, PlayersInfo, RecordSyntax, RefusalExample, RefusalInfo, SCORE_TOKENS,
    SeatInfo, VariantInfo,
};
pub use options::{DefaultValue, GameOptions, OptionKind, OptionSpec, OptionValue};
pub use playout::{perft, perft_divide, random_playout};
pub use round::{MAX_SEATS, Round};
pub use seat::{Seat, SeatSet};
pub use shared_log::SharedLog;
pub use simultaneous::{SimultaneousGame, SimultaneousNotation};
pub use status::{EndReason, GameStatus, Outcome};
pub use telling::{RoundTelling, people_list};
pub use turn_note::{ended_notes, reason_phrase, result_note, turn_note, turn_or_result_note};
pub use zobrist::{splitmix64, zobrist_keys};
