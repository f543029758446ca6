// What the marks on a board mean, and what the board alone does not say:
// A•G•O•G's pools, Sage Tafl's scores and towers, Ogama's toads in hand,
// Single Capture Go's letters.

import type { GameName } from '../api/types';
import { AgogPiece, OgamaStackGlyph, SagePieceGlyph, ScgMark, Toad } from './pieces';
import { parseAgog, parseOgama, parseSage, parseScg } from './position';

function Glyph(props: { children: preact.ComponentChildren }) {
  return (
    <svg viewBox="0 0 10 10" class="glyph" aria-hidden="true">
      {props.children}
    </svg>
  );
}

/** The legend under a board. */
export function Legend(props: { game: GameName; variant: string | null; position: string }) {
  try {
    return <div class={`legend legend-${props.game}`} data-testid="legend">{items(props)}</div>;
  } catch {
    return null;
  }
}

function items(props: { game: GameName; variant: string | null; position: string }) {
  if (props.game === 'agog') {
    const p = parseAgog(props.position, props.variant);
    const classic = props.variant === 'classic';
    return (
      <>
        <span><Glyph><AgogPiece unit={{ owner: 'w', kind: 'journeyman' }} /></Glyph> journeyman</span>
        <span><Glyph><AgogPiece unit={{ owner: 'w', kind: 'golem' }} /></Glyph> golem</span>
        <span><Glyph><AgogPiece unit={{ owner: 'w', kind: 'hulk' }} /></Glyph> hulk</span>
        {classic && <span><Glyph><AgogPiece unit={{ owner: 'b', kind: 'corrupted-golem' }} /></Glyph> corrupted golem</span>}
        <span><Glyph><AgogPiece unit={{ owner: 'b', kind: 'corrupted-hulk' }} /></Glyph> corrupted hulk</span>
        <span><Glyph><rect width="10" height="10" class="cell sanctum-w" /></Glyph> sanctums: White a1, Black h8</span>
        <span data-testid="pools">pools: White {p.pools.w}, Black {p.pools.b}</span>
      </>
    );
  }
  if (props.game === 'sage') {
    const p = parseSage(props.position);
    const tower = (owner: 'b' | 'r') => (p.inTower[owner] ? 'in her tower' : 'out');
    return (
      <>
        <span><Glyph><SagePieceGlyph piece={{ owner: 'b', kind: 'sage' }} /></Glyph> Sage</span>
        <span><Glyph><SagePieceGlyph piece={{ owner: 'b', kind: 'apprentice' }} /></Glyph> apprentice</span>
        <span><Glyph><SagePieceGlyph piece={{ owner: 'b', kind: 'skyship' }} /></Glyph> skyship</span>
        <span><Glyph><rect width="10" height="10" class="cell river" /></Glyph> the river (rank 5), its banks 4 and 6</span>
        <span data-testid="scores" class="score">score: Black {p.scores.b} – Red {p.scores.r} <span class="hint">(5 wins)</span></span>
        <span>Black's Sage {tower('b')}, Red's Sage {tower('r')}</span>
      </>
    );
  }
  if (props.game === 'ogama') {
    const p = parseOgama(props.position);
    const hand = (['o', 'b'] as const).filter((c) => !p.toadsOn[c]).map((c) => (c === 'o' ? 'Orange' : 'Blue'));
    return (
      <>
        <span><Glyph><OgamaStackGlyph stack={{ discs: ['b', 'o', 'o'], toad: false }} /></Glyph> a stack: discs bottom to top, its height</span>
        <span><Glyph><Toad colour="o" x={5} y={5.5} /></Glyph> a toad, on its colour</span>
        <span>six discs in one stack win</span>
        {hand.length > 0 && <span>to place: {hand.join(' and ')}'s toad</span>}
      </>
    );
  }
  const p = parseScg(props.position);
  return (
    <>
      {p.players.map((letter) => (
        <span key={letter}><Glyph><ScgMark cell={letter} /></Glyph> {letter}</span>
      ))}
      <span><Glyph><ScgMark cell="@" /></Glyph> @: a collision or a doomed player's letter</span>
      {p.players.length === 0 && <span>no player is left</span>}
    </>
  );
}
