// Where a board model's cells and spots are drawn: its grid in SVG units,
// turned half round for the second player, with room for the coordinates
// and for the spots beside the grid.

import type { BoardModel, Spot } from '../api/types';

/** The size of one cell in the SVG's units. */
export const CELL = 10;
/** The room left of and above the grid (for the row names). */
export const MARGIN = 6;
/** The size of a spot drawn over or beside the grid. */
export const SPOT = 6.8;

/** A board's drawing: its grid's place and the whole picture's size. */
export interface Layout {
  columns: number;
  rows: number;
  flipped: boolean;
  /** The grid's top-left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a spot's side lies once the board is turned. */
function screenSide(spot: Spot, flipped: boolean): Spot['side'] {
  if (!flipped) return spot.side;
  const turned: Record<Spot['side'], Spot['side']> = { over: 'over', west: 'east', east: 'west', north: 'south', south: 'north' };
  return turned[spot.side];
}

/** The layout of `board`, turned half round when `flipped`. */
export function layout(board: BoardModel, flipped: boolean): Layout {
  const columns = board.columns.length;
  const rows = board.rows.length;
  const sides = new Set(board.spots.map((s) => screenSide(s, flipped)));
  const left = MARGIN + (sides.has('west') ? SPOT + 1 : 0);
  const right = MARGIN + (sides.has('east') ? SPOT + 1 : 0);
  const top = MARGIN + (sides.has('north') ? CELL + 2 : 0);
  const bottom = MARGIN + (sides.has('south') ? CELL + 2 : 0);
  return { columns, rows, flipped, x: left, y: top, width: left + columns * CELL + right, height: top + rows * CELL + bottom };
}

/** The screen column and row of the cell at `index` of the model's cells. */
export function cellSlot(l: Layout, index: number): { col: number; row: number } {
  const row = Math.floor(index / l.columns);
  const col = index % l.columns;
  return l.flipped ? { col: l.columns - 1 - col, row: l.rows - 1 - row } : { col, row };
}

/** The top-left corner of the cell at `index`. */
export function cellCorner(l: Layout, index: number): { x: number; y: number } {
  const { col, row } = cellSlot(l, index);
  return { x: l.x + col * CELL, y: l.y + row * CELL };
}

/** The box a spot is drawn in: by its anchor cells, over the grid or beside it. */
export function spotBox(l: Layout, board: BoardModel, spot: Spot): { x: number; y: number; w: number; h: number } {
  const centres = spot.anchor
    .map((name) => board.cells.findIndex((c) => c.name === name))
    .filter((i) => i >= 0)
    .map((i) => {
      const c = cellCorner(l, i);
      return { x: c.x + CELL / 2, y: c.y + CELL / 2 };
    });
  const cx = centres.length ? centres.reduce((s, c) => s + c.x, 0) / centres.length : l.x;
  const cy = centres.length ? centres.reduce((s, c) => s + c.y, 0) / centres.length : l.y;
  const gridRight = l.x + l.columns * CELL;
  const gridBottom = l.y + l.rows * CELL;
  switch (screenSide(spot, l.flipped)) {
    case 'over':
      return { x: cx - SPOT / 2, y: cy - SPOT / 2, w: SPOT, h: SPOT };
    case 'west':
      return { x: l.x - SPOT - 0.6, y: cy - SPOT / 2, w: SPOT, h: SPOT };
    case 'east':
      return { x: gridRight + 0.6, y: cy - SPOT / 2, w: SPOT, h: SPOT };
    case 'north':
      return { x: cx - CELL, y: l.y - CELL - 1.5, w: 2 * CELL, h: CELL };
    case 'south':
      return { x: cx - CELL, y: gridBottom + MARGIN - 0.5, w: 2 * CELL, h: CELL };
  }
}

/** The coordinate names along the bottom and the left, in screen order. */
export function labels(board: BoardModel, flipped: boolean): { columns: string[]; rows: string[] } {
  const turn = (names: string[]) => (flipped ? [...names].reverse() : names);
  return { columns: turn(board.columns), rows: turn(board.rows) };
}
