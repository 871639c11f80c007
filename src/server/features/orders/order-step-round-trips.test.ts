import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '../../../shared/api/orders';
import { createTestApp, injectJson } from '../../../../tests/support/app';
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
import { rows } from '../../db/raw';
import { auditLog, orderEvents } from '../../db/schema';
import { waitForReading } from '../image-readings';

const priceServer = new PriceServer();
beforeAll(() => priceServer.start());
afterAll(() => priceServer.stop());

/**
 * What each order step costs in statements (issue 33): the statements a step sends up to its
 * commit (the hub's read of the event and the push lookup come after the answer is decided;
 * the session cookie's lookup is cached and left out). Before issue 33: deposit 14,
 * confirm-deposit 14, payout 17, received 16 (bench/README.md). Each step's timeline row, audit
 * entry and event are still written exactly once.
 */
const STEPS = [
  { step: 'deposit', by: 'customer', statements: 6 },
  { step: 'confirm-deposit', by: 'agent', statements: 6 },
  { step: 'payout', by: 'agent', statements: 8 },
  { step: 'received', by: 'customer', statements: 8 },
] as const;

describe.each(testDatabaseKinds())('order steps in round trips on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let dataDir: string;
  const cookie: Record<'customer' | 'agent' | 'admin', string> = {
    customer: '',
    agent: '',
    admin: '',
  };
  let accountId: number;

  beforeAll(async () => {
    database = await kind.open();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-order-steps-'));
    app = await createTestApp({
      database,
      env: { DATA_DIR: dataDir, PRICE_API_URL: priceServer.url },
    });
    await app.ready();
    await app.priceFeed.refresh();
    cookie.customer = await sessionCookie(database.db, await makeCustomer(database.db));
    cookie.agent = await sessionCookie(database.db, await makeAgent(database.db));
    cookie.admin = await sessionCookie(database.db, await makeAgent(database.db, { admin: true }));
    accountId = await addPayoutAccount(app, cookie.customer, '012345670', 'Customer Ada');
    await addDepositAddress(app, cookie.admin, 'BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    await setSellRates(database.db, { bitcoin: '157254058.50' });
  });

  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Waits until the app has sent no statement for a while: what the last step set going after its
   * answer (the hub's read, the push lookup, an image's reading) is done before the next counts.
   */
  async function settled(): Promise<void> {
    let last = performance.now();
    const stop = database.watchStatements(() => (last = performance.now()));
    try {
      while (performance.now() - last < 100) await new Promise((r) => setTimeout(r, 25));
    } finally {
      stop();
    }
  }

  /** The statements `work` sent up to its first commit, the session cookie's lookup left out. */
  async function untilCommit<T>(work: () => Promise<T>): Promise<{ result: T; sent: string[] }> {
    const all: string[] = [];
    const stop = database.watchStatements((text) => all.push(text.trim().toLowerCase()));
    try {
      const result = await work();
      const end = all.indexOf('commit');
      const sent = (end < 0 ? all : all.slice(0, end + 1)).filter(
        (text) => !text.includes('"auth_sessions"'),
      );
      return { result, sent };
    } finally {
      stop();
    }
  }

  /**
   * Creating an order, and accepting a quote, take the network's deposit-address lock (the
   * cursor's row on a shared address) and hold it to their commit; every order on the network
   * waits behind it. Counted: the statements up to the commit, and those sent while the lock is
   * held (after the statement taking it, the commit included). Before (2026-11-29): the
   * customer's order 25 statements, 10 under the lock; the quote 16; accepting it 14, 8 under
   * the lock.
   */
  const CREATES = [
    { name: 'customer order', statements: 15, underLock: 2 },
    { name: 'quote', statements: 12, underLock: null },
    { name: 'accept', statements: 9, underLock: 4 },
  ] as const;

  it('creating an order and accepting a quote stay at their counts, the lock held briefly, their writes made once', async () => {
    const chat = async () =>
      (
        await injectJson(app, {
          cookie: cookie.customer,
          method: 'POST',
          url: '/api/chat-sessions',
          body: { category: 'bitcoin' },
        })
      ).body.id as number;
    const create = async (by: 'customer' | 'agent', body: Record<string, unknown>) => {
      const preview = await injectJson(app, {
        cookie: cookie[by],
        method: 'POST',
        url: '/api/orders/preview',
        body,
      });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      await settled();
      return untilCommit(() =>
        injectJson(app, {
          cookie: cookie[by],
          method: 'POST',
          url: '/api/orders',
          body: { ...body, rateVersion: preview.body.rateVersion },
          headers: { 'idempotency-key': randomUUID() },
        }),
      );
    };
    const counted: Record<string, { statements: number; underLock: number | null }> = {};
    const count = (name: string, sent: string[]) => {
      const lock = sent.findIndex((text) => text.includes('desk_address_cursors'));
      counted[name] = {
        statements: sent.length,
        underLock: lock < 0 ? null : sent.length - lock - 1,
      };
    };
    /** The order's timeline row, audit entry and event: each written once, the event as answered. */
    const writtenOnce = async (order: Order, action: string, type: string) => {
      const timeline = await database.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id));
      expect(timeline).toHaveLength(order.timeline.length);
      const audits = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, String(order.id)), eq(auditLog.action, action)));
      expect(audits).toHaveLength(1);
      const events = await rows<{ payload: { order: Order } }>(
        database.db,
        sql`select payload from realtime_events where type = ${type}
            and (payload -> 'order' ->> 'id')::integer = ${order.id}`,
      );
      expect(events).toHaveLength(1);
      expect(events[0]!.payload.order).toEqual(order);
    };

    const own = await create('customer', {
      chatSessionId: await chat(),
      coin: 'bitcoin',
      amount: '0.02',
      payoutAccountId: accountId,
    });
    expect(own.result.status, JSON.stringify(own.result.body)).toBe(201);
    const ordered = orderSchema.parse(own.result.body);
    expect(ordered).toMatchObject({ state: 'awaiting_deposit', timeline: [{ actor: 'customer' }] });
    count('customer order', own.sent);
    await writtenOnce(ordered, 'order.create', 'order.created');

    const quote = await create('agent', {
      chatSessionId: await chat(),
      coin: 'bitcoin',
      amount: '0.02',
    });
    expect(quote.result.status, JSON.stringify(quote.result.body)).toBe(201);
    const quoted = orderSchema.parse(quote.result.body);
    count('quote', quote.sent);
    await writtenOnce(quoted, 'order.create', 'order.created');

    await settled();
    const accept = await untilCommit(() =>
      injectJson(app, {
        cookie: cookie.customer,
        method: 'POST',
        url: `/api/orders/${quoted.id}/accept`,
        body: { payoutAccountId: accountId },
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
    expect(accept.result.status, JSON.stringify(accept.result.body)).toBe(200);
    const accepted = orderSchema.parse(accept.result.body);
    // Another open order on the address asks for 0.02 BTC: this one moves by a satoshi.
    expect(accepted).toMatchObject({ state: 'awaiting_deposit', amountCrypto: '0.01999999' });
    count('accept', accept.sent);
    await writtenOnce(accepted, 'order.accept', 'order.updated');

    expect(counted).toEqual(
      Object.fromEntries(
        CREATES.map(({ name, statements, underLock }) => [name, { statements, underLock }]),
      ),
    );
  });

  it('each step of the main path stays at its count of statements, its writes made once', async () => {
    const chat = await injectJson(app, {
      cookie: cookie.customer,
      method: 'POST',
      url: '/api/chat-sessions',
      body: { category: 'bitcoin' },
    });
    const placed = await placeOrder(app, cookie.customer, {
      chatSessionId: chat.body.id,
      coin: 'bitcoin',
      amount: '0.01',
      payoutAccountId: accountId,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    let order: Order = orderSchema.parse(placed.body);
    const bodies = {
      deposit: async () => ({ txHash: randomUUID().replaceAll('-', '').repeat(2) }),
      'confirm-deposit': async () => ({ reason: 'Seen on our own node' }),
      payout: async () => {
        const proofMessageId = await uploadImage(app, {
          cookie: cookie.agent,
          chatSessionId: order.chatSessionId,
        });
        // The image's reading (in the background) is done before the step is counted.
        await waitForReading({ db: database.db, messageId: proofMessageId, timeoutMs: 30_000 });
        return { bankReference: 'GTB-REF-1', proofMessageId };
      },
      received: async () => ({}),
    };
    const counts: Record<string, number> = {};
    for (const { step, by } of STEPS) {
      const body = await bodies[step]();
      const key = randomUUID();
      await settled();
      const { result, sent } = await untilCommit(() =>
        injectJson(app, {
          cookie: cookie[by],
          method: 'POST',
          url: `/api/orders/${order.id}/${step}`,
          body,
          headers: { 'idempotency-key': key },
        }),
      );
      expect(result.status, `${step}: ${JSON.stringify(result.body)}`).toBe(200);
      order = orderSchema.parse(result.body);
      counts[step] = sent.length;
      // Written once: the timeline row, the audit entry and the realtime event.
      const written = await database.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.idempotencyKey, key)));
      expect(written).toHaveLength(1);
      expect(order.timeline.at(-1)).toMatchObject({ state: order.state });
      const audits = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, String(order.id)), eq(auditLog.action, `order.${step}`)));
      expect(audits.length).toBeGreaterThanOrEqual(1);
      const [event] = await rows<{ payload: { order: Order } }>(
        database.db,
        sql`select payload from realtime_events where type = 'order.updated'
            and (payload -> 'order' ->> 'id')::integer = ${order.id} order by id desc limit 1`,
      );
      expect(event!.payload.order).toEqual(result.body);
    }
    expect(counts).toEqual(Object.fromEntries(STEPS.map((s) => [s.step, s.statements])));
  });
});
