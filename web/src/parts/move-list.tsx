import type { GameName } from '../api/types';
import { moveRows } from '../play/notation';

/** The moves in the game's notation; a click shows the position after one. */
export function MoveList(props: {
  game: GameName;
  moves: string[];
  secondFirst: boolean;
  /** The ply shown. */
  at: number;
  onStep(to: 'first' | 'back' | 'forward' | 'live' | number): void;
}) {
  const rows = moveRows(props.game, props.moves, props.secondFirst);
  const last = props.moves.length;
  const cell = (c: { ply: number; text: string } | null) =>
    c ? (
      <button type="button" class={`move ${c.ply === props.at ? 'current' : ''}`} data-ply={c.ply} onClick={() => props.onStep(c.ply)}>
        {c.text}
      </button>
    ) : (
      <span class="move empty">…</span>
    );
  return (
    <div class="move-list">
      <div class="steps" role="group" aria-label="Step through the game">
        <button type="button" onClick={() => props.onStep('first')} disabled={props.at === 0} aria-label="The start" title="The start (Home)">«</button>
        <button type="button" onClick={() => props.onStep('back')} disabled={props.at === 0} aria-label="One move back" title="One move back (←)">‹</button>
        <button type="button" onClick={() => props.onStep('forward')} disabled={props.at >= last} aria-label="One move on" title="One move on (→)">›</button>
        <button type="button" onClick={() => props.onStep('live')} disabled={props.at >= last} aria-label="Now" title="Now (End)" data-testid="live">»</button>
      </div>
      <ol class={`moves ${props.game === 'scg' ? 'rounds' : ''}`} data-testid="moves">
        {rows.map((row) => (
          <li key={row.number}>
            <span class="number">{row.number}.</span>
            {cell(row.first)}
            {row.second && cell(row.second)}
          </li>
        ))}
      </ol>
      {rows.length === 0 && <p class="hint">No moves yet.</p>}
    </div>
  );
}
