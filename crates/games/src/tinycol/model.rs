//! The board model of a Tiny Col position.

use arbiter_core::{BoardModel, Cell, Name, NameTable, Piece, char_name, turn_or_result_note};

use super::TinyCol;
use super::notation::{NAMES, square_name};
use super::{SQUARES, Square};

/// Every square's name, by square.
static SQUARE_NAMES: NameTable = NameTable::new(|| (0..SQUARES as Square).map(square_name).collect());

impl TinyCol {
    /// The board as a screen draws it: rank 3 at the top, a stone in its
    /// colour on each square that holds one.
    pub(crate) fn model(&self) -> BoardModel {
        let columns = ['a', 'b', 'c'].into_iter().map(char_name).collect();
        let rows = ['3', '2', '1'].into_iter().map(char_name).collect();
        let mut b = BoardModel::grid(columns, rows, false);
        b.cells =
            (0..3u8).rev().flat_map(|rank| (0..3u8).map(move |file| rank * 3 + file)).map(|sq| self.cell(sq)).collect();
        b.notes = vec![turn_or_result_note(self, NAMES[usize::from(self.side)])];
        b
    }

    /// Square `sq` as a screen draws it.
    fn cell(&self, sq: Square) -> Cell {
        let name: Name = SQUARE_NAMES.get(usize::from(sq));
        let (words, stack) = match self.stone(sq) {
            None => (format!("{name}, empty"), Vec::new()),
            Some(seat) => {
                let label = char_name(['b', 'r'][seat.index()]);
                (
                    format!("{name}, {} stone", NAMES[seat.index()]),
                    vec![Piece::new(Some(label.clone()), "stone", label)],
                )
            }
        };
        Cell { name, zone: None, zone_owner: None, words: words.into(), stack }
    }
}
