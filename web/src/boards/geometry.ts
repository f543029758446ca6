// Where squares are drawn: names as the notation writes them, to columns
// and rows on the screen (row 0 at the top), the board turned or not.

/** The size of one square in the SVG's units. */
export const CELL = 10;
/** The room around a board for its coordinates. */
export const MARGIN = 6;

/** A board's shape: its files and ranks, and whether names count rows from the top (Single Capture Go). */
export interface Shape {
  files: number;
  ranks: number;
  /** Single Capture Go: the row letter first (`e7`: row e from the top, column 7). */
  rowsFromTop: boolean;
}

/** The four games' boards (Single Capture Go's N from its position). */
export const SHAPES = {
  agog: { files: 8, ranks: 8, rowsFromTop: false },
  sage: { files: 8, ranks: 9, rowsFromTop: false },
  ogama: { files: 5, ranks: 5, rowsFromTop: false },
  scg: (n: number): Shape => ({ files: n, ranks: n, rowsFromTop: true }),
} as const;

const letter = (i: number) => String.fromCharCode(97 + i);

/** A square's name at a file and rank index (both from 0). */
export function squareName(shape: Shape, file: number, rank: number): string {
  return shape.rowsFromTop ? `${letter(rank)}${file + 1}` : `${letter(file)}${rank + 1}`;
}

/** The file and rank indexes of a square's name, or null when it is off the board. */
export function squareAt(shape: Shape, name: string): { file: number; rank: number } | null {
  const m = /^([a-z])(\d{1,2})$/.exec(name);
  if (!m) return null;
  const a = m[1].charCodeAt(0) - 97;
  const n = Number(m[2]) - 1;
  const [file, rank] = shape.rowsFromTop ? [n, a] : [a, n];
  if (file < 0 || file >= shape.files || rank < 0 || rank >= shape.ranks) return null;
  return { file, rank };
}

/** Where a square is drawn: its column and row on the screen, row 0 at the top. */
export function cellOf(shape: Shape, file: number, rank: number, flipped: boolean): { col: number; row: number } {
  if (shape.rowsFromTop) return { col: file, row: rank };
  return flipped ? { col: shape.files - 1 - file, row: rank } : { col: file, row: shape.ranks - 1 - rank };
}

/** The square drawn at a column and row. */
export function fileRankAt(shape: Shape, col: number, row: number, flipped: boolean): { file: number; rank: number } {
  if (shape.rowsFromTop) return { file: col, rank: row };
  return flipped ? { file: shape.files - 1 - col, rank: row } : { file: col, rank: shape.ranks - 1 - row };
}

/** The top-left corner of a screen cell in SVG units. */
export function cornerOf(col: number, row: number): { x: number; y: number } {
  return { x: MARGIN + col * CELL, y: MARGIN + row * CELL };
}

/** The coordinate labels along the bottom (files or columns) and the left (ranks or rows), in screen order. */
export function labels(shape: Shape, flipped: boolean): { columns: string[]; rows: string[] } {
  const columns = Array.from({ length: shape.files }, (_, col) => {
    const { file } = fileRankAt(shape, col, 0, flipped);
    return shape.rowsFromTop ? String(file + 1) : letter(file);
  });
  const rows = Array.from({ length: shape.ranks }, (_, row) => {
    const { rank } = fileRankAt(shape, 0, row, flipped);
    return shape.rowsFromTop ? letter(rank) : String(rank + 1);
  });
  return { columns, rows };
}
