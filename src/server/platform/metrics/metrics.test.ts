import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, injectJson, type InjectedCall } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { startLiveApp, type LiveApp } from '../../../../tests/support/live-app';
import {
  parsePrometheusText,
  sampleValue,
  type Family,
} from '../../../../tests/support/prometheus';
import { testReaderOptions } from '../../../../tests/support/chain-readers';
import { EsploraServer } from '../../../../tests/support/esplora-server';
import {
  addDepositAddress,
  addPayoutAccount,
  placeOrder,
  setSellRates,
} from '../../../../tests/support/order-setup';
import { PriceServer } from '../../../../tests/support/price-server';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { TestSocket } from '../../../../tests/support/ws-client';
import { ConfigError, loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { imageReadings } from '../../db/schema';
import { EsploraReader, WatchedReader } from '../../features/chain';
import { AppMetrics, UNMATCHED_ROUTE } from './app-metrics';
import { METRICS_URL } from './routes';

type App = LiveApp['app'];
const TOKEN = 'metrics-token-0123456789abcdef';

/** /metrics as Prometheus on this machine reads it, parsed (which fails on a malformed line). */
async function scrape(app: App, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: METRICS_URL, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parsePrometheusText(res.body);
}

const value = (families: Map<string, Family>, name: string, labels: Record<string, string> = {}) =>
  sampleValue(families, name, labels) ?? 0;

describe.each(testDatabaseKinds())('GET /metrics on $name', (kind) => {
  let database: TestDatabase;
  let live: LiveApp;
  let app: App;
  const cookie: Record<'customer' | 'agent' | 'admin', string> = {
    customer: '',
    agent: '',
    admin: '',
  };
  const call = (
    who: keyof typeof cookie,
    method: InjectedCall['method'],
    url: string,
    body?: unknown,
  ) =>
    injectJson(app, {
      cookie: cookie[who],
      method,
      url,
      body,
      headers: url.startsWith('/api/orders') ? { 'idempotency-key': randomUUID() } : {},
    });
  const chat = async () =>
    (await call('customer', 'POST', '/api/chat-sessions', { category: 'bitcoin' })).body
      .id as number;

  beforeAll(async () => {
    database = await kind.open();
    live = await startLiveApp(database);
    app = live.app;
    cookie.customer = await sessionCookie(database.db, await makeCustomer(database.db));
    cookie.agent = await sessionCookie(database.db, await makeAgent(database.db));
    cookie.admin = await sessionCookie(database.db, await makeAgent(database.db, { admin: true }));
  });
  afterAll(async () => {
    await live?.close();
    await database?.dispose();
  });

  it('is Prometheus text with every metric described, the process figures included', async () => {
    const families = await scrape(app);
    for (const name of [
      'agentchat_http_requests_total',
      'agentchat_http_request_duration_seconds',
      'agentchat_websocket_connections',
      'agentchat_messages_sent_total',
      'agentchat_order_transitions_total',
      'agentchat_orders_open',
      'agentchat_image_readings_pending',
      'agentchat_realtime_delivery_lag_seconds',
      'agentchat_realtime_events_behind',
      'agentchat_db_query_duration_seconds',
      'agentchat_chain_reader_last_success_timestamp_seconds',
      'agentchat_chain_reader_reads_total',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(families.get(name)?.help, name).toMatch(/\w/);
    }
    expect(families.get('agentchat_http_request_duration_seconds')?.type).toBe('histogram');
    // The pool is PostgreSQL's (tests open it with 5 connections); PGlite has none.
    if (kind.name === 'postgres') {
      expect(value(families, 'agentchat_db_pool_connections', { state: 'max' })).toBe(5);
      expect(value(families, 'agentchat_db_pool_connections', { state: 'open' })).toBeGreaterThan(
        0,
      );
    } else {
      expect(families.has('agentchat_db_pool_connections')).toBe(false);
    }
  });

  it('labels requests by route pattern and status class, never by the URL itself', async () => {
    const id = 2147480001;
    const seen = await call('customer', 'GET', `/api/chat-sessions/${id}`);
    expect(seen.status).toBe(404);
    await call('customer', 'GET', `/api/no-such-thing/${randomUUID()}`);
    await call('customer', 'GET', '/api/config');
    const res = await app.inject({ method: 'GET', url: METRICS_URL });
    const families = parsePrometheusText(res.body);
    const labelled = (route: string, status_class: string) => ({
      method: 'GET',
      route,
      status_class,
    });
    expect(
      value(families, 'agentchat_http_requests_total', labelled('/api/chat-sessions/:id', '4xx')),
    ).toBe(1);
    expect(value(families, 'agentchat_http_requests_total', labelled(UNMATCHED_ROUTE, '4xx'))).toBe(
      1,
    );
    expect(value(families, 'agentchat_http_requests_total', labelled('/api/config', '2xx'))).toBe(
      1,
    );
    expect(
      value(
        families,
        'agentchat_http_request_duration_seconds_count',
        labelled('/api/config', '2xx'),
      ),
    ).toBe(1);
    // No series names a concrete id or path the client made up.
    expect(res.body).not.toContain(String(id));
    expect(res.body).not.toContain('no-such-thing');
  });

  it('counts the messages stored (a retry once) and their delivery to the sockets', async () => {
    const chatId = await chat();
    const sent = (who: keyof typeof cookie, type: 'text') => ({
      sender: who === 'customer' ? 'customer' : 'agent',
      type,
    });
    const before = await scrape(app);
    const message = { clientMessageId: randomUUID(), content: 'I want to sell 0.1 BTC' };
    const url = `/api/chat-sessions/${chatId}/messages`;
    expect((await call('customer', 'POST', url, message)).status).toBe(201);
    expect((await call('customer', 'POST', url, message)).status).toBe(200);
    // The agent's first reply assigns the chat, in a transaction: counted the same.
    const reply = { clientMessageId: randomUUID(), content: 'Send it' };
    expect((await call('agent', 'POST', url, reply)).status).toBe(201);
    const after = await scrape(app);
    const delta = (labels: Record<string, string>) =>
      value(after, 'agentchat_messages_sent_total', labels) -
      value(before, 'agentchat_messages_sent_total', labels);
    expect(delta(sent('customer', 'text'))).toBe(1);
    expect(delta(sent('agent', 'text'))).toBe(1);
    expect(delta({ sender: 'customer', type: 'image' })).toBe(0);
    // Each committed event is handed to the sockets once the hub has read it.
    await vi.waitFor(async () => {
      const now = await scrape(app);
      expect(
        value(now, 'agentchat_realtime_delivery_lag_seconds_count') -
          value(before, 'agentchat_realtime_delivery_lag_seconds_count'),
      ).toBeGreaterThanOrEqual(3);
    });
  });

  it('shows the open sockets by role while they are open', async () => {
    const sockets = [
      await TestSocket.connect(live.baseUrl, cookie.customer),
      await TestSocket.connect(live.baseUrl, cookie.agent),
      await TestSocket.connect(live.baseUrl, cookie.agent),
      await TestSocket.connect(live.baseUrl, cookie.admin),
    ];
    for (const socket of sockets) await socket.resume();
    const open = await scrape(app);
    expect(value(open, 'agentchat_websocket_connections', { role: 'customer' })).toBe(1);
    expect(value(open, 'agentchat_websocket_connections', { role: 'agent' })).toBe(2);
    expect(value(open, 'agentchat_websocket_connections', { role: 'admin' })).toBe(1);
    for (const socket of sockets) socket.close();
    await vi.waitFor(async () => {
      const closed = await scrape(app);
      for (const role of ['customer', 'agent', 'admin']) {
        expect(value(closed, 'agentchat_websocket_connections', { role })).toBe(0);
      }
    });
  });

  it('counts order transitions by the state entered, and the open orders by state', async () => {
    const payoutAccountId = await addPayoutAccount(
      app,
      cookie.customer,
      '012345678',
      'Metrics Customer',
    );
    await addDepositAddress(app, cookie.admin, 'BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    await setSellRates(database.db, { bitcoin: '157254058.50' });

    const before = await scrape(app);
    const transitions = (families: Map<string, Family>, to: string) =>
      value(families, 'agentchat_order_transitions_total', { to });
    // An agent's quote, accepted: this app has no market price, so its rate is not published
    // (no customer locks it; the agent quotes it with a reason).
    const quote = await placeOrder(app, cookie.agent, {
      chatSessionId: await chat(),
      coin: 'bitcoin',
      amount: '0.01',
      confirmation: { reason: 'No market price in this test' },
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    const created = await call('customer', 'POST', `/api/orders/${quote.body.id}/accept`, {
      payoutAccountId,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const opened = await scrape(app);
    expect(transitions(opened, 'awaiting_deposit') - transitions(before, 'awaiting_deposit')).toBe(
      1,
    );
    expect(value(opened, 'agentchat_orders_open', { state: 'awaiting_deposit' })).toBe(1);

    const cancelled = await call('customer', 'POST', `/api/orders/${created.body.id}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = await scrape(app);
    expect(transitions(after, 'cancelled') - transitions(before, 'cancelled')).toBe(1);
    expect(transitions(after, 'awaiting_deposit')).toBe(transitions(opened, 'awaiting_deposit'));
    expect(value(after, 'agentchat_orders_open', { state: 'awaiting_deposit' })).toBe(0);
  });

  it('tells the images waiting for the image reader', async () => {
    // Held still, so that the reading stays pending until the test settles it.
    await app.imageReader.stop();
    try {
      const pending = async () => value(await scrape(app), 'agentchat_image_readings_pending');
      const before = await pending();
      const sent = await call('customer', 'POST', `/api/chat-sessions/${await chat()}/messages`, {
        clientMessageId: randomUUID(),
        content: 'A receipt comes next',
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      const messageId = sent.body.id as number;
      await database.db.insert(imageReadings).values({ messageId });
      expect(await pending()).toBe(before + 1);
      await database.db
        .update(imageReadings)
        .set({ status: 'unreadable' })
        .where(eq(imageReadings.messageId, messageId));
      expect(await pending()).toBe(before);
    } finally {
      app.imageReader.start();
    }
  });

  it('times every database query, a request’s included', async () => {
    const count = (families: Map<string, Family>) =>
      value(families, 'agentchat_db_query_duration_seconds_count', { result: 'ok' });
    const before = await scrape(app);
    expect(before.get('agentchat_db_query_duration_seconds')?.type).toBe('histogram');
    // The scrape's own read of the open orders is one query.
    const afterScrape = count(await scrape(app));
    expect(afterScrape).toBeGreaterThan(count(before));
    const res = await call('agent', 'GET', '/api/chat-sessions');
    expect(res.status).toBe(200);
    const after = await scrape(app);
    // The list's queries (and the sign-in's, unless cached), the next scrape's read on top.
    expect(count(after)).toBeGreaterThan(afterScrape + 1);
    const sum = value(after, 'agentchat_db_query_duration_seconds_sum', { result: 'ok' });
    expect(sum).toBeGreaterThan(0);
    expect(sum / count(after)).toBeLessThan(1);
  });

  it('keeps two apps in one process apart', async () => {
    const other = await createTestApp({ database });
    try {
      const url = '/api/exchange-rates';
      await app.inject({ method: 'GET', url });
      const mine = await scrape(app);
      const theirs = await scrape(other);
      const labels = { method: 'GET', route: url, status_class: '2xx' };
      expect(value(mine, 'agentchat_http_requests_total', labels)).toBeGreaterThan(0);
      expect(sampleValue(theirs, 'agentchat_http_requests_total', labels)).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it("tells the price feed's health per coin: the age of its price, and whether it is stale", async () => {
    // The test app's price service is an address nothing listens on: no price yet.
    const none = await scrape(app);
    expect(none.get('agentchat_price_age_seconds')?.samples).toEqual([]);
    expect(value(none, 'agentchat_price_stale', { coin: 'bitcoin' })).toBe(1);
    const prices = await new PriceServer().start();
    const fed = await createTestApp({ database, env: { PRICE_API_URL: prices.url } });
    try {
      await fed.ready();
      await fed.priceFeed.refresh();
      const fresh = await scrape(fed);
      for (const coin of ['bitcoin', 'usdt']) {
        expect(value(fresh, 'agentchat_price_stale', { coin })).toBe(0);
        const age = sampleValue(fresh, 'agentchat_price_age_seconds', { coin });
        expect(age).toBeGreaterThanOrEqual(0);
        expect(age).toBeLessThan(60);
      }
      prices.mode = 'error';
      await fed.priceFeed.refresh();
      const failing = await scrape(fed);
      expect(value(failing, 'agentchat_price_stale', { coin: 'usdt' })).toBe(1);
      // The last good price is still served, and ages.
      expect(sampleValue(failing, 'agentchat_price_age_seconds', { coin: 'usdt' })).toBeDefined();
    } finally {
      await fed.close();
      await prices.stop();
    }
  });

  describe('who may read it', () => {
    const get = (
      target: App,
      options: { remoteAddress?: string; headers?: Record<string, string> },
    ) => target.inject({ method: 'GET', url: METRICS_URL, ...options });

    it('without METRICS_TOKEN: this machine, directly, and no one else', async () => {
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.0.0.53']) {
        expect((await get(app, { remoteAddress })).statusCode, remoteAddress).toBe(200);
      }
      const refusals: { remoteAddress: string; headers?: Record<string, string> }[] = [
        { remoteAddress: '10.0.0.7' },
        { remoteAddress: '192.168.1.20' },
        { remoteAddress: '2001:db8::1' },
        // A proxy on this machine passes everyone's requests: its headers give them away.
        { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
        { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.9' } },
        { remoteAddress: '127.0.0.1', headers: { 'x-real-ip': '203.0.113.9' } },
        // A token is not asked for, so one sent does not open the door either.
        { remoteAddress: '10.0.0.7', headers: { authorization: `Bearer ${TOKEN}` } },
      ];
      for (const options of refusals) {
        const res = await get(app, options);
        expect(res.statusCode, JSON.stringify(options)).toBe(403);
        expect(res.json()).toEqual({
          error:
            'Metrics are served only to this machine; set METRICS_TOKEN to scrape from elsewhere',
        });
        expect(res.body).not.toContain('agentchat_');
      }
    });

    it('behind a trusted proxy, a forwarded loopback address is not this machine', async () => {
      const proxied = await createTestApp({ database, env: { TRUST_PROXY: '10.0.0.2' } });
      try {
        const res = await get(proxied, {
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': '127.0.0.1' },
        });
        expect(res.statusCode).toBe(403);
      } finally {
        await proxied.close();
      }
    });

    it('with METRICS_TOKEN: the bearer token, from anywhere, and nothing else', async () => {
      const guarded = await createTestApp({ database, env: { METRICS_TOKEN: TOKEN } });
      try {
        for (const remoteAddress of ['10.0.0.7', '127.0.0.1']) {
          const res = await get(guarded, {
            remoteAddress,
            headers: { authorization: `Bearer ${TOKEN}` },
          });
          expect(res.statusCode).toBe(200);
          expect(parsePrometheusText(res.body).has('agentchat_http_requests_total')).toBe(true);
        }
        for (const headers of [
          {} as Record<string, string>,
          { authorization: `Bearer ${TOKEN}x` },
          { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
          { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` },
          { authorization: TOKEN },
        ]) {
          // This machine too: with a token set, the token is the only way in.
          const res = await get(guarded, { remoteAddress: '127.0.0.1', headers });
          expect(res.statusCode, JSON.stringify(headers)).toBe(401);
          expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
          expect(res.json()).toEqual({ error: 'Metrics need the METRICS_TOKEN as a bearer token' });
        }
      } finally {
        await guarded.close();
      }
    });

    it('refuses a METRICS_TOKEN too short to be a secret', () => {
      expect(() => loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'short' })).toThrow(ConfigError);
      expect(loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    });
  });
});

describe('chain readers’ health', () => {
  it('tells reads by network and result, and when the chain last answered', async () => {
    const esplora = await new EsploraServer().start();
    try {
      const reader = new WatchedReader(
        new EsploraReader(testReaderOptions(esplora.url, { timeoutMs: 500 })),
      );
      const metrics = new AppMetrics();
      metrics.watchChainReaders({ BTC: reader });
      const read = async () => parsePrometheusText((await metrics.scrape()).body);
      const none = await read();
      expect(none.get('agentchat_chain_reader_last_success_timestamp_seconds')?.samples).toEqual(
        [],
      );
      expect(
        value(none, 'agentchat_chain_reader_reads_total', { network: 'BTC', result: 'unknown' }),
      ).toBe(0);
      const txid = 'a'.repeat(64);
      esplora.add(txid, [{ address: 'bc1qexample', sats: 1_000_000 }], 869_999);
      const startedAt = Date.now() / 1000;
      expect((await reader.read(txid)).kind).toBe('found');
      expect((await reader.read('b'.repeat(64))).kind).toBe('not_found');
      esplora.mode = 'error';
      expect((await reader.read(txid)).kind).toBe('unknown');
      const families = await read();
      const reads = (result: string) =>
        value(families, 'agentchat_chain_reader_reads_total', { network: 'BTC', result });
      expect([reads('found'), reads('not_found'), reads('unknown')]).toEqual([1, 1, 1]);
      const last = sampleValue(families, 'agentchat_chain_reader_last_success_timestamp_seconds', {
        network: 'BTC',
      });
      expect(last).toBeGreaterThanOrEqual(Math.floor(startedAt));
      expect(last).toBeLessThanOrEqual(Date.now() / 1000);
    } finally {
      await esplora.stop();
    }
  });
});

describe('a scrape while the database fails', () => {
  it('still answers, without the open orders, counting and logging the failure', async () => {
    const metrics = new AppMetrics();
    const warn = vi.fn();
    // Only what watchDatabase touches: a database whose queries fail, and a logger.
    const failing = {
      db: { execute: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) },
    } as unknown as Database;
    metrics.watchDatabase(failing, { warn } as unknown as FastifyBaseLogger);
    for (const expected of [1, 2]) {
      const families = parsePrometheusText((await metrics.scrape()).body);
      expect(families.get('agentchat_orders_open')?.samples).toEqual([]);
      expect(value(families, 'agentchat_image_readings_pending')).toBeNaN();
      expect(value(families, 'agentchat_metrics_query_failures_total')).toBe(expected);
      expect(families.has('process_cpu_user_seconds_total')).toBe(true);
    }
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'metrics: reading open orders failed',
    );
  });
});
