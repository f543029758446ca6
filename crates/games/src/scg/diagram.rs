//! The grid as people read it, with row letters and column numbers.

use std::fmt::Write as _;

use arbiter_core::SimultaneousGame;

use super::grid::Square;
use super::{Cell, Scg};

impl Scg {
    /// The labelled grid alone: column numbers on top, row letters down
    /// the left; `.` empty, `@`, or a player's letter.
    pub fn grid_picture(&self) -> String {
        let n = self.side();
        let mut s = String::from("   ");
        for col in 1..=n {
            let _ = write!(s, "{col:>3}");
        }
        s.push('\n');
        for row in 0..n {
            let _ = write!(s, " {} ", (b'a' + row as u8) as char);
            for col in 0..n {
                let c = match self.cell((row * n + col) as Square) {
                    Cell::Empty => '.',
                    Cell::At => '@',
                    Cell::Letter(seat) => self.letter(seat),
                };
                let _ = write!(s, "  {c}");
            }
            s.push('\n');
        }
        s
    }

    /// The grid, then the players still in the game and the options.
    pub(crate) fn render_diagram(&self) -> String {
        let mut s = self.grid_picture();
        let n = self.side();
        let players: Vec<String> = self.active.iter().map(|seat| self.letter(seat).to_string()).collect();
        let rule = if self.at_blocked { "@ squares blocked" } else { "@ squares playable" };
        match self.status().outcome() {
            None => {
                let _ = writeln!(s, "{n}×{n} grid; players in the game: {}; {rule}", players.join(" "));
            }
            Some(o) => {
                let winners: Vec<String> = o.winners.iter().map(|w| self.letter(w).to_string()).collect();
                let who =
                    if winners.is_empty() { "not recorded in a position string".into() } else { winners.join(" and ") };
                let _ = writeln!(s, "{n}×{n} grid; the game is over ({}); winner: {who}", o.reason);
            }
        }
        s
    }
}
