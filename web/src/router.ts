// The client's addresses, in the browser's history: `/`, `/signin`,
// `/signup`, `/account`, `/verify`, `/reset`, `/games/{id}`, `/players/{name}`,
// `/leaderboards` and `/leaderboards/{game}[/{edition}]`, `/tournaments`
// and `/tournaments/{id}`,
// `/rules/{game}` and `/rules/{game}/{edition}` (the catalog's rules pages).

import { useEffect, useState } from 'preact/hooks';

/** A page the client shows. */
export type Route =
  | { page: 'lobby' }
  | { page: 'signin' }
  | { page: 'signup' }
  | { page: 'account' }
  | { page: 'verify' }
  | { page: 'reset' }
  | { page: 'game'; id: string }
  | { page: 'player'; name: string }
  | { page: 'leaderboards'; pool?: string }
  | { page: 'tournaments' }
  | { page: 'tournament'; id: number }
  | { page: 'rules'; game: string; variant?: string }
  | { page: 'missing'; path: string };

/** `text` with its %-escapes decoded, or null if they are not valid. */
function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The route of an address's path. */
export function routeOf(path: string): Route {
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === '/') return { page: 'lobby' };
  if (clean === '/signin') return { page: 'signin' };
  if (clean === '/signup') return { page: 'signup' };
  if (clean === '/account') return { page: 'account' };
  if (clean === '/verify') return { page: 'verify' };
  if (clean === '/reset') return { page: 'reset' };
  const game = /^\/games\/([^/]+)$/.exec(clean);
  const id = game && decoded(game[1]);
  if (id) return { page: 'game', id };
  const player = /^\/players\/([^/]+)$/.exec(clean);
  const name = player && decoded(player[1]);
  if (name) return { page: 'player', name };
  if (clean === '/leaderboards') return { page: 'leaderboards' };
  const board = /^\/leaderboards\/([^/]+(?:\/[^/]+)?)$/.exec(clean);
  const pool = board && decoded(board[1]);
  if (pool) return { page: 'leaderboards', pool };
  if (clean === '/tournaments') return { page: 'tournaments' };
  const tournament = /^\/tournaments\/(\d{1,15})$/.exec(clean);
  if (tournament) return { page: 'tournament', id: Number(tournament[1]) };
  const rules = /^\/rules\/([^/]+)(?:\/([^/]+))?$/.exec(clean);
  const ruled = rules && decoded(rules[1]);
  const edition = rules?.[2] === undefined ? undefined : decoded(rules[2]);
  if (ruled && edition !== null) return edition === undefined ? { page: 'rules', game: ruled } : { page: 'rules', game: ruled, variant: edition };
  return { page: 'missing', path };
}

/** Goes to `path` without reloading the page. */
export function navigate(path: string, replace = false): void {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
  window.scrollTo(0, 0);
}

/** The current route, following the browser's history. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => routeOf(location.pathname));
  useEffect(() => {
    const update = () => setRoute(routeOf(location.pathname));
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return route;
}

/** Follows a same-site link's click in the page instead of loading it anew. */
export function onLinkClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
  // A link to a part of this page: the browser goes there itself.
  if (url.hash && url.pathname === location.pathname && url.search === location.search) return;
  event.preventDefault();
  navigate(url.pathname + url.search + url.hash);
}
