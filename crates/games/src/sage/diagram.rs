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
        let (sage, state) = match (self.in_tower(color), color) {
            (true, Color::Black) => ('S', "Sage in"),
            (true, Color::Red) => ('s', "Sage in"),
            (false, _) => (' ', "empty"),
        };
        // The bracket opens under file d, the tower point falls between d
        // and e.
        format!("{:w$}[{sage}]  {}'s tower ({state})\n", "", color.name(), w = MARGIN + 6)
    }

    fn sage_line(&self, color: Color) -> String {
        let place = match self.sage_square(color) {
            Some(sq) => format!("on {}", square_name(sq)),
            None if self.in_tower(color) => "in her tower".to_string(),
            None => "off the board".to_string(),
        };
        format!("{}'s Sage: {place}.\n", color.name())
    }

    /// A diagram from Black's side, narrow enough for a side panel: rank 9
    /// at the top, the river on rank 5 drawn with `~`, each tower between
    /// the two ranks it stands among, then who is to move, the scores and
    /// where the Sages are.
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
                s.push_str("  river");
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
        s.push_str(&format!("{} to move.\n", self.side.name()));
        s.push_str(&format!(
            "Score: Black {}, Red {} ({WINNING_SCORE} to win).\n",
            self.score(Color::Black),
            self.score(Color::Red)
        ));
        s.push_str(&self.sage_line(Color::Black));
        s.push_str(&self.sage_line(Color::Red));
        s.push_str("S Sage, A apprentice, K skyship;\nBlack upper case, Red lower case.\n");
        s
    }
}
