//! Every rule a Tiny Col move can be refused for: its code, the rules
//! page's section and a move that breaks it.

use arbiter_core::RefusalInfo;

/// A stone placed on a square that holds one.
pub(super) const TAKEN: RefusalInfo = RefusalInfo::new(
    "tinycol.place.taken",
    "placing",
    "a stone is placed on an empty square",
    ("", ".../.b./... r", "b2"),
);
/// A stone placed beside a stone of its own colour.
pub(super) const BESIDE: RefusalInfo = RefusalInfo::new(
    "tinycol.place.beside",
    "placing",
    "a stone is never placed beside a stone of its own colour",
    ("", ".../.b./r.. b", "b1"),
);

/// Every refusal, for the game's description.
pub(super) static ALL: &[RefusalInfo] = &[TAKEN, BESIDE];
