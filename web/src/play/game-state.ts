// The game page's state and how each event changes it: views from the
// server (answers and the live socket, in any order), the history for
// stepping through the game, the move being picked, and errors.

import type { GameView, History } from '../api/types';
import { type Pick, pickAt } from './steps';

/** A game's history: the start and the position after each move. */
export type HistoryData = History;

/** Everything the game page draws from. */
export interface GameState {
  view: GameView | null;
  history: HistoryData | null;
  /** The ply shown while stepping through the game; null: live. */
  cursor: number | null;
  pick: Pick;
  /** A move sent and not yet answered. */
  sending: string | null;
  /** The server's explanation of the last refused move. */
  error: string | null;
}

/** What can happen on the game page. */
export type GameEvent =
  | { type: 'view'; view: GameView }
  | { type: 'answered'; view: GameView }
  | { type: 'history'; history: HistoryData }
  | { type: 'step'; to: 'first' | 'back' | 'forward' | 'live' | number }
  | { type: 'pick'; pick: Pick }
  | { type: 'sending'; move: string }
  | { type: 'refused'; message: string }
  | { type: 'dismiss' };

/** The state before anything is known. */
export const initialState: GameState = {
  view: null,
  history: null,
  cursor: null,
  pick: { path: [], targets: new Set(), complete: [] },
  sending: null,
  error: null,
};

/** Whether `next` is at least as new as `current` (views may arrive out of order). */
export function isNewer(current: GameView | null, next: GameView): boolean {
  if (!current || current.id !== next.id) return true;
  if (next.ply !== current.ply) return next.ply > current.ply;
  return Date.parse(next.updated) >= Date.parse(current.updated);
}

function freshPick(view: GameView | null): Pick {
  return pickAt(view?.game ?? 'agog', view?.legal ?? [], []);
}

/** The state after `event`. */
export function reduce(state: GameState, event: GameEvent): GameState {
  switch (event.type) {
    case 'view': {
      if (!isNewer(state.view, event.view)) return state;
      const moved = state.view?.ply !== event.view.ply || state.view?.id !== event.view.id;
      return {
        ...state,
        view: event.view,
        pick: moved || state.pick.path.length === 0 ? freshPick(event.view) : state.pick,
        sending: moved ? null : state.sending,
        error: moved ? null : state.error,
      };
    }
    case 'answered': {
      const next = reduce(state, { type: 'view', view: event.view });
      return { ...next, sending: null, pick: next.view === state.view ? freshPick(state.view) : next.pick };
    }
    case 'history':
      return { ...state, history: event.history };
    case 'step': {
      const last = state.view?.moves.length ?? 0;
      const now = state.cursor ?? last;
      let to: number;
      if (event.to === 'first') to = 0;
      else if (event.to === 'back') to = now - 1;
      else if (event.to === 'forward') to = now + 1;
      else if (event.to === 'live') to = last;
      else to = event.to;
      to = Math.max(0, Math.min(last, to));
      return { ...state, cursor: to === last ? null : to, pick: freshPick(state.view) };
    }
    case 'pick':
      return { ...state, pick: event.pick, error: null };
    case 'sending':
      return { ...state, sending: event.move, error: null };
    case 'refused':
      return { ...state, sending: null, error: event.message, pick: freshPick(state.view) };
    case 'dismiss':
      return { ...state, error: null };
  }
}

/** The position to draw and the long-form move that led to it. */
export function shown(state: GameState): { position: string; lastMove: string | null; live: boolean } {
  const view = state.view;
  if (!view) return { position: '', lastMove: null, live: true };
  if (state.cursor === null || !state.history) return { position: view.position, lastMove: view.last_move, live: true };
  const cursor = Math.min(state.cursor, state.history.plies.length);
  if (cursor === 0) return { position: state.history.start, lastMove: null, live: false };
  const ply = state.history.plies[cursor - 1];
  return { position: ply.position, lastMove: ply.long, live: false };
}
