import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '../../../shared/api/orders';
import { formatNaira } from '../../../shared/money';
import { staffPayoutAccountListSchema } from '../../../shared/api/payout-accounts';
import { nubanCheckDigit } from '../../../shared/payout-accounts/nuban';
import {
  auditLog,
  chatSessions,
  orderEvents,
  orders,
  users,
  whatsappContacts,
  whatsappOutbox,
} from '../../db/schema';
import { createTestApp, injectJson } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import {
  buttonReply,
  GraphApiServer,
  replyButtons,
  shownText,
  textMessage,
  webhookDelivery,
  whatsappEnv,
  type ReplyButton,
  type SentMessage,
} from '../../../../tests/support/graph-api-server';
import { uploadImage } from '../../../../tests/support/images';
import {
  addDepositAddress,
  addPayoutAccount,
  placeOrder,
  setSellRates,
} from '../../../../tests/support/order-setup';
import { PriceServer } from '../../../../tests/support/price-server';
import { postWebhook, settleWhatsapp } from '../../../../tests/support/whatsapp-app';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import type { SessionUser } from '../../platform/sessions';
import { UNKNOWN_BUTTON_TEXT, WHATSAPP_DISPUTE_NOTE } from './button-replies';
import { WINDOW_CLOSED_TITLE } from './send-outbox';

const MINUTE = 60_000;
const BTC_DEPOSIT_ADDRESS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
/** A well-formed tx hash (64 hex) of its own each call. */
const txHash = () => randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');

/** The market: BTC at $97,250.50; the desk's sell rate is set by hand. */
const priceServer = new PriceServer();
beforeAll(() => priceServer.start());
afterAll(() => priceServer.stop());

/**
 * Orders inside WhatsApp (issue 34 item 6, decision 036): the quote as reply buttons, the
 * buttons running the web's use cases, every step a WhatsApp message through the outbox, and
 * the payout account an agent adds for the customer to confirm.
 */
describe.each(testDatabaseKinds())('orders inside WhatsApp on $name', (kind) => {
  let database: TestDatabase;
  let graph: GraphApiServer;
  let app: FastifyInstance;
  let agentCookie = '';
  let now = Date.now();
  let phoneCounter = 0;
  const newNumber = () => `234805${String(Date.now() % 100000).padStart(5, '0')}${++phoneCounter}`;

  const post = (body: string) => postWebhook(app, body);
  const settle = () => settleWhatsapp(app);
  const deliver = async (message: object) => {
    const body = webhookDelivery({ messages: [message] });
    expect((await post(body)).statusCode).toBe(200);
    await settle();
    return body;
  };
  /** What the stand-in was sent to `to` after `since` messages in its log. */
  const sentTo = (to: string, since = 0): SentMessage[] =>
    graph.sent.slice(since).filter((m) => m.to === to);
  const lastTo = (to: string): SentMessage => {
    const mine = sentTo(to);
    expect(mine.length).toBeGreaterThan(0);
    return mine[mine.length - 1]!;
  };
  const button = (message: SentMessage, title: string): ReplyButton => {
    const found = replyButtons(message).find((b) => b.title === title);
    expect(found, `${title} in ${JSON.stringify(replyButtons(message))}`).toBeDefined();
    return found!;
  };
  const tap = (from: string, reply: ReplyButton) =>
    deliver(buttonReply(from, reply, new Date(now)));

  /** A WhatsApp customer with a chat on the Bitcoin desk. */
  async function whatsappCustomer() {
    const waId = newNumber();
    await deliver(
      textMessage(waId, 'Hello, I want to sell Bitcoin. What is your current rate?', new Date(now)),
    );
    const [row] = await database.db
      .select({ user: users, chatSessionId: chatSessions.id })
      .from(whatsappContacts)
      .innerJoin(users, eq(users.id, whatsappContacts.customerId))
      .innerJoin(chatSessions, eq(chatSessions.customerId, users.id))
      .where(eq(whatsappContacts.waId, waId));
    return { waId, user: row!.user as SessionUser, chatSessionId: row!.chatSessionId };
  }
  const addAccountFor = (customerId: string, serial = '012345678') =>
    injectJson(app, {
      cookie: agentCookie,
      method: 'POST',
      url: `/api/channels/whatsapp/customers/${customerId}/payout-accounts`,
      body: {
        bankCode: '058',
        accountNumber: serial + String(nubanCheckDigit('058', serial)),
        accountName: 'Chidi Okafor',
      },
    });
  /** A WhatsApp customer with a payout account the agent added and they confirmed. */
  async function readyCustomer() {
    const customer = await whatsappCustomer();
    const added = await addAccountFor(customer.user.id);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    await settle();
    await tap(customer.waId, button(lastTo(customer.waId), 'Confirm'));
    return { ...customer, accountId: added.body.id as number };
  }
  const quote = async (chatSessionId: number): Promise<Order> => {
    const res = await placeOrder(app, agentCookie, {
      chatSessionId,
      coin: 'bitcoin',
      amount: '0.01',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await settle();
    return orderSchema.parse(res.body);
  };
  const orderNow = async (id: number) => {
    const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
    return row!;
  };
  const act = async (cookie: string, id: number, step: string, body?: object) => {
    const res = await injectJson(app, {
      cookie,
      method: 'POST',
      url: `/api/orders/${id}/${step}`,
      body,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status, `${step}: ${JSON.stringify(res.body)}`).toBe(200);
    await settle();
    return orderSchema.parse(res.body);
  };
  /** The customer's accepted order moved by the desk to payout_sent (bank reference GTB-…). */
  async function paidOut(customer: Awaited<ReturnType<typeof readyCustomer>>, reference: string) {
    const order = await quote(customer.chatSessionId);
    await tap(customer.waId, button(lastTo(customer.waId), 'Accept'));
    const customerCookie = await sessionCookie(database.db, customer.user);
    await act(customerCookie, order.id, 'deposit', { txHash: txHash() });
    await act(agentCookie, order.id, 'confirm-deposit', { reason: 'Seen on our own node' });
    const proofMessageId = await uploadImage(app, {
      cookie: agentCookie,
      chatSessionId: customer.chatSessionId,
    });
    await act(agentCookie, order.id, 'payout', { bankReference: reference, proofMessageId });
    return order;
  }

  beforeAll(async () => {
    database = await kind.open();
    graph = await new GraphApiServer().start();
    app = await createTestApp({
      database,
      env: {
        ...whatsappEnv(graph.url),
        PRICE_API_URL: priceServer.url,
        DATA_DIR: `/tmp/agentchat-wa-orders-${randomUUID()}`,
      },
      clock: () => new Date(now),
    });
    await app.ready();
    await app.priceFeed.refresh();
    const agent = await makeAgent(database.db);
    const admin = await makeAgent(database.db, { admin: true });
    agentCookie = await sessionCookie(database.db, agent);
    await addDepositAddress(
      app,
      await sessionCookie(database.db, admin),
      'BTC',
      BTC_DEPOSIT_ADDRESS,
    );
    await setSellRates(database.db, { bitcoin: '157254058.50' });
  });
  afterAll(async () => {
    await app.close();
    await graph.stop();
    await database.dispose();
  });
  beforeEach(() => {
    now = Date.now();
  });

  it("an agent adds a payout account for a WhatsApp customer: NUBAN-checked, audited, pending until the customer's Confirm", async () => {
    const customer = await whatsappCustomer();
    const list = async () =>
      staffPayoutAccountListSchema.parse(
        (
          await injectJson(app, {
            cookie: agentCookie,
            method: 'GET',
            url: `/api/admin/users/${customer.user.id}/payout-accounts`,
          })
        ).body,
      );
    // The same check digit as the customer's own form.
    const wrong = await injectJson(app, {
      cookie: agentCookie,
      method: 'POST',
      url: `/api/channels/whatsapp/customers/${customer.user.id}/payout-accounts`,
      body: { bankCode: '058', accountNumber: '0123456789', accountName: 'Chidi Okafor' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('This account number is not valid for Guaranty Trust Bank');

    const added = await addAccountFor(customer.user.id);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    await settle();
    expect(await list()).toEqual([
      expect.objectContaining({ id: added.body.id, accountName: 'Chidi Okafor', pending: true }),
    ]);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'payout_account.add'),
          eq(auditLog.entityId, String(added.body.id)),
        ),
      );
    expect(audit?.after).toMatchObject({ customerId: customer.user.id, pending: true });
    const ask = lastTo(customer.waId);
    expect(shownText(ask)).toContain('Your agent has added this payout account for you');
    expect(shownText(ask)).toContain('0123456785');
    expect(replyButtons(ask).map((b) => b.title)).toEqual(['Confirm', 'Not my account']);

    // Pending: no order can pay into it, even with a made-up Accept naming it.
    const order = await quote(customer.chatSessionId);
    const quoteMessage = lastTo(customer.waId);
    expect(replyButtons(quoteMessage).map((b) => b.title)).toEqual(['Decline']);
    expect(shownText(quoteMessage)).toContain('you have no payout account yet');
    const [quoted] = await database.db
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    await tap(customer.waId, {
      id: `order:accept:${order.id}:${quoted!.id}:${added.body.id}`,
      title: 'Accept',
    });
    expect(shownText(lastTo(customer.waId))).toBe(
      'This payout account waits for the customer to confirm it',
    );
    expect((await orderNow(order.id)).state).toBe('quoted');

    // Confirmed by the button: audited, usable, and the open quote comes again with Accept.
    await tap(customer.waId, button(ask, 'Confirm'));
    expect(await list()).toEqual([expect.objectContaining({ pending: false })]);
    const [confirmed] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'payout_account.confirm'),
          eq(auditLog.entityId, String(added.body.id)),
        ),
      );
    expect(confirmed?.actorId).toBe(customer.user.id);
    const texts = sentTo(customer.waId).slice(-2);
    expect(shownText(texts[0]!)).toContain('is confirmed for your payouts');
    expect(replyButtons(texts[1]!).map((b) => b.title)).toEqual(['Accept', 'Decline']);
    // Answered once: the same Confirm again is a 409's text.
    await tap(customer.waId, button(ask, 'Confirm'));
    expect(shownText(lastTo(customer.waId))).toBe('This payout account has been answered already');

    // A web customer adds their own: for them the route is a 404.
    const web = await makeCustomer(database.db);
    expect((await addAccountFor(web.id)).status).toBe(404);
  });

  it('sends the quote as Accept / Decline buttons; Accept runs the web’s accept (audit, address, QR); a retried or repeated tap changes nothing more', async () => {
    const customer = await readyCustomer();
    const before = sentTo(customer.waId).length;
    const order = await quote(customer.chatSessionId);
    const [message] = sentTo(customer.waId).slice(before);
    expect(message!.body.type).toBe('interactive');
    const body = shownText(message!);
    expect(body).toContain(`Quote ${order.reference}: sell 0.01 BTC`);
    expect(body).toContain('Rate: ₦157,254,058.50 per BTC');
    expect(body).toContain('You receive: ₦1,572,540.59');
    expect(body).toContain('Paid into: Guaranty Trust Bank 0123456785 (Chidi Okafor)');
    expect(body).toMatch(/Rate locked until \d\d:\d\d Lagos time \(15 minutes\)\./);
    const accept = button(message!, 'Accept');
    expect(accept.id).toMatch(new RegExp(`^order:accept:${order.id}:\\d+:${customer.accountId}$`));

    const uploadsBefore = graph.uploads.length;
    const tapped = await tap(customer.waId, accept);
    const accepted = await orderNow(order.id);
    expect(accepted.state).toBe('awaiting_deposit');
    expect(accepted.payoutAccountId).toBe(customer.accountId);
    expect(accepted.depositAddress).toBe(BTC_DEPOSIT_ADDRESS);
    // The same audit entry and timeline as the web's Accept, by the customer.
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.accept'), eq(auditLog.entityId, String(order.id))));
    expect(audit).toMatchObject({
      actorId: customer.user.id,
      before: { state: 'quoted' },
      after: expect.objectContaining({
        state: 'awaiting_deposit',
        depositAddress: BTC_DEPOSIT_ADDRESS,
      }),
    });
    const [address, qr] = sentTo(customer.waId).slice(-2);
    expect(shownText(address!)).toContain(`Order ${order.reference} is accepted.`);
    expect(shownText(address!)).toContain(
      `Send exactly 0.01 BTC on the BTC network to:\n${BTC_DEPOSIT_ADDRESS}`,
    );
    expect(qr!.body).toMatchObject({ type: 'image', image: { caption: BTC_DEPOSIT_ADDRESS } });
    expect(graph.uploads.slice(uploadsBefore).map((u) => u.type)).toEqual(['image/png']);

    // Meta delivers the same tap again: nothing more is done or sent.
    const sent = graph.sent.length;
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect((await post(tapped)).statusCode).toBe(200);
    await settle();
    expect(graph.sent.length).toBe(sent);
    expect(
      await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)),
    ).toHaveLength(events.length);
    // A second tap on the old button gets the web's 409, as a text.
    await tap(customer.waId, accept);
    expect(graph.sent.length).toBe(sent + 1);
    expect(shownText(lastTo(customer.waId))).toBe(
      `Order ${order.reference} is awaiting the deposit: it cannot be accepted now`,
    );
    // A button that is none of ours, or of an order that does not exist, gets a clear text.
    await tap(customer.waId, { id: 'order:accept:2147483000:1:1', title: 'Accept' });
    expect(shownText(lastTo(customer.waId))).toBe(UNKNOWN_BUTTON_TEXT);
    await tap(customer.waId, { id: 'something-else', title: 'Yes' });
    expect(shownText(lastTo(customer.waId))).toBe(UNKNOWN_BUTTON_TEXT);
    // The taps are in the chat as the customer's messages.
    expect((await orderNow(order.id)).state).toBe('awaiting_deposit');
  });

  it("Decline cancels the quote; a tap after the lock ran out is told it expired; another customer's button is unknown", async () => {
    const customer = await readyCustomer();
    const declined = await quote(customer.chatSessionId);
    await tap(customer.waId, button(lastTo(customer.waId), 'Decline'));
    expect((await orderNow(declined.id)).state).toBe('cancelled');
    expect(shownText(lastTo(customer.waId))).toBe(
      `Order ${declined.reference} has been cancelled.`,
    );

    const late = await quote(customer.chatSessionId);
    const accept = button(lastTo(customer.waId), 'Accept');
    now += 16 * MINUTE;
    await tap(customer.waId, accept);
    expect((await orderNow(late.id)).state).toBe('expired');
    const [expired, refused] = sentTo(customer.waId).slice(-2);
    expect(shownText(expired!)).toContain(`Order ${late.reference} has expired`);
    expect(shownText(refused!)).toBe(
      `Order ${late.reference} is expired: it cannot be accepted now`,
    );

    // Someone else's Accept, copied: their order is not this customer's.
    const other = await readyCustomer();
    const theirs = await quote(other.chatSessionId);
    await tap(customer.waId, button(lastTo(other.waId), 'Accept'));
    expect(shownText(lastTo(customer.waId))).toBe(UNKNOWN_BUTTON_TEXT);
    expect((await orderNow(theirs.id)).state).toBe('quoted');
  });

  it('tells each step; "I\'ve received it" completes the order and "Something\'s wrong" disputes it', async () => {
    const customer = await readyCustomer();
    const since = graph.sent.length;
    const order = await paidOut(customer, 'GTB-55120');
    // On the desk's one shared address the amount may have moved by a satoshi (decision 030).
    const total = formatNaira((await orderNow(order.id)).totalNaira);
    const texts = sentTo(customer.waId, since).map(shownText);
    expect(texts).toEqual(
      expect.arrayContaining([
        `We have seen your deposit for order ${order.reference}. We will tell you when the network has confirmed it.`,
        `Your deposit for order ${order.reference} is confirmed. We are sending ${total} to Guaranty Trust Bank 0123456785 (Chidi Okafor).`,
      ]),
    );
    const payout = lastTo(customer.waId);
    expect(shownText(payout)).toBe(
      `We have sent ${total} to Guaranty Trust Bank 0123456785 (Chidi Okafor) for order ${order.reference}. Bank reference: GTB-55120. Has it arrived?`,
    );
    expect(replyButtons(payout).map((b) => b.title)).toEqual([
      "I've received it",
      "Something's wrong",
    ]);
    await tap(customer.waId, button(payout, "I've received it"));
    expect((await orderNow(order.id)).state).toBe('completed');
    expect(shownText(lastTo(customer.waId))).toBe(
      `Order ${order.reference} is complete: ${total} paid. Thank you!`,
    );
    const [trade] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.received'), eq(auditLog.entityId, String(order.id))));
    expect(trade?.actorId).toBe(customer.user.id);

    const second = await paidOut(customer, 'GTB-55121');
    await tap(customer.waId, button(lastTo(customer.waId), "Something's wrong"));
    const disputed = await orderNow(second.id);
    expect(disputed.state).toBe('disputed');
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, second.id), eq(orderEvents.state, 'disputed')));
    expect(events[0]).toMatchObject({ actor: 'customer', note: WHATSAPP_DISPUTE_NOTE });
    expect(shownText(lastTo(customer.waId))).toContain(
      `We have noted that something is wrong with order ${second.reference}`,
    );
  });

  it("a re-quote's buttons answer that re-quote only: an earlier one's are out of date", async () => {
    const customer = await readyCustomer();
    const order = await quote(customer.chatSessionId);
    await tap(customer.waId, button(lastTo(customer.waId), 'Accept'));
    /** The desk's steps, written as the use cases write them (the trigger sends them). */
    const step = async (state: 'requoted' | 'deposit_seen') => {
      await database.db.update(orders).set({ state }).where(eq(orders.id, order.id));
      await database.db
        .insert(orderEvents)
        .values({ orderId: order.id, state, actor: 'agent', at: new Date(now) });
      await settle();
      return lastTo(customer.waId);
    };
    const first = await step('requoted');
    expect(replyButtons(first).map((b) => b.title)).toEqual([
      'Accept new total',
      'Return my coins',
    ]);
    await step('deposit_seen');
    const second = await step('requoted');
    await tap(customer.waId, button(first, 'Accept new total'));
    expect(shownText(lastTo(customer.waId))).toBe(
      `This button is from an earlier total of order ${order.reference}: use the buttons of the latest message.`,
    );
    expect((await orderNow(order.id)).state).toBe('requoted');
    await tap(customer.waId, button(second, 'Accept new total'));
    expect((await orderNow(order.id)).state).toBe('deposit_seen');
    expect(shownText(lastTo(customer.waId))).toContain('You accepted the new total of');
  });

  it('a step after the 24-hour window fails as a free-form message does', async () => {
    const customer = await readyCustomer();
    now += 25 * 60 * MINUTE;
    const order = await quote(customer.chatSessionId);
    const rows = await database.db
      .select({ status: whatsappOutbox.status, errorTitle: whatsappOutbox.errorTitle })
      .from(whatsappOutbox)
      .innerJoin(orderEvents, eq(orderEvents.id, whatsappOutbox.orderEventId))
      .where(eq(orderEvents.orderId, order.id));
    expect(rows).toEqual([{ status: 'failed', errorTitle: WINDOW_CLOSED_TITLE }]);
  });

  it('sends nothing for a web customer’s order', async () => {
    const web = await makeCustomer(database.db);
    const cookie = await sessionCookie(database.db, web);
    const accountId = await addPayoutAccount(app, cookie, '076543210', 'Web Customer');
    const chat = await injectJson(app, {
      cookie,
      method: 'POST',
      url: '/api/chat-sessions',
      body: { category: 'bitcoin' },
    });
    const res = await placeOrder(app, cookie, {
      chatSessionId: chat.body.id,
      coin: 'bitcoin',
      amount: '0.01',
      payoutAccountId: accountId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await act(cookie, res.body.id, 'cancel', { reason: 'Changed my mind' });
    const events = await database.db
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, res.body.id));
    expect(events).toHaveLength(2);
    const queued = await database.db
      .select()
      .from(whatsappOutbox)
      .where(
        and(
          isNotNull(whatsappOutbox.orderEventId),
          inArray(
            whatsappOutbox.orderEventId,
            events.map((e) => e.id),
          ),
        ),
      );
    expect(queued).toEqual([]);
  });
});
