//! The board as people read it.

use arbiter_core::{Cell, Diagram, Seat};

use super::Ogama;

/// The seat a label names.
fn seat_of(label: &str) -> Seat {
    if label == "o" { Seat(0) } else { Seat(1) }
}

/// What a cell of the model shows: `.` when empty, else its height, its
/// discs bottom to top (`o`, `b`) and the toad standing there (`O`, `B`).
fn marks(cell: &Cell) -> Vec<(String, Option<Seat>)> {
    let discs: Vec<_> = cell.stack.iter().filter(|p| p.kind == "disc").collect();
    if discs.is_empty() {
        return vec![(".".into(), None)];
    }
    let mut marks = vec![(format!("{}:", discs.len()), None)];
    marks.extend(discs.iter().map(|p| (p.label.to_string(), p.owner.as_deref().map(seat_of))));
    for toad in cell.stack.iter().filter(|p| p.kind == "toad") {
        marks.push((format!(" {}", toad.label), toad.owner.as_deref().map(seat_of)));
    }
    marks
}

impl Ogama {
    /// A diagram from Orange's side, drawn from the board model: rank 5 at the top, each square as
    /// wide as the widest this position needs; then who is to move, the
    /// toads and a legend.
    pub(crate) fn render_diagram(&self) -> Diagram {
        let model = self.model();
        let cells: Vec<Vec<(String, Option<Seat>)>> = model.cells.iter().map(marks).collect();
        let width = |c: &[(String, Option<Seat>)]| c.iter().map(|(t, _)| t.chars().count()).sum::<usize>();
        let w = cells.iter().map(|c| width(c)).max().unwrap_or(1).max(3);
        let columns = model.columns.len();
        let mut d = Diagram::new();
        for (row, rank) in model.rows.iter().enumerate() {
            d.text(format!("{rank} "));
            for (i, cell) in model.row(row).iter().enumerate() {
                let marks = &cells[row * columns + i];
                d.text(" ");
                for (text, owner) in marks {
                    d.square(cell.name.clone(), text.clone(), *owner);
                }
                if i + 1 < columns {
                    d.text(" ".repeat(w - width(marks)));
                }
            }
            d.end_line();
        }
        let files: String = ["a", "b", "c", "d", "e"].iter().map(|f| format!("{f:<w$} ", w = w)).collect();
        d.text(format!("   {}", files.trim_end())).end_line();
        for note in model.notes {
            d.note(note);
        }
        d.legend("A square: its height, its discs bottom to top");
        d.legend("(o Orange, b Blue), O or B for a toad.");
        d
    }
}
