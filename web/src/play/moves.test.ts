import { describe, expect, it } from 'vitest';
import { moveRows, timeLeft } from './moves';

describe('the move list', () => {
  it('numbers two moves a line, from the first player', () => {
    const rows = moveRows(['b6', 'c4', 'd5'], { per_number: 2, start_slot: 0 });
    expect(rows).toEqual([
      { number: 1, cells: [{ ply: 1, text: 'b6' }, { ply: 2, text: 'c4' }] },
      { number: 2, cells: [{ ply: 3, text: 'd5' }] },
    ]);
  });
  it('leaves the first slot empty when the second player began', () => {
    expect(moveRows(['c4', 'd5'], { per_number: 2, start_slot: 1 })).toEqual([
      { number: 1, cells: [null, { ply: 1, text: 'c4' }] },
      { number: 2, cells: [{ ply: 2, text: 'd5' }] },
    ]);
  });
  it('gives each round its own number, its plays spaced', () => {
    expect(moveRows(['A:c3,B:d4', '-'], { per_number: 1, start_slot: 0 })).toEqual([
      { number: 1, cells: [{ ply: 1, text: 'A:c3, B:d4' }] },
      { number: 2, cells: [{ ply: 2, text: '-' }] },
    ]);
  });
  it('says a time left shortly', () => {
    expect(timeLeft(0)).toBe('0s');
    expect(timeLeft(61_000)).toBe('1m 01s');
    expect(timeLeft(3 * 3600_000 + 5 * 60_000)).toBe('3h 05m');
    expect(timeLeft(2 * 86400_000 + 4 * 3600_000)).toBe('2d 4h');
  });
});
