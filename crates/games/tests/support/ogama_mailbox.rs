//! A second Ogama implementation, written straight from the rulings with
//! plain vectors and no precomputed tables, to check the engine against.
//! Slow and simple on purpose.

/// A square as (file, rank), both 0..5.
type Sq = (i32, i32);

/// A position: stacks bottom first (`'o'`/`'b'`), toads, side to move.
#[derive(Clone, Debug)]
pub struct Mailbox {
    stacks: Vec<Vec<char>>,
    toads: [Option<Sq>; 2],
    side: usize,
}

const COLORS: [char; 2] = ['o', 'b'];

fn index((f, r): Sq) -> usize {
    (r * 5 + f) as usize
}

fn name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn on_board((f, r): Sq) -> bool {
    (0..5).contains(&f) && (0..5).contains(&r)
}

fn all_squares() -> impl Iterator<Item = Sq> {
    (0..5).flat_map(|r| (0..5).map(move |f| (f, r)))
}

/// How a finished game ended: the winner's colour index or `None` for a
/// draw, and the reason.
pub type Ending = (Option<usize>, &'static str);

impl Mailbox {
    /// Reads a position string (trusted: the engine accepted it).
    pub fn parse(text: &str) -> Mailbox {
        let (board, side) = text.split_once(' ').unwrap();
        let mut stacks = vec![Vec::new(); 25];
        let mut toads = [None, None];
        for (i, rank) in board.split('/').enumerate() {
            let r = 4 - i as i32;
            for (f, cell) in rank.split(',').enumerate() {
                let sq = (f as i32, r);
                if cell == "." {
                    continue;
                }
                let discs = cell.trim_end_matches('*');
                stacks[index(sq)] = discs.chars().collect();
                if cell.ends_with('*') {
                    let top = *stacks[index(sq)].last().unwrap();
                    toads[usize::from(top == 'b')] = Some(sq);
                }
            }
        }
        Mailbox { stacks, toads, side: usize::from(side == "b") }
    }

    /// The position string.
    pub fn text(&self) -> String {
        let ranks: Vec<String> = (0..5)
            .rev()
            .map(|r| {
                let cells: Vec<String> = (0..5)
                    .map(|f| {
                        let stack = &self.stacks[index((f, r))];
                        if stack.is_empty() {
                            return ".".to_string();
                        }
                        let mut s: String = stack.iter().collect();
                        if self.toads.contains(&Some((f, r))) {
                            s.push('*');
                        }
                        s
                    })
                    .collect();
                cells.join(",")
            })
            .collect();
        format!("{} {}", ranks.join("/"), COLORS[self.side])
    }

    fn top(&self, sq: Sq) -> Option<char> {
        self.stacks[index(sq)].last().copied()
    }

    fn has_toad(&self, sq: Sq) -> bool {
        self.toads.contains(&Some(sq))
    }

    /// The moves of `side` on this board, passing aside, with the
    /// positions they lead to (the side to move not yet switched).
    fn moves_of(&self, side: usize) -> Vec<(String, Mailbox)> {
        let color = COLORS[side];
        let mut out: Vec<(String, Mailbox)> = Vec::new();
        let Some(toad) = self.toads[side] else {
            for sq in all_squares() {
                if self.top(sq) == Some(color) && !self.has_toad(sq) {
                    let mut next = self.clone();
                    next.toads[side] = Some(sq);
                    out.push((format!("T@{}", name(sq)), next));
                }
            }
            return out;
        };
        for df in -1..=1 {
            for dr in -1..=1 {
                let to = (toad.0 + df, toad.1 + dr);
                if (df, dr) != (0, 0) && on_board(to) && self.top(to) == Some(color) && !self.has_toad(to) {
                    let mut next = self.clone();
                    next.toads[side] = Some(to);
                    out.push((format!("T{}-{}", name(toad), name(to)), next));
                }
            }
        }
        let h = self.stacks[index(toad)].len() as i32;
        for from in all_squares() {
            if self.top(from) != Some(color) || self.has_toad(from) {
                continue;
            }
            for first in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                for a in 1..=h {
                    let seconds: Vec<Sq> =
                        if a == h { vec![(0, 0)] } else { vec![(first.1, first.0), (-first.1, -first.0)] };
                    for second in seconds {
                        let mut at = from;
                        let mut clear = true;
                        for step in 0..h {
                            let d = if step < a { first } else { second };
                            at = (at.0 + d.0, at.1 + d.1);
                            if !on_board(at) || self.has_toad(at) {
                                clear = false;
                                break;
                            }
                        }
                        if !clear {
                            continue;
                        }
                        let text = format!("{}-{}", name(from), name(at));
                        if !out.iter().any(|(m, _)| *m == text) {
                            let mut next = self.clone();
                            let disc = next.stacks[index(from)].pop().unwrap();
                            next.stacks[index(at)].push(disc);
                            out.push((text, next));
                        }
                    }
                }
            }
        }
        out
    }

    /// How the game stands decided on the board alone, before moves are
    /// asked for: a six-disc tower, or the side that just moved without a
    /// single disc.
    fn decided(&self) -> Option<Ending> {
        for stack in &self.stacks {
            if stack.len() >= 6 {
                let winner = usize::from(*stack.last().unwrap() == 'b');
                return Some((Some(winner), "tower"));
            }
        }
        let moved = 1 - self.side;
        let single = self.stacks.iter().any(|s| s.len() == 1 && s[0] == COLORS[moved]);
        (!single).then(|| self.count("no-singles"))
    }

    fn count(&self, reason: &'static str) -> Ending {
        let captured = |side: usize| {
            self.stacks
                .iter()
                .filter(|s| s.last() == Some(&COLORS[side]))
                .map(|s| s.iter().filter(|&&d| d != COLORS[side]).count())
                .sum::<usize>()
        };
        let (o, b) = (captured(0), captured(1));
        (
            match o.cmp(&b) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            },
            reason,
        )
    }

    /// The game's end, if it is over: decided on the board, or neither side
    /// able to move (the two passes are forced).
    pub fn ending(&self) -> Option<Ending> {
        if let Some(end) = self.decided() {
            return Some(end);
        }
        if self.moves_of(self.side).is_empty() && self.moves_of(1 - self.side).is_empty() {
            return Some(self.count("passes"));
        }
        None
    }

    /// Every legal move with the position it leads to.
    pub fn moves(&self) -> Vec<(String, Mailbox)> {
        if self.ending().is_some() {
            return Vec::new();
        }
        let mut out = self.moves_of(self.side);
        if out.is_empty() {
            out.push(("pass".to_string(), self.clone()));
        }
        for (_, next) in &mut out {
            next.side = 1 - self.side;
        }
        out
    }
}
