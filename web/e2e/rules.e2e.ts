// The rules pages: every game and edition the catalog names has one, with
// a board drawn for each example of its rule text; every example steps
// through its moves (buttons, the move list, the keyboard) to the
// positions the game's rules page (served by the catalog) gives; the lobby, the new-game form and the game
// page link to them, a refused move to its rule — and screenshots.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, PHONE, type Server, createGame, policyViolations, results, signedUpContext, startBrowser, startServer, watchPolicy } from './harness';

interface Example {
  id: string;
  game: string;
  variant: string | null;
  start: string;
  moves: { move: string; after: string }[];
  refused?: { at: number; move: string; rule: string }[];
  lit?: string[];
}


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

async function visitor(viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport });
  const page = await context.newPage();
  watchPolicy(page);
  return page;
}

/** The rules pages the catalog names: `/rules/agog`, `/rules/agog/classic`, … */
async function rulesPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => ((await (await fetch('/api/games/catalog')).json()) as { games: { rules: string }[] }).games.map((g) => g.rules));
}

/** Every example of every game's rules page, as the server serves them. */
async function serverExamples(page: Page): Promise<Example[]> {
  return page.evaluate(async () => {
    const catalog = (await (await fetch('/api/games/catalog')).json()) as { games: { game: string }[] };
    const games = [...new Set(catalog.games.map((g) => g.game))];
    const pages = await Promise.all(games.map(async (g) => (await (await fetch(`/api/games/catalog/${g}/rules`)).json()) as { examples: Example[] }));
    return pages.flatMap((p) => p.examples);
  });
}

/** Waits until the example `id` shows the position after `at` moves, and says what it is. */
async function shown(page: Page, id: string, at: number): Promise<string | null> {
  const figure = `figure[data-example="${id}"]`;
  await page.waitForSelector(`${figure}[data-shown="${at}"] svg.board`);
  return page.getAttribute(figure, 'data-position');
}

async function boardOf(page: Page, id: string): Promise<string> {
  return page.locator(`figure[data-example="${id}"] svg.board`).innerHTML();
}

it('draws every rules page and steps through every example to the positions the file gives', async () => {
  const page = await visitor();
  await page.goto('/');
  const paths = await rulesPages(page);
  const examples = await serverExamples(page);
  expect(examples.length).toBeGreaterThan(20);
  expect(paths).toContain('/rules/agog');
  expect(paths).toContain('/rules/agog/classic');
  // Every game and edition of the catalog has a page of its own (the tests' own game too).
  expect(new Set(paths).size).toBe(paths.length);
  expect(paths.length).toBeGreaterThanOrEqual(5);
  const seen = new Set<string>();
  for (const path of paths) {
    await page.goto(path);
    await page.waitForSelector('h1:has-text("How to play")');
    expect(await page.locator('.rules-section h2').count(), path).toBeGreaterThan(3);
    const ids = await page.locator('figure.rules-example').evaluateAll((figures) => figures.map((f) => f.getAttribute('data-example')!));
    expect(ids.length, `${path}: examples`).toBeGreaterThan(0);
    for (const id of ids) {
      const example = examples.find((e) => e.id === id)!;
      expect(example, id).toBeTruthy();
      expect(path.startsWith(`/rules/${example.game}`), `${id} on ${path}`).toBe(true);
      seen.add(id);
      const figure = `figure[data-example="${id}"]`;
      await page.locator(figure).scrollIntoViewIfNeeded();
      expect(await shown(page, id, 0), `${id}: the start`).toBe(example.start);
      expect(await page.locator(`${figure} [data-testid=refused]`).count(), `${id}: refusals at the start`).toBe((example.refused ?? []).filter((r) => r.at === 0).length);
      // The cells an example lights at its start are lit, and only those.
      const lit = await page.locator(`${figure} svg.board .sq.lit`).evaluateAll((cells) => cells.map((c) => c.getAttribute('data-square')).sort());
      expect(lit, `${id}: the cells lit`).toEqual([...(example.lit ?? [])].sort());
      // Next, move by move: the board changes and marks the move.
      for (const [i, step] of example.moves.entries()) {
        const before = await boardOf(page, id);
        await page.click(`${figure} button[data-step="forward"]`);
        expect(await shown(page, id, i + 1), `${id}: after ${step.move}`).toBe(step.after);
        expect(await boardOf(page, id), `${id}: the board changes with ${step.move}`).not.toBe(before);
        expect(await page.locator(`${figure} svg.board .sq.last`).count(), `${id}: ${step.move} is marked`).toBeGreaterThan(0);
        expect(await page.getAttribute(`${figure} .example-moves button[data-ply="${i + 1}"]`, 'aria-current')).toBe('step');
      }
      expect(await page.locator(`${figure} button[data-step="forward"]`).isDisabled()).toBe(true);
      // Previous, the move list, and the keys.
      await page.click(`${figure} button[data-step="back"]`);
      expect(await shown(page, id, example.moves.length - 1)).toBe(example.moves.length > 1 ? example.moves[example.moves.length - 2].after : example.start);
      await page.click(`${figure} .example-moves button[data-ply="0"]`);
      expect(await shown(page, id, 0)).toBe(example.start);
      await page.focus(`${figure} .example-steps`);
      await page.keyboard.press('End');
      expect(await shown(page, id, example.moves.length)).toBe(example.moves[example.moves.length - 1].after);
      await page.keyboard.press('Home');
      expect(await shown(page, id, 0)).toBe(example.start);
      await page.keyboard.press('ArrowRight');
      expect(await shown(page, id, 1)).toBe(example.moves[0].after);
    }
  }
  expect([...seen].sort(), 'every example of the rules pages is on a page').toEqual(examples.map((e) => e.id).sort());
  await page.goto('/rules/chess');
  await page.waitForSelector('h1:has-text("No such rules")');
  await page.goto('/rules/agog/nonsense');
  await page.waitForSelector('h1:has-text("No such rules")');
  expect(policyViolations(page), 'the pages keep to their Content-Security-Policy').toEqual([]);
  await page.context().close();
});

it('is linked from the lobby, the new-game form and the game page, and a refused move links to its rule', async () => {
  const page = await visitor();
  await page.goto('/');
  await page.click('[data-testid=shelf-rules-ogama]');
  await page.waitForSelector('h1:has-text("How to play Ogama")');
  expect(new URL(page.url()).pathname).toBe('/rules/ogama');
  // A section of the page, from its contents.
  await page.click('nav.contents a[href="#end"]');
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('#end');
  await page.goBack();
  await page.goBack();
  await page.waitForSelector('[data-testid=game-shelf]');
  await page.context().close();

  const p = await signedUpContext(browser, server, 'rules');
  await p.page.goto('/');
  await p.page.check('input[name=game][value="agog/classic"]');
  await p.page.click('[data-testid=new-game-rules]');
  await p.page.waitForSelector('h1:has-text("How to play A•G•O•G (classic)")');
  expect(new URL(p.page.url()).pathname).toBe('/rules/agog/classic');

  const id = await createGame(p.page, { game: 'agog', seats: [{ account: 'me' }, { computer: 1 }] });
  await p.page.goto(`/games/${id}`);
  await p.page.waitForSelector('.board-wrap svg');
  expect(await p.page.getAttribute('[data-testid=how-to-play]', 'href')).toBe('/rules/agog');
  // A golem cannot go two squares: the refusal links to the units' rules.
  await p.page.fill('[data-testid=move-input]', 'e2-e4');
  await p.page.press('[data-testid=move-input]', 'Enter');
  const link = await p.page.waitForSelector('[data-testid=error] [data-testid=error-rules]');
  const href = (await link.getAttribute('href'))!;
  // The link comes from the refusal's rule code and the catalog's section for it.
  expect(href).toBe('/rules/agog#units');
  await link.click();
  await p.page.waitForSelector('h1:has-text("How to play A•G•O•G")');
  expect(new URL(p.page.url()).pathname).toBe('/rules/agog');
  const section = href.split('#')[1];
  await expect.poll(() => p.page.evaluate((s) => Math.abs(document.getElementById(s)!.getBoundingClientRect().top) < 40, section)).toBe(true);
  expect(policyViolations(p.page)).toEqual([]);
  await p.context.close();
});

it('fits a phone, in both themes: screenshots', async () => {
  const page = await visitor();
  for (const [path, name] of [
    ['/rules/ogama', 'ogama'],
    ['/rules/agog', 'agog'],
    ['/rules/sage', 'sage'],
    ['/rules/scg', 'scg'],
  ]) {
    for (const theme of ['light', 'dark']) {
      for (const [width, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await page.evaluate((t) => localStorage.setItem('arbiter-theme', t), theme);
        await page.reload();
        await page.waitForSelector('figure.rules-example[data-shown="0"] svg.board');
        const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        expect(widths.scroll, `${path}, ${width}`).toBeLessThanOrEqual(widths.client);
        // The first example, one move on.
        const first = page.locator('figure.rules-example').first();
        await first.locator('button[data-step="forward"]').click();
        await page.waitForSelector('figure.rules-example[data-shown="1"] svg.board');
        if ((name === 'ogama' && width === 'desktop' && theme === 'light') || (name === 'agog' && width === 'phone' && theme === 'dark') || (width === 'desktop' && theme === 'dark')) {
          // The window, not the whole page: the first example in it.
          await first.evaluate((f) => f.scrollIntoView({ block: 'center' }));
          mkdirSync(join(results, 'screens'), { recursive: true });
          await page.screenshot({ path: join(results, 'screens', `rules-${name}-${width}-${theme}.png`) });
        }
      }
    }
  }
  await page.evaluate(() => localStorage.removeItem('arbiter-theme'));
  await page.context().close();
});
