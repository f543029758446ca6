//! The board as people read it.

use super::Agog;
use super::board::Color;

impl Agog {
    /// A diagram from White's side: rank 8 at the top, coordinates around,
    /// White upper case, Black lower case, then who is to move and the pools.
    pub(crate) fn render_diagram(&self) -> String {
        let mut s = String::new();
        for rank in (0..8u8).rev() {
            s.push_str(&format!("{} ", rank + 1));
            for file in 0..8u8 {
                let sq = rank * 8 + file;
                let cell = match self.board.unit_at(sq) {
                    Some((color, kind)) => {
                        let letter = self.unit_letter(kind);
                        if color == Color::White { letter } else { letter.to_ascii_lowercase() }
                    }
                    None if sq == Color::White.home_sanctum() || sq == Color::Black.home_sanctum() => '*',
                    None => '.',
                };
                s.push(' ');
                s.push(cell);
            }
            s.push('\n');
        }
        s.push_str("   a b c d e f g h\n");
        s.push_str(&format!(
            "{} to move; pools: White {}, Black {}; sanctums a1 (White) and h8 (Black)\n",
            self.side.name(),
            self.pools[0],
            self.pools[1]
        ));
        s
    }
}
