//! The bitboard engine against a second, plain implementation of the
//! rulings (`support/agog_mailbox.rs`) on many random positions: the same
//! legal moves, and each leading to the same position.

#[path = "support/agog_mailbox.rs"]
mod agog_mailbox;
#[path = "support/crosscheck.rs"]
mod crosscheck;

use agog_mailbox::Mailbox;
use arbiter_core::{Game, Notation};
use arbiter_games::agog::{Agog, AgogConfig, Edition};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

fn config(classic: bool) -> AgogConfig {
    AgogConfig { edition: if classic { Edition::Classic } else { Edition::Current }, handicap: 0 }
}

/// Compares both implementations on one position; returns its move count.
fn compare(position: &Agog, classic: bool) -> usize {
    let reference = Mailbox::parse(&position.position_string(), classic).moves();
    let reference = reference.into_iter().map(|(m, p)| (m, p.text())).collect();
    crosscheck::assert_same_moves(position, reference, &format!(" (classic: {classic})"))
}

#[test]
fn random_games_agree() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    for classic in [false, true] {
        let mut positions = 0;
        for _ in 0..150 {
            let mut p = Agog::start(&config(classic));
            loop {
                compare(&p, classic);
                positions += 1;
                let moves = p.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                p = p.play(&moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(positions > 10_000);
    }
}

/// A random but valid position with hulks, corrupted units and pools, the
/// material that random games from the start rarely reach.
fn random_position(rng: &mut Xoshiro256PlusPlus, classic: bool) -> Option<Agog> {
    let mut cells = [b'.'; 64];
    let place = |cells: &mut [u8; 64], letter: u8, rng: &mut Xoshiro256PlusPlus| {
        let white = letter.is_ascii_uppercase();
        for _ in 0..20 {
            let sq = rng.random_range(0..64usize);
            let enemy_sanctum = if white { 63 } else { 0 };
            if cells[sq] == b'.' && (sq != enemy_sanctum || letter.eq_ignore_ascii_case(&b'j')) {
                cells[sq] = letter;
                return;
            }
        }
    };
    place(&mut cells, b'J', rng);
    place(&mut cells, b'j', rng);
    let kinds: &[u8] = if classic { b"GGGGHHCD" } else { b"GGGGGHHC" };
    for _ in 0..rng.random_range(2..16) {
        let kind = kinds[rng.random_range(0..kinds.len())];
        let letter = if rng.random_bool(0.5) { kind } else { kind.to_ascii_lowercase() };
        place(&mut cells, letter, rng);
    }
    let mut ranks = Vec::new();
    for rank in (0..8).rev() {
        let row: String = cells[rank * 8..rank * 8 + 8].iter().map(|&c| c as char).collect();
        ranks.push(row);
    }
    let board = ranks.join("/");
    let mut compact = String::new();
    let mut empty = 0;
    for c in board.chars() {
        if c == '.' {
            empty += 1;
            continue;
        }
        if empty > 0 {
            compact.push_str(&empty.to_string());
            empty = 0;
        }
        compact.push(c);
    }
    if empty > 0 {
        compact.push_str(&empty.to_string());
    }
    let side = if rng.random_bool(0.5) { 'w' } else { 'b' };
    let text = format!("{compact} {side} {} {}", rng.random_range(0..4), rng.random_range(0..4));
    Agog::parse_position(&text, &config(classic)).ok()
}

#[test]
fn random_positions_with_hulks_and_corrupted_units_agree() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    for classic in [false, true] {
        let (mut checked, mut captures) = (0, 0);
        while checked < 4_000 {
            let Some(p) = random_position(&mut rng, classic) else { continue };
            compare(&p, classic);
            checked += 1;
            captures += usize::from(p.max_capture() > 0);
            // Follow each position a few moves to reach sequences it sets up.
            let mut q = p;
            for _ in 0..6 {
                let moves = q.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                q = q.play(&moves[rng.random_range(0..moves.len())]);
                compare(&q, classic);
            }
        }
        assert!(captures > 500, "only {captures} positions with a capture");
    }
}

fn mailbox_perft(p: &Mailbox, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    p.moves().iter().map(|(_, next)| mailbox_perft(next, depth - 1)).sum()
}

/// The regression table `data/agog-perft.txt` agrees with the plain
/// implementation, so its figures are not just the engine's own word.
#[test]
fn the_perft_table_agrees_with_the_plain_implementation() {
    let table = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/agog-perft.txt")).unwrap();
    let mut rows = 0;
    for line in table.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let classic = fields[0] == "classic";
        let start = Mailbox::parse(fields[1], classic);
        for (depth, expected) in fields[2].split_whitespace().enumerate() {
            let expected: u64 = expected.replace(',', "").parse().unwrap();
            assert_eq!(mailbox_perft(&start, depth as u32 + 1), expected, "{line}");
        }
        rows += 1;
    }
    assert!(rows >= 8);
}
