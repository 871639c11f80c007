import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserPageSchema } from '../../../shared/api/customers';
import { adminSessionPageSchema, analyticsSchema } from '../../../shared/api/reports';
import { createTestApp } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { insertManualTrade, insertOrderTrade } from '../../../../tests/support/trades';
import { chatSessions, users } from '../../db/schema';
import { csvField } from './csv';

describe.each(testDatabaseKinds())('admin analytics and lists on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let adminCookie: string;
  let agentCookie: string;

  beforeAll(async () => {
    database = await kind.open();
    app = await createTestApp({ database });
    const db = database.db;
    const [c1, c2, c3] = [
      await makeCustomer(db, { firstName: 'Ngozi' }),
      await makeCustomer(db),
      await makeCustomer(db),
    ];
    const agent = await makeAgent(db);
    const inactive = await makeAgent(db);
    await db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));
    const admin = await makeAgent(db, { admin: true });
    adminCookie = await sessionCookie(db, admin);
    agentCookie = await sessionCookie(db, agent);

    const session = async (
      customerId: string,
      category: 'bitcoin' | 'usdt',
      status: 'open' | 'active' | 'closed',
      at: string,
    ) => {
      const [row] = await db
        .insert(chatSessions)
        .values({
          customerId,
          category,
          status,
          agentId: status === 'active' ? agent.id : null,
          createdAt: new Date(at),
          updatedAt: new Date(at),
        })
        .returning();
      return row!.id;
    };
    // Lagos is UTC+1: a Lagos day runs from 23:00 UTC the day before.
    const s1 = await session(c1!.id, 'bitcoin', 'active', '2026-11-10T00:30:00Z');
    const s2 = await session(c2!.id, 'usdt', 'open', '2026-11-09T23:30:00Z'); // Lagos 10 Nov 00:30
    const s3 = await session(c3!.id, 'bitcoin', 'closed', '2026-11-12T22:59:00Z'); // Lagos 12 Nov 23:59
    const s4 = await session(c1!.id, 'usdt', 'closed', '2026-11-12T23:00:00Z'); // Lagos 13 Nov 00:00
    // Completed trades are completed orders' trades; the pending and failed ones are manual
    // trades from before orders (issue 29): counted as transactions, never in volume.
    const tx = async (
      chatSessionId: number,
      customerId: string,
      status: 'pending' | 'completed' | 'failed',
      total: string,
      at: string,
      reason: string | null = null,
    ) => {
      const trade = {
        chatSessionId,
        customerId,
        agentId: agent.id,
        coin: 'usdt' as const,
        amount: total,
        rate: '1',
        at: new Date(at),
      };
      if (status === 'completed') await insertOrderTrade(db, trade);
      else await insertManualTrade(db, { ...trade, status, reason });
    };
    await tx(s1, c1!.id, 'completed', '1000.10', '2026-11-10T10:00:00Z');
    await tx(s1, c1!.id, 'completed', '2000.25', '2026-11-11T10:00:00Z');
    await tx(
      s2,
      c2!.id,
      'pending',
      '500.00',
      '2026-11-11T12:00:00Z',
      '=HYPERLINK("x"), "quoted"\nline two',
    );
    await tx(s3, c3!.id, 'failed', '100.00', '2026-11-12T22:30:00Z');
    await tx(s4, c1!.id, 'completed', '999999999999.99', '2026-11-12T23:30:00Z'); // Lagos 13 Nov: outside
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const get = (url: string, cookie = adminCookie) =>
    app.inject({ method: 'GET', url, headers: { cookie } });

  it('computes every figure for a Lagos-day range, as worked out by hand', async () => {
    const res = await get('/api/admin/analytics?from=2026-11-10&to=2026-11-12');
    expect(res.statusCode).toBe(200);
    const a = analyticsSchema.parse(res.json());
    // The deactivated agent is not an active agent.
    expect(a.userStats).toEqual({ total: 6, agents: 2, customers: 3, newThisWeek: 6 });
    expect(a.sessionStats).toEqual({
      total: 4,
      active: 2,
      bitcoin: 2,
      usdt: 2,
      activeBitcoin: 1,
      activeUsdt: 1,
    });
    expect(a.transactionStats).toEqual({
      total: 4,
      completed: 2,
      pending: 1,
      failed: 1,
      completedTrades: 2,
      totalVolume: '3000.35',
      refunds: '0.00',
      charges: '0.00',
      adjustments: '0.00',
    });
    expect(a.distribution).toEqual({ bitcoin: '66.67', usdt: '33.33' });
    // 2 of 4 completed; 3000.35 / 2 = 1500.175 -> 1500.18 half-up; 2 active sessions / 2 active agents.
    expect(a.metrics).toEqual({
      successRate: '50.00',
      avgVolume: '1500.18',
      agentUtilization: '1.00',
    });
    expect(a.dailyActivity).toEqual([
      { date: '2026-11-10', sessions: 2, transactions: 1 },
      { date: '2026-11-11', sessions: 0, transactions: 2 },
      { date: '2026-11-12', sessions: 1, transactions: 1 },
    ]);
  });

  it('answers null ("-" on screen), never NaN or Infinity, when a divisor is zero', async () => {
    const a = analyticsSchema.parse(
      (await get('/api/admin/analytics?from=2020-01-01&to=2020-01-02')).json(),
    );
    expect(a.transactionStats).toEqual({
      total: 0,
      completed: 0,
      pending: 0,
      failed: 0,
      completedTrades: 0,
      totalVolume: '0.00',
      refunds: '0.00',
      charges: '0.00',
      adjustments: '0.00',
    });
    expect(a.metrics.successRate).toBeNull();
    expect(a.metrics.avgVolume).toBeNull();
    expect(a.distribution).toEqual({ bitcoin: null, usdt: null });
    expect(a.dailyActivity).toHaveLength(2);
    const empty = await kind.open();
    const emptyApp = await createTestApp({ database: empty });
    const admin = await makeAgent(empty.db, { admin: true });
    const cookie = await sessionCookie(empty.db, admin);
    const b = analyticsSchema.parse(
      (
        await emptyApp.inject({ method: 'GET', url: '/api/admin/analytics', headers: { cookie } })
      ).json(),
    );
    expect(b.dailyActivity).toHaveLength(7);
    // The admin asking is the one active agent (admins are agents): 0 active sessions / 1.
    expect(b.metrics.agentUtilization).toBe('0.00');
    expect(b.metrics.successRate).toBeNull();
    await emptyApp.close();
    await empty.dispose();
  });

  it('defaults to the last 7 Lagos days and refuses bad ranges', async () => {
    const a = analyticsSchema.parse((await get('/api/admin/analytics')).json());
    expect(a.dailyActivity).toHaveLength(7);
    expect(a.range.timeZone).toBe('Africa/Lagos');
    expect((await get('/api/admin/analytics?from=2026-11-12&to=2026-11-10')).statusCode).toBe(400);
    expect((await get('/api/admin/analytics?from=2020-01-01&to=2026-01-01')).statusCode).toBe(400);
    expect((await get('/api/admin/analytics?from=yesterday')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await get('/api/admin/analytics', agentCookie)).statusCode).toBe(403);
    expect((await get('/api/admin/transactions', agentCookie)).statusCode).toBe(403);
  });

  it('lists users with counts by role, and sessions by filter with transaction counts', async () => {
    const all = adminUserPageSchema.parse((await get('/api/admin/users?role=all')).json());
    expect(all.items).toHaveLength(6);
    const agents = adminUserPageSchema.parse((await get('/api/admin/users?role=agents')).json());
    expect(agents.items.every((u) => u.isAgent)).toBe(true);
    const ngozi = adminUserPageSchema.parse(
      (await get('/api/admin/users?role=customers&q=ngo')).json(),
    );
    expect(ngozi.items).toHaveLength(1);
    expect(ngozi.items[0]).toMatchObject({
      firstName: 'Ngozi',
      sessionCount: 2,
      transactionCount: 3,
    });
    const page = adminUserPageSchema.parse((await get('/api/admin/users?role=all&limit=4')).json());
    const rest = adminUserPageSchema.parse(
      (await get(`/api/admin/users?role=all&limit=4&cursor=${page.nextCursor}`)).json(),
    );
    expect(new Set([...page.items, ...rest.items].map((u) => u.id)).size).toBe(6);

    const active = adminSessionPageSchema.parse(
      (await get('/api/admin/chat-sessions?filter=active')).json(),
    );
    expect(active.items).toHaveLength(2);
    const bitcoin = adminSessionPageSchema.parse(
      (await get('/api/admin/chat-sessions?filter=bitcoin')).json(),
    );
    expect(bitcoin.items.map((s) => s.transactionCount).sort()).toEqual([1, 2]);
    expect(bitcoin.items.find((s) => s.agent === null)).toBeTruthy();
    const tx = (await get('/api/admin/transactions?status=completed')).json();
    expect(tx.items.map((t: { total: string }) => t.total)).toEqual([
      '999999999999.99',
      '2000.25',
      '1000.10',
    ]);
  });

  it('exports transactions as CSV for a date range: exact totals, correct quoting, inert formulas', async () => {
    const res = await get('/api/admin/export/transactions.csv?from=2026-11-10&to=2026-11-13');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="transactions-2026-11-10-to-2026-11-13.csv"/,
    );
    const body = res.body;
    expect(body.startsWith('id,reference,created_at,status')).toBe(true);
    expect(body).toContain(',999999999999.99,');
    expect(body).toContain(`"'=HYPERLINK(""x""), ""quoted""\nline two"`);
    expect(body.trim().split('\r\n')).toHaveLength(6);
    const audit = await get('/api/admin/export/audit-log.csv?from=2026-01-01&to=2030-12-31');
    expect(audit.statusCode).toBe(200);
    expect(audit.body.split('\r\n')[0]).toBe(
      'id,created_at,actor_id,actor_email,action,entity_type,entity_id,before,after',
    );
    expect(
      (await get('/api/admin/export/transactions.csv?from=2026-11-13&to=2026-11-10')).statusCode,
    ).toBe(400);
  });
});

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['=1+1', "'=1+1"],
    ['-12.50', '-12.50'],
    ['@SUM(A1)', "'@SUM(A1)"],
    [null, ''],
  ])('%s -> %s', (input, output) => {
    expect(csvField(input)).toBe(output);
  });
});
