// Play now, with no account: a visitor plays the computer at once as a
// guest, by clicking, and the computer answers; signing up keeps the game.

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Server, clickMove, screenshot, startBrowser, startServer, viewOf, waitForPly, watchPolicy } from './harness';

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

it('lets a visitor play the computer with no account, and keep the game by signing up', async () => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  watchPolicy(page);
  await page.goto('/');
  await page.waitForSelector('[data-testid=play-now]');
  await screenshot(page, 'play-now-desktop-light');
  await page.selectOption('select[name=play-now-game]', { label: 'Sage Tafl' });
  await page.selectOption('select[name=play-now-level]', '1');
  await page.click('[data-testid=play-now-start]');
  await page.waitForURL(/\/games\/[A-Za-z0-9]+$/);
  const id = page.url().split('/').pop()!;
  const guest = (await page.textContent('[data-testid=account-name]'))!;
  expect(guest).toMatch(/^guest-[a-z0-9]{8}$/);

  // A move by clicking; the computer answers.
  await page.waitForSelector('.board-wrap svg');
  const view = await viewOf(page, id);
  await clickMove(page, view.legal![0]);
  await waitForPly(page, 2);
  expect((await viewOf(page, id)).you).toEqual(['b']);

  // Signing up keeps the account and the game.
  await page.click('[data-testid=keep-games]');
  await page.waitForSelector('[data-testid=guest-keeps]');
  const name = `kept${Date.now() % 100000}`;
  await page.fill('input[name=name]', name);
  await page.fill('input[name=password]', 'a good password');
  await page.click('button[type=submit]');
  await page.waitForSelector(`[data-testid=account-name]:has-text("${name}")`);
  expect(await page.locator('[data-testid=keep-games]').count()).toBe(0);
  await page.goto('/');
  await page.waitForSelector(`[data-testid=my-games] a[data-game-id="${id}"]`);
  const after = await viewOf(page, id);
  expect(after.you).toEqual(['b']);
  expect(after.seats[0].name).toBe(name);
  await context.close();
});
