// Conditional moves ("if they play X, I play Y, …") as a player plans
// them: the lines, each a list of moves in the game's long form starting
// with the move of the side to move now, and the same lines as a tree
// (lines that share their first moves share a branch). When it is the
// opponent's turn a line is [their move, my reply, their move, my reply,
// …]; when it is the player's own, it is [my next move, their answer, my
// reply, …], its first move only saying after which of the player's moves
// the rest applies. A line always ends with the player's own move, and no
// two lines answer the same move differently. Pure: nothing here draws or
// asks the server anything.

/** What of a game's view tells whether its viewer may plan moves in it. */
export interface PlanningGame {
  game: string;
  you: readonly string[];
  to_move: readonly string[];
  seats: readonly unknown[];
  status: { state: string };
  rounds?: unknown;
}

/**
 * Whether the viewer may plan conditional moves in a game: they hold a
 * seat of a turn-based game for two that is under way (never Single
 * Capture Go, whose plays are made a round at a time).
 */
export function mayPlan(view: PlanningGame): boolean {
  return view.game !== 'scg' && !view.rounds && view.seats.length === 2 && view.you.length > 0 && view.status.state === 'ongoing';
}

/** Whether it is the viewer's own move in a game. */
export function isMyTurn(view: Pick<PlanningGame, 'you' | 'to_move'>): boolean {
  return view.to_move.some((seat) => view.you.includes(seat));
}

/** The most lines a player may keep in a game. */
export const MAX_LINES = 30;
/** The most moves a line may have. */
export const MAX_MOVES = 30;

/** Whose move a ply of a line is: the planning player's, or their opponent's. */
export type Side = 'mine' | 'theirs';

/** Whose move the move at `index` (0: the first) of a line is, given whether it is the player's turn now. */
export function sideAt(index: number, myTurn: boolean): Side {
  return (index % 2 === 0) === myTurn ? 'mine' : 'theirs';
}

/** Whether `line` ends with the player's own move (an empty line does not). */
export function endsWithMine(line: readonly string[], myTurn: boolean): boolean {
  return line.length > 0 && sideAt(line.length - 1, myTurn) === 'mine';
}

/**
 * The fewest moves a line has: a move of theirs and the reply to it, after
 * the player's own next move when it is their turn.
 */
export function shortestLine(myTurn: boolean): number {
  return myTurn ? 3 : 2;
}

/** What is wrong with `line` on its own, in words, or null when nothing is. */
export function lineProblem(line: readonly string[], myTurn: boolean): string | null {
  if (line.length === 0) return 'The line has no moves yet.';
  if (line.length > MAX_MOVES) return `A line has at most ${MAX_MOVES} moves; this one has ${line.length}.`;
  if (!endsWithMine(line, myTurn)) return 'A line ends with your own move: enter your reply to their last move.';
  if (line.length < shortestLine(myTurn)) return 'A line needs a move of theirs and your reply to it.';
  return null;
}

/** One move of the tree of lines, with the moves that follow it. */
export interface PlanNode {
  move: string;
  side: Side;
  children: PlanNode[];
}

/** The lines as a tree: the first moves, each with what follows it in some line. */
export function toTree(lines: readonly (readonly string[])[], myTurn: boolean): PlanNode[] {
  const roots: PlanNode[] = [];
  for (const line of lines) {
    let level = roots;
    line.forEach((move, index) => {
      let node = level.find((n) => n.move === move);
      if (!node) {
        node = { move, side: sideAt(index, myTurn), children: [] };
        level.push(node);
      }
      level = node.children;
    });
  }
  return roots;
}

/** The lines of a tree: every way from a first move to a move with nothing after it. */
export function toLines(tree: readonly PlanNode[]): string[][] {
  const lines: string[][] = [];
  const walk = (nodes: readonly PlanNode[], path: string[]) => {
    for (const node of nodes) {
      const here = [...path, node.move];
      if (node.children.length === 0) lines.push(here);
      else walk(node.children, here);
    }
  };
  walk(tree, []);
  return lines;
}

function startsWith(line: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= line.length && prefix.every((move, i) => line[i] === move);
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && startsWith(a, b);
}

/**
 * The lines once each, in their order: a line equal to an earlier one, or
 * the beginning of another line (which plays it and goes on), is left out.
 */
export function dedupe(lines: readonly (readonly string[])[]): string[][] {
  const kept: string[][] = [];
  lines.forEach((line, i) => {
    const covered = lines.some((other, j) => (other.length > line.length ? startsWith(other, line) : j < i && same(other, line)));
    if (!covered) kept.push([...line]);
  });
  return kept;
}

/** Two lines that answer the same move of theirs with different replies. */
export interface Conflict {
  /** The moves up to and including the move of theirs answered twice. */
  after: string[];
  /** The two replies, the earlier line's first. */
  replies: [string, string];
  /** The two lines (their positions in the list, from 0). */
  lines: [number, number];
}

/** The first place where two lines answer the same move of theirs differently, or null. */
export function findConflict(lines: readonly (readonly string[])[], myTurn: boolean): Conflict | null {
  const answers = new Map<string, { reply: string; line: number }>();
  for (const [index, line] of lines.entries()) {
    for (let i = 0; i + 1 < line.length; i += 1) {
      if (sideAt(i, myTurn) !== 'theirs') continue;
      const after = line.slice(0, i + 1);
      const key = JSON.stringify(after);
      const held = answers.get(key);
      if (!held) answers.set(key, { reply: line[i + 1], line: index });
      else if (held.reply !== line[i + 1]) return { after, replies: [held.reply, line[i + 1]], lines: [held.line, index] };
    }
  }
  return null;
}

/** What adding a line came to: the lines after it, or why it was not added. */
export type Added = { ok: true; lines: string[][] } | { ok: false; problem: string };

/**
 * `lines` with `line` added: refused if the line is wrong on its own, is
 * planned already, answers a move of theirs otherwise than a line kept
 * does, or would make too many lines. A kept line that the new one plays
 * and goes on from is replaced by it.
 */
export function addLine(lines: readonly (readonly string[])[], line: readonly string[], myTurn: boolean): Added {
  const problem = lineProblem(line, myTurn);
  if (problem) return { ok: false, problem };
  if (lines.some((held) => startsWith(held, line))) return { ok: false, problem: 'This line is planned already.' };
  const next = dedupe([...lines, line]);
  const conflict = findConflict(next, myTurn);
  if (conflict) {
    const their = conflict.after[conflict.after.length - 1];
    return {
      ok: false,
      problem: `A line already answers ${their} with ${conflict.replies[0]}: a move has one answer. Delete that line first to answer it with ${conflict.replies[1]}.`,
    };
  }
  if (next.length > MAX_LINES) return { ok: false, problem: `At most ${MAX_LINES} lines may be planned in a game.` };
  return { ok: true, lines: next };
}

/** `lines` without `line`. */
export function deleteLine(lines: readonly (readonly string[])[], line: readonly string[]): string[][] {
  return lines.filter((held) => !same(held, line)).map((held) => [...held]);
}

/** `lines` without the branch that starts with `prefix`: every line that plays it. */
export function deleteBranch(lines: readonly (readonly string[])[], prefix: readonly string[]): string[][] {
  if (prefix.length === 0) return lines.map((held) => [...held]);
  return lines.filter((held) => !startsWith(held, prefix)).map((held) => [...held]);
}

/** Whether two lists of lines hold the same lines, in any order. */
export function sameLines(a: readonly (readonly string[])[], b: readonly (readonly string[])[]): boolean {
  const keys = (lines: readonly (readonly string[])[]) => lines.map((l) => JSON.stringify(l)).sort();
  const [x, y] = [keys(a), keys(b)];
  return x.length === y.length && x.every((key, i) => key === y[i]);
}

/**
 * One step of the plan as a list shows it: a move of the player's and the
 * move of theirs it answers (none for the player's own next move, when
 * it is their turn now), with the steps that follow it.
 */
export interface PlanStep {
  /** The move of theirs answered, or null for the player's own next move. */
  theirs: string | null;
  mine: string;
  /** The moves from the start of the line up to and including `mine`. */
  path: string[];
  /** How many lines go through this step. */
  lines: number;
  then: PlanStep[];
}

/** The lines as steps to list: each reply of the player's under the one before it. */
export function planSteps(lines: readonly (readonly string[])[], myTurn: boolean): PlanStep[] {
  const count = (node: PlanNode): number => (node.children.length === 0 ? 1 : node.children.reduce((n, c) => n + count(c), 0));
  const stepsFrom = (nodes: readonly PlanNode[], path: string[]): PlanStep[] =>
    nodes.flatMap((node): PlanStep[] => {
      if (node.side === 'mine') {
        const here = [...path, node.move];
        return [{ theirs: null, mine: node.move, path: here, lines: count(node), then: stepsFrom(node.children, here) }];
      }
      return node.children.map((reply) => {
        const here = [...path, node.move, reply.move];
        return { theirs: node.move, mine: reply.move, path: here, lines: count(reply), then: stepsFrom(reply.children, here) };
      });
    });
  return stepsFrom(toTree(lines, myTurn), []);
}

/** A line in words: "if they play a7-a6, you play d2-d4; then if they play …" ("after your d2-d4: if they play …" on the player's own turn). */
export function lineWords(line: readonly string[], myTurn: boolean): string {
  const first = myTurn ? 1 : 0;
  const parts: string[] = [];
  for (let i = first; i < line.length; i += 2) {
    const lead = i === first ? 'if' : 'then if';
    const reply = line[i + 1];
    parts.push(reply === undefined ? `${lead} they play ${line[i]}` : `${lead} they play ${line[i]}, you play ${reply}`);
  }
  const words = parts.join('; ');
  if (!myTurn || line.length === 0) return words;
  return words ? `after your ${line[0]}: ${words}` : `after your ${line[0]}`;
}
