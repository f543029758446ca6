import { describe, expect, it } from 'vitest';
import {
  MAX_LINES,
  MAX_MOVES,
  addLine,
  dedupe,
  deleteBranch,
  deleteLine,
  endsWithMine,
  findConflict,
  isMyTurn,
  lineProblem,
  lineWords,
  mayPlan,
  planSteps,
  sameLines,
  sideAt,
  toLines,
  toTree,
} from './conditionals';

// A move is any text here: the logic compares moves and never reads one.
const THEIR_TURN = false;
const MY_TURN = true;

describe('who may plan', () => {
  const game = { game: 'sage', you: ['r'], to_move: ['b'], seats: [{}, {}], status: { state: 'ongoing' } };

  it('is a seated player of a turn-based game under way', () => {
    expect(mayPlan(game)).toBe(true);
    expect(mayPlan({ ...game, to_move: ['r'] }), 'on their own turn too').toBe(true);
  });

  it('is nobody watching, nobody in a game over or not begun, and nobody in Single Capture Go', () => {
    expect(mayPlan({ ...game, you: [] })).toBe(false);
    expect(mayPlan({ ...game, status: { state: 'over' } })).toBe(false);
    expect(mayPlan({ ...game, status: { state: 'open' } })).toBe(false);
    expect(mayPlan({ ...game, status: { state: 'aborted' } })).toBe(false);
    expect(mayPlan({ ...game, game: 'scg' })).toBe(false);
    expect(mayPlan({ ...game, rounds: { round: 1 } }), 'a game of rounds').toBe(false);
    expect(mayPlan({ ...game, seats: [{}, {}, {}] })).toBe(false);
  });

  it('knows whose turn it is', () => {
    expect(isMyTurn(game)).toBe(false);
    expect(isMyTurn({ you: ['r'], to_move: ['r'] })).toBe(true);
    expect(isMyTurn({ you: ['r'], to_move: [] })).toBe(false);
  });
});

describe('whose move each ply of a line is', () => {
  it('starts with theirs on their turn, and with mine on my own', () => {
    expect([0, 1, 2, 3].map((i) => sideAt(i, THEIR_TURN))).toEqual(['theirs', 'mine', 'theirs', 'mine']);
    expect([0, 1, 2, 3].map((i) => sideAt(i, MY_TURN))).toEqual(['mine', 'theirs', 'mine', 'theirs']);
  });

  it('ends a line with my move: even on their turn, odd on mine', () => {
    expect(endsWithMine(['a2-a4', 'h7-h5'], THEIR_TURN)).toBe(true);
    expect(endsWithMine(['a2-a4'], THEIR_TURN)).toBe(false);
    expect(endsWithMine(['a2-a4', 'h7-h5', 'c2-c3'], MY_TURN)).toBe(true);
    expect(endsWithMine(['a2-a4', 'h7-h5'], MY_TURN)).toBe(false);
    expect(endsWithMine([], THEIR_TURN)).toBe(false);
    expect(endsWithMine([], MY_TURN)).toBe(false);
  });
});

describe('a line on its own', () => {
  it('is refused empty, unanswered, without a reply, or too long', () => {
    expect(lineProblem([], THEIR_TURN)).toMatch(/no moves/);
    expect(lineProblem(['a2-a4'], THEIR_TURN)).toMatch(/ends with your own move/);
    expect(lineProblem(['a2-a4', 'h7-h5', 'c2-c3'], THEIR_TURN)).toMatch(/ends with your own move/);
    expect(lineProblem(['c2-c3'], MY_TURN), 'my next move alone answers nothing').toMatch(/your reply/);
    const long = Array.from({ length: MAX_MOVES + 2 }, (_, i) => `m${i}`);
    expect(lineProblem(long, THEIR_TURN)).toMatch(/at most 30 moves; this one has 32/);
  });

  it('is taken with a reply, up to the longest', () => {
    expect(lineProblem(['a2-a4', 'h7-h5'], THEIR_TURN)).toBeNull();
    expect(lineProblem(['c2-c3', 'h7-h5', 'a2-a4'], MY_TURN)).toBeNull();
    expect(lineProblem(Array.from({ length: MAX_MOVES }, (_, i) => `m${i}`), THEIR_TURN)).toBeNull();
    expect(lineProblem(Array.from({ length: MAX_MOVES - 1 }, (_, i) => `m${i}`), MY_TURN)).toBeNull();
  });
});

describe('lines and the tree', () => {
  const lines = [
    ['a', 'b', 'c', 'd'],
    ['a', 'b', 'e', 'f'],
    ['g', 'h'],
  ];

  it('shares the moves lines begin with', () => {
    const tree = toTree(lines, THEIR_TURN);
    expect(tree.map((n) => [n.move, n.side])).toEqual([
      ['a', 'theirs'],
      ['g', 'theirs'],
    ]);
    expect(tree[0].children.map((n) => [n.move, n.side])).toEqual([['b', 'mine']]);
    expect(tree[0].children[0].children.map((n) => n.move)).toEqual(['c', 'e']);
    expect(tree[1].children[0].children).toEqual([]);
  });

  it('gives the same lines back, in their order', () => {
    expect(toLines(toTree(lines, THEIR_TURN))).toEqual(lines);
    expect(toLines([])).toEqual([]);
  });

  it('keeps of a line that another goes on from only the longer one', () => {
    expect(toLines(toTree([['a', 'b'], ['a', 'b', 'c', 'd']], THEIR_TURN))).toEqual([['a', 'b', 'c', 'd']]);
  });

  it('lists each reply under the move it answers, and my own next move alone', () => {
    const steps = planSteps(lines, THEIR_TURN);
    expect(steps.map((s) => [s.theirs, s.mine, s.lines])).toEqual([
      ['a', 'b', 2],
      ['g', 'h', 1],
    ]);
    expect(steps[0].then.map((s) => [s.theirs, s.mine, s.path])).toEqual([
      ['c', 'd', ['a', 'b', 'c', 'd']],
      ['e', 'f', ['a', 'b', 'e', 'f']],
    ]);
    const mine = planSteps([['x', 'a', 'b'], ['x', 'c', 'd'], ['y', 'a', 'b']], MY_TURN);
    expect(mine.map((s) => [s.theirs, s.mine, s.lines])).toEqual([
      [null, 'x', 2],
      [null, 'y', 1],
    ]);
    expect(mine[0].then.map((s) => [s.theirs, s.mine])).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});

describe('dedupe', () => {
  it('drops a repeated line and a line another goes on from, keeping the order', () => {
    expect(dedupe([['a', 'b'], ['c', 'd'], ['a', 'b'], ['c', 'd', 'e', 'f']])).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e', 'f'],
    ]);
    expect(dedupe([['a', 'b'], ['a', 'c']]), 'lines that part are both kept').toEqual([
      ['a', 'b'],
      ['a', 'c'],
    ]);
  });
});

describe('two lines answering one move', () => {
  it('is found where their move is answered otherwise, and only there', () => {
    expect(findConflict([['a', 'b'], ['a', 'c']], THEIR_TURN)).toEqual({ after: ['a'], replies: ['b', 'c'], lines: [0, 1] });
    expect(findConflict([['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'e']], THEIR_TURN)).toMatchObject({ after: ['a', 'b', 'c'], replies: ['d', 'e'] });
    expect(findConflict([['a', 'b', 'c', 'd'], ['a', 'b', 'e', 'f']], THEIR_TURN), 'different moves of theirs').toBeNull();
    expect(findConflict([['a', 'b'], ['x', 'b']], THEIR_TURN)).toBeNull();
  });

  it('is no conflict at my own next move: each of my moves has lines of its own', () => {
    expect(findConflict([['x', 'a', 'b'], ['y', 'a', 'c']], MY_TURN)).toBeNull();
    expect(findConflict([['x', 'a', 'b'], ['x', 'a', 'c']], MY_TURN)).toMatchObject({ after: ['x', 'a'], replies: ['b', 'c'] });
  });
});

describe('adding a line', () => {
  it('adds a new line, and replaces one it goes on from', () => {
    const one = addLine([], ['a', 'b'], THEIR_TURN);
    expect(one).toEqual({ ok: true, lines: [['a', 'b']] });
    const two = addLine([['a', 'b']], ['a', 'b', 'c', 'd'], THEIR_TURN);
    expect(two).toEqual({ ok: true, lines: [['a', 'b', 'c', 'd']] });
    const three = addLine([['a', 'b', 'c', 'd']], ['e', 'f'], THEIR_TURN);
    expect(three).toEqual({ ok: true, lines: [['a', 'b', 'c', 'd'], ['e', 'f']] });
  });

  it('refuses a line planned already, or one a longer line plays', () => {
    expect(addLine([['a', 'b', 'c', 'd']], ['a', 'b', 'c', 'd'], THEIR_TURN)).toEqual({ ok: false, problem: 'This line is planned already.' });
    expect(addLine([['a', 'b', 'c', 'd']], ['a', 'b'], THEIR_TURN)).toEqual({ ok: false, problem: 'This line is planned already.' });
  });

  it('refuses a second answer to a move, naming both', () => {
    const added = addLine([['a', 'b']], ['a', 'c'], THEIR_TURN);
    expect(added.ok).toBe(false);
    if (!added.ok) expect(added.problem).toBe('A line already answers a with b: a move has one answer. Delete that line first to answer it with c.');
  });

  it('refuses a line that is wrong on its own', () => {
    expect(addLine([], ['a'], THEIR_TURN)).toMatchObject({ ok: false });
    expect(addLine([], ['x', 'a'], MY_TURN)).toMatchObject({ ok: false });
  });

  it('takes at most 30 lines', () => {
    let lines: string[][] = [];
    for (let i = 0; i < MAX_LINES; i += 1) {
      const added = addLine(lines, [`t${i}`, `r${i}`], THEIR_TURN);
      expect(added.ok).toBe(true);
      if (added.ok) lines = added.lines;
    }
    expect(lines.length).toBe(30);
    expect(addLine(lines, ['t30', 'r30'], THEIR_TURN)).toEqual({ ok: false, problem: 'At most 30 lines may be planned in a game.' });
    // A line that replaces one it goes on from still fits.
    expect(addLine(lines, ['t0', 'r0', 'u', 'v'], THEIR_TURN)).toMatchObject({ ok: true });
  });
});

describe('deleting', () => {
  const lines = [
    ['a', 'b', 'c', 'd'],
    ['a', 'b', 'e', 'f'],
    ['g', 'h'],
  ];

  it('deletes one line and nothing else', () => {
    expect(deleteLine(lines, ['a', 'b', 'e', 'f'])).toEqual([
      ['a', 'b', 'c', 'd'],
      ['g', 'h'],
    ]);
    expect(deleteLine(lines, ['a', 'b']), 'not a line: nothing goes').toEqual(lines);
  });

  it('deletes a branch: every line through it', () => {
    expect(deleteBranch(lines, ['a', 'b'])).toEqual([['g', 'h']]);
    expect(deleteBranch(lines, ['a', 'b', 'c'])).toEqual([
      ['a', 'b', 'e', 'f'],
      ['g', 'h'],
    ]);
    expect(deleteBranch(lines, ['z'])).toEqual(lines);
    expect(deleteBranch(lines, []), 'no branch named: nothing goes').toEqual(lines);
  });

  it('leaves the lines given as they were', () => {
    const held = lines.map((l) => [...l]);
    deleteBranch(lines, ['a']);
    deleteLine(lines, ['g', 'h']);
    expect(lines).toEqual(held);
  });
});

describe('in words and compared', () => {
  it('says a line as the player reads it', () => {
    expect(lineWords(['a2-a4', 'h7-h5', 'c2-c3', 'h5-h4'], THEIR_TURN)).toBe('if they play a2-a4, you play h7-h5; then if they play c2-c3, you play h5-h4');
    expect(lineWords(['c2-c3', 'h7-h5', 'a2-a4'], MY_TURN)).toBe('after your c2-c3: if they play h7-h5, you play a2-a4');
    expect(lineWords(['c2-c3'], MY_TURN)).toBe('after your c2-c3');
    expect(lineWords(['a2-a4'], THEIR_TURN)).toBe('if they play a2-a4');
  });

  it('compares lines in any order', () => {
    expect(sameLines([['a', 'b'], ['c', 'd']], [['c', 'd'], ['a', 'b']])).toBe(true);
    expect(sameLines([['a', 'b']], [['a', 'b'], ['a', 'b']])).toBe(false);
    expect(sameLines([['a', 'b']], [['a', 'c']])).toBe(false);
    expect(sameLines([], [])).toBe(true);
  });
});
