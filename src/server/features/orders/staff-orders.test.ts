import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSessionPageSchema, chatSessionSchema } from '../../../shared/api/chat-sessions';
import { orderPageSchema, orderSchema, type Order } from '../../../shared/api/orders';
import { analyticsSchema } from '../../../shared/api/reports';
import { createTestApp, injectJson, type InjectedCall } from '../../../../tests/support/app';
import { uploadImage } from '../../../../tests/support/images';
import {
  addDepositAddress,
  addPayoutAccount,
  placeOrder,
  setSellRates,
} from '../../../../tests/support/order-setup';
import { PriceServer } from '../../../../tests/support/price-server';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import type { SessionUser } from '../../platform/sessions';

const MINUTE = 60_000;
/** A well-formed tx hash (64 hex) of its own each call. */
const txHash = () => randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');

/**
 * The staff's side of orders (issue 15): the Orders view's order (overdue payouts first), the
 * inbox's marker of a chat whose order waits on the desk, and the admin dashboard's order
 * figures, on a fake clock.
 */
/** The market: BTC at $97,250.50, so the desk's sell rate is 2 % under it and published. */
const priceServer = new PriceServer();
beforeAll(() => priceServer.start());
afterAll(() => priceServer.stop());

describe.each(testDatabaseKinds())('staff orders on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  /** Moved by hand, never waited for: Wednesday 18 Nov 2026, 09:00 in Lagos. */
  let now = new Date('2026-11-18T08:00:00.000Z');
  const people: Record<string, SessionUser> = {};
  const cookie: Record<string, string> = {};
  const account: Record<string, number> = {};

  const call = (who: string, method: InjectedCall['method'], url: string, body?: unknown) =>
    injectJson(app, { cookie: cookie[who], method, url, body });
  /** A step of the order's; a payout comes with a proof image the agent sends in its chat. */
  const act = async (
    who: string,
    id: number,
    step: string,
    body?: Record<string, unknown>,
  ): Promise<Order> => {
    if (step === 'payout') {
      const { chatSessionId } = orderSchema.parse(
        (await call(who, 'GET', `/api/orders/${id}`)).body,
      );
      body = {
        ...body,
        proofMessageId: await uploadImage(app, { cookie: cookie[who], chatSessionId }),
      };
    }
    const res = await injectJson(app, {
      cookie: cookie[who],
      method: 'POST',
      url: `/api/orders/${id}/${step}`,
      body,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status, `${step}: ${JSON.stringify(res.body)}`).toBe(200);
    return orderSchema.parse(res.body);
  };
  const later = (minutes: number) => {
    now = new Date(now.getTime() + minutes * MINUTE);
  };
  /** A new chat of the customer's with an order in it, moved along the main path to `state`. */
  async function orderAt(who: string, state: Order['state']): Promise<Order> {
    const chat = await call(who, 'POST', '/api/chat-sessions', { category: 'bitcoin' });
    const res = await placeOrder(app, cookie[who], {
      chatSessionId: chat.body.id,
      coin: 'bitcoin',
      amount: '0.01',
      payoutAccountId: account[who],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    let o = orderSchema.parse(res.body);
    if (state === 'awaiting_deposit') return o;
    o = await act(who, o.id, 'deposit', { txHash: txHash() });
    if (state === 'deposit_seen') return o;
    if (state === 'disputed') {
      o = await act('agent', o.id, 'confirm-deposit', { reason: 'Seen on our own node' });
      o = await act('agent', o.id, 'payout', { bankReference: 'GTB-1' });
      return act(who, o.id, 'dispute', { note: 'Nothing arrived' });
    }
    o = await act('agent', o.id, 'confirm-deposit', { reason: 'Seen on our own node' });
    expect(o.state).toBe(state);
    return o;
  }
  const listIds = async (who: string, query = '') =>
    orderPageSchema.parse((await call(who, 'GET', `/api/orders?limit=100${query}`)).body).items;

  beforeAll(async () => {
    database = await kind.open();
    app = await createTestApp({
      database,
      clock: () => now,
      env: { PRICE_API_URL: priceServer.url },
    });
    await app.ready();
    await app.priceFeed.refresh();
    for (const who of ['ada', 'bola']) people[who] = await makeCustomer(database.db);
    people.agent = await makeAgent(database.db);
    people.admin = await makeAgent(database.db, { admin: true });
    for (const [who, user] of Object.entries(people)) {
      cookie[who] = await sessionCookie(database.db, user);
    }
    for (const [i, who] of ['ada', 'bola'].entries()) {
      account[who] = await addPayoutAccount(app, cookie[who]!, `07654321${i}`, `Customer ${who}`);
    }
    await addDepositAddress(app, cookie.admin!, 'BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    await setSellRates(database.db, { bitcoin: '157254058.50' });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('lists overdue payouts first, then newest first, and pages in that order', async () => {
    // The oldest: its deposit confirmed at 09:00; the SLA is 30 minutes.
    const late = await orderAt('ada', 'deposit_confirmed');
    later(10);
    const lateToo = await orderAt('bola', 'deposit_confirmed');
    later(15);
    const inTime = await orderAt('ada', 'deposit_confirmed');
    const waiting = await orderAt('bola', 'awaiting_deposit');

    // 09:25: nothing is overdue yet, so newest first.
    expect((await listIds('agent')).map((o) => o.id)).toEqual([
      waiting.id,
      inTime.id,
      lateToo.id,
      late.id,
    ]);
    // 09:40: `late` is 10 minutes overdue; `lateToo` is due to the minute (overdue); `inTime`
    // has 15 minutes left.
    later(15);
    const ordered = [lateToo.id, late.id, waiting.id, inTime.id];
    expect((await listIds('agent')).map((o) => o.id)).toEqual(ordered);
    expect((await listIds('agent', '&state=deposit_confirmed')).map((o) => o.id)).toEqual([
      lateToo.id,
      late.id,
      inTime.id,
    ]);

    // Page by page, one at a time: the same order, each order once, even when the clock moves
    // on and `inTime` falls overdue between pages (it keeps its place in this walk).
    const walked: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        'agent',
        'GET',
        `/api/orders?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      const page = orderPageSchema.parse(res.body);
      walked.push(...page.items.map((o) => o.id));
      cursor = page.nextCursor;
      later(5);
    } while (cursor);
    expect(walked).toEqual(ordered);

    // A customer's own list follows the same rule; a paid order is no longer overdue.
    await act('agent', late.id, 'payout', { bankReference: 'GTB-9' });
    // Each order names its customer, for the staff's Orders list.
    const listed = await listIds('agent');
    expect(listed.find((o) => o.id === lateToo.id)!.customer).toEqual({
      firstName: people.bola!.firstName,
      lastName: people.bola!.lastName,
      email: people.bola!.email,
    });
    const adas = (await listIds('ada')).map((o) => o.id);
    expect(adas).toEqual([inTime.id, late.id]);
    // 10:00: `inTime` is overdue now too, and newer than `lateToo`.
    expect((await listIds('agent')).map((o) => o.id)).toEqual([
      inTime.id,
      lateToo.id,
      waiting.id,
      late.id,
    ]);
  });

  it('refuses a cursor it did not write with a 400', async () => {
    for (const cursor of ['nonsense', Buffer.from('2026-11-18|2|5').toString('base64url')]) {
      const res = await call('agent', 'GET', `/api/orders?cursor=${cursor}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid cursor' });
    }
  });

  it('marks each inbox chat whose order waits on the desk, disputes for admins only, in one read', async () => {
    const seen = await orderAt('ada', 'deposit_seen');
    const confirmed = await orderAt('bola', 'deposit_confirmed');
    const open = await orderAt('ada', 'awaiting_deposit');
    const disputed = await orderAt('bola', 'disputed');
    const marker = async (who: string, url = '/api/chat-sessions/all?limit=100') => {
      const page = chatSessionPageSchema.parse((await call(who, 'GET', url)).body);
      return new Map(page.items.map((s) => [s.id, s.orderWaiting]));
    };

    const agents = await marker('agent');
    expect(agents.get(seen.chatSessionId)).toEqual({
      reference: seen.reference,
      state: 'deposit_seen',
    });
    expect(agents.get(confirmed.chatSessionId)).toEqual({
      reference: confirmed.reference,
      state: 'deposit_confirmed',
    });
    expect(agents.get(open.chatSessionId)).toBeNull();
    expect(agents.get(disputed.chatSessionId)).toBeNull();
    const admins = await marker('admin');
    expect(admins.get(disputed.chatSessionId)).toEqual({
      reference: disputed.reference,
      state: 'disputed',
    });
    expect(admins.get(seen.chatSessionId)?.state).toBe('deposit_seen');

    // The agents' first page is kept in memory: an order's step changes it at once.
    await act('agent', seen.id, 'confirm-deposit', { reason: 'Seen on our own node' });
    expect((await marker('agent')).get(seen.chatSessionId)?.state).toBe('deposit_confirmed');
    await act('agent', seen.id, 'payout', { bankReference: 'GTB-2' });
    expect((await marker('agent')).get(seen.chatSessionId)).toBeNull();

    // One session read says the same; the active list too.
    const one = await call('agent', 'GET', `/api/chat-sessions/${confirmed.chatSessionId}`);
    expect(chatSessionSchema.parse(one.body).orderWaiting?.reference).toBe(confirmed.reference);
    const oneDisputed = await call('agent', 'GET', `/api/chat-sessions/${disputed.chatSessionId}`);
    expect(oneDisputed.body.orderWaiting).toBeNull();
    const active = await marker('agent', '/api/chat-sessions/active?limit=100');
    expect(active.get(confirmed.chatSessionId)?.state).toBe('deposit_confirmed');
  });

  it("counts the range's orders by state and averages deposit confirmed to payout sent", async () => {
    // A fresh day: Saturday 21 Nov 2026 in Lagos.
    now = new Date('2026-11-21T09:00:00.000Z');
    const fast = await orderAt('ada', 'deposit_confirmed');
    later(12);
    await act('agent', fast.id, 'payout', { bankReference: 'GTB-3' }); // 12 min = 720 s
    const slow = await orderAt('bola', 'deposit_confirmed');
    now = new Date(now.getTime() + 47 * MINUTE + 30_500); // 47 min 30.5 s = 2850.5 s
    await act('agent', slow.id, 'payout', { bankReference: 'GTB-4' });
    await act('ada', fast.id, 'received');
    await orderAt('ada', 'deposit_seen');

    const day = await call('admin', 'GET', '/api/admin/analytics?from=2026-11-21&to=2026-11-21');
    expect(day.status).toBe(200);
    const { orderStats } = analyticsSchema.parse(day.body);
    expect(orderStats.total).toBe(3);
    expect(orderStats.byState).toMatchObject({
      completed: 1,
      payout_sent: 1,
      deposit_seen: 1,
      deposit_confirmed: 0,
      disputed: 0,
    });
    expect(orderStats.payoutsSent).toBe(2);
    // (720 + 2850.5) / 2 = 1785.25 seconds, exactly.
    expect(orderStats.avgDepositToPayoutSeconds).toBe('1785.25');

    // The days before hold the earlier tests' orders; a day without orders has no average.
    const empty = await call('admin', 'GET', '/api/admin/analytics?from=2026-11-20&to=2026-11-20');
    expect(analyticsSchema.parse(empty.body).orderStats).toMatchObject({
      total: 0,
      payoutsSent: 0,
      avgDepositToPayoutSeconds: null,
    });
    const earlier = await call(
      'admin',
      'GET',
      '/api/admin/analytics?from=2026-11-18&to=2026-11-18',
    );
    expect(analyticsSchema.parse(earlier.body).orderStats.total).toBeGreaterThan(0);
  });
});
