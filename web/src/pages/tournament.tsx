// A tournament's page: what it is and how it stands, what the viewer may
// do (join, leave or withdraw; the organiser: start it, remove a player),
// the standings, the crosstable and each round's games. It follows the
// tournament while it runs: every 30 seconds, and at once when the
// personal channel tells of it or of one of its games.

import { useEffect, useRef, useState } from 'preact/hooks';
import { gameName, useCatalog } from '../api/catalog';
import * as api from '../api/client';
import { problemText } from '../api/problem';
import type { PersonalMessage, TournamentView } from '../api/types';
import { PERSONAL_EVENT } from '../parts/notices';
import {
  actionsShown,
  byeText,
  cellText,
  crosstable,
  gamesText,
  kindName,
  mayRemove,
  paceText,
  pairingResult,
  pairingText,
  roundsText,
  scoreText,
  standingRows,
  startText,
  stateText,
  timeText,
  type Action,
} from '../parts/tournaments';
import { useSession } from '../session';

/** How often a tournament not over is fetched again, in milliseconds. */
const POLL = 30_000;

const ACTION_LABELS: Record<Action, string> = { join: 'Join', leave: 'Leave', withdraw: 'Withdraw', start: 'Start now' };

const ACTION_TITLES: Record<Action, string> = {
  join: 'Play in this tournament',
  leave: 'Leave this tournament before it starts',
  withdraw: 'Withdraw: you will not be paired again; your games played still count',
  start: 'Start the tournament now rather than at its time',
};

/** Links a player's name to their page. */
function PlayerLink(props: { name: string }) {
  return <a href={`/players/${encodeURIComponent(props.name)}`}>{props.name}</a>;
}

/** The standings (before the start, the players): rank, score and tiebreaks, each player removable by the organiser. */
function Standings(props: { view: TournamentView; me?: string; busy: boolean; remove(name: string): void }) {
  const { view } = props;
  const [confirming, setConfirming] = useState<string | null>(null);
  const rows = standingRows(view);
  const played = view.state !== 'upcoming';
  const removing = rows.some((p) => mayRemove(view, p));
  if (rows.length === 0) return <p class="hint">Nobody has joined yet.</p>;
  return (
    <div class="scroll">
      <table class="tallies standings">
        <thead>
          <tr>
            {played && <th scope="col">#</th>}
            <th scope="col" class="name">Player</th>
            <th scope="col">Rating</th>
            {played && (
              <>
                <th scope="col">Score</th>
                <th scope="col"><abbr title="Sonneborn–Berger: the scores of the opponents beaten, plus half those drawn">SB</abbr></th>
                <th scope="col"><abbr title="Buchholz: the opponents’ scores added up">Buchholz</abbr></th>
                <th scope="col"><abbr title="Head to head: points among the players tied with them">H2H</abbr></th>
              </>
            )}
            {removing && <th scope="col"><span class="visually-hidden">Remove</span></th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.name} data-player={p.name} class={`${p.withdrawn ? 'withdrawn' : ''} ${p.name === props.me ? 'you' : ''}`}>
              {played && <td>{p.rank}</td>}
              <th scope="row">
                <PlayerLink name={p.name} />
                {p.name === props.me && ' (you)'}
                {p.withdrawn && (
                  <>
                    {' '}
                    <span class="tag" data-testid="withdrawn">withdrawn</span>
                  </>
                )}
              </th>
              <td>{typeof p.rating === 'number' ? Math.round(p.rating) : '–'}</td>
              {played && (
                <>
                  <td data-testid="score">{scoreText(p.score)}</td>
                  <td>{scoreText(p.tiebreaks.sonneborn_berger)}</td>
                  <td>{scoreText(p.tiebreaks.buchholz)}</td>
                  <td>{scoreText(p.tiebreaks.head_to_head)}</td>
                </>
              )}
              {removing && (
                <td>
                  {mayRemove(view, p) &&
                    (confirming === p.name ? (
                      <span class="confirm" role="group" aria-label={`Confirm removing ${p.name}`}>
                        Remove {p.name}?{' '}
                        <button
                          type="button"
                          class="danger"
                          disabled={props.busy}
                          onClick={() => {
                            setConfirming(null);
                            props.remove(p.name);
                          }}
                        >
                          Yes, remove
                        </button>{' '}
                        <button type="button" onClick={() => setConfirming(null)}>No</button>
                      </span>
                    ) : (
                      <button type="button" class="link" onClick={() => setConfirming(p.name)} data-testid={`remove-${p.name}`}>
                        Remove<span class="visually-hidden"> {p.name}</span>
                      </button>
                    ))}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Each player's results against each other, from the rounds' finished games. */
function CrossTable(props: { view: TournamentView }) {
  const table = crosstable(props.view);
  return (
    <div class="scroll">
      <table class="tallies crosstable" data-testid="crosstable">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col" class="name">Player</th>
            {table.players.map((p, i) => (
              <th scope="col" key={p.name}>
                <abbr title={p.name}>{i + 1}</abbr>
              </th>
            ))}
            <th scope="col">Score</th>
          </tr>
        </thead>
        <tbody>
          {table.players.map((p, i) => (
            <tr key={p.name} data-player={p.name}>
              <td>{i + 1}</td>
              <th scope="row">{p.name}</th>
              {table.cells[i].map((cell, j) =>
                i === j ? (
                  <td key={j} class="self" />
                ) : (
                  <td key={j} data-against={table.players[j].name} title={cell.length > 0 ? `${p.name} against ${table.players[j].name}: ${cellText(cell)}` : undefined}>
                    {cell.map((r, k) => (
                      <span key={`${r.game}-${k}`}>
                        {k > 0 && ' '}
                        <a href={`/games/${r.game}`} title={`Round ${r.round}`}>{r.text}</a>
                      </span>
                    ))}
                  </td>
                ),
              )}
              <td>{scoreText(p.score)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The rounds, the latest first: each game with its result, and the byes. */
function Rounds(props: { view: TournamentView; me?: string }) {
  return (
    <>
      {[...props.view.rounds].reverse().map((round) => (
        <div class="round" key={round.number} data-round={round.number}>
          <h3>
            Round {round.number} <span class="hint">{round.state === 'running' ? 'playing' : 'finished'}</span>
          </h3>
          <ol class="pairings">
            {round.pairings.map((p) => {
              const mine = !!props.me && p.seats.includes(props.me);
              return (
                <li key={p.game} data-game-id={p.game} class={mine ? 'mine' : ''}>
                  <a href={`/games/${p.game}`} data-testid="pairing">{pairingText(p)}</a>{' '}
                  <span class="result" data-testid="pairing-result">{pairingResult(p)}</span>
                  {mine && <span class="tag">your game</span>}
                </li>
              );
            })}
          </ol>
          {round.byes.length > 0 && (
            <ul class="byes">
              {round.byes.map((b) => (
                <li key={b.name} data-testid="bye">
                  <PlayerLink name={b.name} />: {byeText(b.points)}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </>
  );
}

/** `/tournaments/{id}`. */
export function TournamentPage(props: { id: number }) {
  const me = useSession();
  const catalog = useCatalog();
  const [view, setView] = useState<TournamentView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const current = useRef<TournamentView | null>(null);
  current.current = view;

  const load = () =>
    api.getTournament(props.id).then(
      (v) => {
        setView(v);
        setProblem(null);
      },
      (e) => {
        if (e instanceof api.ApiError && e.status === 404) setProblem(`There is no tournament ${props.id}.`);
        else if (!current.current) setProblem(problemText(e));
      },
    );

  // What the viewer may do depends on who they are: fetched again when that changes.
  const viewer = me === undefined ? undefined : (me?.id ?? null);
  useEffect(() => {
    if (viewer === undefined) return;
    void load();
  }, [props.id, viewer]);

  useEffect(() => {
    if (!view || view.state === 'finished') return;
    const timer = setInterval(() => void load(), POLL);
    return () => clearInterval(timer);
  }, [props.id, view?.state]);

  // A notice of this tournament, or of a game of it: its standing changed.
  useEffect(() => {
    const onMessage = (event: Event) => {
      const message = (event as CustomEvent<PersonalMessage>).detail;
      if (message?.type !== 'notice') return;
      const { tournament, game } = message.notice;
      const ours = tournament === props.id || (!!game && !!current.current?.rounds.some((r) => r.pairings.some((p) => p.game === game)));
      if (ours) void load();
    };
    window.addEventListener(PERSONAL_EVENT, onMessage);
    return () => window.removeEventListener(PERSONAL_EVENT, onMessage);
  }, [props.id]);

  const act = (work: () => Promise<TournamentView>) => {
    setBusy(true);
    setRefusal(null);
    work()
      .then(setView, (e) => {
        setRefusal(problemText(e));
        void load();
      })
      .finally(() => setBusy(false));
  };
  const run = (action: Action) => {
    if (action === 'join') act(() => api.joinTournament(props.id));
    else if (action === 'leave' || action === 'withdraw') act(() => api.leaveTournament(props.id));
    else act(() => api.startTournament(props.id));
  };

  if (problem)
    return (
      <section class="panel">
        <h1>No such tournament</h1>
        <p role="alert">{problem}</p>
        <p>
          <a href="/tournaments">All tournaments</a>
        </p>
      </section>
    );
  if (!view) return <p class="panel">Loading…</p>;

  const actions = actionsShown(view.may);
  const myName = me?.name;
  return (
    <div class="tournament">
      <section class="panel" data-testid="tournament">
        <h1>{view.name}</h1>
        <p data-testid="tournament-facts">
          {gameName(catalog, view.game, view.variant)} · {kindName(view.kind)} · {roundsText(view)} · {paceText(view.kind, view.days_per_move)}
        </p>
        <p class="hint">
          Organised by <PlayerLink name={view.organiser} />
          {view.organiser === myName ? ' (you)' : ''} · {view.players.length}/{view.max_players} players ·{' '}
          <span data-testid="rated">{view.rated ? 'rated' : 'casual: not rated'}</span>
          {view.vacation ? '' : ' · vacations do not stop its clocks'}
        </p>
        <p class="status" data-testid="tournament-state" role="status">
          {stateText(view)}
        </p>
        <p class="hint">
          {startText(view)}
          {view.ended_at ? ` · ended ${timeText(view.ended_at)}` : ''}
          {gamesText(view) ? ` · ${gamesText(view)}` : ''}
          {view.state === 'upcoming' ? ': by itself if enough players have joined by then, else it is called off.' : '.'}
        </p>
        {view.called_off && <p class="notice" data-testid="called-off">Called off: {view.called_off}</p>}
        {view.joined && view.state !== 'finished' && <p class="notice">You are in this tournament.</p>}
        {(actions.length > 0 || confirmWithdraw) && (
          <div class="actions">
            {actions.map((action) =>
              action === 'withdraw' && confirmWithdraw ? (
                <span key={action} class="confirm" role="group" aria-label="Confirm withdrawing">
                  Withdraw from this tournament? You will not be paired again.{' '}
                  <button
                    type="button"
                    class="danger"
                    disabled={busy}
                    onClick={() => {
                      setConfirmWithdraw(false);
                      run('withdraw');
                    }}
                  >
                    Yes, withdraw
                  </button>{' '}
                  <button type="button" onClick={() => setConfirmWithdraw(false)}>No</button>
                </span>
              ) : (
                <button
                  key={action}
                  type="button"
                  disabled={busy}
                  title={ACTION_TITLES[action]}
                  data-testid={action}
                  onClick={() => (action === 'withdraw' ? setConfirmWithdraw(true) : run(action))}
                >
                  {ACTION_LABELS[action]}
                </button>
              ),
            )}
          </div>
        )}
        {me === null && view.state === 'upcoming' && (
          <p>
            <a href={`/signin?next=${encodeURIComponent(location.pathname)}`}>Sign in</a> to join.
          </p>
        )}
        {refusal && <p class="error" role="alert" data-testid="refusal">{refusal}</p>}
      </section>
      <section class="panel" data-testid="standings">
        <h2>{view.state === 'upcoming' ? 'Players' : 'Standings'}</h2>
        <Standings view={view} me={myName} busy={busy} remove={(name) => act(() => api.removeFromTournament(view.id, name))} />
      </section>
      {view.rounds.length > 0 && (
        <section class="panel">
          <h2>Crosstable</h2>
          <CrossTable view={view} />
          <p class="hint">Each row’s results against each column’s player: 1 a win, ½ a draw, 0 a loss; each links to its game.</p>
        </section>
      )}
      {view.rounds.length > 0 && (
        <section class="panel" data-testid="rounds">
          <h2>Rounds</h2>
          <Rounds view={view} me={myName} />
        </section>
      )}
      <p class="hint">
        <a href="/tournaments">All tournaments, and how they run</a>
      </p>
    </div>
  );
}
