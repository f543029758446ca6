// The game page's state and how each event changes it: the view from the
// server (answers and the live socket, in any order), the small changes
// the socket sends after it (what changed on the board, applied to the
// board held), the history for stepping through the game
// (fetched once, then extended by each change), the move being picked,
// and errors.

import type { BoardModel, ChangeMessage, GameView, History } from '../api/types';
import { applyBoardChange } from './board-change';
import { type Pick, pickAt } from './clicks';

/** Everything the game page draws from. */
export interface GameState {
  view: GameView | null;
  /** Every position of the game so far, to step through: the start's board and each move's. */
  history: History | null;
  /** The ply shown while stepping through the game; null: live. */
  cursor: number | null;
  pick: Pick;
  /** A move sent and not yet answered. */
  sending: string | null;
  /** The code of the rule the last refused move breaks, when the rules refused it. */
  errorRule: string | null;
  /** The server's explanation of the last refused move. */
  error: string | null;
  /** A change came that does not follow the view held: the view must be fetched again. */
  stale: boolean;
}

/** What can happen on the game page. */
export type GameEvent =
  | { type: 'view'; view: GameView }
  | { type: 'change'; change: ChangeMessage }
  | { type: 'answered'; view: GameView }
  | { type: 'history'; history: History }
  | { type: 'step'; to: 'first' | 'back' | 'forward' | 'live' | number }
  | { type: 'pick'; pick: Pick }
  | { type: 'sending'; move: string }
  | { type: 'refused'; message: string; rule?: string | null }
  | { type: 'dismiss' };

/** The state before anything is known. */
export const initialState: GameState = {
  view: null,
  history: null,
  cursor: null,
  pick: { path: [], targets: new Set(), complete: [] },
  sending: null,
  error: null,
  errorRule: null,
  stale: false,
};

/** Whether `next` is at least as new as `current` (views may arrive out of order). */
export function isNewer(current: GameView | null, next: Pick2<GameView, 'id' | 'ply' | 'updated'> & { version?: number }): boolean {
  if (!current || current.id !== next.id) return true;
  // The version grows with every change, a takeback's too (its ply shrinks).
  if (next.version !== undefined && current.version !== undefined && next.version !== current.version) {
    return next.version > current.version;
  }
  if (next.ply !== current.ply) return next.ply > current.ply;
  return Date.parse(next.updated) >= Date.parse(current.updated);
}

type Pick2<T, K extends keyof T> = { [P in K]: T[P] };

function freshPick(view: GameView | null): Pick {
  return pickAt(view?.legal ?? [], []);
}

/**
 * The view after `change`, or null when the change does not follow it: a
 * change is made from one version (`from`) and applies to a view of that
 * version only (a view of another missed a message, or came by another
 * road, and is fetched again).
 */
export function applyChange(view: GameView, change: ChangeMessage): GameView | null {
  if (change.from !== view.version) return null;
  const board = applyBoardChange(view.board, change.board);
  if (!board) return null;
  const rounds = change.rounds
    ? {
        round: change.rounds.round,
        plays_in: change.rounds.plays_in,
        my_play: change.rounds.my_play ?? null,
        announcements: [...(view.rounds?.announcements ?? []), ...change.rounds.announcements_added],
      }
    : view.rounds;
  return {
    ...view,
    ply: change.ply,
    version: change.version,
    position: change.position,
    moves: [...view.moves, ...change.moves_added],
    board,
    to_move: change.to_move,
    status: change.status,
    deadline: change.deadline ?? null,
    legal: change.legal ?? undefined,
    rounds,
    updated: change.updated,
  };
}

/**
 * The history after `added` moves (long form; `records`: as the record
 * writes them, where that differs), the last of which led to `board`;
 * null when it cannot be extended (several moves came at once).
 */
function extend(history: History | null, added: readonly string[], records: readonly string[] | null | undefined, board: BoardModel): History | null {
  if (!history || added.length === 0) return history;
  if (added.length > 1) return null;
  const record = records?.[0] ?? added[0];
  return { ...history, plies: [...history.plies, { record, long: added[0], position: '', board }] };
}

/** The state after `event`. */
export function reduce(state: GameState, event: GameEvent): GameState {
  switch (event.type) {
    case 'view': {
      if (!isNewer(state.view, event.view)) return state;
      // A move, another game, or the game ending (a resignation moves nothing) makes a refusal stale.
      const moved = state.view?.ply !== event.view.ply || state.view?.id !== event.view.id || state.view?.status.state !== event.view.status.state;
      const history = state.history && state.history.plies.length === event.view.moves.length ? state.history : null;
      return {
        ...state,
        view: event.view,
        history: state.view?.id === event.view.id ? history : null,
        pick: moved || state.pick.path.length === 0 ? freshPick(event.view) : state.pick,
        sending: moved ? null : state.sending,
        error: moved ? null : state.error,
        stale: false,
      };
    }
    case 'change': {
      const view = state.view;
      if (!view) return state;
      // A change the view already holds (the mover's own answer can come
      // first) is ignored.
      if (event.change.version <= view.version) return state;
      const next = applyChange(view, event.change);
      if (!next) return { ...state, stale: true };
      const moved = next.ply !== view.ply || next.status.state !== view.status.state;
      return {
        ...state,
        view: next,
        history: extend(state.history, next.moves.slice(view.moves.length), event.change.records_added, next.board),
        pick: moved || state.pick.path.length === 0 ? freshPick(next) : state.pick,
        sending: moved ? null : state.sending,
        error: moved ? null : state.error,
      };
    }
    case 'answered': {
      const next = reduce(state, { type: 'view', view: event.view });
      return { ...next, sending: null, pick: next.view === state.view ? freshPick(state.view) : next.pick };
    }
    case 'history':
      return state.view && event.history.plies.length !== state.view.moves.length ? state : { ...state, history: event.history };
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
      return { ...state, sending: null, error: event.message, errorRule: event.rule ?? null, pick: freshPick(state.view) };
    case 'dismiss':
      return { ...state, error: null };
  }
}

/** The board to draw: the game now, or the position stepped to. */
export function shown(state: GameState): { board: BoardModel | null; live: boolean } {
  const view = state.view;
  if (!view) return { board: null, live: true };
  if (state.cursor === null || !state.history) return { board: view.board, live: true };
  const cursor = Math.min(state.cursor, state.history.plies.length);
  if (cursor === 0) return { board: state.history.start_board, live: false };
  return { board: state.history.plies[cursor - 1].board, live: false };
}
