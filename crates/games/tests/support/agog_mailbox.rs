//! A second, deliberately plain A•G•O•G move generator for cross-checking
//! the bitboard engine: a 64-cell board of unit letters, a recursive search
//! of capture sequences written straight from the rulings, and moves
//! produced as (long-form text, resulting position string) pairs. It
//! shares no code with the engine; speed is no concern.

/// A position: one letter per square (`.` empty), a1 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mailbox {
    cells: [u8; 64],
    white: bool,
    pools: [u32; 2],
    classic: bool,
}

const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

fn name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

fn step(sq: usize, (df, dr): (i32, i32)) -> Option<usize> {
    let (f, r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
    ((0..8).contains(&f) && (0..8).contains(&r)).then_some((r * 8 + f) as usize)
}

impl Mailbox {
    /// Reads a position string that is already known to be valid.
    pub fn parse(text: &str, classic: bool) -> Mailbox {
        let fields: Vec<&str> = text.split(' ').collect();
        let mut cells = [b'.'; 64];
        for (i, rank) in fields[0].split('/').enumerate() {
            let mut file = 0;
            for c in rank.bytes() {
                if c.is_ascii_digit() {
                    file += (c - b'0') as usize;
                } else {
                    cells[(7 - i) * 8 + file] = c;
                    file += 1;
                }
            }
        }
        Mailbox {
            cells,
            white: fields[1] == "w",
            pools: [fields[2].parse().unwrap(), fields[3].parse().unwrap()],
            classic,
        }
    }

    /// The position string.
    pub fn text(&self) -> String {
        let mut ranks = Vec::new();
        for rank in (0..8).rev() {
            let mut s = String::new();
            let mut empty = 0;
            for file in 0..8 {
                let c = self.cells[rank * 8 + file];
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
        format!("{} {} {} {}", ranks.join("/"), if self.white { 'w' } else { 'b' }, self.pools[0], self.pools[1])
    }

    fn mine(&self, c: u8) -> bool {
        c != b'.' && c.is_ascii_uppercase() == self.white
    }

    fn theirs(&self, c: u8) -> bool {
        c != b'.' && c.is_ascii_uppercase() != self.white
    }

    fn slides(&self, kind: u8) -> bool {
        kind == b'H' || kind == if self.classic { b'D' } else { b'C' }
    }

    fn corrupts(&self, kind: u8) -> bool {
        kind == b'J' || (self.classic && (kind == b'C' || kind == b'D'))
    }

    /// Golems of (the unit's colour, the other colour) in a unit.
    fn checkers(&self, kind: u8) -> (u32, u32) {
        match kind {
            b'G' => (1, 0),
            b'H' => (2, 0),
            b'C' => (1, 1),
            b'D' => (1, 2),
            _ => (0, 0),
        }
    }

    fn side(&self, c: u8) -> usize {
        usize::from(!c.is_ascii_uppercase())
    }

    fn letter(&self, kind: u8) -> u8 {
        if self.white { kind } else { kind.to_ascii_lowercase() }
    }

    fn over(&self) -> bool {
        let w = self.cells.iter().position(|&c| c == b'J');
        let b = self.cells.iter().position(|&c| c == b'j');
        w.is_none() || b.is_none() || w == Some(63) || b == Some(0)
    }

    /// Every legal move with the position it leads to.
    pub fn moves(&self) -> Vec<(String, Mailbox)> {
        if self.over() {
            return Vec::new();
        }
        let mut sequences: Vec<(usize, Vec<(usize, bool)>)> = Vec::new();
        for from in 0..64 {
            if self.mine(self.cells[from]) {
                let kind = self.cells[from].to_ascii_uppercase();
                let mut board = self.cells;
                board[from] = b'.';
                let mut found = Vec::new();
                self.sequences(kind, from, &board, &mut Vec::new(), &mut Vec::new(), &mut found);
                sequences.extend(found.into_iter().map(|s| (from, s)));
            }
        }
        let longest = sequences.iter().map(|(_, s)| s.len()).max().unwrap_or(0);
        let mut out = Vec::new();
        if longest > 0 {
            for (from, seq) in sequences.into_iter().filter(|(_, s)| s.len() == longest) {
                self.finish_capture(from, &seq, &mut out);
            }
        } else {
            for from in 0..64 {
                if !self.mine(self.cells[from]) {
                    continue;
                }
                let kind = self.cells[from].to_ascii_uppercase();
                let forward = if self.white { [DIRS[0], DIRS[1]] } else { [DIRS[2], DIRS[3]] };
                for dir in forward {
                    let mut at = from;
                    while let Some(to) = step(at, dir) {
                        if self.cells[to] != b'.' {
                            break;
                        }
                        let mut next = self.clone();
                        next.cells[from] = b'.';
                        next.arrive(kind, from, to, format!("{}-{}", name(from), name(to)), &mut out);
                        if !self.slides(kind) {
                            break;
                        }
                        at = to;
                    }
                }
            }
        }
        out
    }

    /// Collects the complete capture sequences from `at`. `board` is the
    /// board during the sequence, `jumped` the units already jumped.
    fn sequences(
        &self,
        kind: u8,
        at: usize,
        board: &[u8; 64],
        jumped: &mut Vec<usize>,
        path: &mut Vec<(usize, bool)>,
        found: &mut Vec<Vec<(usize, bool)>>,
    ) {
        let mut any = false;
        for dir in DIRS {
            let mut victim = step(at, dir);
            if self.slides(kind) {
                while let Some(v) = victim {
                    if board[v] != b'.' {
                        break;
                    }
                    victim = step(v, dir);
                }
            }
            let Some(v) = victim else { continue };
            if !self.theirs(board[v]) || jumped.contains(&v) {
                continue;
            }
            let used = path.iter().filter(|(_, c)| *c).count() as u32;
            let pool = self.pools[usize::from(!self.white)];
            let victim_kind = board[v].to_ascii_uppercase();
            let can_corrupt = self.corrupts(kind) && used < pool && (victim_kind == b'G' || victim_kind == b'H');
            let mut landing = step(v, dir);
            while let Some(l) = landing {
                if board[l] != b'.' {
                    break;
                }
                any = true;
                for corrupt in [false, true] {
                    if corrupt && !can_corrupt {
                        continue;
                    }
                    let mut next = *board;
                    if self.classic {
                        next[v] = if corrupt { self.letter(b'C') } else { b'.' };
                    }
                    jumped.push(v);
                    path.push((l, corrupt));
                    self.sequences(kind, l, &next, jumped, path, found);
                    path.pop();
                    jumped.pop();
                }
                if !self.slides(kind) {
                    break;
                }
                landing = step(l, dir);
            }
        }
        if !any && !path.is_empty() {
            found.push(path.clone());
        }
    }

    /// Applies a capture sequence and adds its moves.
    fn finish_capture(&self, from: usize, seq: &[(usize, bool)], out: &mut Vec<(String, Mailbox)>) {
        let kind = self.cells[from].to_ascii_uppercase();
        let me = usize::from(!self.white);
        let mut next = self.clone();
        next.cells[from] = b'.';
        // The board as the sequence sees it, to find each jumped unit.
        let mut seen = next.cells;
        let mut text = name(from);
        let mut at = from;
        let mut changes = Vec::new();
        for &(landing, corrupt) in seq {
            let dir = DIRS
                .into_iter()
                .find(|&d| {
                    let mut s = step(at, d);
                    while let Some(x) = s {
                        if x == landing {
                            return true;
                        }
                        s = step(x, d);
                    }
                    false
                })
                .unwrap();
            let mut v = step(at, dir).unwrap();
            while seen[v] == b'.' {
                v = step(v, dir).unwrap();
            }
            changes.push((v, seen[v], corrupt));
            if self.classic {
                seen[v] = if corrupt { b'#' } else { b'.' };
            }
            text.push(if corrupt { '+' } else { 'x' });
            text.push_str(&name(landing));
            at = landing;
        }
        for (v, letter, corrupt) in changes {
            let victim = letter.to_ascii_uppercase();
            let owner = self.side(letter);
            if corrupt {
                next.pools[me] -= 1;
                let made = if self.classic && victim == b'H' {
                    b'D'
                } else if !self.classic && victim == b'H' {
                    next.pools[owner] += 1;
                    b'C'
                } else {
                    b'C'
                };
                next.cells[v] = self.letter(made);
            } else {
                let (own, other) = self.checkers(victim);
                next.pools[owner] += own;
                next.pools[1 - owner] += other;
                next.cells[v] = b'.';
            }
        }
        next.arrive(kind, from, at, text, out);
    }

    /// Puts the moving unit on `to` (the sanctum choices included), flips
    /// the side and adds the move(s).
    fn arrive(mut self, kind: u8, from: usize, to: usize, text: String, out: &mut Vec<(String, Mailbox)>) {
        let me = usize::from(!self.white);
        let sanctum = if self.white { 63 } else { 0 };
        self.white = !self.white;
        if to != sanctum || kind == b'J' {
            self.cells[to] = if me == 0 { kind } else { kind.to_ascii_lowercase() };
            out.push((text, self));
            return;
        }
        let promotes = kind == b'G' || kind == b'H' || (kind == b'C' && !self.classic);
        let golem = if me == 0 { b'G' } else { b'g' };
        if promotes {
            for t in 0..64 {
                if self.cells[t] == golem && t != from {
                    let mut next = self.clone();
                    next.cells[t] = if me == 0 { b'H' } else { b'h' };
                    match kind {
                        b'H' => next.pools[me] += 1,
                        b'C' => next.pools[1 - me] += 1,
                        _ => {}
                    }
                    out.push((format!("{text} {}=H", name(t)), next));
                }
            }
        }
        let (own, other) = self.checkers(kind);
        self.pools[me] += own;
        self.pools[1 - me] += other;
        out.push((text, self));
    }
}
