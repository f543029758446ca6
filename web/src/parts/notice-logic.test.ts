import { describe, expect, it } from 'vitest';
import { isKept, noticeHref, noticeTag, titled, unread, wantsAlert, withNotice } from './notice-logic';

const notice = (id: number, kind = 'your_turn', game: string | null = 'g1', tournament?: number) => ({
  id,
  kind,
  game,
  tournament,
  text: `n${id}`,
  at: '2026-11-25T00:00:00Z',
});

describe('notices', () => {
  it('puts the count in front of the title, once', () => {
    expect(titled('Arbiter', 2)).toBe('(2) Arbiter');
    expect(titled('(2) Arbiter', 3)).toBe('(3) Arbiter');
    expect(titled('(3) How to play Ogama · Arbiter', 0)).toBe('How to play Ogama · Arbiter');
  });

  it('keeps the newest notices once each and counts the unseen', () => {
    let list = withNotice([], notice(1));
    list = withNotice(list, notice(3));
    list = withNotice(list, notice(2));
    list = withNotice(list, notice(3));
    expect(list.map((n) => n.id)).toEqual([3, 2, 1]);
    for (let id = 4; id < 30; id += 1) list = withNotice(list, notice(id));
    expect(list.length).toBe(20);
    expect(unread(list, 25)).toBe(4);
  });

  it('lists no notice sent live only (a turn, numbered 0), yet alerts on it', () => {
    const live = notice(0);
    expect(isKept(live)).toBe(false);
    expect(withNotice([notice(1)], live).map((n) => n.id)).toEqual([1]);
    expect(wantsAlert(live, true, '/', false)).toBe(true);
  });

  it('alerts on a turn only when switched on and not already at that game', () => {
    expect(wantsAlert(notice(1), false, '/', false)).toBe(false);
    expect(wantsAlert(notice(1), true, '/', false)).toBe(true);
    expect(wantsAlert(notice(1), true, '/games/g1', false)).toBe(false);
    expect(wantsAlert(notice(1), true, '/games/g1', true), 'the tab is hidden').toBe(true);
    expect(wantsAlert(notice(1, 'round_open'), true, '/', false)).toBe(true);
    expect(wantsAlert(notice(1, 'chat'), true, '/', false)).toBe(false);
  });

  it('leads to the game, else to the tournament, of a notice', () => {
    expect(noticeHref(notice(1))).toBe('/games/g1');
    expect(noticeHref(notice(1, 'tournament_round', 'g7', 4)), 'a round names the person’s game in it').toBe('/games/g7');
    expect(noticeHref(notice(1, 'tournament_round', null, 4))).toBe('/tournaments/4');
    expect(noticeHref({ tournament: 4 })).toBe('/tournaments/4');
    expect(noticeHref({ tournament: 0 })).toBe('/tournaments/0');
    expect(noticeHref({ game: 'a b' })).toBe('/games/a%20b');
    expect(noticeHref({})).toBeNull();
  });

  it('lists and counts a tournament’s notice, without a game, yet never alerts on it', () => {
    const over = notice(5, 'tournament_over', null, 4);
    expect(withNotice([notice(1)], over).map((n) => n.id)).toEqual([5, 1]);
    expect(unread([over], 4)).toBe(1);
    expect(wantsAlert(over, true, '/', true)).toBe(false);
    expect(wantsAlert(notice(6, 'tournament_round', null, 4), true, '/', false)).toBe(false);
  });

  it('lists a planned reply played or a planned line dropped, named as such, yet never alerts on either', () => {
    const played = notice(7, 'conditional_played', 'g3');
    const dropped = notice(8, 'conditional_dropped', 'g3');
    expect(withNotice(withNotice([notice(1)], played), dropped).map((n) => n.id)).toEqual([8, 7, 1]);
    expect(noticeTag('conditional_played')).toBe('Planned reply played');
    expect(noticeTag('conditional_dropped')).toBe('Planned line dropped');
    expect(noticeTag('your_turn')).toBeNull();
    expect(noticeHref(played)).toBe('/games/g3');
    expect(noticeHref(dropped), 'to plan again').toBe('/games/g3#plan');
    expect(wantsAlert(played, true, '/', true)).toBe(false);
    expect(wantsAlert(dropped, true, '/', true)).toBe(false);
  });

  it('lists a vacation started by itself, named as such, leading to the account page to end it, yet never alerts on it', () => {
    const started = notice(9, 'vacation', 'g4');
    expect(withNotice([notice(1)], started).map((n) => n.id)).toEqual([9, 1]);
    expect(noticeTag('vacation')).toBe('Vacation started');
    expect(noticeHref(started), 'not its game: the vacation is ended on the account page').toBe('/account#vacation');
    expect(noticeHref({ kind: 'vacation', game: null })).toBe('/account#vacation');
    expect(wantsAlert(started, true, '/', true)).toBe(false);
  });
});
