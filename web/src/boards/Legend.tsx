// What the marks on a board mean, drawn from the board itself: each kind
// of piece on it (by its art, named by the catalog), each zone, and the
// notes the board does not show (whose turn, scores, pools).

import type { BoardModel, CatalogGame, Piece } from '../api/types';
import { pieceName } from '../api/catalog';
import { PieceGlyph } from '../art';

function Glyph(props: { children: preact.ComponentChildren }) {
  return (
    <svg viewBox="0 0 10 10" class="glyph" aria-hidden="true">
      {props.children}
    </svg>
  );
}

/** One piece of each kind on the board or its spots, in the order first seen. */
export function kindsOn(board: BoardModel): Piece[] {
  const seen = new Map<string, Piece>();
  for (const place of [...board.cells, ...board.spots]) {
    for (const piece of place.stack) if (!piece.pending && !seen.has(piece.kind)) seen.set(piece.kind, piece);
  }
  return [...seen.values()];
}

/** The zones of the board's cells, in the order first seen. */
export function zonesOn(board: BoardModel): string[] {
  return [...new Set(board.cells.map((c) => c.zone).filter((z): z is string => !!z))];
}

/** The legend under a board. */
export function Legend(props: { board: BoardModel; entry: CatalogGame | null }) {
  const { board, entry } = props;
  return (
    <div class="legend" data-testid="legend">
      {kindsOn(board).map((piece) => (
        <span key={piece.kind} data-kind={piece.kind}>
          <Glyph>
            <PieceGlyph piece={piece} />
          </Glyph>{' '}
          {pieceName(entry, piece.kind)}
        </span>
      ))}
      {zonesOn(board).map((zone) => (
        <span key={zone}>
          <Glyph>
            <rect width="10" height="10" class={`cell zone-${zone}`} />
          </Glyph>{' '}
          {zone}
        </span>
      ))}
      <ul class="notes" data-testid="notes">
        {board.notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </div>
  );
}
