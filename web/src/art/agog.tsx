// A•G•O•G's units: golems are discs, journeymen discs with a star, hulks
// blocks; corrupted units are cracked and ringed. Owners `w` and `b`.

import type { Piece } from '../api/types';

const STAR = 'M5 2.3 L5.8 4.1 L7.7 4.2 L6.2 5.4 L6.7 7.3 L5 6.2 L3.3 7.3 L3.8 5.4 L2.3 4.2 L4.2 4.1 Z';
const CRACK = 'M3 2.6 L4.6 4.6 L3.8 5.6 L5.8 7.6';

function Unit(props: { piece: Piece }) {
  const { kind } = props.piece;
  const corrupted = kind === 'corrupted-golem' || kind === 'corrupted-hulk';
  const block = kind === 'hulk' || kind === 'corrupted-hulk';
  return (
    <g class={`piece agog-${props.piece.owner ?? 'w'} ${corrupted ? 'corrupted' : ''}`}>
      {block ? <rect x="1.4" y="1.4" width="7.2" height="7.2" rx="1.4" class="body" /> : <circle cx="5" cy="5" r="3.6" class="body" />}
      {block && <path d="M3 3.6 H7 M3 5 H7 M3 6.4 H7" class="mark" />}
      {kind === 'journeyman' && <path d={STAR} class="star" />}
      {corrupted && <path d={CRACK} class="crack" />}
    </g>
  );
}

/** Art by kind. */
export const agogArt = {
  journeyman: Unit,
  golem: Unit,
  hulk: Unit,
  'corrupted-golem': Unit,
  'corrupted-hulk': Unit,
};
