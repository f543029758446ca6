//! The full-screen front end of a turn-based game (ratatui): the board in
//! its sides' colours with the last move lit, what the board does not
//! show, the moves played, the legal moves (those matching what is typed,
//! scrolled with PgUp/PgDn), and the input box with the status and the
//! last message, wrapped.

use anyhow::Result;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

use super::keys::{Typed, answer_overlay, next_key};
use super::paint::{self, board_lines, input_box, input_height, packed, scrolled_list, wrap};
use super::turn_table::{Reply, TurnTable};

/// The narrowest the column beside the board may be.
const SIDE_MIN: u16 = 18;
/// From this width on, the notes stand beside the board, not under it.
const SIDE_NOTES: u16 = 30;

/// What the screen shows besides the game.
#[derive(Default)]
pub struct Screen {
    /// What the player is typing.
    pub input: String,
    /// The last message (a move played, an explanation, a question).
    pub message: String,
    /// How far the message is scrolled, in lines.
    pub message_scroll: usize,
    /// How far the legal moves are scrolled, in rows.
    pub moves_scroll: usize,
    /// Whether the help page is shown.
    pub help: bool,
    /// Whether the player is asked if they want to leave.
    pub leaving: bool,
}

impl Screen {
    fn say(&mut self, message: String) {
        self.message = message;
        self.message_scroll = 0;
    }
}

/// Runs the game full screen until the player leaves.
pub fn run(table: &mut TurnTable) -> Result<()> {
    let mut screen =
        Screen { message: "Type a move and press Enter; type help for how to play.".into(), ..Screen::default() };
    ratatui::run(|terminal| -> Result<()> {
        loop {
            if table.computer_to_move() && !screen.leaving {
                screen.say(format!("{} is thinking…", table.to_move_name()));
                terminal.draw(|f| draw(f, table, &mut screen))?;
                if let Some(report) = table.computer_turn() {
                    screen.say(table.announce(&report));
                }
                continue;
            }
            terminal.draw(|f| draw(f, table, &mut screen))?;
            match answer_overlay(&mut screen.help, &mut screen.leaving)? {
                Some(true) => return Ok(()),
                Some(false) => continue,
                None => {}
            }
            let before = screen.input.clone();
            match next_key(&mut screen.input)? {
                Typed::Leave if table.session().is_over() => return Ok(()),
                Typed::Leave => screen.leaving = true,
                Typed::Editing => {
                    if screen.input != before {
                        screen.moves_scroll = 0;
                    }
                }
                Typed::Page(step) => screen.moves_scroll = screen.moves_scroll.saturating_add_signed(step as isize * 4),
                Typed::Scroll(step) => {
                    screen.message_scroll = screen.message_scroll.saturating_add_signed(step as isize)
                }
                Typed::Line(line) if matches!(line.trim(), "help" | "?") && !table.choosing() => screen.help = true,
                Typed::Line(line) => match table.submit(&line) {
                    Reply::Quit => return Ok(()),
                    Reply::Played(report) => screen.say(table.announce(&report)),
                    Reply::Ask(question) => screen.say(question),
                    Reply::Say(text) => screen.say(text),
                },
            }
        }
    })
}

/// The status line: whose turn, or how the game ended; or the question
/// before leaving.
fn status(table: &TurnTable, screen: &Screen) -> String {
    let game = table.session().game();
    if screen.leaving {
        let later = match table.saved() {
            Some(path) => format!(" Continue it later: arbiter play {game} --from {}.", path.display()),
            None => String::new(),
        };
        return format!(
            "Leave the game? {}.{later} y leaves; any other key stays.",
            paint::capitalized(&table.where_kept())
        );
    }
    match table.ending() {
        Some(ending) => format!("Game over: {ending}; {}. Esc leaves.", table.where_kept()),
        None if table.choosing() => "Answer the question below, or type cancel.".into(),
        None => {
            let session = table.session();
            let who = session
                .to_move()
                .and_then(|s| session.occupant(s))
                .and_then(|o| o.name.clone())
                .filter(|n| *n != table.to_move_name())
                .map_or_else(String::new, |n| format!(" ({n})"));
            format!("{}{who} to move. Enter plays; help explains; Esc leaves.", table.to_move_name())
        }
    }
}

/// The legal moves matching what is typed (in long form or as records
/// write them), or all when none does.
fn shown_moves(table: &TurnTable, typed: &str) -> Vec<String> {
    let all = table.hints();
    let typed = typed.trim().to_ascii_lowercase();
    if typed.is_empty() || table.choosing() {
        return all;
    }
    let matching: Vec<String> = table
        .hint_pairs()
        .into_iter()
        .filter(|(long, record)| {
            long.to_ascii_lowercase().starts_with(&typed) || record.to_ascii_lowercase().starts_with(&typed)
        })
        .map(|(_, record)| record)
        .collect();
    if matching.is_empty() { all } else { matching }
}

/// The moves played, numbered, two a line.
fn history(table: &TurnTable) -> Vec<String> {
    let moves = table.moves();
    let mut rows = Vec::new();
    let mut i = 0;
    let mut number = 1;
    let black_first = !table.first_moved_first();
    while i < moves.len() {
        let (take, lead) =
            if i == 0 && black_first { (1, format!("{number}... ")) } else { (2, format!("{number}. ")) };
        let row: Vec<&str> = moves[i..(i + take).min(moves.len())].iter().map(String::as_str).collect();
        rows.push(format!("{lead}{}", row.join(" ")));
        i += take;
        number += 1;
    }
    rows
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, table: &TurnTable, screen: &mut Screen) {
    let position = table.session().position();
    let diagram = position.board_diagram();
    let board = (diagram.board_width() as u16 + 2, diagram.board_lines().len() as u16 + 2);
    if paint::too_small(frame, board, SIDE_MIN) {
        return;
    }
    let area = frame.area();
    let status = status(table, screen);
    let input_h = input_height(area.width, &status, &screen.message, area.height - board.1);
    let [main, bottom] = Layout::vertical([Constraint::Min(0), Constraint::Length(input_h)]).areas(area);
    let [left, right] = Layout::horizontal([Constraint::Length(board.0), Constraint::Min(0)]).areas(main);

    let last = table.last_move();
    let lit: Vec<String> = last.as_ref().map(|(_, squares)| squares.clone()).unwrap_or_default();
    let title = match &last {
        Some((report, _)) => format!(" Board, last move {} ", report.record),
        None => " Board ".into(),
    };
    let title = if title.chars().count() as u16 + 2 > board.0 { " Board ".to_string() } else { title };
    let [board_area, under_board] = Layout::vertical([Constraint::Length(board.1), Constraint::Min(0)]).areas(left);
    frame.render_widget(
        Paragraph::new(board_lines(position, &diagram, &lit)).block(Block::bordered().title(title)),
        board_area,
    );

    let notes: String = diagram.notes.iter().chain(&diagram.legend).cloned().collect::<Vec<_>>().join("\n");
    let lists = if right.width >= SIDE_NOTES {
        let lines = wrap(&notes, right.width - 2).len() as u16 + 2;
        let [notes_area, rest] =
            Layout::vertical([Constraint::Length(lines.min(right.height / 2)), Constraint::Min(0)]).areas(right);
        notes_box(frame, &notes, notes_area);
        rest
    } else {
        notes_box(frame, &notes, under_board);
        right
    };
    let [history_area, moves_area] =
        Layout::vertical([Constraint::Percentage(40), Constraint::Percentage(60)]).areas(lists);
    let rows = history(table);
    let visible = usize::from(history_area.height.saturating_sub(2));
    let played: Vec<Line> =
        rows.iter().skip(rows.len().saturating_sub(visible)).map(|r| Line::from(r.clone())).collect();
    frame.render_widget(Paragraph::new(played).block(Block::bordered().title(" Moves ")), history_area);

    if table.session().is_over() {
        frame.render_widget(Block::bordered().title(" Legal moves "), moves_area);
    } else {
        let moves = shown_moves(table, &screen.input);
        let rows = packed(&moves, moves_area.width.saturating_sub(2));
        let (title, lines) =
            scrolled_list("Legal moves", moves.len(), &rows, moves_area.height, &mut screen.moves_scroll);
        frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(title)), moves_area);
    }

    let inner = bottom.width.saturating_sub(2);
    let room = usize::from(bottom.height.saturating_sub(3)).saturating_sub(wrap(&status, inner).len());
    screen.message_scroll = screen.message_scroll.min(wrap(&screen.message, inner).len().saturating_sub(room.max(1)));
    input_box(frame, bottom, &status, &screen.input, &screen.message, screen.message_scroll);

    if screen.help {
        paint::help_page(frame, &table.help(), paint::TURN_KEYS);
    }
}

fn notes_box(frame: &mut Frame, notes: &str, area: Rect) {
    let lines: Vec<Line> = wrap(notes, area.width.saturating_sub(2)).into_iter().map(Line::from).collect();
    frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(" Position ")), area);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terminal::record_file::RecordFile;
    use arbiter_core::GameOptions;
    use arbiter_games::GameId;
    use arbiter_play::{ManualClock, Occupant, Session, Timestamp};

    fn table_of(
        game: GameId,
        options: &GameOptions,
        position: Option<&str>,
        seats: Vec<Occupant>,
    ) -> (TurnTable, tempfile::TempDir) {
        let now = Timestamp::from_unix(1_800_000_000);
        let session = Session::new(game, options, position, seats, now).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.txt");
        let file = RecordFile::claim(None, || path).unwrap();
        (TurnTable::new(session, Box::new(ManualClock::new(now)), file), dir)
    }

    fn table(seats: Vec<Occupant>) -> (TurnTable, tempfile::TempDir) {
        table_of(GameId::Agog, &GameOptions::new(), None, seats)
    }

    fn people() -> Vec<Occupant> {
        vec![Occupant::person("Ann"), Occupant::person("Bo")]
    }

    fn text_of(width: u16, height: u16, table: &TurnTable, screen: &mut Screen) -> String {
        crate::terminal::rendered(width, height, |f| draw(f, table, screen))
    }

    #[test]
    fn the_screen_shows_board_history_hints_and_input() {
        let (mut table, _dir) = table(people());
        assert!(matches!(table.submit("e2-e3"), Reply::Played(_)));
        let mut screen = Screen { input: "6e".into(), message: "Played 2e3.".into(), ..Screen::default() };
        let text = text_of(90, 24, &table, &mut screen);
        assert!(text.contains("a b c d e f g h"), "{text}");
        assert!(text.contains("1. 2e3"), "{text}");
        assert!(text.contains("Black (Bo) to move"), "{text}");
        assert!(text.contains("> 6e"), "{text}");
        assert!(text.contains("Legal moves"), "{text}");
        assert!(text.contains("6e5"), "{text}");
        assert!(text.contains("Legal moves (1)"), "only moves matching what is typed are listed: {text}");
    }

    #[test]
    fn undo_against_the_computer_takes_back_its_reply_too() {
        let (mut table, _dir) = table(vec![Occupant::person("Ann"), Occupant::computer(1, "Arbiter level 1")]);
        table.submit("e2-e3");
        assert!(table.computer_turn().is_some());
        assert_eq!(table.moves().len(), 2);
        assert_eq!(table.undo(), "2 moves taken back.");
        assert!(table.moves().is_empty());
        assert!(!table.computer_to_move());
        assert_eq!(table.undo(), "Nothing to undo.");
    }

    #[test]
    fn the_record_is_saved_as_each_move_is_played_and_a_finished_game_stays_finished() {
        let (mut table, _dir) = table(people());
        assert_eq!(table.saved(), None, "no move, no file");
        table.submit("e2-e3");
        let path = table.saved().expect("saved after the first move").to_path_buf();
        assert!(std::fs::read_to_string(&path).unwrap().contains("1. 2e3 *"));
        let said = match table.submit("resign") {
            Reply::Say(text) => text,
            other => panic!("{other:?}"),
        };
        assert!(said.contains("Black resigns") && said.contains("the record is saved in"), "{said}");
        let record = std::fs::read_to_string(&path).unwrap();
        assert!(record.contains("[Result \"1—0\"]") || record.contains("1-0") || record.contains("1—0"), "{record}");
        let refused = table.undo();
        assert!(
            refused.contains("The game is over") && refused.contains("Undo is for a game in progress"),
            "{refused}"
        );
        assert_eq!(table.ending().as_deref(), Some("Black resigns"));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), record, "the saved win is not erased");
    }

    #[test]
    fn a_sanctum_promotion_asks_which_golem_or_removal() {
        // White's golem on g8 steps onto h8, Black's sanctum.
        let position = "6G1/8/8/8/8/8/2G5/J6j w 0 0";
        let (mut table, _dir) = table_of(GameId::Agog, &GameOptions::new(), Some(position), people());
        let Reply::Ask(question) = table.submit("h8") else { panic!("a choice is asked for") };
        assert!(question.contains("g8-h8 ends on the enemy sanctum"), "{question}");
        assert!(question.contains("c2") && question.contains("'remove'"), "{question}");
        let Reply::Ask(again) = table.submit("d4") else { panic!("d4 is not a choice") };
        assert!(again.starts_with("'d4' is not one of the choices"), "{again}");
        let Reply::Played(report) = table.submit("c2") else { panic!("c2 makes a hulk") };
        assert_eq!(report.long, "g8-h8 c2=H");
        assert!(table.session().position().position_string().contains('H'), "a hulk stands on c2");
    }

    #[test]
    fn a_sanctum_promotion_can_be_declined_cancelled_or_typed_whole() {
        let position = "6G1/8/8/8/8/8/2G5/J6j w 0 0";
        let (mut table, _dir) = table_of(GameId::Agog, &GameOptions::new(), Some(position), people());
        assert!(matches!(table.submit("g8-h8"), Reply::Ask(_)));
        assert_eq!(table.submit("cancel"), Reply::Say("Cancelled: type another move.".into()));
        assert!(matches!(table.submit("g8-h8"), Reply::Ask(_)));
        let Reply::Played(report) = table.submit("remove") else { panic!("removal is a choice") };
        assert_eq!(report.long, "g8-h8");
        let (mut whole, _dir) = table_of(GameId::Agog, &GameOptions::new(), Some(position), people());
        let Reply::Played(report) = whole.submit("g8-h8 c2=H") else { panic!("a whole move is not asked about") };
        assert_eq!(report.long, "g8-h8 c2=H");
    }

    #[test]
    fn the_computer_move_is_reported_in_both_forms_with_its_captures() {
        let position = "2gggggj/2g1gggg/G3gggg/G1G2ggg/GG1G3g/GGG1Gg1g/GGGGG3/JGGGGG2 w 0 0";
        let (mut table, _dir) = table_of(GameId::Agog, &GameOptions::new(), Some(position), people());
        let Reply::Played(report) = table.submit("e3xg3") else { panic!("a capture") };
        assert_eq!(report.describe(), "exg3 (e3xg3); captures f3");
        let (last, squares) = table.last_move().unwrap();
        assert_eq!(last, report);
        assert_eq!(squares, ["e3", "f3", "g3"]);
    }
}
