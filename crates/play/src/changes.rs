//! What a move did to the board, read from the diagrams before and after
//! it: the squares it touched (to highlight), and the other side's pieces
//! it captured, turned or covered (to report). Game-agnostic: a capture is
//! an opponent's piece gone from a square the mover did not move onto.

use arbiter_core::{Diagram, Seat, SquareContent};
use arbiter_games::AnyGame;

/// Something a move did to another side's piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A piece of `owner` on `square` is gone.
    Captured {
        /// The square.
        square: String,
        /// Whose piece it was.
        owner: Seat,
    },
    /// A piece of `owner` on `square` now belongs to the mover (an
    /// a corruption).
    Turned {
        /// The square.
        square: String,
        /// Whose piece it was.
        owner: Seat,
    },
    /// The mover's piece now tops a stack of `owner` on `square` (a stacking game's
    /// capture: the disc stays, counted for the mover).
    Covered {
        /// The square.
        square: String,
        /// Whose stack it was.
        owner: Seat,
    },
}

/// The squares a move changed and what it did to other sides' pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardChanges {
    /// The squares drawn differently after the move.
    pub squares: Vec<String>,
    /// What it did to the other sides' pieces, square by square.
    pub changes: Vec<Change>,
}

fn count(content: &SquareContent, seat: Seat) -> usize {
    content.iter().filter(|(owner, _)| *owner == Some(seat)).count()
}

fn top(content: &SquareContent) -> Option<Seat> {
    content.iter().rev().find_map(|(owner, _)| *owner)
}

/// What `mover`'s move from `before` to `after` changed.
pub fn board_changes(before: &AnyGame, after: &AnyGame, mover: Seat) -> BoardChanges {
    between(&before.board_diagram(), &after.board_diagram(), mover)
}

/// What changed from diagram `before` to `after`, `mover` having moved.
pub fn between(before: &Diagram, after: &Diagram, mover: Seat) -> BoardChanges {
    let squares = before.changed_squares(after);
    let (was, now) = (before.squares(), after.squares());
    let empty = SquareContent::new();
    let mut changes = Vec::new();
    for square in &squares {
        let (b, a) = (was.get(square.as_str()).unwrap_or(&empty), now.get(square.as_str()).unwrap_or(&empty));
        let others = b.iter().filter_map(|(owner, _)| *owner).filter(|&o| o != mover);
        let mut owners: Vec<Seat> = others.collect();
        owners.dedup();
        for owner in owners {
            let square = square.clone();
            let gained = count(a, mover) > count(b, mover);
            if count(a, owner) < count(b, owner) {
                changes.push(if gained {
                    Change::Turned { square, owner }
                } else {
                    Change::Captured { square, owner }
                });
            } else if gained && top(b) == Some(owner) && top(a) == Some(mover) {
                changes.push(Change::Covered { square, owner });
            }
        }
    }
    BoardChanges { squares, changes }
}

/// The changes in words, for a move's report: `captures d3 and e4`,
/// `turns c5 (now White's)`, `covers Blue on c3`; empty when the move
/// only moved.
pub fn describe(changes: &[Change], name: impl Fn(Seat) -> String) -> String {
    let list = |items: Vec<String>| match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
    };
    let (mut captured, mut turned, mut covered) = (Vec::new(), Vec::new(), Vec::new());
    for change in changes {
        match change {
            Change::Captured { square, .. } => captured.push(square.clone()),
            Change::Turned { square, .. } => turned.push(square.clone()),
            Change::Covered { square, owner } => covered.push(format!("{} on {square}", name(*owner))),
        }
    }
    let (captured, turned, covered) = (list(captured), list(turned), list(covered));
    let mut parts = Vec::new();
    if !captured.is_empty() {
        parts.push(format!("captures {captured}"));
    }
    if !turned.is_empty() {
        parts.push(format!("turns {turned} to its side"));
    }
    if !covered.is_empty() {
        parts.push(format!("covers {covered}"));
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::GameOptions;
    use arbiter_games::GameId;

    fn after(game: GameId, options: &GameOptions, position: &str, moves: &[&str]) -> (AnyGame, AnyGame, Seat) {
        let mut p = game.start(options, Some(position)).unwrap();
        let mut before = p.clone();
        let mut mover = Seat(0);
        for text in moves {
            before = p.clone();
            mover = p.side_to_move().unwrap();
            let mv = p.parse_move(text).unwrap();
            p = p.play(&mv).unwrap();
        }
        (before, p, mover)
    }

    fn words(game: GameId, position: &str, moves: &[&str]) -> (Vec<String>, String) {
        let (before, now, mover) = after(game, &GameOptions::new(), position, moves);
        let c = board_changes(&before, &now, mover);
        (c.squares, describe(&c.changes, |s| now.seat_name(s)))
    }

    #[test]
    fn a_quiet_move_changes_two_squares_and_captures_nothing() {
        let start = GameId::Agog.start(&GameOptions::new(), None).unwrap().position_string();
        let (squares, said) = words(GameId::Agog, &start, &["e2-e3"]);
        assert_eq!(squares, ["e2", "e3"]);
        assert_eq!(said, "");
    }

    #[test]
    fn a_sage_tafl_capture_is_reported_by_its_square() {
        // Red's apprentice steps g9-h9 and Black's skyship on h8, between
        // it and the apprentice on h7, is captured.
        let position = "4saa1/1aa3aK/1a5a/aA3k2/4S3/1AK5/1A6/A1k2AA1/5AA1 r -- 0-0";
        let (squares, said) = words(GameId::Sage, position, &["g9-h9"]);
        assert_eq!(squares, ["g9", "h8", "h9"]);
        assert_eq!(said, "captures h8");
    }

    #[test]
    fn an_agog_jump_captures_the_unit_jumped() {
        let position = "2gggggj/2g1gggg/G3gggg/G1G2ggg/GG1G3g/GGG1Gg1g/GGGGG3/JGGGGG2 w 0 0";
        let (squares, said) = words(GameId::Agog, position, &["e3xg3"]);
        assert_eq!(squares, ["e3", "f3", "g3"]);
        assert_eq!(said, "captures f3");
    }

    #[test]
    fn an_ogama_disc_on_an_opponent_stack_covers_it() {
        let tower = "b,.,.,.,o*/.,.,bbbbb,.,./.,.,o,.,./.,.,.,.,./oooo,oooo,oo,bbb*,bbb o";
        let (squares, said) = words(GameId::Ogama, tower, &["c3-c4"]);
        assert_eq!(squares, ["c3", "c4"]);
        assert_eq!(said, "covers Blue on c4");
    }
}
