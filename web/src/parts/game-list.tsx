import { entryFor, gameName, seatName, useCatalog } from '../api/catalog';
import type { CatalogGame, GameSummary } from '../api/types';
import { reasonWords, seatLabel } from '../play/status';
import { seatRating } from './ratings';
import { listedWithoutVacation } from './vacation';

/** Whether `name` is to move in `game`. */
export function myTurn(game: GameSummary, name: string | undefined): boolean {
  return !!name && game.seats.some((s) => (s.kind === 'human' || s.kind === 'bot') && s.name === name && game.to_move.includes(s.seat));
}

/**
 * A player's unfinished games in the order they want them: the active ones
 * where it is their turn first, the one that has waited longest for them
 * first (as "next game" goes); then the other active ones, the most
 * recently changed first; then those waiting for players.
 */
export function myGamesInOrder(active: GameSummary[], waiting: GameSummary[], name: string): GameSummary[] {
  const mine = active.filter((g) => myTurn(g, name)).sort((a, b) => a.updated.localeCompare(b.updated));
  const theirs = active.filter((g) => !myTurn(g, name)).sort((a, b) => b.updated.localeCompare(a.updated));
  return [...mine, ...theirs, ...waiting];
}

/**
 * A list that grows by pages: the games shown with the next page after
 * them (a game already shown is not shown twice), and whether a further
 * page may follow (the page was full).
 */
export function withPage(shown: GameSummary[], page: GameSummary[], size: number): { games: GameSummary[]; more: boolean } {
  const seen = new Set(shown.map((g) => g.id));
  return { games: [...shown, ...page.filter((g) => !seen.has(g.id))], more: page.length >= size };
}

/**
 * How a listed game stands, in words: `your turn`, `bob to move`,
 * `waiting for players`, `Red (bob) won by resignation`, `a draw`.
 */
export function summaryState(game: GameSummary, me: string | undefined, entry: CatalogGame | null): string {
  if (myTurn(game, me)) return 'your turn';
  if (game.state === 'open') return 'waiting for players';
  const who = (label: string) => {
    const seat = game.seats.find((s) => s.seat === label);
    const name = seat && seat.kind !== 'open' ? seatLabel(seat) : null;
    return name ? `${seatName(entry, label)} (${name})` : seatName(entry, label);
  };
  const reason = reasonWords(game.status?.reason);
  if (game.state === 'finished') {
    if (game.status?.state === 'aborted') return 'called off';
    const winners = game.status?.winners ?? [];
    if (winners.length === 0) return `a draw${reason}`;
    return `${winners.map(who).join(' and ')} ${winners.length === 1 ? 'won' : 'shared the win'}${reason}`;
  }
  if (game.to_move.length === 1) {
    const seat = game.seats.find((s) => s.seat === game.to_move[0]);
    const name = seat && seat.kind !== 'open' ? seatLabel(seat) : seatName(entry, game.to_move[0]);
    return `${name} to move${game.ply > 0 ? ` · move ${game.ply + 1}` : ''}`;
  }
  return entry?.rounds ? `round ${game.ply}` : `move ${game.ply + 1}`;
}

/** A seat in a list: its name, who holds it, and their rating (`White: ann 1512?`). */
export function seatLine(entry: Parameters<typeof seatName>[0], seat: GameSummary['seats'][number]): string {
  const rating = seatRating(seat);
  return `${seatName(entry, seat.seat)}: ${seatLabel(seat)}${rating ? ` ${rating}` : ''}`;
}

/** A list of games, each a link to its page. */
export function GameList(props: { games: GameSummary[]; me?: string; empty: string; testid: string }) {
  const catalog = useCatalog();
  if (props.games.length === 0) return <p class="hint" data-testid={props.testid}>{props.empty}</p>;
  return (
    <ul class="games" data-testid={props.testid}>
      {props.games.map((game) => {
        const turn = myTurn(game, props.me);
        return (
          <li key={game.id} class={turn ? 'turn' : ''}>
            <a href={`/games/${game.id}`} data-game-id={game.id}>
              <strong>{gameName(catalog, game.game, game.variant)}</strong>
              <span class="who">
                {game.seats.map((s) => seatLine(entryFor(catalog, game.game, game.variant), s)).join(' · ')}
              </span>
              <span class="state">{summaryState(game, props.me, entryFor(catalog, game.game, game.variant))}</span>
              {game.private && <span class="tag">private</span>}
              {game.rated && <span class="tag">rated</span>}
              {typeof game.tournament === 'number' && <span class="tag">tournament</span>}
              {listedWithoutVacation(game) && <span class="tag">without vacation</span>}
              {game.rating_range && <span class="tag">{`${game.rating_range[0]}–${game.rating_range[1]}`}</span>}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
