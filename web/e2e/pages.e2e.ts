// The game page's promises: a refused move shows the server's reason, a
// reload keeps the game, the phone width needs no sideways scrolling,
// stepping through the moves, resigning with a confirmation, the record,
// spectators — and screenshots of every game in both themes and widths.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, PHONE, type Server, clickMove, policyViolations, createGame, screenshot, signedUpContext, startBrowser, startServer, viewOf, waitForPly } from './harness';

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

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

it('shows the reason of a refused move, keeps the game on reload, and steps through it', async () => {
  const p = await signedUpContext(browser, server, 'rex');
  const id = await createGame(p.page, { game: 'agog', seats: [{ account: 'me' }, { computer: 1 }] });
  await p.page.goto(`/games/${id}`);
  await p.page.fill('[data-testid=move-input]', 'a1-a8');
  await p.page.press('[data-testid=move-input]', 'Enter');
  const error = await p.page.waitForSelector('[data-testid=error]');
  const reason = (await error.textContent()) ?? '';
  expect(reason).toMatch(/a1-a8/);
  expect(reason.length).toBeGreaterThan(12);

  // A typed move, the computer's answer, then a clicked move and its answer.
  await p.page.fill('[data-testid=move-input]', 'b5-b6');
  await p.page.press('[data-testid=move-input]', 'Enter');
  await waitForPly(p.page, 2);
  expect(await p.page.locator('[data-testid=error]').count()).toBe(0);
  const second = (await viewOf(p.page, id)).legal![0];
  await clickMove(p.page, second);
  await waitForPly(p.page, 4);
  const last = (await viewOf(p.page, id)) as unknown as { last_move: string };
  const lastTo = last.last_move.split(' ')[0].split(/[-x+]/).pop()!;
  expect(await p.page.locator(`.board-wrap [data-square="${lastTo}"].last`).count()).toBe(1);

  const position = await p.page.getAttribute('.board-wrap', 'data-position');
  await p.page.reload();
  await waitForPly(p.page, 2);
  expect(await p.page.getAttribute('.board-wrap', 'data-position')).toBe(position);
  expect(await p.page.locator('[data-testid=moves] button.move').count()).toBe(4);

  // Back to the start and to now again, by button and by key.
  await p.page.click('button[aria-label="The start"]');
  await p.page.waitForSelector('[data-testid=stepping]');
  expect(await p.page.getAttribute('.board-wrap', 'data-shown-ply')).toBe('0');
  await p.page.keyboard.press('ArrowRight');
  await expect.poll(() => p.page.getAttribute('.board-wrap', 'data-shown-ply')).toBe('1');
  await p.page.click('[data-testid=live]');
  await expect.poll(() => p.page.getAttribute('.board-wrap', 'data-position')).toBe(position);

  // The record downloads as text.
  const record = await p.page.evaluate(async (href) => (await fetch(href)).text(), (await p.page.getAttribute('[data-testid=record]', 'href'))!);
  expect(record).toContain('[Game "agog"]');
  expect(record).toMatch(/1\. 5b6 /);

  // Resigning asks first.
  await p.page.click('[data-testid=resign]');
  await p.page.click('button:has-text("Yes, resign")');
  await expect.poll(() => p.page.textContent('[data-testid=status]')).toContain('resignation');
  await p.context.close();
});

it('lets anyone watch a game live without signing in', async () => {
  const p = await signedUpContext(browser, server, 'host');
  const id = await createGame(p.page, { game: 'sage', seats: [{ account: 'me' }, { computer: 1 }] });
  const watcher = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
  const page = await watcher.newPage();
  await page.goto(`/games/${id}`);
  await page.waitForSelector('text=You are watching');
  await p.page.goto(`/games/${id}`);
  const move = (await viewOf(p.page, id)).legal![0];
  await clickMove(p.page, move);
  await waitForPly(page, 2);
  expect(await page.locator('[data-testid=move-input]').count()).toBe(0);

  // The server goes away and comes back: the page says so, reconnects by
  // itself and catches up without a reload.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await server.restart();
  await page.waitForSelector('[data-testid=connection]');
  await waitForPly(p.page, 2);
  const next = (await viewOf(p.page, id)).legal![0];
  await clickMove(p.page, next);
  await waitForPly(page, 4);
  await page.waitForSelector('[data-testid=connection]', { state: 'detached' });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await watcher.close();
  await p.context.close();
});

const setups: Record<string, { body: unknown; moves: number }> = {
  agog: { body: { game: 'agog', seats: [{ account: 'me' }, { computer: 1 }] }, moves: 6 },
  sage: { body: { game: 'sage', seats: [{ account: 'me' }, { computer: 1 }] }, moves: 6 },
  ogama: { body: { game: 'ogama', seed: 12, seats: [{ account: 'me' }, { computer: 1 }] }, moves: 6 },
  scg: { body: { game: 'scg', seats: [{ account: 'me' }, { computer: 1 }, { computer: 1 }, { computer: 1 }], clock: { round_hours: 24, close_early: true } }, moves: 3 },
};

it('draws every game in both themes on a desktop and a phone, never wider than the phone', async () => {
  const p = await signedUpContext(browser, server, 'shots');
  for (const [game, setup] of Object.entries(setups)) {
    const id = await createGame(p.page, setup.body);
    await p.page.goto(`/games/${id}`);
    for (let i = 0; i < setup.moves; i += 1) {
      const view = await viewOf(p.page, id);
      if (view.status.state === 'over' || !view.legal) break;
      await waitForPly(p.page, view.ply);
      const legal = view.legal.filter((m) => m.move !== 'pass');
      await clickMove(p.page, legal[(i * 7 + 3) % legal.length]);
      await waitForPly(p.page, view.ply + 1);
    }
    for (const theme of ['light', 'dark']) {
      await p.page.evaluate((t) => localStorage.setItem('arbiter-theme', t), theme);
      for (const [width, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        await p.page.setViewportSize(viewport);
        await p.page.reload();
        await p.page.waitForSelector('.board-wrap svg');
        expect(await p.page.getAttribute('html', 'data-theme')).toBe(theme);
        if (width === 'phone') await noSidewaysScroll(p.page);
        await screenshot(p.page, `${game}-${width}-${theme}`);
      }
    }
    await p.page.evaluate(() => localStorage.removeItem('arbiter-theme'));
    await p.page.setViewportSize(DESKTOP);
  }
  await p.page.setViewportSize(PHONE);
  await p.page.goto('/');
  await noSidewaysScroll(p.page);
  await screenshot(p.page, 'lobby-phone-light');
  expect(policyViolations(p.page), 'the page keeps to its Content-Security-Policy').toEqual([]);
  await p.context.close();
});

it('plays with the keyboard alone', async () => {
  const p = await signedUpContext(browser, server, 'keys');
  const id = await createGame(p.page, { game: 'agog', seats: [{ account: 'me' }, { computer: 1 }] });
  await p.page.goto(`/games/${id}`);
  await waitForPly(p.page, 0);
  await p.page.focus('.board-wrap [data-square="b5"]');
  await p.page.keyboard.press('Enter');
  await p.page.focus('.board-wrap [data-square="b6"]');
  await p.page.keyboard.press('Enter');
  await waitForPly(p.page, 1);
  const moves = await p.page.evaluate(async (g) => (await (await fetch(`/api/games/${g}`)).json()).moves, id);
  expect(moves[0]).toBe('b5-b6');
  await p.context.close();
});
