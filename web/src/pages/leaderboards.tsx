// The leaderboards: for each game and edition, the 100 best-rated players
// whose rating is settled and who played a rated game lately; and what the
// numbers mean.

import { useEffect, useState } from 'preact/hooks';
import * as api from '../api/client';
import { useCatalog } from '../api/catalog';
import { problemText } from '../api/problem';
import type { LeaderboardEntry } from '../api/types';
import { allPools, poolName } from '../parts/ratings';

/** `/leaderboards` and `/leaderboards/{game}[/{edition}]`. */
export function LeaderboardsPage(props: { pool?: string }) {
  const catalog = useCatalog();
  const pools = allPools(catalog);
  const pool = props.pool ?? pools[0] ?? 'agog';
  const [lines, setLines] = useState<LeaderboardEntry[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setLines(null);
    setProblem(null);
    api.getLeaderboard(pool).then(setLines, (e) => setProblem(problemText(e)));
  }, [pool]);
  return (
    <div class="leaderboards">
      <section class="panel" data-testid="leaderboard">
        <h1>Leaderboard: {poolName(catalog, pool)}</h1>
        <nav class="pools" aria-label="Games">
          {pools.map((p) => (
            <a key={p} href={`/leaderboards/${p}`} aria-current={p === pool ? 'page' : undefined}>
              {poolName(catalog, p)}
            </a>
          ))}
        </nav>
        {problem && <p role="alert">{problem}</p>}
        {!problem && !lines && <p class="hint">Loading…</p>}
        {lines && lines.length === 0 && (
          <p class="hint" data-testid="leaderboard-empty">
            Nobody yet: a player is listed once their rating has settled (deviation 75 or less) and they have played a rated game in the
            last 90 days.
          </p>
        )}
        {lines && lines.length > 0 && (
          <table class="tallies">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Player</th>
                <th scope="col">Rating</th>
                <th scope="col">Deviation</th>
                <th scope="col">Rated games</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={l.name}>
                  <td>{l.rank}</td>
                  <th scope="row">
                    <a href={`/players/${encodeURIComponent(l.name)}`}>{l.name}</a>
                  </th>
                  <td>{Math.round(l.rating)}</td>
                  <td>±{Math.round(l.deviation)}</td>
                  <td>{l.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section class="panel" id="meaning">
        <h2>What the numbers mean</h2>
        <ul>
          <li>
            <strong>The rating</strong> estimates how strong a player is; everyone starts at 1500. 200 points above another player means
            scoring about 76 % against them.
          </li>
          <li>
            <strong>The deviation</strong> (±) says how sure the rating is: the player’s strength is within twice it, 95 times in 100. It
            shrinks with each rated game and grows again with time away.
          </li>
          <li>
            <strong>“?”</strong> marks a provisional rating, whose deviation is 110 or more: it still moves a lot with each game.
          </li>
          <li>
            Games against the computer, guests’ games, casual games and games called off or ended before both sides moved are not rated.
            A handicap is rated by what it is worth; a Single Capture Go game counts as a game against each other player, weighted so a
            game of twelve counts about as much as a game of two.
          </li>
        </ul>
      </section>
    </div>
  );
}
