//! The engine against a second, plain implementation of the rulings
//! (`support/ogama_mailbox.rs`) on many random positions: the same legal
//! moves, each leading to the same position, and the same ending.

#[path = "support/crosscheck.rs"]
mod crosscheck;
#[path = "support/ogama_mailbox.rs"]
mod ogama_mailbox;

use arbiter_core::{Game, GameStatus, Notation};
use arbiter_games::ogama::{Ogama, OgamaConfig, OgamaMove};
use ogama_mailbox::Mailbox;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Compares both implementations on one position; returns its move count.
fn compare(position: &Ogama) -> usize {
    let text = position.position_string();
    let reference = Mailbox::parse(&text);
    assert_eq!(reference.text(), text, "the reference reads the position back");
    let count = crosscheck::assert_same_moves(
        position,
        reference.moves().into_iter().map(|(m, p)| (m, p.text())).collect(),
        "",
    );
    let ending = match position.status() {
        GameStatus::Ongoing => None,
        GameStatus::Over(o) => Some((o.winners.iter().next().map(|s| s.index()), o.reason.word())),
    };
    assert_eq!(ending, reference.ending(), "{text}");
    count
}

#[test]
fn random_games_from_seeded_deals_agree() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut positions = 0;
    let mut finished = 0;
    for seed in 0..60 {
        let mut p = Ogama::start(&OgamaConfig { seed, repetition: false });
        for _ in 0..400 {
            let moves = p.legal_move_list();
            compare(&p);
            positions += 1;
            if moves.is_empty() {
                finished += 1;
                break;
            }
            p = p.play(&moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(positions > 2_000, "{positions} positions");
    assert!(finished > 30, "{finished} games finished");
}

/// A random valid position: the 24 discs in stacks of random heights, toads
/// on random squares of their colour (or not yet placed), either side to
/// move. These reach tall stacks, blocked paths and stuck sides that random
/// games seldom do.
fn random_position(rng: &mut Xoshiro256PlusPlus) -> Ogama {
    loop {
        let mut discs: Vec<char> = std::iter::repeat_n('o', 12).chain(std::iter::repeat_n('b', 12)).collect();
        for i in (1..discs.len()).rev() {
            discs.swap(i, rng.random_range(0..=i));
        }
        let mut stacks: Vec<String> = vec![String::new(); 25];
        // Fewer squares in use make taller stacks, fewer singles and more
        // finished or stuck positions.
        let spread = rng.random_range(5..=25usize);
        for d in discs {
            let sq = rng.random_range(0..spread);
            let cap = if rng.random_bool(0.05) { 6 } else { 5 };
            match (0..25).map(|k| (sq + k) % 25).find(|&s| stacks[s].len() < cap) {
                Some(s) => stacks[s].push(d),
                None => break,
            }
        }
        if stacks.iter().map(String::len).sum::<usize>() != 24 {
            continue;
        }
        for color in ['o', 'b'] {
            if rng.random_bool(0.9) {
                let candidates: Vec<usize> =
                    (0..25).filter(|&s| stacks[s].ends_with(color) && !stacks[s].ends_with('*')).collect();
                if !candidates.is_empty() {
                    stacks[candidates[rng.random_range(0..candidates.len())]].push('*');
                }
            }
        }
        let ranks: Vec<String> = (0..5)
            .rev()
            .map(|r| {
                (0..5)
                    .map(|f| if stacks[r * 5 + f].is_empty() { ".".to_string() } else { stacks[r * 5 + f].clone() })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        let side = if rng.random_bool(0.5) { "o" } else { "b" };
        let text = format!("{} {side}", ranks.join("/"));
        return Ogama::parse_position(&text, &OgamaConfig::default()).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

#[test]
fn random_positions_agree() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(23);
    let mut moves = 0;
    let mut over = 0;
    let mut passes = 0;
    for _ in 0..3_000 {
        let p = random_position(&mut rng);
        moves += compare(&p);
        over += usize::from(p.status().is_over());
        passes += usize::from(p.legal_move_list() == [OgamaMove::Pass]);
        // A few plies on from each, where the position has moves.
        let mut q = p;
        for _ in 0..4 {
            let list = q.legal_move_list();
            if list.is_empty() {
                break;
            }
            q = q.play(&list[rng.random_range(0..list.len())]);
            compare(&q);
        }
    }
    assert!(moves > 10_000, "{moves} moves");
    assert!(over > 50, "{over} finished positions");
    assert!(passes > 3, "{passes} positions where the side to move must pass");
}
