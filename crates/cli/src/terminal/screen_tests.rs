//! Every game's full screen on an 80×24 terminal (ratatui's test
//! backend): no line of the board wraps or is cut, the whole help page
//! and a long message can be read, long lists scroll, pieces wear their
//! side's colours and the last move is lit; a terminal too small says so.

use arbiter_core::GameOptions;
use arbiter_games::{AnyGame, GameId};
use arbiter_play::{ManualClock, Occupant, Session, Timestamp};
use ratatui::style::Color;

use super::paint::{MIN_HEIGHT, MIN_WIDTH, ROUND_KEYS, TURN_KEYS};
use super::record_file::RecordFile;
use super::round_screen;
use super::turn_screen::{self, Screen};
use super::turn_table::{Reply, TurnTable};

const W: u16 = 80;
const H: u16 = 24;

/// A position with Ogama's widest squares: stacks of five under toads.
const TALL_OGAMA: &str = "obobo*,bobob*,.,.,./o,o,o,o,o/b,b,b,b,b/o,o,.,.,./b,b,.,.,. o";

fn table(game: GameId, position: Option<&str>) -> (TurnTable, tempfile::TempDir) {
    let now = Timestamp::from_unix(1_800_000_000);
    let seats = vec![Occupant::person("Ann"), Occupant::person("Bo")];
    let session = Session::new(game, &GameOptions::new(), position, seats, now).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.txt");
    (TurnTable::new(session, Box::new(ManualClock::new(now)), RecordFile::claim(None, || path).unwrap()), dir)
}

use super::{buffer_text as text, rendered_buffer as buffer};

/// The screen's words in reading order, borders and runs of spaces
/// dropped: text wrapped over several rows reads as one.
fn words(screen: &str) -> String {
    screen.replace(['│', '┌', '┐', '└', '┘', '─'], " ").split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The part of each row from column `x` on.
fn right_of(screen: &str, x: usize) -> String {
    screen.lines().map(|row| row.chars().skip(x).collect::<String>() + "\n").collect()
}

fn normalised(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Each line of the board, as the game draws it, stands whole on one row.
fn assert_board_whole(screen: &str, position: &AnyGame) {
    for line in position.board_diagram().board_lines() {
        let line: String = line.iter().map(|m| m.text.as_str()).collect();
        let line = line.trim_end();
        assert!(
            screen.lines().any(|row| row.contains(line)),
            "board line {line:?} is not whole on the screen:\n{screen}"
        );
    }
}

fn turn_screen_text(table: &TurnTable, screen: &mut Screen) -> String {
    text(&buffer(W, H, |f| turn_screen::draw(f, table, screen)))
}

#[test]
fn every_turn_based_game_fits_80_by_24_with_its_help_readable() {
    for (game, position) in
        [(GameId::Agog, None), (GameId::Sage, None), (GameId::Ogama, None), (GameId::Ogama, Some(TALL_OGAMA))]
    {
        let (table, _dir) = table(game, position);
        let mut screen = Screen::default();
        let shown = turn_screen_text(&table, &mut screen);
        assert_board_whole(&shown, table.session().position());
        assert!(shown.contains("> "), "{game}: the input line is shown:\n{shown}");
        let mut screen = Screen { help: true, ..Screen::default() };
        let help = turn_screen_text(&table, &mut screen);
        let read = words(&help);
        for part in [table.help(), TURN_KEYS.to_string()] {
            assert!(read.contains(&normalised(&part)), "{game}: the help is not all readable:\n{help}\n{part}");
        }
    }
}

#[test]
fn a_long_message_wraps_and_is_read_whole() {
    let (table, _dir) = table(GameId::Sage, None);
    let message = "Illegal: 'c2-c5': an apprentice halts at the river; it may not cross it in one move, and this sentence goes on long enough to need three rows of an eighty-column terminal to be read to its useful end.";
    let mut screen = Screen { message: message.into(), ..Screen::default() };
    let shown = turn_screen_text(&table, &mut screen);
    assert!(words(&shown).contains(&normalised(message)), "{shown}");
    assert_board_whole(&shown, table.session().position());
}

#[test]
fn a_long_list_of_moves_scrolls_and_says_so() {
    // Orange places its toad on any of its discs, then Blue: many moves.
    let (mut table, _dir) = table(GameId::Ogama, Some(TALL_OGAMA));
    table.submit("a4-a2");
    let all = table.hints();
    let mut screen = Screen::default();
    let first = turn_screen_text(&table, &mut screen);
    let last = all.last().unwrap();
    if !first.contains("more: PgDn") {
        assert!(all.iter().all(|m| first.contains(m.as_str())), "all {} moves fit:\n{first}", all.len());
        return;
    }
    assert!(!first.contains(last.as_str()), "{first}");
    screen.moves_scroll = usize::MAX;
    let scrolled = turn_screen_text(&table, &mut screen);
    assert!(scrolled.contains(last.as_str()), "the last move is reached by scrolling:\n{scrolled}");
    assert!(scrolled.contains("more: PgUp") && !scrolled.contains("more: PgDn"), "{scrolled}");
}

#[test]
fn pieces_wear_their_sides_colours_and_words_do_not() {
    for (game, first, second) in [
        (GameId::Agog, Color::Gray, Color::DarkGray),
        (GameId::Sage, Color::DarkGray, Color::Red),
        (GameId::Ogama, Color::Indexed(208), Color::Blue),
    ] {
        let (table, _dir) = table(game, None);
        let mut screen = Screen::default();
        let b = buffer(W, H, |f| turn_screen::draw(f, &table, &mut screen));
        let backgrounds: Vec<Color> =
            b.content().iter().filter_map(|c| c.bg.ne(&Color::Reset).then_some(c.bg)).collect();
        assert!(backgrounds.contains(&first) && backgrounds.contains(&second), "{game}: {backgrounds:?}");
        // The capitals of words ("White to move", "Red's tower") are not
        // painted as pieces: every painted cell is a piece's letter.
        for cell in b.content().iter().filter(|c| c.bg != Color::Reset) {
            assert!(cell.symbol().chars().all(|c| c.is_ascii_alphabetic()), "{game}: {:?} painted", cell.symbol());
        }
    }
}

#[test]
fn the_last_move_is_lit() {
    let (mut table, _dir) = table(GameId::Agog, None);
    let Reply::Played(_) = table.submit("e2-e3") else { panic!("a legal move") };
    let mut screen = Screen::default();
    let b = buffer(W, H, |f| turn_screen::draw(f, &table, &mut screen));
    let lit = b.content().iter().filter(|c| c.bg == Color::Yellow).count();
    assert_eq!(lit, 2, "e2 and e3 are lit");
}

#[test]
fn a_terminal_too_small_says_so_instead_of_losing_the_input_line() {
    let (table, _dir) = table(GameId::Agog, None);
    for (w, h) in [(MIN_WIDTH - 1, H), (W, MIN_HEIGHT - 1), (30, 8)] {
        let mut screen = Screen::default();
        let shown = text(&buffer(w, h, |f| turn_screen::draw(f, &table, &mut screen)));
        assert!(words(&shown).contains("this game needs at least"), "{w}×{h}:\n{shown}");
    }
    // Sage's board is the tallest: 80×19 is too small for it, and it says so.
    let (sage, _dir) = self::table(GameId::Sage, None);
    let mut screen = Screen::default();
    let shown = text(&buffer(W, 19, |f| turn_screen::draw(f, &sage, &mut screen)));
    assert!(words(&shown).contains("this game needs at least 57×20"), "{shown}");
}

#[test]
fn single_capture_go_fits_80_by_24_up_to_twelve_players() {
    for players in ["2", "6", "12"] {
        let (t, _dir) = round_screen::tests::table(&["scg", "--players", players]);
        let mut screen = round_screen::Screen::default();
        let shown = text(&buffer(W, H, |f| round_screen::draw(f, &t, &mut screen)));
        assert_board_whole(&shown, t.rounds().position());
        let mut screen = round_screen::Screen { help: true, ..round_screen::Screen::default() };
        let help = text(&buffer(W, H, |f| round_screen::draw(f, &t, &mut screen)));
        for part in [t.help(), ROUND_KEYS.to_string()] {
            assert!(words(&help).contains(&normalised(&part)), "{players} players: help not readable:\n{help}");
        }
        let diagram = t.rounds().position().board_diagram();
        let beside = right_of(&shown, diagram.board_width() + 2);
        assert!(words(&beside).contains(&normalised(&diagram.notes.join(" "))), "{beside}");
    }
}

#[test]
fn single_capture_go_stones_wear_their_players_colours() {
    let (mut t, _dir) = round_screen::tests::table(&["scg", "--players", "3", "--as", "A", "--level", "1"]);
    assert!(matches!(t.submit("a1"), super::round_table::TableReply::Played(Some(_))));
    let mut screen = round_screen::Screen::default();
    let b = buffer(W, H, |f| round_screen::draw(f, &t, &mut screen));
    let a1 = b.content().iter().find(|c| c.symbol() == "A" && c.bg != Color::Reset).expect("A's stone is painted");
    assert_eq!(a1.bg, Color::Yellow, "the last round's squares are lit");
    let lit = b.content().iter().filter(|c| c.bg == Color::Yellow).count();
    assert_eq!(lit, t.last_round_squares().len());
    assert!(lit >= 1);
}

#[test]
fn agog_explains_its_letters_and_empty_sanctums() {
    let (table, _dir) = table(GameId::Agog, None);
    let shown = turn_screen_text(&table, &mut Screen::default());
    for part in ["J journeyman", "G golem", "H hulk", "C corrupted hulk", "(* when empty)", "White upper case"] {
        assert!(words(&right_of(&shown, 20)).contains(part), "{part}:\n{shown}");
    }
}

#[test]
fn leaving_asks_first_and_says_how_to_go_on() {
    let (mut table, _dir) = table(GameId::Agog, None);
    table.submit("e2-e3");
    let mut screen = Screen { leaving: true, ..Screen::default() };
    let shown = words(&turn_screen_text(&table, &mut screen));
    assert!(shown.contains("Leave the game? The record is saved in"), "{shown}");
    assert!(shown.contains("Continue it later: arbiter play agog --from"), "{shown}");
    assert!(shown.contains("y leaves; any other key stays."), "{shown}");
}
