// The account in the browser with a real mail server on loopback: an
// address verified by following the link mailed to it (signed in or not),
// a limit's wait in words, a new password that signs every other session
// out, a forgotten password set anew by the link mailed to the verified
// address, and the list of sessions.

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, type Server, policyViolations, screenshot, signedUpContext, startBrowser, startServer, watchPolicy } from './harness';
import { type Received, type SmtpSink, resetLink, startSmtpSink, verificationLink } from './smtp-sink';

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

/** Waits until the sink has a mail to `to` with a link `find` finds; the link's path. */
async function linkMailedTo(to: string, find: (m: Received) => string | null = verificationLink): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const mail = sink.received.filter((m) => m.to === to).reverse().find((m) => find(m));
    if (mail) return find(mail)!;
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
  // The link works in a browser that is not signed in: the token proves the mailbox.
  const stranger = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
  const mailbox = await stranger.newPage();
  watchPolicy(mailbox);
  await mailbox.goto(link);
  await mailbox.waitForSelector('[data-testid=verify] .ok');
  expect(await mailbox.textContent('[data-testid=verify]')).toContain(`Your address ${address} is verified; mail about your games will go to it.`);
  expect(await mailbox.locator('[data-testid=account-name]').count()).toBe(0);
  await screenshot(mailbox, 'verify-desktop-light');
  await page.goto('/account');
  await page.waitForSelector('[data-testid=address-state]');
  expect(await page.textContent('[data-testid=address-state]')).toContain(`${address} is verified`);
  // The same link a second time, signed in this time: it was used.
  await page.goto(link);
  await page.waitForSelector('[data-testid=verify] .error');
  expect(await page.textContent('[data-testid=verify] .error')).toContain('does not verify anything');
  expect(await page.locator('[data-testid=verify] a[href="/account"]').count()).toBe(1);
  // No token at all: the page says so without asking the server.
  await mailbox.goto('/verify');
  await mailbox.waitForSelector('[data-testid=verify] .error');
  expect(await mailbox.textContent('[data-testid=verify] .error')).toContain('no verification token');
  expect(policyViolations(page)).toEqual([]);
  expect(policyViolations(mailbox)).toEqual([]);
  await stranger.close();
  await context.close();
});

it('asks for the link again until the server says to wait, and says how long', async () => {
  const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
  const page = await context.newPage();
  watchPolicy(page);
  const name = `rita${Date.now() % 100000}`;
  const address = `${name}@example.org`;
  await page.goto('/signup');
  await page.fill('input[name=name]', name);
  await page.fill('input[name=password]', 'a good password');
  await page.fill('input[name=email]', address);
  await page.click('button[type=submit]');
  await page.waitForSelector('[data-testid=resend]');
  expect(await page.textContent('[data-testid=address-state]')).toContain('valid for 24 hours');
  let refused = false;
  for (let i = 0; i < 12 && !refused; i++) {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/me/email/resend')),
      page.click('[data-testid=resend]'),
    ]);
    if (response.status() === 429) {
      refused = true;
      expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
    } else expect(response.status()).toBe(204);
  }
  expect(refused).toBe(true);
  await page.waitForSelector('[data-testid=address] .error');
  expect(await page.textContent('[data-testid=address] .error')).toMatch(/try again in \d+ (second|minute|hour)s?/i);
  await screenshot(page, 'account-waiting-desktop-light');
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
  // The other browser learns it at its next call, without a reload: its
  // account link (a page change inside the client) asks for the sessions.
  await other.click('[data-testid=account-name]');
  await other.waitForSelector('a[href="/signin?next=/account"]');
  expect(await other.locator('[data-testid=account-name]').count()).toBe(0);
  // The remaining session signs itself out from the list, as the header does.
  await first.page.click('[data-testid=sessions] li:nth-child(1) button');
  await first.page.waitForSelector('a[href="/signin"]');
  expect(await first.page.evaluate(async () => (await fetch('/api/me')).status)).toBe(401);
  await second.close();
  await first.context.close();
});

it('sets a forgotten password by the link mailed to the verified address', async () => {
  const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
  const page = await context.newPage();
  watchPolicy(page);
  const name = `fay${Date.now() % 100000}`;
  const address = `${name}@example.org`;
  await page.goto('/signup');
  await page.fill('input[name=name]', name);
  await page.fill('input[name=password]', 'a good password');
  await page.fill('input[name=email]', address);
  await page.click('button[type=submit]');
  await page.waitForSelector('[data-testid=address-state]');
  await page.goto(await linkMailedTo(address));
  await page.waitForSelector('[data-testid=verify] .ok');

  // Another browser, signed out, forgot the password.
  const forgetful = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
  const asker = await forgetful.newPage();
  watchPolicy(asker);
  await asker.goto('/signin');
  await asker.click('a[href="/reset"]');
  await asker.waitForSelector('[data-testid=reset] input[name=name]');
  await asker.fill('input[name=name]', name);
  await asker.click('button[type=submit]');
  await asker.waitForSelector('[data-testid=reset] .ok');
  expect(await asker.textContent('[data-testid=reset] .ok')).toContain(`If the account ${name} has a verified mail address`);
  const link = await linkMailedTo(address, resetLink);
  await asker.goto(link);
  await asker.fill('input[name=password]', 'a newer password');
  await asker.fill('input[name=again]', 'a newer passwore');
  await asker.click('button[type=submit]');
  expect(await asker.textContent('[data-testid=reset] .error')).toContain('The two passwords differ');
  await asker.fill('input[name=again]', 'a newer password');
  await screenshot(asker, 'reset-desktop-light');
  await asker.click('button[type=submit]');
  await asker.waitForSelector('[data-testid=reset] .ok');
  expect(await asker.textContent('[data-testid=reset] .ok')).toContain('signed out everywhere');

  // The first browser is signed out; the new password signs in.
  await page.goto('/account');
  await page.click('a[href="/signin?next=/account"]');
  await page.waitForSelector('input[name=name]');
  await page.fill('input[name=name]', name);
  await page.fill('input[name=password]', 'a newer password');
  await page.click('button[type=submit]');
  await page.waitForSelector(`[data-testid=account-name]:has-text("${name}")`);
  // The link works once.
  await asker.goto(link);
  await asker.fill('input[name=password]', 'yet another password');
  await asker.fill('input[name=again]', 'yet another password');
  await asker.click('button[type=submit]');
  await asker.waitForSelector('[data-testid=reset] .error');
  expect(await asker.textContent('[data-testid=reset] .error')).toContain('resets nothing');
  expect(policyViolations(page)).toEqual([]);
  expect(policyViolations(asker)).toEqual([]);
  await forgetful.close();
  await context.close();
});
