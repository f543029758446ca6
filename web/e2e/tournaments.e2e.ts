// A tournament in two browsers: the organiser creates a one-round Swiss
// from the tournaments page's form and joins it, another player joins it
// from its page, a third is removed by the organiser, who starts it; the round's pairing leads to an
// ordinary game, marked as a tournament's, which ends by resignation; the
// tournament's page then shows the result, the winner first in the
// standings and the crosstable, and the tournament over; the loser's
// notices lead there, and a visitor sees it too.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Server, playFirst, screenshot, signedUpContext, startBrowser, startServer, viewOf } from './harness';

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

/** The texts of the standings' rows: each row's cells, the player's name first. */
async function standings(page: Page): Promise<{ name: string; score: string }[]> {
  const rows = page.locator('[data-testid=standings] tbody tr');
  const names = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-player') ?? ''));
  const scores = await page.locator('[data-testid=standings] tbody [data-testid=score]').allTextContents();
  return names.map((name, i) => ({ name, score: scores[i] ?? '' }));
}

it('creates a Swiss from the form, is joined and started, shows its round, and ends with the result and standings', async () => {
  const ann = await signedUpContext(browser, server, 'org');
  const bob = await signedUpContext(browser, server, 'entrant');

  // The header leads to the tournaments; none yet.
  await ann.page.goto('/');
  await ann.page.click('header nav a:has-text("Tournaments")');
  await ann.page.waitForURL('**/tournaments');
  await ann.page.waitForSelector('[data-testid=tournaments-upcoming]');
  expect(await ann.page.locator('h1').count()).toBe(1);

  // The form: a Swiss of one round offers its rounds; Single Capture Go offers tables only.
  const form = ann.page.locator('[data-testid=new-tournament]');
  await form.waitFor();
  await form.locator('select[name=game]').selectOption({ label: 'Single Capture Go' });
  expect(await form.locator('select[name=kind] option').allTextContents()).toEqual(['Single Capture Go tables']);
  await form.locator('select[name=game]').selectOption({ label: 'Sage Tafl' });
  expect(await form.locator('select[name=kind] option').allTextContents()).toEqual(['Round robin', 'Double round robin', 'Swiss']);
  expect(await form.locator('input[name=rounds]').count()).toBe(0);
  expect(await form.locator('input[name=rated]').isChecked()).toBe(true);
  expect(await form.locator('input[name=starts_at]').inputValue()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
  await form.locator('input[name=name]').fill('Winter Swiss');
  await form.locator('select[name=kind]').selectOption('swiss');
  await form.locator('input[name=rounds]').fill('21');
  await ann.page.click('[data-testid=create-tournament]');
  expect(await ann.page.locator('[data-testid=error]').textContent()).toContain('1 to 20 rounds');
  await form.locator('input[name=rounds]').fill('1');
  await form.locator('input[name=max_players]').fill('1');
  await ann.page.click('[data-testid=create-tournament]');
  expect(await ann.page.locator('[data-testid=error]').textContent()).toContain('2 to 1000');
  await form.locator('input[name=max_players]').fill('');
  await ann.page.click('[data-testid=create-tournament]');
  await ann.page.waitForURL('**/tournaments/*');
  const id = Number(new URL(ann.page.url()).pathname.split('/').pop());
  expect(id).toBeGreaterThan(0);
  await ann.page.waitForSelector('[data-testid=tournament] h1:has-text("Winter Swiss")');
  expect(await ann.page.textContent('[data-testid=tournament-state]')).toBe('Upcoming');
  expect(await ann.page.textContent('[data-testid=tournament-facts]')).toContain('Sage Tafl · Swiss · 1 round · 3 days a move');
  expect(await ann.page.textContent('[data-testid=rated]')).toBe('rated');

  // The organiser is not in it until she joins; she may start it.
  expect(await ann.page.locator('[data-testid=start]').count()).toBe(1);
  await ann.page.click('[data-testid=join]');
  await ann.page.waitForSelector('[data-testid=leave]');
  expect((await standings(ann.page)).map((r) => r.name)).toEqual([ann.name]);

  // Listed as upcoming, with its players and rounds.
  await bob.page.goto('/tournaments');
  const listed = bob.page.locator(`[data-testid=tournaments-upcoming] li[data-tournament-id="${id}"]`);
  await listed.waitFor();
  expect(await listed.textContent()).toContain('1/64 players');
  expect(await listed.textContent()).toContain('Swiss');

  // Bob joins from its page.
  await listed.locator('a').click();
  await bob.page.waitForURL(`**/tournaments/${id}`);
  await bob.page.click('[data-testid=join]');
  await bob.page.waitForSelector('[data-testid=leave]');
  expect(await bob.page.locator('[data-testid=start]').count(), 'only the organiser starts it').toBe(0);

  // A third joins; the organiser removes them from the standings' row.
  const cy = await signedUpContext(browser, server, 'removed');
  const joined = await cy.page.evaluate(async (t) => (await fetch(`/api/tournaments/${t}/players`, { method: 'POST' })).status, id);
  expect(joined).toBe(200);
  await ann.page.reload();
  await ann.page.waitForSelector(`[data-testid=standings] tr[data-player="${bob.name}"]`);
  expect(await ann.page.locator(`[data-testid=remove-${ann.name}]`).count(), 'not herself').toBe(0);
  await ann.page.click(`[data-testid=remove-${cy.name}]`);
  await ann.page.click(`[aria-label="Confirm removing ${cy.name}"] button:has-text("Yes, remove")`);
  await ann.page.waitForSelector(`[data-testid=standings] tr[data-player="${cy.name}"]`, { state: 'detached' });
  expect((await standings(ann.page)).map((r) => r.name).sort()).toEqual([ann.name, bob.name].sort());
  await cy.context.close();

  // The organiser starts it: round 1 pairs the two.
  await ann.page.click('[data-testid=start]');
  await ann.page.waitForSelector('[data-testid=rounds] [data-testid=pairing]');
  expect(await ann.page.textContent('[data-testid=tournament-state]')).toBe('Running: round 1 of 1');
  const pairing = (await ann.page.textContent('[data-testid=pairing]')) ?? '';
  expect(pairing).toContain(ann.name);
  expect(pairing).toContain(bob.name);
  expect(pairing).toContain(' – ');
  expect(await ann.page.textContent('[data-testid=pairing-result]')).toBe('playing');
  expect(await ann.page.locator('[data-testid=withdraw]').count()).toBe(1);

  // Bob opens his game from the pairing: an ordinary game, of the tournament.
  await bob.page.reload();
  await bob.page.click('[data-testid=rounds] [data-testid=pairing]');
  await bob.page.waitForURL('**/games/*');
  const game = new URL(bob.page.url()).pathname.split('/').pop()!;
  await bob.page.waitForSelector('[data-testid=tournament-game]');
  expect(await bob.page.getAttribute('[data-testid=tournament-game] a', 'href')).toBe(`/tournaments/${id}`);
  expect(await bob.page.textContent('[data-testid=rated]')).toContain('Rated');

  // A move each, then bob resigns on the game's page.
  const first = await viewOf(ann.page, game);
  const annFirst = first.seats.find((s) => s.seat === first.to_move[0])?.name === ann.name;
  await playFirst(annFirst ? ann.page : bob.page, game);
  await playFirst(annFirst ? bob.page : ann.page, game);
  await bob.page.click('[data-testid=resign]');
  await bob.page.click('[aria-label="Confirm resigning"] button:has-text("Yes, resign")');
  await bob.page.waitForSelector('[data-testid=resign]', { state: 'detached' });

  // The organiser's page follows: the result, the winner first, the tournament over.
  await ann.page.waitForFunction(() => document.querySelector('[data-testid=tournament-state]')?.textContent === 'Finished', null, {
    timeout: 45_000,
  });
  const result = await ann.page.textContent('[data-testid=pairing-result]');
  expect(result).toBe(annFirst ? '1-0' : '0-1');
  expect(await standings(ann.page)).toEqual([
    { name: ann.name, score: '1' },
    { name: bob.name, score: '0' },
  ]);
  const crossRow = await ann.page.locator(`[data-testid=crosstable] tbody tr[data-player="${ann.name}"] td`).allTextContents();
  expect(crossRow).toEqual(['1', '', '1', '1']);
  expect(await ann.page.locator('[data-testid=join], [data-testid=withdraw], [data-testid=start]').count()).toBe(0);
  expect(await ann.page.locator('.round h3').textContent()).toContain('finished');
  await screenshot(ann.page, 'tournament-desktop-light');

  // Bob's notices lead to the tournament, its end naming no game.
  await bob.page.click('[data-testid=notices]');
  await bob.page.waitForSelector(`[data-testid=notice-list] li[data-kind=tournament_over] a[href="/tournaments/${id}"]`);
  await bob.page.click(`[data-testid=notice-list] li[data-kind=tournament_over] a`);
  await bob.page.waitForURL(`**/tournaments/${id}`);
  await bob.page.waitForSelector('[data-testid=tournament-state]:has-text("Finished")');

  // Anyone may follow it, signed in or not.
  const visitor = await browser.newContext({ baseURL: server.url });
  const look = await visitor.newPage();
  await look.goto(`/tournaments/${id}`);
  await look.waitForSelector('[data-testid=standings] tbody tr');
  expect((await standings(look)).map((r) => r.name)).toEqual([ann.name, bob.name]);
  expect(await look.locator('[data-testid=join]').count()).toBe(0);
  await visitor.close();

  // Listed as finished now.
  await bob.page.goto('/tournaments');
  await bob.page.waitForSelector(`[data-testid=tournaments-finished] li[data-tournament-id="${id}"]`);
  expect(await bob.page.locator(`[data-testid=tournaments-upcoming] li[data-tournament-id="${id}"]`).count()).toBe(0);
  await ann.context.close();
  await bob.context.close();
});
