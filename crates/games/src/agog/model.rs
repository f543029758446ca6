//! The board model of an A•G•O•G position, and a move as clicks.

use arbiter_core::{
    BoardChange, BoardModel, Cell, Clicks, Name, NameTable, Piece, Side, Spot, char_name, place_words,
    turn_or_result_note,
};

use super::Agog;
use super::board::{Color, KINDS, Kind, Square, square_name};
use super::moves::AgogMove;

/// Every square's name, by square.
static SQUARE_NAMES: NameTable = NameTable::new(|| (0..64).map(square_name).collect());

/// What a screen reader says of each empty square (its name, and whose
/// sanctum it is), by square.
static SQUARE_WORDS: NameTable = NameTable::new(|| {
    (0..64)
        .map(|sq| match sanctum_of(sq) {
            Some(owner) => format!("{}, {}'s sanctum", square_name(sq), owner.name()),
            None => square_name(sq),
        })
        .collect()
});

/// What a screen reader says of each square with a unit on it, by square,
/// then colour, then kind ([`occupied_words`]).
static OCCUPIED_WORDS: NameTable = NameTable::new(|| {
    let mut words = Vec::new();
    for sq in 0..64u8 {
        for color in [Color::White, Color::Black] {
            for kind in KINDS {
                let piece = [Piece::new(Some(label(color).into()), kind_name(kind), "")];
                words.push(place_words(SQUARE_WORDS.str(usize::from(sq)), &piece, seat_name).into_owned());
            }
        }
    }
    words
});

/// The words of square `sq` with the unit of `color` and `kind` on it.
fn occupied_words(sq: Square, color: Color, kind: Kind) -> Name {
    OCCUPIED_WORDS.get((usize::from(sq) * 2 + color.index()) * KINDS.len() + kind.index())
}

/// Every square in the model's order: rank 8 first, each rank from file
/// a.
fn board_order() -> impl Iterator<Item = Square> {
    (0..8u8).rev().flat_map(|rank| (0..8u8).map(move |file| rank * 8 + file))
}

/// The name of square `sq`, lent.
fn square(sq: Square) -> Name {
    SQUARE_NAMES.get(usize::from(sq))
}

/// The side whose sanctum `sq` is, if it is one.
fn sanctum_of(sq: Square) -> Option<Color> {
    [Color::White, Color::Black].into_iter().find(|c| c.home_sanctum() == sq)
}

/// A colour's seat label (`w`, `b`).
fn label(color: Color) -> &'static str {
    if color == Color::White { "w" } else { "b" }
}

/// A seat label's name for people.
fn seat_name(label: &str) -> &'static str {
    if label == "w" { "White" } else { "Black" }
}

/// A kind's name in the catalog.
pub(crate) fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Journeyman => "journeyman",
        Kind::Golem => "golem",
        Kind::Hulk => "hulk",
        Kind::CorruptGolem => "corrupted-golem",
        Kind::CorruptHulk => "corrupted-hulk",
    }
}

impl Agog {
    /// The piece of `color` and `kind`: White's labels upper case, Black's
    /// lower case, as in position strings.
    fn piece(&self, color: Color, kind: Kind) -> Piece {
        let letter = self.unit_letter(kind);
        let letter = if color == Color::White { letter } else { letter.to_ascii_lowercase() };
        Piece::new(Some(label(color).into()), kind_name(kind), char_name(letter))
    }

    /// The board as a screen draws it: rank 8 at the top, the sanctums a1
    /// and h8, each side's pool of golems off the board beside it.
    pub(crate) fn model(&self) -> BoardModel {
        let columns = (b'a'..=b'h').map(|f| char_name(f as char)).collect();
        let rows = (b'1'..=b'8').rev().map(|r| char_name(r as char)).collect();
        let mut b = BoardModel::grid(columns, rows, true);
        b.cells = board_order().map(|sq| self.cell(sq)).collect();
        b.spots = self.spots();
        b.notes = self.notes();
        b
    }

    /// What changed on the board from `before` to this position, with
    /// `steps` marked as the last move: the squares whose unit differs,
    /// the pools, the notes (as [`BoardModel::changes_since`] tells it of
    /// the two models, without drawing them).
    pub(crate) fn change_from(&self, before: &Agog, steps: &[Name]) -> BoardChange {
        let cells = board_order()
            .filter(|&sq| self.board.unit_at(sq) != before.board.unit_at(sq))
            .map(|sq| self.cell(sq).as_change())
            .collect();
        BoardChange::on_grid(cells, &self.spots(), &before.spots(), steps, &SQUARE_NAMES, self.notes())
    }

    /// Square `sq` as a screen draws it: its words say its sanctum and
    /// unit.
    fn cell(&self, sq: Square) -> Cell {
        let sanctum = sanctum_of(sq);
        let (words, stack) = match self.board.unit_at(sq) {
            Some((c, k)) => (occupied_words(sq, c, k), vec![self.piece(c, k)]),
            None => (SQUARE_WORDS.get(usize::from(sq)), Vec::new()),
        };
        Cell {
            name: square(sq),
            zone: sanctum.map(|_| Name::from("sanctum")),
            zone_owner: sanctum.map(|c| Name::from(label(c))),
            words,
            stack,
        }
    }

    /// Each side's pool of golems, off the board beside it.
    fn spots(&self) -> Vec<Spot> {
        [(Color::White, ["g1", "h1"]), (Color::Black, ["a8", "b8"])]
            .into_iter()
            .map(|(color, anchor)| {
                let n = self.pools[color.index()];
                Spot {
                    name: if color == Color::White { "pool-w" } else { "pool-b" }.into(),
                    zone: "pool".into(),
                    owner: Some(label(color).into()),
                    words: format!("{}'s pool: {n} golem{}", color.name(), if n == 1 { "" } else { "s" }).into(),
                    anchor: anchor.iter().map(|&s| Name::from(s)).collect(),
                    side: if color == Color::White { Side::South } else { Side::North },
                    stack: (0..n).map(|_| self.piece(color, Kind::Golem)).collect(),
                }
            })
            .collect()
    }

    /// What the board does not show: who is to move, the pools.
    fn notes(&self) -> Vec<String> {
        vec![
            turn_or_result_note(self, self.side.name()),
            format!("Pools: White {}, Black {}.", self.pools[0], self.pools[1]),
        ]
    }

    /// The squares of `mv`'s path; where moves share them, the words for
    /// each jump's capture or corruption and for what happens on the
    /// enemy sanctum.
    pub(crate) fn move_clicks(&self, mv: &AgogMove) -> Clicks {
        let mut steps = vec![square(mv.from())];
        let mut words: Vec<Name> = Vec::new();
        if mv.is_capture() {
            for (i, &landing) in mv.landings().iter().enumerate() {
                steps.push(square(landing));
                words.push(if mv.corrupts(i) { "corrupt" } else { "capture" }.into());
            }
        } else {
            steps.push(square(mv.to()));
        }
        if mv.to() == self.side.other().home_sanctum() {
            words.push(match mv.promotion() {
                Some(golem) => format!("hulk with {}", square_name(golem)).into(),
                None => "remove".into(),
            });
        }
        let choice: Name = match words.as_slice() {
            [] => "move".into(),
            [one] => one.clone(),
            _ => words.join(", ").into(),
        };
        Clicks::new(steps, choice)
    }
}
