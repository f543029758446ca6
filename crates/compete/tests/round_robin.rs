//! Round-robin schedules for 3 to 12 players: every pair meets once (twice
//! in a double, once in each seat), nobody plays twice in a round, the bye
//! goes round once per cycle, and seats are balanced.

use arbiter_compete::round_robin::{Cycles, MAX_PLAYERS, MIN_PLAYERS, schedule};

#[test]
fn every_pair_meets_once_with_balanced_seats() {
    for n in MIN_PLAYERS..=MAX_PLAYERS {
        let rounds = schedule(n, Cycles::Single).unwrap();
        assert_eq!(rounds.len(), n - 1 + n % 2, "{n} players");
        let mut met = vec![vec![0; n]; n];
        let mut firsts = vec![0i32; n];
        let mut byes = vec![0; n];
        for round in &rounds {
            let mut busy = vec![false; n];
            for &(a, b) in &round.pairs {
                assert!(!busy[a] && !busy[b] && a != b, "{n} players: {round:?}");
                busy[a] = true;
                busy[b] = true;
                met[a][b] += 1;
                met[b][a] += 1;
                firsts[a] += 1;
                firsts[b] -= 1;
            }
            if let Some(p) = round.bye {
                assert!(!busy[p]);
                busy[p] = true;
                byes[p] += 1;
            }
            assert!(busy.iter().all(|&b| b), "{n} players: {round:?}");
            assert_eq!(round.bye.is_some(), n % 2 == 1);
        }
        for (a, row) in met.iter().enumerate() {
            for (b, &times) in row.iter().enumerate() {
                assert_eq!(times, usize::from(a != b), "{n} players: {a} and {b}");
            }
            // firsts − seconds: within one.
            assert!(firsts[a].abs() <= 1, "{n} players: player {a} has {}", firsts[a]);
            assert_eq!(byes[a], n % 2);
        }
    }
}

#[test]
fn a_double_round_robin_meets_once_in_each_seat() {
    for n in MIN_PLAYERS..=MAX_PLAYERS {
        let rounds = schedule(n, Cycles::Double).unwrap();
        assert_eq!(rounds.len(), 2 * (n - 1 + n % 2));
        let mut seated = vec![vec![0; n]; n];
        for round in &rounds {
            for &(a, b) in &round.pairs {
                seated[a][b] += 1;
            }
        }
        for (a, row) in seated.iter().enumerate() {
            for (b, &times) in row.iter().enumerate() {
                assert_eq!(times, usize::from(a != b), "{n} players: {a} first against {b}");
            }
        }
    }
}

#[test]
fn seats_alternate_but_for_one_repeat_at_most() {
    for n in MIN_PLAYERS..=MAX_PLAYERS {
        let rounds = schedule(n, Cycles::Single).unwrap();
        for p in 0..n {
            let seats: Vec<bool> = rounds
                .iter()
                .filter_map(|r| r.pairs.iter().find(|&&(a, b)| a == p || b == p).map(|&(a, _)| a == p))
                .collect();
            let repeats = seats.windows(2).filter(|w| w[0] == w[1]).count();
            assert!(repeats <= 1, "{n} players: player {p} seats {seats:?}");
        }
    }
}

#[test]
fn counts_out_of_range_are_refused() {
    for n in [0, 1, 2, 13, 40] {
        assert!(schedule(n, Cycles::Single).is_err());
    }
}
