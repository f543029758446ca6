//! The board as people read it.

use arbiter_core::{Diagram, Seat};

use super::Sage;
use super::board::{Color, FILES, Kind, RANKS, RIVER_RANK, WINNING_SCORE, square_name};

/// Columns before file a: the rank number and two spaces.
const MARGIN: usize = 3;

impl Sage {
    /// The line drawn between the two ranks of `color`'s tower: the tower
    /// point between the d and e files, `[S]` with the Sage inside, `[ ]`
    /// without her.
    fn tower_line(&self, d: &mut Diagram, color: Color) {
        let owner = Some(Seat(color.index() as u8));
        let tower = format!("{}'s tower", color.name());
        // The bracket opens under file d, the tower point falls between d
        // and e.
        d.text(format!("{:w$}[", "", w = MARGIN + 6));
        let state = if self.in_tower(color) {
            let sage = Kind::Sage.letter();
            let sage = if color == Color::Black { sage } else { sage.to_ascii_lowercase() };
            d.square(tower.clone(), sage.to_string(), owner);
            "Sage in"
        } else {
            d.square(tower.clone(), " ", None);
            "empty"
        };
        d.text(format!("]  {tower} ({state})")).end_line();
    }

    fn sage_line(&self, color: Color) -> String {
        let place = match self.sage_square(color) {
            Some(sq) => format!("on {}", square_name(sq)),
            None if self.in_tower(color) => "in her tower".to_string(),
            None => "off the board".to_string(),
        };
        format!("{}'s Sage: {place}.", color.name())
    }

    /// A diagram from Black's side, narrow enough for a side panel: rank 9
    /// at the top, the river on rank 5 drawn with `~`, each tower between
    /// the two ranks it stands among; then who is to move, the scores,
    /// where the Sages are and a legend.
    pub(crate) fn render_diagram(&self) -> Diagram {
        let files = "   a b c d e f g h";
        let mut d = Diagram::new();
        d.text(files).end_line();
        for rank in (0..RANKS).rev() {
            d.text(format!("{}  ", rank + 1));
            for file in 0..FILES {
                let sq = rank * FILES + file;
                match self.piece_at(sq) {
                    Some((color, kind)) => {
                        let letter =
                            if color == Color::Black { kind.letter() } else { kind.letter().to_ascii_lowercase() };
                        d.square(square_name(sq), letter.to_string(), Some(Seat(color.index() as u8)));
                    }
                    None if rank == RIVER_RANK => {
                        d.square(square_name(sq), "~", None);
                    }
                    None => {
                        d.square(square_name(sq), ".", None);
                    }
                }
                if file + 1 < FILES {
                    d.text(" ");
                }
            }
            if rank == RIVER_RANK {
                d.text("  river");
            }
            d.end_line();
            // Red's tower stands among ranks 9 and 8, Black's among 2 and 1.
            if rank == RANKS - 1 {
                self.tower_line(&mut d, Color::Red);
            } else if rank == 1 {
                self.tower_line(&mut d, Color::Black);
            }
        }
        d.text(files).end_line();
        d.note(format!("{} to move.", self.side.name()));
        d.note(format!(
            "Score: Black {}, Red {} ({WINNING_SCORE} to win).",
            self.score(Color::Black),
            self.score(Color::Red)
        ));
        d.note(self.sage_line(Color::Black));
        d.note(self.sage_line(Color::Red));
        d.legend("S Sage, A apprentice, K skyship;");
        d.legend("Black upper case, Red lower case.");
        d
    }
}
