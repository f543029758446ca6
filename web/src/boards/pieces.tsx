// The pieces of each game, drawn in a 10 × 10 cell centred on (5, 5).

import type { AgogUnit, OgamaStack, SagePiece } from './position';

const STAR = 'M5 2.3 L5.8 4.1 L7.7 4.2 L6.2 5.4 L6.7 7.3 L5 6.2 L3.3 7.3 L3.8 5.4 L2.3 4.2 L4.2 4.1 Z';
const CRACK = 'M3 2.6 L4.6 4.6 L3.8 5.6 L5.8 7.6';

/** An A•G•O•G unit: golems are discs, journeymen discs with a star, hulks blocks; corrupted units are cracked and ringed. */
export function AgogPiece(props: { unit: AgogUnit }) {
  const { owner, kind } = props.unit;
  const corrupted = kind === 'corrupted-golem' || kind === 'corrupted-hulk';
  const block = kind === 'hulk' || kind === 'corrupted-hulk';
  return (
    <g class={`piece agog-${owner} ${corrupted ? 'corrupted' : ''}`}>
      {block ? <rect x="1.4" y="1.4" width="7.2" height="7.2" rx="1.4" class="body" /> : <circle cx="5" cy="5" r="3.6" class="body" />}
      {block && <path d="M3 3.6 H7 M3 5 H7 M3 6.4 H7" class="mark" />}
      {kind === 'journeyman' && <path d={STAR} class="star" />}
      {corrupted && <path d={CRACK} class="crack" />}
    </g>
  );
}

/** A Sage Tafl piece: the Sage a crowned disc, apprentices small discs, skyships diamonds. */
export function SagePieceGlyph(props: { piece: SagePiece }) {
  const { owner, kind } = props.piece;
  return (
    <g class={`piece sage-${owner}`}>
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

/** A toad, in its colour, centred on (x, y). */
export function Toad(props: { colour: 'o' | 'b'; x: number; y: number }) {
  const { x, y } = props;
  return (
    <g class={`toad ogama-${props.colour}`}>
      <ellipse cx={x} cy={y + 0.3} rx="2.7" ry="1.9" class="body" />
      <circle cx={x - 1.3} cy={y - 1.2} r="0.9" class="body" />
      <circle cx={x + 1.3} cy={y - 1.2} r="0.9" class="body" />
      <circle cx={x - 1.3} cy={y - 1.3} r="0.4" class="eye" />
      <circle cx={x + 1.3} cy={y - 1.3} r="0.4" class="eye" />
    </g>
  );
}

/** An Ogama stack: its discs from the bottom up, its height, and its toad. */
export function OgamaStackGlyph(props: { stack: OgamaStack }) {
  const { discs, toad } = props.stack;
  if (discs.length === 0) return null;
  const step = discs.length > 4 ? 0.9 : 1.2;
  const base = 7.6;
  const top = discs[discs.length - 1];
  return (
    <g class="piece">
      {discs.map((d, i) => (
        <ellipse key={i} cx="5" cy={base - i * step} rx="3.5" ry="1.25" class={`disc ogama-${d}`} />
      ))}
      {discs.length > 1 && (
        <text x="9.3" y="9.4" class="height" text-anchor="end">
          {discs.length}
        </text>
      )}
      {toad && <Toad colour={top} x={5} y={base - (discs.length - 1) * step - 1.4} />}
    </g>
  );
}

/** The twelve colours of Single Capture Go's letters, A to L. */
export const SCG_COLOURS = ['#d64541', '#2e6fd1', '#2f9e44', '#e8890c', '#8e44ad', '#0f9aa8', '#b5651d', '#d6336c', '#5c7cfa', '#6b8e23', '#495057', '#c2255c'];

/** A player's colour by letter. */
export function scgColour(letter: string): string {
  return SCG_COLOURS[(letter.charCodeAt(0) - 65) % SCG_COLOURS.length];
}

/** A Single Capture Go cell's content: a letter in its colour, or `@`. */
export function ScgMark(props: { cell: string; ghost?: boolean }) {
  if (props.cell === '@') {
    return (
      <g class="piece scg-at">
        <circle cx="5" cy="5" r="3.9" class="body" />
        <text x="5" y="6.6" text-anchor="middle" class="at">@</text>
      </g>
    );
  }
  return (
    <g class={`piece scg-letter ${props.ghost ? 'pending' : ''}`}>
      <rect x="1.3" y="1.3" width="7.4" height="7.4" rx="1.8" fill={scgColour(props.cell)} class="body" />
      <text x="5" y="6.9" text-anchor="middle" class="letter">{props.cell}</text>
    </g>
  );
}
