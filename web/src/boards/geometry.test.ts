import { describe, expect, it } from 'vitest';
import { SHAPES, cellOf, fileRankAt, labels, squareAt, squareName } from './geometry';

describe('squares and where they are drawn', () => {
  it('names squares as the notation does', () => {
    expect(squareName(SHAPES.agog, 0, 0)).toBe('a1');
    expect(squareName(SHAPES.sage, 7, 8)).toBe('h9');
    expect(squareName(SHAPES.scg(7), 6, 4)).toBe('e7');
    expect(squareAt(SHAPES.scg(7), 'e7')).toEqual({ file: 6, rank: 4 });
    expect(squareAt(SHAPES.ogama, 'f1')).toBeNull();
    expect(squareAt(SHAPES.sage, 'T')).toBeNull();
  });

  it('goes from names to cells and back, turned or not', () => {
    for (const shape of [SHAPES.agog, SHAPES.sage, SHAPES.ogama, SHAPES.scg(10)]) {
      for (const flipped of [false, true]) {
        for (let file = 0; file < shape.files; file += 1) {
          for (let rank = 0; rank < shape.ranks; rank += 1) {
            const { col, row } = cellOf(shape, file, rank, flipped);
            expect(fileRankAt(shape, col, row, flipped)).toEqual({ file, rank });
            expect(squareAt(shape, squareName(shape, file, rank))).toEqual({ file, rank });
          }
        }
      }
    }
  });

  it('draws the first player at the bottom, the second when turned', () => {
    expect(cellOf(SHAPES.agog, 0, 0, false)).toEqual({ col: 0, row: 7 });
    expect(cellOf(SHAPES.agog, 0, 0, true)).toEqual({ col: 7, row: 0 });
    expect(cellOf(SHAPES.sage, 7, 8, true)).toEqual({ col: 0, row: 8 });
    expect(cellOf(SHAPES.scg(5), 0, 0, true)).toEqual({ col: 0, row: 0 });
  });

  it('labels the coordinates in screen order', () => {
    expect(labels(SHAPES.ogama, false)).toEqual({ columns: ['a', 'b', 'c', 'd', 'e'], rows: ['5', '4', '3', '2', '1'] });
    expect(labels(SHAPES.ogama, true)).toEqual({ columns: ['e', 'd', 'c', 'b', 'a'], rows: ['1', '2', '3', '4', '5'] });
    expect(labels(SHAPES.scg(3), false)).toEqual({ columns: ['1', '2', '3'], rows: ['a', 'b', 'c'] });
  });
});
