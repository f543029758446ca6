// Piece art, keyed by the board model's piece kind: the only per-game code
// of the client. A kind without art is drawn plainly: its label in its
// owner's colour. Each piece is drawn in a 10 × 10 cell centred on (5, 5).

import type { ComponentType } from 'preact';
import type { Piece } from '../api/types';
import { agogArt } from './agog';
import { ogamaArt } from './ogama';
import { sageArt } from './sage';
import { scgArt } from './scg';
import { ownerColour } from './colours';
import './art.css';

export { ownerColour } from './colours';

/** How one kind of piece is drawn. */
export type PieceArt = ComponentType<{ piece: Piece }>;

const ART: Record<string, PieceArt> = { ...agogArt, ...sageArt, ...ogamaArt, ...scgArt };

/** Whether `kind` has art of its own. */
export function hasArt(kind: string): boolean {
  return Object.hasOwn(ART, kind);
}

/** A piece with no art: its label in its owner's colour. */
export function PlainPiece(props: { piece: Piece }) {
  const { owner, label, pending } = props.piece;
  const colour = owner ? ownerColour(owner) : '#5b6066';
  return (
    <g class={`piece plain ${pending ? 'pending' : ''}`}>
      <circle cx="5" cy="5" r="3.9" fill="var(--grid)" stroke={colour} stroke-width="0.7" class="body" />
      <text x="5" y="6.7" text-anchor="middle" class="plain-label" fill={colour}>{label}</text>
    </g>
  );
}

/** One piece, by its kind's art or plainly. */
export function PieceGlyph(props: { piece: Piece }) {
  const Art = ART[props.piece.kind] ?? PlainPiece;
  return <Art piece={props.piece} />;
}
