// Position strings (the notation specification's "Positions") as typed
// values, for drawing. A malformed string throws an Error that names
// what is wrong; the board shows it instead of a wrong picture.

/** A•G•O•G's units. */
export type AgogKind = 'journeyman' | 'golem' | 'hulk' | 'corrupted-hulk' | 'corrupted-golem';
/** A unit on an A•G•O•G square. */
export interface AgogUnit {
  owner: 'w' | 'b';
  kind: AgogKind;
}
/** An A•G•O•G position: `board[rank - 1][file]`. */
export interface AgogPosition {
  board: (AgogUnit | null)[][];
  side: 'w' | 'b';
  pools: { w: number; b: number };
}

/** Sage Tafl's pieces. */
export type SageKind = 'sage' | 'apprentice' | 'skyship';
/** A piece on a Sage Tafl square. */
export interface SagePiece {
  owner: 'b' | 'r';
  kind: SageKind;
}
/** A Sage Tafl position: `board[rank - 1][file]`, 9 ranks of 8 files. */
export interface SagePosition {
  board: (SagePiece | null)[][];
  side: 'b' | 'r';
  /** Whether each Sage is in her tower. */
  inTower: { b: boolean; r: boolean };
  scores: { b: number; r: number };
}

/** An Ogama square: its discs from the bottom up, and whether a toad stands on it. */
export interface OgamaStack {
  discs: ('o' | 'b')[];
  toad: boolean;
}
/** An Ogama position: `board[rank - 1][file]`, 5 × 5. */
export interface OgamaPosition {
  board: OgamaStack[][];
  side: 'o' | 'b';
  /** The colours whose toad is on the board. */
  toadsOn: { o: boolean; b: boolean };
}

/** A Single Capture Go cell: empty, `@`, or a player's letter. */
export type ScgCell = '.' | '@' | string;
/** A Single Capture Go grid: `grid[row][column]`, row a first. */
export interface ScgPosition {
  size: number;
  grid: ScgCell[][];
  /** The letters still in, in seat order. */
  players: string[];
}

function fields(text: string, count: number, what: string): string[] {
  const parts = text.trim().split(' ');
  if (parts.length !== count) throw new Error(`${what}: expected ${count} fields separated by spaces, found ${parts.length}`);
  return parts;
}

/** Reads one rank of `width` squares written with digits for empty runs. */
function rankOf<T>(text: string, width: number, rankName: string, piece: (ch: string) => T | undefined): (T | null)[] {
  const squares: (T | null)[] = [];
  for (const ch of text) {
    if (ch >= '1' && ch <= '9') {
      for (let i = 0; i < Number(ch); i += 1) squares.push(null);
    } else {
      const p = piece(ch);
      if (p === undefined) throw new Error(`rank ${rankName}: '${ch}' is not a piece`);
      squares.push(p);
    }
  }
  if (squares.length !== width) throw new Error(`rank ${rankName}: ${squares.length} squares, not ${width}`);
  return squares;
}

/** An A•G•O•G position string (`classic`: `C` is a corrupted golem and `D` a corrupted hulk). */
export function parseAgog(text: string, variant: string | null): AgogPosition {
  const [board, side, w, b] = fields(text, 4, 'A•G•O•G position');
  const ranks = board.split('/');
  if (ranks.length !== 8) throw new Error(`A•G•O•G position: 8 ranks, found ${ranks.length}`);
  const classic = variant === 'classic';
  const kinds: Record<string, AgogKind> = classic
    ? { j: 'journeyman', g: 'golem', h: 'hulk', c: 'corrupted-golem', d: 'corrupted-hulk' }
    : { j: 'journeyman', g: 'golem', h: 'hulk', c: 'corrupted-hulk' };
  const rows = ranks.map((r, i) =>
    rankOf<AgogUnit>(r, 8, String(8 - i), (ch) => {
      const kind = kinds[ch.toLowerCase()];
      return kind && { owner: ch === ch.toUpperCase() ? 'w' : 'b', kind };
    }),
  );
  if (side !== 'w' && side !== 'b') throw new Error(`A•G•O•G position: side '${side}' is not w or b`);
  if (!/^\d+$/.test(w) || !/^\d+$/.test(b)) throw new Error(`A•G•O•G position: pools '${w}' '${b}' are not whole numbers`);
  return { board: rows.reverse(), side, pools: { w: Number(w), b: Number(b) } };
}

/** A Sage Tafl position string. */
export function parseSage(text: string): SagePosition {
  const [board, side, towers, scores] = fields(text, 4, 'Sage Tafl position');
  const ranks = board.split('/');
  if (ranks.length !== 9) throw new Error(`Sage Tafl position: 9 ranks, found ${ranks.length}`);
  const kinds: Record<string, SageKind> = { s: 'sage', a: 'apprentice', k: 'skyship' };
  const rows = ranks.map((r, i) =>
    rankOf<SagePiece>(r, 8, String(9 - i), (ch) => {
      const kind = kinds[ch.toLowerCase()];
      return kind && { owner: ch === ch.toUpperCase() ? 'b' : 'r', kind };
    }),
  );
  if (side !== 'b' && side !== 'r') throw new Error(`Sage Tafl position: side '${side}' is not b or r`);
  if (!/^[S-][s-]$/.test(towers)) throw new Error(`Sage Tafl position: towers '${towers}' are not two of S/s/-`);
  const score = /^(\d+)-(\d+)$/.exec(scores);
  if (!score) throw new Error(`Sage Tafl position: scores '${scores}' are not <black>-<red>`);
  return {
    board: rows.reverse(),
    side,
    inTower: { b: towers[0] === 'S', r: towers[1] === 's' },
    scores: { b: Number(score[1]), r: Number(score[2]) },
  };
}

/** An Ogama position string. */
export function parseOgama(text: string): OgamaPosition {
  const [board, side] = fields(text, 2, 'Ogama position');
  const ranks = board.split('/');
  if (ranks.length !== 5) throw new Error(`Ogama position: 5 ranks, found ${ranks.length}`);
  const toadsOn = { o: false, b: false };
  const rows = ranks.map((r, i) => {
    const squares = r.split(',');
    if (squares.length !== 5) throw new Error(`Ogama rank ${5 - i}: 5 squares, found ${squares.length}`);
    return squares.map((sq): OgamaStack => {
      if (sq === '.') return { discs: [], toad: false };
      const m = /^([ob]+)(\*?)$/.exec(sq);
      if (!m) throw new Error(`Ogama rank ${5 - i}: '${sq}' is not a stack`);
      const discs = [...m[1]] as ('o' | 'b')[];
      const toad = m[2] === '*';
      if (toad) toadsOn[discs[discs.length - 1]] = true;
      return { discs, toad };
    });
  });
  if (side !== 'o' && side !== 'b') throw new Error(`Ogama position: side '${side}' is not o or b`);
  return { board: rows.reverse(), side, toadsOn };
}

/** A Single Capture Go position string. */
export function parseScg(text: string): ScgPosition {
  const [board, players] = fields(text, 2, 'Single Capture Go position');
  const rows = board.split('/');
  const size = rows.length;
  const grid = rows.map((row, i) => {
    if (row.length !== size) throw new Error(`row ${String.fromCharCode(97 + i)}: ${row.length} squares, not ${size}`);
    return [...row].map((ch) => {
      if (ch !== '.' && ch !== '@' && !/^[A-Z]$/.test(ch)) throw new Error(`row ${String.fromCharCode(97 + i)}: '${ch}' is not ., @ or a letter`);
      return ch;
    });
  });
  if (players !== '-' && !/^[A-Z]+$/.test(players)) throw new Error(`Single Capture Go position: players '${players}' are not letters or -`);
  return { size, grid, players: players === '-' ? [] : [...players] };
}
