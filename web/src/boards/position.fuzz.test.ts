// Any text given as a position either reads or is refused with an Error
// that says why: never a crash of another kind, never a board of the
// wrong size. Random strings near the real forms, from a fixed seed.

import { describe, expect, it } from 'vitest';
import { parseAgog, parseOgama, parseSage, parseScg } from './position';

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** `valid` with one to three characters changed, dropped or doubled. */
function mutate(next: () => number, valid: string, alphabet: string): string {
  let t = valid;
  for (let k = 0, n = 1 + Math.floor(next() * 3); k < n; k += 1) {
    const at = Math.floor(next() * t.length);
    const ch = alphabet[Math.floor(next() * alphabet.length)];
    const how = Math.floor(next() * 3);
    t = how === 0 ? t.slice(0, at) + ch + t.slice(at + 1) : how === 1 ? t.slice(0, at) + t.slice(at + 1) : t.slice(0, at) + t[at] + t.slice(at);
  }
  return t;
}

function text(next: () => number, alphabet: string, length: number): string {
  return Array.from({ length: Math.floor(next() * length) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
}

const cases = [
  { name: 'agog', sample: '2gggggj/3ggggg/G3gggg/GG3ggg/GGG3gg/GGGG3g/GGGGG3/JGGGGG2 w 0 0', alphabet: 'jghcdJGHCD12345678/ wb0', parse: (t: string) => parseAgog(t, 'classic'), check: (p: ReturnType<typeof parseAgog>) => p.board.length === 8 && p.board.every((r) => r.length === 8) },
  { name: 'sage', sample: '2aaaa2/k1aaaa1k/8/8/8/8/8/K1AAAA1K/2AAAA2 b Ss 0-0', alphabet: 'sakSAK12345678/ br-Ss0', parse: parseSage, check: (p: ReturnType<typeof parseSage>) => p.board.length === 9 && p.board.every((r) => r.length === 8) },
  { name: 'ogama', sample: 'o,b,ob*,.,b/b,o,o,b,o/o,b,b,o,b/b,o,o,b,o/o,b,.,b,o* o', alphabet: 'ob*.,/ ', parse: parseOgama, check: (p: ReturnType<typeof parseOgama>) => p.board.length === 5 && p.board.every((r) => r.length === 5) },
  { name: 'scg', sample: '....../....../..A.../....@./....../...... ABC', alphabet: '.@ABC/ -', parse: parseScg, check: (p: ReturnType<typeof parseScg>) => p.grid.length === p.size && p.grid.every((r) => r.length === p.size) },
] as const;

describe('positions from random text', () => {
  for (const { name, sample, alphabet, parse, check } of cases) {
    it(`${name}: reads or refuses with a reason, 20,000 strings`, () => {
      const next = random(name.length * 7919);
      let read = 0;
      for (let i = 0; i < 20_000; i += 1) {
        const t = i % 2 === 0 ? text(next, alphabet, 90) : mutate(next, sample, alphabet);
        try {
          const p = parse(t) as never;
          expect(check(p), t).toBe(true);
          read += 1;
        } catch (e) {
          expect(e, t).toBeInstanceOf(Error);
          expect((e as Error).constructor, t).toBe(Error);
          expect((e as Error).message.length, t).toBeGreaterThan(5);
        }
      }
      expect(read, 'some mutated positions still read').toBeGreaterThan(100);
    });
  }

  it('reads every small valid grid it is given', () => {
    const next = random(42);
    for (let i = 0; i < 2000; i += 1) {
      const n = 2 + Math.floor(next() * 11);
      const rows = Array.from({ length: n }, () => text(next, '.@AB', 1000).padEnd(n, '.').slice(0, n));
      const p = parseScg(`${rows.join('/')} AB`);
      expect(p.size).toBe(n);
      expect(p.grid.map((r) => r.join('')).join('/')).toBe(rows.join('/'));
    }
  });
});
