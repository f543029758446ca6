// Play now, with no account: a visitor picks a game and the computer's
// level, and plays at once as a guest (signing up later keeps the game).

import { useState } from 'preact/hooks';
import { useCatalog } from '../api/catalog';
import * as api from '../api/client';
import { problemText } from '../api/problem';
import type { CatalogGame, NewGame } from '../api/types';
import { navigate } from '../router';
import { playAsGuest } from '../session';

/** The computer's level a new game offers first, in "Play now" and in the form alike. */
export const DEFAULT_LEVEL = 3;

/** The game a visitor starts against the computer at `level`: a game of rounds closes each round as soon as every play is in. */
export function computerGame(entry: CatalogGame, level: number): NewGame {
  const request: NewGame = { game: entry.game, seats: [{ account: 'me' }, { computer: level }] };
  if (entry.variant) request.variant = entry.variant;
  if (entry.rounds) request.clock = { close_early: true };
  return request;
}

/** The home page's "play now": a guest's game against the computer, at a click. */
export function PlayNow() {
  const catalog = useCatalog();
  const [chosen, setChosen] = useState(0);
  const [level, setLevel] = useState(DEFAULT_LEVEL);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!catalog) return <p class="hint">Loading the games…</p>;
  const start = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await playAsGuest();
      const view = await api.createGame(computerGame(catalog.games[chosen], level));
      navigate(`/games/${view.id}`);
    } catch (e) {
      setError(problemText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="play-now" onSubmit={start} data-testid="play-now">
      <p>Play the computer at once, no account needed; sign up later to keep your games.</p>
      <div class="row">
        <label>
          Game
          <select name="play-now-game" value={chosen} onChange={(e) => setChosen(Number(e.currentTarget.value))}>
            {catalog.games.map((g, i) => (
              <option key={`${g.game}/${g.variant ?? ''}`} value={i}>{g.name}</option>
            ))}
          </select>
        </label>
        <label>
          The computer's level
          <select name="play-now-level" value={level} onChange={(e) => setLevel(Number(e.currentTarget.value))}>
            {Array.from({ length: 10 }, (_, l) => l + 1).map((l) => (
              <option key={l} value={l}>level {l}</option>
            ))}
          </select>
        </label>
      </div>
      {error && <p class="error" role="alert">{error}</p>}
      <button type="submit" disabled={busy} data-testid="play-now-start">Play now</button>
    </form>
  );
}
