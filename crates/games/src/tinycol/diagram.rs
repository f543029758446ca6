//! The board as people read it at the terminal.

use arbiter_core::{Diagram, Seat};

use super::TinyCol;

impl TinyCol {
    /// A diagram drawn from the board model: rank 3 at the top, `.` for
    /// an empty square, `b` or `r` for a stone; then whose turn it is.
    pub(crate) fn render_diagram(&self) -> Diagram {
        let model = self.model();
        let mut d = Diagram::new();
        for (row, rank) in model.rows.iter().enumerate() {
            d.text(format!("{rank}"));
            for cell in model.row(row) {
                d.text(" ");
                match cell.stack.first() {
                    None => d.square(cell.name.clone(), ".", None),
                    Some(stone) => {
                        let seat = Seat(u8::from(stone.owner.as_deref() == Some("r")));
                        d.square(cell.name.clone(), stone.label.to_string(), Some(seat))
                    }
                };
            }
            d.end_line();
        }
        d.text("  a b c").end_line();
        for note in model.notes {
            d.note(note);
        }
        d.legend("b Blue, r Red.");
        d
    }
}
