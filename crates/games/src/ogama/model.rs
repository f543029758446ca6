//! The board model of an Ogama position, and a move as clicks.

use arbiter_core::{BoardModel, Cell, Clicks, Name, NameTable, Piece, Side, Spot, char_name};

use super::Ogama;
use super::board::{Color, Square, square_name};
use super::moves::OgamaMove;

/// Every square's name, by square.
static SQUARE_NAMES: NameTable = NameTable::new(|| (0..25).map(square_name).collect());

/// What a screen reader says of each empty square, by square.
static EMPTY_WORDS: NameTable = NameTable::new(|| (0..25).map(|sq| format!("{}, empty", square_name(sq))).collect());

/// The name of square `sq`, lent.
fn square(sq: Square) -> Name {
    SQUARE_NAMES.get(usize::from(sq))
}

/// A colour's seat label (`o`, `b`).
fn label(color: Color) -> Name {
    char_name(color.letter())
}

/// The spot of `color`'s toad while it waits to be placed.
fn hand(color: Color) -> &'static str {
    match color {
        Color::Orange => "toad-o",
        Color::Blue => "toad-b",
    }
}

fn disc(color: Color) -> Piece {
    Piece::new(Some(label(color)), "disc", char_name(color.letter()))
}

fn toad(color: Color) -> Piece {
    Piece::new(Some(label(color)), "toad", char_name(color.letter().to_ascii_uppercase()))
}

const COLORS: [Color; 2] = [Color::Orange, Color::Blue];

impl Ogama {
    /// The board as a screen draws it: rank 5 at the top; each square's
    /// stack of discs bottom first, its toad on top; a toad not yet placed
    /// waits in its hand below the board.
    pub(crate) fn model(&self) -> BoardModel {
        let columns = (b'a'..=b'e').map(|f| char_name(f as char)).collect();
        let rows = (b'1'..=b'5').rev().map(|r| char_name(r as char)).collect();
        let mut b = BoardModel::grid(columns, rows, true);
        b.cells.reserve(25);
        for rank in (0..5u8).rev() {
            for file in 0..5u8 {
                let sq = rank * 5 + file;
                let name = square(sq);
                let stack = self.stacks[sq as usize];
                let mut pieces: Vec<Piece> = stack.discs().map(disc).collect();
                let toad_here = COLORS.into_iter().find(|&c| self.toad(c) == Some(sq));
                pieces.extend(toad_here.map(toad));
                let words = match stack.top() {
                    None => EMPTY_WORDS.get(usize::from(sq)),
                    Some(top) => {
                        let h = stack.height();
                        let mut w = format!("{name}, {h} disc{}, {} on top", if h > 1 { "s" } else { "" }, top.name());
                        if let Some(c) = toad_here {
                            w.push_str(", ");
                            w.push_str(c.name());
                            w.push_str(" toad");
                        }
                        w.into()
                    }
                };
                b.cells.push(Cell { name, zone: None, zone_owner: None, words, stack: pieces });
            }
        }
        for (color, anchor) in [(Color::Orange, ["a1", "b1"]), (Color::Blue, ["d1", "e1"])] {
            if self.toad(color).is_none() {
                b.spots.push(Spot {
                    name: hand(color).into(),
                    zone: "hand".into(),
                    owner: Some(label(color)),
                    words: format!("{}'s toad, to be placed", color.name()).into(),
                    anchor: anchor.iter().map(|&s| Name::from(s)).collect(),
                    side: Side::South,
                    stack: vec![toad(color)],
                });
            }
        }
        let place = |c: Color| self.toad(c).map_or("not placed".to_string(), square_name);
        b.notes.push(format!("{} to move.", self.side.name()));
        b.notes.push(format!("Toads: Orange {}, Blue {}.", place(Color::Orange), place(Color::Blue)));
        b
    }

    /// The squares of `mv` (a toad placed from its hand); a toad's step
    /// and the discs' travel between the same squares are told apart.
    pub(crate) fn move_clicks(&self, mv: &OgamaMove) -> Clicks {
        match *mv {
            OgamaMove::Place(sq) => Clicks::new(vec![hand(self.side).into(), square(sq)], "place the toad"),
            OgamaMove::Toad(from, to) => Clicks::new(vec![square(from), square(to)], "the toad"),
            OgamaMove::Disc(from, to) => Clicks::new(vec![square(from), square(to)], "the disc"),
            OgamaMove::Pass => Clicks::new(Vec::new(), "pass"),
        }
    }
}
