//! The board as people read it.

use arbiter_core::{Diagram, Seat};

use super::Agog;
use super::board::Edition;

/// The seat a label names.
fn seat_of(label: &str) -> Seat {
    if label == "w" { Seat(0) } else { Seat(1) }
}

impl Agog {
    /// A diagram from White's side, drawn from the board model: rank 8 at
    /// the top, coordinates around,
    /// White upper case, Black lower case, `*` on an empty sanctum; then
    /// who is to move, the pools, the sanctums and a legend.
    pub(crate) fn render_diagram(&self) -> Diagram {
        let model = self.model();
        let mut d = Diagram::new();
        for (row, rank) in model.rows.iter().enumerate() {
            d.text(format!("{rank} "));
            for cell in model.row(row) {
                d.text(" ");
                match cell.stack.last() {
                    Some(piece) => {
                        d.square(cell.name.clone(), piece.label.clone(), piece.owner.as_deref().map(seat_of));
                    }
                    None if cell.zone.is_some() => {
                        d.square(cell.name.clone(), "*", None);
                    }
                    None => {
                        d.square(cell.name.clone(), ".", None);
                    }
                }
            }
            d.end_line();
        }
        d.text("   a b c d e f g h").end_line();
        for note in model.notes {
            d.note(note);
        }
        d.legend("Sanctums: a1 White's, h8 Black's (* when empty).");
        d.legend(match self.edition {
            Edition::Current => "J journeyman, G golem, H hulk, C corrupted hulk;",
            Edition::Classic => "J journeyman, G golem, H hulk, C corrupted golem, D corrupted hulk;",
        });
        d.legend("White upper case, Black lower case.");
        d
    }
}
