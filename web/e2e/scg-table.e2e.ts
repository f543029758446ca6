// A Single Capture Go table of three: each player submits by clicking, no
// page ever shows another player's pending play, the round closes and
// every page shows the referee's announcement.

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Server, screenshot, signedUpContext, startBrowser, startServer, viewOf, waitForPly, PHONE } from './harness';

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

it('three players submit secret plays by clicking and all see the announcement', async () => {
  const a = await signedUpContext(browser, server, 'ann');
  const b = await signedUpContext(browser, server, 'bo');
  const c = await signedUpContext(browser, server, 'cy', PHONE);

  // Ann sets the table up from the form: three players, two open seats, rounds close when all are in.
  await a.page.goto('/');
  await a.page.check('input[name=game][value=scg]');
  await a.page.selectOption('select[name=players]', '3');
  await a.page.selectOption('select[name=seat-1]', 'open');
  await a.page.selectOption('select[name=seat-2]', 'open');
  await a.page.fill('input[name=clock]', '48');
  await a.page.click('[data-testid=create-game]');
  await a.page.waitForURL(/\/games\/[A-Za-z0-9]+$/);
  const id = a.page.url().split('/').pop()!;

  for (const player of [b, c]) {
    await player.page.goto(`/games/${id}`);
    await player.page.locator('button:has-text("Take this seat")').first().click();
    await expect.poll(async () => (await viewOf(player.page, id)).you.length).toBe(1);
  }
  await expect.poll(() => a.page.textContent('[data-testid=status]')).toContain('Round 1');
  await expect.poll(() => a.page.textContent('[data-testid=deadline]')).toContain('left');

  const plays: [typeof a, string][] = [
    [a, 'a1'],
    [b, 'c3'],
  ];
  for (const [player, square] of plays) {
    await player.page.click(`.board-wrap [data-square="${square}"]`);
    await expect.poll(() => player.page.textContent('[data-testid=my-play]')).toContain(square);
  }
  // Ann changes her mind before the round closes.
  await a.page.click('.board-wrap [data-square="b2"]');
  await expect.poll(() => a.page.textContent('[data-testid=my-play]')).toContain('b2');

  // Two plays are in; nobody but their maker sees them.
  await expect.poll(() => c.page.textContent('[data-testid=plays-in]')).toContain('2 of 3');
  for (const [viewer, hidden] of [
    [b, 'b2'],
    [c, 'b2'],
    [a, 'c3'],
    [c, 'c3'],
  ] as const) {
    const text = (await viewer.page.textContent('main')) ?? '';
    expect(text).not.toContain(`Your play: ${hidden}`);
    expect(await viewer.page.locator(`.board-wrap [data-square="${hidden}"] .pending`).count()).toBe(0);
    const html = await viewer.page.content();
    expect(html).not.toMatch(new RegExp(`my_play[^,]*${hidden}`));
  }
  expect(await a.page.locator('.board-wrap .pending').count()).toBeGreaterThan(0);

  // The last play closes the round; every page shows the announcement.
  await c.page.click('.board-wrap [data-square="e5"]');
  for (const player of [a, b, c]) {
    await waitForPly(player.page, 2);
    await player.page.waitForSelector('[data-testid=announcements] li');
    const text = (await player.page.textContent('[data-testid=announcements]')) ?? '';
    expect(text).toMatch(/b2/);
    expect(text).toMatch(/c3/);
    expect(text).toMatch(/e5/);
  }
  const view = await viewOf(a.page, id);
  expect(view.position.split(' ')[0].split('/')[1][1]).toBe('A');
  await screenshot(a.page, 'scg-table-desktop-light');
  await screenshot(c.page, 'scg-table-phone-light');
  for (const p of [a, b, c]) await p.context.close();
});
