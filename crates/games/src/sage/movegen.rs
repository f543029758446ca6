//! Legal moves. Each piece's moves are found as one set of destination
//! squares (plus the river ends it may escape past); listing, counting and
//! picking a random move all read those sets, so they cannot disagree.

use super::Sage;
use super::board::{Bits, Color, Dir, Kind, NONE, RIVER_EAST, RIVER_RANK, RIVER_WEST, Square, TABLES, bit, squares};
use super::moves::{End, SageMove};

/// The origin standing for a Sage in her tower.
const TOWER: Square = u8::MAX;

/// Escape flags of a [`Reach`].
const WEST: u8 = 1;
const EAST: u8 = 2;

/// The most pieces a side has: a Sage, eight apprentices, two skyships.
const MAX_PIECES: usize = 11;

/// The moves of one piece (or of the Sage in her tower).
#[derive(Clone, Copy, Debug, Default)]
struct Reach {
    /// Where the piece stands (`TOWER` for the Sage in her tower).
    from: Square,
    /// The squares it may move to.
    to: Bits,
    /// The river ends it may escape past (`WEST`, `EAST`).
    escapes: u8,
}

impl Reach {
    #[inline]
    fn count(&self) -> u32 {
        self.to.count_ones() + self.escapes.count_ones()
    }
}

/// The moves of every piece of one side that has any.
struct Reaches {
    items: [Reach; MAX_PIECES],
    len: usize,
}

impl Reaches {
    #[inline]
    fn push(&mut self, from: Square, to: Bits, escapes: u8) {
        if (to != 0 || escapes != 0) && self.len < MAX_PIECES {
            self.items[self.len] = Reach { from, to, escapes };
            self.len += 1;
        }
    }

    fn iter(&self) -> impl Iterator<Item = &Reach> {
        self.items[..self.len].iter()
    }

    fn count(&self) -> u32 {
        self.iter().map(Reach::count).sum()
    }
}

/// The `n`-th square (from 0, lowest first) of a set with more than `n`.
#[inline]
fn nth_square(mut set: Bits, n: u32) -> Square {
    for _ in 0..n {
        set &= set - 1;
    }
    set.trailing_zeros() as Square
}

/// The moves in a reach, destinations lowest first, then escapes.
fn expand(reach: &Reach, out: &mut Vec<SageMove>) {
    for to in squares(reach.to) {
        out.push(if reach.from == TOWER { SageMove::Tower(to) } else { SageMove::Step(reach.from, to) });
    }
    if reach.escapes & WEST != 0 {
        out.push(SageMove::Escape(reach.from, End::West));
    }
    if reach.escapes & EAST != 0 {
        out.push(SageMove::Escape(reach.from, End::East));
    }
}

/// The `k`-th move of a reach, in [`expand`]'s order.
fn nth_move(reach: &Reach, k: u32) -> SageMove {
    let squares = reach.to.count_ones();
    if k < squares {
        let to = nth_square(reach.to, k);
        return if reach.from == TOWER { SageMove::Tower(to) } else { SageMove::Step(reach.from, to) };
    }
    let west = reach.escapes & WEST != 0;
    let end = if k == squares && west { End::West } else { End::East };
    SageMove::Escape(reach.from, end)
}

/// The squares an apprentice on `sq` may slide or step to, and the river
/// ends it may escape past, with `occupied` squares blocking.
#[inline]
fn apprentice_reach(sq: Square, occupied: Bits) -> (Bits, u8) {
    let s = sq as usize;
    let mut to = 0;
    let mut escapes = 0;
    for dir in [Dir::North, Dir::East, Dir::South, Dir::West] {
        let d = dir as usize;
        let blockers = TABLES.ray[d][s] & occupied;
        if blockers == 0 {
            to |= TABLES.slide[d][s];
            if sq / 8 == RIVER_RANK {
                escapes |= match dir {
                    Dir::West => WEST,
                    Dir::East => EAST,
                    _ => 0,
                };
            }
        } else {
            let first = if dir.ascending() { blockers.trailing_zeros() } else { 127 - blockers.leading_zeros() };
            to |= TABLES.slide[d][s] & !(TABLES.ray[d][first as usize] | bit(first as Square));
        }
    }
    (to, escapes)
}

impl Sage {
    /// Where a hop from `sq` lands: straight across the river over a
    /// friendly piece (`own`) onto an empty far-bank square.
    #[inline]
    fn hop(sq: Square, own: Bits, empty: Bits) -> Bits {
        let (over, land) = TABLES.hop[sq as usize];
        if over != NONE && own & bit(over) != 0 { empty & bit(land) } else { 0 }
    }

    /// The moves of `color`'s pieces on this board, as if it were to move
    /// (passing aside).
    fn reaches(&self, color: Color) -> Reaches {
        let mut r = Reaches { items: [Reach::default(); MAX_PIECES], len: 0 };
        let mine = &self.pieces[color.index()];
        let own = mine[0] | mine[1] | mine[2];
        let occupied = own | self.occupied_by(color.other());
        let empty = !occupied & super::board::BOARD;
        let sage = mine[Kind::Sage.index()];
        if sage != 0 {
            let sq = sage.trailing_zeros() as Square;
            let to = (TABLES.king[sq as usize] & empty) | Sage::hop(sq, own, empty);
            let escapes = match sq {
                RIVER_WEST => WEST,
                RIVER_EAST => EAST,
                _ => 0,
            };
            r.push(sq, to, escapes);
        } else if self.towers[color.index()] {
            r.push(TOWER, color.tower_squares() & empty, 0);
        }
        for sq in squares(mine[Kind::Apprentice.index()]) {
            let (to, escapes) = apprentice_reach(sq, occupied);
            r.push(sq, to | Sage::hop(sq, own, empty), escapes);
        }
        let skyships = self.pieces[0][Kind::Skyship.index()] | self.pieces[1][Kind::Skyship.index()];
        for sq in squares(mine[Kind::Skyship.index()]) {
            // Two diagonal steps: through any middle square but a skyship.
            let mut to = 0;
            for middle in squares(TABLES.diagonal[sq as usize] & !skyships) {
                to |= TABLES.diagonal[middle as usize];
            }
            r.push(sq, to & empty, 0);
        }
        r
    }

    /// Whether `color` has a move on this board other than passing.
    pub(crate) fn can_move(&self, color: Color) -> bool {
        self.reaches(color).len > 0
    }

    /// Writes every legal move into `out`: nothing when the game is over,
    /// a pass only when nothing else is legal and the opponent could move
    /// after it (when neither side can move, the two passes are forced and
    /// the game is over).
    pub(crate) fn generate(&self, out: &mut Vec<SageMove>) {
        out.clear();
        if self.decided().is_some() {
            return;
        }
        let reaches = self.reaches(self.side);
        for reach in reaches.iter() {
            expand(reach, out);
        }
        if out.is_empty() && self.can_move(self.side.other()) {
            out.push(SageMove::Pass);
        }
    }

    /// The number of legal moves, counted on square sets.
    pub(crate) fn count(&self) -> usize {
        if self.decided().is_some() {
            return 0;
        }
        match self.reaches(self.side).count() {
            0 => usize::from(self.can_move(self.side.other())),
            n => n as usize,
        }
    }

    /// A uniformly random legal move, counted on square sets and built
    /// alone.
    pub(crate) fn pick_random<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<SageMove> {
        use rand::RngExt;
        if self.decided().is_some() {
            return None;
        }
        let reaches = self.reaches(self.side);
        let total = reaches.count();
        if total == 0 {
            return self.can_move(self.side.other()).then_some(SageMove::Pass);
        }
        let mut k = rng.random_range(0..total);
        for reach in reaches.iter() {
            let n = reach.count();
            if k < n {
                return Some(nth_move(reach, k));
            }
            k -= n;
        }
        None
    }

    /// Every legal move here.
    pub fn legal_move_list(&self) -> Vec<SageMove> {
        let mut moves = Vec::new();
        self.generate(&mut moves);
        moves
    }
}
