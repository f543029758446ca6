import { useEffect, useState } from 'preact/hooks';
import * as api from '../api/client';
import type { GameSummary } from '../api/types';
import { connectLive, type LiveState } from '../api/live';
import { GameList, myGamesInOrder } from '../parts/game-list';
import { NewGameForm } from '../parts/new-game';
import { useSession } from '../session';

/** `/`: the open games, live; the signed-in player's games, theirs to move first; a new game. */
export function LobbyPage() {
  const me = useSession();
  const [open, setOpen] = useState<GameSummary[] | null>(null);
  const [mine, setMine] = useState<GameSummary[] | null>(null);
  const [live, setLive] = useState<LiveState>('connecting');
  const [tick, setTick] = useState(0);

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

  useEffect(() => {
    if (!me) {
      setMine(null);
      return;
    }
    Promise.all([api.listGames('active', true), api.listGames('open', true), api.listGames('finished', true)]).then(
      ([active, waiting, finished]) => setMine(myGamesInOrder(active, waiting, finished, me.name)),
      () => setMine([]),
    );
  }, [me, tick]);

  return (
    <div class="lobby">
      <h1 class="visually-hidden">Arbiter: the lobby</h1>
      {me && (
        <section class="panel">
          <h2>Your games</h2>
          {mine ? <GameList games={mine} me={me.name} empty="No games yet: start one below." testid="my-games" /> : <p>Loading…</p>}
        </section>
      )}
      <section class="panel">
        <h2>
          Open games <span class={`live ${live}`} title={`live updates: ${live}`} />
        </h2>
        {open ? <GameList games={open} me={me?.name} empty="No game is waiting for players." testid="open-games" /> : <p>Loading…</p>}
      </section>
      <section class="panel">
        <h2>New game</h2>
        {me ? (
          <NewGameForm />
        ) : me === null ? (
          <p>
            <a href="/signin">Sign in</a> or <a href="/signup">sign up</a> to start a game; anyone may watch.
          </p>
        ) : null}
      </section>
    </div>
  );
}
