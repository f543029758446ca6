import { describe, expect, it } from 'vitest';
import type { GameSummary } from '../api/types';
import { entryFor } from '../api/catalog';
import { CATALOG } from '../boards/fixtures';
import { myGamesInOrder, myTurn, summaryState, withPage } from './game-list';

function game(id: string, toMove: string[], updated: string, state: GameSummary['state'] = 'active'): GameSummary {
  return {
    id, game: 'sage', variant: null, state, ply: 3, updated, to_move: toMove, private: false,
    status: { state: state === 'finished' ? 'over' : state === 'open' ? 'open' : 'ongoing', winners: [], reason: null },
    seats: [
      { seat: 'b', name: 'ann', kind: 'human' },
      { seat: 'r', name: 'bo', kind: 'human' },
    ],
  };
}

describe('my games', () => {
  it('knows whose turn it is', () => {
    expect(myTurn(game('g', ['b'], 'x'), 'ann')).toBe(true);
    expect(myTurn(game('g', ['r'], 'x'), 'ann')).toBe(false);
    expect(myTurn(game('g', ['b'], 'x'), undefined)).toBe(false);
  });
  it('puts the games where it is my turn first, the longest waiting first, then the others by the latest change', () => {
    const active = [
      game('theirs-old', ['r'], '2026-11-20T00:00:00Z'),
      game('mine-old', ['b'], '2026-11-19T00:00:00Z'),
      game('theirs-new', ['r'], '2026-11-22T00:00:00Z'),
      game('mine-new', ['b'], '2026-11-21T00:00:00Z'),
    ];
    const order = myGamesInOrder(active, [game('open', [], '2026-11-23T00:00:00Z', 'open')], 'ann').map((g) => g.id);
    expect(order).toEqual(['mine-old', 'mine-new', 'theirs-new', 'theirs-old', 'open']);
  });
  it('grows a list of finished games by pages, never showing a game twice', () => {
    const over = (i: number) => game(`over-${i}`, [], `2026-11-0${9 - i}T00:00:00Z`, 'finished');
    const first = withPage([], [over(0), over(1)], 2);
    expect(first.games.map((g) => g.id)).toEqual(['over-0', 'over-1']);
    expect(first.more).toBe(true);
    const second = withPage(first.games, [over(1), over(2)], 2);
    expect(second.games.map((g) => g.id)).toEqual(['over-0', 'over-1', 'over-2']);
    const last = withPage(second.games, [over(3)], 2);
    expect(last.games.length).toBe(4);
    expect(last.more).toBe(false);
  });
});

describe('a bot looking at its games', () => {
  it('knows its turn', () => {
    const g = game('g', ['r'], 'x');
    g.seats[1] = { seat: 'r', name: 'bo', kind: 'bot' };
    expect(myTurn(g, 'bo')).toBe(true);
  });

  it('says how each game stands: who moves, who won and how', () => {
    const sage = entryFor(CATALOG, 'sage', null);
    expect(summaryState(game('g', ['r'], 'x'), 'ann', sage)).toBe('bo to move · move 4');
    expect(summaryState({ ...game('g', ['r'], 'x'), ply: 0 }, 'ann', sage), 'no "move 0"').toBe('bo to move');
    expect(summaryState(game('g', ['b'], 'x'), 'ann', sage)).toBe('your turn');
    expect(summaryState(game('g', [], 'x', 'open'), 'ann', sage)).toBe('waiting for players');
    const over = game('g', [], 'x', 'finished');
    expect(summaryState({ ...over, status: { state: 'over', winners: ['r'], reason: 'resignation' } }, 'ann', sage)).toBe('Red (bo) won by resignation');
    expect(summaryState({ ...over, status: { state: 'over', winners: [], reason: 'passes' } }, 'ann', sage)).toBe('a draw after two passes');
    expect(summaryState({ ...over, status: { state: 'aborted', winners: [], reason: 'aborted' } }, 'ann', sage)).toBe('called off');
  });
});
