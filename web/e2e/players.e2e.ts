// A player's page, reached from a game: their finished games counted per
// game and their recent games, for anyone to see; a name nobody has is
// said to be nobody's.

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Server, createGame, screenshot, signedUpContext, startBrowser, startServer, viewOf } from './harness';

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

it("counts a player's finished games on their page, reached from a game", async () => {
  const player = await signedUpContext(browser, server, 'page');
  const resigned = await createGame(player.page, { game: 'sage', seats: [{ account: 'me' }, { computer: 1 }] });
  await player.page.goto(`/games/${resigned}`);
  await player.page.click('[data-testid=resign]');
  await player.page.click('[aria-label="Confirm resigning"] button:has-text("Yes, resign")');
  await player.page.waitForSelector('[data-testid=resign]', { state: 'detached' });
  expect((await viewOf(player.page, resigned)).status.state).toBe('over');
  const going = await createGame(player.page, { game: 'agog', seats: [{ account: 'me' }, { computer: 1 }] });

  // A visitor follows the player's name from the game's page.
  const visitor = await browser.newContext({ baseURL: server.url });
  const page = await visitor.newPage();
  await page.goto(`/games/${resigned}`);
  await page.click(`.seats a:has-text("${player.name}")`);
  await page.waitForURL(`**/players/${player.name}`);
  await page.waitForSelector('[data-testid=tallies]');
  expect(await page.locator('h1').textContent()).toBe(player.name);
  const row = page.locator('tr[data-game=sage] td');
  expect(await row.allTextContents()).toEqual(['1', '0', '1', '0', '0 %']);
  expect(await page.locator('tr[data-game=agog]').count()).toBe(0);
  const listed = await page.locator('[data-testid=recent-games] a').evaluateAll((links) => links.map((a) => a.getAttribute('data-game-id')));
  expect(listed.sort()).toEqual([going, resigned].sort());
  await screenshot(page, 'player-desktop-light');

  await page.goto('/players/nobody-here-at-all');
  await page.waitForSelector('[role=alert]');
  expect(await page.locator('[role=alert]').textContent()).toContain('Nobody here is called nobody-here-at-all');
  await visitor.close();
  await player.context.close();
});
