import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, logIn } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  connectChromium,
  DESKTOP,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  hasChromium,
  PHONE,
  screenshots,
  screenshot,
  settle,
  signInCustomer,
  startServer,
  text,
} from '../support/e2e';
import { testPng } from '../support/images';
import { pageFetch, pagePlaceOrder, pageSendImage } from '../support/page-fetch';
import { BTC_RATES as RATES, GTBANK_NUMBER, BTC_DEPOSIT_ADDRESS } from '../support/order-fixtures';
import { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

/** Each change must reach the open screen live (no reload, no polling). */
const LIVE_TIMEOUT_MS = 5_000;
const ADMIN = {
  email: 'kemi.desk@example.com',
  password: 'a long admin password',
  firstName: 'Kemi',
  lastName: 'Desk',
};
const AGENT = {
  email: 'sola.orders@example.com',
  password: 'a long agent password',
  firstName: 'Sola',
  lastName: 'Agent',
};
const CUSTOMER = { name: 'Ifeoma Nwosu', email: 'ifeoma.desk@example.com' };

interface Order {
  id: number;
  reference: string;
  chatSessionId: number;
  state: string;
}

describe.skipIf(!hasChromium)("the agents' Orders view and the inbox marker", () => {
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let dataDir: string;
  let agent: Page;
  let customer: Page;

  /** A step of an order by whoever `page` is signed in as, checked to be a 200. */
  async function step(page: Page, order: Order, name: string, body?: unknown): Promise<Order> {
    const res = await pageFetch<Order>(page, `/api/orders/${order.id}/${name}`, {
      method: 'POST',
      // A JSON request needs a body: a step without one sends an empty object.
      body: body ?? {},
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  /** A new chat of the customer's with a 0.01 BTC order in it. */
  async function newOrder(accountId: number): Promise<Order> {
    const chat = await pageFetch<{ id: number }>(customer, '/api/chat-sessions', {
      method: 'POST',
      body: { category: 'bitcoin' },
    });
    expect(chat.status).toBe(201);
    const order = await pagePlaceOrder<Order>(customer, {
      chatSessionId: chat.body.id,
      coin: 'bitcoin',
      amount: '0.01',
      payoutAccountId: accountId,
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    return order.body;
  }

  const deposit = (order: Order) =>
    step(customer, order, 'deposit', { txHash: randomBytes(32).toString('hex') });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-agent-orders-'));
    await createAccount(dataDir, ADMIN, true);
    await createAccount(dataDir, AGENT, false);
    priceServer = await new PriceServer().start();
    server = await startServer({
      priceApiUrl: priceServer.url,
      env: { DATA_DIR: dataDir, PAYOUT_SLA_MINUTES: '1' },
    });
    browser = await connectChromium();
    const admin = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await logIn(admin, server.url, ADMIN);
    expect(
      (await pageFetch(admin, '/api/exchange-rates', { method: 'POST', body: RATES })).status,
    ).toBe(200);
    const address = await pageFetch(admin, '/api/admin/desk-addresses', {
      method: 'POST',
      body: { network: 'BTC', address: BTC_DEPOSIT_ADDRESS, label: 'Hot wallet' },
    });
    expect(address.status).toBe(201);
    await admin.context().close();
    agent = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    customer = await (await browser.newContext({ viewport: PHONE })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await priceServer?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('marks the chats waiting on the desk, and puts the overdue payout first, in red', async () => {
    await signInCustomer(customer, server.url, CUSTOMER);
    const account = await pageFetch<{ id: number }>(customer, '/api/payout-accounts', {
      method: 'POST',
      body: { bankCode: '058', accountNumber: GTBANK_NUMBER, accountName: CUSTOMER.name },
    });
    expect(account.status, JSON.stringify(account.body)).toBe(201);
    await logIn(agent, server.url, AGENT);

    // The oldest order is paid for and confirmed; the next is paid for; the newest waits.
    const late = await newOrder(account.body.id);
    await deposit(late);
    await step(agent, late, 'confirm-deposit', { reason: 'Seen on our own node' });
    // PAYOUT_SLA_MINUTES is 1 here: its confirmation moves two minutes back in the database, so
    // it is overdue without waiting on the real clock (the web test agent-orders-screen.test.tsx
    // watches an order fall overdue live, on a fake clock).
    await server.database.db.transaction(async (tx) => {
      // The timeline is append-only (a trigger): the test alone steps around it, in this
      // transaction only.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update orders set deposit_confirmed_at = deposit_confirmed_at - interval '2 minutes' where id = ${late.id}`,
      );
      await tx.execute(
        sql`update order_events set at = at - interval '2 minutes' where order_id = ${late.id} and state = 'deposit_confirmed'`,
      );
    });
    const seen = await newOrder(account.body.id);
    await deposit(seen);
    const fresh = await newOrder(account.body.id);

    // The inbox marks the two chats whose order waits on the desk.
    await agent.goto(`${server.url}/agent/chats`);
    const row = (order: Order) =>
      agent.locator(`[data-testid="chat-row"][data-session-id="${order.chatSessionId}"]`);
    await row(fresh).waitFor();
    expect(await text(row(late).getByTestId('order-waiting'))).toBe(
      `Order ${late.reference}: Send payout`,
    );
    expect(await text(row(seen).getByTestId('order-waiting'))).toBe(
      `Order ${seen.reference}: Confirm deposit`,
    );
    expect(await row(fresh).getByTestId('order-waiting').count()).toBe(0);
    await screenshots(agent, 'agent-inbox-order-markers', { noSidewaysScroll: true });
    await expectNoAxeViolations(agent);

    // The Orders view: the overdue payout first, in red, then the rest newest first.
    await agent.getByRole('link', { name: 'Orders' }).click();
    await agent.waitForURL(`${server.url}/agent/orders`);
    const rows = agent.getByTestId('staff-order');
    const ids = () =>
      rows.evaluateAll((items) => items.map((i) => Number((i as HTMLElement).dataset.orderId)));
    await expect.poll(ids, { timeout: LIVE_TIMEOUT_MS }).toEqual([late.id, fresh.id, seen.id]);
    const top = rows.first();
    expect(await top.getAttribute('data-overdue')).toBe('true');
    expect(await text(top.getByTestId('staff-order-overdue'))).toBe('Payout overdue by 1 min');
    expect(await text(top.getByTestId('staff-order-total'))).toBe('₦1,572,540.59');
    expect(await text(top.getByTestId('staff-order-customer'))).toBe(CUSTOMER.name);
    expect(await top.getByTestId('staff-order-state').getAttribute('data-tone')).toBe('red');
    // Red for the eye too, not only in an attribute.
    expect(await top.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );

    // The server orders it the same way: a fresh load puts it first too.
    await agent.reload();
    await expect.poll(ids, { timeout: LIVE_TIMEOUT_MS }).toEqual([late.id, fresh.id, seen.id]);
    expect(await rows.first().getAttribute('data-overdue')).toBe('true');
    await screenshots(agent, 'agent-orders-overdue', { noSidewaysScroll: true });
    await expectNoAxeViolations(agent);

    // The payout clears the red, live; the chat's marker goes with it.
    const proofMessageId = await pageSendImage(agent, late.chatSessionId, await testPng());
    await step(agent, late, 'payout', { bankReference: 'FT2611260001', proofMessageId });
    await expect
      .poll(() => rows.first().getAttribute('data-overdue'), { timeout: LIVE_TIMEOUT_MS })
      .toBeNull();
    await expect.poll(ids, { timeout: LIVE_TIMEOUT_MS }).toEqual([fresh.id, seen.id, late.id]);
    await agent.getByRole('link', { name: 'Chats' }).click();
    await row(seen).getByTestId('order-waiting').waitFor();
    expect(await row(late).getByTestId('order-waiting').count()).toBe(0);
    // And live in the open inbox: the agent confirms the other deposit from elsewhere.
    await step(agent, seen, 'confirm-deposit', { reason: 'Seen on our own node' });
    await expect
      .poll(() => text(row(seen).getByTestId('order-waiting')), { timeout: LIVE_TIMEOUT_MS })
      .toBe(`Order ${seen.reference}: Send payout`);

    // The admin dashboard counts this week's orders by state and how long the payout took.
    const admin = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await logIn(admin, server.url, ADMIN);
    await admin.goto(`${server.url}/agent/admin`);
    const figures = admin.getByTestId('order-stats');
    await figures.waitFor();
    expect(await text(figures.getByRole('paragraph').first())).toBe(
      '3 orders created, last 7 days, by state now',
    );
    const count = (state: string) => text(admin.getByTestId(`orders-${state}-value`));
    expect(await count('payout_sent')).toBe('1');
    expect(await count('deposit_confirmed')).toBe('1');
    expect(await count('awaiting_deposit')).toBe('1');
    expect(await count('completed')).toBe('0');
    // One payout, two minutes or more after its deposit was confirmed, to the hundredth second.
    expect(await text(admin.getByTestId('avg-payout-time-value'))).toMatch(
      /^[2-9] min \d+(\.\d{1,2})? s$/,
    );
    expect(await text(admin.getByTestId('avg-payout-time'))).toContain(
      'Avg. time from deposit confirmed to payout sent (min, s) · last 7 days',
    );
    await figures.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(admin);
    await screenshots(admin, 'admin-order-figures', { noSidewaysScroll: true });
    await admin.setViewportSize(PHONE);
    await settle(admin);
    await expectNoSidewaysScroll(admin);
    await screenshot(figures, 'admin-order-figures-card-360');
  }, 120_000);
});
