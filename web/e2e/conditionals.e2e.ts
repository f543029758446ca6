// Conditional moves in two browsers: while it is ann's turn in a game of
// Sage Tafl, bob opens the planning board, clicks two lines ("if ann plays
// m1 I play r1", "if ann plays m2 I play r2") and saves them; nothing he
// does there sends a move to the game. Ann plays m1 on her page: r1 is
// played for bob at once, his page shows it live, he is told in his
// notices, his planning board says the game moved on, and his other line
// is gone.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LegalMoveLite, type Server, clickMove, createGame, screenshot, signedUpContext, startBrowser, startServer, viewOf, waitForPly } from './harness';

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

/** The legal moves after `moves` from `position`, from the server, that are made by clicks alone. */
async function clickable(page: Page, position: string, moves: string[]): Promise<LegalMoveLite[]> {
  const answer = await page.evaluate(
    async (body) => (await fetch('/api/positions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json(),
    { game: 'sage', position, moves },
  );
  return (answer.legal as LegalMoveLite[]).filter((m) => m.steps.length > 0 && !m.choice);
}

/** Waits until the planning board shows the position after `at` moves of the line, ready to be clicked. */
async function planAt(page: Page, at: number): Promise<void> {
  await page.waitForSelector(`[data-testid=plan-board][data-at="${at}"][data-ready=true] svg`);
}

/** Enters `move` on the planning board by clicking its places. */
async function planMove(page: Page, move: LegalMoveLite): Promise<void> {
  for (const place of move.steps) await page.click(`[data-testid=plan-board] [data-square="${place}"]`);
}

/** Bob's lines as the server keeps them. */
async function savedLines(page: Page, id: string): Promise<{ status: number; lines: string[][] }> {
  return page.evaluate(async (g) => {
    const r = await fetch(`/api/games/${g}/conditionals`);
    return { status: r.status, lines: r.ok ? (await r.json()).lines : [] };
  }, id);
}

const sorted = (lines: string[][]) => lines.map((l) => JSON.stringify(l)).sort();

it('plans two replies on the planning board, sends no move, and the one ann answers is played at once', async () => {
  const ann = await signedUpContext(browser, server, 'plana');
  const bob = await signedUpContext(browser, server, 'planb');
  const id = await createGame(ann.page, { game: 'sage', seats: [{ account: 'me' }, { open: true }] });
  expect((await bob.page.evaluate(async (g) => (await fetch(`/api/games/${g}/seats/r`, { method: 'POST' })).status, id))).toBe(200);

  const start = await viewOf(ann.page, id);
  expect(start.you).toEqual(['b']);
  expect(start.to_move, 'ann (Blue) moves first').toEqual(['b']);
  // Two moves of ann's, and a reply of bob's to each.
  const firsts = await clickable(ann.page, start.position, []);
  const [m1, m2] = [firsts[0], firsts.find((m) => m.steps[0] !== firsts[0].steps[0]) ?? firsts[1]];
  const r1 = (await clickable(ann.page, start.position, [m1.move]))[0];
  const r2 = (await clickable(ann.page, start.position, [m2.move])).slice(-1)[0];

  // Everything bob's page asks the server, and every message it sends on its sockets.
  const requests: string[] = [];
  const frames: string[] = [];
  bob.page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
  bob.page.on('websocket', (socket) => socket.on('framesent', (frame) => frames.push(String(frame.payload))));
  const movesSent = () => [...requests.filter((r) => /^POST \/api\/games\/[^/]+\/moves$/.test(r)), ...frames.filter((f) => /"type"\s*:\s*"move"/.test(f))];

  await ann.page.goto(`/games/${id}`);
  await waitForPly(ann.page, 0);
  await bob.page.goto(`/games/${id}`);
  await waitForPly(bob.page, 0);
  await bob.page.click('[data-testid=plan-toggle]');
  expect(await bob.page.getAttribute('[data-testid=plan-toggle]', 'aria-expanded')).toBe('true');
  await planAt(bob.page, 0);
  await bob.page.waitForSelector('[data-testid=plan-empty]');
  expect(await bob.page.textContent('[data-testid=plan-prompt]')).toContain('Their move');

  // The first line, clicked: ann's m1, bob's r1.
  await planMove(bob.page, m1);
  await planAt(bob.page, 1);
  expect(await bob.page.textContent('[data-testid=plan-prompt]')).toContain('Your reply');
  expect(await bob.page.isDisabled('[data-testid=plan-add]'), 'a line ends with your own move').toBe(true);
  await planMove(bob.page, r1);
  await planAt(bob.page, 2);
  // Back and forward within the line keep it.
  await bob.page.click('[data-testid=plan-back]');
  await planAt(bob.page, 1);
  await bob.page.click('[data-testid=plan-forward]');
  await planAt(bob.page, 2);
  await bob.page.click('[data-testid=plan-add]');
  await bob.page.waitForSelector('[data-testid=plan-line]');
  // The second: ann's m2, bob's r2, from the start again.
  await planAt(bob.page, 0);
  await planMove(bob.page, m2);
  await planAt(bob.page, 1);
  await planMove(bob.page, r2);
  await planAt(bob.page, 2);
  await bob.page.click('[data-testid=plan-add]');
  await expect.poll(() => bob.page.locator('[data-testid=plan-line]').count()).toBe(2);
  expect(await bob.page.textContent('[data-testid=plan-lines]')).toContain(`If they play ${m1.move}, you play ${r1.move}`);
  expect(await bob.page.textContent('[data-testid=plan-lines]')).toContain(`If they play ${m2.move}, you play ${r2.move}`);

  await bob.page.click('[data-testid=plan-save]');
  await bob.page.waitForSelector('[data-testid=plan-said]:has-text("Saved: 2 lines")');
  await screenshot(bob.page, 'planning-board-desktop-light');
  const saved = await savedLines(bob.page, id);
  expect(saved.status).toBe(200);
  expect(sorted(saved.lines)).toEqual(sorted([[m1.move, r1.move], [m2.move, r2.move]]));
  expect(movesSent(), 'planning sends no move to the game').toEqual([]);
  expect(requests.filter((r) => r.startsWith('PUT ')), 'the plan is saved once').toEqual([`PUT /api/games/${id}/conditionals`]);
  expect((await viewOf(bob.page, id)).ply, 'nothing was played').toBe(0);
  expect(await savedLines(ann.page, id), "ann never sees bob's lines").toEqual({ status: 200, lines: [] });

  // Ann plays m1 on her page: r1 is played for bob in the same change.
  await clickMove(ann.page, m1.move);
  await waitForPly(ann.page, 2);
  await waitForPly(bob.page, 2);
  await expect.poll(() => bob.page.textContent('[data-testid=moves] button.move[data-ply="2"]')).toBe(r1.move);
  expect(await bob.page.textContent('[data-testid=moves] button.move[data-ply="1"]')).toBe(m1.move);
  const after = await viewOf(ann.page, id);
  expect(after.ply).toBe(2);
  expect(after.to_move, "ann's move again").toEqual(['b']);

  // Bob's planning board knows the game moved on; his notices tell him of the reply played.
  await bob.page.waitForSelector('[data-testid=plan-moved-on]');
  expect(await bob.page.isDisabled('[data-testid=plan-save]')).toBe(true);
  await bob.page.waitForSelector('[data-testid=notices] .dot');
  await bob.page.click('[data-testid=notices]');
  const notice = bob.page.locator('[data-testid=notice-list] li[data-kind=conditional_played]');
  await notice.waitFor();
  expect(await notice.locator('a').getAttribute('href')).toBe(`/games/${id}`);
  expect(await notice.textContent()).toContain('Planned reply played');
  await bob.page.click('[data-testid=notices-close]');

  // The other line was cleared: nothing is left to play.
  expect(await savedLines(bob.page, id)).toEqual({ status: 200, lines: [] });
  await bob.page.click('[data-testid=plan-restart]');
  await bob.page.waitForSelector('[data-testid=plan-empty]');
  await planAt(bob.page, 0);
  expect(await bob.page.getAttribute('[data-testid=plan-board]', 'data-position')).toBe(after.position);
  expect(movesSent(), 'bob never sent a move: the server played his reply').toEqual([]);

  await ann.context.close();
  await bob.context.close();
});

it('refuses the planning board to a spectator and in Single Capture Go, and the lines to anyone without a seat', async () => {
  const cy = await signedUpContext(browser, server, 'plancy');
  const dee = await signedUpContext(browser, server, 'plandee');
  const id = await createGame(cy.page, { game: 'sage', seats: [{ account: 'me' }, { computer: 1 }] });
  await dee.page.goto(`/games/${id}`);
  await waitForPly(dee.page, 0);
  expect(await dee.page.locator('[data-testid=planning]').count(), 'a spectator plans nothing').toBe(0);
  expect((await savedLines(dee.page, id)).status).toBe(403);

  const rounds = await createGame(cy.page, { game: 'scg', seats: [{ account: 'me' }, { computer: 1 }], clock: { round_hours: 24 } });
  await cy.page.goto(`/games/${rounds}`);
  await waitForPly(cy.page, 0);
  expect(await cy.page.locator('[data-testid=planning]').count(), 'no plans in Single Capture Go').toBe(0);
  await cy.page.goto(`/games/${id}`);
  await cy.page.waitForSelector('[data-testid=plan-toggle]');
  await cy.context.close();
  await dee.context.close();
});
