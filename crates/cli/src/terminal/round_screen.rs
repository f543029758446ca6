//! The full-screen front end of a game of rounds (ratatui): the grid with
//! coordinates, each player's stones in their colour and the squares the
//! last round changed lit, the rounds played, the last round's
//! announcement (scrolled with PgUp/PgDn), and a line to type in — hidden
//! when several people share the keyboard, so a play stays secret until
//! the round closes.

use anyhow::Result;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

use super::keys::{Typed, answer_overlay, next_key};
use super::paint::{self, board_lines, input_box, input_height, wrap};
use super::round_table::{RoundTable, TableReply};

/// The narrowest the column beside the grid may be.
const SIDE_MIN: u16 = 24;

/// What the screen shows besides the game.
#[derive(Default)]
pub struct Screen {
    /// What the person is typing.
    pub input: String,
    /// The last message (help, the playable squares, why a play was refused).
    pub message: String,
    /// How far the message is scrolled, in lines.
    pub message_scroll: usize,
    /// The last round's announcement.
    pub announcement: String,
    /// How far the announcement is scrolled, in lines.
    pub announcement_scroll: usize,
    /// Whether the help page is shown.
    pub help: bool,
    /// Whether the person is asked if they want to leave.
    pub leaving: bool,
}

/// Runs the game full screen until the person leaves.
pub fn run(table: &mut RoundTable) -> Result<()> {
    let mut screen = Screen {
        message: "Type the square you play and press Enter; type help for how to play.".into(),
        ..Screen::default()
    };
    ratatui::run(|terminal| -> Result<()> {
        loop {
            terminal.draw(|f| draw(f, table, &mut screen))?;
            match answer_overlay(&mut screen.help, &mut screen.leaving)? {
                Some(true) => return Ok(()),
                Some(false) => continue,
                None => {}
            }
            let line = match next_key(&mut screen.input)? {
                Typed::Leave if table.waiting().is_none() => return Ok(()),
                Typed::Leave => {
                    screen.leaving = true;
                    continue;
                }
                Typed::Editing => continue,
                Typed::Page(step) => {
                    screen.announcement_scroll = screen.announcement_scroll.saturating_add_signed(step as isize * 4);
                    continue;
                }
                Typed::Scroll(step) => {
                    screen.message_scroll = screen.message_scroll.saturating_add_signed(step as isize);
                    continue;
                }
                Typed::Line(line) => line,
            };
            if matches!(line.trim(), "help" | "?") {
                screen.help = true;
                continue;
            }
            let who = table.waiting().map(|s| table.who(s)).unwrap_or_default();
            screen.message_scroll = 0;
            match table.submit(&line) {
                TableReply::Quit => return Ok(()),
                TableReply::Played(Some(announcement)) => {
                    screen.announcement = without_grid(&announcement);
                    screen.announcement_scroll = 0;
                    screen.message = String::new();
                }
                TableReply::Played(None) => screen.message = format!("{who} has played."),
                TableReply::Say(text) => screen.message = text,
            }
        }
    })
}

/// An announcement without its drawing of the grid, which the screen
/// shows beside it.
fn without_grid(announcement: &str) -> String {
    let mut kept = Vec::new();
    let mut in_grid = false;
    for line in announcement.lines() {
        if line.starts_with("The grid after round") {
            in_grid = true;
        } else if in_grid && line.is_empty() {
            in_grid = false;
            continue;
        }
        if !in_grid {
            kept.push(line);
        }
    }
    kept.join("\n")
}

/// The status line: whose play, or how the game ended; or the question
/// before leaving.
fn status(table: &RoundTable, screen: &Screen) -> String {
    if screen.leaving {
        let later = match table.saved() {
            Some(path) => format!(" Continue it later: arbiter play scg --from {}.", path.display()),
            None => String::new(),
        };
        return format!(
            "Leave the game? {}.{later} y leaves; any other key stays.",
            paint::capitalized(&table.where_kept())
        );
    }
    match (table.ending(), table.waiting()) {
        (Some(ending), _) => format!("Game over: {ending}; {}. Esc leaves.", table.where_kept()),
        (None, Some(seat)) => {
            format!(
                "{}: your play, secret until the round closes. Enter plays; help explains; Esc leaves.",
                table.who(seat)
            )
        }
        (None, None) => format!("{}. Esc leaves.", paint::capitalized(&table.where_kept())),
    }
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, table: &RoundTable, screen: &mut Screen) {
    let position = table.rounds().position();
    let diagram = position.board_diagram();
    let grid = (diagram.board_width() as u16 + 2, diagram.board_lines().len() as u16 + 2);
    if paint::too_small(frame, grid, SIDE_MIN) {
        return;
    }
    let area = frame.area();
    let status = status(table, screen);
    let typed = if table.shared_keyboard() { "•".repeat(screen.input.chars().count()) } else { screen.input.clone() };
    let input_h = input_height(area.width, &status, &screen.message, area.height - grid.1);
    let [main, bottom] = Layout::vertical([Constraint::Min(0), Constraint::Length(input_h)]).areas(area);
    let [left, right] = Layout::horizontal([Constraint::Length(grid.0), Constraint::Min(0)]).areas(main);

    let lit = table.last_round_squares();
    let title = format!(" Round {} ", table.rounds().round());
    frame.render_widget(
        Paragraph::new(board_lines(position, &diagram, &lit)).block(Block::bordered().title(title)),
        left,
    );
    let notes = wrap(&diagram.notes.join("\n"), right.width.saturating_sub(2));
    let [notes_area, rounds_area, news_area] =
        Layout::vertical([Constraint::Length(notes.len() as u16 + 2), Constraint::Percentage(30), Constraint::Min(3)])
            .areas(right);
    let notes: Vec<Line> = notes.into_iter().map(Line::from).collect();
    frame.render_widget(Paragraph::new(notes).block(Block::bordered().title(" Game ")), notes_area);

    let rounds: Vec<String> = table.round_texts().iter().enumerate().map(|(i, r)| format!("{}. {r}", i + 1)).collect();
    let rows: Vec<String> = rounds.iter().flat_map(|r| wrap(r, rounds_area.width.saturating_sub(2))).collect();
    let visible = usize::from(rounds_area.height.saturating_sub(2));
    let shown: Vec<Line> =
        rows.iter().skip(rows.len().saturating_sub(visible)).map(|r| Line::from(r.clone())).collect();
    frame.render_widget(Paragraph::new(shown).block(Block::bordered().title(" Rounds ")), rounds_area);

    let news = wrap(&screen.announcement, news_area.width.saturating_sub(2));
    let room = usize::from(news_area.height.saturating_sub(2)).max(1);
    screen.announcement_scroll = screen.announcement_scroll.min(news.len().saturating_sub(room));
    let lines: Vec<Line> =
        news.iter().skip(screen.announcement_scroll).take(room).map(|l| Line::from(l.clone())).collect();
    let title = if news.len() <= room {
        " Last round ".to_string()
    } else {
        let last = (screen.announcement_scroll + room).min(news.len());
        format!(" Last round: lines {}-{last} of {}, PgUp/PgDn ", screen.announcement_scroll + 1, news.len())
    };
    frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(title)), news_area);

    let inner = bottom.width.saturating_sub(2);
    let room = usize::from(bottom.height.saturating_sub(3)).saturating_sub(wrap(&status, inner).len());
    screen.message_scroll = screen.message_scroll.min(wrap(&screen.message, inner).len().saturating_sub(room.max(1)));
    input_box(frame, bottom, &status, &typed, &screen.message, screen.message_scroll);

    if screen.help {
        paint::help_page(frame, &table.help(), paint::ROUND_KEYS);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::commands::play::PlayArgs;
    use clap::Parser;

    #[derive(Parser)]
    struct Args {
        #[command(flatten)]
        play: PlayArgs,
    }

    /// A table from `play` arguments, its record kept in a fresh folder.
    pub(crate) fn table(args: &[&str]) -> (RoundTable, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("scg.txt").display().to_string();
        let args = Args::parse_from([&["play"], args, &["--save", &save]].concat());
        (args.play.round_table().unwrap(), dir)
    }

    fn screen_text(table: &RoundTable, screen: &mut Screen) -> String {
        crate::terminal::rendered(100, 30, |f| draw(f, table, screen))
    }

    #[test]
    fn the_screen_shows_grid_rounds_announcement_and_input() {
        let (mut t, _dir) = table(&["scg", "--players", "3", "--as", "A", "--level", "1"]);
        let TableReply::Played(Some(announcement)) = t.submit("a1") else { panic!("one person: a round") };
        let mut screen = Screen { input: "b2".into(), announcement: without_grid(&announcement), ..Screen::default() };
        // Tall enough for the whole announcement, however the computers'
        // plays collide and its lines wrap.
        let text = crate::terminal::rendered(100, 40, |f| draw(f, &t, &mut screen));
        assert!(text.contains("Round 2"), "{text}");
        assert!(text.contains(" a   A"), "{text}");
        assert!(text.contains("1. A:a1,B:"), "{text}");
        assert!(text.contains("results of round 1") && text.contains("Remaining:"), "{text}");
        assert!(!text.contains("The grid after round 1"), "the grid is drawn once: {text}");
        assert!(text.contains("A (you): your play"), "{text}");
        assert!(text.contains("> b2"), "{text}");
    }

    #[test]
    fn people_sharing_the_keyboard_play_in_turn_unseen() {
        let (mut t, _dir) = table(&["scg", "--players", "3", "--as", "AC", "--level", "1"]);
        assert_eq!(t.submit("a1"), TableReply::Played(None));
        let mut screen = Screen { input: "c3".into(), ..Screen::default() };
        let text = screen_text(&t, &mut screen);
        assert!(text.contains("C (player C): your play"), "{text}");
        assert!(text.contains("> ••") && !text.contains("> c3"), "{text}");
        assert!(!text.contains("a   A"), "A's play is secret until the round closes: {text}");
        assert!(matches!(t.submit("c3"), TableReply::Played(Some(_))));
        assert_eq!(t.round_texts().len(), 1);
    }

    #[test]
    fn the_record_is_saved_as_each_round_closes() {
        let (mut t, _dir) = table(&["scg", "--players", "3", "--as", "A", "--level", "1"]);
        assert_eq!(t.saved(), None);
        assert!(matches!(t.submit("a1"), TableReply::Played(Some(_))));
        let path = t.saved().expect("saved when the round closed").to_path_buf();
        assert!(std::fs::read_to_string(&path).unwrap().contains("A:a1"));
    }

    #[test]
    fn help_names_squares_of_this_grid() {
        let (small, _d) = table(&["scg", "--players", "2"]);
        assert!(small.help().contains("a1 is the top left corner, e5 the bottom right"), "{}", small.help());
        let (big, _d) = table(&["scg", "--players", "3"]);
        assert!(big.help().contains("f6 the bottom right"), "{}", big.help());
    }
}
