import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { injectJson, TEST_ADMIN_SETUP_SECRET } from '../../../../tests/support/app';
import {
  createPostgresTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../../tests/support/databases';
import { freePort } from '../../../../tests/support/server-process';
import {
  pushServiceAgent,
  TestPushService,
  type TestBrowser,
} from '../../../../tests/support/push-service';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { TestSocket } from '../../../../tests/support/ws-client';
import { pushPayloadSchema } from '../../../shared/api/push';
import type { Order } from '../../../shared/api/orders';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { pushSubscriptions } from '../../db/schema';
import { CHANGES_CHANNEL } from '../../platform/change-cache';
import { EventBus } from '../../platform/event-bus';
import { PushSender } from './push-sender';

const VAPID = webpush.generateVAPIDKeys();

/** The app on a real port, with a push service of the test's own allowed and trusted. */
async function startPushApp(database: Database, service: TestPushService) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: '/tmp/agentchat-test-unused',
    PRICE_API_URL: 'http://127.0.0.1:9/api/v3',
    PRICE_REFRESH_MS: '3600000',
    ADMIN_SETUP_SECRET: TEST_ADMIN_SETUP_SECRET,
    LOG_LEVEL: 'silent',
    BRAND_NAME: 'AgentChat',
    VAPID_PUBLIC_KEY: VAPID.publicKey,
    VAPID_PRIVATE_KEY: VAPID.privateKey,
    VAPID_SUBJECT: 'mailto:desk@example.com',
    PUSH_SERVICE_ORIGINS: service.origin,
  });
  const app = await buildApp({
    config,
    database,
    web: 'none',
    logger: false,
    pushAgent: pushServiceAgent(),
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, baseUrl };
}

describe.each(testDatabaseKinds())('Web Push on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let baseUrl: string;
  const service = new TestPushService();
  const cookie = { customer: '', agent: '', other: '' };
  let customerId: string;

  const call = (
    who: keyof typeof cookie | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
  ) => injectJson(app, { cookie: who ? cookie[who] : undefined, method, url, body });

  const subscribe = async (browser: TestBrowser, who: keyof typeof cookie = 'customer') => {
    const res = await call(who, 'POST', '/api/push/subscriptions', browser.subscription());
    expect(res.status, JSON.stringify(res.body)).toBe(204);
  };

  /** A chat of the customer's with their first message in it. */
  const chat = async () => {
    const res = await call('customer', 'POST', '/api/chat-sessions', { category: 'bitcoin' });
    expect(res.status).toBe(201);
    const id = res.body.id as number;
    await say('customer', id, 'I want to sell 0.1 BTC');
    return id;
  };
  const say = async (who: 'customer' | 'agent', chatId: number, content: string) => {
    const res = await call(who, 'POST', `/api/chat-sessions/${chatId}/messages`, {
      clientMessageId: randomUUID(),
      content,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  const subscriptionsOf = (endpoint: string) =>
    database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

  beforeAll(async () => {
    database = await kind.open();
    await service.start();
    ({ app, baseUrl } = await startPushApp(database, service));
    const customer = await makeCustomer(database.db);
    customerId = customer.id;
    cookie.customer = await sessionCookie(database.db, customer);
    cookie.other = await sessionCookie(database.db, await makeCustomer(database.db));
    cookie.agent = await sessionCookie(database.db, await makeAgent(database.db));
  });
  afterAll(async () => {
    await app?.close();
    await service.close();
    await database?.dispose();
  });

  it('gives anyone the public key to subscribe with', async () => {
    const res = await call(null, 'GET', '/api/push/key');
    expect(res).toEqual({ status: 200, body: { publicKey: VAPID.publicKey } });
  });

  it('stores a signed-in user’s subscription and refuses bad ones with a 4xx', async () => {
    const browser = service.browser();
    expect(
      (await call(null, 'POST', '/api/push/subscriptions', browser.subscription())).status,
    ).toBe(401);
    const { keys } = browser.subscription();
    for (const body of [
      {},
      { endpoint: 'not a url', keys },
      { endpoint: browser.endpoint, keys: { p256dh: keys.p256dh } },
      { endpoint: browser.endpoint, keys: { ...keys, auth: '!!!' } },
    ]) {
      const res = await call('customer', 'POST', '/api/push/subscriptions', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    // The server POSTs to it: only push services, never a user's choice of address.
    for (const endpoint of [
      'https://10.0.0.5/push/x',
      'http://127.0.0.1:5432/',
      'https://evil.example/fcm',
    ]) {
      const res = await call('customer', 'POST', '/api/push/subscriptions', { endpoint, keys });
      expect(res).toEqual({
        status: 400,
        body: { error: 'endpoint is not a push service this server sends to' },
      });
    }
    expect(await subscriptionsOf(browser.endpoint)).toEqual([]);
    await subscribe(browser);
    const [row] = await subscriptionsOf(browser.endpoint);
    expect(row).toMatchObject({ userId: customerId, p256dh: keys.p256dh, auth: keys.auth });
    // Another user's DELETE of it changes nothing; the owner's removes it.
    expect(
      (await call('other', 'DELETE', '/api/push/subscriptions', { endpoint: browser.endpoint }))
        .status,
    ).toBe(204);
    expect(await subscriptionsOf(browser.endpoint)).toHaveLength(1);
    expect(
      (await call('customer', 'DELETE', '/api/push/subscriptions', { endpoint: browser.endpoint }))
        .status,
    ).toBe(204);
    expect(await subscriptionsOf(browser.endpoint)).toEqual([]);
  });

  it('pushes an agent’s reply, encrypted for the browser and signed with the VAPID key', async () => {
    const browser = service.browser();
    await subscribe(browser);
    const chatId = await chat();
    // The customer's own message pushes nothing.
    await app.push.idle();
    expect(service.to(browser)).toEqual([]);
    await say('agent', chatId, 'Send it to the address below, please');
    const [push] = await service.waitFor(browser, 1);
    expect(pushPayloadSchema.parse(JSON.parse(push!.plaintext))).toEqual({
      title: 'AgentChat: your agent replied',
      body: 'Send it to the address below, please',
      url: `/chat/${chatId}`,
      tag: `chat-${chatId}`,
    });
    expect(push!.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '86400',
      urgency: 'high',
      topic: `chat-${chatId}`,
    });
    expect(push!.vapid.publicKey).toBe(VAPID.publicKey);
    expect(push!.vapid.claims).toMatchObject({
      aud: service.origin,
      sub: 'mailto:desk@example.com',
    });
    await call('customer', 'DELETE', '/api/push/subscriptions', { endpoint: browser.endpoint });
  });

  it('never pushes an agent’s private note: the reply after it is the only push', async () => {
    const browser = service.browser();
    await subscribe(browser);
    const chatId = await chat();
    const note = await call('agent', 'POST', `/api/chat-sessions/${chatId}/notes`, {
      clientMessageId: randomUUID(),
      content: 'NOTE: customer sent a reused screenshot before',
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    // The sentinel: a reply written after the note; had the note pushed, it would come first.
    await say('agent', chatId, 'Hello, how can I help?');
    const [push] = await service.waitFor(browser, 1);
    await app.push.idle();
    expect(service.to(browser)).toHaveLength(1);
    expect(JSON.parse(push!.plaintext)).toMatchObject({ body: 'Hello, how can I help?' });
    await call('customer', 'DELETE', '/api/push/subscriptions', { endpoint: browser.endpoint });
  });

  it('sends no push while the customer has a tab open, and does once it closes', async () => {
    const browser = service.browser();
    await subscribe(browser);
    const chatId = await chat();
    const socket = await TestSocket.connect(baseUrl, cookie.customer);
    await socket.resume();
    await say('agent', chatId, 'Seen on the socket');
    await app.push.idle();
    expect(service.to(browser)).toEqual([]);
    socket.close();
    await vi.waitFor(() => expect(app.realtime.hasUser(customerId)).toBe(false));
    // The database's copy of who is online goes too (other instances read it).
    await app.presence.idle();
    await say('agent', chatId, 'Now a push');
    const [push] = await service.waitFor(browser, 1);
    expect(JSON.parse(push!.plaintext)).toMatchObject({ body: 'Now a push' });
    await call('customer', 'DELETE', '/api/push/subscriptions', { endpoint: browser.endpoint });
  });

  it('pushes a new chat to an agent with no tab open, encrypted, and not while their tab is open', async () => {
    const browser = service.browser();
    await subscribe(browser, 'agent');
    const socket = await TestSocket.connect(baseUrl, cookie.agent);
    await socket.resume();
    const seen = await call('customer', 'POST', '/api/chat-sessions', { category: 'usdt' });
    expect(seen.status).toBe(201);
    await app.push.idle();
    expect(service.to(browser)).toEqual([]);
    socket.close();
    await vi.waitFor(() => expect(app.realtime.sockets().next().done).toBe(true));
    await app.presence.idle();
    const res = await call('customer', 'POST', '/api/chat-sessions', { category: 'bitcoin' });
    expect(res.status).toBe(201);
    const [push] = await service.waitFor(browser, 1);
    expect(pushPayloadSchema.parse(JSON.parse(push!.plaintext))).toEqual({
      title: expect.stringMatching(/^New chat from Test Customer \S+$/),
      body: 'Bitcoin chat',
      url: '/agent/chats',
      tag: `chat-${res.body.id}`,
    });
    expect(push!.headers).toMatchObject({ 'content-encoding': 'aes128gcm' });
    expect(push!.vapid.publicKey).toBe(VAPID.publicKey);
    await call('agent', 'DELETE', '/api/push/subscriptions', { endpoint: browser.endpoint });
  });

  it('follows subscriptions written straight into the database, past the app', async () => {
    const chatId = await chat();
    /** Resolves when this instance hears that push_subscriptions changed. */
    const heard = () =>
      new Promise<void>((resolve) =>
        app.notifications.on(CHANGES_CHANNEL, (payload) => payload === 'push' && resolve()),
      );
    // No browser yet: the reply pushes nothing, and the instance remembers there is none.
    await say('agent', chatId, 'Before any browser');
    await app.push.idle();
    const browser = service.browser();
    const { keys } = browser.subscription();
    const added = heard();
    await database.db.insert(pushSubscriptions).values({
      userId: customerId,
      endpoint: browser.endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
    });
    await added;
    await say('agent', chatId, 'After the insert');
    const [push] = await service.waitFor(browser, 1);
    expect(JSON.parse(push!.plaintext)).toMatchObject({ body: 'After the insert' });
    const removed = heard();
    await database.db
      .delete(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.endpoint));
    await removed;
    await say('agent', chatId, 'After the delete');
    await app.push.idle();
    expect(service.to(browser)).toHaveLength(1);
  });

  it('removes a subscription the push service says is gone (410), keeps one it refused (500)', async () => {
    const gone = service.browser();
    const failing = service.browser();
    await subscribe(gone);
    await subscribe(failing);
    service.answer(gone, 410);
    service.answer(failing, 500);
    const chatId = await chat();
    await say('agent', chatId, 'Anyone there?');
    await service.waitFor(gone, 1);
    await service.waitFor(failing, 1);
    await app.push.idle();
    expect(await subscriptionsOf(gone.endpoint)).toEqual([]);
    expect(await subscriptionsOf(failing.endpoint)).toHaveLength(1);
    await call('customer', 'DELETE', '/api/push/subscriptions', { endpoint: failing.endpoint });
  });

  it('pushes an order’s change of state to its customer, once per state', async () => {
    const browser = service.browser();
    await subscribe(browser);
    const chatId = await chat();
    // The orders feature tells the bus as it commits; here the bus is told directly.
    const bus = new EventBus();
    const sender = new PushSender({
      db: database.db,
      bus,
      notifications: app.notifications,
      vapid: { ...VAPID, subject: 'mailto:desk@example.com' },
      brandName: 'AgentChat',
      withOpenSockets: async () => new Set<string>(),
      logger: Fastify().log,
      agent: pushServiceAgent(),
    });
    const order = { id: 991, reference: 'ORD-TEST1', chatSessionId: chatId, customerId } as Order;
    const tell = (state: Order['state']) =>
      bus.emit('eventsCommitted', {
        events: [{ type: 'order.updated', chatSessionId: chatId, order: { ...order, state } }],
      });
    tell('deposit_confirmed');
    tell('deposit_confirmed');
    tell('payout_sent');
    await sender.idle();
    sender.stop();
    const pushes = await service.waitFor(browser, 2);
    expect(pushes.map((p) => JSON.parse(p.plaintext))).toHaveLength(2);
    // Sent side by side: either may arrive first.
    expect(pushes.map((p) => JSON.parse(p.plaintext))).toEqual(
      expect.arrayContaining([
        {
          title: 'Order ORD-TEST1',
          body: 'Your deposit is confirmed; your naira payout is next',
          url: `/chat/${chatId}`,
          tag: `chat-${chatId}`,
        },
        {
          title: 'Order ORD-TEST1',
          body: 'Your naira payout was sent',
          url: `/chat/${chatId}`,
          tag: `chat-${chatId}`,
        },
      ]),
    );
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('Web Push across two instances on PostgreSQL', () => {
  const service = new TestPushService();
  let created: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    await service.start();
    created = await createPostgresTestDatabase(serverUrl!);
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 3 });
      if (i === 0) await migrateDatabase(database);
      databases.push(database);
      apps.push((await startPushApp(database, service)).app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await created?.drop();
    await service.close();
  });

  it('pushes a reply made through one instance to a browser subscribed through the other', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const db = databases[0]!.db;
    const customer = await sessionCookie(db, await makeCustomer(db));
    const agent = await sessionCookie(db, await makeAgent(db));
    const chat = await injectJson(a, {
      cookie: customer,
      method: 'POST',
      url: '/api/chat-sessions',
      body: { category: 'bitcoin' },
    });
    const url = `/api/chat-sessions/${chat.body.id}/messages`;
    const body = (content: string) => ({ clientMessageId: randomUUID(), content });
    expect(
      (await injectJson(a, { cookie: customer, method: 'POST', url, body: body('Hi') })).status,
    ).toBe(201);
    // B replies while the customer has no browser: B remembers that there is none…
    expect(
      (await injectJson(b, { cookie: agent, method: 'POST', url, body: body('No push') })).status,
    ).toBe(201);
    await b.push.idle();
    // …until the database tells it that A saved one.
    const heard = new Promise<void>((resolve) =>
      b.notifications.on(CHANGES_CHANNEL, (payload) => payload === 'push' && resolve()),
    );
    const browser = service.browser();
    const subscribed = await injectJson(a, {
      cookie: customer,
      method: 'POST',
      url: '/api/push/subscriptions',
      body: browser.subscription(),
    });
    expect(subscribed.status).toBe(204);
    await heard;
    expect(
      (await injectJson(b, { cookie: agent, method: 'POST', url, body: body('Hello from B') }))
        .status,
    ).toBe(201);
    const [push] = await service.waitFor(browser, 1);
    expect(JSON.parse(push!.plaintext)).toMatchObject({
      body: 'Hello from B',
      url: `/chat/${chat.body.id}`,
    });
    // Told once: only the instance that committed the reply sends it.
    await Promise.all(apps.map((app) => app.push.idle()));
    expect(service.to(browser)).toHaveLength(1);
  });

  it('sends no push to a customer or an agent whose tab is open on the other instance', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const db = databases[0]!.db;
    const customer = await sessionCookie(db, await makeCustomer(db));
    const agent = await sessionCookie(db, await makeAgent(db));
    const customerBrowser = service.browser();
    const agentBrowser = service.browser();
    for (const [cookie, browser] of [
      [customer, customerBrowser],
      [agent, agentBrowser],
    ] as const) {
      const res = await injectJson(a, {
        cookie,
        method: 'POST',
        url: '/api/push/subscriptions',
        body: browser.subscription(),
      });
      expect(res.status).toBe(204);
    }
    const baseB = `http://127.0.0.1:${(b.server.address() as { port: number }).port}`;
    // Both tabs are open on B; every change below is committed through A.
    const customerTab = await TestSocket.connect(baseB, customer);
    await customerTab.resume();
    const agentTab = await TestSocket.connect(baseB, agent);
    await agentTab.resume();
    await b.presence.idle();
    const chat = await injectJson(a, {
      cookie: customer,
      method: 'POST',
      url: '/api/chat-sessions',
      body: { category: 'bitcoin' },
    });
    expect(chat.status).toBe(201);
    const url = `/api/chat-sessions/${chat.body.id}/messages`;
    const body = (content: string) => ({ clientMessageId: randomUUID(), content });
    expect(
      (await injectJson(a, { cookie: agent, method: 'POST', url, body: body('Seen live') })).status,
    ).toBe(201);
    await a.push.idle();
    expect(service.to(customerBrowser)).toEqual([]);
    expect(service.to(agentBrowser)).toEqual([]);
    // The tabs close on B: A hears it from the database.
    customerTab.close();
    agentTab.close();
    await vi.waitFor(() => expect(b.realtime.size).toBe(0));
    await b.presence.idle();
    expect(
      (await injectJson(a, { cookie: agent, method: 'POST', url, body: body('Now pushed') }))
        .status,
    ).toBe(201);
    const [reply] = await service.waitFor(customerBrowser, 1);
    expect(JSON.parse(reply!.plaintext)).toMatchObject({ body: 'Now pushed' });
    const next = await injectJson(a, {
      cookie: customer,
      method: 'POST',
      url: '/api/chat-sessions',
      body: { category: 'usdt' },
    });
    const [newChat] = await service.waitFor(agentBrowser, 1);
    expect(JSON.parse(newChat!.plaintext)).toMatchObject({
      body: 'USDT chat',
      tag: `chat-${next.body.id}`,
    });
  });
});
