// Two people, each in their own browser, play a whole game of A•G•O•G by
// clicking, and each sees the other's moves arrive live.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Server, clickMove, createGame, recordLatency, redrawTimes, screenshot, signedUpContext, startBrowser, startServer, viewOf, waitForPly } from './harness';

const fixture = (name: string) => readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8').trim().split('\n');
const moves = fixture('agog-game.txt');

type Player = Awaited<ReturnType<typeof signedUpContext>>;

/** Plays `line` by clicking, White and Black in turn, each waiting to see the other's move. */
async function playByClicking(white: Player, black: Player, line: string[]): Promise<void> {
  for (const [i, move] of line.entries()) {
    const mover = i % 2 === 0 ? white : black;
    const other = i % 2 === 0 ? black : white;
    await waitForPly(mover.page, i);
    await clickMove(mover.page, move);
    await waitForPly(mover.page, i + 1);
    await waitForPly(other.page, i + 1);
  }
}

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

it('two accounts play a whole A•G•O•G game by clicking, each seeing the other live', async () => {
  const white = await signedUpContext(browser, server, 'white');
  const black = await signedUpContext(browser, server, 'black');

  // Black waits in the lobby; White opens a game from the lobby's form with an open seat.
  await black.page.goto('/');
  await black.page.waitForSelector('[data-testid=open-games]');
  await white.page.goto('/');
  await white.page.selectOption('select[name=seat-1]', 'open');
  await white.page.click('[data-testid=create-game]');
  await white.page.waitForURL(/\/games\/[A-Za-z0-9]+$/);
  const id = white.page.url().split('/').pop()!;

  // The game appears in Black's lobby by itself; Black takes the seat.
  await black.page.click(`[data-testid=open-games] a[data-game-id="${id}"]`);
  await black.page.waitForURL(`**/games/${id}`);
  await black.page.click('button:has-text("Take this seat")');
  await expect.poll(() => white.page.textContent('[data-testid=status]')).toContain('White');
  await expect.poll(() => black.page.getAttribute('.board-wrap', 'data-flipped')).toBe('true');
  expect(await white.page.getAttribute('.board-wrap', 'data-flipped')).toBe('false');

  await playByClicking(white, black, moves);

  const view = await viewOf(white.page, id);
  expect(view.status).toEqual({ state: 'over', winners: ['w'], reason: 'capture' });
  for (const side of [white, black]) {
    await expect.poll(() => side.page.textContent('[data-testid=status]')).toContain('wins');
    const listed = await side.page.locator('[data-testid=moves] button.move').count();
    expect(listed).toBe(moves.length);
  }
  await screenshot(white.page, 'agog-over-desktop-light');

  const samples = [...(await redrawTimes(white.page)), ...(await redrawTimes(black.page))];
  expect(samples.length).toBeGreaterThan(moves.length / 2);
  recordLatency('agog-two-players', samples);
  const sorted = [...samples].sort((x, y) => x - y);
  console.log(
    `click to redrawn board over ${sorted.length} moves: median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, ` +
      `p95 ${sorted[Math.floor(sorted.length * 0.95)].toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`,
  );
  await white.context.close();
  await black.context.close();
});

it('makes a sanctum promotion by clicking: the unit, the sanctum, then the choice of the golem that becomes a hulk', async () => {
  const line = fixture('agog-promotion.txt');
  const white = await signedUpContext(browser, server, 'pw');
  const black = await signedUpContext(browser, server, 'pb');
  const id = await createGame(white.page, { game: 'agog', seats: [{ account: 'me' }, { open: true }] });
  await black.page.evaluate(async (g) => fetch(`/api/games/${g}/seats/b`, { method: 'POST' }), id);
  await white.page.goto(`/games/${id}`);
  await black.page.goto(`/games/${id}`);
  await playByClicking(white, black, line.slice(0, -1));

  const promotion = line[line.length - 1];
  const [unit, sanctum, golem] = ['h7', 'h8', 'b1'];
  expect(promotion).toBe(`${unit}-${sanctum} ${golem}=H`);
  await waitForPly(white.page, line.length - 1);
  await white.page.click(`.board-wrap [data-square="${unit}"]`);
  await white.page.click(`.board-wrap [data-square="${sanctum}"]`);
  // On the sanctum the moves that share these clicks are offered by their
  // choice: taking the unit off, or a hulk with one of the golems.
  await white.page.waitForSelector(`[data-testid=choices] button[data-move="${unit}-${sanctum}"]`);
  const choice = white.page.locator(`[data-testid=choices] button[data-move="${promotion}"]`);
  expect(await choice.textContent()).toBe(`hulk with ${golem}`);
  await choice.click();
  await waitForPly(black.page, line.length);
  const view = (await viewOf(black.page, id)) as unknown as { last_move: string; position: string };
  expect(view.last_move).toBe(promotion);
  expect(view.position.split(' ')[0].split('/')[7]).toMatch(/^JH/);
  await white.context.close();
  await black.context.close();
});
