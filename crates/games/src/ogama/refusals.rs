//! Every rule an Ogama move can be refused for: its code, the rules
//! page's section and a move that breaks it.

use arbiter_core::RefusalInfo;

/// A pass while another move is legal.
pub(super) const PASS: RefusalInfo = RefusalInfo::new(
    "ogama.end.pass",
    "end",
    "a player passes only when nothing else is legal",
    ("", "o,o,.,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b,b,b/b,b,o,o,o o", "pass"),
);
/// A second toad placed.
pub(super) const PLACED: RefusalInfo = RefusalInfo::new(
    "ogama.toad.placed",
    "turn",
    "each player places their toad once",
    ("", "o,o,.,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b*,b,b/b,b,o*,o,o o", "T@a1"),
);
/// A toad placed on a square that does not take it.
pub(super) const PLACE_SQUARE: RefusalInfo = RefusalInfo::new(
    "ogama.toad.place",
    "turn",
    "a toad is placed on a square topped by its own colour and free of toads",
    ("", "o,o,.,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b,b,b/b,b,o,o,o o", "T@c2"),
);
/// A move before the toad is placed.
pub(super) const FIRST: RefusalInfo = RefusalInfo::new(
    "ogama.toad.first",
    "turn",
    "a player's first move places their toad",
    ("", "o,o,.,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b,b,b/b,b,o,o,o o", "a1-a2"),
);
/// A toad move from where the toad is not.
pub(super) const WHERE: RefusalInfo = RefusalInfo::new(
    "ogama.toad.where",
    "turn",
    "a toad moves from the square it is on",
    ("", "o,o,.,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b*,b,b/b,b,o*,o,o o", "Tc2-c3"),
);
/// A toad stepping to a square that does not take it.
pub(super) const STEP: RefusalInfo = RefusalInfo::new(
    "ogama.toad.step",
    "turn",
    "a toad steps to a neighbouring square topped by its own colour and free of toads",
    ("", "o,o,.,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b*,b,b/b,b,o*,o,o o", "Tc1-a1"),
);
/// A disc moved that is not the mover's.
pub(super) const THEIRS: RefusalInfo = RefusalInfo::new(
    "ogama.disc.theirs",
    "turn",
    "a player moves a stack topped by their own colour",
    ("", "o,o,.,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b*,b,b/b,b,o*,o,o o", "a1-a2"),
);
/// A disc moved from under a toad.
pub(super) const UNDER_TOAD: RefusalInfo = RefusalInfo::new(
    "ogama.disc.under-toad",
    "turn",
    "a disc under a toad does not move",
    ("", "o,o,.,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b*,b,b/b,b,o*,o,o o", "c1-b1"),
);
/// A disc travelling other than the height under the toad.
pub(super) const TRAVEL: RefusalInfo = RefusalInfo::new(
    "ogama.disc.travel",
    "turn",
    "a disc travels exactly the height under its player's toad, turning at most once, never over a toad",
    ("", "o,o,.,o,o/o,o,b,b,b/b,b,b,b,o/o,o,b*,b,b/b,b,o*,o,o o", "a2-a4"),
);

/// Every refusal, for the game's description.
pub(super) static ALL: &[RefusalInfo] = &[PASS, PLACED, PLACE_SQUARE, FIRST, WHERE, STEP, THEIRS, UNDER_TOAD, TRAVEL];
