//! Legal moves: toad placement, toad steps, disc moves of exactly the
//! height under the mover's toad, and the pass.

use super::Ogama;
use super::board::{Color, KING, NO_SQUARE, SQUARES, Square, paths};
use super::moves::OgamaMove;

/// Iterates the squares of a 25-bit set.
#[inline]
fn squares(mut set: u32) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let sq = set.trailing_zeros() as Square;
            set &= set - 1;
            sq
        })
    })
}

impl Ogama {
    /// Squares whose top disc is `color`'s.
    #[inline]
    fn tops(&self, color: Color) -> u32 {
        let mut set = 0;
        for sq in 0..SQUARES {
            if self.stacks[sq].top() == Some(color) {
                set |= 1 << sq;
            }
        }
        set
    }

    /// Squares holding a toad.
    #[inline]
    fn toad_squares(&self) -> u32 {
        self.toads.iter().filter(|&&t| t != NO_SQUARE).fold(0, |set, &t| set | 1 << t)
    }

    /// `color`'s moves on this board (not passing), as if it were to move.
    fn moves_for(&self, color: Color, out: &mut Vec<OgamaMove>) {
        let tops = self.tops(color);
        let toads = self.toad_squares();
        let toad = self.toads[color.index()];
        if toad == NO_SQUARE {
            out.extend(squares(tops & !toads).map(OgamaMove::Place));
            return;
        }
        out.extend(squares(KING[toad as usize] & tops & !toads).map(|to| OgamaMove::Toad(toad, to)));
        let h = self.stacks[toad as usize].height();
        for from in squares(tops & !toads) {
            let mut ends = 0u32;
            for path in paths(from, h) {
                if path.squares & toads == 0 {
                    ends |= 1 << path.to;
                }
            }
            out.extend(squares(ends).map(|to| OgamaMove::Disc(from, to)));
        }
    }

    /// Whether `color` has no move but passing on this board.
    pub(crate) fn stuck(&self, color: Color) -> bool {
        let mut moves = Vec::new();
        self.moves_for(color, &mut moves);
        moves.is_empty()
    }

    /// Writes every legal move into `out`: a pass only when nothing else is
    /// legal and the opponent could move after it (when neither side can
    /// move the two passes are forced and the game is over).
    pub(crate) fn generate(&self, out: &mut Vec<OgamaMove>) {
        out.clear();
        if self.decided().is_some() {
            return;
        }
        self.moves_for(self.side, out);
        if out.is_empty() && !self.stuck(self.side.other()) {
            out.push(OgamaMove::Pass);
        }
    }

    /// Every legal move here.
    pub fn legal_move_list(&self) -> Vec<OgamaMove> {
        let mut moves = Vec::new();
        self.generate(&mut moves);
        moves
    }
}
