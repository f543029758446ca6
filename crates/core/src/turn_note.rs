//! The note a board model opens with: who is to move, or, once the game
//! is over, how it ended — so that no board of a finished game (or a
//! finished example) still names a side to move.

use crate::game::Game;
use crate::seat::Seat;
use crate::status::{EndReason, GameStatus, Outcome};

/// How the note of the side to move ends; [`ended_notes`] finds it by it.
const TURN_NOTE_END: &str = " to move.";

/// The note that `side` is to move: `White to move.`
pub fn turn_note(side: &str) -> String {
    format!("{side}{TURN_NOTE_END}")
}

/// The note a board of `position` opens with: `side` to move, or how the
/// position ended the game, its seats named as the game names them.
pub fn turn_or_result_note<G: Game>(position: &G, side: &str) -> String {
    match position.status() {
        GameStatus::Ongoing => turn_note(side),
        GameStatus::Over(outcome) => result_note(&outcome, |seat| seat_name::<G>(seat)),
    }
}

/// A seat's name as `G` gives it (`White`), else its number.
fn seat_name<G: Game>(seat: Seat) -> String {
    G::INFO.seat(seat).map_or_else(|| format!("seat {}", seat.0 + 1), |s| s.name.to_string())
}

/// The note of how a game ended, `name` naming its seats: `Orange wins
/// with a tower.`, `A draw after two passes.`, `Called off.`
pub fn result_note(outcome: &Outcome, name: impl Fn(Seat) -> String) -> String {
    let how = reason_phrase(outcome.reason);
    if outcome.reason == EndReason::Aborted {
        return "Called off.".into();
    }
    let winners: Vec<String> = outcome.winners.iter().map(name).collect();
    match winners.as_slice() {
        [] if outcome.is_draw() => format!("A draw {how}."),
        [] => format!("Over: won {how}."),
        [one] => format!("{one} wins {how}."),
        [rest @ .., last] => format!("{} and {last} share the win {how}.", rest.join(", ")),
    }
}

/// How `reason` ended a game, as words that follow "wins" or "a draw":
/// `by resignation`, `with a tower`, `on time`.
pub const fn reason_phrase(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Capture => "by capturing a journeyman",
        EndReason::Sanctum => "by reaching the sanctum",
        EndReason::Immobilization => "by immobilization",
        EndReason::Score => "on points",
        EndReason::Passes => "after two passes",
        EndReason::Tower => "with a tower",
        EndReason::NoSingles => "by the no-singles rule",
        EndReason::Repetition => "by repetition",
        EndReason::LastStanding => "as the last player standing",
        EndReason::MostLetters => "with the most letters",
        EndReason::Resignation => "by resignation",
        EndReason::Timeout => "on time",
        EndReason::MoveLimit => "at the move limit",
        EndReason::Stalled => "as the grid stopped changing",
        EndReason::Stopped => "at the round limit",
        EndReason::Aborted => "when called off",
        EndReason::Agreement => "by agreement",
    }
}

/// `notes` with the note of the side to move replaced by `result` (put
/// first where none says who is to move): the board of a game that ended
/// off the board (a resignation, the time, a repetition) says so.
pub fn ended_notes(notes: &mut Vec<String>, result: String) {
    if let Some(turn) = notes.iter_mut().find(|n| n.ends_with(TURN_NOTE_END)) {
        *turn = result;
    } else if notes.first() != Some(&result) {
        notes.insert(0, result);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::SeatSet;

    fn colour(seat: Seat) -> String {
        ["White", "Black", "Green"][usize::from(seat.0)].to_string()
    }

    #[test]
    fn a_result_is_said_in_words() {
        assert_eq!(result_note(&Outcome::win(Seat(1), EndReason::Resignation), colour), "Black wins by resignation.");
        assert_eq!(result_note(&Outcome::draw(EndReason::Passes), colour), "A draw after two passes.");
        assert_eq!(result_note(&Outcome::aborted(), colour), "Called off.");
        let shared =
            Outcome { winners: SeatSet::only(Seat(0)).with(Seat(1)).with(Seat(2)), reason: EndReason::MostLetters };
        assert_eq!(result_note(&shared, colour), "White, Black and Green share the win with the most letters.");
        for reason in EndReason::ALL {
            assert!(!reason_phrase(reason).is_empty(), "{reason}");
        }
    }

    #[test]
    fn the_turn_note_gives_way_to_the_result_once() {
        let mut notes = vec![turn_note("Black"), "Pools: White 3, Black 4.".to_string()];
        ended_notes(&mut notes, "White wins by resignation.".into());
        assert_eq!(notes, ["White wins by resignation.", "Pools: White 3, Black 4."]);
        ended_notes(&mut notes, "White wins by resignation.".into());
        assert_eq!(notes.len(), 2, "told once");
        let mut bare = vec!["Round 3.".to_string()];
        ended_notes(&mut bare, "A wins as the last player standing.".into());
        assert_eq!(bare, ["A wins as the last player standing.", "Round 3."]);
    }
}
