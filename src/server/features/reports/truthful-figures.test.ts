import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSessionPageSchema,
  adminTransactionPageSchema,
  adminUserPageSchema,
  analyticsSchema,
} from '../../../shared/api/reports';
import { chatSessionPageSchema } from '../../../shared/api/chat-sessions';
import { DEMO_CUSTOMER_ID } from '../../../shared/api/demo';
import { createTestApp } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { exchangeRates, realtimeEvents } from '../../db/schema';
import type { SessionUser } from '../../platform/sessions';
import { lagosToday } from './analytics';

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
    const trade = { chatSessionId: realSession, type: 'trade', currency: 'usdt', rate: '1600' };
    await record({ ...trade, amount: '100' }, 'completed'); // ₦160,000.00: the volume
    await record({ ...trade, amount: '50' }, 'failed'); // ₦80,000.00: not volume
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
    await record({ ...trade, chatSessionId: demoSession, amount: '10' }, 'completed');
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('volume is completed trades only; refunds, charges and adjustments are beside it', async () => {
    const today = lagosToday();
    const a = analyticsSchema.parse(
      (await call('admin', 'GET', `/api/admin/analytics?from=${today}&to=${today}`)).json(),
    );
    expect(a.transactionStats).toEqual({
      total: 5,
      completed: 3,
      pending: 1,
      failed: 1,
      completedTrades: 1,
      totalVolume: '160000.00',
      refunds: '16500.00',
      charges: '33000.00',
      adjustments: '0.00',
    });
    // Avg. Volume is per completed trade; the demo's ₦16,000.00 trade is nowhere.
    expect(a.metrics.avgVolume).toBe('160000.00');
    expect(a.metrics.successRate).toBe('60.00');
  });

  it('leaves the demo customer and its chats out of the analytics', async () => {
    const a = analyticsSchema.parse((await call('admin', 'GET', '/api/admin/analytics')).json());
    expect(a.userStats).toMatchObject({ total: 3, customers: 1, newThisWeek: 3 });
    expect(a.sessionStats).toMatchObject({ total: 1, active: 1, usdt: 1 });
    expect(a.dailyActivity.reduce((n, d) => n + d.sessions, 0)).toBe(1);
    expect(a.dailyActivity.reduce((n, d) => n + d.transactions, 0)).toBe(5);
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
    expect(transactions.items).toHaveLength(5);
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
    expect(lines).toHaveLength(6);
    expect(res.body).not.toContain(DEMO_CUSTOMER_ID);
  });
});
