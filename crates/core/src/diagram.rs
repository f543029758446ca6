//! A board diagram for people: the text a terminal or a mail shows, with
//! what a screen needs to colour it — whose each piece is, which square
//! each cell is — and the facts the board does not show kept apart, so
//! that a screen can place them beside the board.

use std::collections::BTreeMap;
use std::fmt;

use crate::seat::Seat;

/// A piece of a diagram's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The text drawn.
    pub text: String,
    /// Whose piece this is, for a piece.
    pub owner: Option<Seat>,
    /// The square drawn (`d3`), for what stands on a square or an empty
    /// square's sign.
    pub square: Option<String>,
}

/// A board diagram: the board with its coordinates, then notes, then a
/// legend.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagram {
    /// The board with its coordinates, a line at a time.
    pub board: Vec<Vec<Mark>>,
    /// What the board does not show (who is to move, scores, pools), a
    /// line each.
    pub notes: Vec<String>,
    /// How to read the board (what each letter stands for), a line each.
    pub legend: Vec<String>,
}

/// What stands on a square: each owned mark's owner and text, in order.
pub type SquareContent = Vec<(Option<Seat>, String)>;

impl Diagram {
    /// An empty diagram.
    pub fn new() -> Diagram {
        Diagram::default()
    }

    fn line(&mut self) -> &mut Vec<Mark> {
        if self.board.is_empty() {
            self.board.push(Vec::new());
        }
        self.board.last_mut().expect("a line")
    }

    /// Adds text that is neither a piece nor a square (coordinates,
    /// spacing, a label).
    pub fn text(&mut self, text: impl Into<String>) -> &mut Diagram {
        self.line().push(Mark { text: text.into(), owner: None, square: None });
        self
    }

    /// Adds what is drawn for `square`: a piece of `owner`, or (without
    /// an owner) an empty square's sign.
    pub fn square(&mut self, square: impl Into<String>, text: impl Into<String>, owner: Option<Seat>) -> &mut Diagram {
        self.line().push(Mark { text: text.into(), owner, square: Some(square.into()) });
        self
    }

    /// Ends the board's current line.
    pub fn end_line(&mut self) -> &mut Diagram {
        self.line();
        self.board.push(Vec::new());
        self
    }

    /// Adds a note under the board.
    pub fn note(&mut self, line: impl Into<String>) -> &mut Diagram {
        self.notes.push(line.into());
        self
    }

    /// Adds a line of the legend, printed after the notes.
    pub fn legend(&mut self, line: impl Into<String>) -> &mut Diagram {
        self.legend.push(line.into());
        self
    }

    /// The board's lines, without a trailing empty one.
    pub fn board_lines(&self) -> &[Vec<Mark>] {
        match self.board.last() {
            Some(last) if last.is_empty() => &self.board[..self.board.len() - 1],
            _ => &self.board,
        }
    }

    /// The width of the board's widest line, in characters.
    pub fn board_width(&self) -> usize {
        self.board_lines().iter().map(|l| l.iter().map(|m| m.text.chars().count()).sum()).max().unwrap_or(0)
    }

    /// What each square shows: its owned marks (owner and text) in order.
    pub fn squares(&self) -> BTreeMap<&str, SquareContent> {
        let mut squares: BTreeMap<&str, SquareContent> = BTreeMap::new();
        for mark in self.board.iter().flatten() {
            if let Some(square) = &mark.square {
                squares.entry(square.as_str()).or_default().push((mark.owner, mark.text.trim().to_string()));
            }
        }
        squares
    }

    /// The squares drawn differently in `other` (after a move), in the
    /// order this diagram draws them.
    pub fn changed_squares(&self, other: &Diagram) -> Vec<String> {
        let theirs = other.squares();
        self.squares()
            .into_iter()
            .filter(|(square, content)| theirs.get(square) != Some(content))
            .map(|(square, _)| square.to_string())
            .collect()
    }
}

impl fmt::Display for Diagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in self.board_lines() {
            let text: String = line.iter().map(|m| m.text.as_str()).collect();
            writeln!(f, "{}", text.trim_end())?;
        }
        for note in self.notes.iter().chain(&self.legend) {
            writeln!(f, "{note}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_squares(a1: (&str, Option<Seat>)) -> Diagram {
        let mut d = Diagram::new();
        d.text("1 ").square("a1", a1.0, a1.1).text(" ").square("b1", "x", Some(Seat(1))).end_line();
        d.text("  a b").end_line();
        d.note("White to move.");
        d
    }

    #[test]
    fn a_diagram_prints_its_board_then_its_notes() {
        let d = two_squares(("X", Some(Seat(0))));
        assert_eq!(d.to_string(), "1 X x\n  a b\nWhite to move.\n");
        assert_eq!(d.board_width(), 5);
        assert_eq!(d.board_lines().len(), 2);
    }

    #[test]
    fn changed_squares_are_those_drawn_differently() {
        let before = two_squares(("X", Some(Seat(0))));
        let after = two_squares((".", None));
        assert_eq!(before.changed_squares(&after), ["a1"]);
        assert!(before.changed_squares(&before).is_empty());
    }
}
