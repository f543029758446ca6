//! Single Capture Go on hand-built grids: the rule text's examples, each
//! of the six steps of a round's end, the endings, and the refusals.

use arbiter_core::{EndReason, GameStatus, MoveError, Outcome, Seat, SeatSet, SimultaneousGame, SimultaneousNotation};
use arbiter_games::scg::{Doom, Fate, Letters, PlayResult, RoundReport, Scg, ScgConfig, grid_side};

fn position(text: &str) -> Scg {
    Scg::parse_position(text, &ScgConfig::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Reads a whole round and resolves it, with the referee's report.
fn play_round(p: &Scg, plays: &str) -> Result<(Scg, RoundReport), MoveError> {
    Ok(p.resolve_reported(&p.parse_round(plays)?))
}

fn round(p: &Scg, plays: &str) -> (Scg, RoundReport) {
    play_round(p, plays).unwrap_or_else(|e| panic!("{plays}: {e}"))
}

/// The squares that may be played, named, in byte order.
fn playable_names(p: &Scg) -> Vec<String> {
    let mut names: Vec<String> = p.playable().iter().map(|sq| p.geometry().name(sq)).collect();
    names.sort_unstable();
    names
}

fn after(p: &Scg, plays: &str) -> String {
    round(p, plays).0.position_string()
}

fn seats(list: &[u8]) -> SeatSet {
    list.iter().map(|&s| Seat(s)).collect()
}

fn start(players: &str) -> Scg {
    Scg::start(&ScgConfig { letters: Some(Letters::parse(players).unwrap()), at_blocked: false })
}

#[test]
fn the_grid_is_the_smallest_square_of_at_least_twelve_squares_per_player() {
    for (players, side) in
        [(2, 5), (3, 6), (4, 7), (5, 8), (6, 9), (7, 10), (8, 10), (9, 11), (10, 11), (11, 12), (12, 12)]
    {
        assert_eq!(grid_side(players), side);
        let p = start(&players.to_string());
        assert_eq!(p.side(), side);
        assert!(side * side >= 12 * players && (side - 1) * (side - 1) < 12 * players);
        assert_eq!(playable_names(&p).len(), side * side, "{players} players");
        let text = p.position_string();
        let (grid, letters) = text.split_once(' ').unwrap();
        assert_eq!(grid, vec![".".repeat(side); side].join("/"));
        assert_eq!(letters, &"ABCDEFGHIJKL"[..players]);
    }
}

/// The rule text's labelling: `a1 a2 a3 …` along the top row, `b1 …` below;
/// its example play `e7` is row e, column 7.
#[test]
fn squares_are_named_by_row_letter_then_column_number() {
    let p = start("4");
    assert_eq!(after(&p, "A:e7,B:a1,C:a3,D:c1"), "B.C..../......./D....../......./......A/......./....... ABCD");
    let names = playable_names(&p);
    assert_eq!(&names[..3], ["a1", "a2", "a3"]);
    // Byte order: a1, a2 … b1 for a 7×7 grid; on larger grids a10 comes before a2.
    assert_eq!(&playable_names(&start("12"))[..4], ["a1", "a10", "a11", "a12"]);
}

#[test]
fn step1_a_square_played_by_one_player_gets_the_letter() {
    let p = position("..@../...../...../...../..... AB");
    let (next, report) = round(&p, "A:a3,B:e5");
    assert_eq!(next.position_string(), "..A../...../...../...../....B AB");
    assert_eq!(
        report.plays,
        [
            PlayResult { seat: Seat(0), square: 2, fate: Fate::Placed },
            PlayResult { seat: Seat(1), square: 24, fate: Fate::Placed }
        ]
    );
    assert!(report.doomed.is_empty());
    assert_eq!(report.remaining, seats(&[0, 1]));
    assert_eq!(report.outcome, None);
}

#[test]
fn step2_a_square_played_by_several_players_gets_at_and_they_all_played() {
    let p = start("ABC");
    let (next, report) = round(&p, "A:c3,B:c3,C:d4");
    assert_eq!(next.position_string(), "....../....../..@.../...C../....../...... ABC");
    let both = seats(&[0, 1]);
    assert_eq!(report.plays[0].fate, Fate::Collided(both));
    assert_eq!(report.plays[1].fate, Fate::Collided(both));
    assert_eq!(report.plays[2].fate, Fate::Placed);
    assert!(report.doomed.is_empty(), "colliding players count as having played");
    // Three at once, on a square already holding @.
    let (next, report) = round(&next, "C:c3,A:c3,B:c3");
    assert_eq!(next.position_string(), "....../....../..@.../...C../....../...... ABC");
    assert_eq!(report.plays[2].fate, Fate::Collided(seats(&[0, 1, 2])));
}

#[test]
fn step3_a_group_without_liberty_dooms_its_player() {
    // A's lone letter on a1 breathes only through a2 (b1 is @).
    let p = position("A..../@..../...../...../....B AB");
    let (next, report) = round(&p, "A:c3,B:a2");
    assert_eq!(next.position_string(), "@B.../@..../..@../...../....B B");
    assert_eq!(report.doomed, [Doom { seat: Seat(0), no_play: false, airless: vec![0], letters: 2 }]);
    assert_eq!(report.outcome, Some(Outcome::win(Seat(1), EndReason::LastStanding)));
}

#[test]
fn step3_liberties_are_orthogonal_shared_by_a_group_and_never_at() {
    // A's group a1-a2-b2 has one liberty, a3; c2 and b3 are @; the empty
    // square c1 touches b1 (@) only, and c3 is diagonal to b2.
    let p = position("AA.../@A@../.@.../...../....B AB");
    let (_, report) = round(&p, "A:e1,B:e4");
    assert!(report.doomed.is_empty(), "one liberty is enough");
    let (next, report) = round(&p, "A:e1,B:a3");
    assert_eq!(report.doomed, [Doom { seat: Seat(0), no_play: false, airless: vec![0], letters: 4 }]);
    assert_eq!(next.position_string(), "@@B../@@@../.@.../...../@...B B");
}

#[test]
fn step3_one_group_without_liberty_dooms_even_when_others_breathe() {
    let p = position("A@.../@..../...A./...../A...B AB");
    let (_, report) = round(&p, "A:c1,B:c2");
    // a1 has no liberty; d4 and e1 do. The new c1 breathes through d1 and c2
    // is B's, so c1 is fine.
    assert_eq!(report.doomed, [Doom { seat: Seat(0), no_play: false, airless: vec![0], letters: 4 }]);
    let two = position("A@..A/@...@/...../...../....B AB");
    let (_, report) = round(&two, "A:c3,B:a4");
    assert_eq!(report.doomed[0].airless, [0, 4], "one square named per group without liberty");
}

#[test]
fn step3_a_play_that_fills_its_own_last_liberty_dooms_the_player() {
    let p = position(".@.../@..../...../...../....B AB");
    let (next, report) = round(&p, "A:a1,B:c3");
    assert_eq!(report.doomed, [Doom { seat: Seat(0), no_play: false, airless: vec![0], letters: 1 }]);
    assert_eq!(next.position_string(), "@@.../@..../..B../...../....B B");
}

#[test]
fn step3_a_collision_can_take_a_bystanders_last_liberty() {
    let p = position("A...../@...../....../....../....../.....B ABC");
    let (next, report) = round(&p, "A:f1,B:a2,C:a2");
    assert_eq!(report.doomed, [Doom { seat: Seat(0), no_play: false, airless: vec![0], letters: 2 }]);
    assert_eq!(next.position_string(), "@@..../@...../....../....../....../@....B BC");
}

#[test]
fn step3_captures_are_simultaneous() {
    // A fills B's last liberty while B fills A's: both are doomed, with two
    // letters each, so they share the win.
    let p = position("A..../@..../...../....@/...@B AB");
    let (next, report) = round(&p, "A:e4,B:a2");
    assert_eq!(report.doomed_set(), seats(&[0, 1]));
    assert_eq!(next.position_string(), "@@.../@..../...../....@/...@@ -");
    assert_eq!(report.outcome, Some(Outcome { winners: seats(&[0, 1]), reason: EndReason::MostLetters }));
    assert_eq!(next.status(), GameStatus::Over(Outcome { winners: seats(&[0, 1]), reason: EndReason::MostLetters }));
}

#[test]
fn step3_a_player_without_a_valid_play_is_doomed() {
    let p = position("A...../....../....../....../....../.....B ABC");
    let (next, report) = round(&p, "A:c3,C:c4");
    assert_eq!(report.silent, seats(&[1]));
    assert_eq!(report.doomed, [Doom { seat: Seat(1), no_play: true, airless: vec![], letters: 1 }]);
    assert_eq!(next.position_string(), "A...../....../..AC../....../....../.....@ AC");
    // A round in which nobody plays dooms everyone.
    let (end, report) = round(&p, "-");
    assert_eq!(end.position_string(), "@...../....../....../....../....../.....@ -");
    assert_eq!(report.silent, seats(&[0, 1, 2]));
}

#[test]
fn step4_a_doomed_players_letters_become_at_and_may_be_played() {
    let p = position("A.B../...../...../...../..... AB");
    let (next, _) = round(&p, "B:c3");
    assert_eq!(next.position_string(), "@.B../...../..B../...../..... B");
    let q = position("AA..../.@..../....../....../..B.../...... ABC");
    let (next, _) = round(&q, "B:c3,C:e1");
    assert_eq!(next.position_string(), "@@..../.@..../..B.../....../C.B.../...... BC");
    assert_eq!(after(&next, "B:a1,C:a2"), "BC..../.@..../..B.../....../C.B.../...... BC");
}

#[test]
fn step5_everyone_doomed_the_most_letters_just_before_step4_win() {
    // Both lose their last liberty; A counts the letter just placed on e4
    // and has three letters to B's two.
    let p = position("A...A/@..../...../....@/...@B AB");
    let (end, report) = round(&p, "A:e4,B:a2");
    assert_eq!(report.doomed.iter().map(|d| (d.seat, d.letters)).collect::<Vec<_>>(), [(Seat(0), 3), (Seat(1), 2)]);
    assert_eq!(report.outcome, Some(Outcome::win(Seat(0), EndReason::MostLetters)));
    assert_eq!(end.position_string(), "@@..@/@..../...../....@/...@@ -");
    // Nobody plays: each keeps what they had; a tie shares the win.
    let tie = position("A.B.../.B..../....../..C.C./....../...... ABC");
    let (end, report) = round(&tie, "-");
    assert_eq!(report.outcome, Some(Outcome { winners: seats(&[1, 2]), reason: EndReason::MostLetters }));
    assert_eq!(end.status().outcome().unwrap().winners, seats(&[1, 2]));
    let alone = position("A.B.../.B..../....../..C.../....../...... ABC");
    assert_eq!(round(&alone, "-").1.outcome, Some(Outcome::win(Seat(1), EndReason::MostLetters)));
}

#[test]
fn step5_the_last_player_standing_wins_and_step6_ends_the_game() {
    let p = start("ABC");
    let (end, report) = round(&p, "B:a1");
    assert_eq!(report.doomed_set(), seats(&[0, 2]));
    assert_eq!(report.remaining, seats(&[1]));
    assert_eq!(end.status(), GameStatus::Over(Outcome::win(Seat(1), EndReason::LastStanding)));
    assert_eq!(end.position_string(), "B...../....../....../....../....../...... B");
    assert!(playable_names(&end).is_empty());
    assert!(play_round(&end, "B:a2").unwrap_err().reason().contains("game is over"));
}

#[test]
fn step6_doomed_players_leave_and_cannot_play() {
    let p = start("ABC");
    let (next, _) = round(&p, "A:a1,B:f6");
    assert_eq!(next.position_string(), "A...../....../....../....../....../.....B AB");
    let e = play_round(&next, "C:c3").unwrap_err();
    assert_eq!(e.token(), "C:c3");
    assert!(e.reason().contains("no longer in the game"), "{e}");
}

#[test]
fn nobody_with_a_letter_still_shares_the_win_among_those_in_the_game() {
    // C left in round 1; A and B collide, then neither plays: all three
    // have no letter, but only A and B were in the game at the end.
    let p = start("ABC");
    let (r1, _) = round(&p, "A:a1,B:a1");
    let (end, report) = round(&r1, "-");
    assert_eq!(report.outcome, Some(Outcome { winners: seats(&[0, 1]), reason: EndReason::MostLetters }));
    assert_eq!(end.position_string(), "@...../....../....../....../....../...... -");
}

#[test]
fn at_squares_may_be_played_unless_the_option_blocks_them() {
    let text = "@..../...../...../...../..... AB";
    let open = position(text);
    assert_eq!(playable_names(&open).len(), 25);
    assert_eq!(after(&open, "A:a1,B:e5"), "A..../...../...../...../....B AB");
    let blocked = Scg::parse_position(text, &ScgConfig { letters: None, at_blocked: true }).unwrap();
    assert_eq!(playable_names(&blocked).len(), 24);
    let e = play_round(&blocked, "A:a1,B:e5").unwrap_err();
    assert_eq!(e.token(), "A:a1");
    assert!(e.reason().contains("@ squares are blocked"), "{e}");
}

#[test]
fn plays_on_letters_or_off_the_grid_are_refused_with_the_reason() {
    let p = position("A..../...../...../...../....B AB");
    for (round_text, token, reason) in [
        ("A:e5", "A:e5", "e5 holds B's letter"),
        ("B:a1", "B:a1", "a1 holds A's letter"),
        ("A:f1", "A:f1", "not a square of the 5×5 grid"),
        ("A:a6", "A:a6", "column number 1 to 5"),
        ("A:a0", "A:a0", "not a square"),
        ("A:e07", "A:e07", "not a square"),
        ("Z:c3", "Z", "not a player of this game (players: AB)"),
        ("a:c3", "a", "not a player"),
        ("AB:c3", "AB:c3", "a play is <letter>:<square>"),
        ("c3", "c3", "a play is <letter>:<square>"),
        ("A:c3,A:c4", "A:c4", "A plays twice"),
        ("A:c3,,B:c4", "A:c3,,B:c4", "nothing empty"),
        ("", "", "nothing empty"),
    ] {
        let e = play_round(&p, round_text).unwrap_err();
        assert_eq!(e.token(), token, "{round_text}: {e}");
        assert!(e.reason().contains(reason), "{round_text}: {e}");
    }
}

#[test]
fn malformed_positions_name_the_offending_part() {
    for (text, token, reason) in [
        ("...../...../...../...../.....", "...../...../...../...../.....", "2 fields"),
        ("...../...../...../...../..... AB x", "...../...../...../...../..... AB x", "2 fields"),
        ("..../..../..../.... AB", "..../..../..../....", "5 to 12 rows"),
        ("...../...../...../..../..... AB", "....", "row d has 4 squares"),
        ("...../...../..x../...../..... AB", "..x..", "'x' is not a square"),
        ("...../...../...../...../..... Ab", "Ab", "'b' is not a player's letter"),
        ("...../...../...../...../..... AA", "AA", "given twice"),
        ("...../...../...../...../..... ", "", "2 to 12|players"),
        ("...../...../..C../...../..... AB", "c3", "not the letter of a player still in the game"),
        ("...../...../...../...../..... ABC", "ABC", "at least 6×6"),
    ] {
        match Scg::parse_position(text, &ScgConfig::default()) {
            Ok(p) => panic!("{text} read as {}", p.position_string()),
            Err(e) => {
                assert_eq!(e.token(), token, "{text}: {e}");
                assert!(reason.split('|').any(|r| e.reason().contains(r)), "{text}: {e}");
            }
        }
    }
}

#[test]
fn a_position_against_the_games_seats() {
    let config = ScgConfig { letters: Some(Letters::parse("ABC").unwrap()), at_blocked: false };
    let p = Scg::parse_position("A...../....../....../....../....../.....C AC", &config).unwrap();
    assert_eq!(p.seat_count(), 3);
    assert_eq!(p.active(), seats(&[0, 2]));
    for (text, reason) in [
        ("A..../...../...../...../..... AC", "6×6 grid, not 5×5"),
        ("A...../....../....../....../....../.....C CA", "seat order"),
        ("A...../....../....../....../....../.....D AD", "'D' is not one of"),
    ] {
        let e = Scg::parse_position(text, &config).unwrap_err();
        assert!(e.reason().contains(reason), "{text}: {e}");
    }
}

#[test]
fn a_position_with_nobody_left_does_not_say_who_won() {
    let p = position("@..../...../...../...../..... -");
    assert_eq!(p.status(), GameStatus::Over(Outcome { winners: SeatSet::EMPTY, reason: EndReason::MostLetters }));
    assert_eq!(p.status().describe(|s| p.seat_label(s)), "win - most-letters");
    let one = position("A..../...../...../...../..... A");
    assert_eq!(one.status(), GameStatus::Over(Outcome::win(Seat(0), EndReason::LastStanding)));
}

/// A refused square's explanation gives an example square of the grid at
/// hand: the rule text's e7 where the grid has it.
#[test]
fn the_example_square_of_an_error_is_on_the_grid() {
    for (players, example) in [("2", "(e5)"), ("3", "(e6)"), ("4", "(e7)"), ("12", "(e7)")] {
        let p = start(players);
        let e = p.parse_seat_play(Seat(0), "z99").unwrap_err();
        assert!(e.reason().ends_with(example), "{players} players: {e}");
        let named = e.reason().trim_end_matches(')').rsplit('(').next().unwrap().to_string();
        assert!(p.parse_seat_play(Seat(0), &named).is_ok(), "{named} is a square of the grid");
    }
}
