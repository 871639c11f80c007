import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, logIn } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  connectChromium,
  DESKTOP,
  hasChromium,
  PHONE,
  screenshot,
  startServer,
  waitForText as waitForTextWithin,
} from '../support/e2e';
import { EsploraServer } from '../support/esplora-server';
import { pageFetch, pagePlaceOrder } from '../support/page-fetch';
import { BTC_RATES as RATES, BTC_DEPOSIT_ADDRESS } from '../support/order-fixtures';
import { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

/** The watcher reads every second here; a step must reach both screens within a few reads. */
const LIVE_TIMEOUT_MS = 10_000;

const ADMIN = {
  email: 'ngozi.chain@example.com',
  password: 'a long admin password',
  firstName: 'Ngozi',
  lastName: 'Desk',
};
const CUSTOMER = { name: 'Emeka Nwosu', email: 'emeka.chain@example.com' };
const TX_HASH = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';

/** What the chain moves must show within LIVE_TIMEOUT_MS. */
const waitForText = (locator: Locator, expected: string | RegExp) =>
  waitForTextWithin(locator, expected, LIVE_TIMEOUT_MS);

describe.skipIf(!hasChromium)('a BTC deposit confirmed by the chain, live', () => {
  let chain: EsploraServer;
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let dataDir: string;
  let agent: Page;
  let customer: Page;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-chain-'));
    await createAccount(dataDir, ADMIN, true);
    chain = await new EsploraServer().start();
    priceServer = await new PriceServer().start();
    server = await startServer({
      priceApiUrl: priceServer.url,
      env: { DATA_DIR: dataDir, BTC_EXPLORER_URL: chain.url, DEPOSIT_WATCH_MS: '1000' },
    });
    browser = await connectChromium();
    agent = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    customer = await (await browser.newContext({ viewport: PHONE })).newPage();
    await logIn(agent, server.url, ADMIN);
    expect(
      (await pageFetch(agent, '/api/exchange-rates', { method: 'POST', body: RATES })).status,
    ).toBe(200);
    expect(
      (
        await pageFetch(agent, '/api/admin/desk-addresses', {
          method: 'POST',
          body: { network: 'BTC', address: BTC_DEPOSIT_ADDRESS, label: 'Hot wallet' },
        })
      ).status,
    ).toBe(201);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await chain?.stop();
    await priceServer?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('customer submits the tx hash; blocks arrive; both cards reach 2 of 2 and Deposit confirmed', async () => {
    await customer.goto(`${server.url}/trade`);
    await customer.getByLabel('Full name').fill(CUSTOMER.name);
    await customer.getByLabel('Email').fill(CUSTOMER.email);
    await customer.getByRole('button', { name: 'Continue' }).click();
    await customer.waitForURL(/\/trade|\/chat/);
    const account = await pageFetch<{ id: number }>(customer, '/api/payout-accounts', {
      method: 'POST',
      body: { bankCode: '058', accountNumber: '0123456785', accountName: CUSTOMER.name },
    });
    expect(account.status).toBe(201);
    const chat = await pageFetch<{ id: number }>(customer, '/api/chat-sessions', {
      method: 'POST',
      body: { category: 'bitcoin' },
    });
    expect(chat.status).toBe(201);
    const order = await pagePlaceOrder(
      customer,
      {
        chatSessionId: chat.body.id,
        coin: 'bitcoin',
        amount: '0.01',
        payoutAccountId: account.body.id,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(order.status).toBe(201);

    await customer.goto(`${server.url}/chat/${chat.body.id}`);
    await customer.getByRole('button', { name: /^Transactions/ }).click();
    const card = customer.getByTestId('order-card');
    await agent.goto(`${server.url}/chat/${chat.body.id}`);
    const agentCard = agent.getByTestId('order-card');
    await waitForText(agentCard.getByTestId('order-state'), 'Awaiting deposit');

    await card.getByLabel('Transaction hash (after you send)').fill(TX_HASH);
    await card.getByRole('button', { name: "I've sent it" }).click();
    await waitForText(card.getByTestId('order-state'), 'Deposit sent');
    // Not on the chain yet: checking, or (once the watcher has read it) not found; never more.
    await waitForText(
      agentCard.getByTestId('chain-confirmations'),
      /^(Checking the chain…|Not found on the chain)$/,
    );

    // The coins reach the mempool, then a block, then another.
    chain.add(TX_HASH, [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }]);
    await waitForText(agentCard.getByTestId('chain-confirmations'), '0 of 2 confirmations');
    chain.mine(TX_HASH, Math.floor(Date.now() / 1000));
    await waitForText(card.getByTestId('chain-confirmations'), '1 of 2 confirmations');
    await waitForText(agentCard.getByTestId('chain-confirmations'), '1 of 2 confirmations');
    await screenshot(agent, 'chain-agent-1-of-2-1280x800');
    chain.tipHeight += 1;
    for (const side of [card, agentCard]) {
      await waitForText(side.getByTestId('chain-confirmations'), '2 of 2 confirmations');
      await waitForText(side.getByTestId('order-state'), 'Deposit confirmed');
    }
    await screenshot(customer, 'chain-customer-confirmed-360x740');
    await screenshot(agent, 'chain-agent-confirmed-1280x800');
  });

  it('a short deposit without a tx hash: found on the address, shown short, re-quoted, accepted, confirmed', async () => {
    const chat = await pageFetch<{ id: number }>(customer, '/api/chat-sessions', {
      method: 'POST',
      body: { category: 'bitcoin' },
    });
    expect(chat.status).toBe(201);
    const accounts = await pageFetch<{ id: number }[]>(customer, '/api/payout-accounts');
    const order = await pagePlaceOrder<{ reference: string }>(
      customer,
      {
        chatSessionId: chat.body.id,
        coin: 'bitcoin',
        amount: '0.01',
        payoutAccountId: accounts.body[0]!.id,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(order.status).toBe(201);
    await customer.goto(`${server.url}/chat/${chat.body.id}`);
    await customer.getByRole('button', { name: /^Transactions/ }).click();
    const card = customer.getByTestId('order-card');
    await agent.goto(`${server.url}/chat/${chat.body.id}`);
    const agentCard = agent.getByTestId('order-card');
    await waitForText(agentCard.getByTestId('order-state'), 'Awaiting deposit');

    // 0.0099 BTC reaches the desk address, and nobody gives a hash.
    const short = 'b2'.repeat(32);
    chain.add(short, [{ address: BTC_DEPOSIT_ADDRESS, sats: 990_000 }]);
    await waitForText(card.getByTestId('order-state'), 'Deposit sent');
    const difference = agentCard.getByTestId('deposit-difference');
    await waitForText(difference.getByTestId('deposit-difference-crypto'), '−0.0001 BTC');
    await waitForText(difference.getByTestId('deposit-difference-naira'), '−₦15,725.41');
    expect(await card.getByTestId('deposit-difference').count()).toBe(0);
    await difference.scrollIntoViewIfNeeded();
    await screenshot(agent, 'chain-agent-short-deposit-1280x800');

    await agent.goto(`${server.url}/agent/orders`);
    await agent.getByLabel('State').selectOption('deposit-problems');
    const row = agent.getByTestId('staff-order').filter({ hasText: order.body.reference });
    await waitForText(row.getByTestId('staff-order-attention'), 'Short by 0.0001 BTC (₦15,725.41)');
    await screenshot(agent, 'chain-agent-orders-deposit-problems-1280x800');

    await agent.goto(`${server.url}/chat/${chat.body.id}`);
    await agentCard.getByRole('button', { name: 'Re-quote at received amount' }).click();
    await agent.getByRole('dialog').getByRole('button', { name: 'Send the new total' }).click();
    await waitForText(card.getByTestId('order-state'), 'New total to accept');
    await waitForText(
      card.getByTestId('requoted'),
      /New total at your locked rate: ₦1,556,815\.18/,
    );
    await screenshot(customer, 'chain-customer-requoted-360x740');
    await card.getByRole('button', { name: 'Accept the new total' }).click();
    await customer.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
    await waitForText(agentCard.getByTestId('order-state'), 'Deposit sent');
    chain.mine(short, Math.floor(Date.now() / 1000));
    chain.tipHeight += 1;
    for (const side of [card, agentCard]) {
      await waitForText(side.getByTestId('order-state'), 'Deposit confirmed');
    }
  });
});
