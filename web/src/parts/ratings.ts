// Ratings as players read them: a seat's rating with "?" while provisional
// and the change a rated game made, the rating pools (a game and edition),
// a rating range, and the points of a rating chart.

import { gameName } from '../api/catalog';
import type { Catalog, SeatView } from '../api/types';

/** A new player's rating. */
export const NEW_RATING = 1500;

/** A seat's rating as shown beside its player: `1500?`, `1623`, `1623 (+12)`; empty where none. */
export function seatRating(seat: Pick<SeatView, 'rating' | 'provisional' | 'rating_change'>): string {
  if (seat.rating === undefined || seat.rating === null) return '';
  const shown = `${seat.rating}${seat.provisional ? '?' : ''}`;
  const change = seat.rating_change;
  if (change === undefined || change === null) return shown;
  return `${shown} (${change > 0 ? '+' : change < 0 ? '−' : '±'}${Math.abs(change)})`;
}

/** The pool a game of `game` in edition `variant` is rated in: the game, with the edition when not the catalog's first. */
export function poolOf(catalog: Catalog | null, game: string, variant?: string | null): string {
  const editions = catalog?.games.filter((g) => g.game === game) ?? [];
  const first = editions[0]?.variant ?? null;
  return !variant || variant === first ? game : `${game}/${variant}`;
}

/** Every pool of the catalog, in its order. */
export function allPools(catalog: Catalog | null): string[] {
  return [...new Set((catalog?.games ?? []).map((g) => poolOf(catalog, g.game, g.variant)))];
}

/** A pool's name for people: the game's, with its edition. */
export function poolName(catalog: Catalog | null, pool: string): string {
  const [game, variant] = pool.split('/');
  return gameName(catalog, game, variant ?? null);
}

/** Whether a player rated `rating` (none: not rated yet) may take a seat of a game with `range`. */
export function inRange(range: readonly number[] | null | undefined, rating: number | null | undefined): boolean {
  if (!range) return true;
  const mine = Math.round(rating ?? NEW_RATING);
  return mine >= range[0] && mine <= range[1];
}

/** A rating range as typed in the new-game form (`1400`, `1700`): the pair, null for none, or the problem in words. */
export function readRange(low: string, high: string): [number, number] | null | string {
  const [a, b] = [low.trim(), high.trim()];
  if (a === '' && b === '') return null;
  const lo = a === '' ? 0 : Number(a);
  const hi = b === '' ? 4000 : Number(b);
  if (!Number.isInteger(lo) || !Number.isInteger(hi) || lo < 0 || hi > 4000) return 'A rating range is two whole numbers from 0 to 4000.';
  if (lo > hi) return 'The lowest rating of the range is above the highest.';
  return [lo, hi];
}

/** One point of a chart, in the chart's coordinates. */
export interface ChartPoint {
  x: number;
  y: number;
  rating: number;
  at: string;
}

/** A rating chart: the points, the polyline through them, and the ratings of its grid lines with their heights. */
export interface Chart {
  points: ChartPoint[];
  line: string;
  grid: { rating: number; y: number }[];
}

/** The chart of `history` (oldest first) in a box `width` × `height` with `pad` on every side: time along, rating up. */
export function ratingChart(history: { at: string; rating: number }[], width: number, height: number, pad = 24): Chart {
  if (history.length === 0) return { points: [], line: '', grid: [] };
  const times = history.map((p) => Date.parse(p.at));
  const ratings = history.map((p) => p.rating);
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  let [r0, r1] = [Math.min(...ratings), Math.max(...ratings)];
  // At least 100 points of rating tall, centred on the ratings shown.
  if (r1 - r0 < 100) {
    const mid = (r0 + r1) / 2;
    [r0, r1] = [mid - 50, mid + 50];
  }
  const step = niceStep((r1 - r0) / 4);
  const [low, high] = [Math.floor(r0 / step) * step, Math.ceil(r1 / step) * step];
  const x = (t: number, i: number) =>
    t1 > t0 ? pad + ((t - t0) / (t1 - t0)) * (width - 2 * pad) : history.length > 1 ? pad + (i / (history.length - 1)) * (width - 2 * pad) : width / 2;
  const y = (r: number) => height - pad - ((r - low) / (high - low)) * (height - 2 * pad);
  const points = history.map((p, i) => ({ x: round(x(times[i], i)), y: round(y(p.rating)), rating: p.rating, at: p.at }));
  const grid = [];
  for (let r = low; r <= high + 1e-9; r += step) grid.push({ rating: r, y: round(y(r)) });
  return { points, line: points.map((p) => `${p.x},${p.y}`).join(' '), grid };
}

/** A round step for grid lines near `rough`: 10, 20, 25, 50, 100… */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(rough, 1)));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= rough) return m * power;
  return 10 * power;
}

/** `v` to a tenth. */
function round(v: number): number {
  return Math.round(v * 10) / 10;
}

/** The open games a signed-in player is shown: those whose rating range (if any) holds their rating in the game's pool; `ratings` by pool (a pool not there: not rated yet). */
export function openForMe<G extends { game: string; variant?: string | null; rating_range?: number[] | null }>(
  games: G[],
  ratings: Record<string, { rating: number }>,
  catalog: Catalog | null,
): G[] {
  return games.filter((g) => inRange(g.rating_range, ratings[poolOf(catalog, g.game, g.variant)]?.rating));
}
