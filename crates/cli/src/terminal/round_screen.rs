//! The full-screen front end of a game of rounds (ratatui): the grid with
//! coordinates, the rounds played, the last round's announcement, and a
//! line to type in — hidden when several people share the keyboard, so a
//! play stays secret until the round closes.

use anyhow::Result;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::keys::{Typed, next_key};
use super::round_table::{HELP, RoundTable, TableReply};

/// What the screen shows besides the game.
#[derive(Default)]
pub struct Screen {
    /// What the person is typing.
    pub input: String,
    /// The last message (help, the playable squares, why a play was refused).
    pub message: String,
    /// The last round's announcement.
    pub announcement: String,
}

/// Runs the game full screen until the person leaves.
pub fn run(table: &mut RoundTable) -> Result<()> {
    let mut screen = Screen { message: HELP.into(), ..Screen::default() };
    ratatui::run(|terminal| -> Result<()> {
        loop {
            terminal.draw(|f| draw(f, table, &screen))?;
            let line = match next_key(&mut screen.input)? {
                Typed::Leave => return Ok(()),
                Typed::Editing => continue,
                Typed::Line(line) => line,
            };
            let who = table.waiting().map(|s| table.who(s)).unwrap_or_default();
            match table.submit(&line) {
                TableReply::Quit => return Ok(()),
                TableReply::Played(Some(announcement)) => {
                    screen.announcement = without_grid(&announcement);
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

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, table: &RoundTable, screen: &Screen) {
    let [main, bottom] = Layout::vertical([Constraint::Min(12), Constraint::Length(5)]).areas(frame.area());
    let [grid_area, side_area] = Layout::horizontal([Constraint::Length(48), Constraint::Min(20)]).areas(main);
    let [rounds_area, news_area] =
        Layout::vertical([Constraint::Percentage(35), Constraint::Percentage(65)]).areas(side_area);

    let title = format!(" Round {} ", table.rounds().round());
    frame.render_widget(
        Paragraph::new(table.rounds().position().diagram())
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(title)),
        grid_area,
    );

    let mut rounds: Vec<Line> =
        table.round_texts().iter().enumerate().map(|(i, r)| Line::from(format!("{}. {r}", i + 1))).collect();
    let visible = rounds_area.height.saturating_sub(2) as usize;
    let skip = rounds.len().saturating_sub(visible);
    frame.render_widget(Paragraph::new(rounds.split_off(skip)).block(Block::bordered().title(" Rounds ")), rounds_area);

    frame.render_widget(
        Paragraph::new(screen.announcement.as_str())
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(" Last round ")),
        news_area,
    );

    let status = match (table.ending(), table.waiting()) {
        (Some(ending), _) => format!("Game over: {ending}. Esc to leave (the record is saved)."),
        (None, Some(seat)) => {
            format!("{}: your play, secret until the round closes. Enter plays; Esc leaves.", table.who(seat))
        }
        (None, None) => "Esc to leave (the record is saved).".into(),
    };
    let typed = if table.shared_keyboard() { "•".repeat(screen.input.chars().count()) } else { screen.input.clone() };
    let prompt = Line::from(vec![Span::styled("> ", Style::new().fg(Color::Yellow)), Span::raw(typed)]);
    frame.render_widget(
        Paragraph::new(vec![Line::from(status), prompt, Line::from(screen.message.as_str())])
            .wrap(Wrap { trim: true })
            .block(Block::bordered()),
        bottom,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::play::PlayArgs;
    use clap::Parser;

    #[derive(Parser)]
    struct Args {
        #[command(flatten)]
        play: PlayArgs,
    }

    fn table(args: &[&str]) -> RoundTable {
        let args = Args::parse_from([&["play"], args].concat());
        args.play.round_table().unwrap()
    }

    fn screen_text(table: &RoundTable, screen: &Screen) -> String {
        crate::terminal::rendered(100, 30, |f| draw(f, table, screen))
    }

    #[test]
    fn the_screen_shows_grid_rounds_announcement_and_input() {
        let mut t = table(&["scg", "--players", "3", "--as", "A", "--level", "1"]);
        let TableReply::Played(Some(announcement)) = t.submit("a1") else { panic!("one person: a round") };
        let screen = Screen { input: "b2".into(), message: String::new(), announcement: without_grid(&announcement) };
        let text = screen_text(&t, &screen);
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
        let mut t = table(&["scg", "--players", "3", "--as", "AC", "--level", "1"]);
        assert_eq!(t.submit("a1"), TableReply::Played(None));
        let screen = Screen { input: "c3".into(), ..Screen::default() };
        let text = screen_text(&t, &screen);
        assert!(text.contains("C (player C): your play"), "{text}");
        assert!(text.contains("> ••") && !text.contains("> c3"), "{text}");
        assert!(!text.contains("a   A"), "A's play is secret until the round closes: {text}");
        assert!(matches!(t.submit("c3"), TableReply::Played(Some(_))));
        assert_eq!(t.round_texts().len(), 1);
    }
}
