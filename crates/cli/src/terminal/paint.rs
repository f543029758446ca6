//! What both full screens draw alike: a board in its sides' colours with
//! the last move lit, text wrapped to a width, the help page, the
//! question before leaving, and the notice that the terminal is too small.

use arbiter_core::{Diagram, Seat};
use arbiter_games::AnyGame;
use ratatui::Frame;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

/// The smallest terminal a full screen is drawn on, whatever the game.
pub const MIN_WIDTH: u16 = 50;
/// The smallest height, whatever the game.
pub const MIN_HEIGHT: u16 = 12;

/// The keys of a turn-based game's screen, for the help page.
pub const TURN_KEYS: &str = "Keys: Enter sends the line; PgUp and PgDn scroll the list of legal moves; Up and Down scroll a long message; Esc leaves (after asking).";

/// The keys of a game of rounds' screen, for the help page.
pub const ROUND_KEYS: &str = "Keys: Enter sends the line; PgUp and PgDn scroll the last round's announcement; Up and Down scroll a long message; Esc leaves (after asking).";

/// A side's colours: its pieces drawn as tiles in the side's own colour
/// (White light, Black dark, Red, Orange, Blue; the players of a game of
/// many seats in a palette), each with a letter colour that reads on it,
/// so that a board reads the same on dark and light terminals.
pub fn seat_style(position: &AnyGame, seat: Seat) -> Style {
    let (bg, fg) = match position.seat_name(seat).as_str() {
        "White" => (Color::Gray, Color::Black),
        "Black" => (Color::DarkGray, Color::White),
        "Red" => (Color::Red, Color::White),
        "Orange" => (Color::Indexed(208), Color::Black),
        "Blue" => (Color::Blue, Color::White),
        _ => PALETTE[seat.index() % PALETTE.len()],
    };
    Style::new().bg(bg).fg(fg).add_modifier(Modifier::BOLD)
}

/// Tiles for the players of a game of many seats, in seat order.
const PALETTE: [(Color, Color); 12] = [
    (Color::Red, Color::White),
    (Color::Blue, Color::White),
    (Color::Green, Color::Black),
    (Color::Magenta, Color::White),
    (Color::Cyan, Color::Black),
    (Color::Yellow, Color::Black),
    (Color::LightRed, Color::Black),
    (Color::LightBlue, Color::Black),
    (Color::LightGreen, Color::Black),
    (Color::LightMagenta, Color::Black),
    (Color::Indexed(208), Color::Black),
    (Color::Gray, Color::Black),
];

/// How a square the last move changed is lit.
pub fn lit() -> Style {
    Style::new().bg(Color::Yellow).fg(Color::Black).add_modifier(Modifier::BOLD)
}

/// The board's lines, each piece in its side's colours and the squares in
/// `lit_squares` lit.
pub fn board_lines(position: &AnyGame, diagram: &Diagram, lit_squares: &[String]) -> Vec<Line<'static>> {
    diagram
        .board_lines()
        .iter()
        .map(|marks| {
            let spans: Vec<Span> = marks
                .iter()
                .map(|m| {
                    let lit_here = m.square.as_ref().is_some_and(|s| lit_squares.contains(s));
                    let style = match (lit_here, m.owner) {
                        (true, _) => lit(),
                        (false, Some(seat)) => seat_style(position, seat),
                        (false, None) => Style::new(),
                    };
                    Span::styled(m.text.clone(), style)
                })
                .collect();
            Line::from(spans)
        })
        .collect()
}

/// `text` wrapped to `width` columns, paragraph by paragraph.
pub fn wrap(text: &str, width: u16) -> Vec<String> {
    let options = textwrap::Options::new(usize::from(width.max(1)))
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
        .break_words(true);
    text.lines()
        .flat_map(|l| {
            let rows = textwrap::wrap(l, &options);
            if rows.is_empty() { vec![String::new()] } else { rows.into_iter().map(|c| c.into_owned()).collect() }
        })
        .collect()
}

/// Whether the screen is too small for a board of `board_width` ×
/// `board_height` (its box included) beside a side panel of
/// `side_width`, above the input box; if so, says so on the whole screen
/// and returns true.
pub fn too_small(frame: &mut Frame, board: (u16, u16), side_width: u16) -> bool {
    let area = frame.area();
    let need_w = MIN_WIDTH.max(board.0 + side_width);
    let need_h = MIN_HEIGHT.max(board.1 + INPUT_MIN_HEIGHT);
    if area.width >= need_w && area.height >= need_h {
        return false;
    }
    let text = format!(
        "The terminal is {}×{}; this game needs at least {need_w}×{need_h}. Make it larger, or play line by line with --plain.",
        area.width, area.height
    );
    let lines: Vec<Line> = wrap(&text, area.width).into_iter().map(Line::from).collect();
    frame.render_widget(Paragraph::new(lines), area);
    true
}

/// The input box's least height: its border, the status, the prompt and
/// one line of message.
pub const INPUT_MIN_HEIGHT: u16 = 5;

/// The input box at the bottom: the status (wrapped), the prompt with
/// what is typed, and the message (wrapped, scrolled by `scroll` lines);
/// at most `max_height` rows. Returns its height.
pub fn input_height(width: u16, status: &str, message: &str, max_height: u16) -> u16 {
    let inner = width.saturating_sub(2);
    let wanted = 2 + wrap(status, inner).len().max(1) + 1 + wrap(message, inner).len().max(1);
    (wanted as u16).clamp(INPUT_MIN_HEIGHT, max_height.max(INPUT_MIN_HEIGHT))
}

/// Draws the input box in `area`.
pub fn input_box(frame: &mut Frame, area: Rect, status: &str, typed: &str, message: &str, scroll: usize) {
    let inner = area.width.saturating_sub(2);
    let mut lines: Vec<Line> = wrap(status, inner).into_iter().map(Line::from).collect();
    lines.push(Line::from(vec![Span::styled("> ", Style::new().fg(Color::Yellow)), Span::raw(typed.to_string())]));
    let message_lines = wrap(message, inner);
    let room = usize::from(area.height.saturating_sub(2)).saturating_sub(lines.len());
    let scroll = scroll.min(message_lines.len().saturating_sub(room));
    let hidden_after = message_lines.len().saturating_sub(scroll + room);
    for (i, l) in message_lines.iter().skip(scroll).take(room).enumerate() {
        let last = i + 1 == room;
        if last && hidden_after > 0 {
            lines.push(Line::from(format!("{l} … (Down for more)")));
        } else {
            lines.push(Line::from(l.clone()));
        }
    }
    frame.render_widget(Paragraph::new(lines).block(Block::bordered()), area);
}

/// The help page over the screen: all of `text`, then the `keys`.
pub fn help_page(frame: &mut Frame, text: &str, keys: &str) {
    let area = frame.area();
    let text = format!("{text}\n{keys}\nAny key closes this page.");
    let lines: Vec<Line> = wrap(&text, area.width.saturating_sub(4)).into_iter().map(Line::from).collect();
    let height = (lines.len() as u16 + 2).min(area.height);
    let [popup] = Layout::vertical([Constraint::Length(height)]).flex(Flex::Center).areas(area);
    frame.render_widget(Clear, popup);
    frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(" How to play ")), popup);
}

/// Lines of moves (or squares) packed into rows of `width`, two spaces
/// apart.
pub fn packed(items: &[String], width: u16) -> Vec<String> {
    let width = usize::from(width.max(1));
    let mut rows: Vec<String> = Vec::new();
    for item in items {
        match rows.last_mut() {
            Some(row) if row.chars().count() + 2 + item.chars().count() <= width => {
                row.push_str("  ");
                row.push_str(item);
            }
            _ => rows.push(item.clone()),
        }
    }
    rows
}

/// A list that may not fit its box: its title with the count, and the
/// rows from `scroll` on, with a row saying there is more above (PgUp)
/// or below (PgDn). `scroll` is brought within the list.
pub fn scrolled_list(
    name: &str,
    count: usize,
    rows: &[String],
    height: u16,
    scroll: &mut usize,
) -> (String, Vec<Line<'static>>) {
    let title = format!(" {name} ({count}) ");
    let room = usize::from(height.saturating_sub(2));
    if rows.len() <= room {
        *scroll = 0;
        return (title, rows.iter().map(|r| Line::from(r.clone())).collect());
    }
    if room < 3 {
        *scroll = (*scroll).min(rows.len().saturating_sub(room));
        return (title, rows.iter().skip(*scroll).take(room).map(|r| Line::from(r.clone())).collect());
    }
    *scroll = (*scroll).min(rows.len() + 1 - room);
    let above = *scroll > 0;
    let mut body = room - usize::from(above);
    let below = *scroll + body < rows.len();
    if below {
        body -= 1;
    }
    let mut lines = Vec::with_capacity(room);
    if above {
        lines.push(Line::from(format!("▲ {} more: PgUp", *scroll)));
    }
    lines.extend(rows.iter().skip(*scroll).take(body).map(|r| Line::from(r.clone())));
    if below {
        lines.push(Line::from(format!("▼ {} more: PgDn", rows.len() - *scroll - body)));
    }
    (title, lines)
}

/// `text` with its first letter in capitals.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}
