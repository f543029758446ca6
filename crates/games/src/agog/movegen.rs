//! Legal moves: the maximum-capture rule over every unit, multi-jump
//! sequences with their capture/corrupt choices, quiet moves, and the
//! sanctum choices of a unit that ends there.

use super::Agog;
use super::board::{Color, Edition, FILE_A, FILE_H, Kind, NEIGHBOURS, NO_SQUARE, Square, bit, forward};
use super::moves::{AgogMove, MAX_JUMPS};

/// Squares one step in direction `dir` from each square of `set`.
#[inline]
const fn shift(set: u64, dir: usize) -> u64 {
    match dir {
        0 => (set & !FILE_H) << 1,
        1 => set << 8,
        2 => (set & !FILE_A) >> 1,
        _ => set >> 8,
    }
}

/// The `k`-th lowest square of `set` (which has more than `k` squares),
/// found by halving rather than by clearing `k` bits one at a time.
#[inline]
fn nth_square(mut set: u64, mut k: u32) -> Square {
    let mut base = 0;
    for width in [32u32, 16, 8] {
        let mask = (1u64 << width) - 1;
        let low = (set & mask).count_ones();
        if k >= low {
            k -= low;
            set >>= width;
            base += width;
        } else {
            set &= mask;
        }
    }
    for _ in 0..k {
        set &= set - 1;
    }
    (base + set.trailing_zeros()) as Square
}

/// Iterates the squares of a bitboard.
#[inline]
pub(crate) fn squares(mut set: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let sq = set.trailing_zeros() as Square;
            set &= set - 1;
            Some(sq)
        }
    })
}

impl Agog {
    /// Units of the side to move that step like golems.
    #[inline]
    fn steppers(&self, color: Color) -> u64 {
        let u = &self.board.units[color.index()];
        u[Kind::Golem.index()] | u[Kind::Journeyman.index()] | u[Kind::CorruptGolem.index()]
    }

    /// Units of a side that slide like hulks.
    #[inline]
    fn sliders(&self, color: Color) -> u64 {
        let u = &self.board.units[color.index()];
        u[Kind::Hulk.index()] | u[Kind::CorruptHulk.index()]
    }

    /// Steppers of the side to move with a first jump available.
    #[inline]
    fn jumping_steppers(&self) -> u64 {
        let me = self.side;
        let enemy = self.board.occupied[me.other().index()];
        let empty = !self.board.all();
        let mut from = 0;
        for dir in 0..4 {
            let back = dir ^ 2;
            from |= shift(shift(empty, back) & enemy, back);
        }
        from & self.steppers(me)
    }

    /// Whether the slider on `sq` has a first jump available.
    #[inline]
    fn slider_jumps(&self, sq: Square) -> bool {
        let all = self.board.all();
        let enemy = self.board.occupied[self.side.other().index()];
        NEIGHBOURS.iter().any(|line| {
            let victim = first_occupied(sq, line, all);
            victim != NO_SQUARE && enemy & bit(victim) != 0 && {
                let landing = line[victim as usize];
                landing != NO_SQUARE && all & bit(landing) == 0
            }
        })
    }

    /// Whether the side to move has any capture.
    pub(crate) fn any_capture(&self) -> bool {
        self.jumping_steppers() != 0 || squares(self.sliders(self.side)).any(|sq| self.slider_jumps(sq))
    }

    /// Whether the game has been decided by a journeyman (captured or home).
    #[inline]
    pub(crate) fn journeyman_decided(&self) -> bool {
        let w = self.board.units[0][Kind::Journeyman.index()];
        let b = self.board.units[1][Kind::Journeyman.index()];
        w == 0 || b == 0 || w & bit(Color::White.target_sanctum()) != 0 || b & bit(Color::Black.target_sanctum()) != 0
    }

    /// Writes every legal move into `out`.
    pub(crate) fn generate(&self, out: &mut Vec<AgogMove>) {
        out.clear();
        if self.journeyman_decided() {
            return;
        }
        if self.any_capture() {
            self.generate_captures(out);
        } else {
            self.generate_quiet(out);
        }
    }

    /// Number of legal moves, counting quiet moves without making them.
    pub(crate) fn count(&self, scratch: &mut Vec<AgogMove>) -> usize {
        if self.journeyman_decided() {
            return 0;
        }
        if self.any_capture() {
            self.generate_captures(scratch);
            return scratch.len();
        }
        let me = self.side;
        let empty = !self.board.all();
        let sanctum = bit(me.target_sanctum());
        let golems = self.board.units[me.index()][Kind::Golem.index()];
        let other_golems = golems.count_ones() as usize;
        let mut n = 0;
        let steppers = self.steppers(me);
        for dir in forward(me) {
            let dest = shift(steppers, dir) & empty;
            n += dest.count_ones() as usize;
            if dest & sanctum != 0 && shift(golems, dir) & sanctum != 0 {
                // A golem arriving may be stacked on any of the others.
                n += other_golems - 1;
            }
        }
        let all = self.board.all();
        let promotable = self.promotable_sliders(me);
        for sq in squares(self.sliders(me)) {
            for dir in forward(me) {
                let mut to = NEIGHBOURS[dir][sq as usize];
                while to != NO_SQUARE && all & bit(to) == 0 {
                    n += 1;
                    if to == me.target_sanctum() && promotable & bit(sq) != 0 {
                        n += other_golems;
                    }
                    to = NEIGHBOURS[dir][to as usize];
                }
            }
        }
        n
    }

    /// A uniformly random legal move. Without a capture on the board the
    /// stepper moves are counted on bitboards and the chosen one is built
    /// alone; otherwise every move is generated.
    #[inline(always)]
    pub(crate) fn pick_random<R: rand::Rng + ?Sized>(
        &self,
        rng: &mut R,
        scratch: &mut Vec<AgogMove>,
    ) -> Option<AgogMove> {
        use rand::RngExt;
        if self.journeyman_decided() {
            return None;
        }
        let me = self.side;
        let empty = !self.board.all();
        let steppers = self.steppers(me);
        let [d0, d1] = forward(me);
        let (dest0, dest1) = (shift(steppers, d0) & empty, shift(steppers, d1) & empty);
        if self.any_capture() {
            self.generate_captures(scratch);
        } else if (dest0 | dest1) & bit(me.target_sanctum()) != 0 {
            scratch.clear();
            self.generate_quiet(scratch);
        } else {
            scratch.clear();
            for sq in squares(self.sliders(me)) {
                for dir in [d0, d1] {
                    let line = &NEIGHBOURS[dir];
                    let mut to = line[sq as usize];
                    while to != NO_SQUARE && empty & bit(to) != 0 {
                        self.push_with_sanctum(scratch, self.board.kind_at(me, sq), AgogMove::quiet(sq, to));
                        to = line[to as usize];
                    }
                }
            }
            let (n0, n1) = (dest0.count_ones() as usize, dest1.count_ones() as usize);
            let total = n0 + n1 + scratch.len();
            if total == 0 {
                return None;
            }
            let k = rng.random_range(0..total);
            let (dir, dest, k) = if k < n0 {
                (d0, dest0, k)
            } else if k < n0 + n1 {
                (d1, dest1, k - n0)
            } else {
                return Some(scratch[k - n0 - n1]);
            };
            let to = nth_square(dest, k as u32);
            return Some(AgogMove::quiet(NEIGHBOURS[dir ^ 2][to as usize], to));
        }
        if scratch.is_empty() { None } else { Some(scratch[rng.random_range(0..scratch.len())]) }
    }

    /// Sliders of `color` that may make a hulk when they reach the sanctum.
    #[inline]
    fn promotable_sliders(&self, color: Color) -> u64 {
        let u = &self.board.units[color.index()];
        match self.edition {
            Edition::Current => u[Kind::Hulk.index()] | u[Kind::CorruptHulk.index()],
            Edition::Classic => u[Kind::Hulk.index()],
        }
    }

    /// Whether the side to move has any legal move.
    pub(crate) fn has_move(&self) -> bool {
        if self.journeyman_decided() {
            return false;
        }
        if self.any_capture() {
            return true;
        }
        let me = self.side;
        let empty = !self.board.all();
        let movers = self.steppers(me) | self.sliders(me);
        forward(me).iter().any(|&dir| shift(movers, dir) & empty != 0)
    }

    fn generate_quiet(&self, out: &mut Vec<AgogMove>) {
        let me = self.side;
        let all = self.board.all();
        let empty = !all;
        let sanctum = me.target_sanctum();
        let steppers = self.steppers(me);
        for dir in forward(me) {
            let back = &NEIGHBOURS[dir ^ 2];
            let mut dest = shift(steppers, dir) & empty;
            if dest & bit(sanctum) != 0 {
                dest &= !bit(sanctum);
                let from = back[sanctum as usize];
                self.push_with_sanctum(out, self.board.kind_at(me, from), AgogMove::quiet(from, sanctum));
            }
            for to in squares(dest) {
                out.push(AgogMove::quiet(back[to as usize], to));
            }
        }
        for sq in squares(self.sliders(me)) {
            let kind = self.board.kind_at(me, sq);
            for dir in forward(me) {
                let line = &NEIGHBOURS[dir];
                let mut to = line[sq as usize];
                while to != NO_SQUARE && all & bit(to) == 0 {
                    self.push_with_sanctum(out, kind, AgogMove::quiet(sq, to));
                    to = line[to as usize];
                }
            }
        }
    }

    /// Pushes `mv`, expanded into its sanctum choices when it ends there.
    #[inline]
    fn push_with_sanctum(&self, out: &mut Vec<AgogMove>, kind: Kind, mv: AgogMove) {
        let me = self.side;
        if mv.to == me.target_sanctum() && self.promotes(kind) {
            let others = self.board.units[me.index()][Kind::Golem.index()] & !bit(mv.from);
            for target in squares(others) {
                out.push(AgogMove { promote: target, ..mv });
            }
        }
        out.push(mv);
    }

    /// Whether a unit of `kind` may make a hulk at the enemy sanctum.
    #[inline]
    pub(crate) fn promotes(&self, kind: Kind) -> bool {
        match kind {
            Kind::Golem | Kind::Hulk => true,
            Kind::CorruptHulk => self.edition == Edition::Current,
            Kind::CorruptGolem | Kind::Journeyman => false,
        }
    }

    fn generate_captures(&self, out: &mut Vec<AgogMove>) {
        let me = self.side;
        let them = me.other();
        let enemy = self.board.occupied[them.index()];
        let eu = &self.board.units[them.index()];
        let mut search = Sequences {
            position: self,
            out,
            best: 0,
            kind: Kind::Golem,
            from: 0,
            corrupts: false,
            pool: self.pools[me.index()],
            corruptible: eu[Kind::Golem.index()] | eu[Kind::Hulk.index()],
            classic: self.edition == Edition::Classic,
            path: [0; MAX_JUMPS],
        };
        search.out.clear();
        for sq in squares(self.jumping_steppers() | self.sliders(me)) {
            let kind = self.board.kind_at(me, sq);
            search.kind = kind;
            search.from = sq;
            search.corrupts = self.edition.corrupts(kind) && search.pool > 0;
            search.extend(sq, 0, self.board.all() & !bit(sq), enemy, 0, 0);
        }
    }
}

/// The first occupied square from `sq` along `line` (one direction's
/// neighbour table), or `NO_SQUARE`.
#[inline]
fn first_occupied(sq: Square, line: &[Square; 64], occupied: u64) -> Square {
    let mut s = line[sq as usize];
    while s != NO_SQUARE && occupied & bit(s) == 0 {
        s = line[s as usize];
    }
    s
}

/// Depth-first search over the capture sequences of one unit at a time,
/// keeping the complete sequences of the greatest length seen so far.
struct Sequences<'a> {
    position: &'a Agog,
    out: &'a mut Vec<AgogMove>,
    best: u8,
    kind: Kind,
    from: Square,
    corrupts: bool,
    pool: u8,
    corruptible: u64,
    classic: bool,
    path: [Square; MAX_JUMPS],
}

impl Sequences<'_> {
    /// Continues a sequence standing on `at` after `depth` jumps. `occupied`
    /// is what blocks (the mover's start excluded), `targets` the enemy
    /// units that may still be jumped.
    fn extend(&mut self, at: Square, depth: usize, occupied: u64, targets: u64, corrupt: u32, used: u8) {
        let mut extended = false;
        let slides = self.kind.slides();
        for line in &NEIGHBOURS {
            let victim = if slides { first_occupied(at, line, occupied) } else { line[at as usize] };
            if victim == NO_SQUARE || targets & bit(victim) == 0 {
                continue;
            }
            let remaining = targets & !bit(victim);
            let may_corrupt = self.corrupts && used < self.pool && self.corruptible & bit(victim) != 0;
            let after_capture = if self.classic { occupied & !bit(victim) } else { occupied };
            let mut landing = line[victim as usize];
            while landing != NO_SQUARE && occupied & bit(landing) == 0 {
                extended = true;
                self.path[depth] = landing;
                self.extend(landing, depth + 1, after_capture, remaining, corrupt, used);
                if may_corrupt {
                    self.extend(landing, depth + 1, occupied, remaining, corrupt | 1 << depth, used + 1);
                }
                if !slides {
                    break;
                }
                landing = line[landing as usize];
            }
        }
        if !extended && depth > 0 {
            self.record(at, depth, corrupt);
        }
    }

    fn record(&mut self, to: Square, depth: usize, corrupt: u32) {
        let length = depth as u8;
        if length < self.best {
            return;
        }
        if length > self.best {
            self.out.clear();
            self.best = length;
        }
        let mut path = [0; MAX_JUMPS];
        path[..depth].copy_from_slice(&self.path[..depth]);
        let mv = AgogMove { from: self.from, to, jumps: length, promote: NO_SQUARE, corrupt, path };
        self.position.push_with_sanctum(self.out, self.kind, mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_square_agrees_with_iteration() {
        let mut state = 7u64;
        for _ in 0..2_000 {
            let set = arbiter_core::splitmix64(&mut state) & arbiter_core::splitmix64(&mut state);
            for (k, sq) in squares(set).enumerate() {
                assert_eq!(nth_square(set, k as u32), sq, "{set:#x} {k}");
            }
        }
    }
}
