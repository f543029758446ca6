// Invitations and private games in two browsers: a player invites another
// by name (the name completed as it is typed), who finds the invitation
// first in the lobby and accepts it; a second invitation is declined (the
// seat then waits for its creator); a
// private game's invite link gives its open seat to whoever opens it and
// the game is in no public list; the creator calls a game off; finished
// games come a page at a time.

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

it('invites a player by name, who accepts from the lobby; another invitation is declined', async () => {
  const ann = await signedUpContext(browser, server, 'ann');
  const bob = await signedUpContext(browser, server, 'bob');

  await ann.page.goto('/');
  await ann.page.click('input[name=game][value=sage]');
  await ann.page.selectOption('select[name=seat-1]', 'invite');
  // The name is completed from the server's names as it is typed.
  await ann.page.fill('[data-testid=invite-1]', bob.name.slice(0, 5));
  await expect.poll(() => ann.page.locator('#invite-names-1 option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).toContain(bob.name);
  await ann.page.fill('[data-testid=invite-1]', bob.name);
  await ann.page.click('[data-testid=create-game]');
  await ann.page.waitForURL(/\/games\/[A-Za-z0-9]+$/);
  const id = ann.page.url().split('/').pop()!;
  await expect.poll(() => ann.page.textContent('[data-testid=status]')).toContain(`${bob.name} invited`);

  // Bob's lobby shows the invitation before anything else.
  await bob.page.goto('/');
  await bob.page.waitForSelector(`[data-testid=invitations] li[data-game-id="${id}"]`);
  const first = await bob.page.locator('.lobby section h2').first().textContent();
  expect(first).toBe('Invitations to you');
  await screenshot(bob.page, 'invitation-lobby-desktop-light');
  await bob.page.click(`[data-testid=invitations] li[data-game-id="${id}"] [data-testid=accept]`);
  await bob.page.waitForURL(`**/games/${id}`);
  await expect.poll(async () => (await viewOf(bob.page, id)).you).toEqual(['r']);
  await expect.poll(() => ann.page.textContent('[data-testid=status]')).toContain('to move');

  // A second invitation, declined on the game's page: the seat waits, declined, for Ann.
  const second = await createGame(ann.page, { game: 'ogama', seed: 2, seats: [{ account: 'me' }, { account: bob.name }] });
  await bob.page.goto(`/games/${second}`);
  await bob.page.waitForSelector('[data-testid=invited]');
  const seat = (await viewOf(bob.page, second)).seats[1].seat;
  await bob.page.click(`[data-testid=decline-${seat}]`);
  await expect.poll(async () => (await viewOf(ann.page, second)).seats[1].kind).toBe('declined');
  await bob.page.goto('/');
  await bob.page.waitForSelector('[data-testid=my-games]');
  expect(await bob.page.locator('[data-testid=invitations]').count()).toBe(0);

  await ann.context.close();
  await bob.context.close();
});

it("invites a player from their page", async () => {
  const ann = await signedUpContext(browser, server, 'host');
  const bob = await signedUpContext(browser, server, 'guestof');
  await ann.page.goto(`/players/${bob.name}`);
  await ann.page.click('[data-testid=invite-player]');
  await ann.page.waitForSelector('[data-testid=new-game]');
  expect(await ann.page.inputValue('select[name=seat-1]')).toBe('invite');
  expect(await ann.page.inputValue('[data-testid=invite-1]')).toBe(bob.name);
  await ann.page.click('[data-testid=create-game]');
  await ann.page.waitForURL(/\/games\/[A-Za-z0-9]+$/);
  const id = ann.page.url().split('/').pop()!;
  expect((await viewOf(ann.page, id)).seats[1]).toEqual({ seat: 'b', name: bob.name, kind: 'invited' });
  // No such link on one's own page.
  await bob.page.goto(`/players/${bob.name}`);
  await bob.page.waitForSelector('[data-testid=player]');
  expect(await bob.page.locator('[data-testid=invite-player]').count()).toBe(0);
  await ann.context.close();
  await bob.context.close();
});

it('shows a private game and gives its seat only to whoever opens its invite link, and lists it nowhere public', async () => {
  const ann = await signedUpContext(browser, server, 'priv');
  const cy = await signedUpContext(browser, server, 'cy');
  await ann.page.goto('/');
  await ann.page.click('input[name=game][value=sage]');
  await ann.page.selectOption('select[name=seat-1]', 'open');
  await ann.page.check('input[name=private]');
  await ann.page.click('[data-testid=create-game]');
  await ann.page.waitForURL(/\/games\/[A-Za-z0-9]+$/);
  const id = ann.page.url().split('/').pop()!;
  const link = await ann.page.inputValue('[data-testid=invite-link] input');
  expect(link).toMatch(new RegExp(`/games/${id}\\?invite=[A-Za-z0-9]{16}$`));
  await screenshot(ann.page, 'private-game-desktop-light');

  // Not in the lobby; by its bare address it is not there at all.
  await cy.page.goto('/');
  await cy.page.waitForSelector('[data-testid=open-games]');
  expect(await cy.page.locator(`[data-testid=open-games] a[data-game-id="${id}"]`).count()).toBe(0);
  await cy.page.goto(`/games/${id}`);
  await expect.poll(() => cy.page.textContent('main')).toContain('No game has this address.');
  expect(await cy.page.locator('.board-wrap').count()).toBe(0);

  // With the link, someone signed out watches it: the board, the moves, the chat.
  const visitor = await browser.newContext({ baseURL: server.url });
  const watching = await visitor.newPage();
  await watching.goto(new URL(link).pathname + new URL(link).search);
  await watching.waitForSelector('.board-wrap svg');
  await watching.waitForSelector('[data-testid=record]');
  expect(await watching.locator('[data-testid=error]').count()).toBe(0);
  const record = await watching.evaluate(async (href) => (await fetch(href)).status, (await watching.getAttribute('[data-testid=record]', 'href'))!);
  expect(record).toBe(200);
  await visitor.close();

  // And cy, signed in, takes the seat with it.
  await cy.page.goto(new URL(link).pathname + new URL(link).search);
  await cy.page.click('[data-testid=take-r]');
  await expect.poll(async () => (await viewOf(cy.page, id)).you).toEqual(['r']);

  // The creator calls a game off before its first move.
  const other = await createGame(ann.page, { game: 'agog', seats: [{ account: 'me' }, { open: true }] });
  await ann.page.goto(`/games/${other}`);
  await ann.page.click('[data-testid=call-off]');
  await expect.poll(() => ann.page.textContent('[data-testid=status]')).toContain('Called off');
  await ann.context.close();
  await cy.context.close();
});

it('shows finished games a page at a time', async () => {
  const player = await signedUpContext(browser, server, 'pages');
  const ids: string[] = [];
  for (let i = 0; i < 12; i += 1) {
    const id = await createGame(player.page, { game: 'sage', seats: [{ account: 'me' }, { computer: 1 }] });
    const answer = await player.page.evaluate(async (game) => (await fetch(`/api/games/${game}/resign`, { method: 'POST' })).status, id);
    expect(answer).toBe(200);
    ids.push(id);
  }
  await player.page.goto('/');
  await player.page.waitForSelector('[data-testid=finished-games]');
  const listed = () => player.page.locator('[data-testid=finished-games] a').evaluateAll((links) => links.map((a) => a.getAttribute('data-game-id')));
  expect((await listed()).length).toBe(10);
  await player.page.click('[data-testid=more-finished]');
  await expect.poll(async () => (await listed()).length).toBe(12);
  expect(new Set(await listed())).toEqual(new Set(ids));
  // The second page was not full: there is no third.
  await player.page.waitForSelector('[data-testid=more-finished]', { state: 'detached' });
  await player.context.close();
});
