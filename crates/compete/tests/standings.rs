//! Standings worked out by hand.

use arbiter_compete::standings::{GameResult, Standing, Versus, crosstable, standings};

fn pair(first: usize, second: usize, first_score: u32) -> GameResult {
    GameResult::Pair { first, second, first_score }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// (player, rank, score, Sonneborn–Berger, Buchholz, head to head)
fn lines(rows: &[Standing]) -> Vec<(usize, usize, f64, f64, f64, f64)> {
    rows.iter().map(|s| (s.player, s.rank, s.score, s.sonneborn_berger, s.buchholz, s.head_to_head)).collect()
}

fn assert_lines(rows: &[Standing], expected: &[(usize, usize, f64, f64, f64, f64)]) {
    let got = lines(rows);
    assert_eq!(got.len(), expected.len());
    for (g, e) in got.iter().zip(expected) {
        assert!(
            g.0 == e.0 && g.1 == e.1 && close(g.2, e.2) && close(g.3, e.3) && close(g.4, e.4) && close(g.5, e.5),
            "got {got:?}\nexpected {expected:?}"
        );
    }
}

/// A four-player round robin, A B C D = 0 1 2 3:
///
/// A beats B, A beats C, A draws D, B beats C, B draws D, C beats D.
///
/// Scores: A 2½, B 1½, C 1, D 1.
/// Sonneborn–Berger: A = B 1½ + C 1 + ½·D 1 = 3; B = C 1 + ½·D 1 = 1½;
/// C = D 1 = 1; D = ½·A 2½ + ½·B 1½ = 2.
/// Buchholz: A = 1½ + 1 + 1 = 3½; B = 2½ + 1 + 1 = 4½; C = 2½ + 1½ + 1 = 5;
/// D = 2½ + 1½ + 1 = 5.
/// C and D tie on score; D's Sonneborn–Berger puts D third.
#[test]
fn a_four_player_round_robin() {
    let results = [pair(0, 1, 2), pair(2, 0, 0), pair(0, 3, 1), pair(1, 2, 2), pair(3, 1, 1), pair(2, 3, 2)];
    let rows = standings(&[1500.0, 1600.0, 1700.0, 1800.0], &results).unwrap();
    assert_lines(
        &rows,
        &[
            (0, 1, 2.5, 3.0, 3.5, 0.0),
            (1, 2, 1.5, 1.5, 4.5, 0.0),
            (3, 3, 1.0, 2.0, 5.0, 0.0),
            (2, 4, 1.0, 1.0, 5.0, 0.0),
        ],
    );
    let table = crosstable(4, &results).unwrap();
    assert_eq!(table.players(), 4);
    assert_eq!(table.between(0, 2).iter().map(|e| (e.game, e.result)).collect::<Vec<_>>(), vec![(1, Versus::Win)]);
    assert_eq!(table.between(2, 0)[0].result, Versus::Loss);
    assert_eq!(table.between(3, 1)[0].result, Versus::Draw);
    assert!(table.between(0, 0).is_empty());
}

/// Z W P Q X Y = 0 1 2 3 4 5: P beats X, Q beats Y, Z beats P, W beats Q,
/// Z has a one-point bye.
///
/// Scores: Z 2, W 1, P 1, Q 1, X 0, Y 0.
/// Sonneborn–Berger: Z = P 1; W = Q 1; P = X 0; Q = Y 0 (a bye adds none).
/// Buchholz: Z = P 1; W = Q 1; P = X 0 + Z 2 = 2; Q = Y 0 + W 1 = 1;
/// X = P 1; Y = Q 1.
/// P and Q tie on score and Sonneborn–Berger; Buchholz puts P ahead,
/// though Q is rated higher. X and Y tie on everything, rating too: they
/// share fifth place.
#[test]
fn buchholz_before_rating_and_shared_ranks() {
    let results =
        [pair(2, 4, 2), pair(3, 5, 2), pair(0, 2, 2), pair(1, 3, 2), GameResult::Bye { player: 0, points: 2 }];
    let rows = standings(&[1500.0, 1500.0, 1400.0, 1900.0, 1600.0, 1600.0], &results).unwrap();
    assert_lines(
        &rows,
        &[
            (0, 1, 2.0, 1.0, 1.0, 0.0),
            (1, 2, 1.0, 1.0, 1.0, 0.0),
            (2, 3, 1.0, 0.0, 2.0, 0.0),
            (3, 4, 1.0, 0.0, 1.0, 0.0),
            (4, 5, 0.0, 0.0, 1.0, 0.0),
            (5, 5, 0.0, 0.0, 1.0, 0.0),
        ],
    );
}

/// P Q A B C = 0 1 2 3 4: P beats Q, A beats P, Q beats B, B beats C.
///
/// Scores: P 1, Q 1, A 1, B 1, C 0.
/// Sonneborn–Berger: P = Q 1; Q = B 1; A = P 1; B = C 0.
/// Buchholz: P = Q 1 + A 1 = 2; Q = P 1 + B 1 = 2; A = P 1; B = Q 1 + C 0 = 1.
/// P and Q tie on all three; among the two, P won their game: P first,
/// though Q is rated higher. A, with less Buchholz, is third.
#[test]
fn the_game_between_the_tied_decides_before_rating() {
    let results = [pair(0, 1, 2), pair(2, 0, 2), pair(1, 3, 2), pair(3, 4, 2)];
    let rows = standings(&[1500.0, 2000.0, 1800.0, 1700.0, 1600.0], &results).unwrap();
    assert_lines(
        &rows,
        &[
            (0, 1, 1.0, 1.0, 2.0, 1.0),
            (1, 2, 1.0, 1.0, 2.0, 0.0),
            (2, 3, 1.0, 1.0, 1.0, 0.0),
            (3, 4, 1.0, 0.0, 1.0, 0.0),
            (4, 5, 0.0, 0.0, 1.0, 0.0),
        ],
    );
}

/// With everything equal but rating, rating decides; with that equal too,
/// the rank is shared.
#[test]
fn rating_last() {
    let results = [pair(0, 1, 1)];
    let rows = standings(&[1500.0, 1600.0], &results).unwrap();
    assert_eq!(rows.iter().map(|s| (s.player, s.rank)).collect::<Vec<_>>(), vec![(1, 1), (0, 2)]);
    let rows = standings(&[1500.0, 1500.0], &results).unwrap();
    assert_eq!(rows.iter().map(|s| (s.player, s.rank)).collect::<Vec<_>>(), vec![(0, 1), (1, 1)]);
}

/// Two Single Capture Go tables among players 0 1 2 3:
///
/// Game 0, three players: 0 first, 1 and 2 level. Each pair is worth ½:
/// 0 scores (2 + 0)/2 = 1, 1 and 2 score (0 + ½)/2 = ¼.
/// Game 1, four players: 3, then 1, then 0 and 2 level. Each pair is
/// worth ⅓: 3 scores 1, 1 scores ⅔, 0 and 2 score ½/3 = ⅙.
///
/// Scores: 0 = 1⅙ = 7/6; 1 = ¼ + ⅔ = 11/12; 2 = ¼ + ⅙ = 5/12; 3 = 1.
/// Sonneborn–Berger of 0: game 0, ½ of a win over each of 1 and 2 =
/// ½·11/12 + ½·5/12 = 2/3; game 1, ⅓ of a draw with 2 = ⅙·5/12 = 5/72;
/// total 53/72. Buchholz of 0: ½·(11/12 + 5/12) + ⅓·(1 + 11/12 + 5/12) =
/// 2/3 + 7/9 = 13/9.
#[test]
fn single_capture_go_tables_as_pairs() {
    let results = [
        GameResult::Table { finish: vec![vec![0], vec![1, 2]] },
        GameResult::Table { finish: vec![vec![3], vec![1], vec![0, 2]] },
    ];
    let rows = standings(&[1500.0; 4], &results).unwrap();
    assert_eq!(rows.iter().map(|s| s.player).collect::<Vec<_>>(), vec![0, 3, 1, 2]);
    let top = &rows[0];
    assert!(close(top.score, 7.0 / 6.0) && close(top.sonneborn_berger, 53.0 / 72.0) && close(top.buchholz, 13.0 / 9.0));
    assert!(close(rows[1].score, 1.0) && close(rows[2].score, 11.0 / 12.0) && close(rows[3].score, 5.0 / 12.0));
    let table = crosstable(4, &results).unwrap();
    let results_of = |a: usize, b: usize| table.between(a, b).iter().map(|e| e.result).collect::<Vec<_>>();
    assert_eq!(results_of(0, 1), vec![Versus::Win, Versus::Loss]);
    assert_eq!(results_of(1, 2), vec![Versus::Draw, Versus::Win]);
    assert_eq!(results_of(0, 3), vec![Versus::Loss]);
    assert_eq!(results_of(2, 0), vec![Versus::Loss, Versus::Draw]);
}

/// The scores of a whole table add up to one point per player less the
/// points a game of two would share: n(n − 1)/2 pairs, each worth
/// 1/(n − 1), make n/2 points.
#[test]
fn a_table_shares_half_a_point_per_player() {
    for n in 2..=12 {
        let finish: Vec<Vec<usize>> = (0..n).map(|p| vec![p]).collect();
        let rows = standings(&vec![1500.0; n], &[GameResult::Table { finish }]).unwrap();
        let total: f64 = rows.iter().map(|s| s.score).sum();
        assert!(close(total, n as f64 / 2.0), "{n}: {total}");
        assert!(close(rows[0].score, 1.0));
    }
}
