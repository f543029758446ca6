//! The grid as people read it, with row letters and column numbers.

use std::fmt::Write as _;

use arbiter_core::{BoardModel, Diagram, Seat, SimultaneousGame};

use super::Scg;

impl Scg {
    /// The labelled grid with each square marked, drawn from the board
    /// model: column numbers on top, row letters down the left; `.`
    /// empty, `@`, or a player's letter.
    fn grid_marks(&self, model: &BoardModel) -> Diagram {
        let mut d = Diagram::new();
        let mut top = String::from("   ");
        for col in &model.columns {
            let _ = write!(top, "{col:>3}");
        }
        d.text(top).end_line();
        for (row, letter) in model.rows.iter().enumerate() {
            d.text(format!(" {letter} "));
            for cell in model.row(row) {
                d.text("  ");
                match cell.stack.last() {
                    Some(piece) => {
                        let owner = piece.owner.as_deref().and_then(|l| self.seat_of_letter(l));
                        d.square(cell.name.clone(), piece.label.clone(), owner)
                    }
                    None => d.square(cell.name.clone(), ".", None),
                };
            }
            d.end_line();
        }
        d
    }

    /// The seat whose letter is `label`.
    fn seat_of_letter(&self, label: &str) -> Option<Seat> {
        (0..self.seat_count()).map(|i| Seat(i as u8)).find(|&s| self.letter(s).to_string() == label)
    }

    /// The labelled grid alone, as text.
    pub fn grid_picture(&self) -> String {
        self.grid_marks(&self.model()).to_string()
    }

    /// The grid, then the players still in the game and the options.
    pub(crate) fn render_diagram(&self) -> Diagram {
        let model = self.model();
        let mut d = self.grid_marks(&model);
        for note in model.notes {
            d.note(note);
        }
        d
    }
}
