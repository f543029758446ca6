// The account in the browser with a real mail server on loopback: an
// address verified by following the link mailed to it, a new password
// that signs every other session out, and the list of sessions.

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, type Server, policyViolations, screenshot, signedUpContext, startBrowser, startServer, watchPolicy } from './harness';
import { type SmtpSink, startSmtpSink, verificationLink } from './smtp-sink';

let server: Server;
let browser: Browser;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startServer(['--smtp', sink.url]);
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.stop();
});

/** Waits until the sink has a mail to `to` with a verification link; the link's path. */
async function linkMailedTo(to: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const mail = sink.received.filter((m) => m.to === to).reverse().find((m) => verificationLink(m));
    if (mail) return verificationLink(mail)!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no link reached ${to}: ${JSON.stringify(sink.received.map((m) => m.to))}`);
}

/** A second browser signed in as `name`. */
async function signInElsewhere(name: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/signin');
  await page.fill('input[name=name]', name);
  await page.fill('input[name=password]', 'a good password');
  await page.click('button[type=submit]');
  await page.waitForSelector(`[data-testid=account-name]:has-text("${name}")`);
  return { context, page };
}

it('verifies an address given at sign-up by the link mailed to it', async () => {
  const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
  const page = await context.newPage();
  watchPolicy(page);
  const name = `vera${Date.now() % 100000}`;
  const address = `${name}@example.org`;
  await page.goto('/signup');
  await page.fill('input[name=name]', name);
  await page.fill('input[name=password]', 'a good password');
  await page.fill('input[name=email]', address);
  await page.click('button[type=submit]');
  // The account page says the address waits for its link.
  await page.waitForSelector('[data-testid=address-state]');
  expect(await page.textContent('[data-testid=address-state]')).toContain('not verified yet');
  const link = await linkMailedTo(address);
  await page.goto(link);
  await page.waitForSelector('[data-testid=verify] .ok');
  expect(await page.textContent('[data-testid=verify]')).toContain(`Your address ${address} is verified`);
  await screenshot(page, 'verify-desktop-light');
  await page.goto('/account');
  await page.waitForSelector('[data-testid=address-state]');
  expect(await page.textContent('[data-testid=address-state]')).toContain(`${address} is verified`);
  // The same link a second time: it was used.
  await page.goto(link);
  await page.waitForSelector('[data-testid=verify] .error');
  expect(await page.textContent('[data-testid=verify] .error')).toContain('does not verify anything');
  expect(policyViolations(page)).toEqual([]);
  await context.close();
});

it('changes the password with the current one and signs out every other session', async () => {
  const first = await signedUpContext(browser, server, 'pat');
  const { context: second, page: other } = await signInElsewhere(first.name);

  await first.page.goto('/account');
  await first.page.waitForSelector('[data-testid=sessions] li');
  expect(await first.page.locator('[data-testid=sessions] li').count()).toBe(2);
  expect(await first.page.textContent('[data-testid=sessions]')).toContain('This browser');

  // A wrong current password: refused, nothing ends.
  await first.page.fill('input[name=current_password]', 'not the password');
  await first.page.fill('input[name=new_password]', 'a better password');
  await first.page.click('[data-testid=password] button[type=submit]');
  await first.page.waitForSelector('[data-testid=password] .error');
  expect(await first.page.textContent('[data-testid=password] .error')).toContain('current_password');

  await first.page.fill('input[name=current_password]', 'a good password');
  await first.page.fill('input[name=new_password]', 'a better password');
  await first.page.click('[data-testid=password] button[type=submit]');
  await first.page.waitForSelector('[data-testid=password] .ok');
  await first.page.waitForFunction(() => document.querySelectorAll('[data-testid=sessions] li').length === 1);
  await screenshot(first.page, 'account-desktop-light');

  // The other browser is signed out on its next page.
  await other.goto('/account');
  await other.waitForSelector('a[href="/signin?next=/account"]');
  expect(await other.locator('[data-testid=account-name]').count()).toBe(0);
  await second.close();
  expect(policyViolations(first.page)).toEqual([]);
  await first.context.close();
});

it('ends another session from the list', async () => {
  const first = await signedUpContext(browser, server, 'sam');
  const { context: second, page: other } = await signInElsewhere(first.name);
  await first.page.goto('/account');
  await first.page.waitForSelector('[data-testid=sessions] li:nth-child(2)');
  // The second line is the other browser's: sign it out.
  await first.page.click('[data-testid=sessions] li:nth-child(2) button');
  await first.page.waitForFunction(() => document.querySelectorAll('[data-testid=sessions] li').length === 1);
  await other.goto('/account');
  await other.waitForSelector('a[href="/signin?next=/account"]');
  await second.close();
  await first.context.close();
});
