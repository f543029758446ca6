//! The grid as people read it, with row letters and column numbers.

use std::fmt::Write as _;

use arbiter_core::{Diagram, SimultaneousGame};

use super::grid::Square;
use super::{Cell, Scg};

impl Scg {
    /// The labelled grid with each square marked: column numbers on top,
    /// row letters down the left; `.` empty, `@`, or a player's letter.
    fn grid_marks(&self) -> Diagram {
        let n = self.side();
        let geometry = self.geometry();
        let mut d = Diagram::new();
        let mut top = String::from("   ");
        for col in 1..=n {
            let _ = write!(top, "{col:>3}");
        }
        d.text(top).end_line();
        for row in 0..n {
            d.text(format!(" {} ", (b'a' + row as u8) as char));
            for col in 0..n {
                let sq = (row * n + col) as Square;
                d.text("  ");
                let (text, owner) = match self.cell(sq) {
                    Cell::Empty => ('.', None),
                    Cell::At => ('@', None),
                    Cell::Letter(seat) => (self.letter(seat), Some(seat)),
                };
                d.square(geometry.name(sq), text.to_string(), owner);
            }
            d.end_line();
        }
        d
    }

    /// The labelled grid alone, as text.
    pub fn grid_picture(&self) -> String {
        self.grid_marks().to_string()
    }

    /// The grid, then the players still in the game and the options.
    pub(crate) fn render_diagram(&self) -> Diagram {
        let mut d = self.grid_marks();
        let n = self.side();
        let players: Vec<String> = self.active.iter().map(|seat| self.letter(seat).to_string()).collect();
        let rule = if self.at_blocked { "@ squares blocked" } else { "@ squares playable" };
        match self.status().outcome() {
            None => {
                d.note(format!("{n}×{n} grid; players in the game: {}; {rule}", players.join(" ")));
            }
            Some(o) => {
                let winners: Vec<String> = o.winners.iter().map(|w| self.letter(w).to_string()).collect();
                let who =
                    if winners.is_empty() { "not recorded in a position string".into() } else { winners.join(" and ") };
                d.note(format!("{n}×{n} grid; the game is over ({}); winner: {who}", o.reason));
            }
        }
        d
    }
}
