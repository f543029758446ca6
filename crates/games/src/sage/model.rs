//! The board model of a Sage Tafl position, and a move as clicks.

use arbiter_core::{BoardModel, Cell, Clicks, Piece, Side, Spot, stack_words};

use super::Sage;
use super::board::{Color, FILES, Kind, RANKS, RIVER_RANK, WINNING_SCORE, square_name};
use super::moves::SageMove;

/// A colour's seat label (`b`, `r`).
fn label(color: Color) -> String {
    if color == Color::Black { "b".into() } else { "r".into() }
}

/// A seat label's name for people.
fn seat_name(label: &str) -> String {
    if label == "b" { "Black".into() } else { "Red".into() }
}

/// A kind's name in the catalog.
pub(crate) fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Sage => "sage",
        Kind::Apprentice => "apprentice",
        Kind::Skyship => "skyship",
    }
}

/// The spot of `color`'s tower.
pub(crate) fn tower(color: Color) -> String {
    format!("tower-{}", label(color))
}

impl Sage {
    /// The piece of `color` and `kind`: Black's labels upper case, Red's
    /// lower case, as in position strings.
    fn piece(color: Color, kind: Kind) -> Piece {
        let letter = if color == Color::Black { kind.letter() } else { kind.letter().to_ascii_lowercase() };
        Piece::new(Some(label(color)), kind_name(kind), letter.to_string())
    }

    /// The board as a screen draws it: rank 9 at the top, the river on
    /// rank 5 between its banks, each tower between the two ranks it
    /// stands among, the river's ends beside it.
    pub(crate) fn model(&self) -> BoardModel {
        let columns = (0..FILES).map(|f| ((b'a' + f) as char).to_string()).collect();
        let rows = (1..=RANKS).rev().map(|r| r.to_string()).collect();
        let mut b = BoardModel::grid(columns, rows, true);
        for rank in (0..RANKS).rev() {
            for file in 0..FILES {
                let sq = rank * FILES + file;
                let name = square_name(sq);
                let zone = match rank {
                    RIVER_RANK => Some("river"),
                    r if r + 1 == RIVER_RANK || r == RIVER_RANK + 1 => Some("bank"),
                    _ => None,
                };
                let stack: Vec<Piece> = self.piece_at(sq).map(|(c, k)| Sage::piece(c, k)).into_iter().collect();
                let mut words = name.clone();
                if let Some(zone) = zone {
                    words.push_str(&format!(", {zone}"));
                }
                if !stack.is_empty() {
                    words.push_str(&format!(", {}", stack_words(&stack, seat_name)));
                }
                b.cells.push(Cell { name, zone: zone.map(String::from), zone_owner: None, words, stack });
            }
        }
        for (color, anchor) in [(Color::Red, ["d9", "e8"]), (Color::Black, ["d2", "e1"])] {
            let home = self.in_tower(color);
            b.spots.push(Spot {
                name: tower(color),
                zone: "tower".into(),
                owner: Some(label(color)),
                words: format!("{}'s tower, {}", color.name(), if home { "the Sage is in it" } else { "empty" }),
                anchor: anchor.iter().map(|s| s.to_string()).collect(),
                side: Side::Over,
                stack: if home { vec![Sage::piece(color, Kind::Sage)] } else { Vec::new() },
            });
        }
        for (name, cell, side, words) in
            [("W", "a5", Side::West, "past the river's west end"), ("E", "h5", Side::East, "past the river's east end")]
        {
            b.spots.push(Spot {
                name: name.into(),
                zone: "river-end".into(),
                owner: None,
                words: words.into(),
                anchor: vec![cell.into()],
                side,
                stack: Vec::new(),
            });
        }
        b.notes.push(format!("{} to move.", self.side.name()));
        b.notes.push(format!(
            "Score: Black {}, Red {} ({WINNING_SCORE} to win).",
            self.score(Color::Black),
            self.score(Color::Red)
        ));
        b.notes.push(self.sage_line(Color::Black));
        b.notes.push(self.sage_line(Color::Red));
        b
    }

    /// Where the Sage of `color` is, for a note.
    pub(crate) fn sage_line(&self, color: Color) -> String {
        let place = match self.sage_square(color) {
            Some(sq) => format!("on {}", square_name(sq)),
            None if self.in_tower(color) => "in her tower".to_string(),
            None => "off the board".to_string(),
        };
        format!("{}'s Sage: {place}.", color.name())
    }

    /// The squares (and tower or river end) of `mv`; no two moves share
    /// them.
    pub(crate) fn move_clicks(&self, mv: &SageMove) -> Clicks {
        let steps = match *mv {
            SageMove::Step(from, to) => vec![square_name(from), square_name(to)],
            SageMove::Tower(to) => vec![tower(self.side), square_name(to)],
            SageMove::Escape(from, end) => vec![square_name(from), end.letter().to_string()],
            SageMove::Pass => Vec::new(),
        };
        Clicks::new(steps, if matches!(mv, SageMove::Pass) { "pass" } else { "move" })
    }
}
