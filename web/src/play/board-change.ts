// A live change's board: the cells and spots whose contents changed, the
// last move and the notes, applied to the board the page holds. The fixed
// parts of a board (its grid, the cells' names and zones, the spots'
// places) came once with the view and are never sent again.

import type { BoardChange, BoardModel, Piece } from '../api/types';

/** A changed place's stack, every piece once: a run sent as one piece with its `count` (a pool of golems) is drawn as before, piece by piece. */
export function expand(stack: readonly Piece[]): Piece[] {
  return stack.flatMap((piece) => {
    const { count, ...one } = piece;
    return Array.from({ length: Math.max(1, count ?? 1) }, () => ({ ...one }));
  });
}

/**
 * The board after `change`, made from the board the server saw the viewer
 * holding: each changed cell's and spot's words and stack replaced, every
 * spot when they themselves changed, the last move and notes replaced.
 * Null when the change names a place the board lacks (it was made for
 * another board: the view must be fetched again).
 */
export function applyBoardChange(board: BoardModel, change: BoardChange): BoardModel | null {
  const cellAt = new Map(board.cells.map((c, i) => [c.name, i]));
  const cells = board.cells.slice();
  for (const place of change.cells) {
    const at = cellAt.get(place.name);
    if (at === undefined) return null;
    cells[at] = { ...cells[at], words: place.words, stack: expand(place.stack) };
  }
  let spots = board.spots;
  if (change.all_spots) {
    spots = change.all_spots;
  } else if (change.spots.length > 0) {
    const spotAt = new Map(board.spots.map((s, i) => [s.name, i]));
    spots = board.spots.slice();
    for (const place of change.spots) {
      const at = spotAt.get(place.name);
      if (at === undefined) return null;
      spots[at] = { ...spots[at], words: place.words, stack: expand(place.stack) };
    }
  }
  return { ...board, cells, spots, last_move: change.last_move, notes: change.notes };
}
