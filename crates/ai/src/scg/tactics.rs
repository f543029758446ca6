//! What a Single Capture Go player can see in a position: every group with
//! its liberties, and for each square what playing it would do — how many
//! liberties the player's own group would have there, which opponents it
//! would doom by filling their last liberty, which it would put in atari.

use arbiter_core::{Seat, SimultaneousGame};
use arbiter_games::scg::{Cells, Geometry, MAX_PLAYERS, MAX_SQUARES, Scg, Square};

/// No group on a square.
const NONE: u8 = u8::MAX;

/// One group of letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// Its owner.
    pub seat: Seat,
    /// Its squares.
    pub stones: Cells,
    /// Its liberties: the empty squares next to it.
    pub liberties: Cells,
}

/// The groups of every player of a position, and which group stands on
/// each square.
#[derive(Clone, Debug)]
pub struct Board {
    geo: &'static Geometry,
    /// The empty squares.
    pub empty: Cells,
    /// The squares that may be played.
    pub playable: Cells,
    /// Every group.
    pub groups: Vec<Group>,
    owner: [u8; MAX_SQUARES],
    /// Per player: the sole liberties of their groups in atari.
    pub atari_points: [Cells; MAX_PLAYERS],
    /// Per player: the number of groups with one liberty, and with two.
    pub weak: [(u8, u8); MAX_PLAYERS],
}

/// What playing a square would do for one player, if nobody else played
/// next to it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayEffect {
    /// Liberties of the player's group on the square afterwards.
    pub liberties: u32,
    /// Opponents left with a group without liberty.
    pub dooms: u32,
    /// Opponents' groups left with one liberty.
    pub ataris: u32,
    /// The player's groups in atari that the play joins (and so rescues
    /// when `liberties` ≥ 2).
    pub joins_atari: u32,
    /// The player's groups with two liberties that the play joins.
    pub joins_two: u32,
    /// Whether the square held `@` (the play uses up no empty square).
    pub on_at: bool,
}

impl Board {
    /// Analyses `p`.
    pub fn new(p: &Scg) -> Board {
        let mut board = Board {
            geo: p.geometry(),
            empty: Cells::EMPTY,
            playable: Cells::EMPTY,
            groups: Vec::with_capacity(32),
            owner: [NONE; MAX_SQUARES],
            atari_points: [Cells::EMPTY; MAX_PLAYERS],
            weak: [(0, 0); MAX_PLAYERS],
        };
        board.refresh(p);
        board
    }

    /// Analyses `p` again, reusing this board's memory.
    pub fn refresh(&mut self, p: &Scg) {
        let geo = p.geometry();
        let empty = p.empty_cells();
        self.geo = geo;
        self.empty = empty;
        self.playable = p.playable();
        self.groups.clear();
        self.owner[..geo.squares()].fill(NONE);
        self.atari_points = [Cells::EMPTY; MAX_PLAYERS];
        self.weak = [(0, 0); MAX_PLAYERS];
        for seat in p.active().iter() {
            let mut rest = p.stones(seat);
            while let Some(sq) = rest.first() {
                let stones = geo.flood(Cells::single(sq), rest);
                rest = rest & !stones;
                let liberties = geo.neighbours(stones) & empty;
                let index = self.groups.len() as u8;
                for s in stones.iter() {
                    self.owner[s as usize] = index;
                }
                match liberties.count() {
                    1 => {
                        self.atari_points[seat.index()] = self.atari_points[seat.index()] | liberties;
                        self.weak[seat.index()].0 += 1;
                    }
                    2 => self.weak[seat.index()].1 += 1,
                    _ => {}
                }
                self.groups.push(Group { seat, stones, liberties });
            }
        }
    }

    /// The grid's shape.
    pub fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    /// The groups next to `sq`, each once.
    fn groups_around(&self, sq: Square) -> impl Iterator<Item = &Group> {
        let mut seen = [NONE; 4];
        let mut k = 0;
        for n in self.geo.around(sq).iter() {
            let g = self.owner[n as usize];
            if g != NONE && !seen[..k].contains(&g) {
                seen[k] = g;
                k += 1;
            }
        }
        seen.into_iter().take(k).map(|g| &self.groups[g as usize])
    }

    /// What `seat` playing `sq` would do, others not playing nearby.
    pub fn effect(&self, seat: Seat, sq: Square) -> PlayEffect {
        let was_empty = self.empty.contains(sq);
        let empty_after = self.empty.without(sq);
        // The liberties of the joined group: those of the own groups it
        // joins and the empty squares around it, less the square itself.
        let mut liberties = self.geo.around(sq) & empty_after;
        let mut effect = PlayEffect { on_at: !was_empty, ..PlayEffect::default() };
        let mut doomed = [false; MAX_PLAYERS];
        for g in self.groups_around(sq) {
            if g.seat == seat {
                liberties = liberties | (g.liberties & empty_after);
                match g.liberties.count() {
                    1 => effect.joins_atari += 1,
                    2 => effect.joins_two += 1,
                    _ => {}
                }
            } else if was_empty {
                match (g.liberties & empty_after).count() {
                    0 => doomed[g.seat.index()] = true,
                    1 => effect.ataris += 1,
                    _ => {}
                }
            }
        }
        effect.dooms = doomed.iter().filter(|&&d| d).count() as u32;
        effect.liberties = liberties.count();
        effect
    }
}
