//! Squares, stacks and the tables move generation reads.

use std::sync::OnceLock;

use arbiter_core::splitmix64;

/// A square, 0..25: `rank * 5 + file`, so a1 = 0, e1 = 4, a5 = 20.
pub type Square = u8;

/// "No square": a toad not yet placed.
pub const NO_SQUARE: Square = 25;

/// Number of squares.
pub const SQUARES: usize = 25;

/// The tallest stack: reaching it wins.
pub const MAX_HEIGHT: u32 = 6;

/// A square's name, such as `c3`.
pub fn square_name(sq: Square) -> String {
    let mut s = String::with_capacity(2);
    push_square_name(&mut s, sq);
    s
}

/// Writes the square's name onto `out`.
pub fn push_square_name(out: &mut String, sq: Square) {
    out.push((b'a' + sq % 5) as char);
    out.push((b'1' + sq / 5) as char);
}

/// Reads a square name such as `c3`.
pub fn parse_square(text: &str) -> Option<Square> {
    match text.as_bytes() {
        [f @ b'a'..=b'e', r @ b'1'..=b'5'] => Some((r - b'1') * 5 + (f - b'a')),
        _ => None,
    }
}

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Orange, `o`, moves first.
    Orange = 0,
    /// Blue, `b`.
    Blue = 1,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Orange => Color::Blue,
            Color::Blue => Color::Orange,
        }
    }

    /// Index for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter in text: `o` or `b`.
    pub const fn letter(self) -> char {
        match self {
            Color::Orange => 'o',
            Color::Blue => 'b',
        }
    }

    /// The side's name: `Orange`, `Blue`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Orange => "Orange",
            Color::Blue => "Blue",
        }
    }

    fn from_bit(bit: u8) -> Color {
        if bit == 0 { Color::Orange } else { Color::Blue }
    }
}

/// A stack of up to six discs in one byte: bit `i` is the colour of disc
/// `i` from the bottom (1 for blue), and a marker bit sits just above the
/// top disc. An empty square is `1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stack(pub(crate) u8);

impl Stack {
    /// No disc.
    pub const EMPTY: Stack = Stack(1);

    /// Number of discs.
    #[inline]
    pub const fn height(self) -> u32 {
        7 - self.0.leading_zeros()
    }

    /// The colour of the top disc, if any.
    #[inline]
    pub fn top(self) -> Option<Color> {
        let h = self.height();
        (h > 0).then(|| Color::from_bit((self.0 >> (h - 1)) & 1))
    }

    /// The colours from the bottom up.
    pub fn discs(self) -> impl Iterator<Item = Color> {
        (0..self.height()).map(move |i| Color::from_bit((self.0 >> i) & 1))
    }

    /// The stack with a disc of `color` on top (the stack must have fewer
    /// than six discs).
    #[inline]
    pub const fn push(self, color: Color) -> Stack {
        let h = self.height();
        Stack((self.0 ^ (1 << h)) | ((color as u8) << h) | (1 << (h + 1)))
    }

    /// The stack without its top disc (the stack must not be empty).
    #[inline]
    pub const fn pop(self) -> Stack {
        let h = self.height();
        Stack((self.0 & ((1 << (h - 1)) - 1)) | (1 << (h - 1)))
    }
}

/// Zobrist keys: every stack code on every square, each toad's square,
/// the side to move.
pub(crate) struct Keys {
    pub stack: [[u64; 128]; SQUARES],
    pub toad: [[u64; SQUARES + 1]; 2],
    pub blue_to_move: u64,
}

const fn build_keys() -> Keys {
    let mut state = 0x0CA4_A000_0004;
    let mut keys = Keys { stack: [[0; 128]; SQUARES], toad: [[0; SQUARES + 1]; 2], blue_to_move: 0 };
    let mut i = 0;
    while i < SQUARES * 128 {
        keys.stack[i / 128][i % 128] = splitmix64(&mut state);
        i += 1;
    }
    let mut j = 0;
    while j < 2 * (SQUARES + 1) {
        keys.toad[j / (SQUARES + 1)][j % (SQUARES + 1)] = splitmix64(&mut state);
        j += 1;
    }
    keys.blue_to_move = splitmix64(&mut state);
    keys
}

pub(crate) static KEYS: Keys = build_keys();

/// The eight neighbours of each square, as a bit set of squares.
pub(crate) const KING: [u32; SQUARES] = build_king();

const fn build_king() -> [u32; SQUARES] {
    let mut table = [0u32; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (f, r) = ((sq % 5) as i32, (sq / 5) as i32);
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (nf, nr) = (f + df, r + dr);
                if (df != 0 || dr != 0) && nf >= 0 && nf < 5 && nr >= 0 && nr < 5 {
                    table[sq] |= 1 << (nr * 5 + nf);
                }
                dr += 1;
            }
            df += 1;
        }
        sq += 1;
    }
    table
}

/// One way a disc may travel: every square it crosses, destination
/// included (as a bit set), and the destination.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Path {
    pub squares: u32,
    pub to: Square,
}

/// The squares a disc from `from` can reach in exactly `h` steps when
/// toads stand on `toads[0]` and `toads[1]` (`NO_SQUARE` for none): the
/// union of the destinations of the paths that cross no toad.
#[inline]
pub(crate) fn reach(from: Square, h: u32, toads: [Square; 2]) -> u32 {
    const T: usize = SQUARES + 1;
    static TABLE: OnceLock<Vec<u32>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = vec![0u32; SQUARES * MAX_HEIGHT as usize * T * T];
        for from in 0..SQUARES as Square {
            for h in 1..MAX_HEIGHT {
                for t0 in 0..T {
                    for t1 in 0..T {
                        let blocked = (1u64 << t0 | 1u64 << t1) as u32;
                        let ends =
                            paths(from, h).iter().filter(|p| p.squares & blocked == 0).fold(0, |e, p| e | 1 << p.to);
                        table[((from as usize * MAX_HEIGHT as usize + h as usize) * T + t0) * T + t1] = ends;
                    }
                }
            }
        }
        table
    });
    table[((from as usize * MAX_HEIGHT as usize + h as usize) * T + toads[0] as usize) * T + toads[1] as usize]
}

/// `paths(from, h)`: every path of exactly `h` steps from `from` with at
/// most one right-angle turn that stays on the board.
pub(crate) fn paths(from: Square, h: u32) -> &'static [Path] {
    static TABLE: OnceLock<Vec<Vec<Vec<Path>>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..SQUARES as Square).map(|sq| (0..MAX_HEIGHT).map(|h| build_paths(sq, h)).collect()).collect()
    });
    &table[from as usize][h as usize]
}

fn build_paths(from: Square, h: u32) -> Vec<Path> {
    const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
    let mut out = Vec::new();
    if h == 0 {
        return out;
    }
    for (i, &first) in DIRS.iter().enumerate() {
        // `a` steps one way, then `h - a` at a right angle (none when a = h).
        for a in 1..=h {
            let turns: &[(i32, i32)] = if a == h { &[(0, 0)] } else { &[DIRS[(i + 1) % 4], DIRS[(i + 3) % 4]] };
            for &second in turns {
                let (mut f, mut r) = ((from % 5) as i32, (from / 5) as i32);
                let mut squares = 0u32;
                let mut on_board = true;
                for step in 0..h {
                    let (df, dr) = if step < a { first } else { second };
                    f += df;
                    r += dr;
                    if !(0..5).contains(&f) || !(0..5).contains(&r) {
                        on_board = false;
                        break;
                    }
                    squares |= 1 << (r * 5 + f);
                }
                if on_board {
                    out.push(Path { squares, to: (r * 5 + f) as Square });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacks_push_and_pop() {
        let s = Stack::EMPTY.push(Color::Orange).push(Color::Blue).push(Color::Blue);
        assert_eq!(s.height(), 3);
        assert_eq!(s.top(), Some(Color::Blue));
        assert_eq!(s.discs().collect::<Vec<_>>(), [Color::Orange, Color::Blue, Color::Blue]);
        assert_eq!(s.pop().pop(), Stack::EMPTY.push(Color::Orange));
        assert_eq!(s.pop().pop().pop(), Stack::EMPTY);
        assert_eq!(Stack::EMPTY.height(), 0);
        let tall = (0..6).fold(Stack::EMPTY, |s, i| s.push(if i % 2 == 0 { Color::Blue } else { Color::Orange }));
        assert_eq!(tall.height(), 6);
        assert_eq!(tall.top(), Some(Color::Orange));
    }

    #[test]
    fn the_knight_like_example_has_the_right_paths() {
        // From c3 with a three-disc stack under the toad: three straight,
        // or two then one to the side, or one then two to the side.
        let c3 = parse_square("c3").unwrap();
        let mut ends: Vec<String> = paths(c3, 3).iter().map(|p| square_name(p.to)).collect();
        ends.sort();
        ends.dedup();
        assert_eq!(ends, ["a2", "a4", "b1", "b5", "d1", "d5", "e2", "e4"]);
        assert!(paths(c3, 1).iter().all(|p| p.squares.count_ones() == 1));
    }

    /// Squares where a free top of a side with its toad on `toad` (on a
    /// stack of height `h`) has no move: no disc path and no toad step onto
    /// it.
    fn dead_squares(toad: Square, h: u32, toads: [Square; 2]) -> Vec<Square> {
        (0..SQUARES as Square)
            .filter(|&sq| !toads.contains(&sq) && reach(sq, h, toads) == 0 && KING[toad as usize] & 1 << sq == 0)
            .collect()
    }

    /// Neither side can ever be without a move at once, so the two-pass end
    /// never happens: a side with its toad placed is stuck only when every
    /// free square it tops is dead for it, a side without its toad only
    /// when it tops no free square; and for every placement of the toads
    /// and every height under them, the dead squares and the toads' stacks
    /// (at most five discs each, six ends the game) cannot hold all 24
    /// discs.
    #[test]
    fn both_sides_are_never_stuck_at_once() {
        let five = MAX_HEIGHT - 1;
        for t0 in 0..=SQUARES as Square {
            for t1 in 0..=SQUARES as Square {
                if t0 == t1 {
                    continue;
                }
                let toads = [t0, t1];
                for h0 in 1..=five {
                    for h1 in 1..=five {
                        let mut room = 0;
                        let mut free = 0u32;
                        for (toad, h) in [(t0, h0), (t1, h1)] {
                            if toad == NO_SQUARE {
                                continue;
                            }
                            room += h;
                            for sq in dead_squares(toad, h, toads) {
                                free |= 1 << sq;
                            }
                        }
                        room += five * free.count_ones();
                        assert!(room < 24, "toads {toads:?}, heights {h0} {h1}: room for {room} discs");
                    }
                }
            }
        }
    }
}
