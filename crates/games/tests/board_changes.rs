//! The board's changes over random games of every game and edition: the
//! board before a move (or a round, or several moves at once) with the
//! change applied is the board after, and a change never carries a fixed
//! part of the board; one move's change stays small.

use arbiter_core::{BoardModel, GameOptions, OptionValue};
use arbiter_games::{AnyGame, AnyMove, GameId};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// A start position of `game` with options drawn from `pick`: both
/// editions of A•G•O•G (some with a handicap), Ogama's deals, Single
/// Capture Go with 2 to 12 players.
fn start(game: GameId, pick: u64) -> AnyGame {
    let mut options = GameOptions::new();
    match game.as_str() {
        "agog" => {
            options.variant = Some(if pick.is_multiple_of(2) { "current" } else { "classic" }.to_string());
            if pick.is_multiple_of(3) {
                options = options.with("handicap", OptionValue::Number(pick / 3 % 11));
            }
        }
        "ogama" => options = options.with("seed", OptionValue::Number(pick)),
        "scg" => options = options.with("players", OptionValue::Text((2 + pick % 11).to_string())),
        _ => {}
    }
    game.start(&options, None).expect("a start position")
}

/// One random game of `game`: its positions from the start, and the move
/// that led to each after the first.
fn line(game: GameId, pick: u64, seed: u64, plies: usize) -> (Vec<AnyGame>, Vec<AnyMove>) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut positions = vec![start(game, pick)];
    let mut moves = Vec::new();
    for _ in 0..plies {
        let position = positions.last().expect("the start at least");
        let Some(mv) = position.random_step(&mut rng) else { break };
        let next = position.play(&mv).expect("a random step is legal");
        positions.push(next);
        moves.push(mv);
    }
    (positions, moves)
}

/// Every board a viewer is shown in one random game of `game`: the start,
/// then each position with its last move marked.
fn boards(game: GameId, pick: u64, seed: u64, plies: usize) -> Vec<BoardModel> {
    let (positions, moves) = line(game, pick, seed, plies);
    let mut boards = vec![positions[0].board_model()];
    for (pair, mv) in positions.windows(2).zip(&moves) {
        boards.push(pair[1].board_after(&pair[0], mv));
    }
    boards
}

/// Checks that applying `after`'s change since `before` to `before` makes
/// `after`, and that the change names only places that changed.
fn check_pair(before: &BoardModel, after: &BoardModel) -> Result<String, TestCaseError> {
    let change = after.changes_since(before).expect("one game keeps its grid");
    for place in &change.cells {
        let was = before.cell(&place.name).expect("a cell of the board");
        prop_assert!(was.words != place.words || was.stack != place.stack, "{} did not change", place.name);
    }
    let mut applied = before.clone();
    applied.apply(&change).expect("every place it names is on the board");
    prop_assert_eq!(&applied, after);
    let json = serde_json::to_string(&change).unwrap();
    prop_assert!(!json.contains("\"zone\"") || change.all_spots.is_some(), "a fixed part in {}", json);
    Ok(json)
}

fn check_game(game: GameId, pick: u64, seed: u64) -> Result<(), TestCaseError> {
    let boards = boards(game, pick, seed, 120);
    // A move's board change lists the cells that changed, as the board
    // writes them (a pool counted, not listed), and nothing else: a few
    // cells for most moves, more when an A•G•O•G corruption spreads or a
    // Single Capture Go capture turns a whole group to @; the spots (an
    // Ogama toad's hand) when they changed.
    for pair in boards.windows(2) {
        let cells: usize = pair[0]
            .cells
            .iter()
            .zip(&pair[1].cells)
            .filter(|(a, b)| a != b)
            .map(|(_, b)| serde_json::to_string(b).unwrap().len())
            .sum();
        let spots =
            if pair[0].spots == pair[1].spots { 0 } else { serde_json::to_string(&pair[1].spots).unwrap().len() };
        // The changed places as the board writes them, the last move and
        // the notes, and no more.
        let most = 400 + cells + spots;
        let json = check_pair(&pair[0], &pair[1])?;
        prop_assert!(json.len() <= most, "{game:?} option {pick}: a change of {} bytes: {json}", json.len());
    }
    // Several moves at once (a viewer who was shown an older version).
    for gap in [2, 3, 7] {
        for (before, after) in boards.iter().zip(boards.iter().skip(gap)) {
            check_pair(before, after)?;
        }
    }
    Ok(())
}

/// The change each game tells from two of its positions is the change
/// between the two boards drawn whole: from the position before the last
/// move, and from one several moves back (a viewer shown an older
/// version).
fn check_told_from_positions(game: GameId, pick: u64, seed: u64) -> Result<(), TestCaseError> {
    let (positions, moves) = line(game, pick, seed, 120);
    for gap in [1, 2, 5] {
        for at in gap..positions.len() {
            let (before, from, after, mv) = (&positions[at - gap], &positions[at - 1], &positions[at], &moves[at - 1]);
            let drawn = after.board_after(from, mv).changes_since(&before.board_model());
            let told = after.board_change_after(before, from, mv);
            prop_assert_eq!(told, drawn, "{:?} option {} ply {} from {} moves back", game, pick, at, gap);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn agog_changes_told_from_positions_are_the_boards_changes(pick in 0u64..66, seed in any::<u64>()) {
        check_told_from_positions(GameId::Agog, pick, seed)?;
    }

    #[test]
    fn sage_changes_told_from_positions_are_the_boards_changes(seed in any::<u64>()) {
        check_told_from_positions(GameId::Sage, 0, seed)?;
    }

    #[test]
    fn ogama_changes_told_from_positions_are_the_boards_changes(pick in 0u64..1000, seed in any::<u64>()) {
        check_told_from_positions(GameId::Ogama, pick, seed)?;
    }

    #[test]
    fn scg_changes_told_from_positions_are_the_boards_changes(pick in 0u64..11, seed in any::<u64>()) {
        check_told_from_positions(GameId::Scg, pick, seed)?;
    }

    #[test]
    fn agog_changes_make_the_board_after(pick in 0u64..66, seed in any::<u64>()) {
        check_game(GameId::Agog, pick, seed)?;
    }

    #[test]
    fn sage_changes_make_the_board_after(seed in any::<u64>()) {
        check_game(GameId::Sage, 0, seed)?;
    }

    #[test]
    fn ogama_changes_make_the_board_after(pick in 0u64..1000, seed in any::<u64>()) {
        check_game(GameId::Ogama, pick, seed)?;
    }

    #[test]
    fn scg_changes_make_the_board_after(pick in 0u64..11, seed in any::<u64>()) {
        check_game(GameId::Scg, pick, seed)?;
    }
}

/// The size of a board change a ply at a time through one seeded game of
/// each, printed for the record (`--nocapture`); at least one change in
/// each game names a cell.
#[test]
fn changes_are_a_few_cells() {
    for (game, pick) in [
        (GameId::Agog, 0),
        (GameId::Agog, 1),
        (GameId::Sage, 0),
        (GameId::Ogama, 7),
        (GameId::Scg, 1),
        (GameId::Scg, 10),
    ] {
        let boards = boards(game, pick, 42, 60);
        let sizes: Vec<usize> = boards
            .windows(2)
            .map(|p| serde_json::to_string(&p[1].changes_since(&p[0]).unwrap()).unwrap().len())
            .collect();
        let whole = serde_json::to_string(boards.last().unwrap()).unwrap().len();
        println!("{game:?} option {pick}: largest change {:?} bytes, whole board {whole} bytes", sizes.iter().max());
        assert!(boards.windows(2).any(|p| !p[1].changes_since(&p[0]).unwrap().cells.is_empty()));
    }
}

/// What a screen reader should say of `cell` of `game`, from its parts:
/// its name, its zone (a sanctum is named by its owner), and each piece
/// on it as its owner's name and its kind.
fn expected_words(game: GameId, cell: &arbiter_core::Cell) -> String {
    let seat_name = |label: &str| match (game.as_str(), label) {
        ("agog", "w") => "White",
        ("agog", _) => "Black",
        (_, "b") => "Black",
        _ => "Red",
    };
    let mut words = cell.name.to_string();
    match (cell.zone.as_deref(), cell.zone_owner.as_deref()) {
        (Some("sanctum"), Some(owner)) => words.push_str(&format!(", {}'s sanctum", seat_name(owner))),
        (Some(zone), _) => words.push_str(&format!(", {zone}")),
        _ => {}
    }
    for piece in &cell.stack {
        let owner = piece.owner.as_deref().map(seat_name).unwrap_or_default();
        words.push_str(&format!(", {owner} {}", piece.kind.replace('-', " ")));
    }
    words
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// The words of every cell, lent from each game's tables, say what
    /// stands there, over random games of A•G•O•G (both editions) and Sage
    /// Tafl.
    #[test]
    fn every_cell_says_what_stands_on_it(pick in 0u64..66, seed in any::<u64>()) {
        for game in [GameId::Agog, GameId::Sage] {
            for board in boards(game, pick, seed, 120) {
                for cell in &board.cells {
                    let expected = expected_words(game, cell);
                    prop_assert_eq!(cell.words.as_ref(), expected.as_str());
                }
            }
        }
    }
}
