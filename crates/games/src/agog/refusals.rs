//! Every rule an A•G•O•G move can be refused for: its code, the rules
//! page's section and a move that breaks it.

use arbiter_core::RefusalInfo;

/// The game is already won.
pub(super) const OVER: RefusalInfo = RefusalInfo::new(
    "agog.winning.over",
    "winning",
    "no move is made once the game is won",
    ("", "7J/8/4j3/8/g7/8/8/2g5 b 20 18", "Ja1"),
);
/// No unit on the square moved from.
pub(super) const NO_UNIT: RefusalInfo = RefusalInfo::new(
    "agog.units.none",
    "units",
    "a move starts on a square holding a unit of the side to move",
    ("", "", "a7-a8"),
);
/// The unit moved is the opponent's.
pub(super) const THEIRS: RefusalInfo =
    RefusalInfo::new("agog.units.theirs", "units", "a side moves only its own units", ("", "", "c8-c7"));
/// A quiet move not along a file or rank.
pub(super) const STRAIGHT: RefusalInfo =
    RefusalInfo::new("agog.units.straight", "units", "units move straight along a file or a rank", ("", "", "a1-b2"));
/// A quiet move backwards.
pub(super) const FORWARD: RefusalInfo = RefusalInfo::new(
    "agog.units.forward",
    "units",
    "units move only forward; they capture in any direction",
    ("", "", "a2-a1"),
);
/// A quiet move onto or through an occupied square.
pub(super) const OCCUPIED: RefusalInfo = RefusalInfo::new(
    "agog.units.occupied",
    "units",
    "a unit moves only over and onto empty squares",
    ("", "", "a1-a2"),
);
/// A golem or journeyman moving more than one square.
pub(super) const ONE_SQUARE: RefusalInfo = RefusalInfo::new(
    "agog.units.one-square",
    "units",
    "golems and journeymen move one square at a time; only hulks slide",
    ("", "", "a6-a8"),
);
/// A quiet move while a capture is possible.
pub(super) const COMPULSORY: RefusalInfo = RefusalInfo::new(
    "agog.capture.compulsory",
    "capturing",
    "a capture is compulsory",
    ("", "G1gggggj/2gg1ggg/3g1ggg/GGGg2gg/GG1G1g1g/GGG4g/GGGGG3/JGGGG2G w 0 0", "Ga1"),
);
/// A capture shorter than the longest.
pub(super) const LONGEST: RefusalInfo = RefusalInfo::new(
    "agog.capture.longest",
    "capturing",
    "the capture jumping the most units is compulsory",
    ("", "G1gggggj/2gg1ggg/3g1ggg/GG2G1gg/GG3Gg1/GGG4g/GGGGG3/JGGGG2G w 0 2", "f4xh4"),
);
/// A jump not in a straight line.
pub(super) const LINE: RefusalInfo = RefusalInfo::new(
    "agog.capture.line",
    "capturing",
    "a jump runs straight along a file or a rank",
    ("", "", "a1xb2"),
);
/// A jump over no unit.
pub(super) const NOTHING: RefusalInfo =
    RefusalInfo::new("agog.capture.nothing", "capturing", "a jump goes over a unit", ("", "", "a1xa2"));
/// A unit jumped twice in one sequence.
pub(super) const TWICE: RefusalInfo = RefusalInfo::new(
    "agog.capture.twice",
    "capturing",
    "a unit is jumped at most once in a sequence",
    ("", "G1gggggj/2gg1ggg/3g1ggg/GGGg2gg/GG1G1g1g/GGG4g/GGGGG3/JGGGG2G w 0 0", "c5xe5xc5"),
);
/// A jump over a unit of one's own.
pub(super) const OWN: RefusalInfo =
    RefusalInfo::new("agog.capture.own", "capturing", "only enemy units are jumped", ("", "", "a1xa3"));
/// A landing on or through an occupied square.
pub(super) const BLOCKED: RefusalInfo = RefusalInfo::new(
    "agog.capture.blocked",
    "capturing",
    "a jump lands on an empty square",
    ("", "G1gggggj/2gg1ggg/3g1ggg/GGGg2gg/GG1G1g1g/GGG4g/GGGGG3/JGGGG2G w 0 0", "d4xd6"),
);
/// A golem landing beyond the square after its victim.
pub(super) const LANDING: RefusalInfo = RefusalInfo::new(
    "agog.capture.landing",
    "capturing",
    "a golem lands on the square just beyond the unit it jumps",
    ("", "G1gggggj/2gg1ggg/3g1ggg/GGGg2gg/GG1G1g1g/GGG4g/GGGGG3/JGGGG2G w 0 0", "c5xf5"),
);
/// A corruption by a unit that cannot corrupt.
pub(super) const CORRUPTER: RefusalInfo = RefusalInfo::new(
    "agog.corruption.corrupter",
    "corruption",
    "only some units corrupt; the others capture",
    ("", "G1gggggj/2gg1ggg/3g1ggg/GGGg2gg/GG1G1g1g/GGG4g/GGGGG3/JGGGG2G w 0 0", "c5+e5"),
);
/// A corruption with an empty pool.
pub(super) const POOL: RefusalInfo = RefusalInfo::new(
    "agog.corruption.pool",
    "pools",
    "each corruption takes a golem from the corrupter's pool",
    ("", "7j/8/8/8/8/8/8/Jg6 w 0 0", "a1+c1"),
);
/// A corruption of a unit that can only be captured.
pub(super) const VICTIM: RefusalInfo = RefusalInfo::new(
    "agog.corruption.victim",
    "corruption",
    "only golems and hulks are corrupted",
    ("", "G2G4/8/8/6G1/2G1G3/1G6/G7/1Jj2G2 w 12 20", "b1+d1"),
);
/// A hulk made away from the enemy sanctum.
pub(super) const SANCTUM: RefusalInfo = RefusalInfo::new(
    "agog.sanctum.only",
    "sanctum",
    "only a unit ending on the enemy sanctum makes a hulk",
    ("", "", "a6-a7 a1=H"),
);
/// A hulk made by a unit that cannot make one.
pub(super) const SANCTUM_UNIT: RefusalInfo = RefusalInfo::new(
    "agog.sanctum.unit",
    "sanctum",
    "only a golem reaching the enemy sanctum makes a hulk",
    ("", "8/7J/4j3/8/g7/8/8/2g5 w 20 18", "h7-h8 a1=H"),
);
/// A hulk made with a square holding no golem of one's own.
pub(super) const SANCTUM_GOLEM: RefusalInfo = RefusalInfo::new(
    "agog.sanctum.golem",
    "sanctum",
    "a hulk is made by stacking on another golem of one's own",
    ("", "g3gj2/g7/3g1g2/1G3Gg1/3GG3/GG1G4/J1G5/1G1G4 b 10 14", "g5xe5xe3xc3xc1xa1 a1=H"),
);
/// A scorekeeping move no unit of the kind can make.
pub(super) const NO_SUCH: RefusalInfo = RefusalInfo::new(
    "agog.notation.no-unit",
    "notation",
    "a scorekeeping move names a unit that can make it",
    ("", "", "Ha2"),
);
/// Any other move the rules do not allow.
pub(super) const OTHER: RefusalInfo =
    RefusalInfo::new("agog.units.other", "units", "the move is not among the legal moves", ("", "", ""));

/// Every refusal, for the game's description.
pub(super) static ALL: &[RefusalInfo] = &[
    OVER,
    NO_UNIT,
    THEIRS,
    STRAIGHT,
    FORWARD,
    OCCUPIED,
    ONE_SQUARE,
    COMPULSORY,
    LONGEST,
    LINE,
    NOTHING,
    TWICE,
    OWN,
    BLOCKED,
    LANDING,
    CORRUPTER,
    POOL,
    VICTIM,
    SANCTUM,
    SANCTUM_UNIT,
    SANCTUM_GOLEM,
    NO_SUCH,
    OTHER,
];
