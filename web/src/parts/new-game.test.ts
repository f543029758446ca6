import { describe, expect, it } from 'vitest';
import { newGameRequest, wholeNumber } from './new-game';

const base = { variant: 'current', handicap: '', seed: '', atBlocked: false, closeEarly: true, clock: '' };

describe('the new game form', () => {
  it('sends every seat kind and the A•G•O•G options', () => {
    expect(
      newGameRequest({ ...base, game: 'agog', variant: 'classic', handicap: '3', seed: '12', clock: '3', seats: [{ kind: 'me', level: 5 }, { kind: 'computer', level: 7 }] }),
    ).toEqual({ game: 'agog', variant: 'classic', handicap: 3, seed: 12, seats: [{ account: 'me' }, { computer: 7 }], clock: { days_per_move: 3 } });
  });
  it('leaves out what does not apply and what is empty', () => {
    expect(newGameRequest({ ...base, game: 'sage', handicap: '3', seats: [{ kind: 'open', level: 5 }, { kind: 'me', level: 5 }] })).toEqual({
      game: 'sage',
      seats: [{ open: true }, { account: 'me' }],
    });
  });
  it('gives a Single Capture Go table its round clock and options', () => {
    expect(newGameRequest({ ...base, game: 'scg', atBlocked: true, seats: [{ kind: 'me', level: 5 }, { kind: 'open', level: 5 }, { kind: 'computer', level: 2 }] })).toEqual({
      game: 'scg',
      at_blocked: true,
      seats: [{ account: 'me' }, { open: true }, { computer: 2 }],
      clock: { close_early: true },
    });
    expect(newGameRequest({ ...base, game: 'scg', clock: '48', closeEarly: false, seats: [] }).clock).toEqual({ round_hours: 48, close_early: false });
  });
  it('reads whole numbers and flags the rest', () => {
    expect(wholeNumber(' 12 ')).toBe(12);
    expect(wholeNumber('')).toBeUndefined();
    expect(wholeNumber('1.5')).toBeNaN();
    expect(wholeNumber('-2')).toBeNaN();
  });
});
