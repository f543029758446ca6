// The home page's games: each game in a line for someone who has never
// played it, a small picture of its board at the start (the server's own
// board model, drawn by the one board), "Play now" against the computer
// and its rules.

import { useEffect, useState } from 'preact/hooks';
import { useCatalog } from '../api/catalog';
import * as api from '../api/client';
import { problemText } from '../api/problem';
import type { BoardModel, CatalogGame } from '../api/types';
import { Board } from '../boards/Board';
import { navigate } from '../router';
import { playAsGuest, useSession } from '../session';
import { DEFAULT_LEVEL, computerGame } from './play-now';

/** The games the shelf shows: each game once, in its default edition, with its other editions. */
export function shelfGames(games: readonly CatalogGame[]): { entry: CatalogGame; editions: CatalogGame[] }[] {
  const shelf: { entry: CatalogGame; editions: CatalogGame[] }[] = [];
  for (const entry of games) {
    const held = shelf.find((s) => s.entry.game === entry.game);
    if (held) held.editions.push(entry);
    else shelf.push({ entry, editions: [] });
  }
  return shelf;
}

const NOTHING: ReadonlySet<string> = new Set();

/** One game of the shelf. */
function ShelfGame(props: { entry: CatalogGame; editions: CatalogGame[] }) {
  const { entry } = props;
  const me = useSession();
  const [board, setBoard] = useState<BoardModel | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let gone = false;
    api.position({ game: entry.game, variant: entry.variant ?? undefined }).then((p) => !gone && setBoard(p.board), () => {});
    return () => {
      gone = true;
    };
  }, [entry.game, entry.variant]);
  const play = async () => {
    setBusy(true);
    setError(null);
    try {
      if (!me) await playAsGuest();
      const view = await api.createGame(computerGame(entry, DEFAULT_LEVEL));
      navigate(`/games/${view.id}`);
    } catch (e) {
      setError(problemText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li class="shelf-game" data-game={entry.game}>
      <div class="shelf-board" aria-hidden="true">
        {board && <Board board={board} flipped={false} targets={NOTHING} selected={[]} label={`${entry.name} at the start`} onPlace={() => {}} />}
      </div>
      <div class="shelf-words">
        <h3>{entry.name}</h3>
        <p data-testid={`summary-${entry.game}`}>{entry.summary}</p>
        <p class="shelf-links">
          <button type="button" onClick={() => void play()} disabled={busy} data-testid={`shelf-play-${entry.game}`}>
            Play now
          </button>{' '}
          <a href={entry.rules} data-testid={`shelf-rules-${entry.game}`}>Rules</a>
          {props.editions.map((e) => (
            <a key={e.rules} href={e.rules}>
              {e.variant ? `Rules of the ${e.variant} edition` : e.name}
            </a>
          ))}
        </p>
        {error && <p class="error" role="alert">{error}</p>}
      </div>
    </li>
  );
}

/** Every game, what it is, its board, a game against the computer and its rules. */
export function GameShelf() {
  const catalog = useCatalog();
  if (!catalog) return null;
  return (
    <section class="panel shelf">
      <h2>The games</h2>
      <ul data-testid="game-shelf">
        {shelfGames(catalog.games).map(({ entry, editions }) => (
          <ShelfGame key={entry.game} entry={entry} editions={editions} />
        ))}
      </ul>
    </section>
  );
}
