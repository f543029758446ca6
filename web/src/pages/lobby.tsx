import { useEffect, useState } from 'preact/hooks';
import { entryFor, gameName, seatName, useCatalog } from '../api/catalog';
import * as api from '../api/client';
import { problemText } from '../api/problem';
import type { GameSummary } from '../api/types';
import { connectLive, type LiveState } from '../api/live';
import { GameList, myGamesInOrder, withPage } from '../parts/game-list';
import { NewGameForm } from '../parts/new-game';
import { GameShelf } from '../parts/game-shelf';
import { openForMe } from '../parts/ratings';
import { PERSONAL_EVENT } from '../parts/notices';
import { PlayNow } from '../parts/play-now';
import { navigate } from '../router';
import { useSession } from '../session';

/** How many finished games a page of the list shows. */
const FINISHED_PAGE = 10;

/** The games that invite the signed-in player, each to take or decline. */
function Invitations(props: { games: GameSummary[]; me: string; changed(): void }) {
  const catalog = useCatalog();
  const [error, setError] = useState<string | null>(null);
  const act = (work: Promise<unknown>, after: () => void) =>
    work.then(
      () => {
        setError(null);
        after();
      },
      (e) => setError(problemText(e)),
    );
  return (
    <section class="panel invitations">
      <h2>Invitations to you</h2>
      <ul class="games" data-testid="invitations">
        {props.games.map((game) => {
          const entry = entryFor(catalog, game.game, game.variant);
          const seat = game.seats.find((s) => s.kind === 'invited' && s.name === props.me);
          const from = game.seats.find((s) => s.kind === 'human')?.name;
          if (!seat) return null;
          return (
            <li key={game.id} data-game-id={game.id}>
              <a href={`/games/${game.id}`}>
                <strong>{gameName(catalog, game.game, game.variant)}</strong>
                <span class="who">
                  {from ? `from ${from}` : ''} · as {seatName(entry, seat.seat)}
                </span>
                {game.private && <span class="tag">private</span>}
              </a>
              <span class="invite-actions">
                <button type="button" data-testid="accept" onClick={() => act(api.takeSeat(game.id, seat.seat), () => navigate(`/games/${game.id}`))}>
                  Accept
                </button>{' '}
                <button type="button" data-testid="decline" onClick={() => act(api.declineSeat(game.id, seat.seat), props.changed)}>
                  Decline
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      {error && <p class="error" role="alert">{error}</p>}
    </section>
  );
}

/** The signed-in player's finished games, newest first, a page at a time. */
function FinishedGames(props: { me: string }) {
  const [list, setList] = useState<{ games: GameSummary[]; more: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = (shown: GameSummary[]) =>
    api.findGames({ state: 'finished', mine: true, limit: FINISHED_PAGE, after: shown[shown.length - 1]?.id }).then(
      (page) => setList(withPage(shown, page, FINISHED_PAGE)),
      (e) => setError(problemText(e)),
    );
  useEffect(() => {
    void load([]);
  }, [props.me]);
  if (!list) return error ? <p class="error" role="alert">{error}</p> : <p>Loading…</p>;
  return (
    <>
      <GameList games={list.games} me={props.me} empty="No finished games yet." testid="finished-games" />
      {list.more && (
        <button type="button" class="link" data-testid="more-finished" onClick={() => load(list.games)}>
          Show older games
        </button>
      )}
      {error && <p class="error" role="alert">{error}</p>}
    </>
  );
}

/**
 * `/`: invitations to the signed-in player first, their games (theirs to
 * move first), the open games, live, their finished games by pages, and a
 * new game.
 */
export function LobbyPage() {
  const me = useSession();
  const catalog = useCatalog();
  // A player's page links here to invite them: `/?invite=<name>`.
  const [inviting] = useState(() => new URLSearchParams(location.search).get('invite') ?? undefined);
  useEffect(() => {
    if (inviting && me) document.getElementById('new-game')?.scrollIntoView();
  }, [inviting, !!me]);
  const [open, setOpen] = useState<GameSummary[] | null>(null);
  const [mine, setMine] = useState<GameSummary[] | null>(null);
  const [invitations, setInvitations] = useState<GameSummary[]>([]);
  const [live, setLive] = useState<LiveState>('connecting');
  const [tick, setTick] = useState(0);
  // The player's ratings, to leave out the open games whose range leaves them out.
  const [ratings, setRatings] = useState<Record<string, { rating: number }>>({});
  useEffect(() => {
    if (!me || me.guest) return;
    api.getPlayer(me.name).then((p) => setRatings(p.ratings ?? {}), () => {});
  }, [me?.name]);

  useEffect(() => {
    api.listGames('open', false).then(setOpen, () => setOpen([]));
    const socket = connectLive(
      '/api/lobby/live',
      (message) => {
        if (message.type === 'lobby') {
          setOpen(message.games);
          setTick((t) => t + 1);
        }
      },
      setLive,
    );
    const timer = setInterval(() => setTick((t) => t + 1), 30_000);
    return () => {
      socket.close();
      clearInterval(timer);
    };
  }, []);

  // What the header's personal channel tells (an invitation, a turn, a
  // game over) changes the invitations and the player's games: fetch them.
  useEffect(() => {
    const refresh = () => setTick((t) => t + 1);
    window.addEventListener(PERSONAL_EVENT, refresh);
    return () => window.removeEventListener(PERSONAL_EVENT, refresh);
  }, []);

  useEffect(() => {
    if (!me) {
      setMine(null);
      setInvitations([]);
      return;
    }
    Promise.all([api.listGames('active', true), api.listGames('open', true)]).then(
      ([active, waiting]) => setMine(myGamesInOrder(active, waiting, me.name)),
      () => setMine([]),
    );
    api.findGames({ invited: true }).then(setInvitations, () => setInvitations([]));
  }, [me, tick]);

  return (
    <div class="lobby">
      <h1 class="visually-hidden">Arbiter: the lobby</h1>
      {me === null && (
        <section class="panel">
          <h2>Play now</h2>
          <PlayNow />
        </section>
      )}
      {me === null && <GameShelf />}
      {me && invitations.length > 0 && <Invitations games={invitations} me={me.name} changed={() => setTick((t) => t + 1)} />}
      {me && (
        <section class="panel">
          <h2>Your games</h2>
          {mine ? <GameList games={mine} me={me.name} empty="No games under way: start one below." testid="my-games" /> : <p>Loading…</p>}
        </section>
      )}
      <section class="panel">
        <h2>
          Open games <span class={`live ${live}`} title={`live updates: ${live}`} />
        </h2>
        {open ? <GameList games={me ? openForMe(me.guest ? open.filter((g) => !g.rated) : open, ratings, catalog) : open} me={me?.name} empty="No game is waiting for players." testid="open-games" /> : <p>Loading…</p>}
      </section>
      <section class="panel" id="new-game">
        <h2>New game</h2>
        {me ? (
          <NewGameForm guest={me.guest} inviting={me.guest ? undefined : inviting} />
        ) : me === null ? (
          <>
            <p>
              <a href="/signin">Sign in</a> or <a href="/signup">sign up</a> to play others and invite friends; anyone may watch.
            </p>
          </>
        ) : null}
      </section>
      {me && <GameShelf />}
      {me && (
        <section class="panel">
          <h2>Your finished games</h2>
          <FinishedGames me={me.name} />
        </section>
      )}
    </div>
  );
}
