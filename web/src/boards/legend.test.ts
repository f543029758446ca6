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
  it('has art for every kind the catalog lists, and draws any other kind plainly', async () => {
    const { hasArt } = await import('../art');
    const { CATALOG } = await import('./fixtures');
    for (const game of CATALOG.games) for (const piece of game.pieces) expect(hasArt(piece.kind), piece.kind).toBe(true);
    expect(hasArt('dragon')).toBe(false);
  });
});
