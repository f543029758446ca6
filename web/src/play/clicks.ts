// A move as the cells and spots one clicks to make it: the server lists
// each legal move with its steps (and, where several share them, the
// choice that tells them apart). Nothing here reads a move's text.

import type { LegalMove } from '../api/types';

/** What a move being built can become after the places clicked so far. */
export interface Pick {
  /** The places clicked so far. */
  path: string[];
  /** The places that may be clicked next. */
  targets: Set<string>;
  /** The legal moves that end exactly here (several when a choice remains). */
  complete: LegalMove[];
}

function startsWith(steps: readonly string[], path: readonly string[]): boolean {
  return path.length <= steps.length && path.every((place, i) => steps[i] === place);
}

/** The pick after the places `path` were clicked, among `legal`. */
export function pickAt(legal: readonly LegalMove[], path: readonly string[]): Pick {
  const targets = new Set<string>();
  const complete: LegalMove[] = [];
  for (const entry of legal) {
    if (entry.steps.length === 0 || !startsWith(entry.steps, path)) continue;
    if (entry.steps.length === path.length) complete.push(entry);
    else targets.add(entry.steps[path.length]);
  }
  return { path: [...path], targets, complete };
}

/** What clicking a place does to a move being built. */
export type ClickResult = { kind: 'pick'; pick: Pick } | { kind: 'move'; move: string };

/**
 * Clicking `place` with `pick` under way: a move when exactly one legal
 * move ends there and none goes on; else the pick with the place added
 * (the board lights the next places, the page offers the moves that end
 * here as buttons named by their choice). Clicking the last place again,
 * or a place that leads nowhere, starts over (from that place if a move
 * starts there).
 */
export function click(legal: readonly LegalMove[], pick: Pick, place: string): ClickResult {
  const last = pick.path[pick.path.length - 1];
  if (pick.path.length > 0 && place === last) return { kind: 'pick', pick: pickAt(legal, []) };
  if (!pick.targets.has(place)) {
    const fresh = pickAt(legal, []);
    if (pick.path.length > 0 && fresh.targets.has(place)) return click(legal, fresh, place);
    return { kind: 'pick', pick: fresh };
  }
  const next = pickAt(legal, [...pick.path, place]);
  if (next.targets.size === 0 && next.complete.length === 1) return { kind: 'move', move: next.complete[0].move };
  return { kind: 'pick', pick: next };
}

/** The words on the button of a move among several ending at the same place. */
export function choiceWords(entry: LegalMove): string {
  return entry.choice ?? `finish here (${entry.move})`;
}

/** The moves made without clicking the board (`pass`): offered as buttons. */
export function buttonMoves(legal: readonly LegalMove[]): LegalMove[] {
  return legal.filter((m) => m.steps.length === 0);
}

/**
 * What to say when a click on `place` did nothing: no move was under way
 * and none starts there (the board lights the places where one does), or
 * it is not the player's move. Null when the click did something.
 */
export function idleClick(place: string, before: Pick, result: ClickResult, myMove: boolean): string | null {
  if (!myMove) return 'It is not your move: the board can be played once it is.';
  if (result.kind === 'move' || before.path.length > 0 || result.pick.path.length > 0) return null;
  return `No move of yours starts at ${place}: the lit places are those where one does.`;
}
