import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_MISSING,
  hasChromium,
  screenshot,
  screenshots,
  signInCustomer,
  text,
  waitForText,
} from '../support/e2e';
import { openBitcoinChat, startOrderApp, type OrderApp } from '../support/e2e-order-app';
import { testPng } from '../support/images';
import { pageFetch, pagePlaceOrder, pageSendImage } from '../support/page-fetch';
import { TOTAL_FOR_0_01_BTC as TOTAL, GTBANK_NUMBER } from '../support/order-fixtures';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const ADMIN = {
  email: 'funke.disputes@example.com',
  password: 'a long admin password',
  firstName: 'Funke',
  lastName: 'Desk',
};
const CUSTOMER = { name: 'Bisi Adebayo', email: 'bisi.disputes@example.com' };
/** Two well-formed BTC tx hashes, one per order (a tx hash settles one order, ever). */
const TX_HASHES = [
  'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16',
  'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d',
];

interface OrderBody {
  id: number;
  reference: string;
  state: string;
}
interface TradeBody {
  reference: string;
  status: string;
  total: string;
}

/** A transition through the API from this page, with its own Idempotency-Key. */
async function step(page: Page, id: number, name: string, body: object = {}): Promise<OrderBody> {
  const res = await pageFetch<OrderBody>(page, `/api/orders/${id}/${name}`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe.skipIf(!hasChromium)('a disputed order, resolved by an admin', () => {
  let orderApp: OrderApp;
  let server: InProcessServer;
  let admin: Page;
  let customer: Page;
  let chatId: number;
  let accountId: number;

  /** An order in the chat, paid out by the desk (through the API): ready to be disputed. */
  async function paidOrder(txHash: string): Promise<OrderBody> {
    const created = await pagePlaceOrder<OrderBody>(customer, {
      chatSessionId: chatId,
      coin: 'bitcoin',
      amount: '0.01',
      payoutAccountId: accountId,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    await step(customer, id, 'deposit', { txHash });
    await step(admin, id, 'confirm-deposit', { reason: 'Seen on our own node' });
    const proofMessageId = await pageSendImage(admin, chatId, await testPng());
    const bankReference = `FT-${txHash.slice(0, 8)}`;
    expect((await step(admin, id, 'payout', { bankReference, proofMessageId })).state).toBe(
      'payout_sent',
    );
    return created.body;
  }

  /** The chat's trades, as its customer sees them. */
  async function trades(): Promise<TradeBody[]> {
    const res = await pageFetch<TradeBody[]>(customer, `/api/chat-sessions/${chatId}/transactions`);
    expect(res.status).toBe(200);
    return res.body;
  }

  beforeAll(async () => {
    orderApp = await startOrderApp({ dataDirName: 'disputes', admin: ADMIN });
    ({ server, admin, customer } = orderApp);
    await signInCustomer(customer, server.url, CUSTOMER);
    const account = await pageFetch<{ id: number }>(customer, '/api/payout-accounts', {
      method: 'POST',
      body: { bankCode: '058', accountNumber: GTBANK_NUMBER, accountName: CUSTOMER.name },
    });
    expect(account.status).toBe(201);
    accountId = account.body.id;
    chatId = await openBitcoinChat(customer);
  });

  afterAll(() => orderApp?.close());

  it('the customer disputes with a note; the admin resolves it completed with a reason; the trade is written', async () => {
    const order = await paidOrder(TX_HASHES[0]!);
    await customer.goto(`${server.url}/chat/${chatId}`);
    await customer.getByRole('button', { name: /^Transactions/ }).click();
    await admin.goto(`${server.url}/chat/${chatId}`);
    const card = customer.getByTestId('order-card');
    const adminCard = admin.getByTestId('order-card');
    await waitForText(card.getByTestId('order-state'), 'Payout sent');
    await waitForText(adminCard.getByTestId('order-state'), 'Payout sent');

    await card.getByRole('button', { name: "I haven't received it" }).click();
    await card.getByLabel('What went wrong?').fill('Nothing has arrived in my GTBank account');
    await card.getByRole('button', { name: 'Report a problem' }).click();
    await waitForText(card.getByTestId('order-state'), 'Disputed');
    await waitForText(adminCard.getByTestId('order-state'), 'Disputed');
    await adminCard.getByText('“Nothing has arrived in my GTBank account”').waitFor();
    expect(await trades()).toEqual([]);

    const resolve = adminCard.getByRole('form', { name: 'Resolve the dispute' });
    await resolve.getByRole('radio', { name: /Completed/ }).check();
    await resolve
      .getByLabel('Reason (the customer sees it)')
      .fill('GTBank confirmed the transfer reached the account');
    await resolve.scrollIntoViewIfNeeded();
    await screenshot(admin, 'order-admin-dispute-form-1280x800');
    await resolve.getByRole('button', { name: 'Resolve dispute' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Resolve as completed?' }).waitFor();
    expect(await dialog.getByRole('definition').allTextContents()).toEqual([
      order.reference,
      TOTAL,
      `GTBank 0123456785 · ${CUSTOMER.name}`,
      `FT-${TX_HASHES[0]!.slice(0, 8)}`,
      '“Nothing has arrived in my GTBank account”',
      'Completed',
      'GTBank confirmed the transfer reached the account',
    ]);
    await screenshots(admin, 'order-admin-dispute-dialog', { noSidewaysScroll: true });
    // Nothing moved before yes.
    await waitForText(card.getByTestId('order-state'), 'Disputed');
    await dialog.getByRole('button', { name: 'Resolve as completed' }).click();

    await waitForText(adminCard.getByTestId('order-state'), 'Completed');
    await waitForText(card.getByTestId('order-state'), 'Completed');
    const lastStep = card.getByTestId('timeline-step').last();
    await waitForText(
      lastStep,
      /^Completed · Admin · .*“GTBank confirmed the transfer reached the account”$/,
    );
    expect(await adminCard.getByRole('form', { name: 'Resolve the dispute' }).count()).toBe(0);
    await lastStep.scrollIntoViewIfNeeded();
    await screenshots(customer, 'order-customer-dispute-resolved', { noSidewaysScroll: true });
    expect((await trades()).map((t) => [t.reference, t.status])).toEqual([
      [order.reference, 'completed'],
    ]);
  });

  it('refunded from the Disputes tab: the customer sees it live, and no trade is written', async () => {
    const order = await paidOrder(TX_HASHES[1]!);
    await step(customer, order.id, 'dispute', { note: 'The transfer bounced back' });
    // The customer's screen is still open: the new order reaches it live.
    const card = customer.getByTestId('order-card');
    await waitForText(card.getByTestId('order-state'), 'Disputed');
    expect(await text(card.getByRole('heading'))).toBe(`Sell order ${order.reference}`);

    await admin.goto(`${server.url}/agent/admin?tab=disputes`);
    const row = admin.getByTestId('disputed-order');
    await waitForText(row.getByTestId('disputed-order-total'), TOTAL);
    expect(await row.count()).toBe(1);
    expect(await text(row)).toContain('“The transfer bounced back”');
    expect(await row.getByRole('link', { name: 'Open the chat' }).getAttribute('href')).toBe(
      `/chat/${chatId}`,
    );
    await row.getByRole('radio', { name: /Refunded/ }).check();
    await row.getByLabel('Reason (the customer sees it)').fill('Coins sent back to the customer');
    await row.scrollIntoViewIfNeeded();
    await screenshots(admin, 'order-admin-disputes-tab', { noSidewaysScroll: true, shots: 'both' });
    await row.getByRole('button', { name: 'Resolve dispute' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Resolve as refunded?' }).waitFor();
    await screenshots(admin, 'order-admin-refund-dialog', { noSidewaysScroll: true });
    await dialog.getByRole('button', { name: 'Resolve as refunded' }).click();
    await admin.getByText('No disputed orders').waitFor();
    await waitForText(card.getByTestId('order-state'), 'Refunded');
    await waitForText(
      card.getByTestId('timeline-step').last(),
      /^Refunded · Admin · .*“Coins sent back to the customer”$/,
    );
    // Only the first order's trade: a refund counts no volume.
    expect((await trades()).map((t) => t.reference)).not.toContain(order.reference);
    expect(await trades()).toHaveLength(1);
  });
});
