// Which form the move list writes its moves in: the long form (the one a
// move is typed in: `a5-a6`) or the game's record form, where it has one
// of its own (a scorekeeping notation: `3b4`). One form for the whole list, the
// player's choice, kept in this browser.

import type { History } from '../api/types';

/** A form the move list can write. */
export type MoveForm = 'long' | 'record';

/** The key under which this browser keeps the form chosen. */
export const MOVE_FORM_KEY = 'arbiter.move-form';

/** The form this browser chose (the long form unless the record form was chosen). */
export function readMoveForm(): MoveForm {
  try {
    return localStorage.getItem(MOVE_FORM_KEY) === 'record' ? 'record' : 'long';
  } catch {
    return 'long';
  }
}

/** Keeps `form` as this browser's choice. */
export function saveMoveForm(form: MoveForm): void {
  try {
    localStorage.setItem(MOVE_FORM_KEY, form);
  } catch {
    /* a browser that keeps nothing: the choice holds for this page */
  }
}

/** Whether the game's record writes any of its moves otherwise than the long form. */
export function formsDiffer(history: History | null): boolean {
  return !!history && history.plies.some((p) => p.record !== p.long);
}

/**
 * The moves to list in `form`: the view's moves are the long form; the
 * record form comes from the history, while it holds every move (until it
 * does, the long form, never some of each).
 */
export function listedMoves(moves: readonly string[], history: History | null, form: MoveForm): string[] {
  if (form === 'record' && history && history.plies.length === moves.length) return history.plies.map((p) => p.record);
  if (history && history.plies.length === moves.length) return history.plies.map((p) => p.long);
  return [...moves];
}
