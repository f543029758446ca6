// A move as the squares one clicks to make it. Moves come from the view's
// `legal` list in the canonical long form (see the notation
// specification); the board names off-board targets `T`, `W` and `E`.

import type { GameName } from '../api/types';

/**
 * The squares (and off-board targets) clicked, in order, to make `move`;
 * empty for a move made with a button (`pass`).
 */
export function stepsOf(game: GameName, move: string): string[] {
  const text = move.trim();
  if (text === 'pass' || text === '') return [];
  switch (game) {
    case 'agog': {
      // `a1xa3+c3`, `e2-e3`, `a3-a1 h1=H`
      const [path, promotion] = text.split(' ');
      const squares = path.split(/[-x+]/).filter((s) => s !== '');
      if (promotion) squares.push(promotion.replace(/=.*$/, ''));
      return squares;
    }
    case 'sage':
      // `c2-c4`, `T-d2`, `c5-W`
      return text.split('-');
    case 'ogama':
      // `T@c3` (the toad in hand, then its square), `Tc3-d4`, `c3-d5`
      if (text.startsWith('T@')) return ['T', text.slice(2)];
      return text.replace(/^T/, '').split('-');
    case 'scg': {
      // a play `e7`, or `B:e7`, or a round `A:c3,B:c3`
      return text.split(',').map((play) => play.replace(/^[A-Z]:/, ''));
    }
  }
}

/** What a move being built can become after the squares clicked so far. */
export interface Pick {
  /** The squares clicked so far. */
  path: string[];
  /** The squares that may be clicked next. */
  targets: Set<string>;
  /** The legal moves that end exactly here (several when a choice remains). */
  complete: string[];
}

function startsWith(steps: string[], path: readonly string[]): boolean {
  return path.length <= steps.length && path.every((square, i) => steps[i] === square);
}

/** The pick after the squares `path` were clicked, among `legal`. */
export function pickAt(game: GameName, legal: readonly string[], path: readonly string[]): Pick {
  const targets = new Set<string>();
  const complete: string[] = [];
  for (const move of legal) {
    const steps = stepsOf(game, move);
    if (steps.length === 0 || !startsWith(steps, path)) continue;
    if (steps.length === path.length) complete.push(move);
    else targets.add(steps[path.length]);
  }
  return { path: [...path], targets, complete };
}

/** What clicking a square does to a move being built. */
export type ClickResult =
  | { kind: 'pick'; pick: Pick }
  | { kind: 'move'; move: string };

/**
 * Clicking `square` with `pick` under way: a move when exactly one legal
 * move ends there and none goes on; else the pick with the square added
 * (the board lights the next squares, the page offers the moves that end
 * here as buttons). Clicking the last square again, or a square that
 * leads nowhere, starts over (from that square if a move starts there).
 */
export function click(game: GameName, legal: readonly string[], pick: Pick, square: string): ClickResult {
  const last = pick.path[pick.path.length - 1];
  if (pick.path.length > 0 && square === last) {
    return { kind: 'pick', pick: pickAt(game, legal, []) };
  }
  if (!pick.targets.has(square)) {
    const fresh = pickAt(game, legal, []);
    if (pick.path.length > 0 && fresh.targets.has(square)) return click(game, legal, fresh, square);
    return { kind: 'pick', pick: fresh };
  }
  const next = pickAt(game, legal, [...pick.path, square]);
  if (next.targets.size === 0 && next.complete.length === 1) {
    return { kind: 'move', move: next.complete[0] };
  }
  return { kind: 'pick', pick: next };
}

/** A few words on what a move among several ending on the same square does. */
export function describeChoice(game: GameName, move: string): string {
  if (game === 'agog') {
    const [path, promotion] = move.split(' ');
    if (promotion) return `${move}: the golem on ${promotion.slice(0, 2)} becomes a hulk`;
    const jumps = [...path.matchAll(/([x+])([a-h][1-8])/g)].map(
      ([, how, square]) => `${how === 'x' ? 'capture' : 'corrupt'} to ${square}`,
    );
    if (jumps.length > 0) return `${move}: ${jumps.join(', ')}`;
    return `${move}: the unit leaves the board`;
  }
  if (game === 'ogama') return move.startsWith('T') ? `${move}: the toad` : `${move}: the discs`;
  return move;
}
