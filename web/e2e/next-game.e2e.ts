// "Next game": once a player has moved, the game page links to the game
// that has waited longest for their move, with how many wait, and the key
// n goes there.

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Server, createGame, playFirst, signedUpContext, startBrowser, startServer, viewOf } from './harness';

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

it('offers the game that has waited longest once the player has moved, and n goes there', async () => {
  const ann = await signedUpContext(browser, server, 'next');
  const bob = await signedUpContext(browser, server, 'other');
  const games: string[] = [];
  for (let i = 0; i < 2; i++) {
    const id = await createGame(ann.page, { game: 'sage', seats: [{ account: 'me' }, { open: true }] });
    await bob.page.goto(`/games/${id}`);
    await bob.page.click('[data-testid^=take-]');
    await bob.page.waitForSelector('[data-testid^=take-]', { state: 'detached' });
    // Each game brought to ann's move.
    const view = (await viewOf(ann.page, id)) as unknown as { to_move: string[]; seats: { seat: string; name: string }[] };
    if (view.seats.find((s) => s.seat === view.to_move[0])?.name !== ann.name) await playFirst(bob.page, id);
    games.push(id);
  }
  await ann.page.goto(`/games/${games[0]}`);
  await ann.page.waitForSelector('[data-testid=move-input]');
  expect(await ann.page.locator('[data-testid=next-game]').count(), 'not while this game waits for ann').toBe(0);
  await playFirst(ann.page, games[0]);
  const link = ann.page.locator('[data-testid=next-game]');
  await link.waitFor();
  expect(await link.textContent()).toBe('Next game (1 waiting)');
  expect(await link.getAttribute('href')).toBe(`/games/${games[1]}`);
  await ann.page.keyboard.press('n');
  await ann.page.waitForURL(`**/games/${games[1]}`);
  await ann.page.waitForSelector('[data-testid=move-input]');
  expect(await ann.page.locator('[data-testid=next-game]').count(), 'this one waits for ann: nothing to offer').toBe(0);
});
