import { describe, expect, it } from 'vitest';
import { parseAgog, parseOgama, parseSage, parseScg } from './position';

describe('A•G•O•G positions', () => {
  const start = '2gggggj/3ggggg/G3gggg/GG3ggg/GGG3gg/GGGG3g/GGGGG3/JGGGGG2 w 0 0';
  it('reads the start: journeymen in the sanctums, golems, the side, the pools', () => {
    const p = parseAgog(start, null);
    expect(p.board[0][0]).toEqual({ owner: 'w', kind: 'journeyman' });
    expect(p.board[7][7]).toEqual({ owner: 'b', kind: 'journeyman' });
    expect(p.board[0][1]).toEqual({ owner: 'w', kind: 'golem' });
    expect(p.board[0][6]).toBeNull();
    expect(p.board.flat().filter((u) => u?.owner === 'w').length).toBe(21);
    expect(p.side).toBe('w');
    expect(p.pools).toEqual({ w: 0, b: 0 });
  });
  it('reads C as a corrupted hulk, and in the classic edition C and D as corrupted golem and hulk', () => {
    expect(parseAgog('7C/8/8/8/8/8/8/c6H b 3 4', 'current').board[0][0]).toEqual({ owner: 'b', kind: 'corrupted-hulk' });
    const text = '7C/8/8/8/8/8/8/d6H b 3 4';
    const classic = parseAgog(text, 'classic');
    expect(classic.board[7][7]).toEqual({ owner: 'w', kind: 'corrupted-golem' });
    expect(classic.board[0][0]).toEqual({ owner: 'b', kind: 'corrupted-hulk' });
    expect(classic.board[0][7]).toEqual({ owner: 'w', kind: 'hulk' });
    expect(classic.pools).toEqual({ w: 3, b: 4 });
  });
  it('names what is wrong', () => {
    expect(() => parseAgog('8/8/8/8/8/8/8 w 0 0', null)).toThrow('8 ranks, found 7');
    expect(() => parseAgog('9/8/8/8/8/8/8/8 w 0 0', null)).toThrow('rank 8: 9 squares');
    expect(() => parseAgog('x7/8/8/8/8/8/8/8 w 0 0', null)).toThrow("'x' is not a piece");
    expect(() => parseAgog('8/8/8/8/8/8/8/8 r 0 0', null)).toThrow("side 'r'");
    expect(() => parseAgog('8/8/8/8/8/8/8/8 w 0', null)).toThrow('4 fields');
    expect(() => parseAgog('D7/8/8/8/8/8/8/8 w 0 0', 'current')).toThrow("'D' is not a piece");
  });
});

describe('Sage Tafl positions', () => {
  it('reads the start: Sages in their towers, the scores', () => {
    const p = parseSage('2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 b Ss 0-0');
    expect(p.board[0][2]).toEqual({ owner: 'b', kind: 'apprentice' });
    expect(p.board[1][0]).toEqual({ owner: 'b', kind: 'skyship' });
    expect(p.board[7][7]).toEqual({ owner: 'r', kind: 'skyship' });
    expect(p.inTower).toEqual({ b: true, r: true });
    expect(p.scores).toEqual({ b: 0, r: 0 });
  });
  it('reads a Sage out of her tower and the specification example', () => {
    const p = parseSage('8/8/8/8/2A1S3/8/8/8/8 r -s 4-1');
    expect(p.board[4][4]).toEqual({ owner: 'b', kind: 'sage' });
    expect(p.inTower).toEqual({ b: false, r: true });
    expect(p.scores).toEqual({ b: 4, r: 1 });
    expect(p.side).toBe('r');
  });
  it('names what is wrong', () => {
    expect(() => parseSage('8/8/8/8/8/8/8/8/8 b Sx 0-0')).toThrow("towers 'Sx'");
    expect(() => parseSage('8/8/8/8/8/8/8/8/8 b Ss 0:0')).toThrow("scores '0:0'");
    expect(() => parseSage('8/8/8/8/8/8/8/8 b Ss 0-0')).toThrow('9 ranks');
  });
});

describe('Ogama positions', () => {
  it('reads the specification example: stacks bottom to top, toads, the side', () => {
    const p = parseOgama('o,b,ob*,.,b/b,o,o,b,o/o,b,b,o,b/b,o,o,b,o/o,b,.,b,o* o');
    expect(p.board[4][2]).toEqual({ discs: ['o', 'b'], toad: true });
    expect(p.board[4][3]).toEqual({ discs: [], toad: false });
    expect(p.board[0][4]).toEqual({ discs: ['o'], toad: true });
    expect(p.toadsOn).toEqual({ o: true, b: true });
    expect(p.side).toBe('o');
  });
  it('knows a toad in hand', () => {
    expect(parseOgama('o,b,o,b,o/b,o,b,o,b/o,b,o,b,o/b,o,b,o,b/o,b,o,b,o b').toadsOn).toEqual({ o: false, b: false });
  });
  it('names what is wrong', () => {
    expect(() => parseOgama('o,b,o,b/b,o,b,o,b/o,b,o,b,o/b,o,b,o,b/o,b,o,b,o o')).toThrow('rank 5: 5 squares, found 4');
    expect(() => parseOgama('o,b,o,b,x/b,o,b,o,b/o,b,o,b,o/b,o,b,o,b/o,b,o,b,o o')).toThrow("'x' is not a stack");
  });
});

describe('Single Capture Go positions', () => {
  it('reads the start for three players', () => {
    const p = parseScg('....../....../....../....../....../...... ABC');
    expect(p.size).toBe(6);
    expect(p.players).toEqual(['A', 'B', 'C']);
    expect(p.grid.flat().every((c) => c === '.')).toBe(true);
  });
  it('reads letters, @ and a game with nobody left', () => {
    const p = parseScg('A.@../...../..B../...../..... -');
    expect(p.grid[0]).toEqual(['A', '.', '@', '.', '.']);
    expect(p.grid[2][2]).toBe('B');
    expect(p.players).toEqual([]);
  });
  it('names what is wrong', () => {
    expect(() => parseScg('..../... AB')).toThrow('row a: 4 squares, not 2');
    expect(() => parseScg('a./.. AB')).toThrow("'a' is not");
  });
});
