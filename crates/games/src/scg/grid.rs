//! The N×N grid: square names, sets of squares as 192-bit masks, and the
//! neighbour and flood-fill operations that groups and liberties need.
//!
//! Square `row * n + col` is bit `row * n + col` of a [`Cells`]; row 0 is
//! row `a` (the top), column 0 is column `1` (the left).

use std::ops::{BitAnd, BitOr, Not};

/// Fewest players a game begins with.
pub const MIN_PLAYERS: usize = 2;
/// Most players a game begins with.
pub const MAX_PLAYERS: usize = 12;
/// The smallest grid side (two players).
pub const MIN_SIDE: usize = 5;
/// The largest grid side (eleven or twelve players).
pub const MAX_SIDE: usize = 12;
/// Squares of the largest grid.
pub const MAX_SQUARES: usize = MAX_SIDE * MAX_SIDE;

/// A square, `row * n + col` on a grid of side `n`.
pub type Square = u8;

/// The grid side for a game that begins with `players` players: the
/// smallest N with N² ≥ 12 × players.
pub const fn grid_side(players: usize) -> usize {
    let mut n = 1;
    while n * n < 12 * players {
        n += 1;
    }
    n
}

/// A set of squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cells(pub [u64; 3]);

impl Cells {
    /// No square.
    pub const EMPTY: Cells = Cells([0; 3]);

    /// The set holding one square.
    #[inline]
    pub const fn single(sq: Square) -> Cells {
        let mut words = [0; 3];
        words[sq as usize / 64] = 1 << (sq % 64);
        Cells(words)
    }

    /// Whether the set holds `sq`.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0[sq as usize / 64] & (1 << (sq % 64)) != 0
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Cells {
        let mut words = self.0;
        words[sq as usize / 64] |= 1 << (sq % 64);
        Cells(words)
    }

    /// The set without `sq`.
    #[inline]
    pub const fn without(self, sq: Square) -> Cells {
        let mut words = self.0;
        words[sq as usize / 64] &= !(1 << (sq % 64));
        Cells(words)
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] == 0
    }

    /// The lowest square in the set.
    #[inline]
    pub fn first(self) -> Option<Square> {
        self.0.iter().enumerate().find(|(_, w)| **w != 0).map(|(i, w)| (i * 64) as u8 + w.trailing_zeros() as u8)
    }

    /// The `k`-th lowest square (from 0), if the set has that many.
    pub fn nth(self, mut k: u32) -> Option<Square> {
        for (i, &w) in self.0.iter().enumerate() {
            let ones = w.count_ones();
            if k < ones {
                let mut w = w;
                for _ in 0..k {
                    w &= w - 1;
                }
                return Some((i * 64) as u8 + w.trailing_zeros() as u8);
            }
            k -= ones;
        }
        None
    }

    /// The squares in increasing order.
    #[inline]
    pub fn iter(self) -> CellsIter {
        CellsIter { words: self.0, word: 0 }
    }

    /// Every square moved up by `k` indices (0 < k < 64).
    #[inline]
    const fn shl(self, k: u32) -> Cells {
        let [a, b, c] = self.0;
        Cells([a << k, (b << k) | (a >> (64 - k)), (c << k) | (b >> (64 - k))])
    }

    /// Every square moved down by `k` indices (0 < k < 64).
    #[inline]
    const fn shr(self, k: u32) -> Cells {
        let [a, b, c] = self.0;
        Cells([(a >> k) | (b << (64 - k)), (b >> k) | (c << (64 - k)), c >> k])
    }
}

/// The squares of a [`Cells`], in increasing order.
#[derive(Clone, Debug)]
pub struct CellsIter {
    words: [u64; 3],
    word: usize,
}

impl Iterator for CellsIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < 3 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some((self.word * 64) as u8 + w.trailing_zeros() as u8);
            }
            self.word += 1;
        }
        None
    }
}

impl BitAnd for Cells {
    type Output = Cells;
    #[inline]
    fn bitand(self, o: Cells) -> Cells {
        Cells([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }
}

impl BitOr for Cells {
    type Output = Cells;
    #[inline]
    fn bitor(self, o: Cells) -> Cells {
        Cells([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }
}

impl Not for Cells {
    type Output = Cells;
    /// The complement within 192 bits: mask it with a grid's squares.
    #[inline]
    fn not(self) -> Cells {
        Cells([!self.0[0], !self.0[1], !self.0[2]])
    }
}

/// The shape of one grid side: its squares and the masks that stop a
/// sideways step from wrapping to the next row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// The side N.
    pub n: u8,
    /// Every square of the grid.
    pub all: Cells,
    /// Squares not in column 1.
    not_first_col: Cells,
    /// Squares not in column N.
    not_last_col: Cells,
    /// The neighbours of each square.
    near: [Cells; MAX_SQUARES],
}

const fn geometry(n: usize) -> Geometry {
    let mut all = Cells::EMPTY;
    let mut not_first_col = Cells::EMPTY;
    let mut not_last_col = Cells::EMPTY;
    let mut sq = 0;
    while sq < n * n {
        all = all.with(sq as Square);
        if !sq.is_multiple_of(n) {
            not_first_col = not_first_col.with(sq as Square);
        }
        if sq % n != n - 1 {
            not_last_col = not_last_col.with(sq as Square);
        }
        sq += 1;
    }
    let mut near = [Cells::EMPTY; MAX_SQUARES];
    let mut sq = 0;
    while sq < n * n {
        let (row, col) = (sq / n, sq % n);
        let mut set = Cells::EMPTY;
        if row > 0 {
            set = set.with((sq - n) as Square);
        }
        if row + 1 < n {
            set = set.with((sq + n) as Square);
        }
        if col > 0 {
            set = set.with((sq - 1) as Square);
        }
        if col + 1 < n {
            set = set.with((sq + 1) as Square);
        }
        near[sq] = set;
        sq += 1;
    }
    Geometry { n: n as u8, all, not_first_col, not_last_col, near }
}

static GEOMETRIES: [Geometry; MAX_SIDE + 1] = {
    let mut table = [geometry(1); MAX_SIDE + 1];
    let mut n = 1;
    while n <= MAX_SIDE {
        table[n] = geometry(n);
        n += 1;
    }
    table
};

impl Geometry {
    /// The geometry of side `n` (1 to 12).
    #[inline]
    pub fn of(n: usize) -> &'static Geometry {
        &GEOMETRIES[n]
    }

    /// Number of squares.
    #[inline]
    pub const fn squares(&self) -> usize {
        self.n as usize * self.n as usize
    }

    /// The squares orthogonally next to some square of `x` (those of `x`
    /// included only when next to another).
    #[inline]
    pub fn neighbours(&self, x: Cells) -> Cells {
        let n = self.n as u32;
        ((x.shl(1) & self.not_first_col) | (x.shr(1) & self.not_last_col) | x.shl(n) | x.shr(n)) & self.all
    }

    /// The squares of `within` connected to `seed` through `within`
    /// (`seed` itself must lie in `within`).
    #[inline]
    pub fn flood(&self, mut seed: Cells, within: Cells) -> Cells {
        loop {
            let next = (seed | self.neighbours(seed)) & within;
            if next == seed {
                return seed;
            }
            seed = next;
        }
    }

    /// The orthogonal neighbours of one square.
    #[inline]
    pub fn around(&self, sq: Square) -> Cells {
        self.near[sq as usize]
    }

    /// A square's name: row letter, then column number (`e7`).
    pub fn name(&self, sq: Square) -> String {
        let n = self.n;
        format!("{}{}", (b'a' + sq / n) as char, sq % n + 1)
    }

    /// A square of this grid to give as an example: the rule text's `e7`
    /// where the grid has it, else the nearest square that it has (`e5`
    /// on 5×5, `e6` on 6×6).
    pub fn example(&self) -> String {
        let n = self.n as usize;
        let row = 4.min(n - 1);
        let col = 7.min(n);
        self.name((row * n + col - 1) as Square)
    }

    /// Reads a square name on this grid (`e7`, `a12`; the row letter in
    /// either case), or `None`.
    pub fn parse(&self, text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        let (&row, digits) = bytes.split_first()?;
        let row = row.to_ascii_lowercase();
        if !row.is_ascii_lowercase() || digits.is_empty() || digits.len() > 2 || digits[0] == b'0' {
            return None;
        }
        if !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let col: usize = std::str::from_utf8(digits).ok()?.parse().ok()?;
        let row = (row - b'a') as usize;
        let n = self.n as usize;
        (row < n && (1..=n).contains(&col)).then(|| (row * n + col - 1) as Square)
    }

    /// The last row letter and column number, for messages (`f6`).
    pub fn corner(&self) -> String {
        format!("{}{}", (b'a' + self.n - 1) as char, self.n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_sides_follow_the_rule_text() {
        let sides: Vec<usize> = (2..=12).map(grid_side).collect();
        assert_eq!(sides, [5, 6, 7, 8, 9, 10, 10, 11, 11, 12, 12]);
    }

    #[test]
    fn names_read_back_and_reject_the_rest() {
        let g = Geometry::of(12);
        for sq in 0..144u8 {
            assert_eq!(g.parse(&g.name(sq)), Some(sq));
        }
        assert_eq!(g.name(4 * 12 + 6), "e7");
        assert_eq!(g.name(143), "l12");
        let small = Geometry::of(5);
        for bad in ["", "e", "f1", "a6", "a0", "a01", "F1", "a-1", "a1x", "a123", "é1"] {
            assert_eq!(small.parse(bad), None, "{bad}");
        }
        assert_eq!(small.parse("E5"), small.parse("e5"), "a row letter in capitals");
    }

    #[test]
    fn neighbours_do_not_wrap() {
        for n in 5..=12 {
            let g = Geometry::of(n);
            for sq in 0..g.squares() as u8 {
                let (r, c) = (sq as usize / n, sq as usize % n);
                let mut expected = Cells::EMPTY;
                for (dr, dc) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
                    let (rr, cc) = (r as i32 + dr, c as i32 + dc);
                    if (0..n as i32).contains(&rr) && (0..n as i32).contains(&cc) {
                        expected = expected.with((rr as usize * n + cc as usize) as Square);
                    }
                }
                assert_eq!(g.around(sq), expected, "n {n} square {}", g.name(sq));
                assert_eq!(g.neighbours(Cells::single(sq)), expected);
            }
        }
    }

    #[test]
    fn sets_iterate_count_and_index() {
        let set = Cells::EMPTY.with(3).with(64).with(143).with(70);
        assert_eq!(set.iter().collect::<Vec<_>>(), [3, 64, 70, 143]);
        assert_eq!(set.count(), 4);
        assert_eq!(set.first(), Some(3));
        assert_eq!(set.nth(2), Some(70));
        assert_eq!(set.nth(4), None);
        assert!(!set.without(64).contains(64));
    }
}
