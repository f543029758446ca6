import { describe, expect, it } from 'vitest';
import { moveRows, secondMovesFirst, seatName, timeLeft } from './notation';

describe('the move list', () => {
  it('numbers moves by full turn', () => {
    expect(moveRows('agog', ['b6', 'c4', 'ab6'], false)).toEqual([
      { number: 1, first: { ply: 1, text: 'b6' }, second: { ply: 2, text: 'c4' } },
      { number: 2, first: { ply: 3, text: 'ab6' }, second: null },
    ]);
  });
  it('leaves the first half empty when the second player began', () => {
    expect(moveRows('agog', ['c4', 'b6'], true)).toEqual([
      { number: 1, first: null, second: { ply: 1, text: 'c4' } },
      { number: 2, first: { ply: 2, text: 'b6' }, second: null },
    ]);
  });
  it('numbers Single Capture Go rounds one a line', () => {
    expect(moveRows('scg', ['A:c3,B:c3', 'A:d4,B:e5'], false)).toEqual([
      { number: 1, first: { ply: 1, text: 'A:c3, B:c3' }, second: null },
      { number: 2, first: { ply: 2, text: 'A:d4, B:e5' }, second: null },
    ]);
  });
  it('reads who began from the start position', () => {
    expect(secondMovesFirst('agog', '2gggggj/3ggggg/G3gggg/GG3ggg/GGG3gg/GGGG3g/GGGGG3/JGGGGG2 w 0 0')).toBe(false);
    expect(secondMovesFirst('agog', '2gggggj/3ggggg/G3gggg/GG3ggg/GGG3gg/GGGG3g/GGGGG3/JGGGGG2 b 0 0')).toBe(true);
    expect(secondMovesFirst('sage', '2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 b Ss 0-0')).toBe(false);
    expect(secondMovesFirst('ogama', 'o,b,ob*,.,b/b,o,o,b,o/o,b,b,o,b/b,o,o,b,o/o,b,.,b,o* b')).toBe(true);
    expect(secondMovesFirst('scg', '...../...../...../...../..... AB')).toBe(false);
  });
});

describe('names and clocks', () => {
  it('names the seats as the rule texts do', () => {
    expect(seatName('sage', 'r')).toBe('Red');
    expect(seatName('ogama', 'o')).toBe('Orange');
    expect(seatName('scg', 'C')).toBe('C');
  });
  it('writes a time left shortly', () => {
    expect(timeLeft(2 * 86400_000 + 4 * 3600_000 + 5000)).toBe('2d 4h');
    expect(timeLeft(3 * 3600_000 + 5 * 60_000)).toBe('3h 05m');
    expect(timeLeft(4 * 60_000 + 9000)).toBe('4m 09s');
    expect(timeLeft(-5)).toBe('0s');
  });
});
