// Ratings in the browser: a rated game between two people shows each
// player's provisional rating, and once it ends the rating after it with
// its change; the player's page draws the rating as a chart; the
// leaderboards page lists each game and says what the numbers mean; the
// new-game form makes a game casual or asks for a range.

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Server, createGame, playFirst, screenshot, signedUpContext, startBrowser, startServer, viewOf } from './harness';

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

it('shows ratings on a rated game, its changes when it ends, and the chart on the player page', async () => {
  const ann = await signedUpContext(browser, server, 'rated');
  const bob = await signedUpContext(browser, server, 'rival');
  const id = await createGame(ann.page, { game: 'sage', seats: [{ account: 'me' }, { open: true }] });
  await bob.page.goto(`/games/${id}`);
  await bob.page.click('[data-testid^=take-]');
  await bob.page.waitForSelector('[data-testid^=take-]', { state: 'detached' });
  expect(await bob.page.locator('[data-testid=rated]').textContent()).toContain('Rated');
  expect(await bob.page.locator('[data-testid^=rating-]').allTextContents()).toEqual([' 1500?', ' 1500?']);

  const first = (await viewOf(ann.page, id)) as unknown as { to_move: string[]; seats: { seat: string; name: string }[] };
  const annFirst = first.seats.find((s) => s.seat === first.to_move[0])?.name === ann.name;
  await playFirst(annFirst ? ann.page : bob.page, id);
  await playFirst(annFirst ? bob.page : ann.page, id);
  await bob.page.click('[data-testid=resign]');
  await bob.page.click('[aria-label="Confirm resigning"] button:has-text("Yes, resign")');
  await bob.page.waitForSelector('[data-testid=resign]', { state: 'detached' });
  await bob.page.waitForFunction(() => document.querySelectorAll('[data-testid^=rating-]')[0]?.textContent?.includes('('));
  const shown = await bob.page.locator('.seats li').allTextContents();
  const annLine = shown.find((l) => l.includes(ann.name)) ?? '';
  const bobLine = shown.find((l) => l.includes(bob.name)) ?? '';
  expect(annLine).toMatch(/\d{4}\? \(\+\d+\)/);
  expect(bobLine).toMatch(/\d{4}\? \(−\d+\)/);
  await screenshot(bob.page, 'rated-game-over-desktop-light');

  // The winner's page: a rating, provisional, and its chart.
  await ann.page.goto(`/players/${ann.name}`);
  await ann.page.waitForSelector('[data-testid=rating-chart-sage] circle');
  const row = await ann.page.locator('[data-testid=ratings] tr[data-pool=sage] td').allTextContents();
  expect(Number.parseInt(row[0], 10)).toBeGreaterThan(1500);
  expect(row[0]).toContain('?');
  expect(row[2]).toBe('1');
  expect(await ann.page.locator('[data-testid=rating-chart-sage]').getAttribute('aria-label')).toContain('1 rated game');
  await screenshot(ann.page, 'rating-chart-desktop-light');

  // The leaderboards: nobody settled yet, and what the numbers mean.
  await ann.page.click('a:has-text("Leaderboards, and what the ratings mean")');
  await ann.page.waitForURL('**/leaderboards');
  await ann.page.waitForSelector('[data-testid=leaderboard-empty]');
  await ann.page.click('.pools a:has-text("Sage")');
  await ann.page.waitForURL('**/leaderboards/sage');
  expect(await ann.page.locator('h1').textContent()).toContain('Sage');
  expect(await ann.page.locator('#meaning').textContent()).toContain('provisional');
  await screenshot(ann.page, 'leaderboard-desktop-light');
  await ann.context.close();
  await bob.context.close();
});

it('makes a casual game and a game for a rating range from the form', async () => {
  const carol = await signedUpContext(browser, server, 'form');
  await carol.page.goto('/');
  const form = carol.page.locator('[data-testid=new-game]');
  await form.waitFor();
  await carol.page.selectOption('select[name=seat-1]', 'open');
  await form.locator('input[name=rating_low]').fill('1400');
  await form.locator('input[name=rating_high]').fill('1300');
  await carol.page.click('[data-testid=create-game]');
  expect(await carol.page.locator('[data-testid=error]').textContent()).toContain('above');
  await form.locator('input[name=rating_high]').fill('1700');
  await form.locator('input[name=rated]').uncheck();
  await carol.page.click('[data-testid=create-game]');
  await carol.page.waitForURL('**/games/*');
  await carol.page.waitForSelector('[data-testid=rated]');
  expect(await carol.page.locator('[data-testid=rated]').textContent()).toBe('Casual: not rated · open seats for ratings 1400 to 1700');
  await carol.context.close();
});
