// The account's sessions as the account page lists them: this browser's
// first, then the others newest first, each with when it began and was
// last used in words.

import type { SessionView } from '../api/types';

/** One line of the list. */
export interface SessionRow {
  id: number;
  /** "This browser" or "Another browser or bot", with the address it was started from when known. */
  label: string;
  /** "started 3 days ago, last used 2 hours ago". */
  when: string;
  current: boolean;
}

/** How long ago `then` was at `now` (milliseconds), in words. */
export function ago(then: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 60) return 'just now';
  const [n, unit] =
    seconds < 3600 ? [Math.round(seconds / 60), 'minute'] : seconds < 86_400 ? [Math.round(seconds / 3600), 'hour'] : [Math.round(seconds / 86_400), 'day'];
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** The rows for `sessions` at `now`. */
export function sessionRows(sessions: SessionView[], now: number): SessionRow[] {
  const order = [...sessions].sort((a, b) => Number(b.current) - Number(a.current) || Date.parse(b.created) - Date.parse(a.created));
  return order.map((s) => ({
    id: s.id,
    label: `${s.current ? 'This browser' : 'Another browser or bot'}${s.address ? `, from ${s.address}` : ''}`,
    when: `started ${ago(Date.parse(s.created), now)}, last used ${ago(Date.parse(s.last_used), now)}`,
    current: s.current,
  }));
}
