// Vacations in two browsers and a spectator's: ann plays bob a game of
// Sage Tafl with three days per move, another made "without vacation"
// from the lobby's form, and a game of Single Capture Go. She starts a
// vacation of three days from her account page: bob's page of their game
// shows "on vacation until …" beside her at once, and so does a
// spectator's and her own; the game made without vacation says so by its
// clock, and the Single Capture Go game tells her that her vacation does
// not stop it. She ends the vacation from her account page and the note
// goes from bob's page. She books one ahead and takes it back, and
// switches the automatic start on. A guest is told guests have none.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onVacationText } from '../src/parts/vacation';
import { type Server, createGame, policyViolations, screenshot, signedUpContext, startBrowser, startServer, viewOf, waitForPly } from './harness';

let server: Server;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The vacations of the page's account, from the server. */
async function vacationOf(page: Page): Promise<{ hours_left: number; current?: { until: string } | null; booked: { id: number }[]; auto: boolean; not_stopped: { game: string; reason: string }[] }> {
  return page.evaluate(async () => (await fetch('/api/me/vacation')).json());
}

/** Takes the open seat of the game `id` as the page's account; the seat taken. */
async function takeOpenSeat(page: Page, id: string): Promise<string> {
  const seat = (await viewOf(page, id)).seats.find((s) => s.kind === 'open')!.seat;
  expect(await page.evaluate(async ({ g, s }) => (await fetch(`/api/games/${g}/seats/${s}`, { method: 'POST' })).status, { g: id, s: seat })).toBe(200);
  return seat;
}

/** A moment `hours` from now as the page's `datetime-local` fields take it, in the browser's own time. */
async function localInput(page: Page, hours: number): Promise<string> {
  return page.evaluate((h) => {
    const d = new Date(Date.now() + h * 3_600_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
  }, hours);
}

it('shows a vacation started from the account page to the opponent, a spectator and the player, live, until it ends', async () => {
  const ann = await signedUpContext(browser, server, 'awaya');
  const bob = await signedUpContext(browser, server, 'awayb');
  const visitor = await browser.newContext({ baseURL: server.url });
  const spectator = await visitor.newPage();

  // Their game of Sage Tafl, three days a move: its clock stops for vacations.
  const id = await createGame(ann.page, { game: 'sage', seats: [{ account: 'me' }, { open: true }], clock: { days_per_move: 3 } });
  await takeOpenSeat(bob.page, id);
  const start = await viewOf(ann.page, id);
  const annSeat = start.you[0];
  expect((start as unknown as { vacation: boolean }).vacation, 'a game with days per move stops for vacations').toBe(true);

  // Another, made from the lobby's form with the clock's vacation box unticked.
  await ann.page.goto('/');
  await ann.page.selectOption('select[name=seat-1]', 'open');
  await ann.page.fill('input[name=clock]', '2');
  const box = ann.page.locator('[data-testid=vacation-clock]');
  expect(await box.isChecked(), 'the clock stops for vacations unless told otherwise').toBe(true);
  await box.uncheck();
  await ann.page.click('[data-testid=create-game]');
  await ann.page.waitForURL(/\/games\/[A-Za-z0-9]+$/);
  const without = ann.page.url().split('/').pop()!;
  await takeOpenSeat(bob.page, without);
  expect((await viewOf(ann.page, without)) as unknown as { vacation: boolean }).toMatchObject({ vacation: false });
  // And a game of Single Capture Go against the computer, whose rounds never stop.
  const scg = await createGame(ann.page, { game: 'scg', seats: [{ account: 'me' }, { computer: 1 }, { computer: 1 }], clock: { round_hours: 24, close_early: true } });

  // Bob and a spectator watch the game of Sage Tafl: nobody is away.
  await bob.page.goto(`/games/${id}`);
  await waitForPly(bob.page, 0);
  await spectator.goto(`/games/${id}`);
  await waitForPly(spectator, 0);
  expect(await bob.page.locator(`[data-testid=vacation-${annSeat}]`).count()).toBe(0);
  expect(await bob.page.locator('[data-testid=without-vacation]').count(), 'this game stops for vacations').toBe(0);

  // Ann's account page: all her days left, and the games a vacation does not stop.
  await ann.page.goto('/account#vacation');
  await ann.page.waitForSelector('[data-testid=vacation-left]');
  expect(await ann.page.textContent('[data-testid=vacation-left]')).toMatch(/^30 days left in \d{4}, of 30 days a year\.$/);
  const notStopped = ann.page.locator('[data-testid=vacation-not-stopped]');
  expect(await notStopped.locator(`li[data-game-id="${without}"] a`).getAttribute('href')).toBe(`/games/${without}`);
  expect(await notStopped.locator(`li[data-game-id="${without}"]`).textContent()).toContain('Made without vacation');
  expect(await notStopped.locator(`li[data-game-id="${scg}"]`).textContent()).toContain("the referee's deadlines are the game's");
  expect(await notStopped.locator(`li[data-game-id="${id}"]`).count(), 'the game of Sage Tafl stops').toBe(0);

  // Days are counted per calendar year: the counts below hold away from its end.
  const now = new Date();
  const yearEndsIn = Date.UTC(now.getUTCFullYear() + 1, 0, 1) - now.getTime();
  const midYear = yearEndsIn > 32 * 24 * 3_600_000;

  // Too long a vacation is refused before it is sent.
  if (midYear) {
    await ann.page.fill('input[name=vacation_length]', '31');
    await ann.page.click('[data-testid=vacation-start-now]');
    await ann.page.waitForSelector('[data-testid=vacation-said].error');
    expect(await ann.page.textContent('[data-testid=vacation-said]')).toBe("That takes 31 days of this year's days; you have 30 days left.");
    expect((await vacationOf(ann.page)).current ?? null, 'nothing was sent').toBeNull();
  }

  // Three days, from now.
  await ann.page.fill('input[name=vacation_length]', '3');
  await ann.page.selectOption('select[name=vacation_unit]', 'days');
  await ann.page.click('[data-testid=vacation-start-now]');
  await ann.page.waitForSelector('[data-testid=vacation-current]');
  expect(await ann.page.textContent('[data-testid=vacation-said]')).toContain('Your vacation has begun');
  const running = await vacationOf(ann.page);
  const until = running.current!.until;
  expect(Date.parse(until) - Date.now()).toBeGreaterThan(71 * 3_600_000);
  expect(Date.parse(until) - Date.now()).toBeLessThanOrEqual(72 * 3_600_000);
  expect(await ann.page.textContent('[data-testid=vacation-current]')).toContain('You are on vacation until');
  await screenshot(ann.page, 'vacation-account-desktop-light');
  if (midYear) {
    expect(running.hours_left).toBe(30 * 24 - 72);
    expect(await ann.page.textContent('[data-testid=vacation-left]')).toMatch(/^27 days left in/);
  }

  // Bob sees it beside ann at once, without reloading; so does the spectator.
  const note = `[data-testid=vacation-${annSeat}]`;
  const expected = onVacationText(until, Date.now());
  expect(expected).toMatch(/^on vacation until (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}( \d{4})?, \d\d:\d\d UTC$/);
  await bob.page.waitForSelector(note);
  expect(await bob.page.textContent(note)).toBe(expected);
  await spectator.waitForSelector(note);
  expect(await spectator.textContent(note)).toBe(expected);
  expect(await bob.page.getByText(expected).isVisible(), 'the note is text on the page, there to be read').toBe(true);
  const seen = (await viewOf(bob.page, id)).seats.find((s) => s.seat === annSeat) as unknown as { vacation_until?: string };
  expect(seen.vacation_until).toBe(until);
  await screenshot(bob.page, 'vacation-notice-desktop-light');

  // Ann sees it beside her own seat, with what it does to her clock.
  await ann.page.goto(`/games/${id}`);
  await waitForPly(ann.page, 0);
  expect(await ann.page.textContent(note)).toBe(expected);
  expect(await ann.page.textContent('[data-testid=my-vacation]')).toContain('your clock in this game stands still');
  // The game made without vacation says so by its clock, to both.
  await ann.page.goto(`/games/${without}`);
  await waitForPly(ann.page, 0);
  await ann.page.waitForSelector('[data-testid=without-vacation]');
  expect(await ann.page.textContent('[data-testid=without-vacation]')).toContain('without vacation');
  expect(await ann.page.textContent('[data-testid=my-vacation]')).toContain('its clock runs on');
  // Single Capture Go: her vacation does not stop it.
  await ann.page.goto(`/games/${scg}`);
  await ann.page.waitForSelector('[data-testid=referee-note]');
  expect(await ann.page.textContent('[data-testid=referee-note]')).toContain("Your vacation does not stop this game: the referee's deadlines are the game's.");

  // Ann ends her vacation from her account page: the note goes from bob's page by itself.
  await ann.page.goto('/account');
  await ann.page.click('[data-testid=vacation-end]');
  await ann.page.waitForSelector('[data-testid=vacation-start]');
  expect(await ann.page.textContent('[data-testid=vacation-said]')).toContain('Your vacation is over');
  expect((await vacationOf(ann.page)).current ?? null).toBeNull();
  await bob.page.waitForSelector(note, { state: 'detached' });
  await spectator.waitForSelector(note, { state: 'detached' });
  expect(((await viewOf(bob.page, id)).seats.find((s) => s.seat === annSeat) as unknown as { vacation_until?: string | null }).vacation_until ?? null).toBeNull();
  await ann.page.goto(`/games/${scg}`);
  await waitForPly(ann.page, 0);
  expect(await ann.page.locator('[data-testid=referee-note]').count(), 'no vacation, no note').toBe(0);

  // A vacation booked ahead, and taken back.
  await ann.page.goto('/account');
  await ann.page.waitForSelector('[data-testid=vacation-start]');
  await ann.page.fill('input[name=vacation_from]', await localInput(ann.page, 48));
  await ann.page.fill('input[name=vacation_until]', await localInput(ann.page, 72));
  await ann.page.click('[data-testid=vacation-book-submit]');
  await ann.page.waitForSelector('[data-testid=vacation-booked] li');
  expect(await ann.page.textContent('[data-testid=vacation-said]')).toMatch(/^Booked: /);
  expect((await vacationOf(ann.page)).booked).toHaveLength(1);
  expect(await ann.page.getAttribute('[data-testid=vacation-booked] li button', 'aria-label')).toMatch(/^Take back the vacation from /);
  await ann.page.click('[data-testid=vacation-booked] li button');
  await ann.page.waitForSelector('[data-testid=vacation-booked]', { state: 'detached' });
  expect((await vacationOf(ann.page)).booked).toEqual([]);
  // One that overlaps nothing but begins in the past is refused before it is sent.
  await ann.page.fill('input[name=vacation_from]', await localInput(ann.page, -48));
  await ann.page.fill('input[name=vacation_until]', await localInput(ann.page, 2));
  await ann.page.click('[data-testid=vacation-book-submit]');
  await expect.poll(() => ann.page.textContent('[data-testid=vacation-said]')).toBe('A vacation cannot begin in the past.');

  // The automatic start, switched on, stays on.
  expect(await ann.page.isChecked('[data-testid=vacation-auto]')).toBe(false);
  await ann.page.check('[data-testid=vacation-auto]');
  await expect.poll(async () => (await vacationOf(ann.page)).auto).toBe(true);
  await ann.page.reload();
  await ann.page.waitForSelector('[data-testid=vacation-left]');
  expect(await ann.page.isChecked('[data-testid=vacation-auto]')).toBe(true);
  expect(policyViolations(ann.page)).toEqual([]);
  expect(policyViolations(bob.page)).toEqual([]);

  await visitor.close();
  await ann.context.close();
  await bob.context.close();
});

it('tells a guest that guests have no vacation days', async () => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/');
  await page.click('[data-testid=play-now-start]');
  await page.waitForURL(/\/games\/[A-Za-z0-9]+$/);
  await page.waitForSelector('[data-testid=account-name]');
  await page.goto('/account');
  await page.waitForSelector('[data-testid=vacation-guest]');
  expect(await page.textContent('[data-testid=vacation-guest]')).toContain('Guests have no vacation days');
  expect(await page.locator('[data-testid=vacation-start]').count()).toBe(0);
  await context.close();
});
