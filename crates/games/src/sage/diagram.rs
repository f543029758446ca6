//! The board as people read it.

use arbiter_core::{BoardModel, Diagram, Seat};

use super::Sage;
use super::board::Color;

/// Columns before file a: the rank number and two spaces.
const MARGIN: usize = 3;

/// The seat a label names.
fn seat_of(label: &str) -> Seat {
    if label == "b" { Seat(0) } else { Seat(1) }
}

impl Sage {
    /// The line drawn between the two ranks of `color`'s tower: the tower
    /// point between the d and e files, `[S]` with the Sage inside, `[ ]`
    /// without her.
    fn tower_line(d: &mut Diagram, model: &BoardModel, color: Color) {
        let tower = format!("{}'s tower", color.name());
        // The bracket opens under file d, the tower point falls between d
        // and e.
        d.text(format!("{:w$}[", "", w = MARGIN + 6));
        let spot = model.spot(super::model::tower(color));
        let state = match spot.and_then(|s| s.stack.last()) {
            Some(sage) => {
                d.square(tower.clone(), sage.label.clone(), sage.owner.as_deref().map(seat_of));
                "Sage in"
            }
            None => {
                d.square(tower.clone(), " ", None);
                "empty"
            }
        };
        d.text(format!("]  {tower} ({state})")).end_line();
    }

    /// A diagram from Black's side, drawn from the board model, narrow
    /// enough for a side panel: rank 9 at the top, the river on rank 5
    /// drawn with `~`, each tower between the two ranks it stands among;
    /// then who is to move, the scores, where the Sages are and a legend.
    pub(crate) fn render_diagram(&self) -> Diagram {
        let model = self.model();
        let files = "   a b c d e f g h";
        let mut d = Diagram::new();
        d.text(files).end_line();
        for (row, rank) in model.rows.iter().enumerate() {
            d.text(format!("{rank}  "));
            let cells = model.row(row);
            for (i, cell) in cells.iter().enumerate() {
                match cell.stack.last() {
                    Some(piece) => {
                        d.square(cell.name.clone(), piece.label.clone(), piece.owner.as_deref().map(seat_of));
                    }
                    None if cell.zone.as_deref() == Some("river") => {
                        d.square(cell.name.clone(), "~", None);
                    }
                    None => {
                        d.square(cell.name.clone(), ".", None);
                    }
                }
                if i + 1 < cells.len() {
                    d.text(" ");
                }
            }
            if cells.first().and_then(|c| c.zone.as_deref()) == Some("river") {
                d.text("  river");
            }
            d.end_line();
            // Red's tower stands among ranks 9 and 8, Black's among 2 and 1.
            if row == 0 {
                Sage::tower_line(&mut d, &model, Color::Red);
            } else if row + 2 == model.rows.len() {
                Sage::tower_line(&mut d, &model, Color::Black);
            }
        }
        d.text(files).end_line();
        for note in model.notes {
            d.note(note);
        }
        d.legend("S Sage, A apprentice, K skyship;");
        d.legend("Black upper case, Red lower case.");
        d
    }
}
