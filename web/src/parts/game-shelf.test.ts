import { describe, expect, it } from 'vitest';
import { CATALOG } from '../boards/fixtures';
import { shelfGames } from './game-shelf';

describe('the home page games', () => {
  it('shows every game once, its other editions with it, and what each is', () => {
    const shelf = shelfGames(CATALOG.games);
    expect(shelf.map((s) => s.entry.game)).toEqual([...new Set(CATALOG.games.map((g) => g.game))]);
    const agog = shelf.find((s) => s.entry.game === 'agog')!;
    expect(agog.entry.variant).toBe('current');
    expect(agog.editions.map((e) => e.variant)).toEqual(['classic']);
    for (const { entry } of shelf) expect(entry.summary.length, entry.game).toBeGreaterThan(40);
  });
});
