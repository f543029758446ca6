// "Next game": after a move, the game that has waited longest for the
// player's move, from `GET /api/games?mine=true&to_move=me` (the server
// lists them the longest waiting first).

import type { GameSummary } from '../api/types';

/** The game to go to next and how many wait for the player in all (this one left out). */
export interface NextGame {
  /** The game that has waited longest. */
  id: string;
  /** How many games wait for the player's move, besides the one shown. */
  waiting: number;
}

/** The next game from the list of games waiting for the player, leaving out the one on screen; null when none waits. */
export function nextGame(waiting: Pick<GameSummary, 'id'>[], current: string): NextGame | null {
  const others = waiting.filter((g) => g.id !== current);
  const first = others[0];
  return first ? { id: first.id, waiting: others.length } : null;
}

/** Whether the page offers "next game": the viewer plays in this game and it does not wait for them (moved, or over). */
export function offersNextGame(view: { you: string[]; to_move: string[]; status: { state: string } }): boolean {
  if (view.you.length === 0) return false;
  if (view.status.state === 'open') return false;
  if (view.status.state !== 'ongoing') return true;
  return !view.to_move.some((seat) => view.you.includes(seat));
}

/** The words of the link: `Next game (3 waiting)`. */
export function nextGameText(next: NextGame): string {
  return `Next game (${next.waiting} waiting)`;
}

/** Whether a key press asks for the next game: `n`, outside a text field, without a modifier. */
export function isNextGameKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>, inField: boolean): boolean {
  return !inField && event.key === 'n' && !event.ctrlKey && !event.metaKey && !event.altKey;
}
