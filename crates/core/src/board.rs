//! The board model: what any screen draws of a position, made by the game
//! itself. A grid of named cells (with zones and the words a screen reader
//! says), stacks of pieces on them, named spots off the grid that moves
//! name (towers, river ends, a toad in hand, pools), the cells of the last
//! move and notes. The browser draws its board from it, the terminal draws
//! its diagram from it, and [`Clicks`] say which cells and spots make a
//! move, so that no screen parses a position or a move.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A word of a board that is mostly fixed (a cell's name, a zone, a
/// piece's kind): borrowed from the game's tables where it can be, so that
/// drawing a board does not allocate its fixed parts again at every move.
pub type Name = Cow<'static, str>;

/// A piece: whose it is, what kind (art is keyed by kind) and the short
/// label a plain drawing or the terminal shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Piece {
    /// The seat that owns it, as position strings name seats (`w`); none
    /// for a piece nobody owns (Single Capture Go's `@`).
    #[schema(value_type = Option<String>)]
    pub owner: Option<Name>,
    /// What it is (`golem`, `sage`, `toad`), one of the catalog's kinds.
    #[schema(value_type = String)]
    pub kind: Name,
    /// Its short label (`G`, `S`, `A`).
    #[schema(value_type = String)]
    pub label: Name,
    /// A play not yet resolved, shown only to the player who made it
    /// (Single Capture Go's pending play).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pending: bool,
    /// How many of it stand here, one on another: always 1 on a board; in
    /// a [`PlaceChange`], a run of identical pieces (a pool of golems) is
    /// one piece with its count.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    #[schema(default = 1, minimum = 1)]
    pub count: u32,
}

fn one() -> u32 {
    1
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

impl Piece {
    /// Whether `other` is this piece again (a count aside).
    fn same_kind_as(&self, other: &Piece) -> bool {
        self.owner == other.owner
            && self.kind == other.kind
            && self.label == other.label
            && self.pending == other.pending
    }

    /// A piece of `owner` (a seat's label).
    pub fn new(owner: Option<Name>, kind: impl Into<Name>, label: impl Into<Name>) -> Piece {
        Piece { owner, kind: kind.into(), label: label.into(), pending: false, count: 1 }
    }
}

/// A cell of the grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Cell {
    /// Its name in moves (`e4`).
    #[schema(value_type = String)]
    pub name: Name,
    /// The area it belongs to (`sanctum`, `river`, `bank`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub zone: Option<Name>,
    /// The seat the zone belongs to (a sanctum's owner), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub zone_owner: Option<Name>,
    /// What a screen reader says of it: its name, zone and what stands on
    /// it (`e4, White golem`).
    #[schema(value_type = String)]
    pub words: Name,
    /// What stands on it, bottom first; empty for an empty cell.
    pub stack: Vec<Piece>,
}

/// Where a spot is drawn, relative to the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Over the grid, centred on its anchor cells (a tower between ranks).
    Over,
    /// Left of the anchor cells, outside the grid.
    West,
    /// Right of the anchor cells, outside the grid.
    East,
    /// Above the grid, over the anchor cells.
    North,
    /// Below the grid, under the anchor cells.
    South,
}

/// A place off the grid that moves name or that holds pieces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Spot {
    /// Its name in [`Clicks::steps`] (`tower-b`, `W`, `toad-o`, `pool-w`).
    #[schema(value_type = String)]
    pub name: Name,
    /// What it is (`tower`, `river-end`, `hand`, `pool`).
    #[schema(value_type = String)]
    pub zone: Name,
    /// The seat it belongs to, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub owner: Option<Name>,
    /// What a screen reader says of it.
    #[schema(value_type = String)]
    pub words: Name,
    /// The cells it is drawn by: at their centre ([`Side::Over`]) or
    /// beside them outside the grid.
    #[schema(value_type = Vec<String>)]
    pub anchor: Vec<Name>,
    /// Where it is drawn relative to the anchor.
    pub side: Side,
    /// What it holds, bottom first.
    pub stack: Vec<Piece>,
}

/// Everything a screen needs to draw a position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct BoardModel {
    /// The columns' names, left to right as the first seat sees the board.
    #[schema(value_type = Vec<String>)]
    pub columns: Vec<Name>,
    /// The rows' names, top to bottom as the first seat sees the board.
    #[schema(value_type = Vec<String>)]
    pub rows: Vec<Name>,
    /// Whether the cells alternate in shade (a checkerboard).
    pub checkered: bool,
    /// Every cell, row by row from the top, each row left to right:
    /// `cells[row * columns.len() + column]`.
    pub cells: Vec<Cell>,
    /// The places off the grid.
    pub spots: Vec<Spot>,
    /// The cells and spots of the last move, in order.
    #[schema(value_type = Vec<String>)]
    pub last_move: Vec<Name>,
    /// What the board does not show (who is to move, scores, pools), a
    /// line each.
    pub notes: Vec<String>,
}

impl BoardModel {
    /// A grid of `columns` × `rows` with no cells yet.
    pub fn grid(columns: Vec<Name>, rows: Vec<Name>, checkered: bool) -> BoardModel {
        BoardModel { columns, rows, checkered, ..BoardModel::default() }
    }

    /// The cell named `name`.
    pub fn cell(&self, name: &str) -> Option<&Cell> {
        self.cells.iter().find(|c| c.name == name)
    }

    /// The spot named `name`.
    pub fn spot(&self, name: &str) -> Option<&Spot> {
        self.spots.iter().find(|s| s.name == name)
    }

    /// The cells of row `row` (0 the top), left to right.
    pub fn row(&self, row: usize) -> &[Cell] {
        let width = self.columns.len();
        self.cells.get(row * width..(row + 1) * width).unwrap_or(&[])
    }

    /// Whether `name` is a cell or a spot of this board.
    pub fn has_place(&self, name: &str) -> bool {
        self.cell(name).is_some() || self.spot(name).is_some()
    }

    /// Marks `steps` (a move's clicks) as the last move: each place of
    /// this board once, in order; a step that names no place (a spot the
    /// move took away) is left out.
    pub fn mark_last_move(&mut self, steps: &[Name]) {
        self.last_move = last_move_marks(steps, |name| self.has_place(name));
    }

    /// Adds `piece` on `cell` as pending: a play only its player sees.
    pub fn add_pending(&mut self, cell: &str, piece: Piece) {
        if let Some(c) = self.cells.iter_mut().find(|c| c.name == cell) {
            c.stack.push(Piece { pending: true, ..piece });
            c.words.to_mut().push_str(", your play");
        }
    }
}

/// A cell or spot whose contents changed: its new words and stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PlaceChange {
    /// The cell's or spot's name.
    #[schema(value_type = String)]
    pub name: Name,
    /// What a screen reader says of it now.
    #[schema(value_type = String)]
    pub words: Name,
    /// What stands on it now, bottom first; a run of identical pieces is
    /// one piece with its `count`.
    pub stack: Vec<Piece>,
}

impl PlaceChange {
    /// The change of a place to `words` and `stack` (runs counted).
    pub fn new(name: &Name, words: &Name, stack: &[Piece]) -> PlaceChange {
        let mut runs: Vec<Piece> = Vec::new();
        for piece in stack {
            match runs.last_mut() {
                Some(last) if last.same_kind_as(piece) => last.count += piece.count,
                _ => runs.push(piece.clone()),
            }
        }
        PlaceChange { name: name.clone(), words: words.clone(), stack: runs }
    }

    /// The stack it gives its place, every piece once.
    pub fn pieces(&self) -> Vec<Piece> {
        self.stack
            .iter()
            .flat_map(|p| std::iter::repeat_n(Piece { count: 1, ..p.clone() }, p.count.max(1) as usize))
            .collect()
    }
}

/// What changed on a board between two positions of one game: the cells
/// and spots whose contents changed, and the parts that change with every
/// move (the last move, the notes). The fixed parts (the grid, the cells'
/// names and zones, the spots' places) are not in it: a screen that holds
/// the board before applies it with [`BoardModel::apply`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct BoardChange {
    /// The cells whose words or stack changed (a change may name a cell
    /// more, never one fewer).
    pub cells: Vec<PlaceChange>,
    /// The spots whose words or stack changed, in board order (empty when
    /// `all_spots` is given).
    pub spots: Vec<PlaceChange>,
    /// Every spot, when the spots themselves changed (one appeared or
    /// went, as a toad leaves its hand); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub all_spots: Option<Vec<Spot>>,
    /// The cells and spots of the last move, in order.
    #[schema(value_type = Vec<String>)]
    pub last_move: Vec<Name>,
    /// What the board does not show, a line each (all of them).
    pub notes: Vec<String>,
}

impl BoardChange {
    /// The change to a board whose changed cells are `cells` (as they are
    /// now), whose spots went from `before` to `spots`, with `last_move`
    /// marked and `notes` under it: the spots whose words or stack changed,
    /// or every spot when the spots themselves changed (one appeared or
    /// went, or moved).
    pub fn of(
        cells: Vec<PlaceChange>,
        spots: &[Spot],
        before: &[Spot],
        last_move: Vec<Name>,
        notes: Vec<String>,
    ) -> BoardChange {
        let same_spots = spots.len() == before.len()
            && spots.iter().zip(before).all(|(a, b)| {
                a.name == b.name && a.zone == b.zone && a.owner == b.owner && a.anchor == b.anchor && a.side == b.side
            });
        let (spots, all_spots) = if same_spots {
            let changed = spots
                .iter()
                .zip(before)
                .filter(|(a, b)| a.words != b.words || a.stack != b.stack)
                .map(|(a, _)| PlaceChange::new(&a.name, &a.words, &a.stack))
                .collect();
            (changed, None)
        } else {
            (Vec::new(), Some(spots.to_vec()))
        };
        BoardChange { cells, spots, all_spots, last_move, notes }
    }

    /// The change told from two positions of a game on a grid whose
    /// squares are named in `squares`: `cells` changed, the spots went
    /// from `before` to `spots`, and of the move's clicks `steps` those
    /// that name a square or one of `spots` are marked, as
    /// [`BoardModel::mark_last_move`] marks them on the board drawn.
    pub fn on_grid(
        cells: Vec<PlaceChange>,
        spots: &[Spot],
        before: &[Spot],
        steps: &[Name],
        squares: &'static NameTable,
        notes: Vec<String>,
    ) -> BoardChange {
        let marks = last_move_marks(steps, |name| squares.contains(name) || spots.iter().any(|s| s.name == name));
        BoardChange::of(cells, spots, before, marks, notes)
    }

    /// Whether nothing but the last move and notes changed.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty() && self.spots.is_empty() && self.all_spots.is_none()
    }

    /// Adds `place` (a cell of `board`) to the changed cells, as `board`
    /// has it, if it is not there already: a change may name more cells
    /// than changed, never fewer.
    pub fn include_cell(&mut self, board: &BoardModel, place: &str) {
        if self.cells.iter().any(|c| c.name == place) {
            return;
        }
        if let Some(cell) = board.cell(place) {
            self.cells.push(PlaceChange {
                name: cell.name.clone(),
                words: cell.words.clone(),
                stack: cell.stack.clone(),
            });
        }
    }
}

/// Writes `legal` to `out` as JSON, exactly as `serde_json` writes it
/// (the same fields in the same order), without building it piece by
/// piece: the legal moves go to the player to move with every move.
pub fn write_legal_json(legal: &[LegalMove], out: &mut String) {
    out.push('[');
    for (i, entry) in legal.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"move\":");
        push_json_str(&entry.mv, out);
        out.push_str(",\"steps\":[");
        for (j, step) in entry.steps.iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            push_json_str(step, out);
        }
        out.push(']');
        if let Some(choice) = &entry.choice {
            out.push_str(",\"choice\":");
            push_json_str(choice, out);
        }
        out.push('}');
    }
    out.push(']');
}

/// `text` as a JSON string, escaped as `serde_json` escapes it: a quote
/// and a backslash with a backslash, the usual control characters by
/// their letters, the others as `\u00XX`.
fn push_json_str(text: &str, out: &mut String) {
    out.push('"');
    let mut plain = 0;
    for (i, b) in text.bytes().enumerate() {
        if b >= 0x20 && b != b'"' && b != b'\\' {
            continue;
        }
        out.push_str(&text[plain..i]);
        plain = i + 1;
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0x08 => out.push_str("\\b"),
            0x0c => out.push_str("\\f"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 0xf)]));
            }
        }
    }
    out.push_str(&text[plain..]);
    out.push('"');
}

/// The places of `steps` (a move's clicks) a board marks as its last
/// move: each step `is_place` takes, once, in order.
pub fn last_move_marks(steps: &[Name], is_place: impl Fn(&str) -> bool) -> Vec<Name> {
    let mut marked: Vec<Name> = Vec::with_capacity(steps.len());
    for step in steps {
        if is_place(step) && !marked.contains(step) {
            marked.push(step.clone());
        }
    }
    marked
}

impl Cell {
    /// This cell as a change tells it: its name, words and stack.
    pub fn as_change(&self) -> PlaceChange {
        PlaceChange::new(&self.name, &self.words, &self.stack)
    }
}

/// A change names a place the board does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the board has no cell or spot '{0}'")]
pub struct UnknownPlace(pub String);

impl BoardModel {
    /// What changed from `before` to this board, or `None` when the two
    /// are not the same grid (other columns, rows, cells or zones), which
    /// no change can say.
    pub fn changes_since(&self, before: &BoardModel) -> Option<BoardChange> {
        let same_grid = self.columns == before.columns
            && self.rows == before.rows
            && self.checkered == before.checkered
            && self.cells.len() == before.cells.len()
            && self.cells.iter().zip(&before.cells).all(|(a, b)| {
                same(&a.name, &b.name) && same_opt(&a.zone, &b.zone) && same_opt(&a.zone_owner, &b.zone_owner)
            });
        if !same_grid {
            return None;
        }
        let cells = self
            .cells
            .iter()
            .zip(&before.cells)
            .filter(|(a, b)| !same(&a.words, &b.words) || !same_stack(&a.stack, &b.stack))
            .map(|(a, _)| PlaceChange::new(&a.name, &a.words, &a.stack))
            .collect();
        Some(BoardChange::of(cells, &self.spots, &before.spots, self.last_move.clone(), self.notes.clone()))
    }

    /// Applies `change` (made by [`BoardModel::changes_since`] from a
    /// board like this one): `before.apply(&after.changes_since(&before)?)`
    /// makes `before` equal `after`. A change that names a place this
    /// board lacks is refused, and the board is left as it was.
    pub fn apply(&mut self, change: &BoardChange) -> Result<(), UnknownPlace> {
        let cell_index = |name: &str| self.cells.iter().position(|c| c.name == name);
        let mut cells = Vec::with_capacity(change.cells.len());
        for place in &change.cells {
            cells.push(cell_index(&place.name).ok_or_else(|| UnknownPlace(place.name.to_string()))?);
        }
        let spots = match &change.all_spots {
            Some(_) => Vec::new(),
            None => {
                let mut found = Vec::with_capacity(change.spots.len());
                for place in &change.spots {
                    let at = self.spots.iter().position(|s| s.name == place.name);
                    found.push(at.ok_or_else(|| UnknownPlace(place.name.to_string()))?);
                }
                found
            }
        };
        for (place, at) in change.cells.iter().zip(cells) {
            self.cells[at].words.clone_from(&place.words);
            self.cells[at].stack = place.pieces();
        }
        for (place, at) in change.spots.iter().zip(spots) {
            self.spots[at].words.clone_from(&place.words);
            self.spots[at].stack = place.pieces();
        }
        if let Some(all) = &change.all_spots {
            self.spots.clone_from(all);
        }
        self.last_move.clone_from(&change.last_move);
        self.notes.clone_from(&change.notes);
        Ok(())
    }
}

/// A move as clicks: the cells and spots to click in order, and, where
/// several moves share their clicks, the choice that tells them apart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Clicks {
    /// The cells and spots clicked, in order (empty for a move made with a
    /// button, such as `pass`).
    #[schema(value_type = Vec<String>)]
    pub steps: Vec<Name>,
    /// A few words telling this move from others with the same steps
    /// (`hulk with h1`).
    #[schema(value_type = String)]
    pub choice: Name,
}

impl Clicks {
    /// A move made by clicking `steps`, with `choice` to tell it apart.
    pub fn new(steps: Vec<Name>, choice: impl Into<Name>) -> Clicks {
        Clicks { steps, choice: choice.into() }
    }
}

/// A legal move as a screen offers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct LegalMove {
    /// The move in its canonical long form, as it is sent.
    #[serde(rename = "move")]
    pub mv: String,
    /// The cells and spots to click, in order.
    #[schema(value_type = Vec<String>)]
    pub steps: Vec<Name>,
    /// Where several moves share their steps, what tells this one apart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub choice: Option<Name>,
}

/// The moves `moves` (long form and clicks) as a screen offers them: a
/// choice is kept only where several moves share their steps.
pub fn legal_entries(moves: Vec<(String, Clicks)>) -> Vec<LegalMove> {
    // Sorted by a hash of the steps first, the steps compared only where
    // two hashes tie: moves with the same steps still end up side by side.
    let hashes: Vec<u64> = moves.iter().map(|(_, clicks)| steps_hash(&clicks.steps)).collect();
    let mut by_steps: Vec<usize> = (0..moves.len()).collect();
    by_steps.sort_unstable_by(|&a, &b| hashes[a].cmp(&hashes[b]).then_with(|| moves[a].1.steps.cmp(&moves[b].1.steps)));
    let mut needs_choice = vec![false; moves.len()];
    for pair in by_steps.windows(2) {
        if moves[pair[0]].1.steps == moves[pair[1]].1.steps {
            needs_choice[pair[0]] = true;
            needs_choice[pair[1]] = true;
        }
    }
    moves
        .into_iter()
        .zip(needs_choice)
        .map(|((mv, clicks), needed)| LegalMove { mv, steps: clicks.steps, choice: needed.then_some(clicks.choice) })
        .collect()
}

/// Whether two names are the same, at once when both are lent from the
/// same table (most of two boards' words are).
fn same(a: &Name, b: &Name) -> bool {
    (a.as_ptr() == b.as_ptr() && a.len() == b.len()) || a == b
}

/// [`same`] for names that may be absent.
fn same_opt(a: &Option<Name>, b: &Option<Name>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => same(a, b),
        (None, None) => true,
        _ => false,
    }
}

/// Whether two stacks hold the same pieces, names compared as [`same`].
fn same_stack(a: &[Piece], b: &[Piece]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(a, b)| {
            let Piece { owner, kind, label, pending, count } = a;
            *pending == b.pending
                && *count == b.count
                && same_opt(owner, &b.owner)
                && same(kind, &b.kind)
                && same(label, &b.label)
        })
}

/// A quick hash of a move's steps (FNV-1a over their bytes, each step
/// ended by a byte no name holds), for [`legal_entries`]'s sort.
fn steps_hash(steps: &[Name]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    for byte in steps.iter().flat_map(|step| step.bytes().chain([0xff])) {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// A short phrase of the pieces on a stack for a screen reader: `White
/// golem`; for stacks, the pieces bottom first joined by `, `.
pub fn stack_words(stack: &[Piece], seat_name: impl Fn(&str) -> String) -> String {
    let mut out = String::new();
    push_stack_words(&mut out, stack, |owner| seat_name(owner));
    out
}

/// Writes [`stack_words`] onto `out` without a string of its own per
/// piece (`seat_name` may lend its name, as a game's fixed names do).
pub fn push_stack_words<S: AsRef<str>>(out: &mut String, stack: &[Piece], seat_name: impl Fn(&str) -> S) {
    for (i, piece) in stack.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        if let Some(owner) = &piece.owner {
            out.push_str(seat_name(owner).as_ref());
            out.push(' ');
        }
        out.extend(piece.kind.chars().map(|c| if c == '-' { ' ' } else { c }));
    }
}

/// The words of a place: `base` (its name and zone), then what stands on
/// it, if anything. An empty place lends `base` and allocates nothing.
pub fn place_words<S: AsRef<str>>(base: &'static str, stack: &[Piece], seat_name: impl Fn(&str) -> S) -> Name {
    if stack.is_empty() {
        return Name::Borrowed(base);
    }
    let mut words = String::with_capacity(base.len() + 24 * stack.len());
    words.push_str(base);
    words.push_str(", ");
    push_stack_words(&mut words, stack, seat_name);
    Name::Owned(words)
}

/// The letters and digits a board names one character by (a piece's label,
/// a column, a seat), lent as names without allocating.
const ONE_CHARACTER_NAMES: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@";

/// `c` as a [`Name`]: lent from a fixed table for an ASCII letter, digit
/// or `@`, made otherwise.
pub fn char_name(c: char) -> Name {
    let at = match c {
        'A'..='Z' => Some(c as usize - 'A' as usize),
        'a'..='z' => Some(26 + c as usize - 'a' as usize),
        '0'..='9' => Some(52 + c as usize - '0' as usize),
        '@' => Some(62),
        _ => None,
    };
    match at.and_then(|at| ONE_CHARACTER_NAMES.get(at..at + 1)) {
        Some(name) => Name::Borrowed(name),
        None => Name::Owned(c.to_string()),
    }
}

/// Names made once and lent for the life of the program: a game's square
/// names, say, or the fixed words of its cells.
pub struct NameTable(std::sync::LazyLock<Vec<String>>);

impl NameTable {
    /// A table whose entries `make` builds on first use.
    pub const fn new(make: fn() -> Vec<String>) -> NameTable {
        NameTable(std::sync::LazyLock::new(make))
    }

    /// Entry `i`, lent (empty past the end).
    pub fn get(&'static self, i: usize) -> Name {
        Name::Borrowed(self.0.get(i).map_or("", String::as_str))
    }

    /// Entry `i` as a string slice (empty past the end).
    pub fn str(&'static self, i: usize) -> &'static str {
        self.0.get(i).map_or("", String::as_str)
    }

    /// Whether `text` is one of the entries.
    pub fn contains(&'static self, text: &str) -> bool {
        self.0.iter().any(|entry| entry == text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Text of letters, digits, every character JSON escapes, and a few
    /// from beyond ASCII.
    const TEXT: &str = r#"[a-c1-3 "\\\x00-\x1F\x7F\u{E9}\u{20AC}\u{1F600}]{0,8}"#;

    proptest::proptest! {
        /// The legal moves written by hand read as `serde_json` writes
        /// them, whatever their text (quotes, backslashes, control
        /// characters, any letter).
        #[test]
        fn legal_moves_are_written_as_serde_writes_them(
            entries in proptest::collection::vec(
                (TEXT, proptest::collection::vec(TEXT, 0..4), proptest::option::of(TEXT)),
                0..6,
            )
        ) {
            let legal: Vec<LegalMove> = entries
                .into_iter()
                .map(|(mv, steps, choice)| LegalMove {
                    mv,
                    steps: steps.into_iter().map(Name::from).collect(),
                    choice: choice.map(Name::from),
                })
                .collect();
            let mut written = String::new();
            write_legal_json(&legal, &mut written);
            proptest::prop_assert_eq!(written, serde_json::to_string(&legal).unwrap());
        }
    }

    #[test]
    fn a_choice_is_kept_only_where_steps_are_shared() {
        let steps = |s: &[&'static str]| s.iter().map(|&x| Name::from(x)).collect::<Vec<_>>();
        let entries = legal_entries(vec![
            ("a3-a1".into(), Clicks::new(steps(&["a3", "a1"]), "remove")),
            ("a3-a1 h1=H".into(), Clicks::new(steps(&["a3", "a1"]), "hulk with h1")),
            ("b2-b3".into(), Clicks::new(steps(&["b2", "b3"]), "move")),
        ]);
        assert_eq!(entries[0].choice.as_deref(), Some("remove"));
        assert_eq!(entries[1].choice.as_deref(), Some("hulk with h1"));
        assert_eq!(entries[2].choice, None);
        let json = serde_json::to_value(&entries[2]).unwrap();
        assert_eq!(json, serde_json::json!({"move": "b2-b3", "steps": ["b2", "b3"]}));
    }

    #[test]
    fn a_choice_is_kept_exactly_where_some_other_move_has_the_same_steps() {
        // Many moves over a few squares, in a scrambled order: each keeps
        // its choice exactly when another move has its steps.
        let names: [&'static str; 4] = ["a1", "a2", "b1", "ab"];
        let mut seed = 7_u64;
        let mut next = move |n: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            ((seed >> 33) % n) as usize
        };
        let moves: Vec<(String, Clicks)> = (0..200)
            .map(|i| {
                let steps: Vec<Name> = (0..1 + next(3)).map(|_| Name::from(names[next(4)])).collect();
                (format!("m{i}"), Clicks::new(steps, "choice"))
            })
            .collect();
        let shared: Vec<bool> = (0..moves.len())
            .map(|i| (0..moves.len()).any(|j| j != i && moves[j].1.steps == moves[i].1.steps))
            .collect();
        let entries = legal_entries(moves.clone());
        for ((entry, (mv, _)), shared) in entries.iter().zip(&moves).zip(shared) {
            assert_eq!(&entry.mv, mv, "the order is kept");
            assert_eq!(entry.choice.is_some(), shared, "{mv}");
        }
    }

    #[test]
    fn words_of_a_place_and_names_of_one_character() {
        let stack = [Piece::new(Some("w".into()), "corrupted-golem", "C"), Piece::new(None, "at", "@")];
        let seat = |s: &str| if s == "w" { "White" } else { "Black" };
        assert_eq!(place_words("e4, bank", &stack, seat), "e4, bank, White corrupted golem, at");
        assert!(matches!(place_words("e4", &[], seat), Name::Borrowed("e4")));
        assert_eq!(stack_words(&stack, |s| seat(s).to_string()), "White corrupted golem, at");
        assert!(matches!(char_name('G'), Name::Borrowed("G")));
        assert!(matches!(char_name('7'), Name::Borrowed("7")));
        assert_eq!(char_name('é'), "é");
        for c in ONE_CHARACTER_NAMES.chars().chain(['-', ' ', '*']) {
            let name = char_name(c);
            assert_eq!(name, c.to_string().as_str());
            assert_eq!(matches!(name, Name::Borrowed(_)), c.is_ascii_alphanumeric() || c == '@', "{c}");
        }
        static TABLE: NameTable = NameTable::new(|| vec!["a1".into(), "b1".into()]);
        assert_eq!(TABLE.get(1), "b1");
        assert_eq!(TABLE.str(5), "");
    }

    #[test]
    fn rows_are_slices_of_the_cells() {
        let mut b = BoardModel::grid(vec!["a".into(), "b".into()], vec!["2".into(), "1".into()], true);
        for name in ["a2", "b2", "a1", "b1"] {
            b.cells.push(Cell { name: name.into(), zone: None, zone_owner: None, words: name.into(), stack: vec![] });
        }
        assert_eq!(b.row(1).iter().map(|c| &*c.name).collect::<Vec<_>>(), ["a1", "b1"]);
        assert!(b.row(2).is_empty());
        assert!(b.has_place("b1") && !b.has_place("c1"));
    }

    fn small_board(stones: &[(&str, &str)]) -> BoardModel {
        let mut b = BoardModel::grid(vec!["a".into(), "b".into()], vec!["1".into()], false);
        for name in ["a1", "b1"] {
            let stack: Vec<Piece> = stones
                .iter()
                .filter(|(at, _)| *at == name)
                .map(|(_, owner)| Piece::new(Some(owner.to_string().into()), "stone", owner.to_uppercase()))
                .collect();
            let words = format!("{name}, {}", if stack.is_empty() { "empty" } else { "stone" });
            b.cells.push(Cell { name: name.into(), zone: None, zone_owner: None, words: words.into(), stack });
        }
        b.spots.push(Spot {
            name: "hand".into(),
            zone: "hand".into(),
            owner: None,
            words: format!("{} placed", stones.len()).into(),
            anchor: vec!["a1".into()],
            side: Side::South,
            stack: vec![],
        });
        b.last_move = stones.last().map(|(at, _)| vec![at.to_string().into()]).unwrap_or_default();
        b.notes.push(format!("{} stones.", stones.len()));
        b
    }

    #[test]
    fn a_change_names_only_what_changed_and_applying_it_makes_the_board_after() {
        let before = small_board(&[("a1", "w")]);
        let after = small_board(&[("a1", "w"), ("b1", "b")]);
        let change = after.changes_since(&before).unwrap();
        assert_eq!(change.cells.iter().map(|c| &*c.name).collect::<Vec<_>>(), ["b1"]);
        assert_eq!(change.spots.len(), 1);
        assert!(change.all_spots.is_none() && !change.is_empty());
        let mut board = before.clone();
        board.apply(&change).unwrap();
        assert_eq!(board, after);
        // Applying it again changes nothing: every part is the value after.
        board.apply(&change).unwrap();
        assert_eq!(board, after);
        assert!(after.changes_since(&after).unwrap().is_empty());
    }

    #[test]
    fn a_run_of_identical_pieces_is_sent_counted() {
        let golem = Piece::new(Some("w".into()), "golem", "G");
        let stack = vec![golem.clone(), golem.clone(), golem.clone(), Piece::new(None, "at", "@"), golem.clone()];
        let place = PlaceChange::new(&"pool-w".into(), &"White's pool: 4 golems".into(), &stack);
        assert_eq!(place.stack.iter().map(|p| p.count).collect::<Vec<_>>(), [3, 1, 1]);
        assert_eq!(place.pieces(), stack);
        let json = serde_json::to_value(&place.stack[0]).unwrap();
        assert_eq!(json, serde_json::json!({"owner": "w", "kind": "golem", "label": "G", "count": 3}));
        let read: Piece =
            serde_json::from_value(serde_json::json!({"owner": "w", "kind": "golem", "label": "G"})).unwrap();
        assert_eq!(read, golem, "a piece without a count is one");
    }

    #[test]
    fn spots_that_come_or_go_are_sent_whole_and_another_grid_is_no_change() {
        let before = small_board(&[]);
        let mut after = small_board(&[("a1", "w")]);
        after.spots.clear();
        let change = after.changes_since(&before).unwrap();
        assert_eq!(change.all_spots, Some(vec![]));
        let mut board = before.clone();
        board.apply(&change).unwrap();
        assert_eq!(board, after);
        let mut other = after.clone();
        other.cells[0].zone = Some("sanctum".into());
        assert_eq!(other.changes_since(&before), None);
        let mut unknown = change.clone();
        unknown.cells[0].name = "z9".into();
        let mut untouched = before.clone();
        assert_eq!(untouched.apply(&unknown), Err(UnknownPlace("z9".into())));
        assert_eq!(untouched, before, "a refused change leaves the board as it was");
    }
}
