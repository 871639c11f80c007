import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { createAccount, logIn } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  connectChromium,
  DESKTOP,
  expectNoAxeViolations,
  hasChromium,
  PHONE,
  screenshots,
  screenshot,
  startServer,
  TOASTER,
} from '../support/e2e';
import { HttpClient } from '../support/http-client';
import { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';
import { insertOrderTrade } from '../support/trades';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const ADMIN = {
  email: 'funmi.admin@example.com',
  password: 'a long admin password',
  firstName: 'Funmi',
  lastName: 'Admin',
};
const AGENT = {
  email: 'tunde.agent@example.com',
  password: 'a long agent password',
  firstName: 'Tunde',
  lastName: 'Agent',
};
const CUSTOMER = { name: 'Ada Obi', email: 'ada.obi@example.com' };
/** Live updates wait ~1 s for a burst to pass, then load again. */
const LIVE_TIMEOUT_MS = 8_000;

async function closeToast(page: Page): Promise<void> {
  const close = page.getByRole('region', { name: 'Notifications' }).getByRole('button', {
    name: 'Close',
  });
  if (await close.count()) await close.first().click();
}

async function text(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}

async function waitForText(locator: Locator, expected: string): Promise<void> {
  await expect
    .poll(() => text(locator), { timeout: LIVE_TIMEOUT_MS, interval: 100 })
    .toBe(expected);
}

describe.skipIf(!hasChromium)('admin dashboard, live', () => {
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let dataDir: string;
  let adminContext: BrowserContext;
  let page: Page;
  let customerClient: HttpClient;
  let bitcoinSessionId: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-admin-'));
    await createAccount(dataDir, ADMIN, true);
    await createAccount(dataDir, AGENT, false);
    priceServer = await new PriceServer().start();
    server = await startServer({
      priceApiUrl: priceServer.url,
      env: { DATA_DIR: dataDir },
    });
    browser = await connectChromium();
    adminContext = await browser.newContext({ viewport: DESKTOP });
    page = await adminContext.newPage();
    await logIn(page, server.url, ADMIN);
    customerClient = new HttpClient(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await priceServer?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the figures, follows new chats and transactions live, and exports CSV', async () => {
    await page.goto(`${server.url}/agent/admin`);
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    expect(await page.title()).toMatch(/^Admin Dashboard/);
    await page.getByTestId('connection-state').getByText('Live').waitFor();

    // Two accounts so far, both agents (one an admin); nothing else has happened.
    await waitForText(page.getByTestId('stat-total-users-value'), '2');
    expect(await text(page.getByTestId('stat-total-users-detail'))).toBe('+2 new this week');
    expect(await text(page.getByTestId('stat-active-agents-value'))).toBe('2');
    expect(await text(page.getByTestId('stat-active-agents-detail'))).toBe('0 customers');
    expect(await text(page.getByTestId('stat-active-chats-value'))).toBe('0');
    expect(await text(page.getByTestId('stat-total-volume-value'))).toBe('₦0.00');
    expect(await text(page.getByTestId('stat-total-volume-detail'))).toBe('0 completed trades');
    // No transactions and no sessions: "-", never NaN or Infinity.
    expect(await text(page.getByTestId('metric-success-rate-value'))).toBe('-');
    expect(await text(page.getByTestId('metric-avg-volume-value'))).toBe('-');
    expect(await text(page.getByTestId('metric-agent-utilization-value'))).toBe('0');
    expect(await text(page.getByTestId('distribution-btc-value'))).toBe('-');
    expect(await text(page.getByTestId('distribution-usdt-value'))).toBe('-');
    // The chart (its own lazy chunk) draws one group of bars per day of the range.
    await page.locator('[data-testid="weekly-activity"] .recharts-surface').first().waitFor();
    await screenshots(page, 'admin-analytics-empty', { shots: 'both' });

    // A customer signs in and starts a Bitcoin chat: Active Chats counts it without a reload.
    await customerClient.signInCustomer(CUSTOMER);
    const bitcoin = await customerClient.json<{ id: number; customerId: string }>(
      '/api/chat-sessions',
      { method: 'POST', body: { category: 'bitcoin' } },
    );
    expect(bitcoin.status).toBe(201);
    bitcoinSessionId = bitcoin.body.id;
    await waitForText(page.getByTestId('stat-active-chats-value'), '1');
    expect(await text(page.getByTestId('stat-active-chats-detail'))).toBe('1 BTC · 0 USDT');
    expect(await text(page.getByTestId('stat-bitcoin-sessions-value'))).toBe('1');
    await waitForText(page.getByTestId('stat-total-users-value'), '3');
    expect(await text(page.getByTestId('distribution-btc-value'))).toBe('100%');

    const usdt = await customerClient.json<{ id: number }>('/api/chat-sessions', {
      method: 'POST',
      body: { category: 'usdt' },
    });
    expect(usdt.status).toBe(201);
    await waitForText(page.getByTestId('stat-active-chats-detail'), '1 BTC · 1 USDT');
    await waitForText(page.getByTestId('distribution-usdt-value'), '50%');

    // A completed order's trade (volume comes only from orders; written to the database as
    // completing an order writes it), then a charge recorded from the page, pending: its live
    // event brings both onto the dashboard without a reload.
    const [admin] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, ADMIN.email));
    await insertOrderTrade(server.database.db, {
      chatSessionId: bitcoinSessionId,
      customerId: bitcoin.body.customerId,
      agentId: admin!.id,
      coin: 'bitcoin',
      amount: '0.05',
      rate: '150000000',
    });
    const created = await page.evaluate(
      async (charge) => {
        const response = await fetch('/api/transactions', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify(charge),
        });
        return response.status;
      },
      // $40: under APPROVAL_THRESHOLD_USD, so it is pending at once (four-eyes.test.ts has the rest).
      { chatSessionId: usdt.body.id, type: 'charge', amount: '40', reason: 'Network fee' },
    );
    expect(created).toBe(201);
    await waitForText(page.getByTestId('stat-total-volume-value'), '₦7,500,000.00');
    expect(await text(page.getByTestId('stat-total-volume-detail'))).toBe('1 completed trade');
    await waitForText(page.getByTestId('stat-pending-value'), '1');
    expect(await text(page.getByTestId('metric-success-rate-value'))).toBe('50%');
    expect(await text(page.getByTestId('metric-avg-volume-value'))).toBe('₦7,500,000.00');
    // Two active chats over two active agents.
    expect(await text(page.getByTestId('metric-agent-utilization-value'))).toBe('1');
    expect(await text(page.getByTestId('status-completed-value'))).toBe('1');
    expect(await text(page.getByTestId('status-pending-value'))).toBe('1');
    expect(await text(page.getByTestId('status-failed-value'))).toBe('0');
    expect(await text(page.getByTestId('weekly-activity-totals'))).toBe(
      '2 sessions · 2 transactions in this period',
    );
    await closeToast(page);
    // Nothing wider than the screen at either size: on a phone lists become cards.
    await screenshots(page, 'admin-analytics', { shots: 'both', noSidewaysScroll: true });
    await expectNoAxeViolations(page, { exclude: TOASTER });

    // The exports are plain links for the chosen range; the download is the server's CSV.
    const transactionsLink = page.getByRole('link', { name: 'Export transactions (CSV)' });
    const auditLink = page.getByRole('link', { name: 'Export audit log (CSV)' });
    const href = (await transactionsLink.getAttribute('href'))!;
    expect(href).toMatch(/^\/api\/admin\/export\/transactions\.csv\?from=\d{4}-\d\d-\d\d&to=/);
    expect(await auditLink.getAttribute('href')).toMatch(/^\/api\/admin\/export\/audit-log\.csv\?/);
    const csv = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        body: await response.text(),
      };
    }, href);
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'id,reference,created_at,status,type,currency,amount,rate_ngn,total_ngn,customer_id,customer_email,agent_id,chat_session_id,reason,manual',
    );
    expect(lines).toHaveLength(3);
    expect(csv.body).toContain('7500000.00');
    const audit = await page.evaluate(
      async (url) => (await fetch(url)).text(),
      (await auditLink.getAttribute('href'))!,
    );
    expect(audit.split(/\r?\n/)[0]).toBe(
      'id,created_at,actor_id,actor_email,action,entity_type,entity_id,before,after',
    );

    // A range with nothing in it: the figures of that range, and the links follow it.
    await page.getByLabel('From', { exact: true }).fill('2024-01-01');
    await page.getByLabel('To', { exact: true }).fill('2024-01-07');
    await waitForText(page.getByTestId('stat-total-volume-value'), '₦0.00');
    expect(await text(page.getByTestId('metric-success-rate-value'))).toBe('-');
    expect(await transactionsLink.getAttribute('href')).toBe(
      '/api/admin/export/transactions.csv?from=2024-01-01&to=2024-01-07',
    );
    // A backwards range is explained, not asked for.
    await page.getByLabel('From', { exact: true }).fill('2024-01-09');
    expect(await text(page.getByRole('alert').filter({ hasText: 'start date' }))).toBe(
      'The start date must not be after the end date.',
    );
    expect(await transactionsLink.getAttribute('href')).toBe(
      '/api/admin/export/transactions.csv?from=2024-01-01&to=2024-01-07',
    );
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
  });

  it('lists users with their badges and counts, and makes and removes agents', async () => {
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.waitForURL(/\?tab=users$/);
    const rows = page.getByTestId('user-row');
    await expect.poll(() => rows.count()).toBe(3);
    const ada = rows.filter({ hasText: CUSTOMER.name });
    expect(await text(ada.getByTestId('user-role').first())).toBe('Customer');
    expect(await text(ada.getByTestId('user-sessions'))).toBe('2');
    expect(await text(ada.getByTestId('user-transactions'))).toBe('2');
    expect(await text(ada.getByTestId('user-joined'))).toMatch(/^\d{1,2} \w{3} \d{4}$/);
    expect(await ada.getByText(CUSTOMER.email).count()).toBe(1);
    const admin = rows.filter({ hasText: `${ADMIN.firstName} ${ADMIN.lastName}` });
    expect(await text(admin.getByTestId('user-role').first())).toBe('Agent');
    await admin.getByText('Admin', { exact: true }).waitFor();

    // Make Agent, then Remove Agent, with the spec's toast.
    await ada.getByRole('button', { name: 'Make Agent' }).click();
    await page.getByText('User status updated successfully').waitFor();
    await waitForText(ada.getByTestId('user-role').first(), 'Agent');
    await closeToast(page);
    await ada.getByRole('button', { name: 'Remove Agent' }).click();
    await page.getByText('User status updated successfully').waitFor();
    await waitForText(ada.getByTestId('user-role').first(), 'Customer');
    await closeToast(page);

    // An admin cannot be removed: the server says why.
    await admin.getByRole('button', { name: 'Remove Agent' }).click();
    await page.getByText('Failed to update user status').waitFor();
    expect(await page.getByText('Admins are always agents.').count()).toBe(1);
    await closeToast(page);

    // Filters and search are the server's.
    await page.getByRole('button', { name: 'Customers', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole('button', { name: 'Agents', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByPlaceholder('Search by name or email').fill('ada.obi@');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByPlaceholder('Search by name or email').fill('');
    await expect.poll(() => rows.count()).toBe(3);
    await screenshots(page, 'admin-users', { shots: 'both', noSidewaysScroll: true });
    await expectNoAxeViolations(page, { exclude: TOASTER });
  });

  it('lists sessions with category, status, people and counts', async () => {
    await page.getByRole('tab', { name: 'Sessions' }).click();
    const rows = page.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBe(2);
    const btc = page.locator(`[data-testid="session-row"][data-session-id="${bitcoinSessionId}"]`);
    expect(await text(btc.getByTestId('session-category'))).toBe('Bitcoin');
    expect(await text(btc.getByTestId('session-id'))).toBe(`#${bitcoinSessionId}`);
    expect(await text(btc.getByTestId('session-customer'))).toBe(CUSTOMER.name);
    expect(await text(btc.getByTestId('session-transactions'))).toBe('1');
    expect(await text(btc.getByTestId('session-created'))).toMatch(/^\d{1,2} \w{3} \d{4}$/);
    const agent = await text(btc.getByTestId('session-agent'));
    expect(['Unassigned', `${ADMIN.firstName} ${ADMIN.lastName}`]).toContain(agent);

    await page.getByRole('button', { name: 'USDT', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await text(rows.first().getByTestId('session-category'))).toBe('USDT');
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(2);

    // A new chat appears in the open list by itself.
    const other = new HttpClient(server.url);
    await other.signInCustomer({ name: 'Bola Ade', email: 'bola.ade@example.com' });
    const created = await other.json('/api/chat-sessions', {
      method: 'POST',
      body: { category: 'usdt' },
    });
    expect(created.status).toBe(201);
    await expect.poll(() => rows.count(), { timeout: LIVE_TIMEOUT_MS }).toBe(3);
    expect(await text(rows.first().getByTestId('session-agent'))).toBe('Unassigned');
    await screenshots(page, 'admin-sessions', { shots: 'both', noSidewaysScroll: true });
    await expectNoAxeViolations(page, { exclude: TOASTER });
  });

  it('lists transactions with amount, status, rate, total and date, by status and search', async () => {
    await page.getByRole('tab', { name: 'Transactions' }).click();
    const rows = page.getByTestId('transaction-row');
    await expect.poll(() => rows.count()).toBe(2);
    const btc = rows.filter({ hasText: 'BTC' });
    expect(await text(btc.getByTestId('transaction-amount'))).toBe('0.05 BTC');
    expect(await text(btc.getByTestId('transaction-status'))).toBe('Completed');
    expect(await text(btc.getByTestId('transaction-rate'))).toBe('₦150,000,000.00/BTC');
    expect(await text(btc.getByTestId('transaction-total'))).toBe('₦7,500,000.00');
    // The charge: $40 at the USD-to-naira rate.
    const chargeRow = rows.filter({ hasText: '40.00 USD' });
    expect(await text(chargeRow.getByTestId('transaction-total'))).toBe('₦66,000.00');

    await page.getByRole('button', { name: 'Pending', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await text(rows.first().getByTestId('transaction-amount'))).toBe('40.00 USD');
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(2);
    const reference = (await btc.getAttribute('data-reference'))!;
    await page.getByPlaceholder('Search reference or name').fill(reference);
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByPlaceholder('Search reference or name').fill('');
    await expect.poll(() => rows.count()).toBe(2);
    await screenshots(page, 'admin-transactions', { shots: 'both', noSidewaysScroll: true });
    await expectNoAxeViolations(page, { exclude: TOASTER });
  });

  it('opens at /admin-dashboard too', async () => {
    await page.goto(`${server.url}/admin-dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await waitForText(page.getByTestId('stat-active-chats-value'), '3');
  });

  it('refuses a plain agent: the toast, then home after 1 s', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    try {
      const agentPage = await context.newPage();
      await logIn(agentPage, server.url, AGENT);
      for (const [size, route] of [
        [PHONE, '/agent/admin'],
        [DESKTOP, '/admin-dashboard'],
      ] as const) {
        await agentPage.setViewportSize(size);
        await agentPage.goto(`${server.url}${route}`);
        const toasts = agentPage.getByRole('region', { name: 'Notifications' });
        await toasts.getByText('Access Denied').waitFor();
        expect(await toasts.getByText("You don't have admin privileges.").count()).toBe(1);
        expect(await agentPage.getByTestId('stat-total-users').count()).toBe(0);
        // Not at once: the screen stays while the toast is read.
        expect(new URL(agentPage.url()).pathname).toBe(route);
        await screenshot(agentPage, `admin-access-denied-${size.width}x${size.height}`);
        await agentPage.waitForURL(`${server.url}/`, { timeout: 5_000 });
      }
      // The API refuses too, whatever the screen does.
      const status = await agentPage.evaluate(
        async () => (await fetch('/api/admin/analytics')).status,
      );
      expect(status).toBe(403);
    } finally {
      await context.close();
    }
  });
});
