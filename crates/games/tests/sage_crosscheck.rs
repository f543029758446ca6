//! The bit-set engine against a second, plain implementation of the
//! rulings (`support/sage_mailbox.rs`) on many random positions: the same
//! legal moves, and each leading to the same position; the random
//! positions also pass the conformance checks.

#[path = "support/crosscheck.rs"]
mod crosscheck;
#[path = "support/sage_mailbox.rs"]
mod sage_mailbox;

use arbiter_core::conformance::check_position;
use arbiter_core::{Game, Notation};
use arbiter_games::sage::{Sage, SageConfig};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use sage_mailbox::Mailbox;

/// Compares both implementations on one position; returns its move count.
fn compare(position: &Sage) -> usize {
    let reference = Mailbox::parse(&position.position_string()).moves();
    crosscheck::assert_same_moves(position, reference.into_iter().map(|(m, p)| (m, p.text())).collect(), "")
}

#[test]
fn random_games_agree() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let (mut positions, mut finished) = (0, 0);
    for _ in 0..60 {
        let mut p = Sage::start(&SageConfig::default());
        for _ in 0..400 {
            compare(&p);
            positions += 1;
            let moves = p.legal_move_list();
            if moves.is_empty() {
                finished += 1;
                break;
            }
            p = p.play(&moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(positions > 10_000, "{positions}");
    assert!(finished > 0);
}

/// A random valid position, crowded around the river so that hops,
/// escapes, blocked flights and captures come up often.
fn random_position(rng: &mut Xoshiro256PlusPlus) -> Option<Sage> {
    let mut cells = [b'.'; 72];
    let mut place = |letter: u8, rng: &mut Xoshiro256PlusPlus| {
        for _ in 0..20 {
            // Half the pieces go to ranks 4-6.
            let sq = if rng.random_bool(0.5) { rng.random_range(24..48usize) } else { rng.random_range(0..72usize) };
            if cells[sq] == b'.' {
                cells[sq] = letter;
                return;
            }
        }
    };
    let mut towers = [b'-', b'-'];
    for (i, sage) in [b'S', b's'].into_iter().enumerate() {
        match rng.random_range(0..10) {
            0..6 => place(sage, rng),
            6..9 => towers[i] = sage,
            _ => {}
        }
    }
    for letter in [b'A', b'a', b'K', b'k'] {
        let most = if letter.eq_ignore_ascii_case(&b'A') { 8 } else { 2 };
        for _ in 0..rng.random_range(0..=most) {
            place(letter, rng);
        }
    }
    let ranks: Vec<String> = (0..9)
        .rev()
        .map(|rank| {
            let mut s = String::new();
            let mut empty = 0;
            for &c in &cells[rank * 8..rank * 8 + 8] {
                if c == b'.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                s.push(c as char);
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    let side = if rng.random_bool(0.5) { 'b' } else { 'r' };
    let text = format!(
        "{} {side} {}{} {}-{}",
        ranks.join("/"),
        towers[0] as char,
        towers[1] as char,
        rng.random_range(0..5),
        rng.random_range(0..5)
    );
    Sage::parse_position(&text, &SageConfig::default()).ok()
}

#[test]
fn random_positions_around_the_river_agree() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(8);
    let (mut checked, mut escapes, mut captures, mut passes) = (0, 0, 0, 0);
    let mut scratch = Vec::new();
    while checked < 6_000 {
        let Some(p) = random_position(&mut rng) else { continue };
        let mut q = p;
        // Follow each position a few moves to reach what it sets up.
        for _ in 0..8 {
            compare(&q);
            check_position(&q, &mut scratch).unwrap_or_else(|e| panic!("{e}"));
            checked += 1;
            let moves = q.legal_move_list();
            if moves.is_empty() {
                break;
            }
            for m in &moves {
                let text = q.move_string(m);
                escapes += usize::from(text.ends_with('W') || text.ends_with('E'));
                captures += usize::from(q.captures(m) != 0);
                passes += usize::from(text == "pass");
            }
            q = q.play(&moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(escapes > 1_000, "only {escapes} escapes");
    assert!(captures > 1_000, "only {captures} captures");
    assert!(passes > 0, "no pass");
}

fn mailbox_perft(p: &Mailbox, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    p.moves().iter().map(|(_, next)| mailbox_perft(next, depth - 1)).sum()
}

/// The regression table `data/sage-perft.txt` agrees with the plain
/// implementation (every count up to 6,150,000 leaves, the start's depth 5
/// included), so its figures are not just the engine's own word.
#[test]
fn the_perft_table_agrees_with_the_plain_implementation() {
    let table = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sage-perft.txt")).unwrap();
    let mut rows = 0;
    for line in table.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (start, counts) = line.split_once(';').unwrap();
        let start = Mailbox::parse(start.trim());
        for (depth, expected) in counts.split_whitespace().enumerate() {
            let expected: u64 = expected.parse().unwrap();
            if expected > 6_150_000 {
                break;
            }
            assert_eq!(mailbox_perft(&start, depth as u32 + 1), expected, "{line}");
        }
        rows += 1;
    }
    assert!(rows >= 5);
}
