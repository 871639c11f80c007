import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratesResponseSchema } from '../../../shared/api/rates';
import { transactionPageSchema, transactionSchema } from '../../../shared/api/transactions';
import { createTestApp, injectJson, type InjectedCall } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { PriceServer } from '../../../../tests/support/price-server';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { auditLog, transactions } from '../../db/schema';
import type { SessionUser } from '../../platform/sessions';

const RATES = {
  usdToNaira: '1650',
  rates: [
    {
      currency: 'bitcoin',
      spreadPercentage: '2',
      buyRateUsd: '99195.51',
      sellRateUsd: '95305.49',
      buyRateNaira: '163672591.50',
      sellRateNaira: '157254058.50',
    },
    {
      currency: 'usdt',
      spreadPercentage: '1',
      buyRateUsd: '1.010202',
      sellRateUsd: '0.990198',
      buyRateNaira: '1666.83',
      sellRateNaira: '1633.83',
    },
  ],
};

describe.each(testDatabaseKinds())('money on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let customer: SessionUser;
  let other: SessionUser;
  let agent: SessionUser;
  const cookie: Record<string, string> = {};
  let sessionId: number;

  const call = (
    who: string,
    method: InjectedCall['method'],
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => injectJson(app, { cookie: cookie[who], method, url, body, headers });
  const post = (body: unknown, key = randomUUID()) =>
    call('agent', 'POST', '/api/transactions', body, { 'idempotency-key': key });

  let prices: PriceServer;

  beforeAll(async () => {
    // A market (BTC $97,250.50, USDT $1.0002) that RATES sit within the market guard of.
    prices = await new PriceServer().start();
    database = await kind.open();
    app = await createTestApp({ database, env: { PRICE_API_URL: prices.url } });
    await app.ready();
    await app.priceFeed.refresh();
    customer = await makeCustomer(database.db);
    other = await makeCustomer(database.db);
    agent = await makeAgent(database.db);
    cookie.customer = await sessionCookie(database.db, customer);
    cookie.other = await sessionCookie(database.db, other);
    cookie.agent = await sessionCookie(database.db, agent);
    sessionId = (await call('customer', 'POST', '/api/chat-sessions', { category: 'bitcoin' })).body
      .id;
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    await prices.stop();
  });

  describe('exchange rates', () => {
    it('has no managed rate before any save', async () => {
      const res = await call('nobody', 'GET', '/api/exchange-rates');
      const body = ratesResponseSchema.parse(res.body);
      expect(body.usdToNaira).toBe('1650');
      expect(body.rates.map((r) => [r.currency, r.sellRateNaira, r.managed])).toEqual([
        ['bitcoin', null, false],
        ['usdt', null, false],
      ]);
    });

    it('saves every currency atomically, keeps history with who and when, and audits', async () => {
      const res = await call('agent', 'POST', '/api/exchange-rates', RATES);
      expect(res.status).toBe(200);
      const body = ratesResponseSchema.parse(res.body);
      expect(body.rates[0]).toMatchObject({
        sellRateNaira: '157254058.50',
        spreadPercentage: '2',
        managed: true,
      });
      const usdt = { ...RATES.rates[1]!, sellRateUsd: '0.98', sellRateNaira: '1617.00' };
      expect(
        (await call('agent', 'POST', '/api/exchange-rates', { ...RATES, rates: [usdt] })).status,
      ).toBe(200);
      const history = await call('agent', 'GET', '/api/exchange-rates/history');
      expect(
        history.body.items.map((h: { currency: string; sellRateNaira: string }) => [
          h.currency,
          h.sellRateNaira,
        ]),
      ).toEqual([
        ['usdt', '1617.00'],
        ['usdt', '1633.83'],
        ['bitcoin', '157254058.50'],
      ]);
      expect(history.body.items[0].changedBy).toMatchObject({ id: agent.id });
      const audit = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityType, 'exchange_rate'));
      expect(audit.map((a) => a.action)).toEqual(['rates.update', 'rates.update', 'rates.update']);
      expect(audit[2]!.before).toMatchObject({ sellRateNaira: '1633.83' });
      await call('agent', 'POST', '/api/exchange-rates', RATES);
    });

    it.each([
      ['a negative rate', { sellRateUsd: '-1' }, /USD sell rate/],
      ['a zero rate', { buyRateNaira: '0' }, /greater than zero/],
      ['a non-number', { buyRateUsd: 'abc' }, /USD buy rate/],
      ['a spread over 50 %', { spreadPercentage: '51' }, /at most 50/],
      [
        'sell above buy',
        { sellRateUsd: '100000', buyRateUsd: '99000' },
        /cannot be above the buy rate/,
      ],
      ['an absurd rate', { buyRateNaira: '1000000000000000' }, /Naira buy rate/],
    ])('refuses %s with a clear 400', async (_what, patch, message) => {
      const res = await call('agent', 'POST', '/api/exchange-rates', {
        ...RATES,
        rates: [{ ...RATES.rates[0], ...patch }],
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    });

    it('is for agents only to change', async () => {
      expect((await call('customer', 'POST', '/api/exchange-rates', RATES)).status).toBe(403);
      expect((await call('nobody', 'POST', '/api/exchange-rates', RATES)).status).toBe(401);
    });
  });

  describe('transactions', () => {
    it('records a charge with the total computed on the server, in the history', async () => {
      const res = await post({
        chatSessionId: sessionId,
        type: 'charge',
        amount: '47.66',
        reason: 'Network fee',
      });
      expect(res.status).toBe(201);
      const tx = transactionSchema.parse(res.body);
      expect(tx).toMatchObject({
        total: '78639.00',
        status: 'pending',
        customerId: customer.id,
        currency: 'usd',
        amount: '47.66',
      });
      expect(tx.reference).toMatch(/^AC-[0-9A-HJKMNP-TV-Z]{8}$/);
      const mine = transactionPageSchema.parse(
        (await call('customer', 'GET', '/api/transactions/customer')).body,
      );
      expect(mine.items.map((t) => t.id)).toContain(tx.id);
      const theirs = transactionPageSchema.parse(
        (await call('other', 'GET', `/api/transactions/customer?customerId=${customer.id}`)).body,
      );
      expect(theirs.items).toEqual([]);
      const byAgent = transactionPageSchema.parse(
        (await call('agent', 'GET', `/api/transactions/customer?customerId=${customer.id}`)).body,
      );
      expect(byAgent.items.map((t) => t.id)).toContain(tx.id);
      expect(
        (await call('other', 'GET', `/api/chat-sessions/${sessionId}/transactions`)).status,
      ).toBe(404);
    });

    it('records the spec form (refund, charge, adjustment) in dollars at the USD-to-naira rate', async () => {
      const res = await post({
        chatSessionId: sessionId,
        customerId: customer.id,
        type: 'refund',
        amount: '50.01',
        reason: 'Overcharged',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        type: 'refund',
        transactionType: 'Refund',
        currency: 'usd',
        amount: '50.01',
        rate: '1650',
        total: '82516.50',
      });
      const missing = await post({
        chatSessionId: sessionId,
        type: 'charge',
        amount: '10',
        reason: ' ',
      });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toMatch(/Please fill in all required fields/);
      const wrongCustomer = await post({
        chatSessionId: sessionId,
        customerId: other.id,
        type: 'charge',
        amount: '10',
        reason: 'x',
      });
      expect(wrongCustomer.status).toBe(400);
    });

    it('the same Idempotency-Key returns the first result; with another body it is a 422', async () => {
      const key = randomUUID();
      const body = { chatSessionId: sessionId, type: 'refund', amount: '100', reason: 'Fee back' };
      const first = await post(body, key);
      const again = await post({ ...body }, key);
      expect(first.status).toBe(201);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      const changed = await post({ ...body, amount: '101' }, key);
      expect(changed.status).toBe(422);
      expect((await call('agent', 'POST', '/api/transactions', body)).status).toBe(400);
    });

    it('two concurrent requests with the same key create one transaction', async () => {
      const key = randomUUID();
      const body = { chatSessionId: sessionId, type: 'charge', amount: '0.1', reason: 'Fee' };
      const results = await Promise.all(Array.from({ length: 6 }, () => post(body, key)));
      expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
      const rows = await database.db
        .select()
        .from(transactions)
        .where(eq(transactions.idempotencyKey, key));
      expect(rows).toHaveLength(1);
    });

    it('moves pending to completed or failed only, never back, and audits each change', async () => {
      const { body: tx } = await post({
        chatSessionId: sessionId,
        type: 'adjustment',
        amount: '10',
        reason: 'Rate difference',
      });
      const done = await call('agent', 'PATCH', `/api/transactions/${tx.id}/status`, {
        status: 'completed',
      });
      expect(done).toMatchObject({ status: 200, body: { status: 'completed' } });
      const back = await call('agent', 'PATCH', `/api/transactions/${tx.id}/status`, {
        status: 'failed',
      });
      expect(back.status).toBe(409);
      expect(back.body.error).toMatch(/already completed/);
      const pending = await call('agent', 'PATCH', `/api/transactions/${tx.id}/status`, {
        status: 'pending',
      });
      expect(pending.status).toBe(400);
      expect(
        (
          await call('customer', 'PATCH', `/api/transactions/${tx.id}/status`, {
            status: 'completed',
          })
        ).status,
      ).toBe(403);
      const audit = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(tx.id)));
      expect(
        audit.map((a) => [a.action, a.before, a.after && (a.after as { status: string }).status]),
      ).toEqual([
        ['transaction.create', null, 'pending'],
        ['transaction.status', { status: 'pending' }, 'completed'],
      ]);
    });

    it.each([
      ['a negative amount', { amount: '-1' }],
      ['a zero amount', { amount: '0' }],
      ['a float-ish amount', { amount: '1e5' }],
      ['three decimals', { amount: '0.123' }],
      ['an absurd amount', { amount: '10000000000000000000000' }],
      ['an unknown type', { type: 'gift' }],
    ])('refuses %s with a 400', async (_what, patch) => {
      const res = await post({
        chatSessionId: sessionId,
        type: 'refund',
        amount: '1',
        reason: 'Overcharged',
        ...patch,
      });
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    });
  });
});
