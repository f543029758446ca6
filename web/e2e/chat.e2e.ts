// Chat in two browsers: the players write to each other and each sees
// the other's message live (the time it takes is measured and kept); a
// spectator writes in the spectators' room, which the players do not see
// while the game goes on; markup typed is shown as text.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Server, createGame, recordLatency, screenshot, signedUpContext, startBrowser, startServer } from './harness';

let server: Server;
let browser: Browser;
beforeAll(async () => {
  // Messages go back and forth faster than the default of one a second.
  server = await startServer(['--limit-chat-burst', '100/second', '--limit-chat', '1000/minute']);
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Sends `text` from `from` and waits for it on `to`: the milliseconds between the click and its drawing on `to`. */
async function sendAndTime(from: Page, to: Page, text: string): Promise<number> {
  await to.evaluate((wanted) => {
    const list = document.querySelector('[data-testid=chat-messages]')!;
    const w = window as unknown as { arrived?: number };
    w.arrived = undefined;
    new MutationObserver((_, observer) => {
      if ([...list.querySelectorAll('.text')].some((n) => n.textContent === wanted)) {
        w.arrived = Date.now();
        observer.disconnect();
      }
    }).observe(list, { childList: true, subtree: true });
  }, text);
  await from.fill('[data-testid=chat-input]', text);
  const sent = await from.evaluate(() => Date.now());
  await from.click('[data-testid=chat-send]');
  await to.waitForFunction(() => (window as unknown as { arrived?: number }).arrived !== undefined);
  const arrived = await to.evaluate(() => (window as unknown as { arrived: number }).arrived);
  return arrived - sent;
}

it('carries messages both ways live, keeps the rooms apart, and shows markup as text', async () => {
  const ann = await signedUpContext(browser, server, 'chatann');
  const bob = await signedUpContext(browser, server, 'chatbob');
  const cy = await signedUpContext(browser, server, 'chatcy');
  const id = await createGame(ann.page, { game: 'sage', seats: [{ account: 'me' }, { account: bob.name }] });
  await bob.page.goto(`/games/${id}`);
  await bob.page.click('[data-testid=take-r]');
  await ann.page.goto(`/games/${id}`);
  for (const side of [ann, bob]) await side.page.waitForSelector('[data-testid=chat-input]');

  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    times.push(await sendAndTime(ann.page, bob.page, `hello ${i} from ann`));
    times.push(await sendAndTime(bob.page, ann.page, `hello ${i} from bob`));
  }
  recordLatency('chat-two-browsers', times);
  expect(await bob.page.locator('[data-testid=chat-messages] li').count()).toBe(10);

  await ann.page.fill('[data-testid=chat-input]', '<img src=x onerror=alert(1)> <b>bold</b>');
  await ann.page.click('[data-testid=chat-send]');
  await bob.page.waitForSelector('[data-testid=chat-messages] .text:has-text("<b>bold</b>")');
  expect(await bob.page.locator('[data-testid=chat-messages] img, [data-testid=chat-messages] b').count()).toBe(0);

  // A spectator writes in the spectators' room; the players do not see it.
  await cy.page.goto(`/games/${id}`);
  await cy.page.waitForSelector('[data-testid=room-spectators]');
  await cy.page.click('[data-testid=room-spectators]');
  await cy.page.fill('[data-testid=chat-input]', 'the spectators talk');
  await cy.page.click('[data-testid=chat-send]');
  await cy.page.waitForSelector('[data-testid=chat-messages] .text:has-text("the spectators talk")');
  await cy.page.click('[data-testid=room-players]');
  await cy.page.waitForSelector('[data-testid=chat-messages] .text:has-text("hello 4 from bob")');
  await screenshot(cy.page, 'chat-spectator-desktop-light');
  await ann.page.fill('[data-testid=chat-input]', 'last word');
  await ann.page.click('[data-testid=chat-send]');
  await bob.page.waitForSelector('[data-testid=chat-messages] .text:has-text("last word")');
  expect(await bob.page.locator('[data-testid=chat-messages] .text:has-text("the spectators talk")').count()).toBe(0);
  await screenshot(bob.page, 'chat-player-desktop-light');
  for (const side of [ann, bob, cy]) await side.context.close();
});
