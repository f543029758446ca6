//! The board as people read it.

use arbiter_core::{Diagram, Seat};

use super::Ogama;
use super::board::{Color, square_name};

impl Ogama {
    /// What square `sq` shows: `.` when empty, else its height, its discs
    /// bottom to top (`o`, `b`) and the toad standing there (`O`, `B`).
    fn cell(&self, sq: u8) -> Vec<(String, Option<Seat>)> {
        let stack = self.stacks[sq as usize];
        if stack.height() == 0 {
            return vec![(".".into(), None)];
        }
        let mut marks = vec![(format!("{}:", stack.height()), None)];
        marks.extend(stack.discs().map(|c| (c.letter().to_string(), Some(Seat(c.index() as u8)))));
        if let Some(side) = self.toads.iter().position(|&t| t == sq) {
            let toad = if side == 0 { Color::Orange } else { Color::Blue };
            marks.push((format!(" {}", toad.letter().to_ascii_uppercase()), Some(Seat(side as u8))));
        }
        marks
    }

    /// A diagram from Orange's side: rank 5 at the top, each square as
    /// wide as the widest this position needs; then who is to move, the
    /// toads and a legend.
    pub(crate) fn render_diagram(&self) -> Diagram {
        let cells: Vec<Vec<(String, Option<Seat>)>> = (0..25u8).map(|sq| self.cell(sq)).collect();
        let width = |c: &[(String, Option<Seat>)]| c.iter().map(|(t, _)| t.chars().count()).sum::<usize>();
        let w = cells.iter().map(|c| width(c)).max().unwrap_or(1).max(3);
        let mut d = Diagram::new();
        for rank in (0..5u8).rev() {
            d.text(format!("{} ", rank + 1));
            for file in 0..5u8 {
                let sq = rank * 5 + file;
                let cell = &cells[sq as usize];
                d.text(" ");
                for (text, owner) in cell {
                    d.square(square_name(sq), text.clone(), *owner);
                }
                if file < 4 {
                    d.text(" ".repeat(w - width(cell)));
                }
            }
            d.end_line();
        }
        let files: String = ["a", "b", "c", "d", "e"].iter().map(|f| format!("{f:<w$} ", w = w)).collect();
        d.text(format!("   {}", files.trim_end())).end_line();
        let toad = |c: Color| self.toad(c).map_or("not placed".to_string(), square_name);
        d.note(format!("{} to move.", self.side.name()));
        d.note(format!("Toads: Orange {}, Blue {}.", toad(Color::Orange), toad(Color::Blue)));
        d.legend("A square: its height, its discs bottom to top");
        d.legend("(o Orange, b Blue), O or B for a toad.");
        d
    }
}
