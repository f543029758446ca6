// The moves that leave the grid or come onto it, made by clicking the
// one renderer's spots: a Sage Tafl Sage leaving her tower and a piece
// escaping past a river end, and an Ogama toad placed from its hand.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LegalMoveLite, type Server, clickMove, createGame, signedUpContext, startBrowser, startServer, viewOf, waitForPly } from './harness';

let server: Server;
let browser: Browser;
beforeAll(async () => {
  server = await startServer(['--limit-positions-per-address', '100000/minute']);
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Answer {
  legal: LegalMoveLite[];
  status: { state: string };
}

/** Asks the server for the position after `moves` of `game`. */
async function position(page: Page, game: string, moves: string[]): Promise<Answer> {
  return page.evaluate(
    async ({ g, m }) => (await fetch('/api/positions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: g, moves: m }) })).json(),
    { g: game, m: moves },
  );
}

/** A line of moves of `game` from the start after which `wanted` offers a move, found by a seeded random walk through the server's answers. */
async function lineTo(page: Page, game: string, wanted: (m: LegalMoveLite) => boolean): Promise<{ line: string[]; move: LegalMoveLite }> {
  let seed = 5;
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const line: string[] = [];
    for (let ply = 0; ply < 120; ply += 1) {
      const here = await position(page, game, line);
      if (here.status.state !== 'ongoing') break;
      const found = here.legal.find(wanted);
      if (found && line.length % 2 === 0) return { line, move: found };
      seed = (seed * 1103515245 + 12345) % 2147483648;
      line.push(here.legal[seed % here.legal.length].move);
    }
  }
  throw new Error(`no line of ${game} reached the move wanted`);
}

it('plays a Sage out of her tower and a piece past a river end by clicking', async () => {
  const black = await signedUpContext(browser, server, 'sb');
  const red = await signedUpContext(browser, server, 'sr');
  for (const [what, wanted] of [
    ['the Sage leaves her tower', (m: LegalMoveLite) => m.steps[0] === 'tower-b'],
    ['an escape past a river end', (m: LegalMoveLite) => m.steps[1] === 'W' || m.steps[1] === 'E'],
  ] as const) {
    const { line, move } = await lineTo(black.page, 'sage', wanted);
    const id = await createGame(black.page, { game: 'sage', seats: [{ account: 'me' }, { open: true }] });
    await red.page.evaluate(async (g) => fetch(`/api/games/${g}/seats/r`, { method: 'POST' }), id);
    for (const [i, mv] of line.entries()) {
      const mover = i % 2 === 0 ? black : red;
      const answer = await mover.page.evaluate(
        async ({ g, m, p }) => (await fetch(`/api/games/${g}/moves`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ move: m, ply: p }) })).status,
        { g: id, m: mv, p: i },
      );
      expect(answer, `${what}: ${mv}`).toBe(200);
    }
    await black.page.goto(`/games/${id}`);
    await waitForPly(black.page, line.length);
    // The spot is drawn, lit, and clicked like a cell.
    const spot = move.steps.find((s) => s === 'tower-b' || s === 'W' || s === 'E')!;
    expect(await black.page.locator(`.board-wrap [data-square="${spot}"]`).count(), what).toBe(1);
    await clickMove(black.page, move);
    await waitForPly(black.page, line.length + 1);
    const history = await black.page.evaluate(async (g) => (await (await fetch(`/api/games/${g}/history`)).json()).plies, id);
    expect(history[line.length].long, what).toBe(move.move);
    expect(history[line.length].board.last_move, what).toContain(spot);
  }
  await black.context.close();
  await red.context.close();
});

it('places an Ogama toad from its hand by clicking the hand, then its square', async () => {
  const p = await signedUpContext(browser, server, 'toad');
  const id = await createGame(p.page, { game: 'ogama', options: { seed: 12 }, seats: [{ account: 'me' }, { computer: 1 }] });
  await p.page.goto(`/games/${id}`);
  await waitForPly(p.page, 0);
  const view = await viewOf(p.page, id);
  const place = view.legal!.find((m) => m.steps[0] === 'toad-o')!;
  expect(place, 'a toad in hand may be placed').toBeTruthy();
  await p.page.click('.board-wrap [data-square="toad-o"]');
  // The hand is selected; the squares the toad may go to are lit.
  expect(await p.page.locator(`.board-wrap [data-square="${place.steps[1]}"].target`).count()).toBe(1);
  await p.page.click(`.board-wrap [data-square="${place.steps[1]}"]`);
  await waitForPly(p.page, 1);
  const history = await p.page.evaluate(async (g) => (await (await fetch(`/api/games/${g}/history`)).json()).plies, id);
  expect(history[0].long).toBe(place.move);
  await p.context.close();
});
