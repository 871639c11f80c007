import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { createAccount, logIn } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  connectChromium,
  hasChromium,
  DESKTOP,
  PHONE,
  screenshot,
  startServer,
} from '../support/e2e';
import { pageFetch } from '../support/page-fetch';
import { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';
import { insertManualTrade, insertOrderTrade } from '../support/trades';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const LIVE_TIMEOUT_MS = 8_000;

const ADMIN = {
  email: 'bola.figures@example.com',
  password: 'a long admin password',
  firstName: 'Bola',
  lastName: 'Ade',
};
const CUSTOMER = { name: 'Ngozi Eze', email: 'ngozi.figures@example.com' };

/**
 * The figures, by hand, at the market: $97,250.50 x ₦1,650 = ₦160,463,325.00 per BTC. A
 * completed order of 0.05 BTC pays ₦8,023,166.25: the volume. A 0.01 BTC trade recorded by hand
 * before orders (₦1,604,633.25) failed: history, never volume. A $10 refund at ₦1,650 is
 * ₦16,500.00, completed: beside the volume, never in it.
 */
const MARKET_NAIRA = '160463325.00';
const PAID = '₦8,023,166.25';
const REFUND = '₦16,500.00';

async function text(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}

async function waitForText(locator: Locator, expected: string): Promise<void> {
  await expect
    .poll(() => text(locator), { timeout: LIVE_TIMEOUT_MS, interval: 100 })
    .toBe(expected);
}

/** Complete or Fail on a pending card, confirmed in the dialog that names customer and total. */
async function settle(agent: Page, card: Locator, action: 'Complete' | 'Fail', total: string) {
  await card.getByRole('button', { name: new RegExp(`^${action} AC-`) }).click();
  const dialog = agent.getByRole('dialog');
  await dialog.waitFor();
  expect(await text(dialog.getByTestId('confirm-customer'))).toBe(CUSTOMER.name);
  expect(await text(dialog.getByTestId('confirm-total'))).toBe(total);
  await dialog.getByRole('button', { name: `${action} transaction` }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe.skipIf(!hasChromium)('truthful figures: trades, the customer, the admin dashboard', () => {
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let dataDir: string;
  let agent: Page;
  let chatList: Page;
  let history: Page;
  let sessionId: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-figures-'));
    await createAccount(dataDir, ADMIN, true);
    priceServer = await new PriceServer().start();
    server = await startServer({
      priceApiUrl: priceServer.url,
      env: { DATA_DIR: dataDir, DEMO_MODE: 'true' },
    });
    browser = await connectChromium();
    agent = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    const customer = await browser.newContext({ viewport: PHONE });
    chatList = await customer.newPage();
    history = await customer.newPage();
    await logIn(agent, server.url, ADMIN);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await priceServer?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a completed order’s trade shows on the customer’s chat card and history; an old manual one is marked', async () => {
    // The customer signs in, starts a Bitcoin chat, and keeps their chat list and their
    // trading history open in two tabs.
    await history.goto(`${server.url}/trading-history`);
    await history.getByLabel('Full name').fill(CUSTOMER.name);
    await history.getByLabel('Email').fill(CUSTOMER.email);
    await history.getByRole('button', { name: 'Continue' }).click();
    await history.getByRole('heading', { name: 'No Trading History' }).waitFor();
    const created = await pageFetch<{ id: number; customerId: string }>(
      history,
      '/api/chat-sessions',
      {
        method: 'POST',
        body: { category: 'bitcoin' },
      },
    );
    expect(created.status).toBe(201);
    sessionId = created.body.id;
    await chatList.goto(`${server.url}/trade`);
    await chatList.getByTestId('session-list').waitFor();

    // Demo mode's test customer chats too: it must show up nowhere below.
    const demo = await pageFetch<{ id: number }>(agent, '/api/test/chat-sessions', {
      method: 'POST',
      body: { customerId: '00000000-0000-4000-8000-00000000de30', category: 'usdt' },
    });
    expect(demo.status).toBe(201);

    // The order completes: its trade is written as completion writes it (orders' own browser
    // tests walk the steps). The customer's chat card and history say what was paid.
    const [admin] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, ADMIN.email));
    const trade = {
      chatSessionId: sessionId,
      customerId: created.body.customerId,
      agentId: admin!.id,
      coin: 'bitcoin' as const,
      rate: MARKET_NAIRA,
    };
    await insertOrderTrade(server.database.db, { ...trade, amount: '0.05' });
    await chatList.reload();
    await waitForText(chatList.getByTestId('trade-outcome'), `Paid ${PAID}`);
    await history.reload();
    const card = history.getByTestId('transaction-card');
    await waitForText(card.getByTestId('transaction-status'), 'Completed');
    expect(await text(card.getByTestId('trade-outcome'))).toBe(`Paid ${PAID}`);
    expect(await card.getByTestId('transaction-manual').count()).toBe(0);
    await screenshot(chatList, 'customer-chat-card-paid-360x740');
    await screenshot(history, 'customer-history-paid-360x740');

    // A trade recorded by hand before orders, failed (as migration 0019 leaves it): in the
    // history, marked; the card says it was not paid.
    await insertManualTrade(server.database.db, { ...trade, amount: '0.01', status: 'failed' });
    await history.reload();
    const manual = history.getByTestId('transaction-card').first();
    await waitForText(manual.getByTestId('transaction-manual'), 'Manual, before orders');
    expect(await text(manual.getByTestId('trade-outcome'))).toBe('Failed: not paid');
    await chatList.reload();
    await waitForText(chatList.getByTestId('trade-outcome'), 'Failed: not paid');

    // The agent's chat records no trade by hand: it points to Send quote.
    await agent.goto(`${server.url}/chat/${sessionId}`);
    await agent.getByTestId('trades-from-orders').waitFor();
    expect(await agent.getByRole('button', { name: 'Record trade' }).count()).toBe(0);
    await screenshot(agent, 'transactions-panel-trades-from-orders-1280x800');
  });

  it('a refund completed leaves Total Volume unchanged, and every figure reconciles by hand', async () => {
    const dashboard = await agent.context().newPage();
    await dashboard.goto(`${server.url}/admin-dashboard`);
    await dashboard.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    const value = (id: string) => dashboard.getByTestId(`${id}-value`);
    await waitForText(value('stat-total-volume'), PAID);
    expect(await text(dashboard.getByTestId('stat-total-volume').getByRole('term'))).toBe(
      'Total Volume · last 7 days',
    );

    // A $10 refund through Process Transaction, completed from the chat.
    await agent.goto(`${server.url}/agent/transaction/${sessionId}`);
    await agent.getByRole('radio', { name: 'Refund' }).check();
    await agent.getByLabel('Amount ($)').fill('10');
    await agent.getByLabel('Reason').fill('Network fee returned');
    await agent.getByRole('button', { name: 'Process Transaction' }).click();
    await agent.waitForURL(/\/agent(\/chats)?$/);
    await agent.goto(`${server.url}/chat/${sessionId}`);
    const refund = agent.getByTestId('transaction-card').first();
    await waitForText(refund.getByTestId('transaction-type'), 'Refund');
    await settle(agent, refund, 'Complete', REFUND);

    // The dashboard follows live: the refund stands beside the volume, which stays the same.
    await waitForText(value('stat-refunds'), REFUND);
    expect(await text(value('stat-total-volume'))).toBe(PAID);

    // By hand: users are the admin and Ngozi (the demo customer is not one); one agent; one
    // active chat (the demo's is not counted), Bitcoin; three transactions this week: the
    // order's trade and the refund completed, the old manual 0.01 BTC trade failed.
    expect(await text(value('stat-total-users'))).toBe('2');
    expect(await text(value('stat-active-agents'))).toBe('1');
    expect(await text(dashboard.getByTestId('stat-active-agents-detail'))).toBe('1 customer');
    expect(await text(value('stat-active-chats'))).toBe('1');
    expect(await text(dashboard.getByTestId('stat-active-chats-detail'))).toBe('1 BTC · 0 USDT');
    expect(await text(dashboard.getByTestId('stat-total-volume-detail'))).toBe('1 completed trade');
    expect(await text(value('stat-bitcoin-sessions'))).toBe('1');
    expect(await text(value('stat-usdt-sessions'))).toBe('0');
    expect(await text(value('stat-pending'))).toBe('0');
    expect(await text(value('stat-charges'))).toBe('₦0.00');
    expect(await text(value('stat-adjustments'))).toBe('₦0.00');
    // 2 completed of 3; ₦8,023,166.25 over 1 completed trade; 1 active chat over 1 agent.
    expect(await text(value('metric-success-rate'))).toBe('66.67%');
    expect(await text(value('metric-avg-volume'))).toBe(PAID);
    expect(await text(value('metric-agent-utilization'))).toBe('1');
    expect(await text(value('status-completed'))).toBe('2');
    expect(await text(value('status-pending'))).toBe('0');
    expect(await text(value('status-failed'))).toBe('1');
    expect(await text(value('distribution-btc'))).toBe('100%');
    expect(await text(dashboard.getByTestId('weekly-activity-totals'))).toBe(
      '1 session · 3 transactions in this period',
    );
    await screenshot(dashboard, 'admin-dashboard-figures-1280x800');

    // The agent dashboard counts the same one active chat.
    await agent.goto(`${server.url}/agent/dashboard`);
    await waitForText(agent.getByTestId('active-chats-count'), '1');
  });
});
