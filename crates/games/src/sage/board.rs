//! Squares, sides, pieces, the bit sets of squares and the tables move
//! generation reads.
//!
//! The board has 8 files (a–h) and 9 ranks (1–9): 72 squares, one bit each
//! of a `u128` (bit `rank * 8 + file`, so a1 = 0, h1 = 7, a9 = 64). Rank 5
//! is the river; ranks 4 and 6 are its banks.

use arbiter_core::splitmix64;

/// A square, 0..72: `rank * 8 + file`, so a1 = 0, h1 = 7, a5 = 32, h9 = 71.
pub type Square = u8;

/// A set of squares: bit `sq` for square `sq`.
pub type Bits = u128;

/// Number of squares.
pub const SQUARES: usize = 72;

/// Number of files.
pub const FILES: u8 = 8;

/// Number of ranks.
pub const RANKS: u8 = 9;

/// "No square" in the neighbour table.
pub(crate) const NONE: Square = u8::MAX;

/// Every square of the board.
pub const BOARD: Bits = (1 << SQUARES) - 1;

/// Rank index (0-based) of the river, rank 5.
pub const RIVER_RANK: u8 = 4;

/// The river squares a5–h5.
pub const RIVER: Bits = 0xFF << (RIVER_RANK * 8);

/// The river's west end, a5: a piece leaves the board past it.
pub const RIVER_WEST: Square = RIVER_RANK * 8;

/// The river's east end, h5.
pub const RIVER_EAST: Square = RIVER_RANK * 8 + 7;

/// The points a player needs to win.
pub const WINNING_SCORE: u8 = 5;

/// The most points a player can have: eight apprentices and the Sage.
pub const MAX_SCORE: u8 = 11;

/// The file (0 = a) of a square.
#[inline]
pub const fn file_of(sq: Square) -> u8 {
    sq % FILES
}

/// The rank index (0 = rank 1) of a square.
#[inline]
pub const fn rank_of(sq: Square) -> u8 {
    sq / FILES
}

/// The bit of a square.
#[inline]
pub const fn bit(sq: Square) -> Bits {
    1 << sq
}

/// The square's name, such as `e4`.
pub fn square_name(sq: Square) -> String {
    let mut s = String::with_capacity(2);
    push_square_name(&mut s, sq);
    s
}

/// Writes the square's name onto `out`.
pub fn push_square_name(out: &mut String, sq: Square) {
    out.push((b'a' + file_of(sq)) as char);
    out.push((b'1' + rank_of(sq)) as char);
}

/// Reads a square name such as `e4` (a1 to h9).
pub fn parse_square(text: &str) -> Option<Square> {
    match text.as_bytes() {
        [f @ b'a'..=b'h', r @ b'1'..=b'9'] => Some((r - b'1') * FILES + (f - b'a')),
        _ => None,
    }
}

/// Iterates the squares of a set, lowest first.
#[inline]
pub fn squares(mut set: Bits) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let sq = set.trailing_zeros() as Square;
            set &= set - 1;
            sq
        })
    })
}

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Black, the darker colour: moves first, starts on ranks 1–2.
    Black = 0,
    /// Red: starts on ranks 8–9.
    Red = 1,
}

impl Color {
    /// Both sides, Black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::Red];

    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::Red,
            Color::Red => Color::Black,
        }
    }

    /// Index for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter in text: `b` or `r`.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'b',
            Color::Red => 'r',
        }
    }

    /// The side's name: `Black`, `Red`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::Red => "Red",
        }
    }

    /// The four squares around this side's tower: a Sage comes out onto
    /// one of them (Black: d1 e1 d2 e2; Red: d8 e8 d9 e9).
    #[inline]
    pub const fn tower_squares(self) -> Bits {
        match self {
            Color::Black => 0b11000 | 0b11000 << 8,
            Color::Red => (0b11000 | 0b11000 << 8) << (7 * 8),
        }
    }
}

/// What a piece is. Its owner is the colour it is filed under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The Sage: one step in any direction; escapes for 3 points.
    Sage = 0,
    /// An apprentice: slides orthogonally, with the river's limits; escapes
    /// for 1 point.
    Apprentice = 1,
    /// A skyship: two diagonal steps; never escapes.
    Skyship = 2,
}

/// Every kind, in index order.
pub const KINDS: [Kind; 3] = [Kind::Sage, Kind::Apprentice, Kind::Skyship];

impl Kind {
    /// Index for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter in position strings (Black's, upper case): `S`, `A`, `K`.
    pub const fn letter(self) -> char {
        match self {
            Kind::Sage => 'S',
            Kind::Apprentice => 'A',
            Kind::Skyship => 'K',
        }
    }

    /// The kind's name in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Sage => "Sage",
            Kind::Apprentice => "apprentice",
            Kind::Skyship => "skyship",
        }
    }

    /// The points an escape of this kind scores.
    #[inline]
    pub const fn points(self) -> u8 {
        match self {
            Kind::Sage => 3,
            _ => 1,
        }
    }
}

/// Rank 4, the river's southern bank.
pub const BANK_SOUTH: Bits = 0xFF << ((RIVER_RANK - 1) * 8);
/// Rank 6, the river's northern bank.
pub const BANK_NORTH: Bits = 0xFF << ((RIVER_RANK + 1) * 8);

const fn file_mask(file: u8) -> Bits {
    let mut mask = 0;
    let mut rank = 0;
    while rank < RANKS {
        mask |= 1 << (rank * FILES + file);
        rank += 1;
    }
    mask
}

/// Every square of file a.
pub const FILE_A: Bits = file_mask(0);
/// Every square of file h.
pub const FILE_H: Bits = file_mask(FILES - 1);

/// The orthogonal directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Towards rank 9.
    North = 0,
    /// Towards file h.
    East = 1,
    /// Towards rank 1.
    South = 2,
    /// Towards file a.
    West = 3,
}

/// The four orthogonal directions.
pub const DIRS: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

impl Dir {
    /// File and rank steps.
    const fn delta(self) -> (i32, i32) {
        match self {
            Dir::North => (0, 1),
            Dir::East => (1, 0),
            Dir::South => (0, -1),
            Dir::West => (-1, 0),
        }
    }

    /// The change of square number for one step.
    #[inline]
    pub const fn step(self) -> i32 {
        let (df, dr) = self.delta();
        dr * FILES as i32 + df
    }

    /// Every square of `set` moved `n` steps this way, without dropping
    /// squares that wrap from file h to file a or the reverse (callers
    /// mask them).
    #[inline]
    pub const fn shift_by(self, set: Bits, n: u32) -> Bits {
        match self {
            Dir::North => (set << (8 * n)) & BOARD,
            Dir::East => (set << n) & BOARD,
            Dir::South => set >> (8 * n),
            Dir::West => set >> n,
        }
    }

    /// Every square of `set` moved one step this way; squares that would
    /// leave the board drop out.
    #[inline]
    pub const fn shift(self, set: Bits) -> Bits {
        match self {
            Dir::North => (set << 8) & BOARD,
            Dir::East => (set << 1) & !FILE_A & BOARD,
            Dir::South => set >> 8,
            Dir::West => (set >> 1) & !FILE_H,
        }
    }
}

/// The square `(df, dr)` from `sq`, or `NONE` off the board.
const fn offset(sq: usize, df: i32, dr: i32) -> Square {
    let (f, r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
    if f >= 0 && f < FILES as i32 && r >= 0 && r < RANKS as i32 { (r * 8 + f) as Square } else { NONE }
}

/// The tables capture and move generation read.
pub(crate) struct Tables {
    /// The orthogonal neighbour of each square in each direction (`NONE`
    /// off the board).
    pub neighbour: [[Square; SQUARES]; 4],
    /// The four orthogonal neighbours of each square.
    pub orthogonal: [Bits; SQUARES],
    /// The eight neighbours of each square.
    pub king: [Bits; SQUARES],
    /// The four diagonal neighbours of each square.
    pub diagonal: [Bits; SQUARES],
    /// Every square two diagonal steps away (the start excluded): a
    /// skyship's flights when no skyship stands next to it diagonally.
    pub flight: [Bits; SQUARES],
}

const fn build_tables() -> Tables {
    let mut t = Tables {
        neighbour: [[NONE; SQUARES]; 4],
        orthogonal: [0; SQUARES],
        king: [0; SQUARES],
        diagonal: [0; SQUARES],
        flight: [0; SQUARES],
    };
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d].delta();
            t.neighbour[d][sq] = offset(sq, df, dr);
            d += 1;
        }
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let to = offset(sq, df, dr);
                if (df != 0 || dr != 0) && to != NONE {
                    t.king[sq] |= 1 << to;
                    if df != 0 && dr != 0 {
                        t.diagonal[sq] |= 1 << to;
                    } else {
                        t.orthogonal[sq] |= 1 << to;
                    }
                }
                dr += 1;
            }
            df += 1;
        }
        sq += 1;
    }
    let mut sq = 0;
    while sq < SQUARES {
        let mut middles = t.diagonal[sq];
        while middles != 0 {
            let middle = middles.trailing_zeros() as usize;
            t.flight[sq] |= t.diagonal[middle];
            middles &= middles - 1;
        }
        t.flight[sq] &= !(1 << sq);
        sq += 1;
    }
    t
}

pub(crate) static TABLES: Tables = build_tables();

/// Zobrist keys: each piece on each square, each Sage in her tower, each
/// score, the side to move.
pub(crate) struct Keys {
    pub piece: [[[u64; SQUARES]; 3]; 2],
    pub tower: [u64; 2],
    pub score: [[u64; MAX_SCORE as usize + 1]; 2],
    pub red_to_move: u64,
}

const fn build_keys() -> Keys {
    let mut state = 0x5A6E_7AF1_0000_0003;
    let mut keys =
        Keys { piece: [[[0; SQUARES]; 3]; 2], tower: [0; 2], score: [[0; MAX_SCORE as usize + 1]; 2], red_to_move: 0 };
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 3 {
            let mut sq = 0;
            while sq < SQUARES {
                keys.piece[c][k][sq] = splitmix64(&mut state);
                sq += 1;
            }
            k += 1;
        }
        keys.tower[c] = splitmix64(&mut state);
        let mut s = 0;
        while s <= MAX_SCORE as usize {
            keys.score[c][s] = splitmix64(&mut state);
            s += 1;
        }
        c += 1;
    }
    keys.red_to_move = splitmix64(&mut state);
    keys
}

pub(crate) static KEYS: Keys = build_keys();

#[cfg(test)]
mod tests {
    use super::*;

    fn names(set: Bits) -> Vec<String> {
        squares(set).map(square_name).collect()
    }

    #[test]
    fn squares_are_named_a1_to_h9() {
        assert_eq!(parse_square("a1"), Some(0));
        assert_eq!(parse_square("h9"), Some(71));
        assert_eq!(square_name(RIVER_WEST), "a5");
        assert_eq!(square_name(RIVER_EAST), "h5");
        assert_eq!(parse_square("i1"), None);
        assert_eq!(parse_square("a0"), None);
        assert_eq!(parse_square("a10"), None);
        assert_eq!(names(RIVER), ["a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5"]);
    }

    #[test]
    fn towers_stand_among_four_squares() {
        assert_eq!(names(Color::Black.tower_squares()), ["d1", "e1", "d2", "e2"]);
        assert_eq!(names(Color::Red.tower_squares()), ["d8", "e8", "d9", "e9"]);
    }

    #[test]
    fn shifts_drop_what_leaves_the_board() {
        let at = |s: &str| bit(parse_square(s).unwrap());
        let edge = at("a1") | at("h1") | at("a9") | at("h9");
        assert_eq!(names(Dir::North.shift(edge)), ["a2", "h2"]);
        assert_eq!(names(Dir::South.shift(edge)), ["a8", "h8"]);
        assert_eq!(names(Dir::East.shift(edge)), ["b1", "b9"]);
        assert_eq!(names(Dir::West.shift(edge)), ["g1", "g9"]);
        assert_eq!(names(BANK_SOUTH & FILE_A), ["a4"]);
        assert_eq!(names(BANK_NORTH & FILE_H), ["h6"]);
        assert_eq!(Dir::North.step(), 8);
        assert_eq!(Dir::West.step(), -1);
    }

    #[test]
    fn neighbour_tables_stop_at_the_edges() {
        let a1 = parse_square("a1").unwrap() as usize;
        assert_eq!(names(TABLES.king[a1]), ["b1", "a2", "b2"]);
        assert_eq!(names(TABLES.diagonal[a1]), ["b2"]);
        assert_eq!(TABLES.neighbour[Dir::West as usize][a1], NONE);
        assert_eq!(TABLES.neighbour[Dir::North as usize][71], NONE);
    }
}
