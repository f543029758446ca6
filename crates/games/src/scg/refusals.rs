//! Every rule a Single Capture Go play can be refused for: its code, the
//! rules page's section and a play that breaks it.

use arbiter_core::{RefusalExample, RefusalInfo};

const fn rule(
    code: &'static str,
    section: &'static str,
    about: &'static str,
    (options, position, play): (&'static str, &'static str, &'static str),
) -> RefusalInfo {
    RefusalInfo { code, section, about, example: RefusalExample { options, position, play } }
}

/// A play by a player who is out of the game.
pub(super) const GONE: RefusalInfo = rule(
    "scg.round.out",
    "round",
    "a player who is out of the game sends no plays",
    ("players=ABC", "A...../....../@...../....../....../...... AB", "C:b2"),
);
/// A play on a square holding a letter.
pub(super) const LETTER: RefusalInfo = rule(
    "scg.round.letter",
    "round",
    "a play names a square without a letter",
    ("players=ABC", "A...../....../@...../....../....../...... AB", "B:a1"),
);
/// A play on @ when @ squares are blocked.
pub(super) const BLOCKED: RefusalInfo = rule(
    "scg.option.blocked",
    "option",
    "with the option on, squares holding @ may not be played",
    ("players=ABC at-blocked=on", "A...../....../@...../....../....../...... ABC", "B:c1"),
);

/// Every refusal, for the game's description.
pub(super) static ALL: &[RefusalInfo] = &[GONE, LETTER, BLOCKED];
