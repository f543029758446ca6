//! The board model of an Ogama position, and a move as clicks.

use arbiter_core::{
    BoardChange, BoardModel, Cell, Clicks, Name, NameTable, Piece, Side, Spot, char_name, turn_or_result_note,
};

use super::Ogama;
use super::board::{Color, Square, square_name};
use super::moves::OgamaMove;

/// Every square's name, by square.
static SQUARE_NAMES: NameTable = NameTable::new(|| (0..25).map(square_name).collect());

/// What a screen reader says of each empty square, by square.
static EMPTY_WORDS: NameTable = NameTable::new(|| (0..25).map(|sq| format!("{}, empty", square_name(sq))).collect());

/// Every square in the model's order: rank 5 first, each rank from file
/// a.
fn board_order() -> impl Iterator<Item = Square> {
    (0..5u8).rev().flat_map(|rank| (0..5u8).map(move |file| rank * 5 + file))
}

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
        b.cells = board_order().map(|sq| self.cell(sq)).collect();
        b.spots = self.spots();
        b.notes = self.notes();
        b
    }

    /// What changed on the board from `before` to this position, with
    /// `steps` marked as the last move: the squares whose stack or toad
    /// differs, the hands, the notes (as [`BoardModel::changes_since`]
    /// tells it of the two models, without drawing them).
    pub(crate) fn change_from(&self, before: &Ogama, steps: &[Name]) -> BoardChange {
        let cells = board_order()
            .filter(|&sq| {
                self.stacks[usize::from(sq)] != before.stacks[usize::from(sq)] || self.toad_on(sq) != before.toad_on(sq)
            })
            .map(|sq| self.cell(sq).as_change())
            .collect();
        BoardChange::on_grid(cells, &self.spots(), &before.spots(), steps, &SQUARE_NAMES, self.notes())
    }

    /// The colour of the toad on `sq`, if one is there.
    fn toad_on(&self, sq: Square) -> Option<Color> {
        COLORS.into_iter().find(|&c| self.toad(c) == Some(sq))
    }

    /// Square `sq` as a screen draws it: its discs bottom first, its toad
    /// on top.
    fn cell(&self, sq: Square) -> Cell {
        let name = square(sq);
        let stack = self.stacks[usize::from(sq)];
        let mut pieces: Vec<Piece> = stack.discs().map(disc).collect();
        let toad_here = self.toad_on(sq);
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
        Cell { name, zone: None, zone_owner: None, words, stack: pieces }
    }

    /// Each toad not yet placed, in its hand below the board.
    fn spots(&self) -> Vec<Spot> {
        [(Color::Orange, ["a1", "b1"]), (Color::Blue, ["d1", "e1"])]
            .into_iter()
            .filter(|&(color, _)| self.toad(color).is_none())
            .map(|(color, anchor)| Spot {
                name: hand(color).into(),
                zone: "hand".into(),
                owner: Some(label(color)),
                words: format!("{}'s toad, to be placed", color.name()).into(),
                anchor: anchor.iter().map(|&s| Name::from(s)).collect(),
                side: Side::South,
                stack: vec![toad(color)],
            })
            .collect()
    }

    /// What the board does not show: who is to move, where the toads are.
    fn notes(&self) -> Vec<String> {
        let place = |c: Color| self.toad(c).map_or("not placed".to_string(), square_name);
        let mut notes = vec![
            turn_or_result_note(self, self.side.name()),
            format!("Toads: Orange {}, Blue {}.", place(Color::Orange), place(Color::Blue)),
        ];
        // The game starts unusually: say what the first move is.
        if self.toad(self.side).is_none() && !arbiter_core::Game::status(self).is_over() {
            let (colour, disc) = if self.side == Color::Orange { ("orange", "an orange") } else { ("blue", "a blue") };
            notes.push(format!(
                "{}'s first move: place the {colour} toad (beside the board) on any square topped by {disc} disc.",
                self.side.name()
            ));
        }
        notes
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
