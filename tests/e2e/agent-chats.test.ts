import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  connectChromium,
  DESKTOP,
  expectNoAxeViolations,
  hasChromium,
  PHONE,
  screenshots,
  startServer,
  TOASTER,
} from '../support/e2e';
import { HttpClient } from '../support/http-client';
import { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const AGENT = {
  email: 'tunde.agent@example.com',
  password: 'a long agent password',
  firstName: 'Tunde',
  lastName: 'Agent',
};

/** Nothing wider than the viewport: no sideways scrolling on a phone. */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

describe.skipIf(!hasChromium)('agent chat list, dashboard and demo pages, live', () => {
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let dataDir: string;
  let agentContext: BrowserContext;
  let agentPage: Page;
  const customer = { name: 'Ada Obi', email: 'ada.obi@example.com' };
  let sessionId: number;

  beforeAll(async () => {
    // The agent exists before the server starts, made the operator's way.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-agent-'));
    await createAccount(dataDir, AGENT, false);
    priceServer = await new PriceServer().start();
    server = await startServer({
      priceApiUrl: priceServer.url,
      env: { DATA_DIR: dataDir, DEMO_MODE: 'true' },
    });
    browser = await connectChromium();

    agentContext = await browser.newContext({ viewport: DESKTOP });
    agentPage = await agentContext.newPage();
    await agentPage.goto(`${server.url}/`);
    const status = await agentPage.evaluate(
      async (body) => {
        const response = await fetch('/api/agent/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return response.status;
      },
      { username: AGENT.email, password: AGENT.password },
    );
    expect(status).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await priceServer?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows a new customer chat without reloading, with its preview, and marks the customer Paid', async () => {
    const page = agentPage;
    await page.goto(`${server.url}/agent/chats`);
    await page.getByRole('heading', { level: 1, name: 'Customer Chats' }).waitFor();
    await page.getByText('No conversations', { exact: true }).waitFor();
    expect(
      await page.getByText('Customer chats will appear here when they contact agents.').count(),
    ).toBe(1);
    expect(await page.getByTestId('rate-BTC').textContent()).toBe('BTC: ₦1,550/USD (default)');
    expect(await page.getByTestId('rate-USDT').textContent()).toBe('USDT: ₦1,600/USD (default)');
    expect(await page.getByPlaceholder('Search or start a new chat').count()).toBe(1);
    for (const label of ['Dashboard', 'Logout'])
      expect(await page.getByRole('navigation', { name: 'Agent' }).getByText(label).count()).toBe(
        1,
      );
    // A plain agent: the admin screens are not offered.
    expect(
      await page.getByRole('navigation', { name: 'Agent' }).getByText('Manage Agents').count(),
    ).toBe(0);
    for (const tab of ['All', 'Unread', 'Active'])
      expect(await page.getByRole('tab', { name: tab }).count()).toBe(1);
    await page.getByTestId('connection-state').getByText('Online').waitFor();
    await screenshots(page, 'agent-chats-empty');
    // On Break, the agent is given no chat by round-robin (ADR 018): the new chat waits
    // unassigned, with its dot.
    expect(
      await page.evaluate(async () => {
        const r = await fetch('/api/availability/me', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ state: 'break' }),
        });
        return r.status;
      }),
    ).toBe(200);

    // A customer signs in (the development provider), starts a Bitcoin chat and writes.
    const client = new HttpClient(server.url);
    await client.signInCustomer(customer);
    const created = await client.json<{ id: number; customerId: string }>('/api/chat-sessions', {
      method: 'POST',
      body: { category: 'bitcoin' },
    });
    expect(created.status).toBe(201);
    sessionId = created.body.id;
    const hello = 'Hello, I want to sell 0.05 BTC';
    const sent = await client.json(`/api/chat-sessions/${sessionId}/messages`, {
      method: 'POST',
      body: { clientMessageId: randomUUID(), content: hello },
    });
    expect(sent.status).toBe(201);

    const row = page.locator(`[data-testid="chat-row"][data-session-id="${sessionId}"]`);
    await row.getByTestId('chat-row-preview').getByText(hello).waitFor({ timeout: 5_000 });
    expect(await row.getByTestId('chat-row-name').textContent()).toBe(customer.name);
    expect(await row.getByTestId('customer-status').textContent()).toBe('Active');
    expect(await row.getByTestId('unassigned-dot').count()).toBe(1);
    expect(await row.getByTestId('chat-row-time').textContent()).toMatch(/^\d\d:\d\d$/);
    expect(await page.getByText('No conversations', { exact: true }).count()).toBe(0);
    expect(await page.title()).toMatch(/^\(1\) Chats/);

    // A later message moves its preview along, still without reloading.
    const second = 'My wallet screenshot is coming';
    await client.json(`/api/chat-sessions/${sessionId}/messages`, {
      method: 'POST',
      body: { clientMessageId: randomUUID(), content: second },
    });
    await row.getByTestId('chat-row-preview').getByText(second).waitFor({ timeout: 5_000 });

    // Mark Customer As → Paid: the toast, and the badge.
    await row.getByRole('button', { name: `Mark Customer As (${customer.name})` }).click();
    await page.getByRole('menuitem', { name: 'Paid' }).click();
    await page.getByText('Status Updated').waitFor();
    expect(await page.getByText('Customer status has been updated successfully').count()).toBe(1);
    await row.getByTestId('customer-status').getByText('Paid').waitFor();
    expect(await row.getByTestId('customer-status').getAttribute('data-tone')).toBe('blue');
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('button', { name: 'Close' })
      .click();
    await screenshots(page, 'agent-chats');
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page, { exclude: TOASTER });

    // The menu, open, for the record.
    await row.getByRole('button', { name: `Mark Customer As (${customer.name})` }).click();
    await page.getByRole('menuitem', { name: 'Ban Customer' }).waitFor();
    await screenshots(page, 'agent-chats-menu');
    await page.keyboard.press('Escape');

    // Search is the server's, over name and email.
    await page.getByPlaceholder('Search or start a new chat').fill('nobody-like-this');
    await page.getByRole('heading', { name: 'No chats match “nobody-like-this”' }).waitFor();
    await page.getByPlaceholder('Search or start a new chat').fill('ada.obi@');
    await row.waitFor();

    // Clicking a row opens the conversation beside the list.
    await row.getByRole('link').click();
    await page.waitForURL(`${server.url}/agent/chats/${sessionId}`);
  });

  it('dashboard: the active conversations with their badges, live', async () => {
    const page = await agentContext.newPage();
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/agent/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Agent Dashboard' }).waitFor();
    await page.getByTestId('connection-state').getByText('Online').waitFor();
    const row = page.locator(`[data-testid="active-conversation"][data-session-id="${sessionId}"]`);
    await row.waitFor();
    // The count is its own request, refetched when the list changes: wait for it, not the row.
    const activeCount = page.getByTestId('active-chats-count');
    await activeCount.filter({ hasText: /^1$/ }).waitFor({ timeout: 5_000 });
    // The agent's own figures for today: nothing resolved, no first response yet
    // (tests/e2e/inbox-day.test.ts checks them after real replies and resolutions).
    await page.getByTestId('resolved-today').getByText('0', { exact: true }).waitFor();
    expect(await page.getByTestId('avg-response').textContent()).toBe('-');
    expect(await row.textContent()).toContain(`Session #${sessionId}`);
    expect(await row.textContent()).toMatch(/Customer #[0-9a-f]{4}/);
    // The desk, so one customer's Bitcoin and USDT chats are told apart.
    expect(await row.getByTestId('desk').textContent()).toBe('Desk: BTC');
    expect(await row.getByTestId('desk').getAttribute('data-tone')).toBe('btc');
    expect(await row.getByTestId('priority').textContent()).toBe('Normal');
    expect(await row.getByTestId('priority').getAttribute('data-tone')).toBe('orange');

    // Another customer starts a chat: the count and the list follow without reloading.
    const other = new HttpClient(server.url);
    await other.signInCustomer({ name: 'Bayo Ade', email: 'bayo@example.com' });
    const created = await other.json<{ id: number }>('/api/chat-sessions', {
      method: 'POST',
      body: { category: 'usdt' },
    });
    await page
      .locator(`[data-testid="active-conversation"][data-session-id="${created.body.id}"]`)
      .waitFor({ timeout: 5_000 });
    await activeCount.filter({ hasText: /^2$/ }).waitFor({ timeout: 5_000 });
    await screenshots(page, 'agent-dashboard');
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page, { exclude: TOASTER });

    await row.getByRole('link').click();
    await page.waitForURL(`${server.url}/chat/${sessionId}`);
    await page.close();
  });

  it('demo pages: a demo customer message shows in /test-agent within the polling interval', async () => {
    const customerContext = await browser.newContext({ viewport: PHONE });
    const customerPage = await customerContext.newPage();
    await customerPage.goto(`${server.url}/test-customer`);
    await customerPage.getByText('Demo Mode - Test Customer Interface').waitFor();
    await customerPage.getByRole('button', { name: /Bitcoin Trading/ }).waitFor();
    expect(await customerPage.getByText('Chat with Agent Tunde').count()).toBe(1);
    expect(await customerPage.getByText('Chat with Agent Amaka').count()).toBe(1);
    await screenshots(customerPage, 'demo-customer-choice');

    await customerPage.getByRole('button', { name: /Bitcoin Trading/ }).click();
    await customerPage.getByRole('heading', { name: 'Agent Tunde' }).waitFor();
    expect(await customerPage.getByText('Bitcoin Specialist').count()).toBe(1);
    expect(await customerPage.getByText('BITCOIN', { exact: true }).count()).toBe(1);
    await customerPage.getByText('Welcome to Bitcoin Trading!').waitFor();
    await screenshots(customerPage, 'demo-customer-welcome');
    const input = customerPage.getByPlaceholder('Type your message...');
    const send = customerPage.getByRole('button', { name: 'Send message' });
    expect(await send.isDisabled()).toBe(true);
    await input.fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await input.fill('  Hi from the demo  ');
    await input.press('Enter');
    await customerPage.getByTestId('bubble').getByText('Hi from the demo').waitFor();
    expect(await customerPage.getByTestId('bubble').getAttribute('data-side')).toBe('right');
    expect(await input.inputValue()).toBe('');
    await screenshots(customerPage, 'demo-customer-chat');
    await expectNoAxeViolations(customerPage, { exclude: TOASTER });

    // The demo agent view (an agent is signed in here, so the status dropdown works too).
    const page = await agentContext.newPage();
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/test-agent`);
    await page.getByRole('heading', { name: 'Agent Chat Management' }).waitFor();
    expect(await page.getByText('Online', { exact: true }).count()).toBe(1);
    const row = page.getByTestId('demo-session-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Test Customer');
    expect(await row.textContent()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d\d:\d\d/);
    await screenshots(page, 'demo-agent-list');
    await expectNoAxeViolations(page, { exclude: TOASTER });

    await page.getByPlaceholder('Search customers...').fill('zzz');
    await page.getByText('No conversations found').waitFor();
    expect(await page.getByText('Try adjusting your search').count()).toBe(1);
    await page.getByPlaceholder('Search customers...').fill('bitcoin');
    await row.waitFor();

    await row.getByRole('button').first().click();
    await page.getByTestId('bubble').getByText('Hi from the demo').waitFor();
    expect(await page.getByTestId('bubble').first().getAttribute('data-side')).toBe('left');
    expect(await page.getByPlaceholder('Type your message...').count()).toBe(0);

    // A new customer message reaches the agent view by polling (every 2 s).
    await customerPage.getByPlaceholder('Type your message...').fill('Are you there?');
    await customerPage.getByRole('button', { name: 'Send message' }).click();
    // One 2 s polling period plus the round trips, with room for a busy machine.
    await page.getByText('Are you there?').waitFor({ timeout: 4_000 });
    await screenshots(page, 'demo-agent-chat');
    await expectNoAxeViolations(page, { exclude: TOASTER });

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Agent Chat Management' }).waitFor();
    await customerContext.close();
    await page.close();
  });
});
