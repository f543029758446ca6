//! A second, deliberately plain Sage Tafl move generator for cross-checking
//! the bit-set engine: a 9×8 grid of piece letters, every rule written
//! straight from the rulings, and moves produced as (long-form text,
//! resulting position string) pairs. It shares no code with the engine;
//! speed is no concern.

/// A position: `grid[rank][file]` holds a piece letter or `.`, rank 0 is
/// rank 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mailbox {
    grid: [[u8; 8]; 9],
    black_to_move: bool,
    /// Black's and Red's Sage in her tower.
    towers: [bool; 2],
    scores: [u32; 2],
}

/// A move as text, its origin (`None` for the tower) and its destination
/// (`None` for an escape).
type PieceMove = (String, Option<(i32, i32)>, Option<(i32, i32)>);

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const RIVER: i32 = 4;

fn name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..9).contains(&r)
}

impl Mailbox {
    /// Reads a position string that is already known to be valid.
    pub fn parse(text: &str) -> Mailbox {
        let fields: Vec<&str> = text.split(' ').collect();
        let mut grid = [[b'.'; 8]; 9];
        for (i, rank) in fields[0].split('/').enumerate() {
            let mut file = 0;
            for c in rank.bytes() {
                if c.is_ascii_digit() {
                    file += (c - b'0') as usize;
                } else {
                    grid[8 - i][file] = c;
                    file += 1;
                }
            }
        }
        let towers = fields[2].as_bytes();
        let (b, r) = fields[3].split_once('-').unwrap();
        Mailbox {
            grid,
            black_to_move: fields[1] == "b",
            towers: [towers[0] == b'S', towers[1] == b's'],
            scores: [b.parse().unwrap(), r.parse().unwrap()],
        }
    }

    /// The position string.
    pub fn text(&self) -> String {
        let mut ranks = Vec::new();
        for rank in (0..9).rev() {
            let mut s = String::new();
            let mut empty = 0;
            for file in 0..8 {
                let c = self.grid[rank][file];
                if c == b'.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c as char);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            ranks.push(s);
        }
        format!(
            "{} {} {}{} {}-{}",
            ranks.join("/"),
            if self.black_to_move { "b" } else { "r" },
            if self.towers[0] { "S" } else { "-" },
            if self.towers[1] { "s" } else { "-" },
            self.scores[0],
            self.scores[1]
        )
    }

    fn at(&self, f: i32, r: i32) -> u8 {
        self.grid[r as usize][f as usize]
    }

    fn empty(&self, f: i32, r: i32) -> bool {
        on_board(f, r) && self.at(f, r) == b'.'
    }

    fn is_black(c: u8) -> bool {
        c.is_ascii_uppercase()
    }

    fn owned_by(&self, f: i32, r: i32, black: bool) -> bool {
        on_board(f, r) && self.at(f, r) != b'.' && Mailbox::is_black(self.at(f, r)) == black
    }

    /// The moves of the side `black` on this board, not passing.
    fn piece_moves(&self, black: bool) -> Vec<PieceMove> {
        let mut out = Vec::new();
        let side = if black { 0 } else { 1 };
        if self.towers[side] {
            let r0 = if black { 0 } else { 7 };
            for r in [r0, r0 + 1] {
                for f in [3, 4] {
                    if self.empty(f, r) {
                        out.push((format!("T-{}", name(f, r)), None, Some((f, r))));
                    }
                }
            }
        }
        for r in 0..9 {
            for f in 0..8 {
                if !self.owned_by(f, r, black) {
                    continue;
                }
                let from = Some((f, r));
                let mut to_squares: Vec<(i32, i32)> = Vec::new();
                let kind = self.at(f, r).to_ascii_uppercase();
                match kind {
                    b'S' => {
                        for df in -1..=1 {
                            for dr in -1..=1 {
                                if (df, dr) != (0, 0) && self.empty(f + df, r + dr) {
                                    to_squares.push((f + df, r + dr));
                                }
                            }
                        }
                        if r == RIVER && f == 0 {
                            out.push((format!("{}-W", name(f, r)), from, None));
                        }
                        if r == RIVER && f == 7 {
                            out.push((format!("{}-E", name(f, r)), from, None));
                        }
                    }
                    b'A' => {
                        // Along the rank, and off an end of the river.
                        for df in [-1, 1] {
                            let mut x = f + df;
                            while self.empty(x, r) {
                                to_squares.push((x, r));
                                x += df;
                            }
                            if r == RIVER && !on_board(x, r) {
                                let end = if df < 0 { "W" } else { "E" };
                                out.push((format!("{}-{end}", name(f, r)), from, None));
                            }
                        }
                        // Along the file.
                        for dr in [-1, 1] {
                            let towards_river = (RIVER - r) * dr > 0;
                            if r == RIVER || (towards_river && (r + dr) == RIVER) {
                                // Into or out of the river: one step.
                                if self.empty(f, r + dr) {
                                    to_squares.push((f, r + dr));
                                }
                            } else {
                                let mut y = r + dr;
                                while self.empty(f, y) && y != RIVER {
                                    to_squares.push((f, y));
                                    y += dr;
                                }
                            }
                        }
                    }
                    _ => {
                        // Skyship: two diagonal steps, the middle square on
                        // the board and not a skyship.
                        for (a, b) in DIAGONAL {
                            let (mf, mr) = (f + a, r + b);
                            if !on_board(mf, mr) || self.at(mf, mr).eq_ignore_ascii_case(&b'K') {
                                continue;
                            }
                            for (c, d) in DIAGONAL {
                                let (tf, tr) = (mf + c, mr + d);
                                if (tf, tr) != (f, r) && self.empty(tf, tr) && !to_squares.contains(&(tf, tr)) {
                                    to_squares.push((tf, tr));
                                }
                            }
                        }
                    }
                }
                // The hop, for Sages and apprentices on a bank.
                if kind != b'K' && (r == RIVER - 1 || r == RIVER + 1) {
                    let land = 2 * RIVER - r;
                    if self.owned_by(f, RIVER, black) && self.empty(f, land) {
                        to_squares.push((f, land));
                    }
                }
                for (tf, tr) in to_squares {
                    out.push((format!("{}-{}", name(f, r), name(tf, tr)), from, Some((tf, tr))));
                }
            }
        }
        out
    }

    /// Every legal move with the position it leads to.
    pub fn moves(&self) -> Vec<(String, Mailbox)> {
        if self.scores.iter().any(|&s| s >= 5) {
            return Vec::new();
        }
        let black = self.black_to_move;
        let mine = self.piece_moves(black);
        if mine.is_empty() {
            if self.piece_moves(!black).is_empty() {
                return Vec::new();
            }
            let mut next = self.clone();
            next.black_to_move = !black;
            return vec![("pass".to_string(), next)];
        }
        mine.into_iter()
            .map(|(text, from, to)| {
                let mut next = self.clone();
                let side = if black { 0 } else { 1 };
                let piece = match from {
                    Some((f, r)) => {
                        let p = next.grid[r as usize][f as usize];
                        next.grid[r as usize][f as usize] = b'.';
                        p
                    }
                    None => {
                        next.towers[side] = false;
                        if black { b'S' } else { b's' }
                    }
                };
                match to {
                    None => next.scores[side] += if piece.eq_ignore_ascii_case(&b'S') { 3 } else { 1 },
                    Some((tf, tr)) => {
                        next.grid[tr as usize][tf as usize] = piece;
                        for (df, dr) in ORTHOGONAL {
                            let (nf, nr) = (tf + df, tr + dr);
                            if next.owned_by(nf, nr, !black) && next.owned_by(nf + df, nr + dr, black) {
                                let victim = next.at(nf, nr);
                                next.grid[nr as usize][nf as usize] = b'.';
                                if victim.eq_ignore_ascii_case(&b'S') {
                                    next.towers[1 - side] = true;
                                }
                            }
                        }
                    }
                }
                next.black_to_move = !black;
                (text, next)
            })
            .collect()
    }
}
