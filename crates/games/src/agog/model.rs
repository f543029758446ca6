//! The board model of an A•G•O•G position, and a move as clicks.

use arbiter_core::{BoardModel, Cell, Clicks, Piece, Side, Spot, stack_words};

use super::Agog;
use super::board::{Color, Kind, square_name};
use super::moves::AgogMove;

/// A colour's seat label (`w`, `b`).
fn label(color: Color) -> String {
    if color == Color::White { "w".into() } else { "b".into() }
}

/// A seat label's name for people.
fn seat_name(label: &str) -> String {
    if label == "w" { "White".into() } else { "Black".into() }
}

/// A kind's name in the catalog.
pub(crate) fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Journeyman => "journeyman",
        Kind::Golem => "golem",
        Kind::Hulk => "hulk",
        Kind::CorruptGolem => "corrupted-golem",
        Kind::CorruptHulk => "corrupted-hulk",
    }
}

impl Agog {
    /// The piece of `color` and `kind`: White's labels upper case, Black's
    /// lower case, as in position strings.
    fn piece(&self, color: Color, kind: Kind) -> Piece {
        let letter = self.unit_letter(kind);
        let letter = if color == Color::White { letter } else { letter.to_ascii_lowercase() };
        Piece::new(Some(label(color)), kind_name(kind), letter.to_string())
    }

    /// The board as a screen draws it: rank 8 at the top, the sanctums a1
    /// and h8, each side's pool of golems off the board beside it.
    pub(crate) fn model(&self) -> BoardModel {
        let columns = (b'a'..=b'h').map(|f| (f as char).to_string()).collect();
        let rows = (1..=8).rev().map(|r: u8| r.to_string()).collect();
        let mut b = BoardModel::grid(columns, rows, true);
        for rank in (0..8u8).rev() {
            for file in 0..8u8 {
                let sq = rank * 8 + file;
                let name = square_name(sq);
                let sanctum = [Color::White, Color::Black].into_iter().find(|c| c.home_sanctum() == sq);
                let stack: Vec<Piece> = self.board.unit_at(sq).map(|(c, k)| self.piece(c, k)).into_iter().collect();
                let mut words = name.clone();
                if let Some(owner) = sanctum {
                    words.push_str(&format!(", {}'s sanctum", owner.name()));
                }
                if !stack.is_empty() {
                    words.push_str(&format!(", {}", stack_words(&stack, seat_name)));
                }
                b.cells.push(Cell {
                    name,
                    zone: sanctum.map(|_| "sanctum".to_string()),
                    zone_owner: sanctum.map(label),
                    words,
                    stack,
                });
            }
        }
        for (color, anchor) in [(Color::White, ["g1", "h1"]), (Color::Black, ["a8", "b8"])] {
            let n = self.pools[color.index()];
            let side = if color == Color::White { Side::South } else { Side::North };
            b.spots.push(Spot {
                name: format!("pool-{}", label(color)),
                zone: "pool".into(),
                owner: Some(label(color)),
                words: format!("{}'s pool: {n} golem{}", color.name(), if n == 1 { "" } else { "s" }),
                anchor: anchor.iter().map(|s| s.to_string()).collect(),
                side,
                stack: (0..n).map(|_| self.piece(color, Kind::Golem)).collect(),
            });
        }
        b.notes.push(format!("{} to move.", self.side.name()));
        b.notes.push(format!("Pools: White {}, Black {}.", self.pools[0], self.pools[1]));
        b
    }

    /// The squares of `mv`'s path; where moves share them, the words for
    /// each jump's capture or corruption and for what happens on the
    /// enemy sanctum.
    pub(crate) fn move_clicks(&self, mv: &AgogMove) -> Clicks {
        let mut steps = vec![square_name(mv.from())];
        let mut words = Vec::new();
        if mv.is_capture() {
            for (i, &landing) in mv.landings().iter().enumerate() {
                steps.push(square_name(landing));
                words.push(if mv.corrupts(i) { "corrupt" } else { "capture" }.to_string());
            }
        } else {
            steps.push(square_name(mv.to()));
        }
        if mv.to() == self.side.other().home_sanctum() {
            words.push(match mv.promotion() {
                Some(golem) => format!("hulk with {}", square_name(golem)),
                None => "remove".into(),
            });
        }
        let choice = if words.is_empty() { "move".to_string() } else { words.join(", ") };
        Clicks::new(steps, choice)
    }
}
