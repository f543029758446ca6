// A bot seen in the browser: an account made a bot's (`POST /api/me/bot`)
// is marked "(bot)" in the lobby's invite completion and has a "bot"
// badge on its page; a person invites it from the lobby, `arbiter bot`
// (the built binary, its engine `arbiter engine` at level 1) accepts the
// invitation, the game page marks its seat, and the person's move made by
// clicks on the board is answered by the bot.

import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LegalMoveLite, type Server, clickMove, root, screenshot, signedUpContext, startBrowser, startServer, viewOf, waitForPly } from './harness';

let server: Server;
let browser: Browser;
let bot: ChildProcess | undefined;
let botLog = '';
beforeAll(async () => {
  server = await startServer();
  browser = await startBrowser();
});
afterAll(async () => {
  bot?.kill('SIGTERM');
  await browser?.close();
  await server?.stop();
});

/** Starts `arbiter bot` for the account whose session token is `token`. */
function startBot(token: string): ChildProcess {
  const bin = process.env.ARBITER_BIN ?? join(root, 'target/release/arbiter');
  const child = spawn(bin, ['bot', '--server', server.url, '--games', 'sage', '--level', '1', '--poll', '2'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ARBITER_BOT_TOKEN: token, ARBITER_LOG: 'info' },
  });
  child.stderr!.on('data', (chunk) => (botLog += String(chunk)));
  return child;
}

it('marks a bot in the invite completion and on its page; the bot takes its seat and answers a move', async () => {
  const rob = await signedUpContext(browser, server, 'rob');
  const made = await rob.page.evaluate(async () => {
    const r = await fetch('/api/me/bot', { method: 'POST' });
    return { status: r.status, body: await r.json() };
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  expect(made.body.bot).toBe(true);
  // The bridge signs in with a session token of its own, as an operator would.
  const signIn = await fetch(`${server.url}/api/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: rob.name, password: 'a good password' }),
  });
  expect(signIn.status).toBe(201);
  bot = startBot(((await signIn.json()) as { token: string }).token);

  const ann = await signedUpContext(browser, server, 'ann');
  await ann.page.goto('/');
  await ann.page.click('input[name=game][value=sage]');
  await ann.page.selectOption('select[name=seat-1]', 'invite');
  await ann.page.fill('[data-testid=invite-1]', rob.name.slice(0, 5));
  // The completion names the bot as one.
  await expect
    .poll(() => ann.page.locator('#invite-names-1 option').evaluateAll((o) => o.map((x) => `${(x as HTMLOptionElement).value}=${(x as HTMLOptionElement).label}`)))
    .toContain(`${rob.name}=${rob.name} (bot)`);
  await ann.page.fill('[data-testid=invite-1]', rob.name);
  await ann.page.click('[data-testid=create-game]');
  await ann.page.waitForURL(/\/games\/[A-Za-z0-9]+$/);
  const id = ann.page.url().split('/').pop()!;

  // The bot accepts the invitation: its seat is a bot's, and the page says so.
  await expect.poll(async () => (await viewOf(ann.page, id)).seats[1], { timeout: 30_000 }).toEqual({ seat: 'r', name: rob.name, kind: 'bot', rating: 1500, provisional: true });
  await expect.poll(() => ann.page.textContent('[data-testid=status]')).toContain('to move');
  await expect.poll(() => ann.page.textContent('.seats')).toContain(`${rob.name} (bot)`);

  // A move by clicks on the board; the bot answers it.
  const view = (await viewOf(ann.page, id)) as unknown as { legal: LegalMoveLite[] };
  await clickMove(ann.page, view.legal[0]);
  await waitForPly(ann.page, 2, 60_000).catch((e) => {
    throw new Error(`the bot did not answer: ${e}\n--- the bot's log ---\n${botLog}`);
  });
  await screenshot(ann.page, 'bot-game-desktop-light');
  expect(botLog).toContain('connected to the personal channel');

  // The bot's page, reached from its seat, carries its badge.
  await ann.page.click(`.seats a[href="/players/${rob.name}"]`);
  await ann.page.waitForURL(`**/players/${rob.name}`);
  await ann.page.waitForSelector('[data-testid=bot-badge]');
  expect(await ann.page.textContent('[data-testid=player] .hint')).toContain('A bot, playing here since');
  await screenshot(ann.page, 'bot-player-desktop-light');
  await ann.context.close();
  await rob.context.close();
});
