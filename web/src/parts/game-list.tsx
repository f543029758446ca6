import { entryFor, gameName, seatName, useCatalog } from '../api/catalog';
import type { GameSummary } from '../api/types';
import { seatLabel } from '../play/status';

/** Whether `name` is to move in `game`. */
export function myTurn(game: GameSummary, name: string | undefined): boolean {
  return !!name && game.seats.some((s) => (s.kind === 'human' || s.kind === 'bot') && s.name === name && game.to_move.includes(s.seat));
}

/**
 * A player's unfinished games in the order they want them: the active ones
 * where it is their turn first, then the other active ones, each most
 * recently changed first; then those waiting for players.
 */
export function myGamesInOrder(active: GameSummary[], waiting: GameSummary[], name: string): GameSummary[] {
  const byTurn = [...active].sort((a, b) => Number(myTurn(b, name)) - Number(myTurn(a, name)) || b.updated.localeCompare(a.updated));
  return [...byTurn, ...waiting];
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
                {game.seats.map((s) => `${seatName(entryFor(catalog, game.game, game.variant), s.seat)}: ${seatLabel(s)}`).join(' · ')}
              </span>
              <span class="state">
                {turn ? 'your turn' : game.state === 'open' ? 'waiting for players' : game.state === 'finished' ? 'over' : `move ${game.ply}`}
              </span>
              {game.private && <span class="tag">private</span>}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
