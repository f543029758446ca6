// Vacations as the pages show them: a moment in words ("Tue 24 Nov,
// 18:00 UTC"), the days left, a vacation's end worked out from the days or
// hours typed, what is wrong with a vacation before it is asked for, and
// the games a vacation does not stop. Pure: nothing here reads the clock
// (`now` is given) or asks the server anything.

import type { NotStopped, VacationSpan, VacationView } from '../api/types';

const HOUR = 3_600_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The longest vacation the form offers to start at once, in days (a year's allowance is never more). */
export const LONGEST_DAYS = 366;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A moment (RFC 3339) in words, in UTC as the server counts vacations:
 * "Tue 24 Nov, 18:00 UTC"; with its year when that is not the year of
 * `now` ("Fri 1 Jan 2027, 00:00 UTC"). The text itself when it is not a
 * time.
 */
export function vacationTime(at: string, now: number): string {
  const ms = Date.parse(at);
  if (Number.isNaN(ms)) return at;
  const d = new Date(ms);
  const year = d.getUTCFullYear() === new Date(now).getUTCFullYear() ? '' : ` ${d.getUTCFullYear()}`;
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}${year}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}

/** "on vacation until Tue 24 Nov, 18:00 UTC". */
export function onVacationText(until: string, now: number): string {
  return `on vacation until ${vacationTime(until, now)}`;
}

/**
 * What a game's page says beside a seat whose player is on vacation
 * (`vacation_until`), or null: no vacation, or one that has run out
 * (the game has not been told yet).
 */
export function seatVacation(seat: { vacation_until?: string | null }, now: number): string | null {
  const until = seat.vacation_until;
  if (!until) return null;
  const ms = Date.parse(until);
  if (!Number.isNaN(ms) && ms <= now) return null;
  return onVacationText(until, now);
}

/** A number of hours in days and hours: "3 days", "1 day and 5 hours", "5 hours", "no time". */
export function hoursText(hours: number): string {
  const h = Math.max(0, Math.round(hours));
  const days = Math.floor(h / 24);
  const rest = h % 24;
  const dayWords = days > 0 ? `${days} day${days === 1 ? '' : 's'}` : '';
  const hourWords = rest > 0 ? `${rest} hour${rest === 1 ? '' : 's'}` : '';
  if (dayWords && hourWords) return `${dayWords} and ${hourWords}`;
  return dayWords || hourWords || 'no time';
}

/** "27 days and 3 hours left in 2026, of 30 days a year". */
export function allowanceText(view: Pick<VacationView, 'hours_left' | 'allowance' | 'year'>): string {
  const left = view.hours_left > 0 ? `${hoursText(view.hours_left)} left` : 'No vacation days left';
  return `${left} in ${view.year}, of ${view.allowance} day${view.allowance === 1 ? '' : 's'} a year`;
}

/** The first moment of the calendar year `year` (UTC), in milliseconds. */
function yearStart(year: number): number {
  return Date.UTC(year, 0, 1);
}

/** The hours of the stretch `from`..`until` (milliseconds) that fall in the calendar year `year` (UTC), a part hour counted whole, as the server counts them. */
export function hoursInYear(from: number, until: number, year: number): number {
  const start = Math.max(from, yearStart(year));
  const end = Math.min(until, yearStart(year + 1));
  return end <= start ? 0 : Math.ceil((end - start) / HOUR);
}

/** A moment in milliseconds as the server takes it: RFC 3339 in UTC, to the second ("2026-11-24T18:00:00Z"). */
export function rfc3339(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** A `datetime-local` field's text ("2026-11-24T18:00", the browser's own time) as RFC 3339 in UTC; null when empty or not a time. */
export function localToRfc3339(text: string): string | null {
  const t = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(t)) return null;
  const ms = new Date(t).getTime();
  return Number.isNaN(ms) ? null : rfc3339(ms);
}

/** A moment in milliseconds as a `datetime-local` field shows it, in the browser's own time, to the minute ("2026-11-24T18:00"). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** How long a vacation started now lasts, as the form reads it: a number typed and its unit. */
export type LengthUnit = 'days' | 'hours';

/**
 * When a vacation of `amount` `unit`s started at `now` ends (RFC 3339),
 * or what is wrong with the amount: a number ("3", "1.5", "1,5") of at
 * least an hour and at most LONGEST_DAYS days.
 */
export function untilAfter(now: number, amount: string, unit: LengthUnit): { until: string } | { problem: string } {
  const text = amount.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text) && !/^\.\d+$/.test(text)) return { problem: `How many ${unit}? Type a number, such as 3.` };
  const hours = Number(text) * (unit === 'days' ? 24 : 1);
  if (hours < 1) return { problem: 'A vacation lasts at least an hour.' };
  if (hours > LONGEST_DAYS * 24) return { problem: `A vacation lasts at most ${LONGEST_DAYS} days.` };
  return { until: rfc3339(now + hours * HOUR) };
}

/**
 * What is wrong with a vacation from `from` until `until` (milliseconds)
 * asked for at `now`, with `hoursLeft` hours left this year; null when
 * nothing the page can tell is (the server checks the rest: another
 * vacation overlapping, next year's days).
 */
export function vacationProblem(from: number, until: number, now: number, hoursLeft: number): string | null {
  if (Number.isNaN(from) || Number.isNaN(until)) return 'Give when the vacation begins and when it ends.';
  // A minute's grace, as the server gives: a clock a little ahead.
  if (from < now - 60_000) return 'A vacation cannot begin in the past.';
  if (until - from < HOUR) return 'A vacation lasts at least an hour: its end comes an hour or more after its beginning.';
  const year = new Date(now).getUTCFullYear();
  const used = hoursInYear(from, until, year);
  if (used > hoursLeft) {
    return hoursLeft > 0
      ? `That takes ${hoursText(used)} of this year's days; you have ${hoursText(hoursLeft)} left.`
      : 'You have no vacation days left this year.';
  }
  return null;
}

/** A vacation's stretch in words: "Tue 1 Dec, 09:00 UTC to Sat 5 Dec, 09:00 UTC", and whether it started by itself. */
export function spanText(span: Pick<VacationSpan, 'from' | 'until' | 'auto'>, now: number): string {
  return `${vacationTime(span.from, now)} to ${vacationTime(span.until, now)}${span.auto ? ' (started by itself)' : ''}`;
}

/** A game a vacation does not stop, as the account page lists it: a link to it and why. */
export interface NotStoppedRow {
  id: string;
  href: string;
  /** "Game 7xQ2". */
  label: string;
  /** The server's reason, as a sentence: "Made without vacation: its clock runs on." */
  reason: string;
}

/** The reason `text` as a sentence: its first letter a capital, a full stop at its end. */
function sentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  const capital = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** The games a vacation does not stop, each with a link and its reason. */
export function notStoppedRows(list: readonly NotStopped[]): NotStoppedRow[] {
  return list.map((g) => ({ id: g.game, href: `/games/${encodeURIComponent(g.game)}`, label: `Game ${g.game}`, reason: sentence(g.reason) }));
}

/** What the account page says above the games a vacation does not stop. */
export function notStoppedSummary(count: number): string {
  if (count === 0) return 'A vacation stops the clock of each of your running games with days per move.';
  return count === 1 ? 'A vacation does not stop this game of yours:' : `A vacation does not stop these ${count} games of yours:`;
}

/** What of a game's view tells what it says of vacations. */
export interface VacationGame {
  game: string;
  you: readonly string[];
  status: { state: string };
  deadline?: string | null;
  vacation?: boolean;
  days_per_move?: number | null;
  rounds?: unknown;
}

/** Whether a game is played in rounds whose deadlines are the referee's (Single Capture Go): a vacation never stops them. */
export function refereeDeadlines(view: Pick<VacationGame, 'game' | 'rounds'>): boolean {
  return view.game === 'scg' || !!view.rounds;
}

/**
 * Whether a game's page says "without vacation" by its clock: a
 * turn-based game with a time per move, waiting for players or under
 * way, whose clock does not stop for vacations (shown before anyone
 * takes a seat).
 */
export function showsWithoutVacation(view: VacationGame): boolean {
  const timed = typeof view.days_per_move === 'number' || !!view.deadline;
  const live = view.status.state === 'ongoing' || view.status.state === 'open';
  return view.vacation === false && !refereeDeadlines(view) && live && timed;
}

/** Whether a game in a list is marked "without vacation": a time per move that a vacation does not stop. */
export function listedWithoutVacation(game: { vacation?: boolean; days_per_move?: number | null }): boolean {
  return game.vacation === false && typeof game.days_per_move === 'number';
}

/** Whether a Single Capture Go game's page asks whether its seated viewer is on vacation (to tell them it does not stop the game). */
export function asksVacation(view: VacationGame, signedIn: boolean): boolean {
  return signedIn && refereeDeadlines(view) && view.you.length > 0 && view.status.state === 'ongoing';
}

/** What a Single Capture Go game's page tells a player on vacation. */
export const REFEREE_NOTE = "Your vacation does not stop this game: the referee's deadlines are the game's.";

/** How a game's clock meets a vacation: it stands still, it runs on (made without vacation), or there is none. */
export type VacationClock = 'stops' | 'runs' | 'none';

/** How the clock of a turn-based game meets a vacation. */
export function vacationClock(view: VacationGame): VacationClock {
  if (view.vacation === true) return 'stops';
  return showsWithoutVacation(view) ? 'runs' : 'none';
}

/** What a game's page tells a player on vacation of their own clock in it: whether it stands still, and that a move ends the vacation. */
export function ownVacationNote(clock: VacationClock): string {
  if (clock === 'stops') return 'You are on vacation: your clock in this game stands still. A move of yours ends the vacation.';
  if (clock === 'runs') return 'You are on vacation, but this game was made without vacation: its clock runs on. A move of yours ends the vacation.';
  return 'You are on vacation. A move of yours ends it.';
}
