import { describe, expect, it } from 'vitest';
import {
  REFEREE_NOTE,
  allowanceText,
  asksVacation,
  hoursInYear,
  hoursText,
  localToRfc3339,
  notStoppedRows,
  notStoppedSummary,
  onVacationText,
  ownVacationNote,
  rfc3339,
  seatVacation,
  listedWithoutVacation,
  showsWithoutVacation,
  spanText,
  toLocalInput,
  untilAfter,
  vacationClock,
  vacationProblem,
  vacationTime,
} from './vacation';

const HOUR = 3_600_000;
// Tuesday 24 November 2026, 18:00 UTC.
const NOW = Date.UTC(2026, 10, 24, 18, 0);

describe('a moment in words', () => {
  it('names the weekday, the day, the month and the time in UTC', () => {
    expect(vacationTime('2026-11-24T18:00:00Z', NOW)).toBe('Tue 24 Nov, 18:00 UTC');
    expect(vacationTime('2026-11-27T09:05:00Z', NOW)).toBe('Fri 27 Nov, 09:05 UTC');
    expect(vacationTime('2026-11-24T19:30:00+01:00', NOW), 'an offset is read, and the moment told in UTC').toBe('Tue 24 Nov, 18:30 UTC');
  });

  it('adds the year when it is not this one', () => {
    expect(vacationTime('2027-01-01T00:00:00Z', NOW)).toBe('Fri 1 Jan 2027, 00:00 UTC');
  });

  it('leaves a text that is no time as it is', () => {
    expect(vacationTime('soon', NOW)).toBe('soon');
  });

  it('says a player is on vacation until when', () => {
    expect(onVacationText('2026-11-27T18:00:00Z', NOW)).toBe('on vacation until Fri 27 Nov, 18:00 UTC');
    expect(seatVacation({ vacation_until: '2026-11-27T18:00:00Z' }, NOW)).toBe('on vacation until Fri 27 Nov, 18:00 UTC');
  });

  it('says nothing of a seat without a vacation, or with one that has run out', () => {
    expect(seatVacation({}, NOW)).toBeNull();
    expect(seatVacation({ vacation_until: null }, NOW)).toBeNull();
    expect(seatVacation({ vacation_until: '2026-11-24T18:00:00Z' }, NOW)).toBeNull();
    expect(seatVacation({ vacation_until: '2026-11-20T18:00:00Z' }, NOW)).toBeNull();
  });
});

describe('the days left', () => {
  it('tells hours as days and hours', () => {
    expect(hoursText(72)).toBe('3 days');
    expect(hoursText(29)).toBe('1 day and 5 hours');
    expect(hoursText(1)).toBe('1 hour');
    expect(hoursText(5)).toBe('5 hours');
    expect(hoursText(0)).toBe('no time');
    expect(hoursText(-3)).toBe('no time');
  });

  it('tells the days left this year and the allowance', () => {
    expect(allowanceText({ hours_left: 651, allowance: 30, year: 2026 })).toBe('27 days and 3 hours left in 2026, of 30 days a year');
    expect(allowanceText({ hours_left: 0, allowance: 30, year: 2026 })).toBe('No vacation days left in 2026, of 30 days a year');
    expect(allowanceText({ hours_left: 24, allowance: 1, year: 2027 })).toBe('1 day left in 2027, of 1 day a year');
  });

  it('counts the hours of a year as the server does, a part hour whole', () => {
    expect(hoursInYear(NOW, NOW + 3 * 24 * HOUR, 2026)).toBe(72);
    expect(hoursInYear(NOW, NOW + 90 * 60_000, 2026)).toBe(2);
    // From 30 December 12:00 to 2 January 12:00: 36 hours in each year.
    const from = Date.UTC(2026, 11, 30, 12);
    const until = Date.UTC(2027, 0, 2, 12);
    expect(hoursInYear(from, until, 2026)).toBe(36);
    expect(hoursInYear(from, until, 2027)).toBe(36);
    expect(hoursInYear(from, until, 2028)).toBe(0);
  });
});

describe('a vacation started now for some days or hours', () => {
  it('ends that many days or hours from now, in RFC 3339', () => {
    expect(untilAfter(NOW, '3', 'days')).toEqual({ until: '2026-11-27T18:00:00Z' });
    expect(untilAfter(NOW, ' 1.5 ', 'days')).toEqual({ until: '2026-11-26T06:00:00Z' });
    expect(untilAfter(NOW, '1,5', 'days'), 'a decimal comma').toEqual({ until: '2026-11-26T06:00:00Z' });
    expect(untilAfter(NOW, '12', 'hours')).toEqual({ until: '2026-11-25T06:00:00Z' });
    expect(untilAfter(NOW + 500, '1', 'hours'), 'to the second').toEqual({ until: '2026-11-24T19:00:00Z' });
  });

  it('refuses what is not a number, or less than an hour, or longer than a year', () => {
    expect(untilAfter(NOW, '', 'days')).toEqual({ problem: 'How many days? Type a number, such as 3.' });
    expect(untilAfter(NOW, 'three', 'hours')).toEqual({ problem: 'How many hours? Type a number, such as 3.' });
    expect(untilAfter(NOW, '-2', 'days')).toHaveProperty('problem');
    expect(untilAfter(NOW, '0.5', 'hours')).toEqual({ problem: 'A vacation lasts at least an hour.' });
    expect(untilAfter(NOW, '0', 'days')).toEqual({ problem: 'A vacation lasts at least an hour.' });
    expect(untilAfter(NOW, '400', 'days')).toEqual({ problem: 'A vacation lasts at most 366 days.' });
  });
});

describe('what is wrong with a vacation before it is asked for', () => {
  it('finds nothing wrong with one within the days left', () => {
    expect(vacationProblem(NOW, NOW + 72 * HOUR, NOW, 72)).toBeNull();
    expect(vacationProblem(NOW + 24 * HOUR, NOW + 48 * HOUR, NOW, 30)).toBeNull();
    expect(vacationProblem(NOW - 30_000, NOW + HOUR, NOW, 30), 'a clock a little ahead').toBeNull();
  });

  it('refuses more hours than are left this year, saying how many are', () => {
    expect(vacationProblem(NOW, NOW + 73 * HOUR, NOW, 72)).toBe("That takes 3 days and 1 hour of this year's days; you have 3 days left.");
    expect(vacationProblem(NOW, NOW + 2 * HOUR, NOW, 0)).toBe('You have no vacation days left this year.');
  });

  it("counts only this year's part against this year's days", () => {
    const from = Date.UTC(2026, 11, 31, 0);
    expect(vacationProblem(from, from + 72 * HOUR, NOW, 24), 'two of the three days fall in 2027').toBeNull();
    expect(vacationProblem(from, from + 72 * HOUR, NOW, 23)).toContain('you have 23 hours left');
  });

  it('refuses one in the past, shorter than an hour, or without its times', () => {
    expect(vacationProblem(NOW - 2 * HOUR, NOW + HOUR, NOW, 100)).toBe('A vacation cannot begin in the past.');
    expect(vacationProblem(NOW + HOUR, NOW + HOUR + 59 * 60_000, NOW, 100)).toContain('at least an hour');
    expect(vacationProblem(NOW + 2 * HOUR, NOW + HOUR, NOW, 100), 'an end before the beginning').toContain('at least an hour');
    expect(vacationProblem(Number.NaN, NOW + HOUR, NOW, 100)).toBe('Give when the vacation begins and when it ends.');
  });
});

describe('the times of the booking form', () => {
  it('writes a moment as the server takes it, to the second', () => {
    expect(rfc3339(NOW)).toBe('2026-11-24T18:00:00Z');
    expect(rfc3339(NOW + 1_999)).toBe('2026-11-24T18:00:01Z');
  });

  it("reads a datetime-local field in the browser's own time, and back", () => {
    expect(localToRfc3339('2026-11-24T18:00')).toBe(rfc3339(new Date(2026, 10, 24, 18, 0).getTime()));
    expect(localToRfc3339('2026-11-24T18:00:30')).toBe(rfc3339(new Date(2026, 10, 24, 18, 0, 30).getTime()));
    expect(toLocalInput(new Date(2026, 10, 24, 8, 5).getTime())).toBe('2026-11-24T08:05');
    expect(localToRfc3339(toLocalInput(NOW))).toBe('2026-11-24T18:00:00Z');
  });

  it('reads nothing from an empty field or one that is no time', () => {
    expect(localToRfc3339('')).toBeNull();
    expect(localToRfc3339('tomorrow')).toBeNull();
    expect(localToRfc3339('2026-13-45T99:00')).toBeNull();
  });

  it('tells a stretch, and one that started by itself', () => {
    const span = { from: '2026-12-01T09:00:00Z', until: '2026-12-05T09:00:00Z', auto: false };
    expect(spanText(span, NOW)).toBe('Tue 1 Dec, 09:00 UTC to Sat 5 Dec, 09:00 UTC');
    expect(spanText({ ...span, auto: true }, NOW)).toBe('Tue 1 Dec, 09:00 UTC to Sat 5 Dec, 09:00 UTC (started by itself)');
  });
});

describe('the games a vacation does not stop', () => {
  it('links each to its page with its reason as a sentence', () => {
    const rows = notStoppedRows([
      { game: 'ab12', reason: 'made without vacation: its clock runs on' },
      { game: 'c d', reason: "a Single Capture Go game: the referee's deadlines are the game's and do not stop." },
    ]);
    expect(rows).toEqual([
      { id: 'ab12', href: '/games/ab12', label: 'Game ab12', reason: 'Made without vacation: its clock runs on.' },
      { id: 'c d', href: '/games/c%20d', label: 'Game c d', reason: "A Single Capture Go game: the referee's deadlines are the game's and do not stop." },
    ]);
  });

  it('says whether there are any', () => {
    expect(notStoppedSummary(0)).toContain('stops the clock of each');
    expect(notStoppedSummary(1)).toBe('A vacation does not stop this game of yours:');
    expect(notStoppedSummary(3)).toBe('A vacation does not stop these 3 games of yours:');
  });
});

describe('what a game page says of vacations', () => {
  const game = { game: 'sage', you: ['r'], status: { state: 'ongoing' }, deadline: '2026-11-27T18:00:00Z', vacation: false };

  it('says "without vacation" for a game under way with a time per move whose clock runs on', () => {
    expect(showsWithoutVacation(game)).toBe(true);
    expect(showsWithoutVacation({ ...game, you: [] }), 'to a spectator too').toBe(true);
  });

  it('says nothing of a game that stops, has no clock, is not under way, is played in rounds, or of a server that does not say', () => {
    expect(showsWithoutVacation({ ...game, vacation: true })).toBe(false);
    expect(showsWithoutVacation({ ...game, vacation: undefined })).toBe(false);
    expect(showsWithoutVacation({ ...game, deadline: null }), 'no time per move').toBe(false);
    expect(showsWithoutVacation({ ...game, deadline: null, days_per_move: 3, status: { state: 'open' } }), 'before anyone joins').toBe(true);
    expect(listedWithoutVacation({ vacation: false, days_per_move: 3 })).toBe(true);
    expect(listedWithoutVacation({ vacation: false }), 'no clock at all').toBe(false);
    expect(listedWithoutVacation({ vacation: true, days_per_move: 3 })).toBe(false);
    expect(showsWithoutVacation({ ...game, status: { state: 'over' } })).toBe(false);
    expect(showsWithoutVacation({ ...game, game: 'scg' })).toBe(false);
    expect(showsWithoutVacation({ ...game, rounds: { round: 1 } })).toBe(false);
  });

  it("asks a seated, signed-in player of Single Capture Go under way whether they are on vacation, and nobody else", () => {
    const scg = { ...game, game: 'scg', you: ['A'] };
    expect(asksVacation(scg, true)).toBe(true);
    expect(asksVacation(scg, false)).toBe(false);
    expect(asksVacation({ ...scg, you: [] }, true)).toBe(false);
    expect(asksVacation({ ...scg, status: { state: 'over' } }, true)).toBe(false);
    expect(asksVacation(game, true), 'a turn-based game shows the seat itself').toBe(false);
    expect(REFEREE_NOTE).toBe("Your vacation does not stop this game: the referee's deadlines are the game's.");
  });

  it('tells a player on vacation whether their clock stands still', () => {
    expect(vacationClock({ ...game, vacation: true })).toBe('stops');
    expect(vacationClock(game)).toBe('runs');
    expect(vacationClock({ ...game, deadline: null }), 'no clock').toBe('none');
    expect(ownVacationNote('stops')).toContain('your clock in this game stands still');
    expect(ownVacationNote('runs')).toContain('made without vacation: its clock runs on');
    expect(ownVacationNote('none')).toBe('You are on vacation. A move of yours ends it.');
  });
});
