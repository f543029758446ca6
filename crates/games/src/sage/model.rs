//! The board model of a Sage Tafl position, and a move as clicks.

use arbiter_core::{
    BoardChange, BoardModel, Cell, Clicks, Name, NameTable, Piece, Side, Spot, char_name, place_words,
    turn_or_result_note,
};

use super::Sage;
use super::board::{Color, FILES, Kind, RANKS, RIVER_RANK, Square, WINNING_SCORE, square_name};
use super::moves::SageMove;

/// Every square's name, by square.
static SQUARE_NAMES: NameTable = NameTable::new(|| (0..FILES * RANKS).map(square_name).collect());

/// What a screen reader says of each empty square (its name and zone), by
/// square.
static SQUARE_WORDS: NameTable = NameTable::new(|| {
    (0..FILES * RANKS)
        .map(|sq| match zone(sq / FILES) {
            Some(zone) => format!("{}, {zone}", square_name(sq)),
            None => square_name(sq),
        })
        .collect()
});

/// What a screen reader says of each square with one piece on it, by
/// square, then colour, then kind ([`occupied_words`]).
static OCCUPIED_WORDS: NameTable = NameTable::new(|| {
    let mut words = Vec::new();
    for sq in 0..FILES * RANKS {
        for color in [Color::Black, Color::Red] {
            for kind in [Kind::Sage, Kind::Apprentice, Kind::Skyship] {
                let piece = [Sage::piece(color, kind)];
                words.push(place_words(SQUARE_WORDS.str(usize::from(sq)), &piece, seat_name).into_owned());
            }
        }
    }
    words
});

/// The words of square `sq` with the piece of `color` and `kind` on it.
fn occupied_words(sq: Square, color: Color, kind: Kind) -> Name {
    OCCUPIED_WORDS.get((usize::from(sq) * 2 + color.index()) * 3 + kind.index())
}

/// Every square in the model's order: rank 9 first, each rank from file
/// a.
fn board_order() -> impl Iterator<Item = Square> {
    (0..RANKS).rev().flat_map(|rank| (0..FILES).map(move |file| rank * FILES + file))
}

/// The name of square `sq`, lent.
fn square(sq: Square) -> Name {
    SQUARE_NAMES.get(usize::from(sq))
}

/// The zone of rank `rank`: the river, a bank, or none.
fn zone(rank: Square) -> Option<&'static str> {
    match rank {
        RIVER_RANK => Some("river"),
        r if r + 1 == RIVER_RANK || r == RIVER_RANK + 1 => Some("bank"),
        _ => None,
    }
}

/// A colour's seat label (`b`, `r`).
fn label(color: Color) -> &'static str {
    if color == Color::Black { "b" } else { "r" }
}

/// A seat label's name for people.
fn seat_name(label: &str) -> &'static str {
    if label == "b" { "Black" } else { "Red" }
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
pub(crate) fn tower(color: Color) -> &'static str {
    if color == Color::Black { "tower-b" } else { "tower-r" }
}

impl Sage {
    /// The piece of `color` and `kind`: Black's labels upper case, Red's
    /// lower case, as in position strings.
    fn piece(color: Color, kind: Kind) -> Piece {
        let letter = if color == Color::Black { kind.letter() } else { kind.letter().to_ascii_lowercase() };
        Piece::new(Some(label(color).into()), kind_name(kind), char_name(letter))
    }

    /// The board as a screen draws it: rank 9 at the top, the river on
    /// rank 5 between its banks, each tower between the two ranks it
    /// stands among, the river's ends beside it.
    pub(crate) fn model(&self) -> BoardModel {
        let columns = (0..FILES).map(|f| char_name((b'a' + f) as char)).collect();
        let rows = (1..=RANKS).rev().map(|r| char_name((b'0' + r) as char)).collect();
        let mut b = BoardModel::grid(columns, rows, true);
        b.cells = board_order().map(|sq| self.cell(sq)).collect();
        b.spots = self.spots();
        b.notes = self.notes();
        b
    }

    /// What changed on the board from `before` to this position, with
    /// `steps` marked as the last move: the squares whose piece differs,
    /// the towers, the notes (as [`BoardModel::changes_since`] tells it
    /// of the two models, without drawing them).
    pub(crate) fn change_from(&self, before: &Sage, steps: &[Name]) -> BoardChange {
        let cells = board_order()
            .filter(|&sq| self.piece_at(sq) != before.piece_at(sq))
            .map(|sq| self.cell(sq).as_change())
            .collect();
        BoardChange::on_grid(cells, &self.spots(), &before.spots(), steps, &SQUARE_NAMES, self.notes())
    }

    /// Square `sq` as a screen draws it: its words say its zone and piece.
    fn cell(&self, sq: Square) -> Cell {
        let (words, stack) = match self.piece_at(sq) {
            Some((c, k)) => (occupied_words(sq, c, k), vec![Sage::piece(c, k)]),
            None => (SQUARE_WORDS.get(usize::from(sq)), Vec::new()),
        };
        Cell { name: square(sq), zone: zone(sq / FILES).map(Name::from), zone_owner: None, words, stack }
    }

    /// The places off the grid: each tower (with its Sage when she is
    /// home) and the river's two ends.
    fn spots(&self) -> Vec<Spot> {
        let mut spots = Vec::with_capacity(4);
        for (color, anchor) in [(Color::Red, ["d9", "e8"]), (Color::Black, ["d2", "e1"])] {
            let home = self.in_tower(color);
            let words = match (color, home) {
                (Color::Black, true) => "Black's tower, the Sage is in it",
                (Color::Black, false) => "Black's tower, empty",
                (Color::Red, true) => "Red's tower, the Sage is in it",
                (Color::Red, false) => "Red's tower, empty",
            };
            spots.push(Spot {
                name: tower(color).into(),
                zone: "tower".into(),
                owner: Some(label(color).into()),
                words: words.into(),
                anchor: anchor.iter().map(|&s| Name::from(s)).collect(),
                side: Side::Over,
                stack: if home { vec![Sage::piece(color, Kind::Sage)] } else { Vec::new() },
            });
        }
        for (name, cell, side, words) in
            [("W", "a5", Side::West, "past the river's west end"), ("E", "h5", Side::East, "past the river's east end")]
        {
            spots.push(Spot {
                name: name.into(),
                zone: "river-end".into(),
                owner: None,
                words: words.into(),
                anchor: vec![Name::from(cell)],
                side,
                stack: Vec::new(),
            });
        }
        spots
    }

    /// What the board does not show: who is to move, the score, where
    /// each Sage is.
    fn notes(&self) -> Vec<String> {
        vec![
            turn_or_result_note(self, self.side.name()),
            format!(
                "Score: Black {}, Red {} ({WINNING_SCORE} to win).",
                self.score(Color::Black),
                self.score(Color::Red)
            ),
            self.sage_line(Color::Black),
            self.sage_line(Color::Red),
        ]
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
            SageMove::Step(from, to) => vec![square(from), square(to)],
            SageMove::Tower(to) => vec![tower(self.side).into(), square(to)],
            SageMove::Escape(from, end) => vec![square(from), char_name(end.letter())],
            SageMove::Pass => Vec::new(),
        };
        Clicks::new(steps, if matches!(mv, SageMove::Pass) { "pass" } else { "move" })
    }
}
