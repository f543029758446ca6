// A player's finished games as the rows of their page's table: one a game,
// by the game's name, with the share won, and a row for all games.

import { gameName } from '../api/catalog';
import type { Catalog, PlayerTally } from '../api/types';

/** One row of a player's table. */
export interface TallyRow {
  /** The game's identifier, or `all` for the totals. */
  game: string;
  /** The game's name for people. */
  name: string;
  played: number;
  won: number;
  lost: number;
  drawn: number;
  /** The share of games played that were won, in whole per cent (`—` for none played). */
  share: string;
}

/** The share `won` of `played` in whole per cent. */
export function share(won: number, played: number): string {
  return played > 0 ? `${Math.round((100 * won) / played)} %` : '—';
}

/** The rows of `games` (a player's page's `games`), by name, then the totals if there are two games or more. */
export function tallyRows(catalog: Catalog | null, games: Record<string, PlayerTally>): TallyRow[] {
  const rows: TallyRow[] = Object.entries(games)
    .map(([game, t]) => ({ game, name: gameName(catalog, game), ...t, share: share(t.won, t.played) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (rows.length < 2) return rows;
  const sum = (key: 'played' | 'won' | 'lost' | 'drawn') => rows.reduce((total, row) => total + row[key], 0);
  const [played, won, lost, drawn] = [sum('played'), sum('won'), sum('lost'), sum('drawn')];
  return [...rows, { game: 'all', name: 'All games', played, won, lost, drawn, share: share(won, played) }];
}
