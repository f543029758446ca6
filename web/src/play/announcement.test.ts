import { describe, expect, it } from 'vitest';
import { rowCells, setOut } from './announcement';

// The referee's words for a round, as `arbiter referee` mails them
// (crates/cli/tests/data/referee-format-1-open.close.txt).
const ROUND = `Single Capture Go: results of round 2
Closed Sun 29 Nov 2026, 10:00 UTC.

Plays:
  A (Alice)       no valid play
  C (Carol)       b2   placed
  D (Computer 1)  a3   placed
Also received, not counted:
  C (Carol)       b9   refused: not a square of the 7×7 grid

Doomed:
  A (Alice): made no valid play; its letter becomes @

The grid after round 2:
     1  2  3
 a   .  .  D
 b   .  C  D

Remaining: C (Carol) and D (Computer 1).
Round 3 begins now. Send your play by Wed 2 Dec 2026, 10:00 UTC.
`;

describe("a referee's announcement set out", () => {
  it('gives the title, the sentences, each list as rows and the grid as drawn', () => {
    const set = setOut(ROUND);
    expect(set.title).toBe('Single Capture Go: results of round 2');
    expect(set.parts).toEqual([
      { kind: 'sentence', text: 'Closed Sun 29 Nov 2026, 10:00 UTC.' },
      {
        kind: 'rows',
        heading: 'Plays',
        rows: [
          ['A (Alice)', 'no valid play'],
          ['C (Carol)', 'b2 placed'],
          ['D (Computer 1)', 'a3 placed'],
        ],
      },
      {
        kind: 'rows',
        heading: 'Also received, not counted',
        rows: [['C (Carol)', 'b9 refused: not a square of the 7×7 grid']],
      },
      { kind: 'rows', heading: 'Doomed', rows: [['A (Alice)', 'made no valid play; its letter becomes @']] },
      { kind: 'picture', heading: 'The grid after round 2', lines: ['     1  2  3', ' a   .  .  D', ' b   .  C  D'] },
      { kind: 'sentence', text: 'Remaining: C (Carol) and D (Computer 1).' },
      { kind: 'sentence', text: 'Round 3 begins now. Send your play by Wed 2 Dec 2026, 10:00 UTC.' },
    ]);
  });

  it('keeps every word of the text, whatever its layout', () => {
    const words = (s: string) => s.split(/\s+/).filter(Boolean);
    const set = setOut(ROUND);
    const shown = [
      set.title,
      ...set.parts.flatMap((p) =>
        p.kind === 'sentence' ? [p.text] : p.kind === 'rows' ? [`${p.heading}:`, ...p.rows.flat()] : [`${p.heading}:`, ...p.lines],
      ),
    ].join(' ');
    expect(words(shown).map((w) => w.replace(/:$/, ''))).toEqual(words(ROUND).map((w) => w.replace(/:$/, '')));
  });

  it('reads a lone row, a heading with nothing under it, and no text at all', () => {
    expect(setOut('T\n\nDoomed:\n  nobody\n').parts).toEqual([{ kind: 'rows', heading: 'Doomed', rows: [['nobody']] }]);
    expect(setOut('T\nLeft the game:\n\nEnd.').parts).toEqual([
      { kind: 'sentence', text: 'Left the game:' },
      { kind: 'sentence', text: 'End.' },
    ]);
    expect(setOut('')).toEqual({ title: '', parts: [] });
    expect(setOut('\r\n  \r\nOnly a title\r\n')).toEqual({ title: 'Only a title', parts: [] });
  });

  it('splits a row at its column gap, else at its colon, else keeps it whole', () => {
    expect(rowCells('  B (Bo)  c3 collided with A (Al): c3 holds @')).toEqual(['B (Bo)', 'c3 collided with A (Al): c3 holds @']);
    expect(rowCells('  B (Bo): made no valid play')).toEqual(['B (Bo)', 'made no valid play']);
    expect(rowCells('  nobody')).toEqual(['nobody']);
  });
});
