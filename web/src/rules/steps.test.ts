import { describe, expect, it } from 'vitest';
import { CATALOG, RULES_PAGES } from '../boards/fixtures';
import { routeOf } from '../router';
import { shownIn } from './shown';
import { caption, expectedPosition, keyStep, positionRequest, refusalsAt, stepTo } from './steps';

// The rules pages as the server serves them (kept by its fixtures test).
const RULES = RULES_PAGES;
const all = Object.values(RULES).flatMap((page) => page.examples);

describe('stepping through an example', () => {
  it('stays between the start and the last move', () => {
    expect(stepTo(0, 3, 'back')).toBe(0);
    expect(stepTo(0, 3, 'forward')).toBe(1);
    expect(stepTo(3, 3, 'forward')).toBe(3);
    expect(stepTo(2, 3, 'first')).toBe(0);
    expect(stepTo(1, 3, 'last')).toBe(3);
    expect(stepTo(0, 3, 2)).toBe(2);
    expect(stepTo(0, 3, 9)).toBe(3);
    expect(stepTo(2, 3, -1)).toBe(0);
  });
  it('reads the arrows, Home and End, and nothing else', () => {
    expect(keyStep('ArrowRight')).toBe('forward');
    expect(keyStep('ArrowLeft')).toBe('back');
    expect(keyStep('Home')).toBe('first');
    expect(keyStep('End')).toBe('last');
    expect(keyStep('Enter')).toBeNull();
  });
  it('asks the server for the start and the moves played so far', () => {
    const example = all.find((e) => e.id === 'sage-river')!;
    expect(positionRequest(example, 0)).toEqual({ game: 'sage', variant: null, position: example.start, moves: [] });
    expect(positionRequest(example, 2).moves).toEqual(['c2-c4', 'f8-f7']);
    expect(expectedPosition(example, 0)).toBe(example.start);
    expect(expectedPosition(example, 5)).toBe(example.moves[4].after);
    expect(caption(example, 0)).toBe('The start.');
    expect(caption(example, 1)).toMatch(/^1\. c2-c4: /);
  });
  it('shows a refused move in the position it is refused in', () => {
    const example = all.find((e) => e.id === 'scg-round')!;
    expect(refusalsAt(example, 0)).toEqual([]);
    expect(refusalsAt(example, 1).map((r) => r.move)).toEqual(['A:d4']);
    for (const e of all) for (const r of e.refused ?? []) expect(r.at, e.id).toBeLessThanOrEqual(e.moves.length);
  });
});

describe('the rules pages and their examples', () => {
  const referenced = new Map<string, string[]>();
  for (const rules of Object.values(RULES)) {
    for (const section of rules.sections) {
      for (const block of section.blocks) {
        if (block.example) referenced.set(block.example, [...(referenced.get(block.example) ?? []), rules.game]);
      }
    }
  }
  it('has a page for every game of the catalog, and no other', () => {
    expect(Object.keys(RULES).sort()).toEqual([...new Set(CATALOG.games.map((g) => g.game))].sort());
    for (const [game, page] of Object.entries(RULES)) expect(page.game).toBe(game);
  });
  it('shows every example of a page on its own game\'s page, once', () => {
    for (const example of all) expect(referenced.get(example.id), example.id).toEqual([example.game]);
    for (const id of referenced.keys()) expect(all.some((e) => e.id === id), id).toBe(true);
  });
  it('shows an edition\'s examples on that edition\'s page only', () => {
    for (const rules of Object.values(RULES)) {
      for (const section of rules.sections) {
        for (const block of section.blocks) {
          if (!block.example) continue;
          const example = all.find((e) => e.id === block.example)!;
          if (example.variant && block.only) expect(block.only, example.id).toBe(example.variant);
          if (example.variant && !block.only) expect(section.id, example.id).toBe('editions');
        }
      }
    }
  });
  it('has a page at every rules path the server\'s catalog names, for its game and edition', () => {
    for (const entry of CATALOG.games) {
      const route = routeOf(entry.rules);
      expect(route.page, entry.rules).toBe('rules');
      if (route.page !== 'rules') continue;
      expect(route.game).toBe(entry.game);
      expect(RULES[route.game], entry.rules).toBeTruthy();
      if (route.variant) expect(route.variant).toBe(entry.variant);
      const examples = all.filter((e) => e.game === entry.game && (e.variant ?? null) === (entry.variant ?? null));
      expect(examples.length, `${entry.rules}: examples of its own`).toBeGreaterThan(0);
    }
  });
  it('gives every section an anchor of its own', () => {
    for (const rules of Object.values(RULES)) {
      const ids = rules.sections.map((s) => s.id);
      expect(new Set(ids).size, rules.game).toBe(ids.length);
    }
    expect(shownIn({ only: 'classic' }, 'current')).toBe(false);
    expect(shownIn({}, undefined)).toBe(true);
  });
});
