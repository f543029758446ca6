import { describe, expect, it } from 'vitest';
import { viewOf } from '../boards/fixtures';
import { reduce, initialState } from '../play/game-state';
import { offersToMake, offerWords } from './offers';

const ALL = ['takeback', 'draw', 'rematch'];

describe('offers', () => {
  it('offers what the game takes, when it may apply', () => {
    const ongoing = viewOf('sage-start', { you: ['b'], ply: 3 });
    expect(offersToMake(ongoing, ALL)).toEqual(['takeback', 'draw']);
    expect(offersToMake(ongoing, ['takeback', 'rematch']), 'no draw where the rules have none').toEqual(['takeback']);
    expect(offersToMake({ ...ongoing, ply: 0 }, ALL), 'nothing to take back').toEqual(['draw']);
    expect(offersToMake({ ...ongoing, you: [] }, ALL), 'a spectator offers nothing').toEqual([]);
    const mine = { ...ongoing, offers: [{ kind: 'draw', by: 'b', ply: 3 }] };
    expect(offersToMake(mine, ALL), 'offered already').toEqual(['takeback']);
    const over = { ...ongoing, status: { ...ongoing.status, state: 'over' } };
    expect(offersToMake(over, ALL)).toEqual(['rematch']);
    expect(offersToMake({ ...over, rematch: 'g2' }, ALL), 'made already').toEqual([]);
    const computer = { ...ongoing, seats: [{ seat: 'b', name: 'ann', kind: 'human' as const }, { seat: 'r', name: null, kind: 'computer' as const, level: 3 }] };
    expect(offersToMake(computer, ALL), 'the computer refuses every draw').toEqual(['takeback']);
    const person = { ...computer, seats: [computer.seats[0], { seat: 'r', name: 'bo', kind: 'human' as const }] };
    expect(offersToMake(person, ALL)).toEqual(['takeback', 'draw']);
  });

  it('words an offer for the one who receives it', () => {
    expect(offerWords({ kind: 'takeback' }, 'ann')).toBe('ann asks to take back their last move');
    expect(offerWords({ kind: 'rematch' }, 'bob')).toBe('bob offers a rematch');
  });

  it('takes a takeback view, whose ply is smaller but whose version is newer', () => {
    let state = reduce(initialState, { type: 'view', view: viewOf('agog-start', { ply: 4, version: 5 }) });
    state = reduce(state, { type: 'view', view: viewOf('agog-start', { ply: 2, version: 6 }) });
    expect(state.view?.ply).toBe(2);
    state = reduce(state, { type: 'view', view: viewOf('agog-start', { ply: 4, version: 5 }) });
    expect(state.view?.ply, 'an older version that arrives late').toBe(2);
  });
});
