import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserApp,
  CHROMIUM_MISSING,
  DESKTOP,
  expectNoAxeViolations,
  hasChromium,
  PHONE,
  screenshots,
  startBrowserApp,
  TOASTER,
} from '../support/e2e';
import { pageFetch } from '../support/page-fetch';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const AGENT = {
  email: 'kemi.rates@example.com',
  password: 'a long agent password',
  firstName: 'Kemi',
  lastName: 'Adeyemi',
};
const CUSTOMER = { name: 'Chidi Okafor', email: 'chidi.money@example.com' };

/**
 * The figures the test checks, worked by hand. The price server quotes BTC at $97,250.50; at
 * the default 2 % spread the sell rate is 97,250.50 x 0.98 = $95,305.49, which at ₦1,650 is
 * ₦157,254,058.50. A 0.05 BTC trade pays 7,862,702.925, half-up to the kobo: ₦7,862,702.93.
 */
const BTC_SELL_USD = '95305.49';
const BTC_SELL_NAIRA = '157254058.50';
const CHARGE_TOTAL = '₦78,639.00';

function toasts(page: Page) {
  return page.getByRole('region', { name: 'Notifications' });
}

async function expectToast(page: Page, title: string, description?: string) {
  await toasts(page).getByText(title, { exact: true }).waitFor();
  if (description !== undefined) expect(await toasts(page).textContent()).toContain(description);
}

async function closeToast(page: Page) {
  const close = toasts(page).getByRole('button', { name: 'Close' });
  if (await close.count()) await close.click();
}

describe.skipIf(!hasChromium)('money: rates, a trade and the trading history, live', () => {
  let app: BrowserApp;
  let server: InProcessServer;
  let agent: Page;
  let customer: Page;
  let sessionId: number;
  let customerId: string;

  beforeAll(async () => {
    // The agent account is made the operator's way (agent:create) before the app starts.
    app = await startBrowserApp({
      dataDirName: 'money',
      accounts: [{ account: AGENT, admin: false }],
    });
    server = app.server;
    agent = await app.newPage(DESKTOP);
    customer = await app.newPage(PHONE);
  });

  afterAll(() => app?.close());

  it('keeps a visitor out of exchange rates with the spec’s toast, and sends them home', async () => {
    await customer.goto(`${server.url}/exchange-rates`);
    await expectToast(
      customer,
      'Unauthorized',
      'Agent access required for exchange rate management',
    );
    await customer.waitForURL(`${server.url}/`);
  });

  it('lets the agent set the rates: Auto Calculate, reasons for bad values, one save, history', async () => {
    await agent.goto(`${server.url}/agent/login`);
    await agent.getByLabel('Username').fill(AGENT.email);
    await agent.getByLabel('Password').fill(AGENT.password);
    await agent.getByRole('button', { name: 'Sign In' }).click();
    await agent.waitForURL(`${server.url}/agent/chats`);

    await agent.goto(`${server.url}/agent/exchange-rates`);
    await agent.getByRole('heading', { level: 1, name: 'Exchange Rates' }).waitFor();
    const btcPrice = agent.getByTestId('market-price-BTC');
    await btcPrice.waitFor();
    expect(await btcPrice.textContent()).toContain('$97,250.50');
    expect(await agent.getByLabel('1 USD =').inputValue()).toBe('1,650');
    expect(await agent.getByTestId('bitcoin-spreadPercentage').inputValue()).toBe('2');
    expect(await agent.getByTestId('usdt-spreadPercentage').inputValue()).toBe('1');
    expect(await agent.getByTestId('bitcoin-last-updated').textContent()).toBe(
      'Last updated: never (no saved rate)',
    );
    await agent.getByText('No changes yet.', { exact: false }).waitFor();
    await screenshots(agent, 'exchange-rates-default', { noSidewaysScroll: true });
    await expectNoAxeViolations(agent, { exclude: TOASTER });

    // Bad values say why, and nothing is saved while any remains.
    const bitcoinCard = agent.getByTestId('rate-card-bitcoin');
    await agent.getByTestId('bitcoin-spreadPercentage').fill('51');
    await bitcoinCard.getByText('Spread % must be at most 50').waitFor();
    await agent.getByTestId('usdt-buyRateUsd').fill('-1');
    await agent
      .getByTestId('rate-card-usdt')
      .getByText('USD buy rate cannot be negative')
      .waitFor();
    await agent.getByTestId('bitcoin-sellRateNaira').fill('0');
    await bitcoinCard.getByText('Naira sell rate must be greater than zero').waitFor();
    await agent.getByRole('button', { name: 'Save All Exchange Rates' }).click();
    await agent
      .getByText('Some rates need fixing before they can be saved', { exact: false })
      .waitFor();
    await screenshots(agent, 'exchange-rates-invalid', { noSidewaysScroll: true });

    // Back to the default spreads, and Auto Calculate from the market prices.
    await agent.getByTestId('bitcoin-spreadPercentage').fill('2');
    await bitcoinCard.getByRole('button', { name: 'Auto Calculate' }).click();
    await agent
      .getByTestId('rate-card-usdt')
      .getByRole('button', { name: 'Auto Calculate' })
      .click();
    expect(await agent.getByTestId('bitcoin-sellRateUsd').inputValue()).toBe(BTC_SELL_USD);
    expect(await agent.getByTestId('bitcoin-sellRateNaira').inputValue()).toBe('157,254,058.50');
    expect(await agent.getByTestId('bitcoin-buyRateNaira').inputValue()).toBe('163,672,591.50');
    expect(await agent.getByTestId('usdt-sellRateNaira').inputValue()).toBe('1,633.83');

    // Editing a USD rate recalculates its Naira rate; then back.
    await agent.getByTestId('usdt-sellRateUsd').fill('0.98');
    expect(await agent.getByTestId('usdt-sellRateNaira').inputValue()).toBe('1,617.00');
    await agent
      .getByTestId('rate-card-usdt')
      .getByRole('button', { name: 'Auto Calculate' })
      .click();

    await agent.getByRole('button', { name: 'Save All Exchange Rates' }).click();
    await expectToast(agent, 'Success', 'Exchange rates updated successfully');
    await agent.getByTestId('unsaved').waitFor({ state: 'detached' });
    expect(await agent.getByTestId('bitcoin-last-updated').textContent()).toMatch(
      /^Last updated: \d{1,2} \w{3} \d{4}, \d\d:\d\d/,
    );
    const entry = agent.getByTestId('rate-history-entry').first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain(`${AGENT.firstName} ${AGENT.lastName}`);
    expect(await entry.textContent()).toContain('₦157,254,058.50');
    await closeToast(agent);
    await screenshots(agent, 'exchange-rates-saved', { noSidewaysScroll: true, shots: 'desktop' });
    await expectNoAxeViolations(agent, { exclude: TOASTER });

    const saved = (await pageFetch(agent, '/api/exchange-rates')).body as {
      rates: { currency: string; sellRateNaira: string; managed: boolean }[];
    };
    expect(saved.rates.find((r) => r.currency === 'bitcoin')).toMatchObject({
      sellRateNaira: BTC_SELL_NAIRA,
      managed: true,
    });
  });

  it('sends a signed-out customer to sign in from Trading History, and shows it empty', async () => {
    await customer.goto(`${server.url}/trading-history`);
    await customer.getByRole('heading', { name: 'Development sign-in' }).waitFor();
    await customer.getByLabel('Full name').fill(CUSTOMER.name);
    await customer.getByLabel('Email').fill(CUSTOMER.email);
    await customer.getByRole('button', { name: 'Continue' }).click();
    await customer.waitForURL(`${server.url}/trading-history`);
    await customer.getByRole('heading', { name: 'No Trading History' }).waitFor();
    expect(await customer.getByRole('link', { name: 'Start Trading' }).getAttribute('href')).toBe(
      '/trade',
    );
    await screenshots(customer, 'trading-history-empty', { noSidewaysScroll: true });
    await expectNoAxeViolations(customer, { exclude: TOASTER });

    // The customer starts a Bitcoin chat (from their page: their cookie, their origin).
    const created = await pageFetch(customer, '/api/chat-sessions', {
      method: 'POST',
      body: { category: 'bitcoin' },
    });
    expect(created.status).toBe(201);
    ({ id: sessionId, customerId } = created.body as { id: number; customerId: string });

    // A customer is no agent: Process Transaction refuses them.
    const other = await customer.context().newPage();
    // Held still for the screenshots: the refusal sends them home after 1 s.
    await other.clock.install();
    await other.goto(`${server.url}/transaction/${sessionId}`);
    await other.getByText('Access denied. Agent privileges required.').waitFor();
    expect(await other.getByRole('button', { name: 'Go Back' }).count()).toBe(1);
    await screenshots(other, 'process-transaction-denied', { noSidewaysScroll: true });
    await other.clock.runFor(1_000);
    await other.waitForURL(`${server.url}/`);
    await other.close();
  });

  it('lets the agent process a transaction for the chat: the approval notice over $50, then home', async () => {
    await agent.goto(`${server.url}/agent/transaction/${sessionId}`);
    await agent.getByRole('heading', { level: 1, name: 'Process Transaction' }).waitFor();
    const info = agent.getByTestId('customer-information');
    await info.getByText(customerId.slice(-8)).waitFor();
    expect(await agent.getByTestId('session-id').textContent()).toBe(`#${sessionId}`);
    expect(await agent.getByTestId('session-status').textContent()).toBe('Open');

    await agent.getByRole('button', { name: 'Process Transaction' }).click();
    await expectToast(agent, 'Error', 'Please fill in all required fields');

    await agent.getByRole('radio', { name: 'Price Adjustment' }).check();
    await agent.getByLabel('Amount ($)').fill('50');
    expect(await agent.getByTestId('approval-required').count()).toBe(0);
    await agent.getByLabel('Amount ($)').fill('50.01');
    await agent.getByText('Transactions over $50 require supervisor approval.').waitFor();
    await agent.getByLabel('Reason').fill('Rate moved while the customer was sending');
    await closeToast(agent);
    await screenshots(agent, 'process-transaction', { noSidewaysScroll: true });
    await expectNoAxeViolations(agent, { exclude: TOASTER });

    // A double click makes one transaction: one Idempotency-Key per form.
    await agent.getByRole('button', { name: 'Process Transaction' }).dblclick();
    await expectToast(agent, 'Success', 'Transaction has been created successfully');
    await agent.waitForURL(/\/agent(\/chats)?$/);
    const history = (await pageFetch(agent, `/api/chat-sessions/${sessionId}/transactions`)) as {
      body: { type: string; amount: string; total: string; status: string }[];
    };
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({
      type: 'adjustment',
      amount: '50.01',
      total: '82516.50',
      // Over APPROVAL_THRESHOLD_USD: it waits for an admin other than its creator.
      status: 'pending_approval',
    });
  });

  it('refuses a trade by hand; a charge, completed, reaches the customer live with the right total', async () => {
    // The customer watches their history.
    await customer.goto(`${server.url}/trading-history`);
    await customer.getByTestId('transaction-card').first().waitFor();
    const cards = customer.getByTestId('transaction-card');
    expect(await cards.count()).toBe(1);

    // What the old "Record trade" form sent: trades come only from orders now.
    const trade = await pageFetch(agent, '/api/transactions', {
      method: 'POST',
      body: {
        chatSessionId: sessionId,
        customerId,
        type: 'trade',
        currency: 'bitcoin',
        amount: '0.05',
        rate: BTC_SELL_NAIRA,
      },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(trade.status).toBe(400);
    expect((trade.body as { error: string }).error).toMatch(/^type: Trades come only from orders/);

    const key = randomUUID();
    const charge = {
      chatSessionId: sessionId,
      customerId,
      type: 'charge',
      amount: '47.66',
      reason: 'Network fee',
    };
    const first = await pageFetch(agent, '/api/transactions', {
      method: 'POST',
      body: charge,
      headers: { 'Idempotency-Key': key },
    });
    expect(first.status).toBe(201);
    const again = await pageFetch(agent, '/api/transactions', {
      method: 'POST',
      body: charge,
      headers: { 'Idempotency-Key': key },
    });
    expect(again.status).toBe(200);
    const created = first.body as { id: number; reference: string; total: string };
    expect((again.body as { id: number }).id).toBe(created.id);
    expect(created.total).toBe('78639.00');

    // It reaches the customer's screen without a reload, pending.
    const card = customer.locator(
      `[data-testid="transaction-card"][data-transaction-id="${created.id}"]`,
    );
    await card.waitFor({ timeout: 5_000 });
    expect(await cards.count()).toBe(2);
    expect(await card.getByTestId('transaction-status').textContent()).toBe('Pending');

    const completed = await pageFetch(agent, `/api/transactions/${created.id}/status`, {
      method: 'PATCH',
      body: { status: 'completed' },
    });
    expect(completed.status).toBe(200);
    await card.getByTestId('transaction-status').getByText('Completed').waitFor({ timeout: 5_000 });
    // A final state never changes.
    const refused = await pageFetch(agent, `/api/transactions/${created.id}/status`, {
      method: 'PATCH',
      body: { status: 'failed' },
    });
    expect(refused).toEqual({
      status: 409,
      body: { error: 'This transaction is already completed and cannot change' },
    });

    expect(await card.getByTestId('transaction-type').textContent()).toBe('New Charge');
    expect(await card.getByTestId('transaction-amount').textContent()).toBe('47.66 USD');
    expect(await card.getByTestId('transaction-rate').textContent()).toBe('₦1,650.00');
    expect(await card.getByTestId('transaction-total').textContent()).toBe(CHARGE_TOTAL);
    expect(await card.getByTestId('transaction-reference').textContent()).toBe(created.reference);
    expect(await card.getByTestId('transaction-date').textContent()).toMatch(
      /^\d{1,2} \w{3} \d{4}, \d\d:\d\d/,
    );

    // After a reload it is the same, from the server.
    await customer.reload();
    await card.getByTestId('transaction-total').getByText(CHARGE_TOTAL).waitFor();
    await screenshots(customer, 'trading-history', { noSidewaysScroll: true, shots: 'desktop' });
    await expectNoAxeViolations(customer, { exclude: TOASTER });
  });

  it("lets the agent open the customer's trading history", async () => {
    await agent.goto(`${server.url}/agent/trading-history?customerId=${customerId}`);
    await agent.getByRole('heading', { level: 1, name: 'Trading History' }).waitFor();
    await agent.getByTestId('transaction-card').nth(1).waitFor();
    expect(await agent.getByText(customerId.slice(-8)).count()).toBe(1);
    const totals = await agent.getByTestId('transaction-total').allTextContents();
    expect(totals).toEqual([CHARGE_TOTAL, '₦82,516.50']);
    await screenshots(agent, 'agent-trading-history', { noSidewaysScroll: true });
    await expectNoAxeViolations(agent, { exclude: TOASTER });
  });
});
