// The server's own answers for positions of every game, and its rules
// pages, kept by a Rust test (crates/server/tests/server/fixtures.rs): the
// client's tests draw and click these, never boards typed by hand. Every
// file of the folder is read, so a new game's answers come with no change
// here.

import type { Catalog, GameView, PositionView, RulesPage } from '../api/types';

const files = import.meta.glob<unknown>('./fixtures/*.json', { eager: true, import: 'default' });

/** The kept answer named `name` (`<game>-start`, `rules-<game>`, `catalog`). */
function kept(name: string): unknown {
  return files[`./fixtures/${name}.json`];
}

const names = Object.keys(files).map((path) => path.replace(/^\.\/fixtures\//, '').replace(/\.json$/, ''));

/** Every kept position, by name (`<game>-start`: each game's start at least). */
export const FIXTURES: Record<string, PositionView> = Object.fromEntries(
  names.filter((n) => n !== 'catalog' && !n.startsWith('rules-')).map((n) => [n, kept(n) as PositionView]),
);

/** Every game's rules page, by the game's identifier. */
export const RULES_PAGES: Record<string, RulesPage> = Object.fromEntries(
  names.filter((n) => n.startsWith('rules-')).map((n) => [n.slice('rules-'.length), kept(n) as RulesPage]),
);

/** The server's catalog. */
export const CATALOG = kept('catalog') as Catalog;

/** A game view of a kept position, for tests of the page's parts. */
export function viewOf(name: string, extra: Partial<GameView> = {}): GameView {
  const position = FIXTURES[name];
  return {
    id: 'g1',
    version: (extra.ply ?? 0) + 1,
    game: position.game,
    variant: null,
    options: {},
    private: false,
    seats: [],
    you: [],
    to_move: position.to_move,
    ply: 0,
    position: position.position,
    board: position.board,
    moves: [],
    numbering: { per_number: 2, start_slot: 0 },
    last_move: null,
    status: position.status,
    legal: position.legal,
    deadline: null,
    created: '2026-11-23T00:00:00Z',
    updated: '2026-11-23T00:00:00Z',
    ...extra,
  };
}
