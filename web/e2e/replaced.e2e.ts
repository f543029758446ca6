// Two `arbiter serve` on one PostgreSQL database behind Debian's Caddy (the
// shipped deploy/Caddyfile, over plain HTTP on loopback), replaced one after
// the other (SIGTERM, then started again, as an upgrade does) while two
// people play in chromium and a third watches: every move they click is
// taken, no player is ever shown an error, and the spectator's page
// reconnects through Caddy to a live server by itself and catches up
// without a reload.
//
// Caddy is installed by .ci/run and PostgreSQL runs on every machine of the
// project (TEST_DATABASE_URL); where either is missing the test says so, and
// passes only outside CI.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DESKTOP,
  type Server,
  clickMove,
  createGame,
  root,
  signedUpContext,
  startBrowser,
  startServerOn,
  viewOf,
  waitForPly,
} from './harness';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = `arbiter_e2e_replaced_${process.pid}`;

/** Whether `command` runs here. */
function installed(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Runs one statement on the PostgreSQL server of TEST_DATABASE_URL. */
function sql(statement: string): void {
  execFileSync('psql', [ADMIN_URL, '-v', 'ON_ERROR_STOP=1', '-q', '-c', statement], { stdio: 'pipe' });
}

/** A free port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Caddy in front of `upstreams`, with deploy/Caddyfile's site block. */
async function startCaddy(upstreams: string[]): Promise<Server> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-caddy-'));
  const config = join(dir, 'Caddyfile');
  writeFileSync(
    config,
    `{\n\tadmin off\n\tdefault_bind 127.0.0.1\n\tauto_https off\n\thttp_port ${port}\n}\nimport ${join(root, 'deploy/Caddyfile')}\n`,
  );
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn('caddy', ['run', '--adapter', 'caddyfile', '--config', config], {
    stdio: 'ignore',
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir, ARBITER_SITE: url, ARBITER_UPSTREAM: upstreams.join(' ') },
  });
  const exited = new Promise((r) => child.once('exit', r));
  const started = Date.now();
  for (;;) {
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() - started > 20_000) throw new Error('Caddy did not pass /healthz on');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    restart: () => Promise.reject(new Error('Caddy is not restarted here')),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Keeps, on the page, every error message the page shows (however briefly). */
async function watchErrors(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { errorsSeen: string[] }).errorsSeen = seen;
    const look = () => {
      for (const e of document.querySelectorAll('[data-testid=error], .error, [role=alert]')) {
        const text = e.textContent ?? '';
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
    look();
  });
}

/** The error messages the page has shown since `watchErrors`. */
function errorsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { errorsSeen: string[] }).errorsSeen);
}

const ready = installed('caddy', ['version']) && installed('psql', ['--version']);
let browser: Browser;
let one: Server;
let two: Server;
let caddy: Server;

beforeAll(async () => {
  if (!ready) return;
  sql(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  sql(`CREATE DATABASE ${DATABASE}`);
  const database = `${ADMIN_URL.replace(/\/[^/]*$/, '')}/${DATABASE}`;
  const extra = ['--trusted-proxy', '127.0.0.1/32', '--database-connections', '8'];
  one = await startServerOn(database, extra);
  two = await startServerOn(database, extra);
  caddy = await startCaddy([new URL(one.url).host, new URL(two.url).host]);
  browser = await startBrowser();
});

afterAll(async () => {
  if (!ready) return;
  await browser?.close();
  await caddy?.stop();
  await one?.stop();
  await two?.stop();
  sql(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
});

it('keeps two players and a spectator playing through both servers being replaced behind Caddy', async () => {
  if (!ready) {
    expect(process.env.CI, 'caddy and psql are needed: .ci/run installs caddy').toBeFalsy();
    console.warn('skipped: caddy or psql is not installed');
    return;
  }
  const ann = await signedUpContext(browser, caddy, 'ann');
  const bo = await signedUpContext(browser, caddy, 'bo');
  const id = await createGame(ann.page, { game: 'sage', seats: [{ account: 'me' }, { open: true }] });
  const seat = (await viewOf(ann.page, id)).seats[1].seat;
  const taken = await bo.page.evaluate(async ([game, label]) => (await fetch(`/api/games/${game}/seats/${label}`, { method: 'POST' })).status, [id, seat]);
  expect(taken).toBe(200);
  for (const p of [ann.page, bo.page]) {
    await p.goto(`/games/${id}`);
    await watchErrors(p);
  }
  const watcher = await browser.newContext({ baseURL: caddy.url, viewport: DESKTOP });
  const spectator = await watcher.newPage();
  await spectator.goto(`/games/${id}`);
  await spectator.waitForSelector('text=You are watching');
  await spectator.evaluate(() => {
    const w = window as unknown as { notReloaded: boolean; reconnecting: number };
    w.notReloaded = true;
    w.reconnecting = 0;
    // Counts the times the page says it is reconnecting.
    let shown = false;
    new MutationObserver(() => {
      const now = document.querySelector('[data-testid=connection]') !== null;
      if (now && !shown) w.reconnecting += 1;
      shown = now;
    }).observe(document.body, { subtree: true, childList: true });
  });

  // Each player clicks a legal move when it is their turn, while the
  // servers are replaced, and goes on until each replacement is over.
  let ply = 0;
  let seed = 7;
  const moveOnce = async () => {
    const view = await viewOf(ann.page, id);
    const mover = view.to_move.includes(view.you[0] ?? '') ? ann.page : bo.page;
    const legal = (await viewOf(mover, id)).legal;
    if (!legal?.length) throw new Error(`no legal move at ply ${view.ply}: ${JSON.stringify(view.status)} to move ${view.to_move} you ${view.you}`);
    await waitForPly(mover, view.ply);
    // A move drawn from a fixed sequence: always the first would
    // repeat the position and end the game by repetition.
    seed = (seed * 1103515245 + 12345) % 2147483648;
    await clickMove(mover, legal[seed % legal.length]);
    await waitForPly(mover, view.ply + 1);
    ply = view.ply + 1;
  };
  const playWhile = async (during: Promise<void>) => {
    let done = false;
    const finished = during.then(() => {
      done = true;
    });
    let moves = 0;
    while (!done || moves < 2) {
      await moveOnce();
      moves += 1;
    }
    await finished;
    return moves;
  };

  await moveOnce();
  const duringOne = await playWhile(one.restart());
  const duringTwo = await playWhile(two.restart());
  await moveOnce();

  // The spectator, whose socket was closed by the server it was on,
  // reconnected through Caddy by itself and shows the game as stored.
  await waitForPly(spectator, ply);
  await spectator.waitForSelector('[data-testid=connection]', { state: 'detached' });
  const seen = await spectator.evaluate(() => {
    const w = window as unknown as { notReloaded?: boolean; reconnecting: number };
    return { notReloaded: w.notReloaded, reconnecting: w.reconnecting };
  });
  expect(seen.notReloaded).toBe(true);
  // Its socket was closed at least once (by the server it was on
  // stopping) and it came back by itself.
  expect(seen.reconnecting).toBeGreaterThanOrEqual(1);
  expect((await viewOf(ann.page, id)).ply).toBe(ply);
  console.log(`moves clicked while the first server was replaced: ${duringOne}, the second: ${duringTwo}; the spectator's page reconnected ${seen.reconnecting} times; ply ${ply}`);
  expect(duringOne + duringTwo).toBeGreaterThanOrEqual(4);
  // No player was shown an error at any moment.
  expect(await errorsSeen(ann.page)).toEqual([]);
  expect(await errorsSeen(bo.page)).toEqual([]);
  await watcher.close();
  await ann.context.close();
  await bo.context.close();
});
