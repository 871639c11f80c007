import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '../../../shared/api/orders';
import { customerView, PAYOUT_FOUR_EYES_RULE } from '../../../shared/orders/payout-approval';
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
  chatSessions,
  exchangeRates,
  orderEvents,
  realtimeEvents,
} from '../../db/schema';
import { orderPayload } from '../push/push-texts';

/** A well-formed tx hash (64 hex) of its own each call. */
const txHash = () => randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');

/** The market: BTC at $97,250.50; the sell rates below are within the guard, so published. */
const priceServer = new PriceServer();
beforeAll(() => priceServer.start());
afterAll(() => priceServer.stop());

/** 0.03125 BTC at these rates is exactly ₦5,000,000.00 and ₦5,000,000.01. */
const AT_THRESHOLD = '160000000.00';
const KOBO_OVER = '160000000.32';

describe.each(testDatabaseKinds())('payout approval (decision 028) on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  const cookie: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let payoutAccountId = 0;

  const call = (who: string, method: InjectedCall['method'], url: string, body?: unknown) =>
    injectJson(app, {
      cookie: cookie[who],
      method,
      url,
      body,
      headers: method === 'POST' ? { 'idempotency-key': randomUUID() } : undefined,
    });
  /**
   * A step by `who`; a payout comes with a proof image the chat's agent sent in it (staff's
   * image is proof whoever records the payout).
   */
  const step = async (who: string, order: Order, name: string, body?: Record<string, unknown>) => {
    const payout =
      name === 'payout'
        ? {
            bankReference: 'GTB-77',
            proofMessageId: await uploadImage(app, {
              cookie: cookie.agent,
              chatSessionId: order.chatSessionId,
            }),
          }
        : {};
    return call(who, 'POST', `/api/orders/${order.id}/${name}`, { ...payout, ...body });
  };
  const ok = async (who: string, order: Order, name: string, body?: Record<string, unknown>) => {
    const res = await step(who, order, name, body);
    expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
    return orderSchema.parse(res.body);
  };
  /** A new chat with a 0.03125 BTC order at `rate`, its deposit confirmed by `confirmer`. */
  async function confirmedAt(rate: string, confirmer = 'agent'): Promise<Order> {
    await database.db.delete(exchangeRates).where(eq(exchangeRates.currency, 'bitcoin'));
    await setSellRates(database.db, { bitcoin: rate });
    const chat = await call('customer', 'POST', '/api/chat-sessions', { category: 'bitcoin' });
    const res = await placeOrder(app, cookie.customer, {
      chatSessionId: chat.body.id,
      coin: 'bitcoin',
      amount: '0.03125',
      payoutAccountId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    let order = orderSchema.parse(res.body);
    order = await ok('customer', order, 'deposit', { txHash: txHash() });
    return ok(confirmer, order, 'confirm-deposit', { reason: 'Seen on our own node' });
  }
  const audits = (id: number, action: string) =>
    database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, action)));
  const asCustomer = async (id: number) =>
    orderSchema.parse((await call('customer', 'GET', `/api/orders/${id}`)).body);

  beforeAll(async () => {
    database = await kind.open();
    app = await createTestApp({ database, env: { PRICE_API_URL: priceServer.url } });
    await app.ready();
    await app.priceFeed.refresh();
    const users = {
      customer: await makeCustomer(database.db),
      agent: await makeAgent(database.db),
      adminAgent: await makeAgent(database.db, { admin: true }),
      admin: await makeAgent(database.db, { admin: true }),
      other: await makeAgent(database.db, { admin: true }),
    };
    for (const [name, user] of Object.entries(users)) {
      cookie[name] = await sessionCookie(database.db, user);
      ids[name] = user.id;
    }
    payoutAccountId = await addPayoutAccount(app, cookie.customer!, '076543219', 'Ada Obi');
    await addDepositAddress(app, cookie.admin!, 'BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('needs no approval at exactly ₦5,000,000.00 and needs it at ₦5,000,000.01', async () => {
    const at = await confirmedAt(AT_THRESHOLD);
    expect(at).toMatchObject({ totalNaira: '5000000.00', state: 'deposit_confirmed' });
    const over = await confirmedAt(KOBO_OVER);
    expect(over).toMatchObject({ totalNaira: '5000000.01', state: 'payout_approval' });
    expect(over.timeline.at(-1)).toMatchObject({ state: 'payout_approval', actor: 'agent' });
  });

  it('refuses the payout before the approval, agents, the chat holder and the confirmer', async () => {
    const order = await confirmedAt(KOBO_OVER);
    const early = await step('agent', order, 'payout');
    expect(early.status).toBe(409);
    expect(early.body.error).toMatch(/waits for an admin's approval/);

    expect((await step('agent', order, 'approve-payout')).status).toBe(403);
    // The admin who holds the chat is the one who will pay: not theirs to approve.
    await database.db
      .update(chatSessions)
      .set({ agentId: ids.adminAgent })
      .where(eq(chatSessions.id, order.chatSessionId));
    for (const name of ['approve-payout', 'reject-payout']) {
      const own = await step('adminAgent', order, name, { reason: 'Account name does not match' });
      expect(own.status).toBe(403);
      expect(own.body.error).toBe(PAYOUT_FOUR_EYES_RULE);
    }
    const confirmedByAdmin = await confirmedAt(KOBO_OVER, 'admin');
    const byConfirmer = await step('admin', confirmedByAdmin, 'approve-payout');
    expect(byConfirmer.status).toBe(403);
    expect(byConfirmer.body.error).toBe(PAYOUT_FOUR_EYES_RULE);
    expect((await asCustomer(order.id)).state).toBe('payout_approval');
  });

  it('lets another admin approve (audited); the approver may not pay it, the agent may', async () => {
    const order = await confirmedAt(KOBO_OVER);
    const listed = await call('admin', 'GET', '/api/orders?state=payout_approval&limit=100');
    expect(listed.body.items.map((o: Order) => o.id)).toContain(order.id);

    const approved = await ok('admin', order, 'approve-payout');
    expect(approved.state).toBe('deposit_confirmed');
    expect(approved.timeline.at(-1)).toMatchObject({ state: 'deposit_confirmed', actor: 'admin' });
    const [entry] = await audits(order.id, 'order.approve-payout');
    expect(entry).toMatchObject({
      actorId: ids.admin,
      before: { state: 'payout_approval' },
      after: { state: 'deposit_confirmed', payoutApprovedBy: ids.admin },
    });
    const again = await step('other', order, 'approve-payout');
    expect(again.status).toBe(409);

    const byApprover = await step('admin', approved, 'payout');
    expect(byApprover.status).toBe(403);
    expect(byApprover.body.error).toBe(PAYOUT_FOUR_EYES_RULE);
    expect((await ok('agent', approved, 'payout')).state).toBe('payout_sent');
  });

  it('rejects with a reason of 10 characters or more: the coins go back, audited', async () => {
    const order = await confirmedAt(KOBO_OVER);
    const short = await step('admin', order, 'reject-payout', { reason: 'No.' });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatch(/at least 10 characters/);

    const reason = 'The account name does not match the customer';
    const rejected = await ok('admin', order, 'reject-payout', { reason });
    expect(rejected.state).toBe('deposit_returning');
    expect(rejected.timeline.at(-1)).toMatchObject({
      state: 'deposit_returning',
      actor: 'admin',
      note: reason,
    });
    const [entry] = await audits(order.id, 'order.reject-payout');
    expect(entry).toMatchObject({ actorId: ids.admin, after: { state: 'deposit_returning' } });
    expect((await step('agent', rejected, 'payout')).status).toBe(409);
    expect((await step('other', rejected, 'approve-payout')).status).toBe(409);
  });

  it('of 20 approvals at once, one wins: one audit entry, one timeline entry, one event', async () => {
    const order = await confirmedAt(KOBO_OVER);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        step(i % 2 === 0 ? 'admin' : 'other', order, 'approve-payout'),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await audits(order.id, 'order.approve-payout')).toHaveLength(1);
    const entries = await database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.state, 'deposit_confirmed')));
    expect(entries).toHaveLength(1);
    const told = await database.db
      .select()
      .from(realtimeEvents)
      .where(
        and(
          eq(realtimeEvents.type, 'order.updated'),
          sql`${realtimeEvents.payload}->'order'->>'id' = ${String(order.id)}`,
          sql`${realtimeEvents.payload}->'order'->>'state' = 'deposit_confirmed'`,
        ),
      );
    expect(told).toHaveLength(1);
  });

  it('shows the customer what they saw before: deposit confirmed, one entry, one push', async () => {
    const plain = customerView(await asCustomer((await confirmedAt(AT_THRESHOLD)).id));
    const order = await confirmedAt(KOBO_OVER);
    const waiting = customerView(await asCustomer(order.id));
    expect(waiting.state).toBe('deposit_confirmed');
    expect(waiting.timeline.map((e) => e.state)).toEqual(plain.timeline.map((e) => e.state));
    expect(orderPayload({ ...order, state: 'payout_approval' }).body).toBe(
      orderPayload({ ...order, state: 'deposit_confirmed' }).body,
    );

    await ok('admin', order, 'approve-payout');
    const approved = customerView(await asCustomer(order.id));
    expect(approved.state).toBe('deposit_confirmed');
    expect(approved.timeline).toEqual(waiting.timeline);
  });
});
