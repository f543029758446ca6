// What the browser tests share: a real `arbiter serve` on a free loopback
// port with its own SQLite file, Debian's chromium driven by
// playwright-core, accounts, and a few page helpers.

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { expect } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository's root. */
export const root = resolve(here, '../..');
/** Where the tests put their screenshots and measurements. */
export const results = resolve(here, '../test-results');

/** A running server. */
export interface Server {
  url: string;
  /** Stops the server and starts it again on the same address and database. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The limits the tests start the server with: they register many accounts
 * from one address in a moment, which the defaults (10 an hour) refuse.
 */
const TEST_LIMITS = ['--limit-registrations-per-address', '1000/hour'];

/** Starts `arbiter serve` (ARBITER_BIN, else target/release/arbiter) on 127.0.0.1:0, with `extra` arguments. */
export async function startServer(extra: string[] = []): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-e2e-'));
  const server = await startServerOn(`sqlite://${join(dir, 'games.db')}`, extra);
  return {
    url: server.url,
    restart: () => server.restart(),
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts `arbiter serve` (ARBITER_BIN, else target/release/arbiter) on
 * 127.0.0.1:0 with `database` (a SQLite file's URL, or a PostgreSQL one
 * that other servers may share); `restart` stops it with SIGTERM and
 * starts it again on the same address, as an upgrade would.
 */
export async function startServerOn(database: string, extra: string[] = []): Promise<Server> {
  const bin = process.env.ARBITER_BIN ?? join(root, 'target/release/arbiter');
  if (!existsSync(bin)) throw new Error(`${bin} is missing: build it with 'cargo build --release -p arbiter-cli' or set ARBITER_BIN`);
  const args = [...TEST_LIMITS, ...extra];
  let running = await launch(bin, database, '127.0.0.1:0', args);
  const url = running.url;
  return {
    url,
    async restart() {
      await running.stop();
      running = await launch(bin, database, new URL(url).host, args);
    },
    stop: () => running.stop(),
  };
}

async function launch(bin: string, database: string, listen: string, extra: string[]): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    bin,
    ['--json', 'serve', '--listen', listen, '--database', database, ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ARBITER_LOG: 'warn' } },
  );
  let log = '';
  child.stderr!.on('data', (chunk) => (log += String(chunk)));
  const exited = new Promise((r) => child.once('exit', r));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${log}`)), 30_000);
    lines.on('line', (line) => {
      try {
        const listening = (JSON.parse(line) as { listening?: string }).listening;
        if (listening) {
          clearTimeout(timer);
          resolveUrl(listening);
        }
      } catch {
        /* not the line we wait for */
      }
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${log}`)));
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Starts Debian's chromium (CHROMIUM, else /usr/bin/chromium), never a downloaded one. */
export function startBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A phone's screen. */
export const PHONE = { width: 375, height: 740 };
/** A desktop's window. */
export const DESKTOP = { width: 1280, height: 860 };

let accounts = 0;
const violations = new WeakMap<Page, string[]>();

/** Keeps what the page's console says the Content-Security-Policy refused. */
export function watchPolicy(page: Page): void {
  const seen: string[] = [];
  violations.set(page, seen);
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) seen.push(message.text());
  });
}

/** What the Content-Security-Policy refused on `page` so far. */
export function policyViolations(page: Page): string[] {
  return violations.get(page) ?? [];
}

/** A new browser context signed in as a new account, made through the sign-up page. */
export async function signedUpContext(browser: Browser, server: Server, prefix: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page; name: string }> {
  accounts += 1;
  const name = `${prefix}${accounts}${Date.now() % 100000}`;
  const context = await browser.newContext({ baseURL: server.url, viewport });
  const page = await context.newPage();
  watchPolicy(page);
  await page.goto('/signup');
  await page.fill('input[name=name]', name);
  await page.fill('input[name=password]', 'a good password');
  await page.click('button[type=submit]');
  await page.waitForSelector(`[data-testid=account-name]:has-text("${name}")`);
  return { context, page, name };
}

/** The game view the page's account sees, from the server. */
export async function viewOf(page: Page, id: string): Promise<GameViewLite> {
  return page.evaluate(async (gameId) => (await fetch(`/api/games/${gameId}`)).json(), id);
}

/** The parts of a game view the tests read. */
export interface GameViewLite {
  id: string;
  game: string;
  ply: number;
  position: string;
  legal?: LegalMoveLite[];
  to_move: string[];
  you: string[];
  seats: { seat: string; name: string | null; kind: string }[];
  status: { state: string; winners: string[]; reason: string | null };
  rounds?: { round: number; plays_in: number; my_play: string | null; announcements: string[] };
}

/** Creates a game through the API with the page's session; its id. */
export async function createGame(page: Page, body: unknown): Promise<string> {
  const view = await page.evaluate(async (b) => {
    const r = await fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
    return r.json();
  }, body);
  if (!view.id) throw new Error(`the game was refused: ${JSON.stringify(view)}`);
  return view.id as string;
}

/** A legal move as a view lists it: the move, the places clicked to make it, and a choice where needed. */
/** Plays the first legal move of the game `id` as the page's player, through the API. */
export async function playFirst(page: Page, id: string): Promise<void> {
  const status = await page.evaluate(async (game) => {
    const view = await (await fetch(`/api/games/${game}`)).json();
    const r = await fetch(`/api/games/${game}/moves`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ move: view.legal[0].move, ply: view.ply }),
    });
    return r.status;
  }, id);
  expect(status).toBe(200);
}

export interface LegalMoveLite {
  move: string;
  steps: string[];
  choice?: string | null;
}

/**
 * Makes `move` (an entry of the view's `legal`, or a move's text looked up
 * there) by clicking its places on the board; where several moves share
 * those clicks, clicks the choice that names it.
 */
export async function clickMove(page: Page, move: string | LegalMoveLite): Promise<void> {
  const entry =
    typeof move === 'string'
      ? await page.evaluate(async (text) => {
          const id = location.pathname.split('/').pop();
          const view = await (await fetch(`/api/games/${id}`)).json();
          return (view.legal ?? []).find((m: { move: string }) => m.move === text) ?? null;
        }, move)
      : move;
  if (!entry) throw new Error(`${String(move)} is not a legal move here`);
  for (const place of entry.steps) {
    await page.click(`.board-wrap [data-square="${place}"]`);
  }
  const choice = page.locator(`[data-testid=choices] button[data-move="${entry.move}"]`);
  if (await choice.count()) await choice.click();
}

/** Waits until the page's board shows ply `ply` or later. */
export async function waitForPly(page: Page, ply: number, timeout = 30_000): Promise<void> {
  await page.waitForFunction((p) => Number(document.querySelector('.board-wrap')?.getAttribute('data-ply')) >= p, ply, { timeout });
}

/** Saves a screenshot under test-results/screens. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(join(results, 'screens'), { recursive: true });
  await page.screenshot({ path: join(results, 'screens', `${name}.png`), fullPage: true });
}

/** The click-to-redraw times (ms) the page measured. */
export async function redrawTimes(page: Page): Promise<number[]> {
  return page.evaluate(() => performance.getEntriesByName('move-redrawn').map((e) => e.duration));
}

/** Adds measurements to test-results/latency-<name>.json. */
export function recordLatency(name: string, samples: number[]): void {
  mkdirSync(results, { recursive: true });
  writeFileSync(join(results, `latency-${name}.json`), JSON.stringify(samples));
}
