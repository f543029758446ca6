import type { GameName } from '../api/types';

/**
 * What a board is drawn from. Squares are named as the games' notation
 * names them (`e2`; Single Capture Go `e7`, row e, column 7); a few
 * targets lie off the board:
 * - Sage Tafl: `T`, the tower of the side to move (its Sage leaves by
 *   `T-d2`), and `W` / `E`, the river's two ends (escapes `c5-W`, `f5-E`);
 * - Ogama: `T`, the toad of the side to move while it is not on the board
 *   (placed by `T@c3`).
 */
export interface BoardProps {
  game: GameName;
  /** The edition (`agog`: `current` or `classic`), null for the default. */
  variant: string | null;
  /** The position string (see the notation specification). */
  position: string;
  /** Drawn from the second player's side. */
  flipped: boolean;
  /** Squares and off-board targets that may be clicked now. */
  targets: ReadonlySet<string>;
  /** Squares clicked so far in the move being built, in order. */
  selected: readonly string[];
  /** The squares of the last move, in order. */
  lastMove: readonly string[];
  /** Single Capture Go: the viewer's own pending play, if any. */
  pending?: string | null;
  /** Called with a square's (or target's) name when it is clicked. */
  onSquare(name: string): void;
}
