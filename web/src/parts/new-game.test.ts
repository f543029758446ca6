// The new-game form: the request it makes and the seat its maker holds.

import { describe, expect, it } from 'vitest';
import { entryFor } from '../api/catalog';
import { CATALOG } from '../boards/fixtures';
import { formProblem, nameLabel, newGameRequest, offersVacation, optionRange, optionWords, optionValue, resized, type SeatChoice, seatNames, wholeNumber, withSeat } from './new-game';
import { DEFAULT_LEVEL } from './play-now';

const entry = (game: string, variant?: string) => entryFor(CATALOG, game, variant)!;
const base = { options: {}, seed: '', closeEarly: true, clock: '' };

describe('the new game form', () => {
  it('sends every seat kind and the options the catalog lists', () => {
    expect(
      newGameRequest({ ...base, entry: entry('agog', 'classic'), options: { handicap: '3' }, seed: '12', clock: '3', seats: [{ kind: 'me', level: 5 }, { kind: 'computer', level: 7 }] }),
    ).toEqual({ game: 'agog', variant: 'classic', options: { handicap: 3 }, seed: 12, seats: [{ account: 'me' }, { computer: 7 }], clock: { days_per_move: 3 } });
  });
  it('invites a named player to a seat, and keeps a private game private', () => {
    const seats: SeatChoice[] = [{ kind: 'me', level: 5 }, { kind: 'invite', level: 5, name: ' Bob ' }];
    expect(newGameRequest({ ...base, entry: entry('sage'), seats, private: true })).toEqual({
      game: 'sage',
      seats: [{ account: 'me' }, { account: 'Bob' }],
      private: true,
    });
    expect(formProblem(entry('sage'), {}, '', '', seats)).toBeNull();
    expect(formProblem(entry('sage'), {}, '', '', [{ kind: 'me', level: 5 }, { kind: 'invite', level: 5, name: '  ' }])).toContain('Name the player');
    const twice: SeatChoice[] = [{ kind: 'me', level: 5 }, { kind: 'invite', level: 5, name: 'bob' }, { kind: 'invite', level: 5, name: 'BOB' }];
    expect(formProblem(entry('scg'), {}, '', '', twice)).toContain('one seat of a game');
  });
  it('makes a game between people casual or asks for a rating range, never a game with the computer', () => {
    const people: SeatChoice[] = [{ kind: 'me', level: 5 }, { kind: 'open', level: 5 }];
    expect(newGameRequest({ ...base, entry: entry('sage'), seats: people, casual: true })).toEqual({
      game: 'sage',
      seats: [{ account: 'me' }, { open: true }],
      rated: false,
    });
    expect(newGameRequest({ ...base, entry: entry('sage'), seats: people, ratingRange: [1400, 1700] })).toEqual({
      game: 'sage',
      seats: [{ account: 'me' }, { open: true }],
      rating_range: [1400, 1700],
    });
    const computer: SeatChoice[] = [{ kind: 'me', level: 5 }, { kind: 'computer', level: 5 }];
    expect(newGameRequest({ ...base, entry: entry('sage'), seats: computer, casual: true, ratingRange: [1, 2] })).toEqual({
      game: 'sage',
      seats: [{ account: 'me' }, { computer: 5 }],
    });
  });
  it('leaves out what does not apply and what is empty', () => {
    expect(newGameRequest({ ...base, entry: entry('sage'), options: { handicap: '3' }, seats: [{ kind: 'open', level: 5 }, { kind: 'me', level: 5 }] })).toEqual({
      game: 'sage',
      seats: [{ open: true }, { account: 'me' }],
    });
  });
  it('gives a game of rounds its round clock and its switches', () => {
    expect(newGameRequest({ ...base, entry: entry('scg'), options: { 'at-blocked': true }, seats: [{ kind: 'me', level: 5 }, { kind: 'open', level: 5 }, { kind: 'computer', level: 2 }] })).toEqual({
      game: 'scg',
      options: { 'at-blocked': true },
      seats: [{ account: 'me' }, { open: true }, { computer: 2 }],
      clock: { close_early: true },
    });
    expect(newGameRequest({ ...base, entry: entry('scg'), clock: '48', closeEarly: false, seats: [] }).clock).toEqual({ round_hours: 48, close_early: false });
  });
  it('makes a game with days per move "without vacation" when its clock is not to stop, and sends nothing of vacations otherwise', () => {
    const people: SeatChoice[] = [{ kind: 'me', level: 5 }, { kind: 'open', level: 5 }];
    expect(offersVacation(entry('sage'), '3')).toBe(true);
    expect(offersVacation(entry('agog', 'classic'), ' 1 ')).toBe(true);
    expect(offersVacation(entry('sage'), ''), 'no clock').toBe(false);
    expect(offersVacation(entry('sage'), 'x'), 'not a number').toBe(false);
    expect(offersVacation(entry('scg'), '48'), 'rounds never stop').toBe(false);
    expect(newGameRequest({ ...base, entry: entry('sage'), clock: '3', seats: people, vacation: false })).toEqual({
      game: 'sage',
      seats: [{ account: 'me' }, { open: true }],
      clock: { days_per_move: 3 },
      vacation: false,
    });
    // Ticked (the default), the server's default stands: nothing is sent.
    expect(newGameRequest({ ...base, entry: entry('sage'), clock: '3', seats: people, vacation: true })).not.toHaveProperty('vacation');
    expect(newGameRequest({ ...base, entry: entry('sage'), clock: '3', seats: people })).not.toHaveProperty('vacation');
    // Never without days per move, and never for Single Capture Go.
    expect(newGameRequest({ ...base, entry: entry('sage'), clock: '', seats: people, vacation: false })).not.toHaveProperty('vacation');
    expect(newGameRequest({ ...base, entry: entry('scg'), clock: '48', seats: [], vacation: false })).not.toHaveProperty('vacation');
    expect(newGameRequest({ ...base, entry: entry('scg'), clock: '', seats: [], vacation: false })).not.toHaveProperty('vacation');
  });
  it('takes a seed as a game option where the game has one', () => {
    expect(newGameRequest({ ...base, entry: entry('ogama'), options: { seed: '12' }, seed: '5', seats: [] })).toEqual({ game: 'ogama', options: { seed: 12 }, seats: [] });
  });
  it('names what is wrong before sending', () => {
    expect(formProblem(entry('agog'), { handicap: '11' }, '', '')).toMatch(/handicap/);
    expect(formProblem(entry('agog'), { handicap: 'x' }, '', '')).toMatch(/handicap/);
    expect(formProblem(entry('agog'), { handicap: '10' }, '', '')).toBeNull();
    expect(formProblem(entry('sage'), {}, '1.5', '')).toMatch(/clock/);
    expect(optionValue(entry('scg').options[0], undefined)).toBeUndefined();
    expect(seatNames(entry('agog'), 2)).toEqual(['White', 'Black']);
    expect(seatNames(entry('scg'), 3)).toEqual(['Player 1', 'Player 2', 'Player 3']);
  });
  it('reads whole numbers and flags the rest', () => {
    expect(wholeNumber(' 12 ')).toBe(12);
    expect(wholeNumber('')).toBeUndefined();
    expect(wholeNumber('1.5')).toBeNaN();
    expect(wholeNumber('-2')).toBeNaN();
  });
  it('keeps the person in exactly one seat', () => {
    const seats: SeatChoice[] = [
      { kind: 'me', level: 5 },
      { kind: 'computer', level: 7 },
      { kind: 'open', level: 5 },
    ];
    // Their own seat is not given away.
    expect(withSeat(seats, 0, 'computer')).toEqual(seats);
    // Another seat changes freely.
    expect(withSeat(seats, 2, 'computer')).toEqual([seats[0], seats[1], { kind: 'computer', level: 5 }]);
    // "me" elsewhere moves them, their old seat taking that seat's choice.
    const moved = withSeat(seats, 1, 'me');
    expect(moved).toEqual([{ kind: 'computer', level: 7 }, { kind: 'me', level: 7 }, seats[2]]);
    expect(moved.filter((s) => s.kind === 'me')).toHaveLength(1);
  });
  it('never leaves the person without a seat or in two, whatever is chosen', () => {
    // A fixed pseudo-random walk through choices and table sizes.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const kinds: SeatChoice['kind'][] = ['me', 'open', 'computer'];
    let seats: SeatChoice[] = [
      { kind: 'me', level: 5 },
      { kind: 'computer', level: 5 },
    ];
    for (let step = 0; step < 500; step++) {
      seats = next(5) === 0 ? resized(seats, 2 + next(11)) : withSeat(seats, next(seats.length), kinds[next(3)]);
      expect(seats.filter((s) => s.kind === 'me')).toHaveLength(1);
      const request = newGameRequest({ ...base, entry: entry('scg'), seats });
      expect(request.seats.filter((s) => 'account' in s && s.account === 'me')).toHaveLength(1);
    }
  });
  it('keeps the person seated when the table shrinks or grows', () => {
    const seats: SeatChoice[] = [
      { kind: 'open', level: 5 },
      { kind: 'computer', level: 3 },
      { kind: 'me', level: 5 },
    ];
    const two = resized(seats, 2);
    expect(two).toHaveLength(2);
    expect(two.filter((s) => s.kind === 'me')).toHaveLength(1);
    expect(resized(seats, 4)).toEqual([...seats, { kind: 'computer', level: DEFAULT_LEVEL }]);
  });
});

describe('the names completed for an invitation', () => {
  it('marks a bot', () => {
    expect(nameLabel({ name: 'rob', bot: true })).toBe('rob (bot)');
    expect(nameLabel({ name: 'ann' })).toBe('ann');
  });

  it("gives a number option's range once, and the computer's level as Play now does", () => {
    expect(optionRange({ type: 'number', min: 0, max: 10, help: 'Black starts without this many golems (0-10)' })).toBe('');
    expect(optionRange({ type: 'number', min: 0, max: 10, help: 'golems taken away' })).toBe(' (0–10)');
    expect(optionRange({ type: 'text', min: null, max: null, help: 'letters' })).toBe('');
    expect(resized([{ kind: 'me', level: 1 }], 2)[1]).toEqual({ kind: 'computer', level: DEFAULT_LEVEL });
  });

  it('words a switch for a newcomer: a statement, and whose rule it is', () => {
    expect(optionWords('whether squares holding @ may not be played (a system rule, off by default)')).toEqual({
      label: 'Squares holding @ may not be played',
      note: 'an Arbiter rule, not in the rule text',
    });
    expect(optionWords('whether the third occurrence of a position draws (a system rule, on by default)').label).toBe('The third occurrence of a position draws');
    expect(optionWords('Close a round early')).toEqual({ label: 'Close a round early', note: null });
  });
});
