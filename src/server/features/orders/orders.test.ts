import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPageSchema, orderSchema, type Order } from '../../../shared/api/orders';
import { analyticsSchema } from '../../../shared/api/reports';
import { realtimeEventSchema } from '../../../shared/api/realtime';
import { transactionPageSchema } from '../../../shared/api/transactions';
import { dec } from '../../../shared/money';
import { createTestApp, injectJson, type InjectedCall } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { uploadImage } from '../../../../tests/support/images';
import {
  addDepositAddress,
  addPayoutAccount,
  placeOrder,
  setSellRates,
} from '../../../../tests/support/order-setup';
import { PriceServer } from '../../../../tests/support/price-server';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import {
  auditLog,
  exchangeRates,
  orderEvents,
  orders,
  realtimeEvents,
  transactions,
} from '../../db/schema';
import { EventBus } from '../../platform/event-bus';
import { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { completePaidOrders } from './complete-paid-orders';
import { expireOrders } from './expire-orders';

const BTC_SELL = '157254058.50';
const USDT_SELL = '1633.83';
const BTC_ADDRESSES = [
  '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
];
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const MINUTE = 60_000;
/** An agent's reason to confirm a deposit the chain has not read (none runs in these tests). */
const BY_HAND = { reason: 'Seen on our own node' };
/** A well-formed tx hash (64 hex) of its own each call. */
const txHash = () => randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');

/** The market: BTC $97,250.50 and USDT $1.0002, so the sell rates are 2 % and 1 % under it. */
const priceServer = new PriceServer();
beforeAll(() => priceServer.start());
afterAll(() => priceServer.stop());

describe.each(testDatabaseKinds())('orders on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let dataDir: string;
  /** The orders' clock: moved by hand, never waited for. */
  let now = new Date('2026-11-20T09:00:00.000Z');
  const people: Record<string, SessionUser> = {};
  const cookie: Record<string, string> = {};
  const account: Record<string, number> = {};

  const call = (
    who: string,
    method: InjectedCall['method'],
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => injectJson(app, { cookie: cookie[who], method, url, body, headers });
  /** An order as a screen places it: previewed, then locked with the preview's rateVersion. */
  const lock = (who: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    placeOrder(app, cookie[who], body, headers);
  /** A transition with its own Idempotency-Key unless one is given. */
  const act = (who: string, id: number, step: string, body?: unknown, key = randomUUID()) =>
    call(who, 'POST', `/api/orders/${id}/${step}`, body, { 'idempotency-key': key });
  /** An image sent into the chat (by an agent unless told): its message id. */
  const proof = (chatSessionId: number, who = 'agent') =>
    uploadImage(app, { cookie: cookie[who], chatSessionId });
  /** A payout's body: the bank reference and a proof image the agent just sent in the chat. */
  const payoutOf = async (o: { chatSessionId: number }, bankReference: string) => ({
    bankReference,
    proofMessageId: await proof(o.chatSessionId),
  });
  const chat = async (who: string, category = 'bitcoin') =>
    (await call(who, 'POST', '/api/chat-sessions', { category })).body.id as number;
  /** A customer's order in a chat of its own (or the one given), checked to be a 201. */
  async function order(who = 'ada', body: Record<string, unknown> = {}): Promise<Order> {
    const res = await lock(who, {
      chatSessionId: body.chatSessionId ?? (await chat(who)),
      coin: 'bitcoin',
      amount: '0.01',
      payoutAccountId: account[who],
      ...body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return orderSchema.parse(res.body);
  }
  /** An order moved to `state` along the main path. */
  async function orderAt(state: string, who = 'ada'): Promise<Order> {
    let o = await order(who);
    const steps: [string, string, unknown?][] = [
      ['deposit_seen', 'deposit', { txHash: txHash() }],
      ['deposit_confirmed', 'confirm-deposit', BY_HAND],
      ['payout_sent', 'payout'],
    ];
    for (const [reached, step, body] of steps) {
      if (o.state === state) break;
      const actor = step === 'deposit' ? who : 'agent';
      const res = await act(
        actor,
        o.id,
        step,
        step === 'payout' ? await payoutOf(o, 'GTB-REF-1') : body,
      );
      expect(res.status, `${step}: ${JSON.stringify(res.body)}`).toBe(200);
      o = orderSchema.parse(res.body);
      expect(o.state).toBe(reached);
    }
    expect(o.state).toBe(state);
    return o;
  }

  beforeAll(async () => {
    database = await kind.open();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-orders-'));
    app = await createTestApp({
      database,
      clock: () => now,
      env: { DATA_DIR: dataDir, PRICE_API_URL: priceServer.url },
    });
    await app.ready();
    await app.priceFeed.refresh();
    for (const who of ['ada', 'bola', 'cade']) people[who] = await makeCustomer(database.db);
    people.agent = await makeAgent(database.db);
    people.admin = await makeAgent(database.db, { admin: true });
    for (const [who, user] of Object.entries(people)) {
      cookie[who] = await sessionCookie(database.db, user);
    }
    for (const [i, who] of ['ada', 'bola', 'cade'].entries()) {
      account[who] = await addPayoutAccount(app, cookie[who]!, `01234567${i}`, `Customer ${who}`);
    }
    for (const address of BTC_ADDRESSES)
      await addDepositAddress(app, cookie.admin!, 'BTC', address);
    await addDepositAddress(app, cookie.admin!, 'USDT-TRC20', TRON_ADDRESS);
    await setSellRates(database.db, { bitcoin: BTC_SELL, usdt: USDT_SELL });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Closes the open orders earlier tests left on the desk addresses: a new order there would
   * otherwise ask for a few smallest units less (decision 030).
   */
  const aloneOnTheAddresses = () =>
    database.db
      .update(orders)
      .set({ state: 'cancelled' })
      .where(inArray(orders.state, ['awaiting_deposit', 'deposit_seen']));

  describe('creating', () => {
    it("opens the customer's order at the managed sell rate, locked for 15 minutes, audited and live", async () => {
      const chatId = await chat('ada');
      const res = await lock('ada', {
        chatSessionId: chatId,
        coin: 'bitcoin',
        amount: '0.05',
        payoutAccountId: account.ada,
      });
      expect(res.status).toBe(201);
      const o = orderSchema.parse(res.body);
      expect(o).toMatchObject({
        chatSessionId: chatId,
        customerId: people.ada!.id,
        state: 'awaiting_deposit',
        coin: 'bitcoin',
        network: 'BTC',
        amountCrypto: '0.05000000',
        rateNaira: BTC_SELL,
        totalNaira: '7862702.93',
        expiresAt: new Date(now.getTime() + 15 * MINUTE).toISOString(),
        payoutAccount: { id: account.ada, bankCode: '058', bankName: 'Guaranty Trust Bank' },
        txHash: null,
        bankReference: null,
        timeline: [
          { state: 'awaiting_deposit', actor: 'customer', actorId: people.ada!.id, note: null },
        ],
      });
      expect(o.reference).toMatch(/^AC-[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(BTC_ADDRESSES).toContain(o.depositAddress);
      const audit = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(o.id))))
        .orderBy(asc(auditLog.id));
      expect(audit.map((a) => [a.action, a.actorId])).toEqual([['order.create', people.ada!.id]]);
      const [event] = await database.db
        .select()
        .from(realtimeEvents)
        .where(
          and(eq(realtimeEvents.type, 'order.created'), eq(realtimeEvents.chatSessionId, chatId)),
        );
      expect(event!.customerId).toBe(people.ada!.id);
      const parsed = realtimeEventSchema.parse({
        id: event!.id,
        type: event!.type,
        ...event!.payload,
      });
      expect(parsed).toMatchObject({ type: 'order.created', order: { id: o.id } });
    });

    it('hands out the desk addresses round-robin', async () => {
      const a = await order('bola');
      const b = await order('bola');
      expect(new Set([a.depositAddress, b.depositAddress])).toEqual(new Set(BTC_ADDRESSES));
      const usdt = await order('bola', { coin: 'usdt', amount: '100' });
      expect(usdt).toMatchObject({ network: 'USDT-TRC20', depositAddress: TRON_ADDRESS });
    });

    it('takes the amount in naira: the coins it buys, rounded down to the network’s places', async () => {
      const usdt = await order('ada', { coin: 'usdt', amount: undefined, amountNaira: '100000' });
      expect(usdt.amountCrypto).toBe('61.205878');
      // 61.205878 x 1,633.83 = 99,999.9956...: to the kobo, the naira asked for.
      expect(usdt.totalNaira).toBe('100000.00');
      const btc = await order('ada', { amount: undefined, amountNaira: '1000000' });
      expect(btc.amountCrypto).toBe('0.00635913');
      expect(dec(btc.totalNaira).lte('1000000')).toBe(true);
    });

    it.each([
      ['both amounts', { amountNaira: '1000' }, 400, /one of the two/],
      ['no amount', { amount: undefined }, 400, /one of the two/],
      ['a negative amount', { amount: '-1' }, 400, /Amount must be more than 0/],
      ['a float-ish amount', { amount: '1e-3' }, 400, /Amount/],
      ['nine decimals', { amount: '0.123456789' }, 400, /Amount has at most 8 decimal places/],
      [
        'USDT past 6 places',
        { coin: 'usdt', amount: '1.1234567' },
        400,
        /A USDT amount has at most 6 decimal places/,
      ],
      ['an unknown coin', { coin: 'doge' }, 400, /coin/],
      ['no payout account', { payoutAccountId: undefined }, 400, /payout account/],
      ["another customer's payout account", { payoutAccountId: -1 }, 400, /payout account/],
      [
        'a total beyond MAX_ORDER_NAIRA',
        { amount: '0.5' },
        400,
        /^From ₦5,000 to ₦50,000,000 per order: this one would be ₦78,627,029\.25$/,
      ],
      [
        'one satoshi, below MIN_ORDER_NAIRA',
        { amount: '0.00000001' },
        400,
        /^From ₦5,000 to ₦50,000,000 per order: this one would be ₦1\.57$/,
      ],
      [
        'a naira amount below MIN_ORDER_NAIRA',
        { amount: undefined, amountNaira: '4999.99' },
        400,
        /^From ₦5,000 to ₦50,000,000 per order/,
      ],
      [
        'a naira amount below one unit',
        { amount: undefined, amountNaira: '0.01' },
        400,
        /smallest/,
      ],
    ])('refuses %s', async (_what, patch, status, message) => {
      const chatSessionId = await chat('ada');
      const body: Record<string, unknown> = {
        chatSessionId,
        coin: 'bitcoin',
        amount: '0.01',
        payoutAccountId: account.ada,
        ...patch,
      };
      if (body.payoutAccountId === -1) body.payoutAccountId = account.bola;
      const before = (await database.db.select().from(orders)).length;
      const res = await lock('ada', body);
      expect(res.status).toBe(status);
      expect(res.body.error).toMatch(message);
      expect(await database.db.select().from(orders)).toHaveLength(before);
    });

    it("refuses another customer's chat as not found, and a banned customer", async () => {
      const bolasChat = await chat('bola');
      const res = await lock('ada', {
        chatSessionId: bolasChat,
        coin: 'bitcoin',
        amount: '0.01',
        payoutAccountId: account.ada,
      });
      expect(res).toEqual({ status: 404, body: { error: 'Chat session not found' } });
      const cadesChat = await chat('cade');
      // Through the API, so this instance forgets the cached session at once.
      const ban = (status: string) =>
        call('agent', 'PATCH', `/api/admin/users/${people.cade!.id}/customer-status`, { status });
      expect((await ban('banned')).status).toBe(200);
      try {
        const banned = await lock('cade', {
          chatSessionId: cadesChat,
          coin: 'bitcoin',
          amount: '0.01',
          payoutAccountId: account.cade,
        });
        expect(banned).toEqual({
          status: 403,
          body: { error: 'Your account is restricted. Contact support.' },
        });
      } finally {
        expect((await ban('active')).status).toBe(200);
      }
    });

    it('refuses a second open order in a chat with a 409 naming the first', async () => {
      const first = await order('ada');
      const res = await lock('ada', {
        chatSessionId: first.chatSessionId,
        coin: 'usdt',
        amount: '10',
        payoutAccountId: account.ada,
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: `This chat already has an open order, ${first.reference}. Finish or cancel it first`,
        openOrderReference: first.reference,
      });
      // Once it is over, the chat takes a new one.
      expect((await act('ada', first.id, 'cancel')).status).toBe(200);
      await order('ada', { chatSessionId: first.chatSessionId });
    });

    it('two orders at once in one chat: one is created, the other is a 409', async () => {
      const chatSessionId = await chat('ada');
      const body = { chatSessionId, coin: 'bitcoin', amount: '0.01', payoutAccountId: account.ada };
      const results = await Promise.all([
        lock('ada', body),
        lock('ada', { ...body, amount: '0.02' }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    });

    it('with no managed rate for the coin, refuses with a 409 and writes nothing', async () => {
      const [saved] = await database.db
        .delete(exchangeRates)
        .where(eq(exchangeRates.currency, 'usdt'))
        .returning();
      try {
        const res = await lock('ada', {
          chatSessionId: await chat('ada', 'usdt'),
          coin: 'usdt',
          amount: '10',
          payoutAccountId: account.ada,
        });
        expect(res).toEqual({
          status: 409,
          body: { error: 'We have no USDT rate yet. Please ask an agent for a quote' },
        });
      } finally {
        await database.db.insert(exchangeRates).values(saved!);
      }
    });

    it('with no active deposit address, answers 503 and leaves nothing half-written', async () => {
      const list = await call('admin', 'GET', '/api/admin/desk-addresses');
      const tron = list.body.find((a: { address: string }) => a.address === TRON_ADDRESS);
      await call('admin', 'PATCH', `/api/admin/desk-addresses/${tron.id}`, { active: false });
      const chatSessionId = await chat('ada', 'usdt');
      const before = await database.db.select().from(orders);
      try {
        const res = await lock('ada', {
          chatSessionId,
          coin: 'usdt',
          amount: '10',
          payoutAccountId: account.ada,
        });
        expect(res.status).toBe(503);
        expect(await database.db.select().from(orders)).toHaveLength(before.length);
      } finally {
        await call('admin', 'PATCH', `/api/admin/desk-addresses/${tron.id}`, { active: true });
      }
      await order('ada', { chatSessionId, coin: 'usdt', amount: '10' });
    });

    it('the same Idempotency-Key returns the first order; with another body, a 422', async () => {
      const chatSessionId = await chat('ada');
      const key = randomUUID();
      const body = { chatSessionId, coin: 'bitcoin', amount: '0.01', payoutAccountId: account.ada };
      const first = await lock('ada', body, { 'idempotency-key': key });
      const again = await lock('ada', body, { 'idempotency-key': key });
      expect(first.status).toBe(201);
      expect(again).toEqual({ status: 200, body: first.body });
      const changed = await lock('ada', { ...body, amount: '0.02' }, { 'idempotency-key': key });
      expect(changed.status).toBe(422);
    });
  });

  describe('the price seen is the price locked', () => {
    const preview = (who: string, body: Record<string, unknown>) =>
      call(who, 'POST', '/api/orders/preview', body);
    /** Sets BTC's naira sell rate straight in the table, as a save elsewhere would. */
    const setBtcSell = (naira: string) =>
      database.db
        .update(exchangeRates)
        .set({ sellRateNaira: naira, buyRateNaira: naira })
        .where(eq(exchangeRates.currency, 'bitcoin'));
    const ordersNow = async () => (await database.db.select().from(orders)).length;

    it.each([
      ['by coin', { amount: '0.05' }, '0.05000000', '7862702.93'],
      ['by naira', { amountNaira: '1000000' }, '0.00635913', '999999.00'],
    ])(
      'previews every figure (%s), and the lock takes exactly them',
      async (_by, amount, coins, total) => {
        await aloneOnTheAddresses();
        const body = { chatSessionId: await chat('ada'), coin: 'bitcoin', ...amount };
        const before = await ordersNow();
        const seen = await preview('ada', { ...body, payoutAccountId: account.ada });
        expect(seen.status).toBe(200);
        expect(seen.body).toEqual({
          coin: 'bitcoin',
          amountCrypto: coins,
          rateNaira: BTC_SELL,
          totalNaira: total,
          payoutAccount: expect.objectContaining({
            id: account.ada,
            bankName: 'Guaranty Trust Bank',
          }),
          lockMinutes: 15,
          marketRateNaira: '160463325.00',
          marketDeviationPercent: '-2.00',
          published: true,
          rateVersion: expect.any(String),
        });
        // Before an account is chosen, the preview names none; it writes nothing either way.
        expect((await preview('ada', body)).body).toMatchObject({
          payoutAccount: null,
          totalNaira: total,
        });
        expect(await ordersNow()).toBe(before);
        const res = await call('ada', 'POST', '/api/orders', {
          ...body,
          payoutAccountId: account.ada,
          rateVersion: seen.body.rateVersion,
        });
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({
          amountCrypto: seen.body.amountCrypto,
          rateNaira: seen.body.rateNaira,
          totalNaira: seen.body.totalNaira,
          payoutAccount: seen.body.payoutAccount,
          expiresAt: new Date(now.getTime() + seen.body.lockMinutes * MINUTE).toISOString(),
        });
      },
    );

    it('refuses a lock without the preview’s rateVersion', async () => {
      const res = await call('ada', 'POST', '/api/orders', {
        chatSessionId: await chat('ada'),
        coin: 'bitcoin',
        amount: '0.05',
        payoutAccountId: account.ada,
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/Preview the order first/);
    });

    it('answers 409 with the new figures when the rate changed since the preview, and locks nothing', async () => {
      const body = {
        chatSessionId: await chat('ada'),
        coin: 'bitcoin',
        amount: '0.05',
        payoutAccountId: account.ada,
      };
      const seen = (await preview('ada', body)).body;
      await setBtcSell('156000000.00');
      try {
        const before = await ordersNow();
        const stale = await call('ada', 'POST', '/api/orders', {
          ...body,
          rateVersion: seen.rateVersion,
        });
        expect(stale.status).toBe(409);
        expect(stale.body).toEqual({
          error: 'The rate changed: you would now receive ₦7,800,000.00',
          code: 'rate_changed',
          preview: expect.objectContaining({
            rateNaira: '156000000.00',
            totalNaira: '7800000.00',
            rateVersion: expect.not.stringMatching(`^${seen.rateVersion}$`),
          }),
        });
        expect(await ordersNow()).toBe(before);
        // The agent's side says whose naira it is.
        const quoteBody = { chatSessionId: body.chatSessionId, coin: 'bitcoin', amount: '0.05' };
        expect(
          (
            await call('agent', 'POST', '/api/orders', {
              ...quoteBody,
              rateVersion: seen.rateVersion,
            })
          ).body.error,
        ).toBe('The rate changed: the customer would now receive ₦7,800,000.00');
        // Locked with the new preview's version: exactly the new figures.
        const fresh = await call('ada', 'POST', '/api/orders', {
          ...body,
          rateVersion: stale.body.preview.rateVersion,
        });
        expect(fresh.status).toBe(201);
        expect(fresh.body).toMatchObject({ rateNaira: '156000000.00', totalNaira: '7800000.00' });
      } finally {
        await setBtcSell(BTC_SELL);
      }
    });

    it('a rate outside the market guard: no customer locks it; an agent quotes it with a reason, audited', async () => {
      // 30 % under the market of ₦160,463,325.00: saved with a confirmation, not published.
      await setBtcSell('112324327.50');
      try {
        const chatSessionId = await chat('ada');
        const body = { chatSessionId, coin: 'bitcoin', amount: '0.05' };
        const updating = {
          status: 409,
          body: {
            error:
              'Our desk is updating its BTC rate. Please ask the agent in this chat for a quote',
            code: 'rate_unpublished',
          },
        };
        expect(await preview('ada', body)).toEqual(updating);
        const before = await ordersNow();
        expect(
          await call('ada', 'POST', '/api/orders', {
            ...body,
            payoutAccountId: account.ada,
            rateVersion: '112324327.50',
          }),
        ).toEqual(updating);
        expect(await ordersNow()).toBe(before);

        const seen = await preview('agent', body);
        expect(seen.body).toMatchObject({
          rateNaira: '112324327.50',
          totalNaira: '5616216.38',
          marketRateNaira: '160463325.00',
          marketDeviationPercent: '-30.00',
          published: false,
        });
        const quote = { ...body, rateVersion: seen.body.rateVersion };
        const unconfirmed = await call('agent', 'POST', '/api/orders', quote);
        expect(unconfirmed.status).toBe(409);
        expect(unconfirmed.body).toMatchObject({
          error:
            'BTC sell rate ₦112,324,327.50 is 30.00 % below the market ₦160,463,325.00 and not shown to customers: give the reason to quote it',
          code: 'quote_guard',
        });
        expect(await ordersNow()).toBe(before);
        const reason = 'Customer agreed on the phone to the desk rate';
        const confirmed = await call('agent', 'POST', '/api/orders', {
          ...quote,
          confirmation: { reason },
        });
        expect(confirmed.status).toBe(201);
        expect(confirmed.body).toMatchObject({ state: 'quoted', rateNaira: '112324327.50' });
        const [audit] = await database.db
          .select()
          .from(auditLog)
          .where(
            and(
              eq(auditLog.action, 'order.guard-confirmed'),
              eq(auditLog.entityId, String(confirmed.body.id)),
            ),
          );
        expect(audit).toMatchObject({ actorId: people.agent!.id, entityType: 'order' });
        expect(audit!.after).toEqual({
          reason,
          rateNaira: '112324327.50',
          marketRateNaira: '160463325.00',
          marketDeviationPercent: '-30.00',
        });
      } finally {
        await setBtcSell(BTC_SELL);
      }
    });

    it('previews refuse what the lock refuses: the limits, another customer’s chat', async () => {
      const chatSessionId = await chat('ada');
      expect(
        await preview('ada', { chatSessionId, coin: 'bitcoin', amount: '0.00000001' }),
      ).toEqual({
        status: 400,
        body: { error: 'From ₦5,000 to ₦50,000,000 per order: this one would be ₦1.57' },
      });
      expect(
        (await preview('bola', { chatSessionId, coin: 'bitcoin', amount: '0.01' })).status,
      ).toBe(404);
      expect(
        (await preview('nobody', { chatSessionId, coin: 'bitcoin', amount: '0.01' })).status,
      ).toBe(401);
    });
  });

  describe('the trade, start to finish', () => {
    it('deposit, confirm, payout, received: completed, with its trade counted once', async () => {
      await aloneOnTheAddresses();
      // ₦4,717,621.76: under PAYOUT_APPROVAL_NAIRA, so no admin approves the payout.
      let o = await order('ada', { amount: '0.03' });
      const hash = txHash().toUpperCase();
      const steps: [string, string, unknown, string][] = [
        ['ada', 'deposit', { txHash: hash }, 'deposit_seen'],
        ['agent', 'confirm-deposit', BY_HAND, 'deposit_confirmed'],
        ['agent', 'payout', await payoutOf(o, ' GTB/2026/000123 '), 'payout_sent'],
        ['ada', 'received', undefined, 'completed'],
      ];
      for (const [who, step, body, state] of steps) {
        now = new Date(now.getTime() + MINUTE);
        const res = await act(who, o.id, step, body);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        o = orderSchema.parse(res.body);
        expect(o.state).toBe(state);
      }
      expect(o).toMatchObject({ txHash: hash.toLowerCase(), bankReference: 'GTB/2026/000123' });
      expect(o.timeline.map((t) => [t.state, t.actor])).toEqual([
        ['awaiting_deposit', 'customer'],
        ['deposit_seen', 'customer'],
        ['deposit_confirmed', 'agent'],
        ['payout_sent', 'agent'],
        ['completed', 'customer'],
      ]);
      const [row] = await database.db.select().from(orders).where(eq(orders.id, o.id));
      expect(row!.completedAt!.toISOString()).toBe(now.toISOString());
      expect(row!.paidBy).toBe(people.agent!.id);

      const trades = await database.db
        .select()
        .from(transactions)
        .where(eq(transactions.orderId, o.id));
      expect(trades).toHaveLength(1);
      expect(trades[0]).toMatchObject({
        reference: o.reference,
        kind: 'trade',
        status: 'completed',
        currency: 'bitcoin',
        customerId: people.ada!.id,
        agentId: people.agent!.id,
      });
      expect(dec(trades[0]!.total).toFixed(2)).toBe('4717621.76');
      // Every step reached the order's customer and the agents, and no one else.
      const live = await database.db
        .select()
        .from(realtimeEvents)
        .where(eq(realtimeEvents.chatSessionId, o.chatSessionId))
        .orderBy(asc(realtimeEvents.id));
      expect(live.map((e) => [e.type, e.customerId, e.audience])).toEqual([
        ['session.created', people.ada!.id, 'all'],
        ['order.created', people.ada!.id, 'all'],
        // The agent's proof image, their first reply: the chat is theirs now.
        ['message.created', people.ada!.id, 'all'],
        ['session.updated', people.ada!.id, 'all'],
        // Who claimed it: staff only.
        ['session.lifecycle', null, 'all'],
        ...['deposit_seen', 'deposit_confirmed', 'payout_sent'].map(() => [
          'order.updated',
          people.ada!.id,
          'all',
        ]),
        ['transaction.created', people.ada!.id, 'all'],
        ['order.updated', people.ada!.id, 'all'],
      ]);
      expect(live.at(-1)!.payload).toMatchObject({ order: { state: 'completed' } });
      const history = transactionPageSchema.parse(
        (await call('ada', 'GET', '/api/transactions/customer')).body,
      );
      expect(history.items.filter((t) => t.reference === o.reference)).toHaveLength(1);
      const analytics = analyticsSchema.parse(
        (await call('admin', 'GET', '/api/admin/analytics')).body,
      );
      expect(analytics.transactionStats.completedTrades).toBe(1);
      expect(analytics.transactionStats.totalVolume).toBe('4717621.76');

      const audit = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(o.id))))
        .orderBy(asc(auditLog.id));
      expect(audit.map((a) => [a.action, (a.before as { state?: string } | null)?.state])).toEqual([
        ['order.create', undefined],
        ['order.deposit', 'awaiting_deposit'],
        ['order.confirm-deposit', 'deposit_seen'],
        ['order.payout', 'deposit_confirmed'],
        ['order.received', 'payout_sent'],
      ]);
      // Nothing moves a completed order.
      for (const [who, step, body] of [
        ['ada', 'cancel', undefined],
        ['ada', 'dispute', { note: 'not paid' }],
        ['ada', 'received', undefined],
        ['agent', 'payout', await payoutOf(o, 'again')],
      ] as const) {
        const res = await act(who, o.id, step, body);
        expect(res.status, step).toBe(409);
        expect(res.body.error).toBe(
          `Order ${o.reference} is completed: it cannot be ${
            {
              cancel: 'cancelled',
              dispute: 'disputed',
              received: 'confirmed as received',
              payout: 'paid out',
            }[step]
          } now`,
        );
      }
    });

    it.each([
      ['confirm-deposit', 'agent', undefined, 'awaiting_deposit'],
      ['payout', 'agent', { bankReference: 'x' }, 'awaiting_deposit'],
      ['payout', 'agent', { bankReference: 'x' }, 'deposit_seen'],
      ['received', 'ada', undefined, 'deposit_confirmed'],
      ['dispute', 'ada', { note: 'where is it' }, 'deposit_confirmed'],
      ['deposit', 'ada', { txHash: 'f'.repeat(64) }, 'deposit_seen'],
      ['cancel', 'ada', undefined, 'deposit_seen'],
      ['cancel', 'agent', undefined, 'payout_sent'],
      ['resolve', 'admin', { outcome: 'completed', reason: 'paid' }, 'payout_sent'],
    ])(
      'refuses %s from the wrong state with a 409 (as %s, from %s)',
      async (step, who, body, state) => {
        const o = await orderAt(state);
        const sent =
          step === 'payout' ? { ...body, proofMessageId: await proof(o.chatSessionId) } : body;
        const res = await act(who, o.id, step, sent);
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ state });
        const [row] = await database.db.select().from(orders).where(eq(orders.id, o.id));
        expect(row!.state).toBe(state);
      },
    );

    it('a dispute: the customer says it did not arrive; an admin resolves it completed, with the trade', async () => {
      const o = await orderAt('payout_sent');
      const disputed = await act('ada', o.id, 'dispute', { note: 'Nothing in my account' });
      expect(disputed.status).toBe(200);
      expect(disputed.body.state).toBe('disputed');
      expect(disputed.body.timeline.at(-1)).toMatchObject({
        state: 'disputed',
        actor: 'customer',
        note: 'Nothing in my account',
      });
      expect(
        (await act('agent', o.id, 'resolve', { outcome: 'completed', reason: 'Bank confirmed' }))
          .status,
      ).toBe(403);
      expect((await act('admin', o.id, 'resolve', { outcome: 'paid', reason: 'x' })).status).toBe(
        400,
      );
      const resolved = await act('admin', o.id, 'resolve', {
        outcome: 'completed',
        reason: 'The bank confirmed the transfer',
      });
      expect(resolved.status).toBe(200);
      expect(resolved.body.state).toBe('completed');
      expect(resolved.body.timeline.at(-1)).toMatchObject({
        actor: 'admin',
        note: 'The bank confirmed the transfer',
      });
      const trades = await database.db
        .select()
        .from(transactions)
        .where(eq(transactions.orderId, o.id));
      expect(trades.map((t) => [t.status, t.agentId])).toEqual([['completed', people.agent!.id]]);
    });

    it('an agent may flag a dispute too; refunded writes no trade', async () => {
      const o = await orderAt('payout_sent');
      expect((await act('agent', o.id, 'dispute', { note: 'Bank bounced it' })).body.state).toBe(
        'disputed',
      );
      const refunded = await act('admin', o.id, 'resolve', {
        outcome: 'refunded',
        reason: 'Coins sent back',
      });
      expect(refunded.body).toMatchObject({ state: 'refunded' });
      const [row] = await database.db.select().from(orders).where(eq(orders.id, o.id));
      expect(row!.refundedAt).not.toBeNull();
      expect(
        await database.db.select().from(transactions).where(eq(transactions.orderId, o.id)),
      ).toEqual([]);
      expect(
        (await act('admin', o.id, 'resolve', { outcome: 'completed', reason: 'oops' })).status,
      ).toBe(409);
    });

    it('either side cancels before a deposit, with an optional reason', async () => {
      const mine = await order('ada');
      const res = await act('ada', mine.id, 'cancel', { reason: 'Changed my mind' });
      expect(res.body).toMatchObject({ state: 'cancelled' });
      expect(res.body.timeline.at(-1)).toMatchObject({
        actor: 'customer',
        note: 'Changed my mind',
      });
      const theirs = await order('ada');
      expect((await act('agent', theirs.id, 'cancel')).body.state).toBe('cancelled');
    });
  });

  describe('bad input', () => {
    it.each([
      ['bitcoin', 'abc'],
      ['bitcoin', 'f'.repeat(63)],
      ['bitcoin', `0x${'f'.repeat(64)}`],
      ['usdt', 'g'.repeat(64)],
      ['usdt', `0x${'a'.repeat(64)}`],
    ])('refuses a %s tx hash of the wrong shape (%s) with a 400', async (coin, hash) => {
      const o = await order('ada', { coin, amount: coin === 'usdt' ? '10' : '0.01' });
      const res = await act('ada', o.id, 'deposit', { txHash: hash });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/64 hexadecimal characters/);
    });

    it('a tx hash settles one order, ever; the customer is not told whose', async () => {
      const hash = txHash();
      const a = await order('ada');
      expect((await act('ada', a.id, 'deposit', { txHash: hash })).status).toBe(200);
      const b = await order('bola');
      const res = await act('bola', b.id, 'deposit', { txHash: hash.toUpperCase() });
      expect(res).toEqual({
        status: 409,
        body: { error: 'This transaction was already used for another order' },
      });
      const [row] = await database.db.select().from(orders).where(eq(orders.id, b.id));
      expect(row!.state).toBe('awaiting_deposit');
    });

    it('two orders given one tx hash at once: one takes it, the other is a 409', async () => {
      const hash = txHash();
      const a = await order('ada');
      const b = await order('bola');
      const results = await Promise.all([
        act('ada', a.id, 'deposit', { txHash: hash }),
        act('bola', b.id, 'deposit', { txHash: hash }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = results[0]!.status === 200 ? a : b;
      const loser = results.find((r) => r.status === 409)!;
      expect(loser.body).toEqual({ error: 'This transaction was already used for another order' });
      const held = await database.db.select().from(orders).where(eq(orders.txHash, hash));
      expect(held.map((r) => r.id)).toEqual([winner.id]);
    });

    it.each([
      ['payout', { bankReference: '  ' }],
      ['payout', {}],
      ['dispute', { note: '' }],
      ['resolve', { outcome: 'completed' }],
      ['accept', {}],
    ])('refuses %s with a missing field as a 400', async (step, body) => {
      const o = await order('ada');
      const who = step === 'payout' ? 'agent' : step === 'resolve' ? 'admin' : 'ada';
      const res = await act(who, o.id, step, body);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    });

    it('needs an Idempotency-Key on every transition', async () => {
      const o = await order('ada');
      const res = await call('ada', 'POST', `/api/orders/${o.id}/cancel`, {});
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/Idempotency-Key/);
    });
  });

  describe('who may', () => {
    it("a customer never reaches another's order: 404 to read or move it", async () => {
      const o = await order('ada');
      expect(await call('bola', 'GET', `/api/orders/${o.id}`)).toEqual({
        status: 404,
        body: { error: 'Order not found' },
      });
      for (const [step, body] of [
        ['deposit', { txHash: txHash() }],
        ['cancel', undefined],
        ['received', undefined],
        ['dispute', { note: 'mine now' }],
        ['accept', { payoutAccountId: account.bola }],
      ] as const) {
        expect((await act('bola', o.id, step, body)).status, step).toBe(404);
      }
      expect((await call('ada', 'GET', `/api/orders/${o.id}`)).status).toBe(200);
      expect((await call('agent', 'GET', `/api/orders/${o.id}`)).status).toBe(200);
      const [row] = await database.db.select().from(orders).where(eq(orders.id, o.id));
      expect(row!.state).toBe('awaiting_deposit');
    });

    it('steps belong to their side: agents confirm and pay, customers deposit and receive, admins resolve', async () => {
      const o = await orderAt('awaiting_deposit');
      const deposit = await act('agent', o.id, 'deposit', { txHash: txHash() });
      expect(deposit).toEqual({
        status: 403,
        body: { error: "Only the order's customer can submit its deposit" },
      });
      const seen = await orderAt('deposit_seen');
      expect((await act('ada', seen.id, 'confirm-deposit')).body).toEqual({
        error: 'Agent privileges required.',
      });
      const confirmed = await orderAt('deposit_confirmed');
      expect(
        (await act('ada', confirmed.id, 'payout', await payoutOf(confirmed, 'x'))).status,
      ).toBe(403);
      const paid = await orderAt('payout_sent');
      expect((await act('agent', paid.id, 'received')).status).toBe(403);
      expect(
        (await act('ada', paid.id, 'resolve', { outcome: 'completed', reason: 'mine' })).body,
      ).toEqual({ error: "You don't have admin privileges." });
      expect((await call('nobody', 'GET', '/api/orders')).status).toBe(401);
    });

    it('lists: agents see every order, a customer their own; by state and by chat', async () => {
      const mine = await order('cade');
      await act('cade', mine.id, 'cancel');
      const open = await order('cade');
      const cades = orderPageSchema.parse((await call('cade', 'GET', '/api/orders')).body);
      expect(cades.items.map((o) => o.id)).toEqual([open.id, mine.id]);
      expect(cades.items.every((o) => o.customerId === people.cade!.id)).toBe(true);
      const cancelled = orderPageSchema.parse(
        (await call('cade', 'GET', '/api/orders?state=cancelled')).body,
      );
      expect(cancelled.items.map((o) => o.id)).toEqual([mine.id]);
      const all = orderPageSchema.parse((await call('agent', 'GET', '/api/orders?limit=100')).body);
      expect(new Set(all.items.map((o) => o.customerId)).size).toBeGreaterThan(1);
      const byChat = orderPageSchema.parse(
        (await call('agent', 'GET', `/api/orders?chatSessionId=${open.chatSessionId}`)).body,
      );
      expect(byChat.items.map((o) => o.id)).toEqual([open.id]);
      // One customer's orders (the agents' inbox side panel); another customer gets none of them.
      const byCustomer = orderPageSchema.parse(
        (await call('agent', 'GET', `/api/orders?customerId=${people.cade!.id}&limit=100`)).body,
      );
      expect(byCustomer.items.map((o) => o.id)).toEqual([open.id, mine.id]);
      const asAda = orderPageSchema.parse(
        (await call('ada', 'GET', `/api/orders?customerId=${people.cade!.id}`)).body,
      );
      expect(asAda.items).toEqual([]);
      expect((await call('agent', 'GET', '/api/orders?customerId=x')).status).toBe(400);
      const page = orderPageSchema.parse((await call('agent', 'GET', '/api/orders?limit=1')).body);
      expect(page.items).toHaveLength(1);
      const next = orderPageSchema.parse(
        (await call('agent', 'GET', `/api/orders?limit=1&cursor=${page.nextCursor}`)).body,
      );
      expect(next.items[0]!.id).toBeLessThan(page.items[0]!.id);
      expect((await call('cade', 'GET', '/api/orders?state=quoted_or_not')).status).toBe(400);
    });
  });

  describe('idempotency and races', () => {
    it('the same key returns the order again without a second step; with another body, a 422', async () => {
      const o = await order('ada');
      const key = randomUUID();
      const body = { txHash: txHash() };
      const first = await act('ada', o.id, 'deposit', body, key);
      const again = await act('ada', o.id, 'deposit', body, key);
      expect(first.status).toBe(200);
      expect(again).toEqual({ status: 200, body: first.body });
      const changed = await act('ada', o.id, 'deposit', { txHash: txHash() }, key);
      expect(changed.status).toBe(422);
      const events = await database.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, o.id))
        .orderBy(asc(orderEvents.id));
      expect(events.map((e) => e.state)).toEqual(['awaiting_deposit', 'deposit_seen']);
      const audit = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order.deposit'), eq(auditLog.entityId, String(o.id))));
      expect(audit).toHaveLength(1);
    });

    it('two different transitions at once: exactly one wins, the other is a 409', async () => {
      const o = await order('ada');
      const [deposit, cancel] = await Promise.all([
        act('ada', o.id, 'deposit', { txHash: txHash() }),
        act('agent', o.id, 'cancel'),
      ]);
      expect([deposit.status, cancel.status].sort()).toEqual([200, 409]);
      const winner = deposit.status === 200 ? 'deposit_seen' : 'cancelled';
      const [row] = await database.db.select().from(orders).where(eq(orders.id, o.id));
      expect(row!.state).toBe(winner);
      const events = await database.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, o.id))
        .orderBy(asc(orderEvents.id));
      expect(events.map((e) => e.state)).toEqual(['awaiting_deposit', winner]);
    });

    it('two agents confirm at once with their own keys: one 200, one 409; the same key twice: both 200', async () => {
      const o = await orderAt('deposit_seen');
      const results = await Promise.all([
        act('agent', o.id, 'confirm-deposit', BY_HAND),
        act('admin', o.id, 'confirm-deposit', BY_HAND),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const p = await orderAt('deposit_confirmed');
      const key = randomUUID();
      const body = await payoutOf(p, 'R1');
      const twins = await Promise.all([
        act('agent', p.id, 'payout', body, key),
        act('agent', p.id, 'payout', body, key),
      ]);
      expect(twins.map((r) => r.status)).toEqual([200, 200]);
      const events = await database.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, p.id))
        .orderBy(asc(orderEvents.id));
      expect(events.filter((e) => e.state === 'payout_sent')).toHaveLength(1);
    });
  });

  describe("an agent's quote", () => {
    it('is quoted without an address; the customer accepts it with a payout account', async () => {
      const chatSessionId = await chat('bola', 'usdt');
      const res = await lock('agent', {
        chatSessionId,
        coin: 'usdt',
        amount: '250',
      });
      expect(res.status).toBe(201);
      const quote = orderSchema.parse(res.body);
      expect(quote).toMatchObject({
        state: 'quoted',
        customerId: people.bola!.id,
        depositAddress: null,
        payoutAccount: null,
        rateNaira: USDT_SELL,
        totalNaira: '408457.50',
        timeline: [{ state: 'quoted', actor: 'agent' }],
      });
      expect(
        (await act('agent', quote.id, 'accept', { payoutAccountId: account.bola })).status,
      ).toBe(403);
      expect((await act('bola', quote.id, 'accept', { payoutAccountId: account.ada })).status).toBe(
        400,
      );
      const accepted = await act('bola', quote.id, 'accept', { payoutAccountId: account.bola });
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({
        state: 'awaiting_deposit',
        depositAddress: TRON_ADDRESS,
        payoutAccount: { id: account.bola },
        expiresAt: quote.expiresAt,
      });
      expect(
        (await act('bola', quote.id, 'accept', { payoutAccountId: account.bola })).status,
      ).toBe(409);
    });

    it('has no payout account of its own, and is for customers only', async () => {
      const chatSessionId = await chat('bola');
      const withAccount = await lock('agent', {
        chatSessionId,
        coin: 'bitcoin',
        amount: '0.01',
        payoutAccountId: account.bola,
      });
      expect(withAccount.status).toBe(400);
      expect(withAccount.body.error).toMatch(/customer chooses it/);
    });

    it('in naira: the coins it buys; live and audited on both sides, the lock kept on accepting', async () => {
      await aloneOnTheAddresses();
      const chatSessionId = await chat('bola');
      const res = await lock('agent', {
        chatSessionId,
        coin: 'bitcoin',
        amountNaira: '1000000',
      });
      expect(res.status).toBe(201);
      const quote = orderSchema.parse(res.body);
      // ₦1,000,000 / ₦157,254,058.50 = 0.0063591363...: rounded down to 8 places, worth ₦999,999.001.
      expect(quote).toMatchObject({
        state: 'quoted',
        amountCrypto: '0.00635913',
        rateNaira: BTC_SELL,
        totalNaira: '999999.00',
        expiresAt: new Date(now.getTime() + 15 * MINUTE).toISOString(),
        timeline: [{ state: 'quoted', actor: 'agent', actorId: people.agent!.id }],
      });
      now = new Date(now.getTime() + 14 * MINUTE);
      const accepted = await act('bola', quote.id, 'accept', { payoutAccountId: account.bola });
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({
        state: 'awaiting_deposit',
        rateNaira: BTC_SELL,
        totalNaira: '999999.00',
        expiresAt: quote.expiresAt,
        payoutAccount: { id: account.bola },
      });
      expect(BTC_ADDRESSES).toContain(accepted.body.depositAddress);
      const events = await database.db
        .select()
        .from(realtimeEvents)
        .where(eq(realtimeEvents.chatSessionId, chatSessionId))
        .orderBy(asc(realtimeEvents.id));
      expect(
        events.map((e) => {
          const event = realtimeEventSchema.parse({ id: e.id, type: e.type, ...e.payload });
          return [e.customerId, event.type, 'order' in event ? event.order.state : null];
        }),
      ).toEqual(
        expect.arrayContaining([
          [people.bola!.id, 'order.created', 'quoted'],
          [people.bola!.id, 'order.updated', 'awaiting_deposit'],
        ]),
      );
      const audit = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(quote.id))))
        .orderBy(asc(auditLog.id));
      expect(audit.map((a) => [a.action, a.actorId])).toEqual([
        ['order.create', people.agent!.id],
        ['order.accept', people.bola!.id],
      ]);
      expect(
        (await act('bola', quote.id, 'cancel')).body.timeline.map(
          (e: { state: string }) => e.state,
        ),
      ).toEqual(['quoted', 'awaiting_deposit', 'cancelled']);
    });

    it('with no active deposit address, accepting answers 503 and leaves the quote as it was', async () => {
      const chatSessionId = await chat('bola', 'usdt');
      const quote = (await lock('agent', { chatSessionId, coin: 'usdt', amount: '10' })).body;
      const list = await call('admin', 'GET', '/api/admin/desk-addresses');
      const tron = list.body.find((a: { address: string }) => a.address === TRON_ADDRESS);
      await call('admin', 'PATCH', `/api/admin/desk-addresses/${tron.id}`, { active: false });
      const key = randomUUID();
      try {
        const res = await act('bola', quote.id, 'accept', { payoutAccountId: account.bola }, key);
        expect(res.status).toBe(503);
        const [row] = await database.db.select().from(orders).where(eq(orders.id, quote.id));
        expect(row).toMatchObject({ state: 'quoted', payoutAccountId: null, depositAddress: null });
        expect(
          await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, quote.id)),
        ).toHaveLength(1);
      } finally {
        await call('admin', 'PATCH', `/api/admin/desk-addresses/${tron.id}`, { active: true });
      }
      // The same action, tried again once an address is back, goes through.
      const again = await act('bola', quote.id, 'accept', { payoutAccountId: account.bola }, key);
      expect(again.body).toMatchObject({ state: 'awaiting_deposit', depositAddress: TRON_ADDRESS });
    });

    it('is not sent to a restricted customer, who cannot accept one sent before either', async () => {
      const chatSessionId = await chat('cade');
      const quote = (
        await lock('agent', {
          chatSessionId,
          coin: 'bitcoin',
          amount: '0.01',
        })
      ).body;
      expect(quote.state).toBe('quoted');
      const another = await chat('cade');
      const ban = (status: string) =>
        call('agent', 'PATCH', `/api/admin/users/${people.cade!.id}/customer-status`, { status });
      expect((await ban('banned')).status).toBe(200);
      try {
        expect(await act('cade', quote.id, 'accept', { payoutAccountId: account.cade })).toEqual({
          status: 403,
          body: { error: 'Your account is restricted. Contact support.' },
        });
        expect(
          await lock('agent', {
            chatSessionId: another,
            coin: 'bitcoin',
            amount: '0.01',
          }),
        ).toEqual({
          status: 409,
          body: { error: 'This customer is restricted: they cannot be sent a quote' },
        });
      } finally {
        expect((await ban('active')).status).toBe(200);
      }
      const [row] = await database.db.select().from(orders).where(eq(orders.id, quote.id));
      expect(row).toMatchObject({ state: 'quoted', payoutAccountId: null, depositAddress: null });
    });
  });

  describe('the payout proof and the deposit screenshot', () => {
    it('the payout carries an image staff sent in the chat; both sides see it and can open it', async () => {
      const o = await orderAt('deposit_confirmed');
      // The chat's agent sends it: the chat is locked to them, even for an admin (ADR 018).
      const proofMessageId = await proof(o.chatSessionId);
      const res = await act('agent', o.id, 'payout', { bankReference: 'GTB-9', proofMessageId });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const image = {
        messageId: proofMessageId,
        url: `/api/attachments/${proofMessageId}`,
        thumbnailUrl: `/api/attachments/${proofMessageId}/thumbnail`,
      };
      expect(orderSchema.parse(res.body)).toMatchObject({
        state: 'payout_sent',
        bankReference: 'GTB-9',
        payoutProof: image,
        depositScreenshot: null,
      });
      const seen = await call('ada', 'GET', `/api/orders/${o.id}`);
      expect(seen.body.payoutProof).toEqual(image);
      const thumbnail = await app.inject({
        method: 'GET',
        url: image.thumbnailUrl,
        headers: { cookie: cookie.ada! },
      });
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      const [audit] = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order.payout'), eq(auditLog.entityId, String(o.id))));
      expect(audit!.after).toMatchObject({ payoutProofMessageId: proofMessageId });
    });

    it('refuses a payout proof that is not an image staff sent in this chat, with a 400 saying why', async () => {
      const o = await orderAt('deposit_confirmed');
      const text = await call('agent', 'POST', `/api/chat-sessions/${o.chatSessionId}/messages`, {
        clientMessageId: randomUUID(),
        content: 'Paid, see the transfer',
      });
      expect(text.status).toBe(201);
      const other = await order('bola');
      const cases: [string, unknown, RegExp][] = [
        [
          'no proof',
          undefined,
          /^proofMessageId: Attach the payout proof: the id of an image message staff sent/,
        ],
        ['a text message', text.body.id, /is not an image message$/],
        [
          "the customer's image",
          await proof(o.chatSessionId, 'ada'),
          /was not sent by an agent or admin$/,
        ],
        [
          "an agent's image in another chat",
          await proof(other.chatSessionId),
          /is not in this order's chat$/,
        ],
        ['no such message', 2_000_000_000, /is not in this order's chat$/],
        [
          'not a number',
          'one',
          /^proofMessageId: Attach the payout proof: the id of an image message staff sent/,
        ],
      ];
      for (const [what, proofMessageId, error] of cases) {
        const res = await act('agent', o.id, 'payout', { bankReference: 'GTB-1', proofMessageId });
        expect(res.status, what).toBe(400);
        expect(res.body.error, what).toMatch(error);
      }
      const [row] = await database.db.select().from(orders).where(eq(orders.id, o.id));
      expect(row).toMatchObject({
        state: 'deposit_confirmed',
        bankReference: null,
        payoutProofMessageId: null,
      });
    });

    it('one image proves one payout: the next order in the chat needs its own (409)', async () => {
      const first = await orderAt('payout_sent');
      expect((await act('ada', first.id, 'received')).status).toBe(200);
      let next = await order('ada', { chatSessionId: first.chatSessionId });
      next = orderSchema.parse((await act('ada', next.id, 'deposit', { txHash: txHash() })).body);
      expect((await act('agent', next.id, 'confirm-deposit', BY_HAND)).status).toBe(200);
      const reused = await act('agent', next.id, 'payout', {
        bankReference: 'GTB-2',
        proofMessageId: first.payoutProof!.messageId,
      });
      expect(reused).toEqual({
        status: 409,
        body: { error: `This image is already the payout proof of order ${first.reference}` },
      });
    });

    it("takes the customer's own screenshot with the tx hash, and refuses anyone else's image", async () => {
      const o = await order('ada');
      const agentImage = await proof(o.chatSessionId);
      const elsewhere = await proof(await chat('ada'), 'ada');
      for (const [screenshotMessageId, error] of [
        [agentImage, /^Deposit screenshot: .* was not sent by the order's customer$/],
        [elsewhere, /^Deposit screenshot: .* is not in this order's chat$/],
        [-4, /^screenshotMessageId: The deposit screenshot is the id of an image message you sent/],
      ] as const) {
        const res = await act('ada', o.id, 'deposit', { txHash: txHash(), screenshotMessageId });
        expect(res.status).toBe(400);
        expect(res.body.error).toMatch(error);
      }
      const screenshotMessageId = await proof(o.chatSessionId, 'ada');
      const res = await act('ada', o.id, 'deposit', { txHash: txHash(), screenshotMessageId });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(orderSchema.parse(res.body)).toMatchObject({
        state: 'deposit_seen',
        depositScreenshot: {
          messageId: screenshotMessageId,
          url: `/api/attachments/${screenshotMessageId}`,
          thumbnailUrl: `/api/attachments/${screenshotMessageId}/thumbnail`,
        },
        payoutProof: null,
      });
    });

    it('the receipt reads the order: its customer and any agent or admin, nobody else', async () => {
      const o = await orderAt('payout_sent');
      expect((await act('ada', o.id, 'received')).status).toBe(200);
      for (const who of ['ada', 'agent', 'admin']) {
        const res = await call(who, 'GET', `/api/orders/${o.id}`);
        expect(res.status, who).toBe(200);
        expect(res.body).toMatchObject({ state: 'completed', reference: o.reference });
      }
      expect((await call('bola', 'GET', `/api/orders/${o.id}`)).status).toBe(404);
      expect((await call('nobody', 'GET', `/api/orders/${o.id}`)).status).toBe(401);
    });
  });

  describe('completing paid orders after PAYOUT_CONFIRM_HOURS, on a fake clock', () => {
    const HOUR = 60 * MINUTE;
    const sweep = () =>
      completePaidOrders({
        db: database.db,
        events: new EventLog(database, new EventBus()),
        now,
        payoutConfirmHours: app.config.payoutConfirmHours,
      });
    const stateOf = async (id: number) =>
      (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!.state;
    const tradesOf = (id: number) =>
      database.db.select().from(transactions).where(eq(transactions.orderId, id));

    it('completes a paid order nobody answered, 24 hours after the payout, by the system, with its trade', async () => {
      expect(app.config.payoutConfirmHours).toBe(24);
      const quiet = await orderAt('payout_sent');
      const paidAt = now;
      now = new Date(paidAt.getTime() + HOUR);
      const later = await orderAt('payout_sent', 'bola');
      const disputed = await orderAt('payout_sent', 'cade');
      expect((await act('cade', disputed.id, 'dispute', { note: 'Nothing yet' })).status).toBe(200);

      now = new Date(paidAt.getTime() + 24 * HOUR - 1);
      await sweep();
      expect(await stateOf(quiet.id)).toBe('payout_sent');

      now = new Date(paidAt.getTime() + 24 * HOUR);
      expect(await sweep()).toBeGreaterThanOrEqual(1);
      expect(await sweep()).toBe(0);
      expect(await stateOf(quiet.id)).toBe('completed');
      expect(await stateOf(later.id)).toBe('payout_sent');
      expect(await stateOf(disputed.id)).toBe('disputed');

      const done = orderSchema.parse((await call('ada', 'GET', `/api/orders/${quiet.id}`)).body);
      expect(done.timeline.at(-1)).toEqual({
        state: 'completed',
        actor: 'system',
        actorId: null,
        at: now.toISOString(),
        note: 'No answer from the customer within 24 hours of the payout',
      });
      const trades = await tradesOf(quiet.id);
      expect(trades).toHaveLength(1);
      expect(trades[0]).toMatchObject({
        reference: quiet.reference,
        kind: 'trade',
        status: 'completed',
        customerId: people.ada!.id,
        agentId: people.agent!.id,
      });
      expect(dec(trades[0]!.total).toFixed(2)).toBe(quiet.totalNaira);
      const audit = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(quiet.id))))
        .orderBy(asc(auditLog.id));
      expect(audit.at(-1)).toMatchObject({
        action: 'order.auto-complete',
        actorId: null,
        before: { state: 'payout_sent' },
        after: { state: 'completed' },
      });
      const live = await database.db
        .select()
        .from(realtimeEvents)
        .where(eq(realtimeEvents.chatSessionId, quiet.chatSessionId))
        .orderBy(asc(realtimeEvents.id));
      expect(live.slice(-2).map((e) => [e.type, e.customerId])).toEqual([
        ['transaction.created', people.ada!.id],
        ['order.updated', people.ada!.id],
      ]);
      expect(live.at(-1)!.payload).toMatchObject({ order: { id: quiet.id, state: 'completed' } });
      // Too late to answer now; the next day the other order follows.
      expect((await act('ada', quiet.id, 'received')).status).toBe(409);
      now = new Date(paidAt.getTime() + 25 * HOUR);
      await sweep();
      expect(await stateOf(later.id)).toBe('completed');
      expect(await tradesOf(later.id)).toHaveLength(1);
    });

    it("the customer's answer and the sweep at once: the order completes once, with one trade", async () => {
      const o = await orderAt('payout_sent');
      now = new Date(now.getTime() + 24 * HOUR);
      const [received] = await Promise.all([act('ada', o.id, 'received'), sweep()]);
      expect([200, 409]).toContain(received.status);
      expect(await stateOf(o.id)).toBe('completed');
      expect(await tradesOf(o.id)).toHaveLength(1);
      const steps = await database.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, o.id), eq(orderEvents.state, 'completed')));
      expect(steps).toHaveLength(1);
      expect(steps[0]!.actor).toBe(received.status === 200 ? 'customer' : 'system');
    });
  });

  describe('expiry, on a fake clock', () => {
    it('an order past its lock without a tx hash is expired when read, and frees its chat', async () => {
      const o = await order('ada');
      now = new Date(now.getTime() + 15 * MINUTE - 1);
      expect((await call('ada', 'GET', `/api/orders/${o.id}`)).body.state).toBe('awaiting_deposit');
      now = new Date(now.getTime() + 1);
      const read = await call('ada', 'GET', `/api/orders/${o.id}`);
      expect(read.body.state).toBe('expired');
      expect(read.body.timeline.at(-1)).toEqual({
        state: 'expired',
        actor: 'system',
        actorId: null,
        at: now.toISOString(),
        note: null,
      });
      const late = await act('ada', o.id, 'deposit', { txHash: txHash() });
      expect(late.status).toBe(409);
      expect(late.body.error).toMatch(/is expired: it cannot be given a deposit now/);
      await order('ada', { chatSessionId: o.chatSessionId });
    });

    it('a transition after the lock finds the order expired, even unread', async () => {
      const o = await order('ada');
      now = new Date(now.getTime() + 16 * MINUTE);
      const res = await act('ada', o.id, 'cancel');
      expect(res.status).toBe(409);
      expect(res.body.state).toBe('expired');
    });

    it('an expired quote cannot be accepted', async () => {
      const chatSessionId = await chat('bola');
      const quote = (
        await lock('agent', {
          chatSessionId,
          coin: 'bitcoin',
          amount: '0.01',
        })
      ).body;
      now = new Date(now.getTime() + 15 * MINUTE);
      const res = await act('bola', quote.id, 'accept', { payoutAccountId: account.bola });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ state: 'expired' });
    });

    it('a tx hash in time keeps the order past its lock; the sweep expires the rest', async () => {
      const paid = await order('ada');
      const idle = await order('bola');
      expect((await act('ada', paid.id, 'deposit', { txHash: txHash() })).status).toBe(200);
      now = new Date(now.getTime() + 60 * MINUTE);
      // The app's timer runs this; here it runs once, on the same clock.
      const swept = await expireOrders({
        db: database.db,
        events: new EventLog(database, new EventBus()),
        now,
      });
      expect(swept).toBeGreaterThanOrEqual(1);
      expect(
        await expireOrders({
          db: database.db,
          events: new EventLog(database, new EventBus()),
          now,
        }),
      ).toBe(0);
      const list = orderPageSchema.parse(
        (await call('agent', 'GET', '/api/orders?limit=100')).body,
      );
      expect(list.items.find((o) => o.id === paid.id)?.state).toBe('deposit_seen');
      expect(list.items.find((o) => o.id === idle.id)?.state).toBe('expired');
      const audit = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order.expire'), eq(auditLog.entityId, String(idle.id))));
      expect(audit.map((a) => [a.actorId, a.before, a.after])).toEqual([
        [null, { state: 'awaiting_deposit' }, { state: 'expired' }],
      ]);
    });
  });
});
