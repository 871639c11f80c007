import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradeGuardRefusalSchema, transactionSchema } from '../../../shared/api/transactions';
import { createTestApp } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { PriceServer } from '../../../../tests/support/price-server';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { auditLog, chatSessions, exchangeRates, transactions } from '../../db/schema';
import type { SessionUser } from '../../platform/sessions';

/** Our managed BTC sell rate; USDT stays unmanaged, so it is checked against the market. */
const BTC_SELL = '157254058.50';

describe.each(testDatabaseKinds())('trade rules on $name', (kind) => {
  let database: TestDatabase;
  let prices: PriceServer;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let customer: SessionUser;
  let agent: SessionUser;
  let agentCookie: string;
  let sessionId: number;

  const post = async (body: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: { cookie: agentCookie, 'idempotency-key': randomUUID() },
      payload: body,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const trade = (patch: Record<string, unknown>) =>
    post({
      chatSessionId: sessionId,
      type: 'trade',
      currency: 'bitcoin',
      amount: '0.1',
      rate: BTC_SELL,
      ...patch,
    });
  const sessionOf = async (customerId: string) => {
    const [row] = await database.db
      .insert(chatSessions)
      .values({ customerId, category: 'bitcoin', status: 'open' })
      .returning();
    return row!.id;
  };

  beforeAll(async () => {
    // The price service is down at first: no market price to compare with.
    prices = await new PriceServer().start();
    prices.mode = 'error';
    database = await kind.open();
    app = await createTestApp({ database, env: { PRICE_API_URL: prices.url } });
    await app.ready();
    await app.priceFeed.refresh();
    customer = await makeCustomer(database.db);
    agent = await makeAgent(database.db);
    agentCookie = await sessionCookie(database.db, agent);
    sessionId = await sessionOf(customer.id);
    await database.db.insert(exchangeRates).values({
      currency: 'bitcoin',
      buyRateUsd: '99195.51',
      sellRateUsd: '95305.49',
      buyRateNaira: '163672591.50',
      sellRateNaira: BTC_SELL,
      spreadPercentage: '2',
    });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    await prices.stop();
  });

  it('creates pending only: a status in the request is refused, and nothing is stored', async () => {
    for (const body of [
      { currency: 'bitcoin', status: 'completed' },
      { currency: 'bitcoin', status: 'failed' },
    ]) {
      const res = await trade(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/created pending/);
    }
    const refund = await post({
      chatSessionId: sessionId,
      type: 'refund',
      amount: '5',
      reason: 'Overcharged',
      status: 'completed',
    });
    expect(refund.status).toBe(400);
    const ok = await trade({});
    expect(ok.status).toBe(201);
    expect(transactionSchema.parse(ok.body).status).toBe('pending');
    const stored = await database.db
      .select()
      .from(transactions)
      .where(eq(transactions.chatSessionId, sessionId));
    expect(stored.map((t) => t.status)).toEqual(['pending']);
  });

  it("refuses a staff account as a chat's customer, and an agent trading with themselves", async () => {
    const otherAgent = await makeAgent(database.db);
    const admin = await makeAgent(database.db, { admin: true });
    for (const staff of [otherAgent, admin]) {
      const res = await trade({ chatSessionId: await sessionOf(staff.id) });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/staff \(an agent or admin\), not a customer/);
    }
    const self = await trade({ chatSessionId: await sessionOf(agent.id) });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('You cannot record a transaction with yourself');
    const refund = await post({
      chatSessionId: await sessionOf(admin.id),
      type: 'refund',
      amount: '5',
      reason: 'x',
    });
    expect(refund.status).toBe(400);
  });

  it('says a negative amount must be positive, for trades and the spec form', async () => {
    const res = await trade({ amount: '-0.5' });
    expect(res).toMatchObject({ status: 400, body: { error: 'amount: Amount must be positive' } });
    const rate = await trade({ rate: '-1' });
    expect(rate.body.error).toBe('rate: Rate must be positive');
    const refund = await post({
      chatSessionId: sessionId,
      type: 'refund',
      amount: '-5',
      reason: 'Overcharged',
    });
    expect(refund).toMatchObject({
      status: 400,
      body: { error: 'amount: Amount must be positive' },
    });
  });

  it("caps one trade's total at MAX_TRADE_NAIRA (₦50,000,000.00)", async () => {
    const res = await trade({ amount: '0.32' }); // ₦50,321,298.72
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      "A trade's total can be at most ₦50,000,000.00; this one is ₦50,321,298.72. Split it into smaller trades.",
    );
    expect((await trade({ amount: '0.31' })).status).toBe(201); // ₦48,748,758.14
  });

  it('refuses a rate past the guard from the managed rate, then records it with an audited reason', async () => {
    const refused = await trade({ amount: '0.01', rate: '180000000' });
    expect(refused.status).toBe(409);
    expect(tradeGuardRefusalSchema.parse(refused.body)).toEqual({
      error:
        'The rate ₦180,000,000.00 is 14.46 % above our managed rate ₦157,254,058.50; confirm it with a reason to record the trade',
      confirmationRequired: true,
      deviationPercent: '14.46',
      referenceRate: BTC_SELL,
      referenceSource: 'managed',
    });
    const tooShort = await trade({
      amount: '0.01',
      rate: '180000000',
      confirmation: { reason: 'ok' },
    });
    expect(tooShort.status).toBe(400);
    const confirmed = await trade({
      amount: '0.01',
      rate: '180000000',
      confirmation: { reason: 'Repeat customer, agreed on the phone' },
    });
    expect(confirmed.status).toBe(201);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'transaction.create'),
          eq(auditLog.entityId, String(confirmed.body.id)),
        ),
      );
    expect(entry!.actorId).toBe(agent.id);
    expect(entry!.after).toMatchObject({
      rate: '180000000',
      guardOverride: {
        reason: 'Repeat customer, agreed on the phone',
        deviationPercent: '14.46',
        referenceRate: BTC_SELL,
        referenceSource: 'managed',
      },
    });
    // Within the guard (10 %): no question, nothing extra in the audit.
    const within = await trade({ amount: '0.01', rate: '142000000' });
    expect(within.status).toBe(201);
    const [plain] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(within.body.id)));
    expect(plain!.after).not.toHaveProperty('guardOverride');
  });

  it('with no managed rate and no market price, every trade rate needs a confirmation', async () => {
    const usdt = { currency: 'usdt', amount: '100', rate: '1600' };
    const refused = await trade(usdt);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      confirmationRequired: true,
      deviationPercent: null,
      referenceSource: 'none',
    });
    expect(refused.body.error).toMatch(/no managed rate or market price/);
    const confirmed = await trade({ ...usdt, confirmation: { reason: 'Price service is down' } });
    expect(confirmed.status).toBe(201);
  });

  it('with no managed rate, compares with market x USD-to-Naira', async () => {
    prices.mode = 'ok';
    prices.quotes.tether = { usd: 1.0002, change: 0 }; // ₦1,650.33 at 1650
    await app.priceFeed.refresh();
    expect((await trade({ currency: 'usdt', amount: '100', rate: '1500' })).status).toBe(201);
    const refused = await trade({ currency: 'usdt', amount: '100', rate: '1400' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      deviationPercent: '-15.17',
      referenceRate: '1650.33',
      referenceSource: 'market',
    });
    expect(refused.body.error).toMatch(/15\.17 % below the market ₦1,650\.33/);
  });
});
