//! Legal moves, found as sets of squares: the Sage's and each skyship's
//! destinations one piece at a time, and every apprentice at once, one
//! set per direction (a Kogge–Stone fill over empty squares, with the
//! river's limits as masks). Listing, counting and picking a random move
//! all read the same [`MoveSets`], so they cannot disagree.
//!
//! Within one direction no two apprentices slide to the same square (the
//! nearer one would block the farther), so one set per direction holds
//! every slide that way, and a slide's origin is the first piece behind
//! its destination.

use super::Sage;
use super::board::{
    BANK_NORTH, BANK_SOUTH, BOARD, Bits, Color, DIRS, Dir, Kind, RIVER, RIVER_EAST, RIVER_WEST, Square, TABLES, bit,
    squares,
};
use super::moves::{End, SageMove};

/// The origin standing for the Sage in her tower.
const TOWER: Square = u8::MAX;

/// The moves of one piece moved on its own: the Sage (or the Sage in her
/// tower) and the skyships.
#[derive(Clone, Copy, Debug, Default)]
struct Reach {
    /// Where the piece stands (`TOWER` for the Sage in her tower).
    from: Square,
    /// The squares it may move to.
    to: Bits,
}

/// Every move of one side, as sets of squares.
struct MoveSets {
    /// The Sage's and the skyships' moves (at most three entries).
    pieces: [Reach; 3],
    piece_count: usize,
    /// Where apprentices slide or step to, one set per direction of
    /// `DIRS`.
    slides: [Bits; 4],
    /// Apprentices' hops: landing squares north (from rank 4) and south
    /// (from rank 6).
    hops: [Bits; 2],
    /// Escapes past the west and east ends: who leaves, if anyone (at most
    /// one piece can have a clear run to each end).
    escapes: [Option<Square>; 2],
    /// Every square occupied, for finding a slide's origin.
    occupied: Bits,
}

/// The number of squares in a set: the board's 72 bits are one full
/// 64-bit word and 8 bits, so the high word is counted as a byte.
#[inline]
fn size(set: Bits) -> u32 {
    (set as u64).count_ones() + ((set >> 64) as u8).count_ones()
}

/// The `n`-th square (from 0, lowest first) of a set with more than `n`.
#[inline]
fn nth_square(mut set: Bits, n: u32) -> Square {
    for _ in 0..n {
        set &= set - 1;
    }
    set.trailing_zeros() as Square
}

const ENDS: [End; 2] = [End::West, End::East];

impl MoveSets {
    fn push_piece(&mut self, from: Square, to: Bits) {
        self.pieces[self.piece_count] = Reach { from, to };
        self.piece_count += 1;
    }

    fn step(from: Square, to: Square) -> SageMove {
        if from == TOWER { SageMove::Tower(to) } else { SageMove::Step(from, to) }
    }

    /// The slide of the apprentice that reaches `to` going `dir`: the first
    /// occupied square behind it.
    #[inline]
    fn slide(&self, dir: Dir, to: Square) -> SageMove {
        let mut from = to as i32;
        loop {
            from -= dir.step();
            if self.occupied & bit(from as Square) != 0 {
                return SageMove::Step(from as Square, to);
            }
        }
    }

    /// A hop landing on `to` going `dir`.
    #[inline]
    fn hop(dir: Dir, to: Square) -> SageMove {
        SageMove::Step((to as i32 - 2 * dir.step()) as Square, to)
    }

    fn escape_moves(&self) -> impl Iterator<Item = SageMove> + '_ {
        ENDS.into_iter().zip(self.escapes).filter_map(|(end, from)| from.map(|f| SageMove::Escape(f, end)))
    }

    /// The number of moves in each set, in [`MoveSets::expand`]'s order:
    /// the pieces, the four slide directions, the two hop directions.
    fn counts(&self) -> [u32; 9] {
        let mut n = [0; 9];
        for (i, reach) in self.pieces[..self.piece_count].iter().enumerate() {
            n[i] = size(reach.to);
        }
        for (i, set) in self.slides.iter().chain(&self.hops).enumerate() {
            n[3 + i] = size(*set);
        }
        n
    }

    fn escape_count(&self) -> u32 {
        u32::from(self.escapes[0].is_some()) + u32::from(self.escapes[1].is_some())
    }

    fn count(&self) -> u32 {
        self.counts().iter().sum::<u32>() + self.escape_count()
    }

    fn is_empty(&self) -> bool {
        self.pieces[..self.piece_count].iter().all(|r| r.to == 0)
            && self.slides == [0; 4]
            && self.hops == [0; 2]
            && self.escapes == [None; 2]
    }

    fn expand(&self, out: &mut Vec<SageMove>) {
        for reach in &self.pieces[..self.piece_count] {
            out.extend(squares(reach.to).map(|to| MoveSets::step(reach.from, to)));
        }
        for (dir, &set) in DIRS.iter().zip(&self.slides) {
            out.extend(squares(set).map(|to| self.slide(*dir, to)));
        }
        for (dir, &set) in [Dir::North, Dir::South].iter().zip(&self.hops) {
            out.extend(squares(set).map(|to| MoveSets::hop(*dir, to)));
        }
        out.extend(self.escape_moves());
    }

    /// The `k`-th move, counting as [`MoveSets::expand`] lists them;
    /// `counts` are [`MoveSets::counts`].
    fn nth(&self, counts: &[u32; 9], mut k: u32) -> Option<SageMove> {
        let mut set = 0;
        while set < 9 && k >= counts[set] {
            k -= counts[set];
            set += 1;
        }
        Some(match set {
            0..3 => {
                let reach = &self.pieces[set];
                MoveSets::step(reach.from, nth_square(reach.to, k))
            }
            3..7 => self.slide(DIRS[set - 3], nth_square(self.slides[set - 3], k)),
            7 => MoveSets::hop(Dir::North, nth_square(self.hops[0], k)),
            8 => MoveSets::hop(Dir::South, nth_square(self.hops[1], k)),
            _ => return self.escape_moves().nth(k as usize),
        })
    }
}

/// Every square reachable from `from` going `dir` over squares of
/// `path` (the squares of `from` included): a Kogge–Stone fill, doubling
/// the distance at each step, `reach` steps at most (1, 3 or 7).
#[inline]
fn fill(dir: Dir, from: Bits, path: Bits, reach: u32) -> Bits {
    // A shift east lands wrapped pieces on file a: no path goes there.
    let mut path = path & dir.shift(BOARD);
    let mut reached = from;
    let mut distance = 1;
    while distance <= reach {
        reached |= path & dir.shift_by(reached, distance);
        path &= dir.shift_by(path, distance);
        distance *= 2;
    }
    reached
}

/// Where the apprentices (`from`) slide or step to going `dir`. A move
/// along a file never enters or crosses the river: pieces in the river or
/// on the bank facing it have only their one step (in or out), and the
/// others slide over empty squares short of the river (at most three).
#[inline]
fn slides(dir: Dir, from: Bits, empty: Bits) -> Bits {
    let facing = match dir {
        Dir::North => BANK_SOUTH,
        Dir::South => BANK_NORTH,
        Dir::East | Dir::West => return dir.shift(fill(dir, from, empty, 7)) & empty,
    };
    let steppers = from & (RIVER | facing);
    let sliding = fill(dir, from & !steppers, empty & !RIVER, 3);
    (dir.shift(sliding) & empty & !RIVER) | (dir.shift(steppers) & empty)
}

/// Where hops from `from` (pieces on a bank) land: straight across the
/// river over a friendly piece (`own`) onto an empty square.
#[inline]
fn hops(from: Bits, own: Bits, empty: Bits) -> [Bits; 2] {
    let north = Dir::North.shift(Dir::North.shift(from & BANK_SOUTH) & own) & empty;
    let south = Dir::South.shift(Dir::South.shift(from & BANK_NORTH) & own) & empty;
    [north, south]
}

impl Sage {
    /// Every move of `color`'s pieces on this board, as if it were to move
    /// (passing aside).
    fn move_sets(&self, color: Color) -> MoveSets {
        let mine = &self.pieces[color.index()];
        let own = mine[0] | mine[1] | mine[2];
        let occupied = own | self.occupied_by(color.other());
        let empty = !occupied & BOARD;
        let mut m = MoveSets {
            pieces: [Reach::default(); 3],
            piece_count: 0,
            slides: [0; 4],
            hops: [0; 2],
            escapes: [None; 2],
            occupied,
        };
        let sage = mine[Kind::Sage.index()];
        if sage != 0 {
            let sq = sage.trailing_zeros() as Square;
            let [north, south] = hops(sage, own, empty);
            m.push_piece(sq, (TABLES.king[sq as usize] & empty) | north | south);
            if sq == RIVER_WEST {
                m.escapes[0] = Some(sq);
            } else if sq == RIVER_EAST {
                m.escapes[1] = Some(sq);
            }
        } else if self.towers[color.index()] {
            m.push_piece(TOWER, color.tower_squares() & empty);
        }

        let skyships = self.pieces[0][Kind::Skyship.index()] | self.pieces[1][Kind::Skyship.index()];
        for sq in squares(mine[Kind::Skyship.index()]) {
            // Two diagonal steps: through any middle square but a skyship.
            let next_to = TABLES.diagonal[sq as usize];
            let to = if next_to & skyships == 0 {
                TABLES.flight[sq as usize]
            } else {
                squares(next_to & !skyships).fold(0, |to, middle| to | TABLES.diagonal[middle as usize])
            };
            m.push_piece(sq, to & empty);
        }

        let apprentices = mine[Kind::Apprentice.index()];
        for (d, dir) in DIRS.into_iter().enumerate() {
            m.slides[d] = slides(dir, apprentices, empty);
        }
        m.hops = hops(apprentices, own, empty);

        // The apprentice nearest an end of the river escapes past it, when
        // it is the nearest piece of all.
        let river = occupied & RIVER;
        if river != 0 {
            let lowest = river.trailing_zeros() as Square;
            let highest = (127 - river.leading_zeros()) as Square;
            if apprentices & bit(lowest) != 0 {
                m.escapes[0] = Some(lowest);
            }
            if apprentices & bit(highest) != 0 {
                m.escapes[1] = Some(highest);
            }
        }
        m
    }

    /// Whether `color` has a move on this board other than passing.
    pub(crate) fn can_move(&self, color: Color) -> bool {
        !self.move_sets(color).is_empty()
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
        self.move_sets(self.side).expand(out);
        if out.is_empty() && self.can_move(self.side.other()) {
            out.push(SageMove::Pass);
        }
    }

    /// The number of legal moves, counted on square sets.
    pub(crate) fn count(&self) -> usize {
        if self.decided().is_some() {
            return 0;
        }
        match self.move_sets(self.side).count() {
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
        let sets = self.move_sets(self.side);
        let counts = sets.counts();
        match counts.iter().sum::<u32>() + sets.escape_count() {
            0 => self.can_move(self.side.other()).then_some(SageMove::Pass),
            total => sets.nth(&counts, rng.random_range(0..total)),
        }
    }

    /// Every legal move here.
    pub fn legal_move_list(&self) -> Vec<SageMove> {
        let mut moves = Vec::new();
        self.generate(&mut moves);
        moves
    }
}
