import { useEffect, useReducer, useRef, useState } from 'preact/hooks';
import { entryFor, seatName, useCatalog } from '../api/catalog';
import * as api from '../api/client';
import { ApiError } from '../api/client';
import { connectLive, type Live, type LiveState } from '../api/live';
import { problemText } from '../api/problem';
import type { BoardModel, ChatMessageView, GameView } from '../api/types';
import { PieceGlyph, ownerColour } from '../art';
import { Board } from '../boards/Board';
import { Legend } from '../boards/Legend';
import { ChatPanel, withMessage } from '../parts/chat';
import { OffersPanel } from '../parts/offers';
import { mayPlan } from '../parts/conditionals';
import { PlanningPanel } from '../parts/planning-board';
import { Countdown } from '../parts/clock';
import { MoveList } from '../parts/move-list';
import { RoundsPanel } from '../parts/rounds-panel';
import { buttonMoves, choiceWords, click, idleClick } from '../play/clicks';
import { initialState, reduce, shown } from '../play/game-state';
import { type MoveForm, formsDiffer, listedMoves, readMoveForm, saveMoveForm } from '../play/move-form';
import { remainingPlayers, seatLabel, statusText } from '../play/status';
import { seatRating } from '../parts/ratings';
import { type NextGame, isNextGameKey, nextGame, nextGameText, offersNextGame } from '../parts/next-game';
import { refusalLink } from '../rules/refusal';
import { getVacation } from '../api/vacation';
import { REFEREE_NOTE, asksVacation, ownVacationNote, seatVacation, showsWithoutVacation, vacationClock } from '../parts/vacation';
import { useSession } from '../session';
import { rememberInvite, withInvite } from '../api/invite';
import { navigate } from '../router';

/** A seat's mark: one of its pieces on the board, or a disc in its colour. */
function SeatMark(props: { board: BoardModel; seat: string }) {
  const piece = [...props.board.cells, ...props.board.spots].flatMap((p) => p.stack).find((p) => p.owner === props.seat && !p.pending);
  return (
    <svg viewBox="0 0 10 10" class="seat-mark" aria-hidden="true">
      {piece ? <PieceGlyph piece={piece} /> : <circle cx="5" cy="5" r="4" fill={ownerColour(props.seat)} />}
    </svg>
  );
}

/**
 * A seat whose invited player declined, as its creator sees it: invite
 * someone else to it, or open it to anyone (or call the game off, below).
 */
function RefillSeat(props: { seat: string; seatName: string; refill(work: (id: string, seat: string) => Promise<GameView>): void }) {
  const [name, setName] = useState('');
  const invite = (event: Event) => {
    event.preventDefault();
    const who = name.trim();
    if (who) props.refill((id, seat) => api.inviteToSeat(id, seat, who));
  };
  return (
    <form class="refill" onSubmit={invite} data-testid={`refill-${props.seat}`}>
      <input
        aria-label={`Invite someone else to ${props.seatName}`}
        placeholder="another player's name"
        autocomplete="off"
        value={name}
        onInput={(e) => setName(e.currentTarget.value)}
        data-testid={`reinvite-name-${props.seat}`}
      />
      <button type="submit" disabled={!name.trim()} data-testid={`reinvite-${props.seat}`}>Invite</button>
      <button type="button" onClick={() => props.refill(api.openSeat)} data-testid={`open-seat-${props.seat}`}>
        Open to anyone
      </button>
    </form>
  );
}

/** Whether the viewer sits in the second of two seats: the board is then drawn from their side. */
function seenFromSecondSeat(view: GameView): boolean {
  return view.seats.length === 2 && view.you.includes(view.seats[1].seat) && !view.you.includes(view.seats[0].seat);
}

/** `/games/{id}`: the board, the players, the moves, and playing. */
export function GamePage(props: { id: string }) {
  const me = useSession();
  const catalog = useCatalog();
  const [state, dispatch] = useReducer(reduce, initialState);
  const [missing, setMissing] = useState<string | null>(null);
  const [live, setLive] = useState<LiveState>('connecting');
  const [typed, setTyped] = useState('');
  const [confirmResign, setConfirmResign] = useState(false);
  const [copied, setCopied] = useState(false);
  const [chat, setChat] = useState<ChatMessageView[]>([]);
  const [moveForm, setMoveForm] = useState<MoveForm>(readMoveForm);
  // Where the last move sent came from: a refusal is shown beside it.
  const [sentFrom, setSentFrom] = useState<'board' | 'box'>('board');
  // Why the last click on the board did nothing.
  const [clickHint, setClickHint] = useState<string | null>(null);
  // A private game's invite link brings its code: it takes an open seat.
  const [inviteCode] = useState(() => {
    const code = new URLSearchParams(location.search).get('invite') ?? undefined;
    // Every read of a private game brings the code it was opened with.
    rememberInvite(props.id, code);
    return code;
  });
  const socket = useRef<Live | null>(null);
  const view = state.view;

  const fetchView = () =>
    api.getGame(props.id).then(
      (v) => dispatch({ type: 'view', view: v }),
      (e) => setMissing(e instanceof ApiError && e.status === 404 ? 'No game has this address.' : problemText(e)),
    );

  useEffect(() => {
    void fetchView();
    socket.current = connectLive(
      withInvite(props.id, `/api/games/${encodeURIComponent(props.id)}/live`),
      (message) => {
        if (message.type === 'view') dispatch({ type: 'view', view: message.view });
        else if (message.type === 'change') dispatch({ type: 'change', change: message });
        else if (message.type === 'error') dispatch({ type: 'refused', message: message.error.message, rule: message.error.rule });
        else if (message.type === 'chat') setChat((messages) => withMessage(messages, message.message));
      },
      setLive,
    );
    return () => socket.current?.close();
  }, [props.id]);

  // A change that did not follow the view held: fetch the view again.
  useEffect(() => {
    if (state.stale) void fetchView();
  }, [state.stale]);

  // The history (every position, to step through): fetched when the page
  // opens, then extended by each change; fetched again only when changes
  // came that it could not follow.
  useEffect(() => {
    if (!view || state.history) return;
    let gone = false;
    api.getHistory(view.id).then((history) => !gone && dispatch({ type: 'history', history }), () => {});
    return () => {
      gone = true;
    };
  }, [view?.id, state.history === null, view?.moves.length]);

  // The time from a move sent to the board redrawn with the answer.
  const ply = view?.ply;
  useEffect(() => {
    if (performance.getEntriesByName('move-sent').length === 0) return;
    requestAnimationFrame(() => {
      performance.measure('move-redrawn', 'move-sent');
      performance.clearMarks('move-sent');
    });
  }, [ply, view?.rounds?.my_play]);

  // A click's hint is for the position it was made in.
  useEffect(() => setClickHint(null), [ply]);

  // A refusal is brought into view (the page scrolled as little as it takes).
  useEffect(() => {
    if (state.error) document.querySelector('[data-testid=error]')?.scrollIntoView({ block: 'nearest' });
  }, [state.error]);

  // Arrow keys step through the game.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
      const to = { ArrowLeft: 'back', ArrowRight: 'forward', Home: 'first', End: 'live' }[event.key] as 'back' | 'forward' | 'first' | 'live' | undefined;
      if (to) {
        event.preventDefault();
        dispatch({ type: 'step', to });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // "Next game": once this game no longer waits for the player, the game
  // that has waited longest for them, read again as this one changes.
  const [next, setNext] = useState<NextGame | null>(null);
  const offerNext = !!view && offersNextGame(view);
  useEffect(() => {
    if (!view || !offerNext) {
      setNext(null);
      return;
    }
    let gone = false;
    api
      .gamesWaitingForMe()
      .then((waiting) => !gone && setNext(nextGame(waiting, view.id)))
      .catch(() => !gone && setNext(null));
    return () => {
      gone = true;
    };
  }, [view?.id, view?.version, offerNext]);
  useEffect(() => {
    if (!next) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const inField = !!target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA');
      if (isNextGameKey(event, inField)) {
        event.preventDefault();
        navigate(`/games/${encodeURIComponent(next.id)}`);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [next?.id]);

  // Single Capture Go keeps no vacation in its seats: its seated player
  // is told, if they are on vacation, that it does not stop this game.
  const [awayUntil, setAwayUntil] = useState<string | null>(null);
  const asks = !!view && asksVacation(view, !!me);
  useEffect(() => {
    if (!asks) {
      setAwayUntil(null);
      return;
    }
    let gone = false;
    getVacation().then(
      (v) => !gone && setAwayUntil(v.current?.until ?? null),
      () => !gone && setAwayUntil(null),
    );
    return () => {
      gone = true;
    };
  }, [view?.id, asks, me?.id]);

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

  const entry = entryFor(catalog, view.game, view.variant);
  const rounds = entry?.rounds ?? !!view.rounds;
  const show = shown(state);
  const board = show.board ?? view.board;
  const legal = show.live ? (view.legal ?? []) : [];
  const myMove = legal.length > 0;
  const flipped = seenFromSecondSeat(view);
  const title = entry?.name ?? view.game;

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
      dispatch({ type: 'refused', message: problemText(e), rule: e instanceof ApiError ? e.rule : null });
      if (e instanceof ApiError && e.status === 409) void fetchView();
    }
  };

  const onPlace = (place: string) => {
    if (state.sending) return;
    const playing = view.status.state === 'ongoing' && view.you.length > 0 && show.live && !rounds;
    if (!myMove) {
      setClickHint(playing ? idleClick(place, state.pick, { kind: 'pick', pick: state.pick }, false) : null);
      return;
    }
    setSentFrom('board');
    const result = click(legal, state.pick, place);
    setClickHint(idleClick(place, state.pick, result, true));
    if (result.kind === 'move') void send(result.move);
    else dispatch({ type: 'pick', pick: result.pick });
  };

  const onType = (event: Event) => {
    event.preventDefault();
    const move = typed.trim();
    if (!move) return;
    setSentFrom('box');
    void send(move);
  };

  const openSeats = view.status.state === 'open' ? view.seats.filter((s) => s.kind === 'open') : [];
  const shownView = (work: Promise<GameView>) =>
    work.then((v) => dispatch({ type: 'view', view: v }), (e) => dispatch({ type: 'refused', message: problemText(e) }));
  const mayTake = (kind: string, name: string | null | undefined) =>
    !!me && view.status.state === 'open' && view.you.length === 0 && (kind === 'open' || (kind === 'invited' && name === me.name));
  const creator = !!me && view.creator === me.name;
  const canCallOff = creator && (view.status.state === 'open' || view.status.state === 'ongoing') && view.moves.length === 0 && !(view.rounds && view.rounds.plays_in > 0);
  const inviteLink = view.invite ? `${location.origin}/games/${view.id}?invite=${encodeURIComponent(view.invite)}` : null;
  const invitedHere = view.seats.find((s) => s.kind === 'invited' && !!me && s.name === me.name);
  const canResign = !rounds && view.status.state === 'ongoing' && view.you.length > 0;
  const at = state.cursor ?? view.moves.length;
  const listed = listedMoves(view.moves, state.history, moveForm);
  const now = Date.now();
  const mySeatAway = view.seats.some((s) => view.you.includes(s.seat) && !!seatVacation(s, now));
  const refereeNote = asks && !!awayUntil && Date.parse(awayUntil) > now;
  const chooseForm = (form: MoveForm) => {
    setMoveForm(form);
    saveMoveForm(form);
  };

  const besideBox = sentFrom === 'box' && view.status.state === 'ongoing' && view.you.length > 0;
  // The last refusal, beside the board or the box the move came from, in
  // a live region a screen reader announces.
  const rulesAt = state.error ? refusalLink(entry, state.errorRule) : null;
  const refusal = (
    <div class="refusal" aria-live="assertive" aria-atomic="true">
      {state.error && (
        <p class="error" data-testid="error">
          {state.error}{' '}
          {rulesAt && <><a href={rulesAt} data-testid="error-rules">See the rules</a>{' '}</>}
          <button type="button" class="link" onClick={() => dispatch({ type: 'dismiss' })} aria-label="Dismiss">✕</button>
        </p>
      )}
    </div>
  );

  return (
    <div class="game-page">
      <div class="board-column">
        <div class="board-wrap" data-flipped={String(flipped)} data-ply={view.ply} data-shown-ply={at} data-position={show.live ? view.position : undefined}>
          <Board
            board={board}
            flipped={flipped}
            label={`${title} board`}
            targets={myMove && !state.sending ? state.pick.targets : new Set()}
            selected={state.pick.path}
            onPlace={onPlace}
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
            {state.pick.complete.map((entry) => (
              <button type="button" key={entry.move} onClick={() => send(entry.move)} data-move={entry.move} title={entry.move}>
                {choiceWords(entry)}
              </button>
            ))}
          </div>
        )}
        <p class="hint click-hint" role="status" data-testid="click-hint">{clickHint ?? ''}</p>
        {!besideBox && refusal}
        <Legend board={board} entry={entry} />
      </div>

      <aside class="side">
        <h1>{title}</h1>
        <p class="how-to-play"><a href={entry?.rules ?? `/rules/${view.game}`} data-testid="how-to-play">How to play</a></p>
        <p class="status" data-testid="status" role="status">{statusText(view, entry)}</p>
        <Countdown deadline={view.status.state === 'ongoing' ? (view.deadline ?? null) : null} label={rounds ? 'Round closes' : 'Time to move'} />
        {showsWithoutVacation(view) && (
          <p class="hint" data-testid="without-vacation">
            Played without vacation: the clock runs on while a player is away.
          </p>
        )}
        <ul class="seats">
          {view.seats.map((s) => (
            <li key={s.seat} class={`${view.to_move.includes(s.seat) && !rounds ? 'to-move' : ''} ${view.you.includes(s.seat) ? 'you' : ''}`}>
              <SeatMark board={view.board} seat={s.seat} />
              <span>{seatName(entry, s.seat)}</span>
              <span class="who">
                {(s.kind === 'human' || s.kind === 'bot') && s.name ? <a href={`/players/${encodeURIComponent(s.name)}`}>{seatLabel(s)}</a> : seatLabel(s)}
                {view.you.includes(s.seat) ? ' (you)' : ''}
                {seatRating(s) && (
                  <span class="rating" data-testid={`rating-${s.seat}`}>
                    {' '}
                    {seatRating(s)}
                  </span>
                )}
              </span>
              {seatVacation(s, now) && (
                <span class="away" data-testid={`vacation-${s.seat}`}>
                  {seatVacation(s, now)}
                </span>
              )}
              {mayTake(s.kind, s.name) && (
                <button type="button" data-testid={`take-${s.seat}`} onClick={() => shownView(api.takeSeat(view.id, s.seat, inviteCode))}>
                  {s.kind === 'invited' ? 'Accept' : 'Take this seat'}
                </button>
              )}
              {creator && view.status.state === 'open' && s.kind === 'declined' && (
                <RefillSeat seat={s.seat} seatName={seatName(entry, s.seat)} refill={(work) => shownView(work(view.id, s.seat))} />
              )}
              {s.kind === 'invited' && invitedHere?.seat === s.seat && (
                <button type="button" data-testid={`decline-${s.seat}`} onClick={() => shownView(api.declineSeat(view.id, s.seat))}>
                  Decline
                </button>
              )}
            </li>
          ))}
        </ul>
        {mySeatAway && (
          <p class="hint" data-testid="my-vacation">
            {ownVacationNote(vacationClock(view))} <a href="/account#vacation">Your vacation</a>
          </p>
        )}
        {refereeNote && (
          <p class="notice" data-testid="referee-note">
            {REFEREE_NOTE} <a href="/account#vacation">Your vacation</a>
          </p>
        )}
        <p class="hint" data-testid="rated">
          {view.rated ? 'Rated' : 'Casual: not rated'}
          {view.rating_range ? ` · open seats for ratings ${view.rating_range[0]} to ${view.rating_range[1]}` : ''}
        </p>
        {typeof view.tournament === 'number' && (
          <p class="hint" data-testid="tournament-game">
            <a href={`/tournaments/${view.tournament}`}>Tournament game</a>
          </p>
        )}
        {openSeats.length > 0 && me === null && (
          <p><a href={`/signin?next=${encodeURIComponent(location.pathname + location.search)}`}>Sign in</a> to take a seat.</p>
        )}
        {invitedHere && <p class="notice" data-testid="invited">You are invited to play this game: accept or decline.</p>}
        {view.private && !inviteLink && view.you.length === 0 && openSeats.length > 0 && me && !inviteCode && (
          <p class="hint">This game is private: its open seats are taken with its invite link.</p>
        )}
        {inviteLink && view.status.state === 'open' && (
          <div class="invite-link" data-testid="invite-link">
            <label for="invite-link">Invite link: whoever opens it may take an open seat</label>
            <input id="invite-link" readOnly value={inviteLink} onFocus={(e) => e.currentTarget.select()} />
            <button
              type="button"
              onClick={() => navigator.clipboard?.writeText(inviteLink).then(() => setCopied(true), () => setCopied(false))}
            >
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
        )}
        {view.you.length === 0 && view.status.state !== 'open' && <p class="hint">You are watching{live === 'open' ? ', live' : ''}.</p>}
        {next && (
          <p class="next-game">
            <a href={`/games/${encodeURIComponent(next.id)}`} data-testid="next-game" aria-keyshortcuts="n">
              {nextGameText(next)}
            </a>{' '}
            <kbd title="press n for the next game">n</kbd>
          </p>
        )}
        {live !== 'open' && <p class="hint" data-testid="connection">Reconnecting…</p>}

        {view.rounds && <RoundsPanel view={view} round={view.rounds} remaining={remainingPlayers(view)} />}

        <MoveList
          moves={listed}
          numbering={view.numbering}
          at={at}
          onStep={(to) => dispatch({ type: 'step', to })}
          form={formsDiffer(state.history) ? { shown: moveForm, choose: chooseForm } : undefined}
        />

        {view.status.state === 'ongoing' && view.you.length > 0 && (
          <form class="type-move" onSubmit={onType}>
            <label for="move-input">{rounds ? 'Your play' : 'Type a move'}</label>
            <input
              id="move-input"
              data-testid="move-input"
              autocomplete="off"
              spellcheck={false}
              title={entry?.notation}
              aria-describedby="notation-help"
              value={typed}
              onInput={(e) => setTyped(e.currentTarget.value)}
            />
            <button type="submit" disabled={!typed.trim() || !!state.sending}>{rounds ? 'Play' : 'Move'}</button>
            {buttonMoves(legal).map((entry) => (
              <button
                type="button"
                key={entry.move}
                onClick={() => {
                  setSentFrom('box');
                  void send(entry.move);
                }}
                data-testid={entry.move}
              >
                {entry.move.charAt(0).toUpperCase() + entry.move.slice(1)}
              </button>
            ))}
            {besideBox && refusal}
            {entry && <p class="hint" id="notation-help">{entry.notation}</p>}
          </form>
        )}

        {mayPlan(view) && <PlanningPanel key={view.id} view={view} entry={entry} flipped={flipped} reload={() => void fetchView()} />}

        <OffersPanel view={view} entry={entry} shown={(v) => dispatch({ type: 'view', view: v })} />

        <ChatPanel
          view={view}
          me={me}
          messages={chat}
          add={(message) => setChat((messages) => withMessage(messages, message))}
          load={(messages) => setChat((held) => messages.reduce(withMessage, held))}
        />

        <div class="actions">
          <a href={api.recordUrl(view.id)} download={`${view.game}-${view.id}.txt`} data-testid="record">Download the record</a>
          {canCallOff && (
            <button
              type="button"
              data-testid="call-off"
              title="Call the game off: nobody wins (only before its first move)"
              onClick={() => api.callOff(view.id).then(() => fetchView(), (e) => dispatch({ type: 'refused', message: problemText(e) }))}
            >
              Call off
            </button>
          )}
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
