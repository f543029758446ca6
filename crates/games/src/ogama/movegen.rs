//! Legal moves: toad placement, toad steps, disc moves of exactly the
//! height under the mover's toad, and the pass.

use super::Ogama;
use super::board::{Color, KING, NO_SQUARE, SQUARES, Square, reach};
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

/// The side to move's toad steps and disc moves as square sets.
struct MoveSets {
    /// The toad's square.
    toad: Square,
    /// Where the toad may step.
    steps: u32,
    /// The squares whose top disc may move.
    origins: u32,
    /// Each origin's destinations.
    ends: [u32; SQUARES],
}

impl MoveSets {
    /// How many moves the sets hold.
    fn total(&self) -> u32 {
        self.steps.count_ones() + squares(self.origins).map(|from| self.ends[from as usize].count_ones()).sum::<u32>()
    }
}

impl Ogama {
    /// Squares whose top disc is `color`'s.
    #[inline]
    fn tops(&self, color: Color) -> u32 {
        self.tops[color.index()]
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
            out.extend(squares(reach(from, h, self.toads)).map(|to| OgamaMove::Disc(from, to)));
        }
    }

    /// The side to move's ordinary moves as square sets, when its toad is
    /// placed and the game is not decided: `None` otherwise (placements,
    /// or nothing), which the callers leave to [`Ogama::generate`].
    fn move_sets(&self) -> Option<MoveSets> {
        let me = self.side;
        let toad = self.toads[me.index()];
        if toad == NO_SQUARE || self.decided().is_some() {
            return None;
        }
        let tops = self.tops(me);
        let toads = self.toad_squares();
        let h = self.stacks[toad as usize].height();
        let mut sets =
            MoveSets { toad, steps: KING[toad as usize] & tops & !toads, origins: tops & !toads, ends: [0; SQUARES] };
        for from in squares(sets.origins) {
            sets.ends[from as usize] = reach(from, h, self.toads);
        }
        Some(sets)
    }

    /// The number of legal moves, counted on square sets.
    pub(crate) fn count_moves(&self, scratch: &mut Vec<OgamaMove>) -> usize {
        match self.move_sets() {
            Some(sets) if sets.total() > 0 => sets.total() as usize,
            _ => {
                self.generate(scratch);
                scratch.len()
            }
        }
    }

    /// A uniformly random legal move, counted on square sets and built
    /// alone.
    pub(crate) fn pick_random<R: rand::Rng + ?Sized>(
        &self,
        rng: &mut R,
        scratch: &mut Vec<OgamaMove>,
    ) -> Option<OgamaMove> {
        use rand::RngExt;
        let sets = match self.move_sets() {
            Some(sets) if sets.total() > 0 => sets,
            _ => {
                self.generate(scratch);
                return (!scratch.is_empty()).then(|| scratch[rng.random_range(0..scratch.len())]);
            }
        };
        let mut k = rng.random_range(0..sets.total());
        if k < sets.steps.count_ones() {
            return squares(sets.steps).nth(k as usize).map(|to| OgamaMove::Toad(sets.toad, to));
        }
        k -= sets.steps.count_ones();
        for from in squares(sets.origins) {
            let n = sets.ends[from as usize].count_ones();
            if k < n {
                return squares(sets.ends[from as usize]).nth(k as usize).map(|to| OgamaMove::Disc(from, to));
            }
            k -= n;
        }
        None
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
