// A player's conditional moves in a game ("if they play X, I play Y, …"):
// `GET`, `PUT` and `DELETE /api/games/{id}/conditionals`. Only the
// player's own lines, and only to a player seated in the game.

import { call } from './client';

/** A player's lines: each a list of moves in the game's long form, starting with the move of the side to move. */
export interface ConditionalLines {
  lines: string[][];
}

const path = (id: string) => `/api/games/${encodeURIComponent(id)}/conditionals`;

/** `GET /api/games/{id}/conditionals`: the caller's lines (403 without a seat). */
export const getConditionals = (id: string) => call<ConditionalLines>('GET', path(id));

/**
 * `PUT /api/games/{id}/conditionals`: replaces the caller's lines with
 * `lines`, planned from the game at `ply` (409 if the game has moved on
 * since; 422 naming the line and move the server refuses). The answer
 * holds the lines as kept, each move in the game's long form.
 */
export const saveConditionals = (id: string, lines: string[][], ply: number) =>
  call<ConditionalLines>('PUT', path(id), { lines, ply });

/** `DELETE /api/games/{id}/conditionals`: the caller's lines are cleared. */
export const clearConditionals = (id: string) => call<ConditionalLines>('DELETE', path(id));
