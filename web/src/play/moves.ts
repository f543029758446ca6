// The move list as the game numbers it: the server says how many moves
// share a number and where the first falls (`1. b6 c4 2. …`; one round a
// number for a game of rounds).

import type { MoveNumbering } from '../api/types';

/** One move of the list and the ply it leads to. */
export interface MoveCell {
  /** The position after it: 1 for the first move. */
  ply: number;
  text: string;
}

/** One numbered line of the list: its moves in slot order, null for a slot before the game's first move. */
export interface MoveRow {
  number: number;
  cells: (MoveCell | null)[];
}

/** The numbered rows of `moves` (record texts). */
export function moveRows(moves: readonly string[], numbering: MoveNumbering): MoveRow[] {
  const per = Math.max(1, numbering.per_number);
  const offset = Math.min(numbering.start_slot, per - 1);
  const rows: MoveRow[] = [];
  moves.forEach((text, i) => {
    const slot = i + offset;
    const number = Math.floor(slot / per) + 1;
    if (rows.length === 0 || rows[rows.length - 1].number !== number) {
      rows.push({ number, cells: Array.from({ length: slot % per }, () => null) });
    }
    rows[rows.length - 1].cells.push({ ply: i + 1, text: text.split(',').join(', ') });
  });
  return rows;
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
