// A player's page: their finished games counted per game and their recent
// games, for anyone to see.

import { useEffect, useState } from 'preact/hooks';
import * as api from '../api/client';
import { useCatalog } from '../api/catalog';
import { problemText } from '../api/problem';
import type { PlayerView } from '../api/types';
import { GameList } from '../parts/game-list';
import { RatingChart } from '../parts/rating-chart';
import { poolName } from '../parts/ratings';
import { tallyRows } from '../parts/tallies';
import { useSession } from '../session';

/** The day `time` (RFC 3339) in words: `25 November 2026`. */
function day(time: string): string {
  return new Date(time).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** `/players/{name}`: who they are, how their games went, what they play now. */
export function PlayerPage(props: { name: string }) {
  const me = useSession();
  const catalog = useCatalog();
  const [player, setPlayer] = useState<PlayerView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    setPlayer(null);
    setProblem(null);
    api.getPlayer(props.name).then(setPlayer, (e) =>
      setProblem(e instanceof api.ApiError && e.status === 404 ? `Nobody here is called ${props.name}.` : problemText(e)),
    );
  }, [props.name]);

  if (problem)
    return (
      <section class="panel">
        <h1>No such player</h1>
        <p role="alert">{problem}</p>
        <p>
          <a href="/">Back to the lobby</a>
        </p>
      </section>
    );
  if (!player) return <p class="panel">Loading…</p>;
  const rows = tallyRows(catalog, player.games);
  const isMe = me?.name === player.name;
  return (
    <div class="player">
      <section class="panel" data-testid="player">
        <h1>
          {player.name}
          {player.kind === 'bot' && (
            <span class="badge" data-testid="bot-badge" title="An engine plays this account">
              bot
            </span>
          )}
        </h1>
        <p class="hint">
          {player.kind === 'guest' ? 'A guest, here since' : player.kind === 'bot' ? 'A bot, playing here since' : 'Playing here since'}{' '}
          {day(player.created)}
          {isMe ? ' — this is you.' : '.'}
        </p>
        {me && !me.guest && !isMe && (player.kind === 'person' || player.kind === 'bot') && (
          <p>
            <a href={`/?invite=${encodeURIComponent(player.name)}#new-game`} data-testid="invite-player">Invite {player.name} to a game</a>
          </p>
        )}
        <h2>Finished games</h2>
        {rows.length === 0 ? (
          <p class="hint" data-testid="tallies">No game finished yet.</p>
        ) : (
          <table class="tallies" data-testid="tallies">
            <thead>
              <tr>
                <th scope="col">Game</th>
                <th scope="col">Played</th>
                <th scope="col">Won</th>
                <th scope="col">Lost</th>
                <th scope="col">Drawn</th>
                <th scope="col">Won, of played</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.game} data-game={row.game} class={row.game === 'all' ? 'total' : ''}>
                  <th scope="row">{row.name}</th>
                  <td>{row.played}</td>
                  <td>{row.won}</td>
                  <td>{row.lost}</td>
                  <td>{row.drawn}</td>
                  <td>{row.share}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section class="panel" data-testid="ratings">
        <h2>Ratings</h2>
        {Object.keys(player.ratings ?? {}).length === 0 ? (
          <p class="hint">No rated game yet.</p>
        ) : (
          <>
            <table class="tallies">
              <thead>
                <tr>
                  <th scope="col">Game</th>
                  <th scope="col">Rating</th>
                  <th scope="col">Deviation</th>
                  <th scope="col">Rated games</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(player.ratings ?? {}).map(([pool, r]) => (
                  <tr key={pool} data-pool={pool}>
                    <th scope="row">
                      <a href={`/leaderboards/${pool}`}>{poolName(catalog, pool)}</a>
                    </th>
                    <td>
                      {Math.round(r.rating)}
                      {r.provisional && <abbr title="provisional: the rating is still uncertain (deviation 110 or more)">?</abbr>}
                    </td>
                    <td>±{Math.round(r.deviation)}</td>
                    <td>{r.games}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {Object.keys(player.ratings ?? {}).map((pool) => (
              <figure key={pool} class="rating-figure">
                <figcaption>{poolName(catalog, pool)}</figcaption>
                <RatingChart name={player.name} pool={pool} title={`${player.name}'s rating in ${poolName(catalog, pool)}`} />
              </figure>
            ))}
          </>
        )}
        <p class="hint">
          <a href="/leaderboards">Leaderboards, and what the ratings mean</a>
        </p>
      </section>
      <section class="panel">
        <h2>Recent games</h2>
        <GameList games={player.recent} me={me?.name} empty="No games yet." testid="recent-games" />
      </section>
    </div>
  );
}
