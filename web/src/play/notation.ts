// The move list as the game's notation numbers it: by full turn for the
// turn-based games (`1. b6 c4 2. …`), one round a number for Single
// Capture Go.

import type { GameName } from '../api/types';

/** One move of the list and the ply it leads to. */
export interface MoveCell {
  /** The position after it: 1 for the first move. */
  ply: number;
  text: string;
}

/** One numbered line of the list. */
export interface MoveRow {
  number: number;
  /** The first player's move; null when the game began with the second's. */
  first: MoveCell | null;
  second: MoveCell | null;
}

/** Whether the game's first move is the second player's (its start position's side field). */
export function secondMovesFirst(game: GameName, start: string): boolean {
  const first = { agog: 'w', sage: 'b', ogama: 'o', scg: null }[game];
  return first !== null && start.split(' ')[1] !== first;
}

/** The numbered rows of `moves` (record texts), as the record writes them. */
export function moveRows(game: GameName, moves: readonly string[], secondFirst: boolean): MoveRow[] {
  if (game === 'scg') {
    return moves.map((text, i) => ({ number: i + 1, first: { ply: i + 1, text: text.split(',').join(', ') }, second: null }));
  }
  const rows: MoveRow[] = [];
  const offset = secondFirst ? 1 : 0;
  moves.forEach((text, i) => {
    const slot = i + offset;
    const cell = { ply: i + 1, text };
    if (slot % 2 === 0) rows.push({ number: slot / 2 + 1, first: cell, second: null });
    else if (rows.length === 0) rows.push({ number: 1, first: null, second: cell });
    else rows[rows.length - 1].second = cell;
  });
  return rows;
}

/** A seat's name as players call it. */
export function seatName(game: GameName, seat: string): string {
  const names: Record<string, Record<string, string>> = {
    agog: { w: 'White', b: 'Black' },
    sage: { b: 'Black', r: 'Red' },
    ogama: { o: 'Orange', b: 'Blue' },
  };
  return names[game]?.[seat] ?? seat;
}

/** The game's name as its rule text writes it. */
export function gameTitle(game: GameName): string {
  return { agog: 'A•G•O•G', sage: 'Sage Tafl', ogama: 'Ogama', scg: 'Single Capture Go' }[game];
}

/** A time left, in words short enough for a clock: `2d 4h`, `3h 05m`, `4m 09s`. */
export function timeLeft(ms: number): string {
  if (ms <= 0) return '0s';
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${two(m)}m`;
  return `${m}m ${two(sec)}s`;
}
