import { describe, expect, it } from 'vitest';
import { CATALOG } from '../boards/fixtures';
import { share, tallyRows } from './tallies';

describe("a player's table", () => {
  it('names each game from the catalog, sorts by name and adds the totals', () => {
    const rows = tallyRows(CATALOG, {
      sage: { played: 4, won: 3, lost: 1, drawn: 0 },
      agog: { played: 2, won: 0, lost: 2, drawn: 0 },
    });
    expect(rows.map((r) => [r.game, r.played, r.won, r.lost, r.drawn, r.share])).toEqual([
      ['agog', 2, 0, 2, 0, '0 %'],
      ['sage', 4, 3, 1, 0, '75 %'],
      ['all', 6, 3, 3, 0, '50 %'],
    ]);
    expect(rows[0].name).toBe('A•G•O•G');
    expect(rows[1].name).toBe('Sage Tafl');
  });
  it('has no totals for one game, no rows for none, and the game id without a catalog', () => {
    expect(tallyRows(null, { ogama: { played: 1, won: 0, lost: 0, drawn: 1 } })).toEqual([
      { game: 'ogama', name: 'ogama', played: 1, won: 0, lost: 0, drawn: 1, share: '0 %' },
    ]);
    expect(tallyRows(CATALOG, {})).toEqual([]);
  });
  it('gives a share only of games played', () => {
    expect(share(0, 0)).toBe('—');
    expect(share(1, 3)).toBe('33 %');
  });
});
