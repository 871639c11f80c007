import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserPageSchema } from '../../../shared/api/customers';
import {
  adminSessionPageSchema,
  adminTransactionPageSchema,
  analyticsSchema,
} from '../../../shared/api/reports';
import { chatSessionPageSchema } from '../../../shared/api/chat-sessions';
import { DEMO_CUSTOMER_ID } from '../../../shared/api/demo';
import { createTestApp } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { insertManualTrade, insertOrderTrade } from '../../../../tests/support/trades';
import { dec } from '../../../shared/money';
import { rows } from '../../db/raw';
import { exchangeRates, realtimeEvents } from '../../db/schema';
import type { SessionUser } from '../../platform/sessions';
import { lagosToday } from '../../../shared/lagos-days';

/**
 * PRODUCT.md "Volume" and "Demo data": volume is completed trades only, refunds, charges and
 * adjustments beside it; the demo customer's chats, messages and trades are in no real figure.
 */
describe.each(testDatabaseKinds())('truthful figures on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let customer: SessionUser;
  const cookie: Record<'customer' | 'agent' | 'admin', string> = {
    customer: '',
    agent: '',
    admin: '',
  };
  let realSession: number;
  let demoSession: number;

  const call = async (
    who: keyof typeof cookie | null,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
  ) => {
    const res = await app.inject({
      method,
      url,
      headers: {
        ...(who ? { cookie: cookie[who] } : {}),
        ...(url === '/api/transactions' ? { 'idempotency-key': randomUUID() } : {}),
      },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.body, json: () => res.json() };
  };
  /** Records a transaction in a chat as the agent and settles it. */
  const record = async (body: object, settle?: 'completed' | 'failed') => {
    const created = await call('agent', 'POST', '/api/transactions', body);
    expect(created.status).toBe(201);
    const id = created.json().id as number;
    if (settle) {
      const done = await call('agent', 'PATCH', `/api/transactions/${id}/status`, {
        status: settle,
      });
      expect(done.status).toBe(200);
    }
    return id;
  };

  beforeAll(async () => {
    database = await kind.open();
    app = await createTestApp({ database, env: { DEMO_MODE: 'true' } });
    const db = database.db;
    customer = await makeCustomer(db, { firstName: 'Real' });
    const agent = await makeAgent(db);
    const admin = await makeAgent(db, { admin: true });
    cookie.customer = await sessionCookie(db, customer);
    cookie.agent = await sessionCookie(db, agent);
    cookie.admin = await sessionCookie(db, admin);
    await db.insert(exchangeRates).values({
      currency: 'usdt',
      buyRateUsd: '0.99',
      sellRateUsd: '0.97',
      buyRateNaira: '1633.50',
      sellRateNaira: '1600.00',
      spreadPercentage: '1',
    });

    realSession = (
      await call('customer', 'POST', '/api/chat-sessions', { category: 'usdt' })
    ).json().id;
    // Two completed orders (their trades are the volume) and two trades recorded by hand before
    // orders (history only): a completed one of the same size as a real deal, and a failed one.
    const trade = {
      chatSessionId: realSession,
      customerId: customer.id,
      agentId: agent.id,
      coin: 'usdt' as const,
      rate: '1600',
    };
    await insertOrderTrade(db, { ...trade, amount: '100' }); // ₦160,000.00
    await insertOrderTrade(db, { ...trade, amount: '33.33', rate: '1633.83' }); // ₦54,455.55
    await insertManualTrade(db, { ...trade, amount: '100', status: 'completed' }); // not volume
    await insertManualTrade(db, { ...trade, amount: '50', status: 'failed' }); // ₦80,000.00: not volume
    const spec = { chatSessionId: realSession, reason: 'Settled by phone' };
    await record({ ...spec, type: 'refund', amount: '10' }, 'completed'); // $10 x 1650 = ₦16,500.00
    await record({ ...spec, type: 'charge', amount: '20' }, 'completed'); // ₦33,000.00
    await record({ ...spec, type: 'adjustment', amount: '5' }); // pending: in no naira figure

    const demo = await call(null, 'POST', '/api/test/chat-sessions', {
      customerId: DEMO_CUSTOMER_ID,
      category: 'usdt',
    });
    expect(demo.status).toBe(201);
    demoSession = demo.json().id;
    const said = await call(null, 'POST', '/api/test/messages', {
      chatSessionId: demoSession,
      senderId: DEMO_CUSTOMER_ID,
      content: 'hello from the demo',
      messageType: 'text',
    });
    expect(said.status).toBe(201);
    await insertOrderTrade(db, {
      ...trade,
      chatSessionId: demoSession,
      customerId: DEMO_CUSTOMER_ID,
      amount: '10',
    });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it("volume is completed orders' trades only; manual trades, refunds, charges and adjustments are not in it", async () => {
    const today = lagosToday();
    const a = analyticsSchema.parse(
      (await call('admin', 'GET', `/api/admin/analytics?from=${today}&to=${today}`)).json(),
    );
    expect(a.transactionStats).toEqual({
      total: 7,
      completed: 5,
      pending: 1,
      failed: 1,
      completedTrades: 2,
      totalVolume: '214455.55',
      refunds: '16500.00',
      charges: '33000.00',
      adjustments: '0.00',
    });
    // Avg. Volume is per completed order: 214,455.55 / 2 half-up; the demo's trade is nowhere.
    expect(a.metrics.avgVolume).toBe('107227.78');
    expect(a.metrics.successRate).toBe('71.43');
  });

  it("reconciles: Total Volume is the sum of the completed orders' totals, to the kobo", async () => {
    const [orders] = await rows<{ total: string; n: unknown }>(
      database.db,
      sql`select sum(total_naira)::text as total, count(*) as n from orders
          where state = 'completed' and customer_id <> ${DEMO_CUSTOMER_ID}`,
    );
    const a = analyticsSchema.parse((await call('admin', 'GET', '/api/admin/analytics')).json());
    expect(a.transactionStats.totalVolume).toBe(dec(orders!.total).toFixed(2));
    expect(a.transactionStats.completedTrades).toBe(Number(orders!.n));
    // The manual trades are in the admin's list, marked, and in the export's manual column.
    const list = adminTransactionPageSchema.parse(
      (await call('admin', 'GET', '/api/admin/transactions')).json(),
    );
    expect(list.items.filter((t) => t.manual).map((t) => [t.type, t.status, t.total])).toEqual([
      ['trade', 'failed', '80000.00'],
      ['trade', 'completed', '160000.00'],
    ]);
    const today = lagosToday();
    const csv = (
      await call('admin', 'GET', `/api/admin/export/transactions.csv?from=${today}&to=${today}`)
    ).body;
    const [header, ...lines] = csv.trim().split('\r\n');
    expect(header!.split(',').at(-1)).toBe('manual');
    expect(lines.filter((l) => l.endsWith(',true'))).toHaveLength(2);
  });

  it('leaves the demo customer and its chats out of the analytics', async () => {
    const a = analyticsSchema.parse((await call('admin', 'GET', '/api/admin/analytics')).json());
    expect(a.userStats).toMatchObject({ total: 3, customers: 1, newThisWeek: 3 });
    expect(a.sessionStats).toMatchObject({ total: 1, active: 1, usdt: 1 });
    expect(a.dailyActivity.reduce((n, d) => n + d.sessions, 0)).toBe(1);
    expect(a.dailyActivity.reduce((n, d) => n + d.transactions, 0)).toBe(7);
  });

  it('leaves the demo out of the real inbox, its searches and the active list', async () => {
    for (const url of [
      '/api/chat-sessions',
      '/api/chat-sessions?q=Customer',
      '/api/chat-sessions/active',
      '/api/chat-sessions/all',
    ]) {
      const page = chatSessionPageSchema.parse((await call('agent', 'GET', url)).json());
      expect(page.items.map((s) => s.id)).toEqual([realSession]);
    }
    // The agent dashboard's Active Chats: a count of every active chat, the demo's left out.
    const count = await call('agent', 'GET', '/api/chat-sessions/active/count');
    expect(count.json()).toEqual({ count: 1 });
    expect((await call('customer', 'GET', '/api/chat-sessions/active/count')).status).toBe(403);
    // The demo pages still see their own session.
    const demo = (await call(null, 'GET', '/api/test/chat-sessions')).json();
    expect(demo.map((s: { id: number }) => s.id)).toEqual([demoSession]);
  });

  it('writes no realtime event for the demo, so no open inbox hears of it', async () => {
    const demoEvents = await database.db
      .select()
      .from(realtimeEvents)
      .where(eq(realtimeEvents.customerId, DEMO_CUSTOMER_ID));
    expect(demoEvents).toEqual([]);
    const realEvents = await database.db
      .select()
      .from(realtimeEvents)
      .where(eq(realtimeEvents.customerId, customer.id));
    expect(realEvents.length).toBeGreaterThan(0);
  });

  it('leaves the demo out of the admin lists and the customer list', async () => {
    const users = adminUserPageSchema.parse(
      (await call('admin', 'GET', '/api/admin/users?role=all')).json(),
    );
    expect(users.items.map((u) => u.id)).not.toContain(DEMO_CUSTOMER_ID);
    expect(users.items).toHaveLength(3);
    const customers = adminUserPageSchema.parse(
      (await call('agent', 'GET', '/api/admin/users?q=Customer')).json(),
    );
    expect(customers.items.map((u) => u.id)).toEqual([customer.id]);
    const sessions = adminSessionPageSchema.parse(
      (await call('admin', 'GET', '/api/admin/chat-sessions')).json(),
    );
    expect(sessions.items.map((s) => s.id)).toEqual([realSession]);
    const transactions = adminTransactionPageSchema.parse(
      (await call('admin', 'GET', '/api/admin/transactions')).json(),
    );
    expect(transactions.items).toHaveLength(7);
    expect(transactions.items.every((t) => t.customerId === customer.id)).toBe(true);
  });

  it('leaves the demo out of the transactions export', async () => {
    const today = lagosToday();
    const res = await call(
      'admin',
      'GET',
      `/api/admin/export/transactions.csv?from=${today}&to=${today}`,
    );
    expect(res.status).toBe(200);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(8);
    expect(res.body).not.toContain(DEMO_CUSTOMER_ID);
  });
});
