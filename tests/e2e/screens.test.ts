import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, logIn } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  closeAll,
  connectChromium,
  DESKTOP,
  hasChromium,
  PHONE,
  runAxe,
  screenshot,
  settle,
  startServer,
} from '../support/e2e';
import { pageFetch } from '../support/page-fetch';
import { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

/**
 * Every screen of the spec's route table, as the role that uses it, at a phone's size and a
 * desktop's: a screenshot of each (CI artifacts, in the git-ignored test-results folder), no
 * sideways scrolling, and axe-core (WCAG 2.0/2.1 A and AA) with no serious or critical
 * violations. Violations are gathered per group of screens and listed together.
 */

const SIZES = [PHONE, DESKTOP];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

const ADMIN = {
  email: 'ngozi.admin@example.com',
  password: 'a long admin password',
  firstName: 'Ngozi',
  lastName: 'Eze',
};
const AGENT = {
  email: 'bayo.agent@example.com',
  password: 'a long agent password',
  firstName: 'Bayo',
  lastName: 'Ola',
};
const CUSTOMER = { name: 'Amaka Nwosu', email: 'amaka.screens@example.com' };

/** Problems found on the screens of one test, listed together at its end. */
class Findings {
  readonly problems: string[] = [];
  readonly notes: string[] = [];

  expectNone(): void {
    if (this.notes.length) console.warn(`screens (moderate/minor):\n${this.notes.join('\n')}`);
    expect(this.problems, this.problems.join('\n')).toEqual([]);
  }
}

/**
 * What a page threw or logged as an error (React's report of a crashed component is one), kept
 * until the next screen's check reads it. The browser's own "Failed to load resource" lines are
 * left out: a 401 or 404 the screen expects and handles logs one too.
 */
const pageErrors = new WeakMap<Page, string[]>();

function watchErrors(page: Page): void {
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (text.startsWith('Failed to load resource')) return;
    errors.push(`console.error: ${text.split('\n')[0]}`);
  });
}

/**
 * Buttons and links smaller than 44 x 44 px (links inside running text excepted: they are
 * text, not targets), described by their name and size.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const selector =
      'button, a[href], [role="button"], [role="tab"], select, input[type="checkbox"], input[type="radio"]';
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const box = el.getBoundingClientRect();
      // Hidden, or visually hidden until focused (a skip link).
      if (box.width <= 1 || box.height <= 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      if (el.tagName === 'A' && style.display === 'inline' && el.parentElement?.tagName === 'P')
        continue;
      // A target whose label element makes it bigger (a checkbox inside its label) counts whole.
      const label = el.closest('label')?.getBoundingClientRect();
      // A larger hit area drawn by an absolutely placed ::after (after:-inset-1) counts too.
      const after = getComputedStyle(el, '::after');
      const grow = (side: string) =>
        after.content !== 'none' && after.position === 'absolute'
          ? Math.max(0, -parseFloat(side) || 0)
          : 0;
      const width = Math.max(box.width + grow(after.left) + grow(after.right), label?.width ?? 0);
      const height = Math.max(
        box.height + grow(after.top) + grow(after.bottom),
        label?.height ?? 0,
      );
      if (width >= 43.5 && height >= 43.5) continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      found.push(
        `${el.tagName.toLowerCase()} "${name}" ${Math.round(width)}x${Math.round(height)}`,
      );
    }
    return found;
  });
}

/**
 * One screen at both sizes: no error thrown or logged, screenshot, no horizontal scroll, axe. `ready` is what shows the
 * screen has loaded its data; `name` names the files.
 */
async function checkScreen(
  page: Page,
  name: string,
  findings: Findings,
  ready?: Locator,
): Promise<void> {
  if (ready) await ready.first().waitFor({ timeout: 30_000 });
  // Data first: no "Loading ..." placeholder left (a screen that never settles is shot as is).
  await page
    .waitForFunction(() => !/\bLoading\b/.test(document.body.innerText), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  const before = page.viewportSize();
  const seen = new Set<string>();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settle(page);
    const size_ = `${size.width}x${size.height}`;
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    if (scrollWidth > innerWidth) {
      // The widest offenders, to say where: elements reaching past the right edge.
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .slice(-3)
          .map((el) => {
            const testId = el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : '';
            const text = (el.textContent ?? '').trim().slice(0, 30);
            return `${el.tagName.toLowerCase()}${testId} "${text}" right=${Math.round(el.getBoundingClientRect().right)}`;
          }),
      );
      findings.problems.push(
        `${name} ${size_}: horizontal scroll (scrollWidth ${scrollWidth} > ${innerWidth}): ${wide.join('; ')}`,
      );
    }
    if (size === PHONE) {
      for (const small of await smallTargets(page))
        findings.problems.push(`${name} ${size_}: touch target under 44 px: ${small}`);
    }
    await screenshot(page, `${name}-${size_}`, { folder: 'screens', fullPage: true });
    const results = await runAxe(page);
    for (const v of results.violations) {
      const targets = v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' '))
        .join(' | ');
      const line = `${name} ${size_}: [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length}x: ${targets})`;
      const key = `${v.id}|${targets}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (FAILING_IMPACTS.has(v.impact ?? '')) findings.problems.push(line);
      else findings.notes.push(line);
    }
  }
  if (before) await page.setViewportSize(before);
  const errors = pageErrors.get(page) ?? [];
  for (const error of errors.splice(0)) findings.problems.push(`${name}: ${error}`);
}

describe.skipIf(!hasChromium)('every screen: screenshots, no sideways scroll, axe', () => {
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let dataDir: string;
  const contexts: BrowserContext[] = [];
  let visitor: Page;
  let customer: Page;
  let agent: Page;
  let admin: Page;
  let sessionId: number;
  let customerId: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-screens-'));
    await createAccount(dataDir, ADMIN, true);
    await createAccount(dataDir, AGENT, false);
    priceServer = await new PriceServer().start();
    server = await startServer({
      priceApiUrl: priceServer.url,
      env: { DATA_DIR: dataDir, DEMO_MODE: 'true' },
    });
    browser = await connectChromium();
    const page = async () => {
      // The screens as most people see them: with motion (the other files prefer it reduced).
      const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'no-preference' });
      contexts.push(context);
      const created = await context.newPage();
      watchErrors(created);
      return created;
    };
    visitor = await page();
    customer = await page();
    agent = await page();
    admin = await page();
  });

  afterAll(() => closeAll({ contexts, browser, server, priceServer, dataDir }));

  it('public screens: landing, agent login, admin setup, the demo pages, not found', async () => {
    const findings = new Findings();
    const h1 = visitor.locator('h1');

    await visitor.goto(`${server.url}/`);
    await checkScreen(visitor, 'landing', findings, h1);

    await visitor.goto(`${server.url}/agent/login`);
    await checkScreen(visitor, 'agent-login', findings, visitor.getByLabel('Username'));

    await visitor.goto(`${server.url}/admin/setup`);
    await checkScreen(visitor, 'admin-setup', findings, h1);

    await visitor.goto(`${server.url}/test-customer`);
    await checkScreen(
      visitor,
      'test-customer',
      findings,
      visitor.getByRole('button', { name: /Bitcoin Trading/ }),
    );
    await visitor.getByRole('button', { name: /Bitcoin Trading/ }).click();
    await visitor.getByPlaceholder('Type your message...').waitFor();
    await checkScreen(visitor, 'test-customer-chat', findings);

    await visitor.goto(`${server.url}/test-agent`);
    await checkScreen(
      visitor,
      'test-agent',
      findings,
      visitor.getByRole('heading', { name: 'Agent Chat Management' }),
    );

    await visitor.goto(`${server.url}/no-such-page`);
    await checkScreen(visitor, 'not-found', findings, visitor.getByText('Page Not Found'));

    findings.expectNone();
  });

  it('customer screens, and the chat with the keyboard alone', async () => {
    const findings = new Findings();
    await customer.goto(`${server.url}/trade`);
    await customer.getByRole('heading', { name: 'Development sign-in' }).waitFor();
    await checkScreen(customer, 'oidc-sign-in', findings);
    await customer.getByLabel('Full name').fill(CUSTOMER.name);
    await customer.getByLabel('Email').fill(CUSTOMER.email);
    await customer.getByRole('button', { name: 'Continue' }).click();
    await customer.waitForURL(`${server.url}/trade`);
    await checkScreen(customer, 'trade', findings, customer.getByTestId('choice-bitcoin'));

    await customer.goto(`${server.url}/trading-history`);
    await checkScreen(
      customer,
      'trading-history-empty',
      findings,
      customer.getByRole('heading', { name: 'No Trading History' }),
    );

    const created = await pageFetch(customer, '/api/chat-sessions', {
      method: 'POST',
      body: { category: 'bitcoin' },
    });
    expect(created.status).toBe(201);
    ({ id: sessionId, customerId } = created.body as { id: number; customerId: string });

    await customer.goto(`${server.url}/chat`);
    await checkScreen(customer, 'chat-list', findings, customer.getByTestId('choice-bitcoin'));

    // The conversation by keyboard alone: Tab reaches the input, Enter sends.
    await customer.goto(`${server.url}/chat/${sessionId}`);
    const input = customer.getByPlaceholder('Type your message...');
    await input.waitFor();
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await customer.keyboard.press('Tab');
      reached = await input.evaluate((el) => el === document.activeElement);
    }
    expect(reached, 'Tab never reached the message input').toBe(true);
    // The focused input shows a visible ring.
    expect(
      await input.evaluate((el) => {
        const style = getComputedStyle(el);
        return style.outlineStyle !== 'none' || style.boxShadow !== 'none';
      }),
    ).toBe(true);
    await customer.keyboard.type('Hello, I want to sell 0.05 BTC');
    await customer.keyboard.press('Enter');
    await customer
      .locator('[data-testid="message"][data-state="sent"]', {
        hasText: 'Hello, I want to sell 0.05 BTC',
      })
      .waitFor({ timeout: 10_000 });
    // Screen readers hear new messages.
    expect(await customer.locator('[aria-live="polite"], [role="log"]').count()).toBeGreaterThan(0);
    // Attaching a screenshot is a real button.
    expect(await customer.getByRole('button', { name: 'Attach a screenshot' }).count()).toBe(1);
    await customer.keyboard.type('What is your rate today?');
    await customer.keyboard.press('Enter');
    await customer
      .locator('[data-testid="message"][data-state="sent"]', {
        hasText: 'What is your rate today?',
      })
      .waitFor({ timeout: 10_000 });
    await checkScreen(customer, 'chat-customer', findings);

    findings.expectNone();
  });

  it('agent screens: chats, dashboard, the conversation, rates, transaction, history', async () => {
    const findings = new Findings();
    await logIn(agent, server.url, AGENT);
    await checkScreen(agent, 'agent-chats', findings, agent.getByRole('heading', { level: 1 }));

    await agent.goto(`${server.url}/chat/${sessionId}`);
    await agent.getByPlaceholder('Type your message...').waitFor();
    await agent.getByPlaceholder('Type your message...').fill('Good morning! BTC is ₦157m today.');
    await agent.getByPlaceholder('Type your message...').press('Enter');
    await agent
      .locator('[data-testid="message"][data-state="sent"]', { hasText: 'Good morning!' })
      .waitFor({ timeout: 10_000 });
    await checkScreen(agent, 'chat-agent', findings);

    // A refund on the chat (trades come only from orders).
    const refund = await pageFetch(agent, '/api/transactions', {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      body: {
        chatSessionId: sessionId,
        customerId,
        type: 'refund',
        amount: '25.50',
        reason: 'Double charge',
      },
    });
    expect(refund.status).toBe(201);

    await agent.goto(`${server.url}/agent/dashboard`);
    await checkScreen(agent, 'agent-dashboard', findings, agent.getByRole('heading', { level: 1 }));

    await agent.goto(`${server.url}/agent/exchange-rates`);
    await checkScreen(agent, 'exchange-rates', findings, agent.getByTestId('market-price-BTC'));

    await agent.goto(`${server.url}/agent/trading-history?customerId=${customerId}`);
    await checkScreen(
      agent,
      'agent-trading-history',
      findings,
      agent.getByTestId('transaction-card'),
    );

    await agent.goto(`${server.url}/agent/transaction/${sessionId}`);
    await checkScreen(
      agent,
      'process-transaction',
      findings,
      agent.getByRole('heading', { level: 1, name: 'Process Transaction' }),
    );

    // The customer's own history, now with the refund.
    await customer.goto(`${server.url}/trading-history`);
    await checkScreen(
      customer,
      'trading-history',
      findings,
      customer.getByTestId('transaction-card'),
    );

    findings.expectNone();
  });

  it('admin screens: the dashboard with each tab, agent management', async () => {
    const findings = new Findings();
    await logIn(admin, server.url, ADMIN);
    await admin.goto(`${server.url}/agent/admin`);
    await checkScreen(
      admin,
      'admin-analytics',
      findings,
      admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' }),
    );
    for (const tab of ['Users', 'Sessions', 'Transactions']) {
      await admin.getByRole('tab', { name: tab }).click();
      await admin.getByRole('tab', { name: tab, selected: true }).waitFor();
      await checkScreen(admin, `admin-${tab.toLowerCase()}`, findings);
    }

    await admin.goto(`${server.url}/agent/management`);
    await checkScreen(
      admin,
      'agent-management',
      findings,
      admin.getByRole('heading', { name: /Active Agents/ }),
    );

    findings.expectNone();
  });
});
