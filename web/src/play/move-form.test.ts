import { describe, expect, it } from 'vitest';
import type { History } from '../api/types';
import { FIXTURES, viewOf } from '../boards/fixtures';
import { formsDiffer, listedMoves } from './move-form';
import { initialState, reduce } from './game-state';

const board = FIXTURES['agog-start'].board;
const history = (pairs: [string, string][]): History => ({
  start: 'p0',
  start_board: board,
  plies: pairs.map(([record, long], i) => ({ record, long, position: `p${i + 1}`, board })),
});

describe('the move list in one form', () => {
  it('writes every move in the form chosen, the long form while the history is not all there', () => {
    const held = history([['3b4', 'a5-a6'], ['e8', 'e8-d8']]);
    expect(listedMoves(['a5-a6', 'e8-d8'], held, 'record')).toEqual(['3b4', 'e8']);
    expect(listedMoves(['a5-a6', 'e8-d8'], held, 'long')).toEqual(['a5-a6', 'e8-d8']);
    expect(listedMoves(['a5-a6', 'e8-d8', 'b2-b3'], held, 'record')).toEqual(['a5-a6', 'e8-d8', 'b2-b3']);
    expect(listedMoves(['a5-a6'], null, 'record')).toEqual(['a5-a6']);
  });

  it('offers the choice only where the record writes moves otherwise', () => {
    expect(formsDiffer(history([['3b4', 'a5-a6']]))).toBe(true);
    expect(formsDiffer(history([['c4-c5', 'c4-c5']]))).toBe(false);
    expect(formsDiffer(null)).toBe(false);
  });

  it('keeps a move made since the page opened in both forms, as the change told them', () => {
    const view = viewOf('agog-start', { ply: 1, moves: ['a5-a6'], you: ['w'], updated: '2026-11-28T00:00:00Z' });
    let state = reduce(initialState, { type: 'view', view });
    state = reduce(state, { type: 'history', history: history([['3b4', 'a5-a6']]) });
    const change = {
      ply: 2,
      version: 3,
      from: 2,
      moves_added: ['e8-d8'],
      records_added: ['e8'],
      position: FIXTURES['agog-start'].position,
      board: { cells: [], spots: [], last_move: [], notes: [] },
      to_move: ['w'],
      status: { state: 'ongoing', winners: [], reason: null },
      deadline: null,
      updated: '2026-11-28T00:00:01Z',
    };
    state = reduce(state, { type: 'change', change: change as never });
    expect(listedMoves(state.view!.moves, state.history, 'record')).toEqual(['3b4', 'e8']);
    expect(listedMoves(state.view!.moves, state.history, 'long')).toEqual(['a5-a6', 'e8-d8']);
    // Where the forms are the same the change leaves records_added out.
    state = reduce(state, { type: 'change', change: { ...change, ply: 3, version: 4, from: 3, moves_added: ['b2-b3'], records_added: undefined } as never });
    expect(listedMoves(state.view!.moves, state.history, 'record')).toEqual(['3b4', 'e8', 'b2-b3']);
  });
});
