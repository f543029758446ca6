import { describe, expect, it } from 'vitest';
import { isNextGameKey, nextGame, nextGameText, offersNextGame } from './next-game';

describe('next game', () => {
  it('goes to the game that has waited longest, leaving out the one on screen', () => {
    expect(nextGame([{ id: 'a' }, { id: 'b' }, { id: 'c' }], 'x')).toEqual({ id: 'a', waiting: 3 });
    expect(nextGame([{ id: 'a' }, { id: 'b' }], 'a')).toEqual({ id: 'b', waiting: 1 });
    expect(nextGame([{ id: 'a' }], 'a')).toBeNull();
    expect(nextGame([], 'a')).toBeNull();
  });

  it('is offered to a player once the game no longer waits for them', () => {
    const ongoing = { state: 'ongoing' } as const;
    expect(offersNextGame({ you: ['w'], to_move: ['b'], status: ongoing })).toBe(true);
    expect(offersNextGame({ you: ['w'], to_move: ['w'], status: ongoing })).toBe(false);
    expect(offersNextGame({ you: [], to_move: ['b'], status: ongoing }), 'a spectator').toBe(false);
    expect(offersNextGame({ you: ['A'], to_move: ['A', 'B'], status: ongoing }), 'a round awaiting my play').toBe(false);
    expect(offersNextGame({ you: ['A'], to_move: ['B'], status: ongoing }), 'my play is in').toBe(true);
    expect(offersNextGame({ you: ['w'], to_move: [], status: { state: 'over' } })).toBe(true);
    expect(offersNextGame({ you: ['w'], to_move: [], status: { state: 'open' } })).toBe(false);
  });

  it('says how many wait, and takes n outside a field as its key', () => {
    expect(nextGameText({ id: 'a', waiting: 3 })).toBe('Next game (3 waiting)');
    const key = (k: string, extra = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...extra });
    expect(isNextGameKey(key('n'), false)).toBe(true);
    expect(isNextGameKey(key('n'), true)).toBe(false);
    expect(isNextGameKey(key('n', { ctrlKey: true }), false)).toBe(false);
    expect(isNextGameKey(key('N'), false)).toBe(false);
  });
});
