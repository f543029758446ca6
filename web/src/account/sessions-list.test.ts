// The account page's list of sessions: order, labels and times in words.

import { describe, expect, it } from 'vitest';
import type { SessionView } from '../api/types';
import { ago, sessionRows } from './sessions-list';

const now = Date.parse('2026-11-25T12:00:00Z');
const session = (id: number, created: string, current = false, address: string | null = null): SessionView => ({
  id,
  created,
  last_used: created,
  current,
  address,
});

describe('the sessions list', () => {
  it('puts this browser first, then the newest', () => {
    const rows = sessionRows(
      [session(1, '2026-11-01T12:00:00Z', false, '192.0.2.1'), session(3, '2026-11-20T12:00:00Z', true), session(2, '2026-11-24T12:00:00Z')],
      now,
    );
    expect(rows.map((r) => r.id)).toEqual([3, 2, 1]);
    expect(rows.map((r) => r.label)).toEqual(['This browser', 'Another browser or bot', 'Another browser or bot, from 192.0.2.1']);
    expect(rows[0].when).toBe('started 5 days ago, last used 5 days ago');
  });
  it("names this browser's address too when known", () => {
    const rows = sessionRows([{ ...session(4, '2026-11-25T11:00:00Z', true, '198.51.100.7'), last_used: '2026-11-25T11:59:30Z' }], now);
    expect(rows).toEqual([{ id: 4, label: 'This browser, from 198.51.100.7', when: 'started 1 hour ago, last used just now', current: true }]);
  });
  it('says how long ago in words', () => {
    expect(ago(now - 5_000, now)).toBe('just now');
    expect(ago(now - 60_000, now)).toBe('1 minute ago');
    expect(ago(now - 3 * 3600_000, now)).toBe('3 hours ago');
    expect(ago(now - 86_400_000, now)).toBe('1 day ago');
    expect(ago(now + 10_000, now)).toBe('just now');
  });
});
