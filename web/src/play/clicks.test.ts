import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../boards/fixtures';
import { buttonMoves, choiceWords, click, idleClick, pickAt } from './clicks';

describe('moves as clicks', () => {
  it('lights the first places of every move, then the places that go on', () => {
    const legal = FIXTURES['agog-start'].legal;
    const start = pickAt(legal, []);
    expect(start.targets).toEqual(new Set(legal.map((m) => m.steps[0])));
    const from = legal[0].steps[0];
    const after = click(legal, start, from);
    expect(after.kind).toBe('pick');
    if (after.kind !== 'pick') return;
    expect(after.pick.targets).toEqual(new Set(legal.filter((m) => m.steps[0] === from).map((m) => m.steps[1])));
  });

  it('makes a move once its clicks single it out, for every legal move of every game', () => {
    for (const [name, position] of Object.entries(FIXTURES)) {
      for (const entry of position.legal) {
        if (entry.steps.length === 0) continue;
        let pick = pickAt(position.legal, []);
        let made: string | null = null;
        for (const place of entry.steps) {
          const result = click(position.legal, pick, place);
          if (result.kind === 'move') made = result.move;
          else pick = result.pick;
        }
        if (made === null) {
          // Several moves end here: the choice tells them apart.
          expect(pick.complete.map((e) => e.move), name).toContain(entry.move);
          const words = pick.complete.map(choiceWords);
          expect(new Set(words).size, `${name}: ${words}`).toBe(words.length);
        } else {
          expect(made, name).toBe(entry.move);
        }
      }
    }
  });

  it('offers a choice where moves share their clicks', () => {
    const legal = FIXTURES['agog-choice'].legal;
    const shared = legal.find((m) => m.choice)!;
    let pick = pickAt(legal, []);
    for (const place of shared.steps) {
      const result = click(legal, pick, place);
      expect(result.kind).toBe('pick');
      if (result.kind === 'pick') pick = result.pick;
    }
    expect(pick.complete.length).toBeGreaterThan(1);
    expect(pick.complete.map(choiceWords)).toContain(shared.choice);
  });

  it('starts over on a place that leads nowhere, and from a place that starts a move', () => {
    const legal = FIXTURES['sage-start'].legal;
    const first = legal[0];
    const picked = click(legal, pickAt(legal, []), first.steps[0]);
    if (picked.kind !== 'pick') throw new Error('a pick');
    const nowhere = click(legal, picked.pick, 'no-such-place');
    expect(nowhere).toEqual({ kind: 'pick', pick: pickAt(legal, []) });
    const again = click(legal, picked.pick, first.steps[0]);
    expect(again).toEqual({ kind: 'pick', pick: pickAt(legal, []) });
  });

  it('offers moves without clicks as buttons', () => {
    expect(buttonMoves(FIXTURES['agog-start'].legal)).toEqual([]);
    expect(buttonMoves([{ move: 'pass', steps: [] }, ...FIXTURES['sage-start'].legal]).map((m) => m.move)).toEqual(['pass']);
  });

  it('says why a click did nothing, and nothing when it did something', () => {
    const legal = [{ move: 'e2-e3', steps: ['e2', 'e3'] }];
    const none = pickAt(legal, []);
    expect(idleClick('a1', none, click(legal, none, 'a1'), true)).toContain('No move of yours starts at a1');
    expect(idleClick('e2', none, click(legal, none, 'e2'), true)).toBeNull();
    const started = pickAt(legal, ['e2']);
    expect(idleClick('e2', started, click(legal, started, 'e2'), true), 'dropping the place clicked').toBeNull();
    expect(idleClick('e3', started, click(legal, started, 'e3'), true)).toBeNull();
    expect(idleClick('a1', none, click([], none, 'a1'), false)).toContain('not your move');
  });
});
