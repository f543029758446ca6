//! Every rule a Sage Tafl move can be refused for: its code, the rules
//! page's section and a move that breaks it.

use arbiter_core::RefusalInfo;

/// A pass while another move is legal.
pub(super) const PASS: RefusalInfo =
    RefusalInfo::new("sage.end.pass", "end", "a player passes only when no other move is legal", ("", "", "pass"));
/// A tower move while the Sage is out of her tower.
pub(super) const TOWER_OUT: RefusalInfo = RefusalInfo::new(
    "sage.sage.tower-out",
    "sage",
    "only a Sage in her tower comes out of it",
    ("", "2aaa1a1/2as3a/3a4/k3a3/8/2K4k/8/3AS1AK/1AAAAAA1 r -- 0-0", "T-d8"),
);
/// A tower move to a square not around the tower.
pub(super) const TOWER_AROUND: RefusalInfo = RefusalInfo::new(
    "sage.sage.tower-squares",
    "sage",
    "a Sage comes out of her tower onto a square around it",
    ("", "", "T-a1"),
);
/// A move onto an occupied square.
pub(super) const OCCUPIED: RefusalInfo =
    RefusalInfo::new("sage.pieces.occupied", "pieces", "a piece moves onto an empty square", ("", "", "a2-a8"));
/// No piece on the square moved from.
pub(super) const NO_PIECE: RefusalInfo = RefusalInfo::new(
    "sage.pieces.none",
    "pieces",
    "a move starts on a square holding a piece of the side to move",
    ("", "", "a1-a2"),
);
/// The piece moved is the opponent's.
pub(super) const THEIRS: RefusalInfo =
    RefusalInfo::new("sage.pieces.theirs", "pieces", "a side moves only its own pieces", ("", "", "a8-a7"));
/// A skyship escaping.
pub(super) const SKYSHIP_STAYS: RefusalInfo =
    RefusalInfo::new("sage.escape.skyship", "escape", "a skyship never leaves the board", ("", "", "a2-W"));
/// An escape from off the river.
pub(super) const RIVER_ONLY: RefusalInfo =
    RefusalInfo::new("sage.escape.river", "escape", "a piece escapes only from a river square", ("", "", "c1-W"));
/// A Sage escaping other than by stepping off the river's end.
pub(super) const SAGE_ESCAPE: RefusalInfo = RefusalInfo::new(
    "sage.escape.sage",
    "escape",
    "a Sage escapes by stepping off the river's end square",
    ("", "3aa1a1/k4K1k/aa6/1a3a2/2s5/2K1A3/2S4A/A2AAAA1/6A1 r -- 0-1", "c5-W"),
);
/// An apprentice escaping along a river that is not clear.
pub(super) const CLEAR: RefusalInfo = RefusalInfo::new(
    "sage.escape.clear",
    "escape",
    "an apprentice escapes along a clear river",
    ("", "2s2a1a/1K1a1a2/1a4a1/7a/3AA3/4A3/1S6/5kAA/A3A1A1 b -- 0-1", "d5-E"),
);
/// A Sage moving other than one step or a hop across the river.
pub(super) const SAGE_STEP: RefusalInfo = RefusalInfo::new(
    "sage.sage.step",
    "sage",
    "a Sage steps one square, or hops across the river over a friendly piece",
    ("", "2aaa1a1/2as3a/3a4/k3a3/8/2K4k/8/3AS1AK/1AAAAAA1 r -- 0-0", "d8-d6"),
);
/// An apprentice sliding through a piece.
pub(super) const IN_THE_WAY: RefusalInfo = RefusalInfo::new(
    "sage.pieces.in-the-way",
    "pieces",
    "an apprentice slides over empty squares only",
    ("", "", "c1-c3"),
);
/// An apprentice moving other than its ways, at the river or elsewhere.
pub(super) const CROSSING: RefusalInfo = RefusalInfo::new(
    "sage.river.crossing",
    "river",
    "an apprentice halts at the river bank, enters and leaves the river one step at a time, and crosses it only by hopping over a friendly piece",
    ("", "", "c1-a3"),
);
/// A skyship flying other than two diagonal steps.
pub(super) const FLIGHT: RefusalInfo = RefusalInfo::new(
    "sage.skyships.flight",
    "skyships",
    "a skyship flies exactly two diagonal steps, over any piece but a skyship",
    ("", "", "a2-a3"),
);

/// Every refusal, for the game's description.
pub(super) static ALL: &[RefusalInfo] = &[
    PASS,
    TOWER_OUT,
    TOWER_AROUND,
    OCCUPIED,
    NO_PIECE,
    THEIRS,
    SKYSHIP_STAYS,
    RIVER_ONLY,
    SAGE_ESCAPE,
    CLEAR,
    SAGE_STEP,
    IN_THE_WAY,
    CROSSING,
    FLIGHT,
];
