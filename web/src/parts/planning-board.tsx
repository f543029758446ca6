// "Plan conditional moves" on a game's page: a board of its own, starting
// from the game's position when planning began, on which the player clicks
// moves for both sides ("if they play X, I play Y, …") from the legal
// moves the server gives for each position (`POST /api/positions`), adds
// each line to the plan, and saves the plan (`PUT …/conditionals`). The
// board here is the player's scratch pad: nothing clicked on it is ever
// played in the game. A planned reply is played by the server, and only
// when the opponent makes the move it answers.

import { useEffect, useRef, useState } from 'preact/hooks';
import { seatName } from '../api/catalog';
import * as api from '../api/client';
import { ApiError } from '../api/client';
import { clearConditionals, getConditionals, saveConditionals } from '../api/conditionals';
import { problemText } from '../api/problem';
import type { CatalogGame, GameView, PositionView } from '../api/types';
import { Board } from '../boards/Board';
import { type Pick, buttonMoves, choiceWords, click, pickAt } from '../play/clicks';
import { seatLabel } from '../play/status';
import { MAX_MOVES, type PlanStep, addLine, deleteBranch, deleteLine, isMyTurn, lineProblem, lineWords, planSteps, sameLines, sideAt } from './conditionals';

/** Where planning started: the game's position then, and whose move it was. */
interface Base {
  ply: number;
  position: string;
  myTurn: boolean;
}

const baseOf = (view: GameView): Base => ({ ply: view.ply, position: view.position, myTurn: isMyTurn(view) });

const NO_PICK: Pick = { path: [], targets: new Set(), complete: [] };

/**
 * The position after `moves` from `position`, under the game's options
 * where the server takes them beside a position string. Options that only
 * shape a start position (a handicap, a seed's deal) are refused there
 * (400): the position is then asked for without them, and so is every
 * later one (`options.current` turns false).
 */
async function positionAfter(view: GameView, position: string, moves: string[], options: { current: boolean }): Promise<PositionView> {
  const request = { game: view.game, variant: view.variant ?? null, position, moves };
  if (!options.current || Object.keys(view.options ?? {}).length === 0) return api.position(request);
  try {
    return await api.position({ ...request, options: view.options });
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 400) throw e;
    options.current = false;
    return api.position(request);
  }
}

/** What the panel last said: news, or a refusal. */
type Said = { text: string; error?: boolean } | null;

/** "1 line", "3 lines". */
const count = (n: number) => `${n} line${n === 1 ? '' : 's'}`;

/** What the step on the list says: the move of theirs and the reply, or the player's own next move. */
function stepWords(step: PlanStep): string {
  return step.theirs === null ? `After your ${step.mine}` : `If they play ${step.theirs}, you play ${step.mine}`;
}

/** The plan as a list: each reply under the one before it, each deletable with what follows it. */
function PlanList(props: { steps: PlanStep[]; myTurn: boolean; remove(step: PlanStep): void; nested?: boolean }) {
  return (
    <ul class={props.nested ? 'plan-steps nested' : 'plan-steps'} data-testid={props.nested ? undefined : 'plan-lines'}>
      {props.steps.map((step) => {
        const end = step.then.length === 0;
        return (
          <li key={JSON.stringify(step.path)} data-testid={end ? 'plan-line' : undefined} data-line={end ? JSON.stringify(step.path) : undefined}>
            <span class="plan-step">
              <span class="plan-words">{stepWords(step)}</span>
              <button
                type="button"
                class="link"
                onClick={() => props.remove(step)}
                aria-label={end ? `Delete the line ${lineWords(step.path, props.myTurn)}` : `Delete the ${count(step.lines)} after: ${lineWords(step.path, props.myTurn)}`}
              >
                Delete
              </button>
            </span>
            {!end && <PlanList steps={step.then} myTurn={props.myTurn} remove={props.remove} nested />}
          </li>
        );
      })}
    </ul>
  );
}

/** The planning panel of a game's page, closed until the player opens it (or comes by a link to `#plan`). */
export function PlanningPanel(props: { view: GameView; entry: CatalogGame | null; flipped: boolean; reload(): void }) {
  const [open, setOpen] = useState(() => location.hash === '#plan');
  // A link to `#plan` (a notice of a line dropped) opens the panel and brings it into view.
  useEffect(() => {
    const follow = () => {
      if (location.hash !== '#plan') return;
      setOpen(true);
      requestAnimationFrame(() => document.getElementById('plan')?.scrollIntoView({ block: 'start' }));
    };
    follow();
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  return (
    <section class="planning" id="plan" aria-labelledby="plan-heading" data-testid="planning">
      <h2 id="plan-heading">
        <button type="button" class="disclosure" aria-expanded={open} aria-controls="plan-body" onClick={() => setOpen(!open)} data-testid="plan-toggle">
          Plan conditional moves
        </button>
      </h2>
      {open ? (
        <PlanningBoard {...props} />
      ) : (
        <p class="hint">Plan your replies ahead: if they play this, you play that. A planned reply is played for you the moment they make the move it answers.</p>
      )}
    </section>
  );
}

function PlanningBoard(props: { view: GameView; entry: CatalogGame | null; flipped: boolean; reload(): void }) {
  const { view, entry } = props;
  const [base, setBase] = useState<Base>(() => baseOf(view));
  // The line being entered: its moves, and how many of them are shown.
  const [entered, setEntered] = useState<string[]>([]);
  const [at, setAt] = useState(0);
  const [drawn, setDrawn] = useState<{ key: string; view: PositionView } | null>(null);
  const [pick, setPick] = useState<Pick>(NO_PICK);
  // The plan shown, and as the server keeps it (null until read).
  const [lines, setLines] = useState<string[][]>([]);
  const [saved, setSaved] = useState<string[][] | null>(null);
  // Lines the server did not take because the game had moved on, and whose turn they were planned on.
  const [notSaved, setNotSaved] = useState<{ lines: string[][]; myTurn: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said>(null);
  const positions = useRef(new Map<string, PositionView>());
  const boardBox = useRef<HTMLDivElement>(null);
  const withOptions = useRef(true);

  const line = entered.slice(0, at);
  const key = JSON.stringify([base.position, line]);
  const current = drawn?.key === key ? drawn.view : null;
  const movedOn = view.ply !== base.ply || view.position !== base.position;

  // The plan as the server keeps it, read when planning starts (again).
  useEffect(() => {
    let gone = false;
    setSaved(null);
    getConditionals(view.id).then(
      (got) => {
        if (gone) return;
        setLines(got.lines);
        setSaved(got.lines);
      },
      (e) => !gone && setSaid({ text: problemText(e), error: true }),
    );
    return () => {
      gone = true;
    };
  }, [view.id, base]);

  // The position after the moves shown, with both sides' legal moves.
  useEffect(() => {
    const held = positions.current.get(key);
    if (held) {
      setDrawn({ key, view: held });
      return;
    }
    let gone = false;
    positionAfter(view, base.position, line, withOptions).then(
      (answer) => {
        positions.current.set(key, answer);
        if (!gone) setDrawn({ key, view: answer });
      },
      (e) => !gone && setSaid({ text: problemText(e), error: true }),
    );
    return () => {
      gone = true;
    };
  }, [key]);

  useEffect(() => setPick(pickAt(current?.legal ?? [], [])), [current]);

  const over = current?.status.state === 'over';
  const full = at >= MAX_MOVES;
  const playable = !!current && !movedOn && !over && !full;
  const side = sideAt(at, base.myTurn);
  const them = view.seats.find((s) => !view.you.includes(s.seat));
  const theirName = them ? `${seatName(entry, them.seat)} (${seatLabel(them)})` : 'your opponent';
  const problem = lineProblem(line, base.myTurn);
  const dirty = saved !== null && !sameLines(lines, saved);
  const steps = planSteps(lines, base.myTurn);
  const title = entry?.name ?? view.game;

  const enter = (move: string) => {
    setSaid(null);
    // The place clicked stops taking the focus once the move is made: the
    // board keeps it, so the keys go on working here.
    if (boardBox.current?.contains(document.activeElement)) boardBox.current.focus({ preventScroll: true });
    // The same move as the line had here keeps the rest of it to step forward through.
    if (entered[at] !== move) setEntered([...line, move]);
    setAt(at + 1);
  };
  const onPlace = (place: string) => {
    if (!playable) return;
    const result = click(current.legal, pick, place);
    if (result.kind === 'move') enter(result.move);
    else setPick(result.pick);
  };
  const step = (to: 'back' | 'forward' | 'start' | 'end' | number) => {
    const next = to === 'back' ? at - 1 : to === 'forward' ? at + 1 : to === 'start' ? 0 : to === 'end' ? entered.length : to;
    setAt(Math.max(0, Math.min(entered.length, next)));
  };
  const reset = () => {
    setEntered([]);
    setAt(0);
    setSaid(null);
  };
  const add = () => {
    const added = addLine(lines, line, base.myTurn);
    if (!added.ok) {
      setSaid({ text: added.problem, error: true });
      return;
    }
    setLines(added.lines);
    setAt(0);
    setSaid({ text: `Added: ${lineWords(line, base.myTurn)}. Save the plan to keep it.` });
  };
  const remove = (s: PlanStep) => {
    setLines(s.then.length === 0 ? deleteLine(lines, s.path) : deleteBranch(lines, s.path));
    setSaid({ text: 'Deleted. Save the plan to keep the change.' });
  };
  const save = async () => {
    setBusy(true);
    setSaid(null);
    try {
      const got = await saveConditionals(view.id, lines, base.ply);
      setLines(got.lines);
      setSaved(got.lines);
      setNotSaved(null);
      setSaid({ text: got.lines.length === 0 ? 'Saved: no moves are planned.' : `Saved: ${count(got.lines.length)}. Each reply is played for you when they make the move it answers.` });
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        setNotSaved({ lines, myTurn: base.myTurn });
        props.reload();
        setSaid({ text: 'The game moved on before the plan was saved, so it was not. Start again from the new position; the lines not saved are listed below.', error: true });
      } else setSaid({ text: problemText(e), error: true });
    } finally {
      setBusy(false);
    }
  };
  const clearAll = async () => {
    setBusy(true);
    setSaid(null);
    try {
      const got = await clearConditionals(view.id);
      setLines(got.lines);
      setSaved(got.lines);
      setSaid({ text: 'Cleared: no moves are planned.' });
    } catch (e) {
      setSaid({ text: problemText(e), error: true });
    } finally {
      setBusy(false);
    }
  };
  const restart = () => {
    setBase(baseOf(view));
    setEntered([]);
    setAt(0);
    setSaid(null);
  };
  // Arrow keys, Home and End step through the line being entered (not the game).
  const onKey = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
    const to = ({ ArrowLeft: 'back', ArrowRight: 'forward', Home: 'start', End: 'end' } as const)[event.key as 'ArrowLeft'];
    if (!to) return;
    event.preventDefault();
    event.stopPropagation();
    step(to);
  };

  const prompt = movedOn
    ? 'The board shows the position planning started from.'
    : !current
      ? 'Drawing the position…'
      : over
        ? 'The game would be over here.'
        : full
          ? `A line has at most ${MAX_MOVES} moves.`
          : side === 'mine'
            ? at === 0
              ? 'Your move now: click the move you mean to play. It is not played here; the line says what you reply after it.'
              : 'Your reply: click the move you would play.'
            : `Their move: click a move ${theirName} might play.`;

  return (
    <div class="plan-body" id="plan-body" onKeyDown={onKey}>
      <p class="hint">
        Nothing played on this board is played in the game. Enter a line by clicking moves for both sides, add it, and save the plan: when {theirName} makes a move a line answers, your reply is played at once.
      </p>
      {movedOn && (
        <div class="notice plan-moved" data-testid="plan-moved-on">
          <p>The game moved on since planning began: your saved lines may have been played or cleared.</p>
          <button type="button" onClick={restart} data-testid="plan-restart">
            Start again from the new position
          </button>
        </div>
      )}
      <div class="plan-board" ref={boardBox} tabIndex={-1} data-testid="plan-board" data-at={at} data-position={current?.position} data-ready={current && !movedOn ? 'true' : 'false'}>
        {(current ?? drawn) ? (
          <Board
            board={(current ?? drawn!.view).board}
            flipped={props.flipped}
            label={`${title} planning board: ${at === 0 ? 'the game as planning began' : `after ${at} planned move${at === 1 ? '' : 's'}`}`}
            targets={playable ? pick.targets : new Set()}
            selected={pick.path}
            onPlace={onPlace}
          />
        ) : (
          <p class="hint board-placeholder">Drawing the board…</p>
        )}
      </div>
      <p class="hint plan-prompt" data-testid="plan-prompt">{prompt}</p>
      {playable && pick.complete.length > 0 && (
        <div class="choices" role="group" aria-label="Choose the planned move" data-testid="plan-choices">
          {pick.complete.map((m) => (
            <button type="button" key={m.move} onClick={() => enter(m.move)} data-move={m.move} title={m.move}>
              {choiceWords(m)}
            </button>
          ))}
        </div>
      )}
      {playable && buttonMoves(current.legal).length > 0 && (
        <div class="choices" role="group" aria-label="Moves made without the board">
          {buttonMoves(current.legal).map((m) => (
            <button type="button" key={m.move} onClick={() => enter(m.move)} data-move={m.move}>
              {m.move.charAt(0).toUpperCase() + m.move.slice(1)}
            </button>
          ))}
        </div>
      )}

      <div class="plan-line" role="group" aria-label="The line being entered: the arrow keys step through it">
        <div class="steps">
          <button type="button" onClick={() => step('back')} disabled={at === 0} title="One move back (←)" data-testid="plan-back">
            Back
          </button>
          <button type="button" onClick={() => step('forward')} disabled={at >= entered.length} title="One move on (→)" data-testid="plan-forward">
            Forward
          </button>
          <button type="button" onClick={reset} disabled={entered.length === 0} data-testid="plan-reset">
            Reset
          </button>
        </div>
        {entered.length > 0 ? (
          <ol class="plan-moves" data-testid="plan-moves">
            {entered.map((move, i) => (
              <li key={i} class={i < at ? '' : 'ahead'}>
                <button type="button" class="link" aria-current={i + 1 === at ? 'step' : undefined} onClick={() => step(i + 1)} data-ply={i + 1}>
                  {sideAt(i, base.myTurn) === 'mine' ? 'You' : 'They'}: {move}
                </button>
              </li>
            ))}
          </ol>
        ) : (
          <p class="hint">No moves entered yet.</p>
        )}
        <p class="plan-add">
          <button type="button" onClick={add} disabled={!!problem || movedOn} aria-describedby={problem && at > 0 ? 'plan-problem' : undefined} data-testid="plan-add">
            Add line
          </button>{' '}
          {problem && at > 0 && (
            <span class="hint" id="plan-problem">
              {problem}
            </span>
          )}
        </p>
      </div>

      <h3 class="plan-heading">
        Your plan{saved !== null && `: ${count(lines.length)}`}
        {dirty && <span class="tag">not saved</span>}
      </h3>
      {saved === null ? (
        <p class="hint">Reading your plan…</p>
      ) : steps.length > 0 ? (
        <PlanList steps={steps} myTurn={base.myTurn} remove={remove} />
      ) : (
        <p class="hint" data-testid="plan-empty">No moves are planned.</p>
      )}
      <div class="plan-actions">
        <button type="button" onClick={save} disabled={busy || movedOn || !dirty} data-testid="plan-save">
          Save
        </button>
        <button type="button" class="quiet" onClick={clearAll} disabled={busy || saved === null || (lines.length === 0 && saved.length === 0)} data-testid="plan-clear">
          Clear all
        </button>
      </div>
      <div aria-live="polite" aria-atomic="true" data-testid="plan-said">
        {said && <p class={said.error ? 'error' : 'ok'}>{said.text}</p>}
      </div>
      {notSaved && notSaved.lines.length > 0 && (
        <details class="plan-not-saved" data-testid="plan-not-saved">
          <summary>The {count(notSaved.lines.length)} not saved</summary>
          <ul>
            {notSaved.lines.map((l) => (
              <li key={JSON.stringify(l)}>{lineWords(l, notSaved.myTurn)}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
