//! Playing at this terminal: a turn-based game ([`TurnTable`]) or a game
//! of rounds ([`RoundTable`]) over the play layer, shown full screen
//! (ratatui) or line by line.

pub mod keys;
pub mod lines;
mod paint;
mod record_file;
mod round_screen;
mod round_table;
#[cfg(test)]
mod screen_tests;
mod turn_screen;
mod turn_table;

pub use record_file::RecordFile;
pub use round_table::{RoundTable, default_path as rounds_default_path};
pub use turn_table::{TurnTable, default_path as turns_default_path};

/// Runs a turn-based game full screen.
pub fn turns_full_screen(table: &mut TurnTable) -> anyhow::Result<()> {
    turn_screen::run(table)
}

/// Runs a game of rounds full screen.
pub fn rounds_full_screen(table: &mut RoundTable) -> anyhow::Result<()> {
    round_screen::run(table)
}

/// What a drawing puts on a screen of `width` × `height` (for tests).
#[cfg(test)]
pub(crate) fn rendered_buffer(
    width: u16,
    height: u16,
    draw: impl FnOnce(&mut ratatui::Frame),
) -> ratatui::buffer::Buffer {
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height)).unwrap();
    terminal.draw(draw).unwrap();
    terminal.backend().buffer().clone()
}

/// A screen's text, row by row (for tests).
#[cfg(test)]
pub(crate) fn buffer_text(buffer: &ratatui::buffer::Buffer) -> String {
    let mut text = String::new();
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            text.push_str(buffer[(x, y)].symbol());
        }
        text.push('\n');
    }
    text
}

/// What a drawing puts on a screen of `width` × `height`, as text (for
/// tests).
#[cfg(test)]
pub(crate) fn rendered(width: u16, height: u16, draw: impl FnOnce(&mut ratatui::Frame)) -> String {
    buffer_text(&rendered_buffer(width, height, draw))
}
