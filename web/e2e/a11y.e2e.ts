// Usable without a mouse or sight: axe-core finds nothing serious or
// critical on any page (the lobby, each game and edition as a player and
// as a spectator, a game stepped back through its history, the planning
// board of conditional moves, the account
// pages (the vacation part with a vacation running and one booked), a
// player on vacation and a game made without vacation, every rules page, the notices as a phone's sheet, a declined
// seat, a round's announcement, a guest's sign-out warning); every page has one h1, landmarks and a skip link; the focus
// ring stands out against every cell in both themes; and a move of each
// game is played with the keyboard alone.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, PHONE, type Server, createGame, signedUpContext, startBrowser, startServer, viewOf, waitForPly } from './harness';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

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

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** What axe-core finds serious or critical on the page now. */
async function seriousFindings(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    // axe-core leaves its check of a name that differs from the words shown
    // off by default (experimental); voice control needs it, so it is on.
    const { violations } = await axe.run(document, { rules: { 'label-content-name-mismatch': { enabled: true } } });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
}

/** Checks a page as a screen reader's user and a keyboard's meet it. */
async function checkPage(page: Page, what: string): Promise<void> {
  expect(await seriousFindings(page), what).toEqual([]);
  expect(await page.locator('h1').count(), `${what}: one h1`).toBe(1);
  expect(await page.locator('main').count(), `${what}: a main landmark`).toBe(1);
  expect(await page.locator('header nav').count(), `${what}: a navigation landmark`).toBe(1);
  expect(await page.locator('a.skip-link[href="#main"]').count(), `${what}: a skip link`).toBe(1);
}

/** A new context that lets axe-core's script in (the site's policy allows only its own). */
async function auditContext(name: string) {
  const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, bypassCSP: true });
  const page = await context.newPage();
  return { context, page, name };
}

const games = [
  { title: 'A•G•O•G', body: { game: 'agog', seats: [{ account: 'me' }, { computer: 1 }] } },
  { title: 'A•G•O•G (classic)', body: { game: 'agog', variant: 'classic', seats: [{ account: 'me' }, { computer: 1 }] } },
  { title: 'Sage Tafl', body: { game: 'sage', seats: [{ account: 'me' }, { computer: 1 }] } },
  { title: 'Ogama', body: { game: 'ogama', options: { seed: 12 }, seats: [{ account: 'me' }, { computer: 1 }] } },
  { title: 'Single Capture Go', body: { game: 'scg', seats: [{ account: 'me' }, { computer: 1 }, { computer: 1 }], clock: { round_hours: 24, close_early: true } } },
];

it('finds nothing serious on any page, for a player, a spectator and a visitor', async () => {
  const visitor = await auditContext('visitor');
  for (const path of ['/', '/signin', '/signup', '/reset', `/reset?token=${'0'.repeat(64)}`, '/tournaments']) {
    await visitor.page.goto(path);
    await visitor.page.waitForSelector('h1', { state: 'attached' });
    await checkPage(visitor.page, `${path}, signed out`);
  }
  // Every rules page, its examples drawn, and one stepped on.
  for (const path of ['/rules/agog', '/rules/agog/classic', '/rules/sage', '/rules/ogama', '/rules/scg']) {
    await visitor.page.goto(path);
    await visitor.page.waitForSelector('h1:has-text("How to play")');
    await visitor.page.waitForFunction(() => [...document.querySelectorAll('figure.rules-example')].every((f) => f.querySelector('svg.board')));
    await visitor.page.locator('figure.rules-example button[data-step="forward"]').first().click();
    await visitor.page.waitForSelector('figure.rules-example[data-shown="1"] svg.board');
    await checkPage(visitor.page, `${path}, a rules page`);
  }
  const player = await signedUpContext(browser, server, 'axe');
  const audited = await auditContext('player');
  await audited.context.addCookies(await player.context.cookies());
  await audited.page.goto('/');
  await audited.page.waitForSelector('[data-testid=new-game]');
  await checkPage(audited.page, 'the lobby, signed in');
  await audited.page.goto('/account');
  await audited.page.waitForSelector('h1', { state: 'attached' });
  await checkPage(audited.page, 'the account page');
  // An invitation in the lobby, and a private game's page with its invite link.
  const inviter = await signedUpContext(browser, server, 'inviter');
  const invitation = await createGame(inviter.page, { game: 'sage', private: true, seats: [{ account: 'me' }, { account: player.name }] });
  await audited.page.goto('/');
  await audited.page.waitForSelector(`[data-testid=invitations] li[data-game-id="${invitation}"]`);
  await checkPage(audited.page, 'the lobby with an invitation');
  await audited.page.goto(`/games/${invitation}`);
  await audited.page.waitForSelector('[data-testid=invited]');
  await checkPage(audited.page, 'a game that invites its viewer');
  // The notices, open, with the invitation to accept from the list.
  await audited.page.click('[data-testid=notices]');
  await audited.page.waitForSelector('[data-testid=notice-list] li[data-kind=invited]');
  await checkPage(audited.page, 'the notices, open');
  await audited.page.click('[data-testid=notices]');
  const own = await createGame(audited.page, { game: 'ogama', private: true, seats: [{ account: 'me' }, { open: true }] });
  await audited.page.goto(`/games/${own}`);
  await audited.page.waitForSelector('[data-testid=invite-link]');
  await checkPage(audited.page, "a private game's page, its creator");
  await inviter.context.close();
  for (const { title, body } of games) {
    const id = await createGame(audited.page, body);
    await audited.page.goto(`/games/${id}`);
    await audited.page.waitForSelector('.board-wrap svg');
    await checkPage(audited.page, `${title}, its player`);
    // The planning board open, drawn and waiting for a move.
    if (body.game !== 'scg') {
      await audited.page.click('[data-testid=plan-toggle]');
      await audited.page.waitForSelector('[data-testid=plan-board][data-ready=true] svg');
      await audited.page.waitForSelector('[data-testid=plan-empty]');
      await checkPage(audited.page, `${title}, its player planning conditional moves`);
    }
    // A move, then back through the history.
    const view = await viewOf(audited.page, id);
    const entry = view.legal!.find((m) => m.steps.length > 0)!;
    await audited.page.evaluate(async ({ g, move, ply }) => fetch(`/api/games/${g}/moves`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ move, ply }) }), { g: id, move: entry.move, ply: view.ply });
    await waitForPly(audited.page, view.ply + 1);
    await audited.page.click('button[aria-label="The start"]');
    await audited.page.waitForSelector('[data-testid=stepping]');
    await checkPage(audited.page, `${title}, stepped back`);
    // An offer standing (a takeback, taken at once against the computer, or a rematch once over).
    if (body.game !== 'scg') {
      await audited.page.evaluate(async (g) => fetch(`/api/games/${g}/resign`, { method: 'POST' }), id);
      await audited.page.waitForSelector('[data-testid=make-rematch]');
      await checkPage(audited.page, `${title}, over, a rematch to offer`);
    }
    await visitor.page.goto(`/games/${id}`);
    await visitor.page.waitForSelector('.board-wrap svg');
    await checkPage(visitor.page, `${title}, a spectator`);
  }
  await visitor.page.goto(`/players/${player.name}`);
  await visitor.page.waitForSelector('[data-testid=recent-games]');
  await checkPage(visitor.page, "a player's page");
  await visitor.page.goto('/players/nobody-at-all');
  await visitor.page.waitForSelector('h1', { state: 'attached' });
  await checkPage(visitor.page, 'a page of nobody');
  await visitor.context.close();
  await audited.context.close();
  await player.context.close();
});

it('finds nothing serious in the notices as a phone sheet, a declined seat, a round announced, and the guest sign-out warning', async () => {
  const creator = await signedUpContext(browser, server, 'seatkeeper');
  const invited = await signedUpContext(browser, server, 'seatdecliner');
  const id = await createGame(creator.page, { game: 'sage', seats: [{ account: 'me' }, { account: invited.name }] });
  const declined = await invited.page.evaluate(async (g) => (await fetch(`/api/games/${g}/seats/r/decline`, { method: 'POST' })).status, id);
  expect(declined).toBe(200);
  const phone = await browser.newContext({ baseURL: server.url, viewport: PHONE, bypassCSP: true });
  await phone.addCookies(await creator.context.cookies());
  const page = await phone.newPage();
  await page.goto(`/games/${id}`);
  await page.waitForSelector('[data-testid=refill-r]');
  await checkPage(page, 'a declined seat, its creator, on a phone');
  await page.click('[data-testid=notices]');
  await page.waitForSelector('[data-testid=notice-list] li[data-kind=declined]');
  await checkPage(page, 'the notices, a sheet on a phone');
  await page.keyboard.press('Escape');
  // A round of Single Capture Go closed: its announcement set out.
  const rounds = await createGame(page, { game: 'scg', seats: [{ account: 'me' }, { computer: 1 }, { computer: 1 }], clock: { round_hours: 24, close_early: true } });
  await page.goto(`/games/${rounds}`);
  await waitForPly(page, 0);
  const view = await viewOf(page, rounds);
  const play = view.legal!.find((m) => m.steps.length > 0)!;
  await page.evaluate(async ({ g, move, ply }) => fetch(`/api/games/${g}/moves`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ move, ply }) }), { g: rounds, move: play.move, ply: view.ply });
  await page.waitForSelector('[data-testid=announcements] .announcement table');
  await page.click('[data-testid=announcements] .announcement summary');
  await checkPage(page, 'a round announced, on a phone');
  await phone.close();
  await invited.context.close();
  await creator.context.close();

  const guest = await auditContext('guest');
  await guest.page.goto('/');
  await guest.page.click('[data-testid=play-now-start]');
  await guest.page.waitForURL(/\/games\/[A-Za-z0-9]+$/);
  await guest.page.waitForSelector('[data-testid=account-name]');
  await guest.page.click('[data-testid=sign-out]');
  await guest.page.waitForSelector('[data-testid=guest-sign-out]');
  await checkPage(guest.page, "the guest's sign-out warning");
  await guest.context.close();
});

it('finds nothing serious in the vacation part of the account page, beside a player on vacation, or by a clock that runs on', async () => {
  const away = await signedUpContext(browser, server, 'axeaway');
  const other = await signedUpContext(browser, server, 'axestay');
  const stops = await createGame(away.page, { game: 'sage', seats: [{ account: 'me' }, { open: true }], clock: { days_per_move: 3 } });
  const runs = await createGame(away.page, { game: 'sage', seats: [{ account: 'me' }, { open: true }], clock: { days_per_move: 3 }, vacation: false });
  for (const id of [stops, runs]) {
    expect(await other.page.evaluate(async (g) => (await fetch(`/api/games/${g}/seats/r`, { method: 'POST' })).status, id)).toBe(200);
  }
  // A vacation running, and one booked ahead.
  const answers = await away.page.evaluate(async () => {
    const at = (hours: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + hours * 3_600_000).toISOString().replace('.000Z', 'Z');
    const book = async (body: object) =>
      (await fetch('/api/me/vacation', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status;
    return [await book({ until: at(48) }), await book({ from: at(96), until: at(120) })];
  });
  expect(answers).toEqual([201, 201]);
  const audited = await auditContext('away');
  await audited.context.addCookies(await away.context.cookies());
  await audited.page.goto('/account#vacation');
  await audited.page.waitForSelector('[data-testid=vacation-current]');
  await audited.page.waitForSelector('[data-testid=vacation-booked] li');
  await audited.page.waitForSelector('[data-testid=vacation-not-stopped] li');
  await checkPage(audited.page, 'the account page, on vacation with one booked ahead');
  await audited.page.goto(`/games/${stops}`);
  await audited.page.waitForSelector('[data-testid=my-vacation]');
  await checkPage(audited.page, 'a game whose viewer is on vacation');
  const watching = await auditContext('stay');
  await watching.context.addCookies(await other.context.cookies());
  await watching.page.goto(`/games/${stops}`);
  await watching.page.waitForSelector('[data-testid=vacation-b]');
  await checkPage(watching.page, 'a game whose opponent is on vacation');
  await watching.page.goto(`/games/${runs}`);
  await watching.page.waitForSelector('[data-testid=without-vacation]');
  await checkPage(watching.page, 'a game made without vacation');
  await watching.context.close();
  await audited.context.close();
  await other.context.close();
  await away.context.close();
});

/** The contrast ratio of two CSS colours (WCAG). */
function contrast(a: number[], b: number[]): number {
  const lum = (c: number[]) => {
    const [r, g, bl] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

it('draws a focus ring that stands out by 3:1 against every cell, in both themes', async () => {
  const p = await signedUpContext(browser, server, 'ring');
  for (const { title, body } of games) {
    const id = await createGame(p.page, body);
    for (const theme of ['light', 'dark']) {
      await p.page.evaluate((t) => localStorage.setItem('arbiter-theme', t), theme);
      await p.page.goto(`/games/${id}`);
      await p.page.waitForSelector('.board-wrap [data-square][tabindex="0"]');
      await p.page.focus('.board-wrap [data-square][tabindex="0"]');
      await p.page.keyboard.press('Tab');
      await p.page.keyboard.press('Shift+Tab');
      const colours = await p.page.evaluate(() => {
        const rgb = (text: string) => (text.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
        const focused = document.activeElement as Element;
        const ring = [...focused.querySelectorAll('.focus-ring')].map((r) => getComputedStyle(r).stroke).filter((s) => s !== 'none');
        const cells = [...new Set([...document.querySelectorAll('.board-wrap .cell, .board-wrap .spot-body')].map((c) => getComputedStyle(c).fill))];
        return { ring: ring.map(rgb), cells: cells.map(rgb) };
      });
      expect(colours.ring.length, `${title}, ${theme}: the focused place shows its ring`).toBe(2);
      for (const cell of colours.cells) {
        const best = Math.max(...colours.ring.map((r) => contrast(r, cell)));
        expect(best, `${title}, ${theme}: ring against ${cell}`).toBeGreaterThanOrEqual(3);
      }
    }
  }
  await p.page.evaluate(() => localStorage.removeItem('arbiter-theme'));
  await p.context.close();
});

/** Presses Tab until the place named `name` has the focus. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    if ((await page.evaluate(() => document.activeElement?.getAttribute('data-square'))) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}`);
}

it('plays a move of each game with the keyboard alone', async () => {
  const p = await signedUpContext(browser, server, 'keyboard');
  for (const { title, body } of games) {
    const id = await createGame(p.page, body);
    await p.page.goto(`/games/${id}`);
    await waitForPly(p.page, 0);
    const view = await viewOf(p.page, id);
    const entry = view.legal!.find((m) => m.steps.length > 0 && !m.choice)!;
    await p.page.locator('body').focus();
    for (const place of entry.steps) {
      await tabTo(p.page, place);
      await p.page.keyboard.press('Enter');
    }
    // The move was made: it is the game's first (a round's play may also
    // still be pending, seen by its player alone).
    const made = async () => {
      const first = await p.page.evaluate(async (g) => (await (await fetch(`/api/games/${g}/history`)).json()).plies[0]?.long ?? null, id);
      return first ?? (await viewOf(p.page, id)).rounds?.my_play ?? null;
    };
    await expect.poll(made, { timeout: 20_000 }).toContain(entry.move);
    expect(await made(), title).toContain(entry.move);
  }
  await p.context.close();
});
