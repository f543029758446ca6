//! The full-screen front end of `arbiter play` (ratatui): the board with
//! coordinates, the move history, the legal moves, and a line to type in.

use anyhow::Result;
use ratatui::Frame;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::session::{Mover, Reply, Session};

/// What the screen shows besides the session.
#[derive(Default)]
pub struct Screen {
    /// What the player is typing.
    pub input: String,
    /// The last message (an explanation, help, the AI's move).
    pub message: String,
}

/// Runs the game full screen until it ends and a key is pressed, or the
/// player quits.
pub fn run(session: &mut Session) -> Result<()> {
    let mut screen = Screen { message: session.help(), ..Screen::default() };
    ratatui::run(|terminal| -> Result<()> {
        loop {
            if matches!(session.mover(), Mover::Ai(_)) && !session.is_over() {
                screen.message = "Arbiter is thinking…".into();
                terminal.draw(|f| draw(f, session, &screen))?;
                if let Some(mv) = session.ai_turn() {
                    screen.message = format!("Arbiter plays {mv}.");
                }
                continue;
            }
            terminal.draw(|f| draw(f, session, &screen))?;
            let line = match next_key(&mut screen.input)? {
                Typed::Leave => return Ok(()),
                Typed::Editing => continue,
                Typed::Line(line) => line,
            };
            match session.submit(&line) {
                Reply::Quit => return Ok(()),
                Reply::Played(mv) => screen.message = format!("Played {mv}."),
                Reply::Say(text) => screen.message = text,
            }
        }
    })
}

/// What a key press did to the line being typed.
pub enum Typed {
    /// Esc or Ctrl-C: leave the game.
    Leave,
    /// A character added or removed, or a key that does nothing here.
    Editing,
    /// Enter: the line typed (the input is cleared).
    Line(String),
}

/// Waits for a key and applies it to `input`.
pub fn next_key(input: &mut String) -> Result<Typed> {
    let Event::Key(key) = event::read()? else { return Ok(Typed::Editing) };
    if key.kind != KeyEventKind::Press {
        return Ok(Typed::Editing);
    }
    Ok(match key.code {
        KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => Typed::Leave,
        KeyCode::Esc => Typed::Leave,
        KeyCode::Char(c) => {
            input.push(c);
            Typed::Editing
        }
        KeyCode::Backspace => {
            input.pop();
            Typed::Editing
        }
        KeyCode::Enter => Typed::Line(std::mem::take(input)),
        _ => Typed::Editing,
    })
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, session: &Session, screen: &Screen) {
    let [main, bottom] = Layout::vertical([Constraint::Min(12), Constraint::Length(5)]).areas(frame.area());
    let [board_area, side_area] = Layout::horizontal([Constraint::Length(40), Constraint::Min(20)]).areas(main);
    let [history_area, hints_area] =
        Layout::vertical([Constraint::Percentage(60), Constraint::Percentage(40)]).areas(side_area);

    frame.render_widget(
        Paragraph::new(board_lines(session)).wrap(Wrap { trim: false }).block(Block::bordered().title(" Board ")),
        board_area,
    );

    let mut history = Vec::new();
    let per_line = 2;
    let offset = usize::from(!session.first_moved_first());
    let moves = session.moves();
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

    let hints = if session.is_over() { String::new() } else { session.hints().join("  ") };
    frame.render_widget(
        Paragraph::new(hints).wrap(Wrap { trim: true }).block(Block::bordered().title(" Legal moves ")),
        hints_area,
    );

    let status = match session.ending() {
        Some(ending) => format!("Game over: {ending}. Esc to leave (the record is saved)."),
        None => format!("{} to move. Enter plays; Esc leaves.", session.to_move_name()),
    };
    let prompt = Line::from(vec![Span::styled("> ", Style::new().fg(Color::Yellow)), Span::raw(screen.input.as_str())]);
    frame.render_widget(
        Paragraph::new(vec![Line::from(status), prompt, Line::from(screen.message.as_str())])
            .wrap(Wrap { trim: true })
            .block(Block::bordered()),
        bottom,
    );
}

/// The board diagram with White upper case in bold, the last lines of text
/// (side to move, pools) below it.
fn board_lines(session: &Session) -> Vec<Line<'static>> {
    session
        .current()
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

/// What `draw` puts on a screen of `width` × `height`, as text (for tests).
#[cfg(test)]
pub(crate) fn rendered(width: u16, height: u16, draw: impl FnOnce(&mut Frame)) -> String {
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height)).unwrap();
    terminal.draw(draw).unwrap();
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            text.push_str(buffer[(x, y)].symbol());
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_games::{AnyGame, GameKind, any::GameOptions};

    fn screen_text(session: &Session, screen: &Screen) -> String {
        rendered(90, 24, |f| draw(f, session, screen))
    }

    #[test]
    fn the_screen_shows_board_history_hints_and_input() {
        let start = AnyGame::new(GameKind::Agog, &GameOptions::default(), None).unwrap();
        let mut session = Session::new(start, &[("Game", "agog".into())], [Mover::Human, Mover::Human]);
        assert!(matches!(session.submit("e2-e3"), Reply::Played(m) if m == "2e3"));
        let screen = Screen { input: "6e".into(), message: "Played 2e3.".into() };
        let text = screen_text(&session, &screen);
        assert!(text.contains("a b c d e f g h"), "{text}");
        assert!(text.contains("1. 2e3"), "{text}");
        assert!(text.contains("Black to move"), "{text}");
        assert!(text.contains("> 6e"), "{text}");
        assert!(text.contains("Legal moves"), "{text}");
        assert!(text.contains("6e5"), "{text}");
    }

    #[test]
    fn undo_against_the_ai_takes_back_its_reply_too() {
        let start = AnyGame::new(GameKind::Agog, &GameOptions::default(), None).unwrap();
        let ai = Mover::Ai(arbiter_ai::choose::GoParams { depth: Some(1), ..Default::default() });
        let mut session = Session::new(start, &[("Game", "agog".into())], [Mover::Human, ai]);
        session.submit("e2-e3");
        assert!(session.ai_turn().is_some());
        assert_eq!(session.moves().len(), 2);
        assert_eq!(session.undo(), "2 moves taken back.");
        assert!(session.moves().is_empty());
        assert_eq!(session.mover(), Mover::Human);
    }
}
