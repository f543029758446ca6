// The server's own answers for positions of every game, kept by a Rust
// test (crates/server/tests/server/fixtures.rs): the client's tests draw and
// click these, never boards typed by hand.

import type { Catalog, GameView, PositionView } from '../api/types';
import agogChoice from './fixtures/agog-choice.json';
import agogClassicMoves from './fixtures/agog-classic-moves.json';
import agogStart from './fixtures/agog-start.json';
import catalog from './fixtures/catalog.json';
import ogamaStart from './fixtures/ogama-start.json';
import sageStart from './fixtures/sage-start.json';
import scgRound from './fixtures/scg-round.json';

/** Every kept position, by name. */
export const FIXTURES: Record<string, PositionView> = {
  'agog-choice': agogChoice as PositionView,
  'agog-classic-moves': agogClassicMoves as PositionView,
  'agog-start': agogStart as PositionView,
  'ogama-start': ogamaStart as PositionView,
  'sage-start': sageStart as PositionView,
  'scg-round': scgRound as PositionView,
};

/** The server's catalog. */
export const CATALOG = catalog as Catalog;

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
