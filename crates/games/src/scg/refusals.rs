//! Every rule a Single Capture Go play can be refused for: its code, the
//! rules page's section and a play that breaks it.

use arbiter_core::RefusalInfo;

/// A play by a player who is out of the game.
pub(super) const GONE: RefusalInfo = RefusalInfo::new(
    "scg.round.out",
    "round",
    "a player who is out of the game sends no plays",
    ("players=ABC", "A...../....../@...../....../....../...... AB", "C:b2"),
);
/// A play on a square holding a letter.
pub(super) const LETTER: RefusalInfo = RefusalInfo::new(
    "scg.round.letter",
    "round",
    "a play names a square without a letter",
    ("players=ABC", "A...../....../@...../....../....../...... AB", "B:a1"),
);
/// A play on @ when @ squares are blocked.
pub(super) const BLOCKED: RefusalInfo = RefusalInfo::new(
    "scg.option.blocked",
    "option",
    "with the option on, squares holding @ may not be played",
    ("players=ABC at-blocked=on", "A...../....../@...../....../....../...... ABC", "B:c1"),
);

/// Every refusal, for the game's description.
pub(super) static ALL: &[RefusalInfo] = &[GONE, LETTER, BLOCKED];
