//! The bitboard engine against a second, plain referee
//! (`support/scg_mailbox.rs`) on many random positions and rounds: the same
//! playable squares, the same grid after the round, the same doomed players
//! and the same winners.

#[path = "support/scg_mailbox.rs"]
mod scg_mailbox;

use arbiter_core::{Seat, SimultaneousGame, SimultaneousNotation};
use arbiter_games::scg::{Scg, ScgConfig, grid_side};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use scg_mailbox::Mailbox;

/// The squares that may be played, named, in byte order.
fn playable_names(p: &Scg) -> Vec<String> {
    let mut names: Vec<String> = p.playable().iter().map(|sq| p.geometry().name(sq)).collect();
    names.sort_unstable();
    names
}

/// A random position: 1 to 12 players on a grid big enough for them, each
/// square empty, `@` or a letter of a player still in the game.
fn random_position(rng: &mut Xoshiro256PlusPlus) -> String {
    let players = rng.random_range(1..=12usize);
    let n = rng.random_range(grid_side(players).max(5)..=12);
    let letters: Vec<char> = {
        let mut all: Vec<char> = ('A'..='Z').collect();
        for i in 0..players {
            let j = rng.random_range(i..all.len());
            all.swap(i, j);
        }
        all.truncate(players);
        all
    };
    let fill = rng.random_range(0.0..0.9);
    let at_share = rng.random_range(0.0..0.5);
    let rows: Vec<String> = (0..n)
        .map(|_| {
            (0..n)
                .map(|_| {
                    if !rng.random_bool(fill) {
                        '.'
                    } else if rng.random_bool(at_share) {
                        '@'
                    } else {
                        letters[rng.random_range(0..players)]
                    }
                })
                .collect()
        })
        .collect();
    format!("{} {}", rows.join("/"), letters.iter().collect::<String>())
}

/// Random plays for a round: some players stay silent, and many plays copy
/// another player's square or crowd next to letters, so that collisions
/// and captures are common.
fn random_round(rng: &mut Xoshiro256PlusPlus, p: &Scg) -> Vec<(char, String)> {
    let playable = playable_names(p);
    let mut plays: Vec<(char, String)> = Vec::new();
    if playable.is_empty() {
        return plays;
    }
    for seat in p.active().iter() {
        if rng.random_bool(0.1) {
            continue;
        }
        let square = if !plays.is_empty() && rng.random_bool(0.3) {
            plays[rng.random_range(0..plays.len())].1.clone()
        } else {
            playable[rng.random_range(0..playable.len())].clone()
        };
        plays.push((p.letter(seat), square));
    }
    plays
}

fn compare(p: &Scg, plays: &[(char, String)]) -> Scg {
    let text = p.position_string();
    let mailbox = Mailbox::parse(&text);
    assert_eq!(playable_names(p), mailbox.playable(), "playable squares of {text}");
    let round: Vec<String> = plays.iter().map(|(l, s)| format!("{l}:{s}")).collect();
    let round = if round.is_empty() { "-".to_string() } else { round.join(",") };
    let parsed = p.parse_round(&round).unwrap_or_else(|e| panic!("{text} {round}: {e}"));
    let (next, report) = p.resolve_reported(&parsed);
    let expected = mailbox.resolve(plays);
    let context = format!("{text} after {round}");
    assert_eq!(next.position_string(), expected.next.text(), "{context}");
    let doomed: Vec<char> = report.doomed.iter().map(|d| p.letter(d.seat)).collect();
    assert_eq!(doomed, expected.doomed, "doomed, {context}");
    let winners: Vec<char> =
        report.outcome.map(|o| o.winners.iter().map(|s: Seat| p.letter(s)).collect()).unwrap_or_default();
    assert_eq!(winners, expected.winners, "winners, {context}");
    next
}

#[test]
fn random_positions_and_rounds_agree() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut rounds = 0;
    let mut doomed = 0;
    for _ in 0..4_000 {
        let text = random_position(&mut rng);
        let mut p = Scg::parse_position(&text, &ScgConfig::default()).unwrap_or_else(|e| panic!("{text}: {e}"));
        while !p.status().is_over() {
            let plays = random_round(&mut rng, &p);
            let next = compare(&p, &plays);
            doomed += p.active().len() - next.active().len();
            rounds += 1;
            p = next;
        }
    }
    assert!(rounds > 6_000, "{rounds} rounds");
    assert!(doomed > 5_000, "{doomed} dooms");
}

#[test]
fn random_games_from_the_start_agree() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(8);
    for players in 2..=12 {
        for _ in 0..40 {
            let mut p = Scg::start(&ScgConfig {
                letters: Some(arbiter_games::scg::Letters::first(players)),
                at_blocked: false,
            });
            let mut rounds = 0;
            while !p.status().is_over() && rounds < 400 {
                let plays = random_round(&mut rng, &p);
                p = compare(&p, &plays);
                rounds += 1;
            }
        }
    }
}
