//! The board model of an Ogama position, and a move as clicks.

use arbiter_core::{BoardModel, Cell, Clicks, Piece, Side, Spot};

use super::Ogama;
use super::board::{Color, square_name};
use super::moves::OgamaMove;

/// A colour's seat label (`o`, `b`).
fn label(color: Color) -> String {
    color.letter().to_string()
}

/// The spot of `color`'s toad while it waits to be placed.
fn hand(color: Color) -> String {
    format!("toad-{}", color.letter())
}

fn disc(color: Color) -> Piece {
    Piece::new(Some(label(color)), "disc", color.letter().to_string())
}

fn toad(color: Color) -> Piece {
    Piece::new(Some(label(color)), "toad", color.letter().to_ascii_uppercase().to_string())
}

const COLORS: [Color; 2] = [Color::Orange, Color::Blue];

impl Ogama {
    /// The board as a screen draws it: rank 5 at the top; each square's
    /// stack of discs bottom first, its toad on top; a toad not yet placed
    /// waits in its hand below the board.
    pub(crate) fn model(&self) -> BoardModel {
        let columns = (b'a'..=b'e').map(|f| (f as char).to_string()).collect();
        let rows = (1..=5).rev().map(|r: u8| r.to_string()).collect();
        let mut b = BoardModel::grid(columns, rows, true);
        for rank in (0..5u8).rev() {
            for file in 0..5u8 {
                let sq = rank * 5 + file;
                let name = square_name(sq);
                let stack = self.stacks[sq as usize];
                let mut pieces: Vec<Piece> = stack.discs().map(disc).collect();
                let toad_here = COLORS.into_iter().find(|&c| self.toad(c) == Some(sq));
                pieces.extend(toad_here.map(toad));
                let words = match stack.top() {
                    None => format!("{name}, empty"),
                    Some(top) => {
                        let h = stack.height();
                        let mut w = format!("{name}, {h} disc{}, {} on top", if h > 1 { "s" } else { "" }, top.name());
                        if let Some(c) = toad_here {
                            w.push_str(&format!(", {} toad", c.name()));
                        }
                        w
                    }
                };
                b.cells.push(Cell { name, zone: None, zone_owner: None, words, stack: pieces });
            }
        }
        for (color, anchor) in [(Color::Orange, ["a1", "b1"]), (Color::Blue, ["d1", "e1"])] {
            if self.toad(color).is_none() {
                b.spots.push(Spot {
                    name: hand(color),
                    zone: "hand".into(),
                    owner: Some(label(color)),
                    words: format!("{}'s toad, to be placed", color.name()),
                    anchor: anchor.iter().map(|s| s.to_string()).collect(),
                    side: Side::South,
                    stack: vec![toad(color)],
                });
            }
        }
        let place = |c: Color| self.toad(c).map_or("not placed".to_string(), square_name);
        b.notes.push(format!("{} to move.", self.side.name()));
        b.notes.push(format!("Toads: Orange {}, Blue {}.", place(Color::Orange), place(Color::Blue)));
        b
    }

    /// The squares of `mv` (a toad placed from its hand); a toad's step
    /// and the discs' travel between the same squares are told apart.
    pub(crate) fn move_clicks(&self, mv: &OgamaMove) -> Clicks {
        match *mv {
            OgamaMove::Place(sq) => Clicks::new(vec![hand(self.side), square_name(sq)], "place the toad"),
            OgamaMove::Toad(from, to) => Clicks::new(vec![square_name(from), square_name(to)], "the toad"),
            OgamaMove::Disc(from, to) => Clicks::new(vec![square_name(from), square_name(to)], "the disc"),
            OgamaMove::Pass => Clicks::new(Vec::new(), "pass"),
        }
    }
}
