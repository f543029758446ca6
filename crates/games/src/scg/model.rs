//! The board model of a Single Capture Go position.

use arbiter_core::{BoardModel, Cell as ModelCell, Name, Piece, SimultaneousGame, char_name};

use super::grid::Square;
use super::{Cell, Scg};

impl Scg {
    /// The grid as a screen draws it: rows `a`… from the top, columns
    /// numbered from 1; each square empty, `@`, or a player's letter.
    pub(crate) fn model(&self) -> BoardModel {
        let n = self.side();
        let geometry = self.geometry();
        let columns = (1..=n).map(|c| Name::from(c.to_string())).collect();
        let rows = (0..n).map(|r| char_name((b'a' + r as u8) as char)).collect();
        let mut b = BoardModel::grid(columns, rows, false);
        for sq in 0..(n * n) as Square {
            let name = geometry.name(sq);
            let (stack, what) = match self.cell(sq) {
                Cell::Empty => (Vec::new(), "empty".to_string()),
                Cell::At => (vec![Piece::new(None, "at", "@")], "@".to_string()),
                Cell::Letter(seat) => {
                    let letter = char_name(self.letter(seat));
                    let what = letter.to_string();
                    (vec![Piece::new(Some(letter.clone()), "letter", letter)], what)
                }
            };
            let words = format!("{name}, {what}").into();
            b.cells.push(ModelCell { name: name.into(), zone: None, zone_owner: None, words, stack });
        }
        let players: Vec<String> = self.active().iter().map(|seat| self.letter(seat).to_string()).collect();
        let rule = if self.at_blocked { "@ squares blocked" } else { "@ squares playable" };
        match self.status().outcome() {
            None => b.notes.push(format!("{n}×{n} grid; players in the game: {}; {rule}", players.join(" "))),
            Some(o) => {
                let winners: Vec<String> = o.winners.iter().map(|w| self.letter(w).to_string()).collect();
                let who =
                    if winners.is_empty() { "not recorded in a position string".into() } else { winners.join(" and ") };
                b.notes.push(format!("{n}×{n} grid; the game is over ({}); winner: {who}", o.reason));
            }
        }
        b
    }
}
