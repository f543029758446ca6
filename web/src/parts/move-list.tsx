import type { MoveNumbering } from '../api/types';
import { moveRows } from '../play/moves';

/** The moves in the game's notation; a click shows the position after one. */
export function MoveList(props: {
  moves: string[];
  numbering: MoveNumbering;
  /** The ply shown. */
  at: number;
  onStep(to: 'first' | 'back' | 'forward' | 'live' | number): void;
}) {
  const rows = moveRows(props.moves, props.numbering);
  const last = props.moves.length;
  return (
    <div class="move-list">
      <div class="steps" role="group" aria-label="Step through the game">
        <button type="button" onClick={() => props.onStep('first')} disabled={props.at === 0} aria-label="The start" title="The start (Home)">«</button>
        <button type="button" onClick={() => props.onStep('back')} disabled={props.at === 0} aria-label="One move back" title="One move back (←)">‹</button>
        <button type="button" onClick={() => props.onStep('forward')} disabled={props.at >= last} aria-label="One move on" title="One move on (→)">›</button>
        <button type="button" onClick={() => props.onStep('live')} disabled={props.at >= last} aria-label="Now" title="Now (End)" data-testid="live">»</button>
      </div>
      <ol class={`moves ${props.numbering.per_number === 1 ? 'rounds' : ''}`} data-testid="moves">
        {rows.map((row) => (
          <li key={row.number}>
            <span class="number">{row.number}.</span>
            {row.cells.map((c, i) =>
              c ? (
                <button type="button" key={i} class={`move ${c.ply === props.at ? 'current' : ''}`} data-ply={c.ply} onClick={() => props.onStep(c.ply)} aria-current={c.ply === props.at ? 'step' : undefined}>
                  {c.text}
                </button>
              ) : (
                <span key={i} class="move empty">…</span>
              ),
            )}
          </li>
        ))}
      </ol>
      {rows.length === 0 && <p class="hint">No moves yet.</p>}
    </div>
  );
}
