// A person plays the computer in each of the four games by clicking, a
// few moves each, and the computer answers every time.

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Server, clickMove, recordLatency, redrawTimes, screenshot, signedUpContext, startBrowser, startServer, viewOf, waitForPly } from './harness';

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

const games = [
  { game: 'agog', body: { game: 'agog', seats: [{ account: 'me' }, { computer: 2 }] } },
  { game: 'sage', body: { game: 'sage', seats: [{ account: 'me' }, { computer: 2 }] } },
  { game: 'ogama', body: { game: 'ogama', seed: 12, seats: [{ account: 'me' }, { computer: 2 }] } },
  { game: 'scg', body: { game: 'scg', seats: [{ account: 'me' }, { computer: 2 }], clock: { round_hours: 24, close_early: true } } },
];

for (const { game, body } of games) {
  it(`plays ${game} against the computer by clicking`, async () => {
    const player = await signedUpContext(browser, server, game);
    await player.page.goto('/');
    const created = await player.page.evaluate(async (b) => {
      const r = await fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
      return r.json();
    }, body);
    await player.page.goto(`/games/${created.id}`);
    let seed = 7;
    for (let turn = 0; turn < 4; turn += 1) {
      const view = await viewOf(player.page, created.id);
      if (view.status.state === 'over') break;
      await waitForPly(player.page, view.ply);
      const legal = (view.legal ?? []).filter((m) => m.move !== 'pass');
      expect(legal.length, `${game}: no legal move at ply ${view.ply}`).toBeGreaterThan(0);
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const move = legal[seed % legal.length];
      await clickMove(player.page, move);
      // The person's move, then the computer's answer (scg: the round closes).
      const next = game === 'scg' ? view.ply + 1 : view.ply + 2;
      await player.page.waitForFunction(
        ({ p }) => Number(document.querySelector('.board-wrap')?.getAttribute('data-ply')) >= p || /Over/.test(document.querySelector('[data-testid=status]')?.textContent ?? ''),
        { p: next },
        { timeout: 60_000 },
      );
      const after = await viewOf(player.page, created.id);
      expect(after.ply).toBeGreaterThan(view.ply);
    }
    const moves = await player.page.locator('[data-testid=moves] li').count();
    expect(moves).toBeGreaterThan(0);
    if (game === 'scg') await player.page.waitForSelector('[data-testid=announcements] li');
    await screenshot(player.page, `${game}-computer-desktop-light`);
    recordLatency(`computer-${game}`, await redrawTimes(player.page));
    await player.context.close();
  });
}
