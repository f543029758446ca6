//! Squares, colours, units and the bitboard representation.

use arbiter_core::zobrist_keys;

/// A square, 0..64: `rank * 8 + file`, so a1 = 0, h1 = 7, a8 = 56, h8 = 63.
pub type Square = u8;

/// "No square" in fields that may hold one.
pub const NO_SQUARE: Square = 64;

/// The file (0 = a) of a square.
#[inline]
pub const fn file_of(sq: Square) -> u8 {
    sq & 7
}

/// The rank (0 = rank 1) of a square.
#[inline]
pub const fn rank_of(sq: Square) -> u8 {
    sq >> 3
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

/// Reads a square name such as `e4`.
pub fn parse_square(text: &str) -> Option<Square> {
    match text.as_bytes() {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some((r - b'1') * 8 + (f - b'a')),
        _ => None,
    }
}

/// The bit of a square.
#[inline]
pub const fn bit(sq: Square) -> u64 {
    1u64 << sq
}

/// Every square of file a.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Every square of file h.
pub const FILE_H: u64 = FILE_A << 7;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Moves first, towards h8.
    White = 0,
    /// Moves second, towards a1.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// Index for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// This side's sanctum, where its journeyman starts.
    #[inline]
    pub const fn home_sanctum(self) -> Square {
        match self {
            Color::White => 0,
            Color::Black => 63,
        }
    }

    /// The sanctum this side races to: the other side's.
    #[inline]
    pub const fn target_sanctum(self) -> Square {
        self.other().home_sanctum()
    }

    /// The side's name in text: `White`, `Black`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

/// What a unit is. Its owner is the colour it is filed under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// One golem.
    Golem = 0,
    /// Two own golems.
    Hulk = 1,
    /// Classic edition only: an enemy golem with an own golem on top.
    CorruptGolem = 2,
    /// Current edition: an enemy golem with an own golem on top. Classic
    /// edition: an enemy hulk with an own golem on top.
    CorruptHulk = 3,
    /// The journeyman golemancer.
    Journeyman = 4,
}

/// Every kind, in index order.
pub const KINDS: [Kind; 5] = [Kind::Golem, Kind::Hulk, Kind::CorruptGolem, Kind::CorruptHulk, Kind::Journeyman];

impl Kind {
    /// Index for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether the unit moves and captures like a hulk (any distance).
    #[inline]
    pub const fn slides(self) -> bool {
        matches!(self, Kind::Hulk | Kind::CorruptHulk)
    }
}

/// The two rule texts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Edition {
    /// The current edition (with scorekeeping and handicaps): jumped units
    /// stay until the sequence ends; only the journeyman corrupts.
    #[default]
    Current,
    /// The first edition (variant `classic`): captured units vanish at once;
    /// corrupted units corrupt too.
    Classic,
}

impl Edition {
    /// The variant name in text, `None` for the default edition.
    pub const fn variant(self) -> Option<&'static str> {
        match self {
            Edition::Current => None,
            Edition::Classic => Some("classic"),
        }
    }

    /// Whether a unit of `kind` may corrupt the units it jumps.
    #[inline]
    pub const fn corrupts(self, kind: Kind) -> bool {
        match self {
            Edition::Current => matches!(kind, Kind::Journeyman),
            Edition::Classic => matches!(kind, Kind::Journeyman | Kind::CorruptGolem | Kind::CorruptHulk),
        }
    }

    /// Golem checkers of (owner, other colour) that make up a unit of `kind`:
    /// where they go when the unit leaves the board.
    #[inline]
    pub const fn checkers(self, kind: Kind) -> (u8, u8) {
        match (self, kind) {
            (_, Kind::Golem) => (1, 0),
            (_, Kind::Hulk) => (2, 0),
            (_, Kind::CorruptGolem) => (1, 1),
            (Edition::Current, Kind::CorruptHulk) => (1, 1),
            (Edition::Classic, Kind::CorruptHulk) => (1, 2),
            (_, Kind::Journeyman) => (0, 0),
        }
    }
}

/// The units on the board: one bitboard per colour and kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    /// `units[colour][kind]`.
    pub units: [[u64; 5]; 2],
    /// All units of each colour.
    pub occupied: [u64; 2],
}

impl Board {
    /// All units of both colours.
    #[inline]
    pub const fn all(&self) -> u64 {
        self.occupied[0] | self.occupied[1]
    }

    /// The unit on `sq`, if any.
    pub fn unit_at(&self, sq: Square) -> Option<(Color, Kind)> {
        let b = bit(sq);
        for color in [Color::White, Color::Black] {
            if self.occupied[color.index()] & b != 0 {
                for kind in KINDS {
                    if self.units[color.index()][kind.index()] & b != 0 {
                        return Some((color, kind));
                    }
                }
            }
        }
        None
    }

    /// The kind of the unit of `color` known to stand on `sq`.
    #[inline]
    pub fn kind_at(&self, color: Color, sq: Square) -> Kind {
        let b = bit(sq);
        let u = &self.units[color.index()];
        if u[0] & b != 0 {
            Kind::Golem
        } else if u[1] & b != 0 {
            Kind::Hulk
        } else if u[3] & b != 0 {
            Kind::CorruptHulk
        } else if u[4] & b != 0 {
            Kind::Journeyman
        } else {
            Kind::CorruptGolem
        }
    }

    /// Toggles a unit on or off `sq`.
    #[inline]
    pub fn toggle(&mut self, color: Color, kind: Kind, sq: Square) {
        self.units[color.index()][kind.index()] ^= bit(sq);
        self.occupied[color.index()] ^= bit(sq);
    }
}

/// Zobrist keys: units, side to move, pool sizes.
pub(crate) struct Keys {
    pub unit: [[[u64; 64]; 5]; 2],
    pub black_to_move: u64,
    pub pool: [[u64; 64]; 2],
}

const RAW: [u64; 2 * 5 * 64 + 1 + 2 * 64] = zobrist_keys(0xA606_A606_0001);

const fn build_keys() -> Keys {
    let mut keys = Keys { unit: [[[0; 64]; 5]; 2], black_to_move: RAW[640], pool: [[0; 64]; 2] };
    let mut i = 0;
    while i < 640 {
        keys.unit[i / 320][(i / 64) % 5][i % 64] = RAW[i];
        i += 1;
    }
    let mut j = 0;
    while j < 128 {
        keys.pool[j / 64][j % 64] = RAW[641 + j];
        j += 1;
    }
    keys
}

pub(crate) static KEYS: Keys = build_keys();

/// Squares east, north, west and south of each square (`NO_SQUARE` off the board).
pub(crate) const NEIGHBOURS: [[Square; 64]; 4] = build_neighbours();

/// Direction indices into [`NEIGHBOURS`].
pub(crate) const EAST: usize = 0;
pub(crate) const NORTH: usize = 1;
pub(crate) const WEST: usize = 2;
pub(crate) const SOUTH: usize = 3;

const fn build_neighbours() -> [[Square; 64]; 4] {
    let mut n = [[NO_SQUARE; 64]; 4];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = (sq % 8, sq / 8);
        if f < 7 {
            n[EAST][sq] = (sq + 1) as u8;
        }
        if r < 7 {
            n[NORTH][sq] = (sq + 8) as u8;
        }
        if f > 0 {
            n[WEST][sq] = (sq - 1) as u8;
        }
        if r > 0 {
            n[SOUTH][sq] = (sq - 8) as u8;
        }
        sq += 1;
    }
    n
}

/// The two forward directions of a colour.
#[inline]
pub(crate) const fn forward(color: Color) -> [usize; 2] {
    match color {
        Color::White => [EAST, NORTH],
        Color::Black => [WEST, SOUTH],
    }
}

/// The direction from `from` to `to` if they share a file or rank.
pub(crate) fn direction(from: Square, to: Square) -> Option<usize> {
    if from == to {
        None
    } else if rank_of(from) == rank_of(to) {
        Some(if to > from { EAST } else { WEST })
    } else if file_of(from) == file_of(to) {
        Some(if to > from { NORTH } else { SOUTH })
    } else {
        None
    }
}
