import { useEffect, useRef } from 'preact/hooks';
import type { MoveNumbering } from '../api/types';
import { moveRows } from '../play/moves';
import type { MoveForm } from '../play/move-form';

/**
 * The moves in the game's notation, in one form throughout; a click shows
 * the position after one. The list follows the game: the move shown (the
 * newest, while live) is kept in view.
 */
export function MoveList(props: {
  moves: string[];
  numbering: MoveNumbering;
  /** The ply shown. */
  at: number;
  onStep(to: 'first' | 'back' | 'forward' | 'live' | number): void;
  /** The form the moves are written in, and the switch between forms where the game has two. */
  form?: { shown: MoveForm; choose(form: MoveForm): void };
}) {
  const rows = moveRows(props.moves, props.numbering);
  const last = props.moves.length;
  const list = useRef<HTMLOListElement>(null);

  // Keep the move shown in view, scrolling the list only (never the page).
  useEffect(() => {
    const box = list.current;
    if (!box) return;
    const current = box.querySelector<HTMLElement>(`[data-ply="${props.at}"]`);
    if (!current || props.at === last) {
      box.scrollTop = box.scrollHeight;
      return;
    }
    const top = current.offsetTop; // the list is the button's offset parent
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + current.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + current.offsetHeight - box.clientHeight;
  }, [props.at, last, props.form?.shown]);

  return (
    <div class="move-list">
      <div class="steps" role="group" aria-label="Step through the game">
        <button type="button" onClick={() => props.onStep('first')} disabled={props.at === 0} aria-label="The start" title="The start (Home)">«</button>
        <button type="button" onClick={() => props.onStep('back')} disabled={props.at === 0} aria-label="One move back" title="One move back (←)">‹</button>
        <button type="button" onClick={() => props.onStep('forward')} disabled={props.at >= last} aria-label="One move on" title="One move on (→)">›</button>
        <button type="button" onClick={() => props.onStep('live')} disabled={props.at >= last} aria-label="Now" title="Now (End)" data-testid="live">»</button>
      </div>
      {props.form && (
        <div class="move-form" role="group" aria-label="Write the moves as">
          {(['long', 'record'] as const).map((form) => (
            <button
              type="button"
              key={form}
              class="link"
              aria-pressed={props.form!.shown === form}
              onClick={() => props.form!.choose(form)}
              data-testid={`move-form-${form}`}
            >
              {form === 'long' ? 'Long form' : 'Scorekeeping'}
            </button>
          ))}
        </div>
      )}
      <ol ref={list} class={`moves ${props.numbering.per_number === 1 ? 'rounds' : ''}`} data-testid="moves" data-form={props.form?.shown ?? 'long'}>
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
