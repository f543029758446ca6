// Single Capture Go's marks: a player's letter in its colour, and `@`.

import type { Piece } from '../api/types';
import { ownerColour } from './colours';

function Letter(props: { piece: Piece }) {
  const { label, pending } = props.piece;
  return (
    <g class={`piece scg-letter ${pending ? 'pending' : ''}`}>
      <rect x="1.3" y="1.3" width="7.4" height="7.4" rx="1.8" fill={ownerColour(props.piece.owner ?? label)} class="body" />
      <text x="5" y="6.9" text-anchor="middle" class="letter">{label}</text>
    </g>
  );
}

function At() {
  return (
    <g class="piece scg-at">
      <circle cx="5" cy="5" r="3.9" class="body" />
      <text x="5" y="6.6" text-anchor="middle" class="at">@</text>
    </g>
  );
}

/** Art by kind. */
export const scgArt = { letter: Letter, at: At };
