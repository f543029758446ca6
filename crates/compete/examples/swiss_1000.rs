//! Times the Swiss pairing of a field of 1,000 players (or the number
//! given as the first argument; a seed may follow) over nine rounds of made-up results:
//! `cargo run --release -p arbiter-compete --example swiss_1000`.

use std::time::Instant;

use arbiter_compete::swiss::{Seat, SwissPlayer, pair_round};

/// A small deterministic generator (SplitMix64), so runs compare.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let rounds = 9;
    let seed: u64 = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(2024);
    let mut mix = Mix(seed);
    let mut players: Vec<SwissPlayer> =
        (0..n).map(|_| SwissPlayer { rating: 1000.0 + 1400.0 * mix.unit(), ..SwissPlayer::default() }).collect();
    let mut slowest = 0.0f64;
    for round in 1..=rounds {
        let start = Instant::now();
        let pairing = pair_round(&players);
        let seconds = start.elapsed().as_secs_f64();
        slowest = slowest.max(seconds);
        let repeats = pairing.boards.iter().filter(|(a, b)| players[*a].opponents.contains(b)).count();
        println!(
            "round {round}: {} boards, bye {:?}, {repeats} repeats, paired in {seconds:.3} s",
            pairing.boards.len(),
            pairing.bye
        );
        for &(first, second) in &pairing.boards {
            let expected = 1.0 / (1.0 + 10f64.powf((players[second].rating - players[first].rating) / 400.0));
            let roll = mix.unit();
            let first_score = if roll < expected - 0.1 {
                2
            } else if roll < expected + 0.1 {
                1
            } else {
                0
            };
            players[first].score += first_score;
            players[second].score += 2 - first_score;
            players[first].opponents.push(second);
            players[second].opponents.push(first);
            players[first].colours.push(Seat::First);
            players[second].colours.push(Seat::Second);
        }
        if let Some(b) = pairing.bye {
            players[b].score += 2;
            players[b].byes += 1;
        }
    }
    println!("{n} players: slowest round paired in {slowest:.3} s");
}
