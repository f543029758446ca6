//! The keys of a full screen: one line editor for every game, and the
//! keys that scroll and leave.

use anyhow::Result;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// What a key press did.
#[derive(Debug, PartialEq, Eq)]
pub enum Typed {
    /// Esc or Ctrl-C: the player wants to leave.
    Leave,
    /// A character added or removed, a resize, or a key that does nothing
    /// here: draw again.
    Editing,
    /// Enter: the line typed (the input is cleared).
    Line(String),
    /// PgUp (-1) or PgDn (+1): scroll the list.
    Page(i32),
    /// Up (-1) or Down (+1): scroll the message.
    Scroll(i32),
}

/// Waits for a key and applies it to `input`.
pub fn next_key(input: &mut String) -> Result<Typed> {
    loop {
        match event::read()? {
            Event::Key(key) if key.kind == KeyEventKind::Press => return Ok(apply(key, input)),
            Event::Resize(..) => return Ok(Typed::Editing),
            _ => {}
        }
    }
}

/// Applies one key press to `input`.
pub fn apply(key: KeyEvent, input: &mut String) -> Typed {
    match key.code {
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
        KeyCode::PageUp => Typed::Page(-1),
        KeyCode::PageDown => Typed::Page(1),
        KeyCode::Up => Typed::Scroll(-1),
        KeyCode::Down => Typed::Scroll(1),
        _ => Typed::Editing,
    }
}

/// Answers what covers the screen, if anything does: any key closes the
/// help page (`Some(false)`); the question before leaving takes `y` to
/// leave (`Some(true)`) and any other key to stay (`Some(false)`). `None`
/// when neither is shown.
pub fn answer_overlay(help: &mut bool, leaving: &mut bool) -> Result<Option<bool>> {
    if *help {
        yes()?;
        *help = false;
        return Ok(Some(false));
    }
    if *leaving {
        let leave = yes()?;
        *leaving = false;
        return Ok(Some(leave));
    }
    Ok(None)
}

/// Waits for a key press and says whether it was `y` (yes).
pub fn yes() -> Result<bool> {
    loop {
        if let Event::Key(key) = event::read()?
            && key.kind == KeyEventKind::Press
        {
            return Ok(matches!(key.code, KeyCode::Char('y' | 'Y')));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode, input: &mut String) -> Typed {
        apply(KeyEvent::new(code, KeyModifiers::NONE), input)
    }

    #[test]
    fn keys_edit_the_line_scroll_and_ask_to_leave() {
        let mut input = String::new();
        assert_eq!(press(KeyCode::Char('e'), &mut input), Typed::Editing);
        assert_eq!(press(KeyCode::Char('2'), &mut input), Typed::Editing);
        assert_eq!(press(KeyCode::Backspace, &mut input), Typed::Editing);
        assert_eq!(input, "e");
        assert_eq!(press(KeyCode::PageDown, &mut input), Typed::Page(1));
        assert_eq!(press(KeyCode::PageUp, &mut input), Typed::Page(-1));
        assert_eq!(press(KeyCode::Down, &mut input), Typed::Scroll(1));
        assert_eq!(press(KeyCode::Esc, &mut input), Typed::Leave);
        assert_eq!(apply(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL), &mut input), Typed::Leave);
        assert_eq!(press(KeyCode::Enter, &mut input), Typed::Line("e".into()));
        assert!(input.is_empty());
    }
}
