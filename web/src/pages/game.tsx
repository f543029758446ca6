import { useEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';
import * as api from '../api/client';
import { ApiError } from '../api/client';
import { connectLive, type Live, type LiveState } from '../api/live';
import { problemText } from '../api/problem';
import { Board } from '../boards/Board';
import { Legend } from '../boards/Legend';
import { scgColour } from '../boards/pieces';
import { Countdown } from '../parts/clock';
import { MoveList } from '../parts/move-list';
import { ScgPanel } from '../parts/scg-table';
import { initialState, reduce, shown } from '../play/game-state';
import { gameTitle, seatName, secondMovesFirst } from '../play/notation';
import { remainingPlayers, seatLabel, statusText } from '../play/status';
import { click, describeChoice, stepsOf } from '../play/steps';
import { useSession } from '../session';

/** `/games/{id}`: the board, the players, the moves, and playing. */
export function GamePage(props: { id: string }) {
  const me = useSession();
  const [state, dispatch] = useReducer(reduce, initialState);
  const [missing, setMissing] = useState<string | null>(null);
  const [live, setLive] = useState<LiveState>('connecting');
  const [typed, setTyped] = useState('');
  const [confirmResign, setConfirmResign] = useState(false);
  const socket = useRef<Live | null>(null);
  const view = state.view;

  useEffect(() => {
    api.getGame(props.id).then(
      (v) => dispatch({ type: 'view', view: v }),
      (e) => setMissing(e instanceof ApiError && e.status === 404 ? 'No game has this address.' : problemText(e)),
    );
    socket.current = connectLive(
      `/api/games/${encodeURIComponent(props.id)}/live`,
      (message) => {
        if (message.type === 'view') dispatch({ type: 'view', view: message.view });
        else if (message.type === 'error') dispatch({ type: 'refused', message: message.error.message });
      },
      setLive,
    );
    return () => socket.current?.close();
  }, [props.id]);

  // The history (the moves as the record writes them, every position to
  // step through), fetched again whenever the game has moved on.
  const moveCount = view?.moves.length;
  useEffect(() => {
    if (!view) return;
    if (state.history && state.history.plies.length === view.moves.length) return;
    let gone = false;
    api.getHistory(view.id).then((history) => !gone && dispatch({ type: 'history', history }), () => {});
    return () => {
      gone = true;
    };
  }, [view?.id, moveCount]);

  // The time from a move sent to the board redrawn with the answer.
  const ply = view?.ply;
  useEffect(() => {
    if (performance.getEntriesByName('move-sent').length === 0) return;
    requestAnimationFrame(() => {
      performance.measure('move-redrawn', 'move-sent');
      performance.clearMarks('move-sent');
    });
  }, [ply, view?.scg?.my_play]);

  // Arrow keys step through the game.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
      const to = { ArrowLeft: 'back', ArrowRight: 'forward', Home: 'first', End: 'live' }[event.key] as
        | 'back'
        | 'forward'
        | 'first'
        | 'live'
        | undefined;
      if (to) {
        event.preventDefault();
        dispatch({ type: 'step', to });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const show = shown(state);
  const secondFirst = useMemo(
    () => (view && state.history ? secondMovesFirst(view.game, state.history.start) : false),
    [view?.game, state.history?.start],
  );

  if (missing) {
    return (
      <section class="panel">
        <h1>Game not found</h1>
        <p data-testid="status">{missing}</p>
        <p><a href="/">Back to the lobby</a></p>
      </section>
    );
  }
  if (!view) return <p class="panel" data-testid="status">Loading the game…</p>;

  const legal = show.live ? (view.legal ?? []) : [];
  const myMove = legal.length > 0;
  const flipped = view.game !== 'scg' && view.you.length > 0 && !view.you.includes(view.seats[0]?.seat ?? '');
  const lastMoveSquares = show.lastMove ? stepsOf(view.game, show.lastMove) : [];

  const send = async (move: string) => {
    performance.clearMarks('move-sent');
    performance.mark('move-sent');
    dispatch({ type: 'sending', move });
    try {
      const answer = await api.playMove(view.id, move, view.ply);
      dispatch({ type: 'answered', view: answer });
      setTyped('');
    } catch (e) {
      performance.clearMarks('move-sent');
      const message = problemText(e);
      dispatch({ type: 'refused', message });
      if (e instanceof ApiError && e.status === 409) api.getGame(view.id).then((v) => dispatch({ type: 'view', view: v }), () => {});
    }
  };

  const onSquare = (square: string) => {
    if (!myMove || state.sending) return;
    const result = click(view.game, legal, state.pick, square);
    if (result.kind === 'move') void send(result.move);
    else dispatch({ type: 'pick', pick: result.pick });
  };

  const onType = (event: Event) => {
    event.preventDefault();
    const move = typed.trim();
    if (move) void send(move);
  };

  const openSeats = view.status.state === 'open' ? view.seats.filter((s) => s.kind === 'open') : [];
  const canResign = view.game !== 'scg' && view.status.state === 'ongoing' && view.you.length > 0;
  const title = `${gameTitle(view.game)}${view.variant && view.variant !== 'current' ? ` (${view.variant})` : ''}`;
  const at = state.cursor ?? view.moves.length;
  // The record's notation once the history has caught up; the view's long form until then.
  const recordMoves =
    state.history && state.history.plies.length === view.moves.length ? state.history.plies.map((p) => p.record) : view.moves;

  return (
    <div class={`game-page game-${view.game}`}>
      <div class="board-column">
        <div class="board-wrap" data-flipped={String(flipped)} data-ply={view.ply} data-shown-ply={at} data-position={show.position}>
          <Board
            game={view.game}
            variant={view.variant}
            position={show.position}
            flipped={flipped}
            targets={myMove && !state.sending ? state.pick.targets : new Set()}
            selected={state.pick.path}
            lastMove={lastMoveSquares}
            pending={show.live ? (view.scg?.my_play ?? null) : null}
            pendingLetter={view.you[0] ?? null}
            onSquare={onSquare}
          />
        </div>
        {!show.live && (
          <p class="notice" data-testid="stepping">
            Showing move {at} of {view.moves.length}.{' '}
            <button type="button" class="link" onClick={() => dispatch({ type: 'step', to: 'live' })}>Back to the game now</button>
          </p>
        )}
        {myMove && state.pick.complete.length > 0 && (
          <div class="choices" role="group" aria-label="Choose the move" data-testid="choices">
            {state.pick.complete.map((move) => (
              <button type="button" key={move} onClick={() => send(move)} data-move={move}>
                {describeChoice(view.game, move)}
              </button>
            ))}
          </div>
        )}
        {state.error && (
          <p class="error" role="alert" data-testid="error">
            {state.error}{' '}
            <button type="button" class="link" onClick={() => dispatch({ type: 'dismiss' })} aria-label="Dismiss">✕</button>
          </p>
        )}
        <Legend game={view.game} variant={view.variant} position={show.position} />
      </div>

      <aside class="side">
        <h1>{title}</h1>
        <p class="status" data-testid="status" role="status">{statusText(view)}</p>
        <Countdown deadline={view.status.state === 'ongoing' ? view.deadline : null} label={view.game === 'scg' ? 'Round closes' : 'Time to move'} />
        <ul class="seats">
          {view.seats.map((s) => (
            <li key={s.seat} class={`${view.to_move.includes(s.seat) && view.game !== 'scg' ? 'to-move' : ''} ${view.you.includes(s.seat) ? 'you' : ''}`}>
              <span
                class={`seat-mark seat-${view.game}-${s.seat}`}
                style={view.game === 'scg' ? { background: scgColour(s.seat) } : undefined}
                aria-hidden="true"
              />
              <span>{seatName(view.game, s.seat)}</span>
              <span class="who">{seatLabel(s)}{view.you.includes(s.seat) ? ' (you)' : ''}</span>
              {s.kind === 'open' && me && (
                <button type="button" onClick={() => api.takeSeat(view.id, s.seat).then((v) => dispatch({ type: 'view', view: v }), (e) => dispatch({ type: 'refused', message: problemText(e) }))}>
                  Take this seat
                </button>
              )}
            </li>
          ))}
        </ul>
        {openSeats.length > 0 && me === null && (
          <p><a href={`/signin?next=/games/${view.id}`}>Sign in</a> to take a seat.</p>
        )}
        {view.you.length === 0 && view.status.state !== 'open' && <p class="hint">You are watching{live === 'open' ? ', live' : ''}.</p>}
        {live !== 'open' && <p class="hint" data-testid="connection">Reconnecting…</p>}

        {view.scg && <ScgPanel view={view} remaining={remainingPlayers(view)} />}

        <MoveList game={view.game} moves={recordMoves} secondFirst={secondFirst} at={at} onStep={(to) => dispatch({ type: 'step', to })} />

        {view.status.state === 'ongoing' && view.you.length > 0 && (
          <form class="type-move" onSubmit={onType}>
            <label for="move-input">{view.game === 'scg' ? 'Your play' : 'Type a move'}</label>
            <input
              id="move-input"
              data-testid="move-input"
              autocomplete="off"
              spellcheck={false}
              placeholder={view.game === 'scg' ? 'e7' : view.game === 'agog' ? 'e2-e3 or b6' : view.game === 'ogama' ? 'T@c3, c3-d5' : 'c2-c4'}
              value={typed}
              onInput={(e) => setTyped(e.currentTarget.value)}
            />
            <button type="submit" disabled={!typed.trim() || !!state.sending}>{view.game === 'scg' ? 'Play' : 'Move'}</button>
            {legal.includes('pass') && (
              <button type="button" onClick={() => send('pass')} data-testid="pass">Pass</button>
            )}
          </form>
        )}

        <div class="actions">
          <a href={api.recordUrl(view.id)} download={`${view.game}-${view.id}.txt`} data-testid="record">Download the record</a>
          {canResign &&
            (confirmResign ? (
              <span class="confirm" role="group" aria-label="Confirm resigning">
                Resign this game?{' '}
                <button
                  type="button"
                  class="danger"
                  onClick={() => {
                    setConfirmResign(false);
                    api.resign(view.id).then((v) => dispatch({ type: 'view', view: v }), (e) => dispatch({ type: 'refused', message: problemText(e) }));
                  }}
                >
                  Yes, resign
                </button>{' '}
                <button type="button" onClick={() => setConfirmResign(false)}>No</button>
              </span>
            ) : (
              <button type="button" onClick={() => setConfirmResign(true)} data-testid="resign">Resign</button>
            ))}
        </div>
      </aside>
    </div>
  );
}
