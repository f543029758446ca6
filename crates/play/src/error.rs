//! Why a change to a game was refused.

use arbiter_core::{MoveError, OptionError, SetupError};
use thiserror::Error;

use crate::record::RecordError;

/// A move, play, resignation or round closing that may not be made, or a
/// game that cannot be set up. Every message names the offending token.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The move (play) is malformed or illegal.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The game could not be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The game's record does not replay.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The game is over.
    #[error("'{token}': the game is over")]
    GameOver {
        /// What was tried.
        token: String,
    },
    /// Not this seat's turn.
    #[error("'{token}': it is {to_move}'s turn, not {seat}'s")]
    NotYourTurn {
        /// The move tried.
        token: String,
        /// Who tried it.
        seat: String,
        /// Whose turn it is.
        to_move: String,
    },
    /// The player has left the game.
    #[error("'{token}': {who} is no longer in the game")]
    SeatLeft {
        /// The play tried.
        token: String,
        /// Who.
        who: String,
    },
    /// The computer plays this seat: nobody sends plays for it.
    #[error("'{token}': {who} is played by the computer, which sends its own plays")]
    ComputerSeat {
        /// The play tried.
        token: String,
        /// Whose seat.
        who: String,
    },
    /// No player has this letter or name.
    #[error("'{token}': no such player; the players are {players}")]
    NoSuchPlayer {
        /// The letter or name given.
        token: String,
        /// Every player.
        players: String,
    },
    /// The round's deadline has passed: no more plays.
    #[error("'{token}': round {round} closed for plays at its deadline, {deadline}")]
    DeadlinePassed {
        /// The play tried.
        token: String,
        /// The round.
        round: u32,
        /// Its deadline, for people.
        deadline: String,
    },
    /// The round may not be closed yet.
    #[error("'close': round {round} is open until {deadline} ({left} from now)")]
    RoundOpen {
        /// The round.
        round: u32,
        /// Its deadline, for people.
        deadline: String,
        /// The time left, in words.
        left: String,
    },
    /// A round without a deadline may not be closed before every play is
    /// in (unless forced).
    #[error("'close': round {round} waits for {waiting} more play(s)")]
    PlaysAwaited {
        /// The round.
        round: u32,
        /// How many players still in the game have no play in.
        waiting: usize,
    },
    /// The game has no resigning: its players leave another way.
    #[error("'resign': {reason}")]
    NoResigning {
        /// How a player leaves instead.
        reason: String,
    },
    /// The seats do not fit the game (names, count, a computer's level).
    #[error("'{token}': {reason}")]
    Seats {
        /// The offending name or count.
        token: String,
        /// What is wrong.
        reason: String,
    },
}

impl From<OptionError> for PlayError {
    fn from(e: OptionError) -> PlayError {
        PlayError::Setup(e.into())
    }
}

impl PlayError {
    /// The code of the game's rule a refused move breaks
    /// (`<game>.<topic>.<rule>`), for an illegal move.
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            PlayError::Move(e) => e.rule(),
            _ => None,
        }
    }

    /// A seats error about `token`.
    pub fn seats(token: impl Into<String>, reason: impl Into<String>) -> PlayError {
        PlayError::Seats { token: token.into(), reason: reason.into() }
    }
}
