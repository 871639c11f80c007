import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/agent-accounts';
import {
  type BrowserApp,
  CHROMIUM_MISSING,
  DESKTOP,
  hasChromium,
  PHONE,
  signInCustomer,
  startBrowserApp,
} from '../support/e2e';
import { BTC_RATES, BTC_DEPOSIT_ADDRESS, GTBANK_NUMBER } from '../support/order-fixtures';
import { pageFetch, pagePlaceOrder } from '../support/page-fetch';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const CREATOR = {
  email: 'ada.creator@example.com',
  password: 'a long admin password',
  firstName: 'Ada',
  lastName: 'Creator',
};
const APPROVER = {
  email: 'bola.approver@example.com',
  password: 'another long admin password',
  firstName: 'Bola',
  lastName: 'Approver',
};

/** Low enough that the fixtures' 0.01 BTC order (₦1,572,540.59) waits for an approval. */
const PAYOUT_APPROVAL_NAIRA = '1000000';

describe.skipIf(!hasChromium)('four eyes: a $60.50 refund, a large payout: another admin', () => {
  let app: BrowserApp;
  let creator: Page;
  let approver: Page;
  let customer: Page;

  beforeAll(async () => {
    app = await startBrowserApp({
      dataDirName: 'four-eyes',
      env: { PAYOUT_APPROVAL_NAIRA },
      accounts: [
        { account: CREATOR, admin: true },
        { account: APPROVER, admin: true },
      ],
    });
    [creator, approver, customer] = await Promise.all([
      app.newPage(DESKTOP),
      app.newPage(DESKTOP),
      app.newPage(PHONE),
    ]);
  });
  afterAll(() => app?.close());

  it('refuses its creator and lets the other admin approve it, live in the header', async () => {
    const url = app.server.url;
    await signInCustomer(customer, url, {
      name: 'Chidi Okafor',
      email: 'chidi.4eyes@example.com',
    });
    const chat = await pageFetch<{ id: number }>(customer, '/api/chat-sessions', {
      method: 'POST',
      body: { category: 'bitcoin' },
    });
    expect(chat.status).toBe(201);

    await logIn(creator, url, CREATOR);
    await logIn(approver, url, APPROVER);
    await approver.goto(`${url}/agent/admin?tab=approvals`);
    await approver.getByText('Nothing is waiting for approval.').waitFor();
    await approver.getByRole('link', { name: 'Approvals 0 waiting', exact: true }).waitFor();

    const created = await pageFetch<{ id: number; status: string; reference: string }>(
      creator,
      '/api/transactions',
      {
        method: 'POST',
        body: {
          chatSessionId: chat.body.id,
          type: 'refund',
          amount: '60.50',
          reason: 'Fee back',
        },
        headers: { 'idempotency-key': randomUUID() },
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('pending_approval');
    const { id, reference } = created.body;

    // The creator sees it waiting, without Approve, and the server refuses them anyway.
    await creator.goto(`${url}/agent/admin?tab=approvals`);
    await creator.getByTestId('approval-own').waitFor();
    expect(await creator.getByRole('button', { name: `Approve ${reference}` }).count()).toBe(0);
    const own = await pageFetch<{ error: string }>(creator, `/api/transactions/${id}/approve`, {
      method: 'POST',
      body: {},
    });
    expect(own.status).toBe(403);
    expect(own.body.error).toMatch(/^Four eyes:/);

    // The other admin's header counted it live; they approve it and it leaves both lists.
    await approver.getByRole('link', { name: 'Approvals 1 waiting', exact: true }).waitFor();
    await approver.getByRole('button', { name: `Approve ${reference}` }).click();
    await approver.getByText('Nothing is waiting for approval.').waitFor();
    await creator.getByText('Nothing is waiting for approval.').waitFor();
    await approver.getByRole('link', { name: 'Approvals 0 waiting', exact: true }).waitFor();

    const history = await pageFetch<{ id: number; status: string }[]>(
      creator,
      `/api/chat-sessions/${chat.body.id}/transactions`,
    );
    expect(history.body.find((t) => t.id === id)?.status).toBe('pending');
  });

  // After the refund's walk: the customer is signed in, both admins logged in.
  it('holds a large payout for the admin who did not confirm the deposit; the customer sees nothing new', async () => {
    const url = app.server.url;
    for (const [path, body, status] of [
      ['/api/exchange-rates', BTC_RATES, 200],
      [
        '/api/admin/desk-addresses',
        { network: 'BTC', address: BTC_DEPOSIT_ADDRESS, label: 'Hot wallet' },
        201,
      ],
    ] as const) {
      const res = await pageFetch(creator, path, { method: 'POST', body });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
    }
    const account = await pageFetch<{ id: number }>(customer, '/api/payout-accounts', {
      method: 'POST',
      body: { bankCode: '058', accountNumber: GTBANK_NUMBER, accountName: 'Chidi Okafor' },
    });
    expect(account.status).toBe(201);
    const chat = await pageFetch<{ id: number }>(customer, '/api/chat-sessions', {
      method: 'POST',
      body: { category: 'bitcoin' },
    });
    const placed = await pagePlaceOrder<{ id: number; reference: string }>(customer, {
      chatSessionId: chat.body.id,
      coin: 'bitcoin',
      amount: '0.01',
      payoutAccountId: account.body.id,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { id, reference } = placed.body;
    const step = (page: Page, name: string, body: object) =>
      pageFetch<{ state: string; error?: string }>(page, `/api/orders/${id}/${name}`, {
        method: 'POST',
        body,
        headers: { 'idempotency-key': randomUUID() },
      });
    const deposit = await step(customer, 'deposit', { txHash: 'c'.repeat(64) });
    expect(deposit.status).toBe(200);
    const confirmed = await step(creator, 'confirm-deposit', { reason: 'Seen on our own node' });
    expect(confirmed.body.state).toBe('payout_approval');

    // The confirming admin's card waits; the customer's reads as any confirmed deposit.
    await creator.goto(`${url}/chat/${chat.body.id}`);
    await customer.goto(`${url}/chat/${chat.body.id}`);
    const creatorCard = creator.getByTestId('order-card');
    const customerCard = customer.getByTestId('order-card');
    await creatorCard.getByText('Waiting for approval by an admin').waitFor();
    await customerCard.getByTestId('payout-deadline').waitFor();
    expect(await customerCard.getByTestId('order-state').textContent()).toBe('Deposit confirmed');
    expect(await customerCard.textContent()).not.toMatch(/approv/i);
    const own = await step(creator, 'approve-payout', {});
    expect(own.status).toBe(403);
    expect(own.body.error).toMatch(/^Four eyes:/);

    // The other admin sees it live under Payouts and approves it; the agent's card moves on.
    await approver.goto(`${url}/agent/admin?tab=approvals`);
    const payouts = approver.getByRole('region', { name: 'Payouts' });
    await payouts.getByText(reference).waitFor();
    await approver.getByRole('link', { name: 'Approvals 1 waiting', exact: true }).waitFor();
    await payouts.getByRole('button', { name: `Approve ${reference}'s payout` }).click();
    await approver
      .getByRole('dialog')
      .getByRole('button', { name: 'Approve', exact: true })
      .click();
    await payouts.getByText('No payout is waiting for approval.').waitFor();
    await creatorCard.getByRole('button', { name: /Record payout/ }).waitFor();
    expect(await creatorCard.getByText('Waiting for approval by an admin').count()).toBe(0);
    expect(await customerCard.getByTestId('order-state').textContent()).toBe('Deposit confirmed');
  });
});
