// Offers and notices in two browsers: an invitation reaches the other
// player's notices live and is accepted from there; their turn shows as a
// count in the header and the tab's title; a takeback is asked on one
// page and granted on the other; a game ends and a rematch is offered and
// accepted, both pages leading to the new game with the sides turned.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Server, clickMove, createGame, screenshot, signedUpContext, startBrowser, startServer, viewOf, waitForPly } from './harness';

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

async function firstLegal(page: Page, id: string): Promise<string> {
  const view = await viewOf(page, id);
  return view.legal![0].move;
}

it('tells of an invitation and a turn, takes a takeback and makes a rematch', async () => {
  const ann = await signedUpContext(browser, server, 'ann');
  const bob = await signedUpContext(browser, server, 'bob');
  await bob.page.goto('/');
  await bob.page.waitForSelector('[data-testid=notices]');

  // The invitation reaches bob's notices live; he accepts it there.
  await ann.page.goto('/');
  const id = await createGame(ann.page, { game: 'sage', seats: [{ account: 'me' }, { account: bob.name }] });
  await bob.page.waitForSelector('[data-testid=notices] .dot');
  await bob.page.click('[data-testid=notices]');
  await bob.page.waitForSelector(`[data-testid=notice-list] li[data-kind=invited]`);
  await screenshot(bob.page, 'notices-desktop-light');
  await bob.page.click(`[data-testid=notice-accept-${id}]`);
  await bob.page.waitForURL(`**/games/${id}`);
  await expect.poll(async () => (await viewOf(bob.page, id)).you).toEqual(['r']);

  // Ann moves on her page: bob's header counts one game waiting, and so does his tab's title.
  await ann.page.goto(`/games/${id}`);
  await waitForPly(ann.page, 0);
  await bob.page.goto('/');
  await clickMove(ann.page, await firstLegal(ann.page, id));
  await bob.page.waitForSelector('[data-testid=turn-count]');
  expect(await bob.page.textContent('[data-testid=turn-count]')).toBe('1');
  await expect.poll(() => bob.page.title()).toMatch(/^\(1\) /);

  // Bob replies; ann asks to take her move back; bob grants it on his page.
  await bob.page.goto(`/games/${id}`);
  await waitForPly(bob.page, 1);
  await clickMove(bob.page, await firstLegal(bob.page, id));
  await waitForPly(ann.page, 2);
  await expect.poll(() => bob.page.title()).not.toMatch(/^\(\d+\) /);
  await ann.page.click('[data-testid=make-takeback]');
  await ann.page.waitForSelector('[data-testid=my-offer-takeback]');
  await bob.page.waitForSelector('[data-testid=offer-takeback]');
  expect(await bob.page.textContent('[data-testid=offer-takeback]')).toContain(`${ann.name} asks to take back`);
  await screenshot(bob.page, 'takeback-desktop-light');
  await bob.page.click('[data-testid=accept-takeback]');
  await expect.poll(async () => (await viewOf(ann.page, id)).ply).toBe(0);
  await ann.page.waitForFunction(() => document.querySelector('.board-wrap')?.getAttribute('data-ply') === '0');
  expect(await ann.page.locator('[data-testid=my-offer-takeback]').count()).toBe(0);

  // The game ends; bob offers a rematch, ann accepts, both are led to it.
  await ann.page.click('[data-testid=resign]');
  await ann.page.click('text=Yes, resign');
  await bob.page.waitForSelector('[data-testid=make-rematch]');
  await bob.page.click('[data-testid=make-rematch]');
  await ann.page.waitForSelector('[data-testid=offer-rematch]');
  await ann.page.click('[data-testid=accept-rematch]');
  await ann.page.waitForSelector('[data-testid=rematch-link]');
  await bob.page.waitForSelector('[data-testid=rematch-link]');
  await bob.page.click('[data-testid=rematch-link]');
  await bob.page.waitForURL(/\/games\/[A-Za-z0-9]+$/);
  const rematch = bob.page.url().split('/').pop()!;
  expect(rematch).not.toBe(id);
  const fresh = await viewOf(bob.page, rematch);
  expect(fresh.you).toEqual(['b']);
  expect(fresh.seats.map((s) => s.name)).toEqual([bob.name, ann.name]);

  await ann.context.close();
  await bob.context.close();
});

it('keeps the turn alerts off until switched on, on the account page', async () => {
  const cy = await signedUpContext(browser, server, 'cy');
  await cy.page.goto('/account');
  const box = cy.page.locator('[data-testid=turn-alerts]');
  expect(await box.isChecked()).toBe(false);
  await cy.context.grantPermissions(['notifications']);
  await box.check();
  await cy.page.waitForSelector('.alerts [role=status]');
  expect(await cy.page.evaluate(() => localStorage.getItem('arbiter.turn-alerts'))).toBe('on');
  await cy.page.reload();
  expect(await cy.page.locator('[data-testid=turn-alerts]').isChecked()).toBe(true);
  await cy.context.close();
});
