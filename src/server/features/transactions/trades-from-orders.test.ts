import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRADES_COME_FROM_ORDERS,
  transactionPageSchema,
  transactionSchema,
} from '../../../shared/api/transactions';
import { createTestApp, injectJson, type InjectedCall } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { insertManualTrade, insertOrderTrade } from '../../../../tests/support/trades';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { rows } from '../../db/raw';
import { auditLog, chatSessions, transactions } from '../../db/schema';
import type { SessionUser } from '../../platform/sessions';

const migration = (name: string) =>
  fs.readFileSync(new URL(`../../../../drizzle/${name}.sql`, import.meta.url), 'utf8');

/**
 * Issue 29: trades come only from completed orders. POST /api/transactions records refunds,
 * charges and adjustments; the trades agents recorded by hand before stay in history, marked.
 */
describe.each(testDatabaseKinds())('trades only from orders on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let customer: SessionUser;
  let agent: SessionUser;
  const cookie: Record<string, string> = {};
  let sessionId: number;

  const call = (who: string, method: InjectedCall['method'], url: string, body?: unknown) =>
    injectJson(app, {
      cookie: cookie[who],
      method,
      url,
      body,
      headers: method === 'POST' ? { 'idempotency-key': randomUUID() } : undefined,
    });
  const post = (body: Record<string, unknown>) => call('agent', 'POST', '/api/transactions', body);
  const refund = (patch: Record<string, unknown> = {}) =>
    post({
      chatSessionId: sessionId,
      type: 'refund',
      amount: '5',
      reason: 'Overcharged',
      ...patch,
    });
  const sessionOf = async (customerId: string) => {
    const [row] = await database.db
      .insert(chatSessions)
      .values({ customerId, category: 'bitcoin', status: 'open' })
      .returning();
    return row!.id;
  };
  const stored = () =>
    database.db.select().from(transactions).where(eq(transactions.chatSessionId, sessionId));

  beforeAll(async () => {
    database = await kind.open();
    app = await createTestApp({ database });
    customer = await makeCustomer(database.db);
    agent = await makeAgent(database.db);
    cookie.customer = await sessionCookie(database.db, customer);
    cookie.other = await sessionCookie(database.db, await makeCustomer(database.db));
    cookie.agent = await sessionCookie(database.db, agent);
    sessionId = await sessionOf(customer.id);
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('refuses every trade by hand with a 400 that points to Send quote, and stores nothing', async () => {
    for (const body of [
      { type: 'trade', currency: 'bitcoin', amount: '0.05', rate: '157254058.50' },
      // What the old Record trade form sent past the market guard.
      {
        type: 'trade',
        currency: 'usdt',
        amount: '100',
        rate: '1600',
        reason: 'Paid by phone',
        confirmation: { reason: 'Agreed with the customer' },
      },
      { type: 'trade', amount: '10', reason: 'as the spec form' },
    ]) {
      const res = await post({ chatSessionId: sessionId, ...body });
      expect(res.status).toBe(400);
      expect(
        (res.body as { error: string }).error.startsWith(`type: ${TRADES_COME_FROM_ORDERS}`),
      ).toBe(true);
    }
    expect(TRADES_COME_FROM_ORDERS).toMatch(/Send quote/);
    expect(
      (await post({ chatSessionId: sessionId, type: 'gift', amount: '1', reason: 'x' })).body,
    ).toEqual({ error: 'type: Choose refund, charge or adjustment' });
    expect(await stored()).toEqual([]);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'transaction.create'));
    expect(audits).toEqual([]);
  });

  it('still records refunds, charges and adjustments: pending, in dollars, never marked manual', async () => {
    for (const type of ['refund', 'charge', 'adjustment']) {
      const res = await refund({ type, amount: '10.50' });
      expect(res.status).toBe(201);
      expect(transactionSchema.parse(res.body)).toMatchObject({
        type,
        status: 'pending',
        currency: 'usd',
        total: '17325.00',
        manual: false,
      });
    }
    const settled = await refund({ status: 'completed' });
    expect(settled.status).toBe(400);
    expect(settled.body.error).toMatch(/created pending/);
    expect(await refund({ amount: '-5' })).toMatchObject({
      status: 400,
      body: { error: 'amount: Amount must be positive' },
    });
    const admin = await makeAgent(database.db, { admin: true });
    expect((await refund({ chatSessionId: await sessionOf(admin.id) })).body.error).toMatch(
      /staff \(an agent or admin\), not a customer/,
    );
    expect((await refund({ chatSessionId: await sessionOf(agent.id) })).body.error).toBe(
      'You cannot record a transaction with yourself',
    );
  });

  it('the database refuses a trade without its order, and a manual mark on anything else', async () => {
    const row = {
      reference: `AC-${randomUUID().slice(0, 8).toUpperCase()}`,
      chatSessionId: sessionId,
      customerId: customer.id,
      agentId: agent.id,
      currency: 'bitcoin' as const,
      amount: '0.01',
      rate: '100',
      total: '1.00',
    };
    const refused = async (values: Partial<typeof transactions.$inferInsert>) => {
      const error = await database.db
        .insert(transactions)
        .values({ ...row, kind: 'trade', ...values })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(String((error as { cause?: unknown })?.cause ?? error)).toMatch(
        /transactions_trade_from_order_ck/,
      );
    };
    await refused({ kind: 'trade' });
    await refused({ kind: 'refund', currency: 'usd', manual: true });
  });

  it('migration 0019 marks the trades recorded by hand before, and only those', async () => {
    const ids = await database.db.transaction(async (tx) => {
      // The table as it was before: no column, no rule, every trade unmarked.
      await tx.execute(
        sql`alter table transactions drop constraint transactions_trade_from_order_ck`,
      );
      await tx.execute(sql`alter table transactions drop column manual`);
      const [old] = await rows<{ id: number }>(
        tx,
        sql`
        insert into transactions
          (reference, chat_session_id, customer_id, agent_id, kind, currency, amount, rate, total, status)
        values
          ('AC-OLDTRADE', ${sessionId}, ${customer.id}, ${agent.id}, 'trade', 'bitcoin', '0.05',
           '150000000', '7500000.00', 'completed')
        returning id`,
      );
      for (const statement of migration('0019_manual-trades').split('--> statement-breakpoint')) {
        await tx.execute(sql.raw(statement));
      }
      return Number(old!.id);
    });
    const [marked] = await database.db.select().from(transactions).where(eq(transactions.id, ids));
    expect(marked).toMatchObject({ manual: true, status: 'completed', orderId: null });
    const others = (await stored()).filter((t) => t.id !== ids);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((t) => !t.manual)).toBe(true);
  });

  it("shows manual trades in the customer's and the agents' history, marked; order trades unmarked", async () => {
    const trade = {
      chatSessionId: sessionId,
      customerId: customer.id,
      agentId: agent.id,
      coin: 'usdt' as const,
      amount: '100',
      rate: '1600',
    };
    const manualId = await insertManualTrade(database.db, { ...trade, status: 'pending' });
    await insertOrderTrade(database.db, trade);
    for (const [who, url] of [
      ['customer', '/api/transactions/customer'],
      ['agent', `/api/transactions/customer?customerId=${customer.id}`],
    ] as const) {
      const page = transactionPageSchema.parse((await call(who, 'GET', url)).body);
      const trades = page.items.filter((t) => t.type === 'trade');
      expect(trades.find((t) => t.id === manualId)?.manual).toBe(true);
      expect(trades.filter((t) => !t.manual)).toHaveLength(1);
    }
    const inChat = (await call('customer', 'GET', `/api/chat-sessions/${sessionId}/transactions`))
      .body as { id: number; manual: boolean }[];
    expect(inChat.find((t) => t.id === manualId)?.manual).toBe(true);
    // Another customer sees none of it.
    const theirs = transactionPageSchema.parse(
      (await call('other', 'GET', `/api/transactions/customer?customerId=${customer.id}`)).body,
    );
    expect(theirs.items).toEqual([]);
  });
});
