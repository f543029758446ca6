import { describe, expect, it } from 'vitest';
import type { BoardChange, BoardModel, PlaceChange } from '../api/types';
import { FIXTURES } from '../boards/fixtures';
import { applyBoardChange, expand } from './board-change';

const before = FIXTURES['agog-start'].board;
const after = FIXTURES['agog-classic-moves'].board;

/** The places of `now` whose words or stack differ from `was`'s, as the server names them. */
function changed<T extends PlaceChange>(was: T[], now: T[]): PlaceChange[] {
  return now
    .filter((p, i) => p.words !== was[i].words || JSON.stringify(p.stack) !== JSON.stringify(was[i].stack))
    .map((p) => ({ name: p.name, words: p.words, stack: p.stack }));
}

function changeBetween(was: BoardModel, now: BoardModel): BoardChange {
  return { cells: changed(was.cells, now.cells), spots: changed(was.spots, now.spots), last_move: now.last_move, notes: now.notes };
}

describe('a board change', () => {
  it('makes the board after out of the board before, the screen-reader words too', () => {
    const change = changeBetween(before, after);
    expect(change.cells.length).toBeGreaterThan(0);
    expect(change.cells.length).toBeLessThan(before.cells.length);
    const applied = applyBoardChange(before, change);
    expect(applied).toEqual(after);
    // The board held is not changed in place (the page keeps it for its history).
    expect(before).toEqual(FIXTURES['agog-start'].board);
    // Every cell a change does not name is the very cell held.
    const named = new Set(change.cells.map((c) => c.name));
    applied!.cells.forEach((cell, i) => {
      if (!named.has(cell.name)) expect(cell).toBe(before.cells[i]);
    });
  });

  it('replaces every spot when they themselves changed, and the last move and notes', () => {
    const change: BoardChange = { cells: [], spots: [], all_spots: [], last_move: ['e2', 'e3'], notes: ['Black to move.'] };
    const applied = applyBoardChange(before, change)!;
    expect(applied.spots).toEqual([]);
    expect(applied.last_move).toEqual(['e2', 'e3']);
    expect(applied.notes).toEqual(['Black to move.']);
    expect(applied.cells).toEqual(before.cells);
  });

  it('draws a counted run as that many pieces', () => {
    const golem = { owner: 'w', kind: 'golem', label: 'G' };
    expect(expand([{ ...golem, count: 3 }, { owner: null, kind: 'at', label: '@' }])).toEqual([golem, golem, golem, { owner: null, kind: 'at', label: '@' }]);
    const pool = before.spots[0];
    const change: BoardChange = { cells: [], spots: [{ name: pool.name, words: 'two', stack: [{ ...golem, count: 2 }] }], last_move: [], notes: [] };
    expect(applyBoardChange(before, change)!.spots[0]).toEqual({ ...pool, words: 'two', stack: [golem, golem] });
  });

  it('is refused when it names a place the board lacks', () => {
    const cell = { name: 'z9', words: 'z9, empty', stack: [] };
    expect(applyBoardChange(before, { cells: [cell], spots: [], last_move: [], notes: [] })).toBeNull();
    expect(applyBoardChange(before, { cells: [], spots: [cell], last_move: [], notes: [] })).toBeNull();
  });
});
