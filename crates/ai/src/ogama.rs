//! What the search knows about Ogama: discs captured under one's own tops,
//! tall stacks one controls, the height under one's toad (the reach of
//! every disc move), and singles left (the no-singles end).

use arbiter_games::ogama::{Color, Ogama, OgamaMove, SQUARES};

use crate::eval::Evaluator;

/// Per captured disc (the end-of-game count).
const CAPTURED: i32 = 100;
/// Per disc in a stack one tops, beyond the first, squared in height.
const TOWER: i32 = 6;
/// Per disc under one's toad.
const REACH: i32 = 8;

/// The Ogama evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct OgamaEval;

fn side_score(p: &Ogama, color: Color) -> i32 {
    let mut score = CAPTURED * p.captured_by(color) as i32;
    for sq in 0..SQUARES as u8 {
        let stack = p.stack(sq);
        if stack.top() == Some(color) {
            let h = stack.height() as i32;
            score += TOWER * h * h;
        }
    }
    if let Some(t) = p.toad(color) {
        score += REACH * p.stack(t).height() as i32;
    }
    score
}

impl Evaluator<Ogama> for OgamaEval {
    fn evaluate(&self, position: &Ogama) -> i32 {
        let me = position.side();
        side_score(position, me) - side_score(position, me.other())
    }

    fn order(&self, position: &Ogama, mv: &OgamaMove) -> i32 {
        match *mv {
            OgamaMove::Disc(_, to) => {
                let target = position.stack(to);
                let capture = i32::from(target.top() == Some(position.side().other()));
                10 * capture + target.height() as i32
            }
            _ => 0,
        }
    }
}
