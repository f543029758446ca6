//! Swiss pairings worked out by hand.

use arbiter_compete::swiss::{Pairing, Seat, SwissPlayer, pair_round};

/// Players rated 2000, 1900, 1800… in index order, with these scores (in
/// half points) and no games yet.
fn field(scores: &[u32]) -> Vec<SwissPlayer> {
    scores
        .iter()
        .enumerate()
        .map(|(i, &score)| SwissPlayer { rating: 2000.0 - 100.0 * i as f64, score, ..SwissPlayer::default() })
        .collect()
}

#[test]
fn first_round_top_half_meets_bottom_half_colours_alternating() {
    // 1–5, 6–2, 3–7, 8–4 in FIDE's numbering.
    assert_eq!(pair_round(&field(&[0; 8])), Pairing { boards: vec![(0, 4), (5, 1), (2, 6), (7, 3)], bye: None });
}

#[test]
fn first_round_of_an_odd_field_gives_the_lowest_the_bye() {
    assert_eq!(pair_round(&field(&[0; 7])), Pairing { boards: vec![(0, 3), (4, 1), (2, 5)], bye: Some(6) });
}

#[test]
fn a_lone_leader_plays_the_top_of_the_next_group() {
    // Scores 2, 1, 1, 0 points: the leader floats to the best of the
    // next group, and its second floats to the last.
    let pairing = pair_round(&field(&[4, 2, 2, 0]));
    let mut pairs: Vec<(usize, usize)> = pairing.boards.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    pairs.sort();
    assert_eq!(pairs, vec![(0, 1), (2, 3)]);
}

#[test]
fn nobody_meets_twice_and_withdrawn_players_sit_out() {
    let mut players = field(&[2, 2, 0, 0, 0]);
    players[0].opponents = vec![1];
    players[1].opponents = vec![0];
    players[4].withdrawn = true;
    let pairing = pair_round(&players);
    assert_eq!(pairing.bye, None);
    assert_eq!(pairing.boards.len(), 2);
    for &(a, b) in &pairing.boards {
        assert!(a != 4 && b != 4);
        assert!(!players[a].opponents.contains(&b));
    }
}

#[test]
fn no_second_bye_while_another_has_none() {
    let mut players = field(&[2, 2, 2]);
    players[2].byes = 1;
    players[0].opponents = vec![1];
    players[1].opponents = vec![0];
    // 2 is lowest but has had a bye; a repeat beats a second bye? No: not
    // meeting twice comes first, so 2 plays and 0 or 1 gets the bye.
    let pairing = pair_round(&players);
    assert_eq!(pairing.boards.len(), 1);
    assert_eq!(pairing.bye, Some(1));
    // A late joiner's half-point bye is no bye: the lowest still gets it.
    let mut players = field(&[1, 1, 1]);
    players[2].late_join_byes = 1;
    assert_eq!(pair_round(&players).bye, Some(2));
}

#[test]
fn a_repeat_when_every_pair_has_met() {
    let mut players = field(&[2, 2, 2, 2]);
    for (p, player) in players.iter_mut().enumerate() {
        player.opponents = (0..4).filter(|&q| q != p).collect();
    }
    let pairing = pair_round(&players);
    assert_eq!(pairing.boards.len(), 2);
}

#[test]
fn colours_due_are_given() {
    use Seat::{First as W, Second as B};
    let mut players = field(&[2, 2]);
    // 0 has had white twice running: black, absolutely, though ranked higher.
    players[0].colours = vec![W, W];
    players[1].colours = vec![B, W];
    players[0].opponents = vec![5];
    players[1].opponents = vec![6];
    assert_eq!(pair_round(&players).boards, vec![(1, 0)]);
    // Both due black, equally: the higher-ranked gets it.
    players[0].colours = vec![B, W];
    assert_eq!(pair_round(&players).boards, vec![(1, 0)]);
    // Both due black, the lower-ranked more: they get it.
    players[1].colours = vec![W, W, B, W];
    assert_eq!(pair_round(&players).boards, vec![(0, 1)]);
}

#[test]
fn empty_and_single_fields() {
    assert_eq!(pair_round(&[]), Pairing::default());
    assert_eq!(pair_round(&field(&[0])), Pairing { boards: vec![], bye: Some(0) });
}
