//! The board as people read it.

use arbiter_core::{Diagram, Seat};

use super::Agog;
use super::board::{Color, Edition, square_name};

impl Agog {
    /// A diagram from White's side: rank 8 at the top, coordinates around,
    /// White upper case, Black lower case, `*` on an empty sanctum; then
    /// who is to move, the pools, the sanctums and a legend.
    pub(crate) fn render_diagram(&self) -> Diagram {
        let mut d = Diagram::new();
        for rank in (0..8u8).rev() {
            d.text(format!("{} ", rank + 1));
            for file in 0..8u8 {
                let sq = rank * 8 + file;
                d.text(" ");
                match self.board.unit_at(sq) {
                    Some((color, kind)) => {
                        let letter = self.unit_letter(kind);
                        let letter = if color == Color::White { letter } else { letter.to_ascii_lowercase() };
                        d.square(square_name(sq), letter.to_string(), Some(Seat(color.index() as u8)));
                    }
                    None if sq == Color::White.home_sanctum() || sq == Color::Black.home_sanctum() => {
                        d.square(square_name(sq), "*", None);
                    }
                    None => {
                        d.square(square_name(sq), ".", None);
                    }
                }
            }
            d.end_line();
        }
        d.text("   a b c d e f g h").end_line();
        d.note(format!("{} to move.", self.side.name()));
        d.note(format!("Pools: White {}, Black {}.", self.pools[0], self.pools[1]));
        d.legend("Sanctums: a1 White's, h8 Black's (* when empty).");
        d.legend(match self.edition {
            Edition::Current => "J journeyman, G golem, H hulk, C corrupted hulk;",
            Edition::Classic => "J journeyman, G golem, H hulk, C corrupted golem, D corrupted hulk;",
        });
        d.legend("White upper case, Black lower case.");
        d
    }
}
