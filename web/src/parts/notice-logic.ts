// The pure parts of the personal channel's notices: the tab's title with
// the count, what is new, where a notice leads, and whether it calls for
// the browser's notification and sound.

import type { NoticeView } from '../api/types';

/** The key under which the newest notice seen is kept in this browser. */
export const SEEN_KEY = 'arbiter.notices.seen';
/** The key of the turn alerts' switch (off unless set to `on`). */
export const ALERTS_KEY = 'arbiter.turn-alerts';
/** How many notices the list keeps. */
export const LIST_LENGTH = 20;

/** `title` with the count of games waiting in front, as "(2) Arbiter"; a count of 0 shows none. */
export function titled(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\) /, '');
  return count > 0 ? `(${count}) ${bare}` : bare;
}

/**
 * Whether `notice` is one the server keeps (and lists): a "your move"
 * notice is sent live only, numbered 0; the count tells it for good.
 */
export function isKept(notice: Pick<NoticeView, 'id'>): boolean {
  return notice.id > 0;
}

/** `list` with `notice` added once, newest first, at most LIST_LENGTH long; a notice not kept is not listed. */
export function withNotice(list: readonly NoticeView[], notice: NoticeView): NoticeView[] {
  if (!isKept(notice) || list.some((n) => n.id === notice.id)) return [...list];
  return [notice, ...list].sort((a, b) => b.id - a.id).slice(0, LIST_LENGTH);
}

/** How many notices of `list` are newer than the one numbered `seen`. */
export function unread(list: readonly NoticeView[], seen: number): number {
  return list.filter((n) => n.id > seen).length;
}

/**
 * Where a notice leads: its game's page, else its tournament's (a
 * tournament's notice names a game only when it is the person's game of
 * a round); null for neither. A planned line dropped leads to the game's
 * planning board, to plan again; a vacation started by itself to the
 * account page's vacation part, to end it.
 */
export function noticeHref(notice: Pick<NoticeView, 'game' | 'tournament'> & { kind?: string }): string | null {
  if (notice.kind === 'vacation') return '/account#vacation';
  if (notice.game) return `/games/${encodeURIComponent(notice.game)}${notice.kind === 'conditional_dropped' ? '#plan' : ''}`;
  if (notice.tournament !== undefined && notice.tournament !== null) return `/tournaments/${notice.tournament}`;
  return null;
}

/**
 * A few words naming what a notice is about, for the kinds whose text
 * is about something done for the person rather than by them (a move, a
 * vacation started); null for the others.
 */
export function noticeTag(kind: string): string | null {
  if (kind === 'conditional_played') return 'Planned reply played';
  if (kind === 'conditional_dropped') return 'Planned line dropped';
  if (kind === 'vacation') return 'Vacation started';
  return null;
}

/**
 * Whether `notice` calls for a browser notification and a sound: the
 * person turned alerts on, it is their turn (or a round waits for their
 * play), and they are not already looking at that game.
 */
export function wantsAlert(notice: Pick<NoticeView, 'kind' | 'game' | 'tournament'>, alertsOn: boolean, path: string, hidden: boolean): boolean {
  if (!alertsOn) return false;
  if (notice.kind !== 'your_turn' && notice.kind !== 'round_open') return false;
  return hidden || path !== noticeHref(notice);
}
