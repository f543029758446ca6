//! An independent, deliberately plain Single Capture Go referee: the grid
//! is a vector of characters, groups are found by breadth-first search, and
//! everything is read from and written to text. It shares no code with the
//! engine, so that the two can check each other on random games.

use std::collections::VecDeque;

/// A position: the grid row by row and the letters still in the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mailbox {
    pub n: usize,
    pub grid: Vec<char>,
    pub players: Vec<char>,
}

/// What a round did, in text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub next: Mailbox,
    /// Doomed letters, in the order the players were listed.
    pub doomed: Vec<char>,
    /// Winners' letters when the game ended this round.
    pub winners: Vec<char>,
}

impl Mailbox {
    /// Reads `<row a>/…/<row N> <players>`.
    pub fn parse(text: &str) -> Mailbox {
        let (grid, players) = text.split_once(' ').expect("two fields");
        let rows: Vec<&str> = grid.split('/').collect();
        let n = rows.len();
        let grid: Vec<char> = rows.iter().flat_map(|r| r.chars()).collect();
        assert_eq!(grid.len(), n * n);
        let players = if players == "-" { Vec::new() } else { players.chars().collect() };
        Mailbox { n, grid, players }
    }

    /// Writes the position string.
    pub fn text(&self) -> String {
        let rows: Vec<String> = self.grid.chunks(self.n).map(|r| r.iter().collect()).collect();
        let players: String = if self.players.is_empty() { "-".into() } else { self.players.iter().collect() };
        format!("{} {}", rows.join("/"), players)
    }

    /// The index of a square name such as `e7`.
    pub fn index(&self, name: &str) -> usize {
        let row = (name.as_bytes()[0] - b'a') as usize;
        let col: usize = name[1..].parse().unwrap();
        row * self.n + col - 1
    }

    /// The name of an index.
    pub fn name(&self, i: usize) -> String {
        format!("{}{}", (b'a' + (i / self.n) as u8) as char, i % self.n + 1)
    }

    /// Squares a player may name: those without a letter.
    pub fn playable(&self) -> Vec<String> {
        let mut names: Vec<String> =
            (0..self.grid.len()).filter(|&i| !self.grid[i].is_ascii_uppercase()).map(|i| self.name(i)).collect();
        names.sort();
        names
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let (r, c) = (i / self.n, i % self.n);
        let mut out = Vec::new();
        if r > 0 {
            out.push(i - self.n);
        }
        if r + 1 < self.n {
            out.push(i + self.n);
        }
        if c > 0 {
            out.push(i - 1);
        }
        if c + 1 < self.n {
            out.push(i + 1);
        }
        out
    }

    /// Whether the group containing `start` touches an empty square.
    fn group_breathes(&self, start: usize) -> bool {
        let letter = self.grid[start];
        let mut seen = vec![false; self.grid.len()];
        let mut queue = VecDeque::from([start]);
        seen[start] = true;
        while let Some(i) = queue.pop_front() {
            for j in self.neighbours(i) {
                if self.grid[j] == '.' {
                    return true;
                }
                if self.grid[j] == letter && !seen[j] {
                    seen[j] = true;
                    queue.push_back(j);
                }
            }
        }
        false
    }

    /// Resolves a round of `(letter, square)` plays, all valid.
    pub fn resolve(&self, plays: &[(char, String)]) -> Outcome {
        let mut next = self.clone();
        for (letter, square) in plays {
            let i = self.index(square);
            let others = plays.iter().filter(|(_, s)| s == square).count();
            next.grid[i] = if others > 1 { '@' } else { *letter };
        }
        let mut doomed = Vec::new();
        let mut counts = Vec::new();
        for &p in &self.players {
            let played = plays.iter().any(|(l, _)| *l == p);
            let mine: Vec<usize> = (0..next.grid.len()).filter(|&i| next.grid[i] == p).collect();
            counts.push(mine.len());
            let suffocated = mine.iter().any(|&i| !next.group_breathes(i));
            if !played || suffocated {
                doomed.push(p);
            }
        }
        for cell in next.grid.iter_mut() {
            if doomed.contains(cell) {
                *cell = '@';
            }
        }
        next.players.retain(|p| !doomed.contains(p));
        let winners = match next.players.len() {
            1 => next.players.clone(),
            0 => {
                let most = counts.iter().copied().max().unwrap_or(0);
                self.players.iter().zip(&counts).filter(|(_, c)| **c == most).map(|(p, _)| *p).collect()
            }
            _ => Vec::new(),
        };
        Outcome { next, doomed, winners }
    }
}
