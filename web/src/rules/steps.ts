// Stepping through a rules example: which position is shown, where a step
// or a key leads, and what to ask the server for to draw it.

import type { PositionRequest, RulesExample } from '../api/types';

/** One example of a rules page, as the server's rules page gives it: a start position and moves, each with the position after it; the cells lit on the start (`lit`); the moves the rules refuse after `at` moves (`refused`). */
export type Example = RulesExample;

/** A step: to the start, one back, one on, to the end, or to the position after move n (0: the start). */
export type Step = 'first' | 'back' | 'forward' | 'last' | number;

/** The position shown after `step` from `at`, in an example of `count` moves. */
export function stepTo(at: number, count: number, step: Step): number {
  const to = step === 'first' ? 0 : step === 'back' ? at - 1 : step === 'forward' ? at + 1 : step === 'last' ? count : step;
  return Math.max(0, Math.min(count, Math.trunc(to)));
}

/** The step a key asks for, if any: the arrows, Home and End. */
export function keyStep(key: string): Step | null {
  return ({ ArrowLeft: 'back', ArrowRight: 'forward', Home: 'first', End: 'last' } as Record<string, Step>)[key] ?? null;
}

/** What `POST /api/positions` is asked to draw the position after `at` moves. */
export function positionRequest(example: Example, at: number): PositionRequest {
  return {
    game: example.game,
    variant: example.variant ?? null,
    position: example.start,
    moves: example.moves.slice(0, at).map((m) => m.move),
  };
}

/** The position string expected after `at` moves. */
export function expectedPosition(example: Example, at: number): string {
  return at === 0 ? example.start : example.moves[at - 1].after;
}

/** What is said of the position after `at` moves: its move and note, or the start. */
export function caption(example: Example, at: number): string {
  if (at === 0) return 'The start.';
  const { move, note } = example.moves[at - 1];
  return note ? `${at}. ${move}: ${note}.` : `${at}. ${move}.`;
}

/** The moves shown refused in the position after `at` moves. */
export function refusalsAt(example: Example, at: number): { move: string; rule: string }[] {
  return (example.refused ?? []).filter((r) => r.at === at);
}
