import { describe, expect, it } from 'vitest';
import { FIXTURES } from './fixtures';
import { kindsOn, zonesOn } from './Legend';

describe('the legend', () => {
  it('names the kinds of piece on the board and its zones, in the order first seen', () => {
    expect(kindsOn(FIXTURES['agog-start'].board).map((p) => p.kind)).toEqual(['golem', 'journeyman']);
    expect(zonesOn(FIXTURES['agog-start'].board)).toEqual(['sanctum']);
    expect(kindsOn(FIXTURES['sage-start'].board).map((p) => p.kind).sort()).toEqual(['apprentice', 'sage', 'skyship']);
    expect(zonesOn(FIXTURES['sage-start'].board)).toEqual(['bank', 'river']);
    expect(kindsOn(FIXTURES['ogama-start'].board).map((p) => p.kind)).toEqual(['disc', 'toad']);
  });
});

describe('piece art', () => {
  it('draws a game\'s pieces all by their art or all plainly, never half and half', async () => {
    const { hasArt } = await import('../art');
    const { CATALOG } = await import('./fixtures');
    for (const game of CATALOG.games) {
      const drawn = new Set(game.pieces.map((piece) => hasArt(piece.kind)));
      expect(drawn.size, `${game.game}: ${game.pieces.map((p) => `${p.kind} ${hasArt(p.kind)}`)}`).toBe(1);
    }
    // Most of the catalog's games have art of their own; a kind without is drawn plainly.
    const withArt = CATALOG.games.filter((game) => game.pieces.every((piece) => hasArt(piece.kind)));
    expect(withArt.length).toBeGreaterThan(CATALOG.games.length / 2);
    expect(hasArt('dragon')).toBe(false);
  });
});
