// What trips a first-time player, each held: the notices as a sheet inside
// a phone's screen that Escape and a click outside close; an invitation
// reaching the lobby live; a typed move's refusal beside the box, in
// view, announced; the move list in one form, remembered, following the
// game; a finished game's board naming no side to move; and the home
// page saying what each game is, with its board.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DESKTOP, type Server, createGame, results, screenshot, signedUpContext, startBrowser, startServer, viewOf, waitForPly, watchPolicy } from './harness';

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

/** A phone's screen as the newcomer's was. */
const PHONE_390 = { width: 390, height: 844 };

/** Saves what the screen shows now (not the whole page) under test-results/screens. */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(join(results, 'screens'), { recursive: true });
  await page.screenshot({ path: join(results, 'screens', `${name}.png`) });
}

/** Whether the notices list is open on `page`. */
const listOpen = (page: Page) => page.locator('[data-testid=notice-list]').count();

it('keeps the notices inside a phone screen, closes them on Escape and outside, and shows an invitation in the lobby live', async () => {
  const ann = await signedUpContext(browser, server, 'ann');
  const bob = await signedUpContext(browser, server, 'bob', PHONE_390);
  const cy = await signedUpContext(browser, server, 'cy');
  await bob.page.goto('/');
  await bob.page.waitForSelector('[data-testid=notices]');
  await cy.page.goto('/');
  await cy.page.waitForSelector('[data-testid=my-games]');
  expect(await cy.page.locator('[data-testid=invitations]').count()).toBe(0);

  await ann.page.goto('/');
  const id = await createGame(ann.page, { game: 'sage', seats: [{ account: 'me' }, { account: bob.name }] });
  const toCy = await createGame(ann.page, { game: 'ogama', seats: [{ account: 'me' }, { account: cy.name }] });

  // The lobby shows the invitation without a reload.
  await cy.page.waitForSelector(`[data-testid=invitations] li[data-game-id="${toCy}"]`, { timeout: 15_000 });

  // On the phone the list is a sheet inside the screen, its buttons in reach.
  await bob.page.waitForSelector('[data-testid=notices] .dot');
  await bob.page.click('[data-testid=notices]');
  await bob.page.waitForSelector('[data-testid=notice-list] li[data-kind=invited]');
  const sheet = (await bob.page.locator('[data-testid=notice-list]').boundingBox())!;
  expect(sheet.x).toBeGreaterThanOrEqual(0);
  expect(sheet.x + sheet.width).toBeLessThanOrEqual(PHONE_390.width + 0.5);
  expect(sheet.y + sheet.height).toBeLessThanOrEqual(PHONE_390.height + 0.5);
  const accept = (await bob.page.locator(`[data-testid=notice-accept-${id}]`).boundingBox())!;
  expect(accept.x).toBeGreaterThanOrEqual(0);
  expect(accept.x + accept.width).toBeLessThanOrEqual(PHONE_390.width);
  await shot(bob.page, 'notices-phone-light');

  // Escape closes it and gives the focus back to the button.
  await bob.page.keyboard.press('Escape');
  await expect.poll(() => listOpen(bob.page)).toBe(0);
  expect(await bob.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('notices');
  // A press outside closes it too; one inside does not.
  await bob.page.click('[data-testid=notices]');
  await bob.page.waitForSelector('[data-testid=notice-list]');
  await bob.page.click('[data-testid=notice-list] h2');
  expect(await listOpen(bob.page)).toBe(1);
  await bob.page.mouse.click(PHONE_390.width / 2, 10);
  await expect.poll(() => listOpen(bob.page)).toBe(0);

  // Accepting from the sheet still works.
  await bob.page.click('[data-testid=notices]');
  await bob.page.click(`[data-testid=notice-accept-${id}]`);
  await bob.page.waitForURL(`**/games/${id}`);
  for (const p of [ann, bob, cy]) await p.context.close();
});

it('shows a typed move\'s refusal beside the box, in view and announced, and a finished game names no side to move', async () => {
  const rex = await signedUpContext(browser, server, 'rex', { width: 1280, height: 800 });
  const id = await createGame(rex.page, { game: 'agog', seats: [{ account: 'me' }, { computer: 1 }] });
  await rex.page.goto(`/games/${id}`);
  await waitForPly(rex.page, 0);
  await rex.page.fill('[data-testid=move-input]', 'e2-e4');
  await rex.page.press('[data-testid=move-input]', 'Enter');
  const error = rex.page.locator('[data-testid=error]');
  await error.waitFor();
  expect(await error.textContent()).toContain('e2-e4');
  // Beside the box, in a live region, and on the screen without scrolling.
  expect(await rex.page.locator('.type-move [data-testid=error]').count()).toBe(1);
  expect(await error.evaluate((e) => e.closest('[aria-live]')?.getAttribute('aria-live'))).toBe('assertive');
  const box = (await error.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(800);
  await shot(rex.page, 'refused-move-desktop-light');

  // A click where no move starts says so, instead of nothing.
  await rex.page.click('.board-wrap [data-square="h1"]');
  await expect.poll(() => rex.page.textContent('[data-testid=click-hint]')).toContain('No move of yours starts at h1');

  // Resigned: the status says who won, and the board's notes no longer name a side to move.
  await rex.page.click('[data-testid=resign]');
  await rex.page.click('text=Yes, resign');
  await expect.poll(() => rex.page.textContent('[data-testid=status]')).toContain('wins by resignation');
  await expect.poll(() => rex.page.textContent('[data-testid=notes]')).toContain('Black wins by resignation.');
  expect(await rex.page.textContent('[data-testid=notes]')).not.toContain('to move');
  await screenshot(rex.page, 'game-over-desktop-light');
  // So does a fresh view of it.
  await rex.page.reload();
  await rex.page.waitForSelector('[data-testid=notes]');
  expect(await rex.page.textContent('[data-testid=notes]')).not.toContain('to move');
  await rex.context.close();
});

/** The texts of the move list. */
const listed = (page: Page) => page.locator('[data-testid=moves] button.move').allTextContents();

it('writes the move list in one form, remembered, and follows the game to its newest move', async () => {
  const p = await signedUpContext(browser, server, 'lee');
  const id = await createGame(p.page, { game: 'agog', seats: [{ account: 'me' }, { computer: 1 }] });
  await p.page.goto(`/games/${id}`);
  await waitForPly(p.page, 0);
  /** Plays the first legal move on the server, then waits for the computer's answer on the page. */
  let turn = 0;
  const playOne = async () => {
    const view = await viewOf(p.page, id);
    if (view.status.state !== 'ongoing' || !view.legal?.length) return false;
    // Quiet moves first (a capture may end the game early), varied.
    turn += 1;
    const quiet = view.legal.filter((m) => !/[x+]/.test(m.move));
    const pool = quiet.length > 0 ? quiet : view.legal;
    const move = pool[(turn * 7) % pool.length].move;
    const ok = await p.page.evaluate(
      async ([gameId, move, ply]) =>
        (await fetch(`/api/games/${gameId}/moves`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ move, ply }) })).ok,
      [id, move, view.ply] as const,
    );
    expect(ok).toBe(true);
    await waitForPly(p.page, view.ply + 2);
    return true;
  };
  for (let i = 0; i < 4; i++) await playOne();
  // Reloaded half way: the older moves come from the history, the newer by the live socket.
  await p.page.reload();
  await waitForPly(p.page, 8);
  const overflows = () => p.page.evaluate(() => {
    const list = document.querySelector('[data-testid=moves]')!;
    return list.scrollHeight > list.clientHeight;
  });
  for (let i = 0; i < 40 && !(await overflows()); i++) if (!(await playOne())) break;
  const history = await p.page.evaluate(async (gameId) => (await fetch(`/api/games/${gameId}/history`)).json(), id);
  const long = history.plies.map((x: { long: string }) => x.long);
  const record = history.plies.map((x: { record: string }) => x.record);
  expect(long).not.toEqual(record);
  await expect.poll(() => listed(p.page)).toEqual(long);

  // The newest move is in view in the list, which scrolled to it.
  const inView = () =>
    p.page.evaluate(() => {
      const list = document.querySelector('[data-testid=moves]')!;
      const moves = list.querySelectorAll('button.move');
      const last = moves[moves.length - 1].getBoundingClientRect();
      const frame = list.getBoundingClientRect();
      return { overflows: list.scrollHeight > list.clientHeight, shown: last.top >= frame.top - 1 && last.bottom <= frame.bottom + 1 };
    });
  expect(await inView()).toEqual({ overflows: true, shown: true });

  // Scorekeeping, chosen, is every move's form, and stays chosen after a reload.
  await p.page.click('[data-testid=move-form-record]');
  await expect.poll(() => listed(p.page)).toEqual(record);
  await p.page.reload();
  await p.page.waitForSelector('[data-testid=move-form-record][aria-pressed=true]');
  await expect.poll(() => listed(p.page)).toEqual(record);
  if (await playOne()) {
    const again = await p.page.evaluate(async (gameId) => (await fetch(`/api/games/${gameId}/history`)).json(), id);
    await expect.poll(() => listed(p.page)).toEqual(again.plies.map((x: { record: string }) => x.record));
  }
  expect((await inView()).shown).toBe(true);
  await p.context.close();
});

it('says on the home page what each game is, with its board, and plays it at a click', async () => {
  const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
  const page = await context.newPage();
  watchPolicy(page);
  await page.goto('/');
  await page.waitForSelector('[data-testid=game-shelf]');
  for (const game of ['agog', 'sage', 'ogama', 'scg']) {
    const card = page.locator(`.shelf-game[data-game=${game}]`);
    expect((await card.locator(`[data-testid=summary-${game}]`).textContent())!.length, game).toBeGreaterThan(40);
    await card.locator('.shelf-board svg').waitFor();
    expect(await card.locator(`[data-testid=shelf-rules-${game}]`).getAttribute('href')).toBe(`/rules/${game}`);
  }
  await screenshot(page, 'home-desktop-light');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'home-phone-light');
  await page.click('[data-testid=shelf-play-ogama]');
  await page.waitForURL(/\/games\/[A-Za-z0-9]+$/);
  const view = await viewOf(page, page.url().split('/').pop()!);
  expect(view.game).toBe('ogama');
  expect(view.seats.map((s) => s.kind)).toEqual(['human', 'computer']);
  await context.close();
});

it('warns a guest before signing out, offers to sign up instead, and resigns their games if they leave', async () => {
  const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
  const page = await context.newPage();
  watchPolicy(page);
  await page.goto('/');
  await page.click('[data-testid=play-now-start]');
  await page.waitForURL(/\/games\/[A-Za-z0-9]+$/);
  const id = page.url().split('/').pop()!;
  await page.waitForSelector('[data-testid=account-name]');

  // The warning, then staying: still signed in.
  await page.click('[data-testid=sign-out]');
  const warning = page.locator('[data-testid=guest-sign-out]');
  await warning.waitFor();
  expect(await warning.textContent()).toContain('Sign up to keep your games');
  await screenshot(page, 'guest-sign-out-desktop-light');
  await page.keyboard.press('Escape');
  await warning.waitFor({ state: 'hidden' });
  expect(await page.locator('[data-testid=account-name]').count()).toBe(1);

  // "Sign up to keep your games" leads to the sign-up page, still signed in.
  await page.click('[data-testid=sign-out]');
  await page.click('[data-testid=guest-sign-up]');
  await page.waitForURL('**/signup');
  expect(await page.locator('[data-testid=account-name]').count()).toBe(1);

  // Leaving anyway: signed out, and the game ended by resignation.
  await page.click('[data-testid=sign-out]');
  await page.click('[data-testid=guest-leave]');
  await page.waitForSelector('a[href="/signin"]');
  // Read until an answer is a view (a loaded machine may answer a read
  // with 503 and Retry-After).
  await expect.poll(async () => (await viewOf(page, id)).status?.state, { timeout: 15_000 }).toBe('over');
  expect((await viewOf(page, id)).status.reason).toBe('resignation');
  await context.close();
});

it('keeps a declined seat for its creator, who is told and invites someone else or opens it', async () => {
  const ann = await signedUpContext(browser, server, 'ann');
  const bob = await signedUpContext(browser, server, 'bob');
  const cy = await signedUpContext(browser, server, 'cy');
  await ann.page.goto('/');
  const id = await createGame(ann.page, { game: 'sage', seats: [{ account: 'me' }, { account: bob.name }] });
  await ann.page.goto(`/games/${id}`);
  await ann.page.waitForSelector('[data-testid=status]');

  // Bob declines from his lobby; Ann is told, and her page shows the seat as declined, with what she may do.
  await bob.page.goto('/');
  await bob.page.click(`[data-testid=invitations] li[data-game-id="${id}"] [data-testid=decline]`);
  await ann.page.waitForSelector('[data-testid=notices] .dot');
  await ann.page.click('[data-testid=notices]');
  await ann.page.waitForSelector('[data-testid=notice-list] li[data-kind=declined]');
  expect(await ann.page.textContent('[data-testid=notice-list] li[data-kind=declined]')).toContain(`${bob.name} declined your invitation`);
  await ann.page.keyboard.press('Escape');
  await ann.page.waitForSelector('[data-testid=refill-r]');
  expect(await ann.page.textContent('[data-testid=status]')).toContain(`${bob.name} declined`);
  await screenshot(ann.page, 'declined-seat-desktop-light');

  // Nobody else may take it, and the lobby does not offer it.
  await cy.page.goto(`/games/${id}`);
  await cy.page.waitForSelector('[data-testid=status]');
  expect(await cy.page.locator('[data-testid=take-r]').count()).toBe(0);
  await cy.page.goto('/');
  await cy.page.waitForSelector('[data-testid=open-games]');
  expect(await cy.page.locator(`[data-testid=open-games] a[data-game-id="${id}"]`).count()).toBe(0);

  // Ann invites Cy instead: it reaches Cy's lobby live; Cy accepts and the game starts.
  await ann.page.fill('[data-testid=reinvite-name-r]', cy.name);
  await ann.page.click('[data-testid=reinvite-r]');
  await ann.page.waitForSelector('[data-testid=refill-r]', { state: 'detached' });
  await cy.page.waitForSelector(`[data-testid=invitations] li[data-game-id="${id}"]`);
  await cy.page.click(`[data-testid=invitations] li[data-game-id="${id}"] [data-testid=accept]`);
  await cy.page.waitForURL(`**/games/${id}`);
  await expect.poll(async () => (await viewOf(ann.page, id)).status.state).toBe('ongoing');
  for (const p of [ann, bob, cy]) await p.context.close();
});
