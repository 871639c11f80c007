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
import { pageFetch } from '../support/page-fetch';

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

describe.skipIf(!hasChromium)('four eyes: a $60.50 refund waits for another admin', () => {
  let app: BrowserApp;
  let creator: Page;
  let approver: Page;
  let customer: Page;

  beforeAll(async () => {
    app = await startBrowserApp({
      dataDirName: 'four-eyes',
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
    await signInCustomer(customer, url, { name: 'Chidi Okafor', email: 'chidi.4eyes@example.com' });
    const chat = await pageFetch<{ id: number }>(customer, '/api/chat-sessions', {
      method: 'POST',
      body: { category: 'bitcoin' },
    });
    expect(chat.status).toBe(201);

    await logIn(creator, url, CREATOR);
    await logIn(approver, url, APPROVER);
    await approver.goto(`${url}/agent/admin?tab=approvals`);
    const count = approver.getByTestId('approvals-count');
    await approver.getByText('Nothing is waiting for approval.').waitFor();
    expect(await count.getAttribute('aria-label')).toBe('Approvals: 0 waiting');

    const created = await pageFetch<{ id: number; status: string; reference: string }>(
      creator,
      '/api/transactions',
      {
        method: 'POST',
        body: { chatSessionId: chat.body.id, type: 'refund', amount: '60.50', reason: 'Fee back' },
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
    await approver.getByRole('link', { name: 'Approvals: 1 waiting' }).waitFor();
    await approver.getByRole('button', { name: `Approve ${reference}` }).click();
    await approver.getByText('Nothing is waiting for approval.').waitFor();
    await creator.getByText('Nothing is waiting for approval.').waitFor();
    expect(await count.getAttribute('aria-label')).toBe('Approvals: 0 waiting');

    const history = await pageFetch<{ id: number; status: string }[]>(
      creator,
      `/api/chat-sessions/${chat.body.id}/transactions`,
    );
    expect(history.body.find((t) => t.id === id)?.status).toBe('pending');
  });
});
