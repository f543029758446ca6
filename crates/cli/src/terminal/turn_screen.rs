//! The full-screen front end of a turn-based game (ratatui): the board
//! with coordinates, the move history, the legal moves, and a line to type
//! in.

use anyhow::Result;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::keys::{Typed, next_key};
use super::turn_table::{Reply, TurnTable};

/// What the screen shows besides the game.
#[derive(Default)]
pub struct Screen {
    /// What the player is typing.
    pub input: String,
    /// The last message (an explanation, help, the computer's move).
    pub message: String,
}

/// Runs the game full screen until it ends and a key is pressed, or the
/// player quits.
pub fn run(table: &mut TurnTable) -> Result<()> {
    let mut screen = Screen { message: table.help(), ..Screen::default() };
    ratatui::run(|terminal| -> Result<()> {
        loop {
            if table.computer_to_move() {
                screen.message = "Arbiter is thinking…".into();
                terminal.draw(|f| draw(f, table, &screen))?;
                if let Some(mv) = table.computer_turn() {
                    screen.message = format!("Arbiter plays {mv}.");
                }
                continue;
            }
            terminal.draw(|f| draw(f, table, &screen))?;
            let line = match next_key(&mut screen.input)? {
                Typed::Leave => return Ok(()),
                Typed::Editing => continue,
                Typed::Line(line) => line,
            };
            match table.submit(&line) {
                Reply::Quit => return Ok(()),
                Reply::Played(mv) => screen.message = format!("Played {mv}."),
                Reply::Say(text) => screen.message = text,
            }
        }
    })
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, table: &TurnTable, screen: &Screen) {
    let [main, bottom] = Layout::vertical([Constraint::Min(12), Constraint::Length(5)]).areas(frame.area());
    let [board_area, side_area] = Layout::horizontal([Constraint::Length(40), Constraint::Min(20)]).areas(main);
    let [history_area, hints_area] =
        Layout::vertical([Constraint::Percentage(60), Constraint::Percentage(40)]).areas(side_area);

    frame.render_widget(
        Paragraph::new(board_lines(table)).wrap(Wrap { trim: false }).block(Block::bordered().title(" Board ")),
        board_area,
    );

    let mut history = Vec::new();
    let per_line = 2;
    let offset = usize::from(!table.first_moved_first());
    let moves = table.moves();
    let mut i = 0;
    let mut number = 1;
    while i < moves.len() {
        let take = if i == 0 && offset == 1 { 1 } else { per_line };
        let lead = if i == 0 && offset == 1 { format!("{number}... ") } else { format!("{number}. ") };
        let row: Vec<&str> = moves[i..(i + take).min(moves.len())].iter().map(String::as_str).collect();
        history.push(Line::from(format!("{lead}{}", row.join(" "))));
        i += take;
        number += 1;
    }
    let visible = history_area.height.saturating_sub(2) as usize;
    let skip = history.len().saturating_sub(visible);
    frame
        .render_widget(Paragraph::new(history.split_off(skip)).block(Block::bordered().title(" Moves ")), history_area);

    let hints = if table.session().is_over() { String::new() } else { table.hints().join("  ") };
    frame.render_widget(
        Paragraph::new(hints).wrap(Wrap { trim: true }).block(Block::bordered().title(" Legal moves ")),
        hints_area,
    );

    let status = match table.ending() {
        Some(ending) => format!("Game over: {ending}. Esc to leave (the record is saved)."),
        None => format!("{} to move. Enter plays; Esc leaves.", table.to_move_name()),
    };
    let prompt = Line::from(vec![Span::styled("> ", Style::new().fg(Color::Yellow)), Span::raw(screen.input.as_str())]);
    frame.render_widget(
        Paragraph::new(vec![Line::from(status), prompt, Line::from(screen.message.as_str())])
            .wrap(Wrap { trim: true })
            .block(Block::bordered()),
        bottom,
    );
}

/// The board diagram with the first player's upper-case units in bold,
/// the last lines of text (side to move, pools) below it.
fn board_lines(table: &TurnTable) -> Vec<Line<'static>> {
    table
        .session()
        .position()
        .diagram()
        .lines()
        .map(|l| {
            let spans: Vec<Span> = l
                .chars()
                .map(|c| {
                    let style = if c.is_ascii_uppercase() {
                        Style::new().add_modifier(Modifier::BOLD).fg(Color::White)
                    } else if c.is_ascii_lowercase() && l.starts_with(|d: char| d.is_ascii_digit()) {
                        Style::new().fg(Color::Red)
                    } else {
                        Style::new()
                    };
                    Span::styled(c.to_string(), style)
                })
                .collect();
            Line::from(spans)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::GameOptions;
    use arbiter_games::GameId;
    use arbiter_play::{ManualClock, Occupant, Session, Timestamp};

    fn table(seats: Vec<Occupant>) -> TurnTable {
        let now = Timestamp::from_unix(1_800_000_000);
        let session = Session::new(GameId::Agog, &GameOptions::new(), None, seats, now).unwrap();
        TurnTable::new(session, Box::new(ManualClock::new(now)))
    }

    #[test]
    fn the_screen_shows_board_history_hints_and_input() {
        let mut table = table(vec![Occupant::person("Ann"), Occupant::person("Bo")]);
        assert_eq!(table.submit("e2-e3"), Reply::Played("2e3".into()));
        let screen = Screen { input: "6e".into(), message: "Played 2e3.".into() };
        let text = super::super::rendered(90, 24, |f| draw(f, &table, &screen));
        assert!(text.contains("a b c d e f g h"), "{text}");
        assert!(text.contains("1. 2e3"), "{text}");
        assert!(text.contains("Black to move"), "{text}");
        assert!(text.contains("> 6e"), "{text}");
        assert!(text.contains("Legal moves"), "{text}");
        assert!(text.contains("6e5"), "{text}");
    }

    #[test]
    fn undo_against_the_computer_takes_back_its_reply_too() {
        let mut table = table(vec![Occupant::person("Ann"), Occupant::computer(1, "Arbiter level 1")]);
        table.submit("e2-e3");
        assert!(table.computer_turn().is_some());
        assert_eq!(table.moves().len(), 2);
        assert_eq!(table.undo(), "2 moves taken back.");
        assert!(table.moves().is_empty());
        assert!(!table.computer_to_move());
        assert_eq!(table.undo(), "Nothing to undo.");
        table.submit("resign");
        assert_eq!(table.ending().as_deref(), Some("White resigns"));
        assert_eq!(table.undo(), "Resignation withdrawn.");
        assert_eq!(table.ending(), None);
    }
}
