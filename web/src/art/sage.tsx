// Sage Tafl's pieces: the Sage a crowned disc, apprentices small discs,
// skyships diamonds. Owners `b` and `r`.

import type { Piece } from '../api/types';

function SagePiece(props: { piece: Piece }) {
  const { owner, kind } = props.piece;
  return (
    <g class={`piece sage-${owner ?? 'b'}`}>
      {kind === 'sage' && (
        <>
          <circle cx="5" cy="5" r="3.8" class="body" />
          <circle cx="5" cy="5" r="2.4" class="ring" />
          <circle cx="5" cy="5" r="0.9" class="star" />
        </>
      )}
      {kind === 'apprentice' && <circle cx="5" cy="5" r="2.7" class="body" />}
      {kind === 'skyship' && <path d="M5 1.4 L8.6 5 L5 8.6 L1.4 5 Z" class="body" />}
    </g>
  );
}

/** Art by kind. */
export const sageArt = { sage: SagePiece, apprentice: SagePiece, skyship: SagePiece };
