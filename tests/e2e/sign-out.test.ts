import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_MISSING, connectChromium, hasChromium, startServer } from '../support/e2e';
import { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

/** Whether the page's cookies still sign its user in (a same-origin call, as the app makes). */
function signedIn(page: Page): Promise<boolean> {
  return page.evaluate(async () => (await fetch('/api/auth/user')).status === 200);
}

describe.skipIf(!hasChromium)('signing out in a real browser', () => {
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    priceServer = await new PriceServer().start();
    server = await startServer({ priceApiUrl: priceServer.url });
    browser = await connectChromium();
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await priceServer?.stop();
  });

  async function signIn(): Promise<void> {
    await page.goto(`${server.url}/api/login?returnTo=%2Fchat`);
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByRole('note').getByText('Development sign-in').waitFor();
    await page.getByLabel('Full name').fill('Ifeoma Nwosu');
    await page.getByLabel('Email').fill('ifeoma@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${server.url}/chat`);
    expect(await signedIn(page)).toBe(true);
  }

  it('a link to /api/logout on another site leaves the user signed in', async () => {
    await signIn();
    // A page of another origin (opaque: a data: URL) with a sign-out link, clicked by the user.
    await page.goto(`data:text/html,<a href="${server.url}/api/logout">Win a prize</a>`);
    await page.getByRole('link', { name: 'Win a prize' }).click();
    await page.waitForURL(`${server.url}/api/logout`);
    expect(await page.textContent('body')).toContain('Cross-origin request refused');
    expect(await signedIn(page)).toBe(true);
  });

  it('the "Sign out" link on our own page signs the user out and goes home', async () => {
    await signIn();
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await signedIn(page)).toBe(false);
  });
});
