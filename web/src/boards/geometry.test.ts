import { describe, expect, it } from 'vitest';
import { CELL, cellCorner, labels, layout, spotBox } from './geometry';
import { FIXTURES } from './fixtures';

describe('where a board model is drawn', () => {
  it('lays every game out as a grid with its cells in order, row by row from the top', () => {
    for (const [name, position] of Object.entries(FIXTURES)) {
      const board = position.board;
      const l = layout(board, false);
      expect(board.cells.length, name).toBe(l.rows * l.columns);
      const first = cellCorner(l, 0);
      const last = cellCorner(l, board.cells.length - 1);
      expect([first.x, first.y], name).toEqual([l.x, l.y]);
      expect([last.x, last.y], name).toEqual([l.x + (l.columns - 1) * CELL, l.y + (l.rows - 1) * CELL]);
      expect(l.width, name).toBeGreaterThanOrEqual(l.x + l.columns * CELL);
      expect(l.height, name).toBeGreaterThanOrEqual(l.y + l.rows * CELL);
    }
  });

  it('turns the board half round for the second player', () => {
    const board = FIXTURES['agog-start'].board;
    const l = layout(board, true);
    expect(board.cells[0].name).toBe('a8');
    expect(cellCorner(l, 0)).toEqual({ x: l.x + 7 * CELL, y: l.y + 7 * CELL });
    expect(labels(board, true)).toEqual({ columns: ['h', 'g', 'f', 'e', 'd', 'c', 'b', 'a'], rows: ['1', '2', '3', '4', '5', '6', '7', '8'] });
  });

  it('puts spots by their anchors: over the grid, beside it, under it', () => {
    const sage = FIXTURES['sage-start'].board;
    const l = layout(sage, false);
    const spot = (name: string) => spotBox(l, sage, sage.spots.find((s) => s.name === name)!);
    expect(spot('W').x + spot('W').w).toBeLessThanOrEqual(l.x);
    expect(spot('E').x).toBeGreaterThanOrEqual(l.x + l.columns * CELL);
    // Black's tower stands between d and e, among ranks 1 and 2 (the two bottom rows).
    const tower = spot('tower-b');
    expect(tower.x + tower.w / 2).toBeCloseTo(l.x + 4 * CELL);
    expect(tower.y + tower.h / 2).toBeCloseTo(l.y + 8 * CELL);
    // Turned round, the river's ends change sides.
    const turned = layout(sage, true);
    expect(spotBox(turned, sage, sage.spots.find((s) => s.name === 'W')!).x).toBeGreaterThanOrEqual(turned.x + turned.columns * CELL);

    const ogama = FIXTURES['ogama-start'].board;
    const o = layout(ogama, false);
    for (const hand of ogama.spots) expect(spotBox(o, ogama, hand).y).toBeGreaterThanOrEqual(o.y + o.rows * CELL);
    expect(o.height).toBeGreaterThanOrEqual(spotBox(o, ogama, ogama.spots[0]).y + spotBox(o, ogama, ogama.spots[0]).h);
  });
});
