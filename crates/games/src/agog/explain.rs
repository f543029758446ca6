//! Why a move that was understood is not legal: the words a player sees.

use arbiter_core::RefusalInfo;

use super::Agog;
use super::board::{Color, Kind, NEIGHBOURS, Square, bit, direction, forward, square_name};
use super::moves::AgogMove;
use super::notation::{LongMove, long_form};
use super::refusals as rule;

/// The rule a move breaks, and why, in a line for people.
pub(crate) type Why = (&'static RefusalInfo, String);

impl Agog {
    /// Explains why `long` is not among the `legal` moves.
    pub(crate) fn explain_illegal(&self, long: &LongMove, legal: &[AgogMove]) -> Why {
        if let Some(outcome) = self.decided() {
            return (&rule::OVER, format!("the game is over ({})", outcome.reason));
        }
        let me = self.side;
        let from = square_name(long.from);
        let kind = match self.board.unit_at(long.from) {
            None => return (&rule::NO_UNIT, format!("there is no unit on {from}")),
            Some((c, _)) if c != me => {
                return (&rule::THEIRS, format!("{from} holds a {} unit and {} is to move", c.name(), me.name()));
            }
            Some((_, k)) => k,
        };
        let compulsory = legal.first().filter(|m| m.is_capture());
        let reason = match long.quiet_to {
            Some(to) => self.explain_quiet(long.from, to, kind).or_else(|| {
                compulsory.map(|m| {
                    let why = format!(
                        "a capture is compulsory: the longest jumps {} unit{}, such as {}",
                        m.jumps,
                        plural(m.jumps),
                        long_form(m)
                    );
                    (&rule::COMPULSORY, why)
                })
            }),
            None => self.explain_sequence(long, kind).or_else(|| {
                let best = compulsory.map_or(0, |m| m.jumps);
                (long.jumps.len() < best as usize).then(|| {
                    let m = compulsory.expect("a longer capture exists");
                    let why = format!(
                        "a longer capture is compulsory: {} jumps {} unit{}, this jumps {}",
                        long_form(m),
                        best,
                        plural(best),
                        long.jumps.len()
                    );
                    (&rule::LONGEST, why)
                })
            }),
        };
        reason
            .or_else(|| self.explain_sanctum(long, kind))
            .unwrap_or_else(|| (&rule::OTHER, "not a legal move here".into()))
    }

    fn explain_quiet(&self, from: Square, to: Square, kind: Kind) -> Option<Why> {
        let me = self.side;
        let Some(dir) = direction(from, to) else {
            return Some((&rule::STRAIGHT, "units move straight along a file or a rank".into()));
        };
        if !forward(me).contains(&dir) {
            let ways = if me == Color::White { "east or north" } else { "west or south" };
            let why = format!("units move only forward ({ways} for {}); they capture in any direction", me.name());
            return Some((&rule::FORWARD, why));
        }
        let mut sq = NEIGHBOURS[dir][from as usize];
        let mut steps = 1;
        loop {
            if self.board.all() & bit(sq) != 0 {
                return Some((&rule::OCCUPIED, format!("{} is occupied", square_name(sq))));
            }
            if sq == to {
                break;
            }
            sq = NEIGHBOURS[dir][sq as usize];
            steps += 1;
        }
        if steps > 1 && !kind.slides() {
            return Some((&rule::ONE_SQUARE, format!("a {} moves one square at a time", kind_name(kind))));
        }
        None
    }

    /// Walks the written sequence and names the first jump that breaks a rule.
    fn explain_sequence(&self, long: &LongMove, kind: Kind) -> Option<Why> {
        let me = self.side;
        let them = me.other();
        let classic = self.edition == super::board::Edition::Classic;
        let mut occupied = self.board.all() & !bit(long.from);
        let mut targets = self.board.occupied[them.index()];
        let mut at = long.from;
        let mut corruptions = 0;
        for &(landing, corrupt) in &long.jumps {
            let land = square_name(landing);
            let Some(dir) = direction(at, landing) else {
                return Some((&rule::LINE, format!("{land} is not in a straight line from {}", square_name(at))));
            };
            let mut victim = NEIGHBOURS[dir][at as usize];
            while victim != landing && occupied & bit(victim) == 0 && kind.slides() {
                victim = NEIGHBOURS[dir][victim as usize];
            }
            if victim == landing || occupied & bit(victim) == 0 {
                return Some((
                    &rule::NOTHING,
                    format!("there is no unit to jump between {} and {land}", square_name(at)),
                ));
            }
            let vname = square_name(victim);
            if targets & bit(victim) == 0 {
                return Some(if self.board.occupied[them.index()] & bit(victim) != 0 {
                    (&rule::TWICE, format!("the unit on {vname} has already been jumped in this sequence"))
                } else {
                    (&rule::OWN, format!("{vname} holds a unit of your own"))
                });
            }
            let mut sq = NEIGHBOURS[dir][victim as usize];
            loop {
                if occupied & bit(sq) != 0 {
                    return Some((&rule::BLOCKED, format!("the landing is blocked at {}", square_name(sq))));
                }
                if sq == landing {
                    break;
                }
                if !kind.slides() {
                    let why = format!("a {} lands on the square just beyond the unit it jumps", kind_name(kind));
                    return Some((&rule::LANDING, why));
                }
                sq = NEIGHBOURS[dir][sq as usize];
            }
            if corrupt {
                let victim_kind = self.board.kind_at(them, victim);
                if !self.edition.corrupts(kind) {
                    return Some((
                        &rule::CORRUPTER,
                        format!("a {} cannot corrupt: it captures ('x')", kind_name(kind)),
                    ));
                }
                if corruptions >= self.pools[me.index()] {
                    return Some((&rule::POOL, format!("{} has no golem left in the pool to corrupt with", me.name())));
                }
                if !matches!(victim_kind, Kind::Golem | Kind::Hulk) {
                    let why = format!("the {} on {vname} cannot be corrupted, only captured", kind_name(victim_kind));
                    return Some((&rule::VICTIM, why));
                }
                corruptions += 1;
            } else if classic {
                occupied &= !bit(victim);
            }
            targets &= !bit(victim);
            at = landing;
        }
        None
    }

    fn explain_sanctum(&self, long: &LongMove, kind: Kind) -> Option<Why> {
        let me = self.side;
        let to = long.quiet_to.or_else(|| long.jumps.last().map(|j| j.0))?;
        let sanctum = me.target_sanctum();
        match long.promote {
            Some(_) if to != sanctum => Some((
                &rule::SANCTUM,
                format!("only a unit that ends on the enemy sanctum {} makes a hulk", square_name(sanctum)),
            )),
            Some(_) if !self.promotes(kind) => {
                Some((&rule::SANCTUM_UNIT, format!("a {} reaching the sanctum cannot make a hulk", kind_name(kind))))
            }
            Some(target) => Some((
                &rule::SANCTUM_GOLEM,
                format!("{} holds no other {} golem to stack on", square_name(target), me.name()),
            )),
            None => None,
        }
    }
}

fn plural(n: u8) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Golem => "golem",
        Kind::Hulk => "hulk",
        Kind::CorruptGolem => "corrupted golem",
        Kind::CorruptHulk => "corrupted hulk",
        Kind::Journeyman => "journeyman",
    }
}
