//! Tiny Col in text: squares `a1`–`c3`, a move is its square, and a
//! position string is the ranks from 3 down to 1, each three of `.`, `b`
//! and `r`, joined by `/`, then the side to move (`.b./r.r/.b. b`).

use arbiter_core::{Clicks, Diagram, MoveError, Notation, PositionError, Seat};

use super::refusals as rule;
use super::{Place, Square, TinyCol, TinyColConfig};

/// The seats' labels, by seat.
const LABELS: [char; 2] = ['b', 'r'];

/// The seats' names, by seat.
pub(super) const NAMES: [&str; 2] = ["Blue", "Red"];

/// The name of a square (`b2`).
pub fn square_name(sq: Square) -> String {
    format!("{}{}", char::from(b'a' + sq % 3), sq / 3 + 1)
}

/// Reads a square (`b2`, or `B2`).
pub fn parse_square(text: &str) -> Option<Square> {
    match text.to_ascii_lowercase().as_bytes() {
        &[file @ b'a'..=b'c', rank @ b'1'..=b'3'] => Some((rank - b'1') * 3 + (file - b'a')),
        _ => None,
    }
}

impl Notation for TinyCol {
    fn parse_position(text: &str, _config: &TinyColConfig) -> Result<TinyCol, PositionError> {
        let shape = "three ranks of three squares (`.`, `b` or `r`) from rank 3 down, joined by `/`, then `b` or `r`";
        let (board, side) = text.split_once(' ').ok_or_else(|| PositionError::malformed(text, shape))?;
        let side = match side {
            "b" => 0,
            "r" => 1,
            other => return Err(PositionError::malformed(other, "the side to move is `b` (Blue) or `r` (Red)")),
        };
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 3 || ranks.iter().any(|r| r.chars().count() != 3) {
            return Err(PositionError::malformed(board, shape));
        }
        let mut stones = [0u16; 2];
        for (row, rank) in ranks.iter().enumerate() {
            for (file, c) in rank.chars().enumerate() {
                let sq = (2 - row) * 3 + file;
                match c {
                    '.' => {}
                    'b' => stones[0] |= 1 << sq,
                    'r' => stones[1] |= 1 << sq,
                    other => {
                        return Err(PositionError::malformed(other.to_string(), "a square is `.`, `b` or `r`"));
                    }
                }
            }
        }
        let (blue, red) = (stones[0].count_ones(), stones[1].count_ones());
        let expected = if blue == red { 0 } else { 1 };
        if blue != red && blue != red + 1 || side != expected {
            return Err(PositionError::invalid(
                text,
                format!(
                    "Blue has {blue} stones and Red {red}: Blue places first, so it cannot be {}'s turn",
                    NAMES[side]
                ),
            ));
        }
        if TinyCol::own_stones_touch(stones) {
            return Err(PositionError::invalid(text, "two stones of one colour touch along a side"));
        }
        Ok(TinyCol { stones, side: side as u8 })
    }

    fn position_string(&self) -> String {
        let mut s = String::with_capacity(13);
        for rank in (0..3u8).rev() {
            if rank < 2 {
                s.push('/');
            }
            for file in 0..3u8 {
                s.push(self.stone(rank * 3 + file).map_or('.', |seat| LABELS[seat.index()]));
            }
        }
        s.push(' ');
        s.push(LABELS[usize::from(self.side)]);
        s
    }

    fn parse_move(&self, text: &str) -> Result<Place, MoveError> {
        let sq = parse_square(text.trim()).ok_or_else(|| MoveError::malformed(text, "a move is a square, a1 to c3"))?;
        let name = square_name(sq);
        if self.taken(sq) {
            return Err(MoveError::illegal(text, &rule::TAKEN, format!("{name} already holds a stone")));
        }
        if self.beside_own(sq) {
            let colour = NAMES[usize::from(self.side)];
            return Err(MoveError::illegal(text, &rule::BESIDE, format!("{name} touches a {colour} stone")));
        }
        Ok(Place(sq))
    }

    fn move_string(&self, mv: &Place) -> String {
        square_name(mv.0)
    }

    fn seat_label(&self, seat: Seat) -> String {
        LABELS.get(seat.index()).map_or_else(|| "?".into(), char::to_string)
    }

    fn board_diagram(&self) -> Diagram {
        self.render_diagram()
    }

    fn board_model(&self) -> arbiter_core::BoardModel {
        self.model()
    }

    fn clicks(&self, mv: &Place) -> Clicks {
        Clicks::new(vec![square_name(mv.0).into()], "")
    }
}
