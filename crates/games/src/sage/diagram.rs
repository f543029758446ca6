//! The board as people read it.

use super::Sage;
use super::board::{Color, FILES, RANKS, RIVER_RANK, WINNING_SCORE, square_name};

/// Columns before file a: the rank number and two spaces.
const MARGIN: usize = 3;

impl Sage {
    /// The line drawn between the two ranks of `color`'s tower: the tower
    /// point between the d and e files, `[S]` with the Sage inside, `[ ]`
    /// without her.
    fn tower_line(&self, color: Color) -> String {
        let sage = if self.in_tower(color) { if color == Color::Black { 'S' } else { 's' } } else { ' ' };
        // File d's column is MARGIN + 6; the bracket opens there.
        let state = if self.in_tower(color) { "Sage inside" } else { "empty" };
        format!("{:w$}[{sage}]{:7}{}'s tower: {state}\n", "", "", color.name(), w = MARGIN + 6)
    }

    fn sage_whereabouts(&self, color: Color) -> String {
        match self.sage_square(color) {
            Some(sq) => format!("{}'s on {}", color.name(), square_name(sq)),
            None if self.in_tower(color) => format!("{}'s in her tower", color.name()),
            None => format!("{}'s off the board", color.name()),
        }
    }

    /// A diagram from Black's side: rank 9 at the top, the river on rank 5
    /// drawn with `~`, each tower between the two ranks it stands among,
    /// then who is to move, the scores and where the Sages are.
    pub(crate) fn render_diagram(&self) -> String {
        let files = "   a b c d e f g h\n";
        let mut s = String::from(files);
        for rank in (0..RANKS).rev() {
            s.push_str(&format!("{}  ", rank + 1));
            for file in 0..FILES {
                let sq = rank * FILES + file;
                let cell = match self.piece_at(sq) {
                    Some((Color::Black, kind)) => kind.letter(),
                    Some((_, kind)) => kind.letter().to_ascii_lowercase(),
                    None if rank == RIVER_RANK => '~',
                    None => '.',
                };
                s.push(cell);
                if file + 1 < FILES {
                    s.push(' ');
                }
            }
            if rank == RIVER_RANK {
                s.push_str("   river: escape past a5 (W) or h5 (E)");
            }
            s.push('\n');
            // Red's tower stands among ranks 9 and 8, Black's among 2 and 1.
            if rank == RANKS - 1 {
                s.push_str(&self.tower_line(Color::Red));
            } else if rank == 1 {
                s.push_str(&self.tower_line(Color::Black));
            }
        }
        s.push_str(files);
        s.push_str(&format!(
            "{} to move. Score: Black {}, Red {} ({WINNING_SCORE} points win).\n",
            self.side.name(),
            self.score(Color::Black),
            self.score(Color::Red)
        ));
        s.push_str(&format!(
            "Sages: {}; {}.\n",
            self.sage_whereabouts(Color::Black),
            self.sage_whereabouts(Color::Red)
        ));
        s.push_str("S Sage, A apprentice, K skyship: Black upper case, Red lower case.\n");
        s
    }
}
