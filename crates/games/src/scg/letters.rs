//! The players' letters: distinct capitals in seat order.

use std::fmt;

use arbiter_core::{PositionError, Seat};

use super::grid::{MAX_PLAYERS, MIN_PLAYERS};

/// Up to twelve distinct capital letters, one per seat, in seat order.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Letters {
    len: u8,
    bytes: [u8; MAX_PLAYERS],
}

impl Letters {
    /// The first `count` letters of the alphabet (`A`, `B`, `C`…), the
    /// default for `count` players; `count` is at most 12.
    pub fn first(count: usize) -> Letters {
        let mut bytes = [0; MAX_PLAYERS];
        for (i, b) in bytes.iter_mut().enumerate().take(count) {
            *b = b'A' + i as u8;
        }
        Letters { len: count.min(MAX_PLAYERS) as u8, bytes }
    }

    /// Reads the letters of the players a game begins with: 2 to 12
    /// distinct capitals (`ABC`), or a number of players (`3`, meaning
    /// `ABC`).
    pub fn parse(text: &str) -> Result<Letters, PositionError> {
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            return match text.parse::<usize>() {
                Ok(count) if (MIN_PLAYERS..=MAX_PLAYERS).contains(&count) => Ok(Letters::first(count)),
                _ => Err(PositionError::malformed(text, "a game has 2 to 12 players")),
            };
        }
        let letters = Letters::parse_list(text)?;
        if letters.len() < MIN_PLAYERS {
            return Err(PositionError::malformed(text, "a game has 2 to 12 players, one capital letter each"));
        }
        Ok(letters)
    }

    /// Reads 0 to 12 distinct capitals (the players field of a position).
    pub fn parse_list(text: &str) -> Result<Letters, PositionError> {
        let mut letters = Letters::first(0);
        for c in text.chars() {
            if !c.is_ascii_uppercase() {
                return Err(PositionError::malformed(
                    text,
                    format!("'{c}' is not a player's letter: players are capital letters A to Z"),
                ));
            }
            if letters.seat_of(c).is_some() {
                return Err(PositionError::malformed(
                    text,
                    format!("'{c}' is given twice; each player has a different letter"),
                ));
            }
            if letters.len() == MAX_PLAYERS {
                return Err(PositionError::malformed(text, "a game has at most 12 players"));
            }
            letters.bytes[letters.len()] = c as u8;
            letters.len += 1;
        }
        Ok(letters)
    }

    /// Number of letters.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is none.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The letter of a seat, as a byte.
    pub fn get(&self, seat: Seat) -> u8 {
        self.bytes[seat.index()]
    }

    /// The seat whose letter is `letter`.
    pub fn seat_of(&self, letter: char) -> Option<Seat> {
        self.bytes[..self.len()].iter().position(|&b| b as char == letter).map(|i| Seat(i as u8))
    }

    /// The letters as text (`ABC`).
    pub fn as_string(&self) -> String {
        self.bytes[..self.len()].iter().map(|&b| b as char).collect()
    }
}

impl fmt::Debug for Letters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Letters({})", self.as_string())
    }
}

impl fmt::Display for Letters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.as_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_or_a_count() {
        assert_eq!(Letters::parse("3").unwrap().as_string(), "ABC");
        assert_eq!(Letters::parse("12").unwrap().as_string(), "ABCDEFGHIJKL");
        assert_eq!(Letters::parse("QZX").unwrap().seat_of('X'), Some(Seat(2)));
        for (bad, reason) in [
            ("1", "2 to 12"),
            ("13", "2 to 12"),
            ("A", "2 to 12"),
            ("AbC", "'b' is not"),
            ("A@", "'@' is not"),
            ("ABA", "'A' is given twice"),
            ("ABCDEFGHIJKLM", "at most 12"),
            ("", "2 to 12"),
        ] {
            let e = Letters::parse(bad).unwrap_err();
            assert!(e.reason().contains(reason), "{bad}: {e}");
            assert_eq!(e.token(), bad);
        }
    }
}
