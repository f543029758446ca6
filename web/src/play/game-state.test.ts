import { describe, expect, it } from 'vitest';
import type { GameView } from '../api/types';
import { initialState, isNewer, reduce, shown } from './game-state';

function view(ply: number, updated: string, extra: Partial<GameView> = {}): GameView {
  return {
    id: 'g1', game: 'agog', variant: null, options: {}, seats: [], you: ['w'], to_move: ['w'], ply,
    position: `p${ply}`, moves: Array.from({ length: ply }, (_, i) => `m${i + 1}`), last_move: ply ? `l${ply}` : null,
    status: { state: 'ongoing', winners: [], reason: null }, legal: ['e2-e3', 'e2-e4'], deadline: null,
    created: '2026-11-23T00:00:00Z', updated, ...extra,
  };
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

  it('lights the moves of a new view and clears a refusal once the game moves on', () => {
    let state = reduce(initialState, { type: 'view', view: view(0, '2026-11-23T00:00:00Z') });
    expect([...state.pick.targets]).toEqual(['e2']);
    state = reduce(state, { type: 'sending', move: 'e2-e3' });
    state = reduce(state, { type: 'refused', message: 'no' });
    expect(state.error).toBe('no');
    expect(state.sending).toBeNull();
    state = reduce(state, { type: 'view', view: view(1, '2026-11-23T00:00:01Z', { legal: undefined }) });
    expect(state.error).toBeNull();
    expect(state.pick.targets.size).toBe(0);
  });

  it('takes new moves again once the server has answered, even when the ply stays', () => {
    let state = reduce(initialState, { type: 'view', view: view(1, '2026-11-23T00:00:01Z') });
    state = reduce(state, { type: 'sending', move: 'e2-e3' });
    state = reduce(state, { type: 'answered', view: view(1, '2026-11-23T00:00:02Z') });
    expect(state.sending).toBeNull();
    expect([...state.pick.targets]).toEqual(['e2']);
  });

  it('steps through the history and back to live', () => {
    let state = reduce(initialState, { type: 'view', view: view(3, '2026-11-23T00:00:03Z') });
    state = reduce(state, {
      type: 'history',
      history: { start: 'p0', plies: [1, 2, 3].map((n) => ({ record: `m${n}`, long: `l${n}`, position: `p${n}` })) },
    });
    expect(shown(state)).toEqual({ position: 'p3', lastMove: 'l3', live: true });
    state = reduce(state, { type: 'step', to: 'back' });
    expect(shown(state)).toEqual({ position: 'p2', lastMove: 'l2', live: false });
    state = reduce(state, { type: 'step', to: 'first' });
    expect(shown(state)).toEqual({ position: 'p0', lastMove: null, live: false });
    state = reduce(state, { type: 'step', to: 'back' });
    expect(state.cursor).toBe(0);
    state = reduce(state, { type: 'step', to: 'forward' });
    expect(shown(state).position).toBe('p1');
    state = reduce(state, { type: 'step', to: 'live' });
    expect(state.cursor).toBeNull();
    state = reduce(state, { type: 'step', to: 2 });
    state = reduce(state, { type: 'step', to: 'forward' });
    expect(state.cursor).toBeNull();
  });
});
