import { describe, expect, it } from 'vitest';
import type { BoardChange, ChangeMessage, GameView } from '../api/types';
import { FIXTURES, viewOf } from '../boards/fixtures';
import { applyChange, initialState, isNewer, reduce, shown } from './game-state';

const start = FIXTURES['agog-start'];
const later = FIXTURES['agog-classic-moves'];

function view(ply: number, updated: string, extra: Partial<GameView> = {}): GameView {
  return viewOf('agog-start', { you: ['w'], ply, moves: Array.from({ length: ply }, (_, i) => `m${i + 1}`), updated, ...extra });
}

/** The board change from the start to `later`: the cells whose words or stack differ. */
const toLater: BoardChange = {
  cells: later.board.cells
    .filter((c, i) => c.words !== start.board.cells[i].words || JSON.stringify(c.stack) !== JSON.stringify(start.board.cells[i].stack))
    .map((c) => ({ name: c.name, words: c.words, stack: c.stack })),
  spots: later.board.spots.map((s) => ({ name: s.name, words: s.words, stack: s.stack })),
  last_move: later.board.last_move,
  notes: later.board.notes,
};

/** The change to version `ply + 1` (the view of ply n is version n + 1), made from the version before the moves added. */
function change(ply: number, added: string[], updated: string, extra: Partial<ChangeMessage> = {}): ChangeMessage {
  const from = ply + 1 - Math.max(added.length, 1);
  return { ply, version: ply + 1, from, moves_added: added, position: later.position, board: toLater, to_move: ['b'], status: later.status, deadline: null, legal: undefined, updated, ...extra };
}

describe('the game page state', () => {
  it('keeps the newest view whatever order they come in', () => {
    let state = reduce(initialState, { type: 'view', view: view(2, '2026-11-23T00:00:02Z') });
    state = reduce(state, { type: 'view', view: view(1, '2026-11-23T00:00:05Z') });
    expect(state.view?.ply).toBe(2);
    state = reduce(state, { type: 'view', view: view(2, '2026-11-23T00:00:03Z', { to_move: ['b'] }) });
    expect(state.view?.to_move).toEqual(['b']);
    expect(isNewer(state.view, view(2, '2026-11-23T00:00:01Z'))).toBe(false);
  });

  it('clears a refusal once the game ends without a move (a resignation)', () => {
    let state = reduce(initialState, { type: 'view', view: view(1, '2026-11-23T00:00:01Z') });
    state = reduce(state, { type: 'refused', message: 'no' });
    expect(state.error).toBe('no');
    state = reduce(state, { type: 'view', view: view(1, '2026-11-23T00:00:02Z', { version: 3, status: { state: 'over', winners: ['b'], reason: 'resignation' } }) });
    expect(state.error).toBeNull();
  });

  it('lights the moves of a new view and clears a refusal once the game moves on', () => {
    let state = reduce(initialState, { type: 'view', view: view(0, '2026-11-23T00:00:00Z') });
    expect(state.pick.targets).toEqual(new Set(start.legal.map((m) => m.steps[0])));
    state = reduce(state, { type: 'sending', move: 'e2-e3' });
    state = reduce(state, { type: 'refused', message: 'no' });
    expect(state.error).toBe('no');
    expect(state.sending).toBeNull();
    state = reduce(state, { type: 'view', view: view(1, '2026-11-23T00:00:01Z', { legal: undefined }) });
    expect(state.error).toBeNull();
    expect(state.pick.targets.size).toBe(0);
  });

  it('appends a change to the view and the history, without fetching either again', () => {
    let state = reduce(initialState, { type: 'view', view: view(2, '2026-11-23T00:00:02Z') });
    state = reduce(state, { type: 'history', history: { start: 'p0', start_board: start.board, plies: [1, 2].map((n) => ({ record: `m${n}`, long: `m${n}`, position: `p${n}`, board: start.board })) } });
    state = reduce(state, { type: 'change', change: change(3, ['m3'], '2026-11-23T00:00:03Z') });
    expect(state.view?.moves).toEqual(['m1', 'm2', 'm3']);
    expect(state.view?.board).toEqual(later.board);
    expect(state.view?.legal).toBeUndefined();
    expect(state.history?.plies.map((p) => p.record)).toEqual(['m1', 'm2', 'm3']);
    expect(state.stale).toBe(false);
    // An older change is ignored; one made from a later version than the
    // view's (a change was missed) asks for the view again.
    expect(reduce(state, { type: 'change', change: change(2, [], '2026-11-23T00:00:01Z') })).toBe(state);
    expect(reduce(state, { type: 'change', change: change(3, [], '2026-11-23T00:00:01Z') })).toBe(state);
    expect(reduce(state, { type: 'change', change: change(5, ['m5'], '2026-11-23T00:00:09Z') }).stale).toBe(true);
    expect(applyChange(state.view!, change(5, ['m4', 'm5'], '2026-11-23T00:00:09Z'))?.moves).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    // A change naming a cell the board lacks was made for another board.
    const elsewhere = { ...toLater, cells: [{ name: 'z9', words: 'z9', stack: [] }] };
    expect(reduce(state, { type: 'change', change: change(4, ['m4'], '2026-11-23T00:00:04Z', { board: elsewhere }) }).stale).toBe(true);
  });

  it("never lists a move twice when the mover's answer comes before the socket's change", () => {
    let state = reduce(initialState, { type: 'view', view: view(2, '2026-11-23T00:00:02Z') });
    state = reduce(state, { type: 'answered', view: view(3, '2026-11-23T00:00:03Z') });
    const answered = state;
    state = reduce(state, { type: 'change', change: change(3, ['m3'], '2026-11-23T00:00:03Z') });
    expect(state.view?.moves).toEqual(['m1', 'm2', 'm3']);
    expect(state.view?.ply).toBe(3);
    expect(state.stale).toBe(false);
    // The next change follows the answer's version.
    state = reduce(state, { type: 'change', change: change(4, ['m4'], '2026-11-23T00:00:04Z') });
    expect(state.view?.moves).toEqual(['m1', 'm2', 'm3', 'm4']);
    // A change of two moves, made from a version before the answer's, is
    // not applied to it: the view is fetched again.
    expect(reduce(answered, { type: 'change', change: change(4, ['m3', 'm4'], '2026-11-23T00:00:04Z') }).stale).toBe(true);
  });

  it('takes new moves again once the server has answered, even when the ply stays', () => {
    let state = reduce(initialState, { type: 'view', view: view(1, '2026-11-23T00:00:01Z') });
    state = reduce(state, { type: 'sending', move: 'e2-e3' });
    state = reduce(state, { type: 'answered', view: view(1, '2026-11-23T00:00:02Z') });
    expect(state.sending).toBeNull();
    expect(state.pick.targets.size).toBeGreaterThan(0);
  });

  it('steps through the history and back to live', () => {
    let state = reduce(initialState, { type: 'view', view: view(3, '2026-11-23T00:00:03Z') });
    const boards = [later.board, start.board, later.board];
    state = reduce(state, {
      type: 'history',
      history: { start: 'p0', start_board: start.board, plies: [1, 2, 3].map((n) => ({ record: `m${n}`, long: `l${n}`, position: `p${n}`, board: boards[n - 1] })) },
    });
    expect(shown(state)).toEqual({ board: state.view!.board, live: true });
    state = reduce(state, { type: 'step', to: 'back' });
    expect(shown(state)).toEqual({ board: start.board, live: false });
    state = reduce(state, { type: 'step', to: 'first' });
    expect(shown(state)).toEqual({ board: start.board, live: false });
    state = reduce(state, { type: 'step', to: 'back' });
    expect(state.cursor).toBe(0);
    state = reduce(state, { type: 'step', to: 'forward' });
    expect(shown(state).board).toBe(later.board);
    state = reduce(state, { type: 'step', to: 'live' });
    expect(state.cursor).toBeNull();
    state = reduce(state, { type: 'step', to: 2 });
    state = reduce(state, { type: 'step', to: 'forward' });
    expect(state.cursor).toBeNull();
  });
});
