//! The line being typed on a full screen: one editor for every game.

use anyhow::Result;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};

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
