// Ogama's discs and toads. Owners `o` and `b`. A stack is drawn by the
// board, bottom first, each piece a little higher than the last.

import type { Piece } from '../api/types';

function Disc(props: { piece: Piece }) {
  return <ellipse cx="5" cy="6.6" rx="3.5" ry="1.25" class={`disc ogama-${props.piece.owner ?? 'o'}`} />;
}

function Toad(props: { piece: Piece }) {
  const colour = props.piece.owner ?? 'o';
  return (
    <g class={`toad ogama-${colour}`}>
      <ellipse cx="5" cy="5.3" rx="2.7" ry="1.9" class="body" />
      <circle cx="3.7" cy="3.8" r="0.9" class="body" />
      <circle cx="6.3" cy="3.8" r="0.9" class="body" />
      <circle cx="3.7" cy="3.7" r="0.4" class="eye" />
      <circle cx="6.3" cy="3.7" r="0.4" class="eye" />
    </g>
  );
}

/** Art by kind. */
export const ogamaArt = { disc: Disc, toad: Toad };
