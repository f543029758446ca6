//! The end of a round, in the six steps of the rule text:
//!
//! 1. a square played by exactly one player gets that player's letter;
//! 2. a square played by several players gets `@` (they all count as
//!    having played);
//! 3. a player is doomed if any of their groups has no liberty (no member
//!    next to an empty square), or if they made no valid play;
//! 4. every letter of a doomed player becomes `@`;
//! 5. one player left wins; nobody left: the most letters just before
//!    step 4 win (a tie shares the win);
//! 6. doomed players leave the game.

use arbiter_core::{EndReason, Outcome, Round, Seat, SeatSet, SimultaneousGame};

use super::grid::{Cells, MAX_PLAYERS, Square};
use super::report::{Doom, Fate, PlayResult, RoundReport};
use super::{Scg, active_key, at_key, letter_key};

impl Scg {
    /// Puts `@` on `sq` (empty or `@` already).
    fn put_at(&mut self, sq: Square) {
        if !self.at.contains(sq) {
            self.at = self.at.with(sq);
            self.hash ^= at_key(sq);
        }
    }

    /// Puts `seat`'s letter on `sq` (empty or `@`).
    fn put_letter(&mut self, seat: Seat, sq: Square) {
        if self.at.contains(sq) {
            self.at = self.at.without(sq);
            self.hash ^= at_key(sq);
        }
        self.stones[seat.index()] = self.stones[seat.index()].with(sq);
        self.hash ^= letter_key(self.letters.get(seat), sq);
    }

    /// Turns every letter of `seat` into `@` and removes the player.
    fn remove_player(&mut self, seat: Seat) {
        let letter = self.letters.get(seat);
        for sq in self.stones[seat.index()].iter() {
            self.hash ^= letter_key(letter, sq) ^ at_key(sq);
        }
        self.at = self.at | self.stones[seat.index()];
        self.stones[seat.index()] = Cells::EMPTY;
        self.active = SeatSet(self.active.0 & !(1 << seat.0));
        self.hash ^= active_key(letter);
    }

    /// Resolves a round. Plays by players not in the game and plays on
    /// squares that may not be played are ignored (that player made no
    /// valid play). Fills `report` when given.
    pub(crate) fn settle(&self, plays: &Round<Square>, mut report: Option<&mut RoundReport>) -> Scg {
        let mut next = *self;
        if self.status().is_over() {
            return next;
        }
        let playable = self.playable();
        // The valid plays, one per player, in seat order.
        let mut valid = [(Seat(0), 0 as Square); MAX_PLAYERS];
        let mut count = 0;
        let mut played = SeatSet::EMPTY;
        for (seat, sq) in plays.iter() {
            if self.active.contains(seat) && playable.contains(sq) {
                played = played.with(seat);
                valid[count] = (seat, sq);
                count += 1;
            }
        }
        let valid = &valid[..count];

        // Steps 1 and 2.
        let mut once = Cells::EMPTY;
        let mut twice = Cells::EMPTY;
        for &(_, sq) in valid.iter() {
            if once.contains(sq) {
                twice = twice.with(sq);
            }
            once = once.with(sq);
        }
        for &(seat, sq) in valid.iter() {
            if twice.contains(sq) {
                next.put_at(sq);
            } else {
                next.put_letter(seat, sq);
            }
            if let Some(r) = report.as_deref_mut() {
                let fate = if twice.contains(sq) {
                    Fate::Collided(valid.iter().filter(|&&(_, q)| q == sq).map(|&(s, _)| s).collect())
                } else {
                    Fate::Placed
                };
                r.plays.push(PlayResult { seat, square: sq, fate });
            }
        }

        // Step 3: judged on the grid after steps 1 and 2, for everyone at
        // once, before any letter turns into `@`.
        let mut doomed = SeatSet::EMPTY;
        let mut letters_before = [0u32; MAX_PLAYERS];
        for seat in self.active.iter() {
            letters_before[seat.index()] = next.stones[seat.index()].count();
            let airless = next.airless(seat);
            if airless.is_empty() && played.contains(seat) {
                continue;
            }
            doomed = doomed.with(seat);
            if let Some(r) = report.as_deref_mut() {
                r.doomed.push(Doom {
                    seat,
                    no_play: !played.contains(seat),
                    airless: next.airless_groups(seat),
                    letters: letters_before[seat.index()],
                });
            }
        }

        // Steps 4 to 6.
        for seat in doomed.iter() {
            next.remove_player(seat);
        }
        if next.active.is_empty() {
            let most = self.active.iter().map(|s| letters_before[s.index()]).max().unwrap_or(0);
            next.winners = self.active.iter().filter(|s| letters_before[s.index()] == most).collect();
        }
        if let Some(r) = report {
            r.silent = SeatSet(self.active.0 & !played.0);
            r.remaining = next.active;
            r.outcome = match next.active.len() {
                0 => Some(Outcome { winners: next.winners, reason: EndReason::MostLetters }),
                1 => Some(Outcome { winners: next.active, reason: EndReason::LastStanding }),
                _ => None,
            };
        }
        next
    }
}
