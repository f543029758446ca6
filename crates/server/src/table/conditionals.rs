//! Following conditional lines through a change: after every move, each
//! seat's lines that begin with it lose it and the others go; if the move
//! was another seat's and the lines left of the seat to move begin with
//! its reply, the reply is played at once, in the same change, and so on
//! while lines match. A reply the rules refuse when its turn comes drops
//! its author's lines with a notice; a move taken back and the game's end
//! clear every line. (Setting lines: [`crate::verbs::conditionals`].)

use arbiter_play::{Event, Match, MoveOutcome, Timestamp};
use arbiter_store::{GameState, NewNotice, NoticeKind, SeatHolder};

use super::Table;

/// The most lines a player may set in one game.
pub const MAX_LINES: usize = 30;
/// The most moves of a line (both sides' moves counted).
pub const MAX_LINE_MOVES: usize = 30;

/// What following the lines did.
#[derive(Debug, Default)]
pub struct Followed {
    /// The events of the replies played.
    pub events: Vec<Event>,
    /// The notices to the authors of lines played or dropped.
    pub notices: Vec<NewNotice>,
    /// Whether the lines changed (only then are they written).
    pub changed: bool,
}

/// Follows the conditional lines of `table` through the moves a change
/// made since the game had `moves_before` moves, playing the replies that
/// came due: their events, a notice to each author whose replies were
/// played or dropped, and whether the lines changed. Costs one check for
/// a game without lines.
pub fn follow(table: &mut Table, moves_before: usize, now: Timestamp) -> Followed {
    let mut followed = Followed::default();
    if table.stored.conditionals.is_empty() {
        return followed;
    }
    let before = table.stored.conditionals.seats.clone();
    let mut seats = std::mem::take(&mut table.stored.conditionals.seats);
    let mut played: Vec<(u8, Vec<(String, String)>)> = Vec::new();
    let mut dropped: Vec<(u8, String, String)> = Vec::new();
    let mut next = moves_before;
    // Each round plays at most one reply, and a reply shortens its lines:
    // the lines' lengths bound the rounds.
    for _ in 0..=MAX_LINES * MAX_LINE_MOVES {
        let Match::Turns(session) = &table.play else { break };
        let count = table.play.move_count();
        if count < next || table.state() != GameState::Active || session.is_over() {
            seats.clear();
            break;
        }
        if count == next {
            break;
        }
        let texts = session.move_texts_from(next);
        let positions = session.line().positions();
        let mut last = None;
        for (i, text) in texts.iter().enumerate() {
            // The position before a move says whose move it was.
            let mover = positions.get(next + i).and_then(|p| p.to_move().iter().next());
            for lines in &mut seats {
                lines.lines.retain_mut(|line| {
                    if line.first() == Some(text) {
                        line.remove(0);
                        !line.is_empty()
                    } else {
                        false
                    }
                });
            }
            seats.retain(|s| !s.lines.is_empty());
            last = mover.map(|m| (m, text.clone()));
        }
        next = count;
        // A reply is due from the seat to move if another seat moved last
        // and it has lines left: they begin with its reply.
        let Some(to_move) = session.to_move() else { break };
        let Some((_, answered)) = last.filter(|(mover, _)| *mover != to_move) else { break };
        let Some(due) = seats.iter().find(|s| s.seat == to_move.0).and_then(|s| s.lines.first()?.first().cloned())
        else {
            break;
        };
        match table.play.submit(to_move, &due, now, 1) {
            Ok(MoveOutcome::Applied(events)) => {
                followed.events.extend(events);
                match played.iter_mut().find(|(s, _)| *s == to_move.0) {
                    Some((_, replies)) => replies.push((answered, due)),
                    None => played.push((to_move.0, vec![(answered, due)])),
                }
            }
            Ok(MoveOutcome::Attempted { reason, .. }) => {
                seats.retain(|s| s.seat != to_move.0);
                dropped.push((to_move.0, due, reason));
                break;
            }
            Ok(_) => {
                seats.retain(|s| s.seat != to_move.0);
                break;
            }
            Err(e) => {
                seats.retain(|s| s.seat != to_move.0);
                dropped.push((to_move.0, due, e.to_string()));
                break;
            }
        }
    }
    table.stored.conditionals.seats = seats;
    followed.changed = table.stored.conditionals.seats != before;
    let key = table.stored.key.clone();
    let account_of = |seat: u8| {
        table.stored.seats.iter().find(|s| s.seat == seat).and_then(|s| match s.holder {
            SeatHolder::Account(account) => Some(account),
            _ => None,
        })
    };
    for (seat, replies) in played {
        let Some(account) = account_of(seat) else { continue };
        let said: Vec<String> = replies.iter().map(|(after, reply)| format!("{reply} after {after}")).collect();
        let text = match said.as_slice() {
            [one] => format!("Your conditional move was played: {one}."),
            many => format!("Your conditional moves were played: {}.", many.join("; ")),
        };
        followed.notices.push(NewNotice {
            account,
            game: key.clone(),
            kind: NoticeKind::ConditionalPlayed,
            seat: None,
            text,
        });
    }
    for (seat, reply, reason) in dropped {
        let Some(account) = account_of(seat) else { continue };
        followed.notices.push(NewNotice {
            account,
            game: key.clone(),
            kind: NoticeKind::ConditionalDropped,
            seat: None,
            text: format!("Your conditional move {reply} could not be played ({reason}): its lines were dropped."),
        });
    }
    followed
}
