import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rateGuardRefusalSchema, ratesResponseSchema } from '../../../shared/api/rates';
import { createTestApp, injectJson } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { startLiveApp, type LiveApp } from '../../../../tests/support/live-app';
import { PriceServer } from '../../../../tests/support/price-server';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { TestSocket } from '../../../../tests/support/ws-client';
import { nairaRate } from '../../../shared/rates';
import { auditLog, realtimeEvents } from '../../db/schema';

/**
 * The new user's market: BTC $97,000, USDT $1.0002; at ₦1,650 BTC is ₦160,050,000.00. The
 * price service says USDT is ₦1,602.50: the market's USD-to-naira.
 */
const priceServer = new PriceServer();
priceServer.quotes = {
  bitcoin: { usd: 97_000, change: 1.5 },
  tether: { usd: 1.0002, change: 0, ngn: 1602.5 },
};
beforeAll(() => priceServer.start());
afterAll(() => priceServer.stop());

/** Auto Calculate at the market: spread 2 % for BTC, 1 % for USDT, naira at ₦1,650. */
const BTC = {
  currency: 'bitcoin',
  spreadPercentage: '2',
  buyRateUsd: '98940',
  sellRateUsd: '95060',
  buyRateNaira: '163251000.00',
  sellRateNaira: '156849000.00',
};
const USDT = {
  currency: 'usdt',
  spreadPercentage: '1',
  buyRateUsd: '1.010202',
  sellRateUsd: '0.990198',
  buyRateNaira: '1666.83',
  sellRateNaira: '1633.83',
};
/** What the bug stored: the spec's ₦1,550 per USD in BTC's per-coin fields. */
const BTC_PER_USD = {
  currency: 'bitcoin',
  spreadPercentage: '2',
  buyRateUsd: '0.93939394',
  sellRateUsd: '0.93939394',
  buyRateNaira: '1550.00',
  sellRateNaira: '1550.00',
};
const REASON = 'Testing the guard on purpose';

describe.each(testDatabaseKinds())('exchange rates on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  /** An install that never had a market price: its feed points nowhere, its database is new. */
  let offlineDatabase: TestDatabase;
  let offline: Awaited<ReturnType<typeof createTestApp>>;
  const cookie: Record<string, string> = {};

  const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown, on = app) =>
    injectJson(on, { cookie: cookie[who], method, url, body });
  const save = (body: unknown, on = app) =>
    call(on === offline ? 'offline' : 'agent', 'POST', '/api/exchange-rates', body, on);
  const publicRates = async (on = app) =>
    ratesResponseSchema.parse(
      (await call('nobody', 'GET', '/api/exchange-rates', undefined, on)).body,
    );
  const agentRates = async (on = app) =>
    ratesResponseSchema.parse(
      (
        await call(
          on === offline ? 'offline' : 'agent',
          'GET',
          '/api/exchange-rates/manage',
          undefined,
          on,
        )
      ).body,
    );
  const guardAudits = (db = database.db) =>
    db.select().from(auditLog).where(eq(auditLog.action, 'rates.guard-confirmed'));

  beforeAll(async () => {
    database = await kind.open();
    app = await createTestApp({ database, env: { PRICE_API_URL: priceServer.url } });
    await app.ready();
    await app.priceFeed.refresh();
    offlineDatabase = await kind.open();
    offline = await createTestApp({ database: offlineDatabase });
    await offline.ready();
    cookie.agent = await sessionCookie(database.db, await makeAgent(database.db));
    cookie.offline = await sessionCookie(offlineDatabase.db, await makeAgent(offlineDatabase.db));
    cookie.customer = await sessionCookie(database.db, await makeCustomer(database.db));
  });
  afterAll(async () => {
    await app.close();
    await offline.close();
    await database.dispose();
    await offlineDatabase.dispose();
  });

  it('says plainly that a currency no agent has saved has no managed rate', async () => {
    const unmanaged = {
      managed: false,
      published: false,
      buyRateUsd: null,
      sellRateUsd: null,
      buyRateNaira: null,
      sellRateNaira: null,
      spreadPercentage: null,
      lastUpdated: null,
    };
    for (const body of [await publicRates(), await agentRates()]) {
      expect(body).toEqual({
        usdToNaira: '1650',
        rates: [
          { currency: 'bitcoin', ...unmanaged },
          { currency: 'usdt', ...unmanaged },
        ],
      });
    }
    expect((await call('customer', 'GET', '/api/exchange-rates/manage')).status).toBe(403);
    expect((await call('nobody', 'GET', '/api/exchange-rates/manage')).status).toBe(401);
  });

  it('refuses a naira rate past the guard with its deviation, and saves nothing', async () => {
    const res = await save({ usdToNaira: '1650', rates: [BTC_PER_USD] });
    expect(res.status).toBe(409);
    const refusal = rateGuardRefusalSchema.parse(res.body);
    expect(refusal.error).toBe(
      'BTC buy rate ₦1,550.00 is 100.00 % below the market ₦160,050,000.00; ' +
        'BTC sell rate ₦1,550.00 is 100.00 % below the market ₦160,050,000.00; ' +
        'confirm with a reason to save them',
    );
    expect(refusal).toMatchObject({ code: 'rate_guard', guardPercent: 10 });
    expect(
      refusal.deviations.map((d) => [d.label, d.value, d.reference, d.deviationPercent]),
    ).toEqual([
      ['BTC buy rate', '1550.00', '160050000.00', '-100.00'],
      ['BTC sell rate', '1550.00', '160050000.00', '-100.00'],
    ]);
    expect((await agentRates()).rates[0]).toMatchObject({ managed: false });
    expect(await guardAudits()).toEqual([]);
  });

  it('saves the same rate with a confirmation, audits the reason, and never publishes it', async () => {
    const res = await save({
      usdToNaira: '1650',
      rates: [BTC_PER_USD],
      confirmation: { reason: REASON },
    });
    expect(res.status).toBe(200);
    const [audit] = await guardAudits();
    expect(audit).toMatchObject({ entityType: 'exchange_rate', entityId: 'bitcoin' });
    expect(audit!.after).toMatchObject({
      reason: REASON,
      guardPercent: 10,
      deviations: [
        { label: 'BTC buy rate', deviationPercent: '-100.00' },
        { label: 'BTC sell rate', deviationPercent: '-100.00' },
      ],
    });
    // Agents see it, marked unpublished; visitors see that a rate exists, never its figures.
    expect((await agentRates()).rates[0]).toMatchObject({
      managed: true,
      published: false,
      sellRateNaira: '1550.00',
    });
    const visitors = await call('nobody', 'GET', '/api/exchange-rates');
    expect(visitors.body.rates[0]).toEqual({
      currency: 'bitcoin',
      managed: true,
      published: false,
      buyRateUsd: null,
      sellRateUsd: null,
      buyRateNaira: null,
      sellRateNaira: null,
      spreadPercentage: null,
      lastUpdated: null,
    });
    expect(JSON.stringify(visitors.body)).not.toContain('1550');
  });

  it('saves rates within the guard without a confirmation and publishes them', async () => {
    const res = await save({ usdToNaira: '1650', rates: [BTC, USDT] });
    expect(res.status).toBe(200);
    expect((await publicRates()).rates).toMatchObject([
      { currency: 'bitcoin', managed: true, published: true, sellRateNaira: '156849000.00' },
      { currency: 'usdt', managed: true, published: true, sellRateNaira: '1633.83' },
    ]);
    expect(await guardAudits()).toHaveLength(1);
  });

  it('withholds a published rate once the market moves past the guard', async () => {
    priceServer.quotes.bitcoin.usd = 120_000;
    await app.priceFeed.refresh();
    try {
      const btc = (await publicRates()).rates[0]!;
      expect(btc).toMatchObject({ managed: true, published: false, sellRateNaira: null });
      expect((await agentRates()).rates[0]).toMatchObject({
        published: false,
        sellRateNaira: '156849000.00',
      });
    } finally {
      priceServer.quotes.bitcoin.usd = 97_000;
      await app.priceFeed.refresh();
    }
  });

  it('needs the confirmation for any save while there is no market price, and publishes nothing', async () => {
    const res = await save({ usdToNaira: '1650', rates: [USDT] }, offline);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      'USDT buy rate ₦1,666.83 cannot be checked: there is no market price; ' +
        'USDT sell rate ₦1,633.83 cannot be checked: there is no market price; ' +
        'confirm with a reason to save them',
    );
    expect(rateGuardRefusalSchema.parse(res.body).deviations[0]).toMatchObject({
      reference: null,
      deviationPercent: null,
    });
    const confirmed = await save(
      { usdToNaira: '1650', rates: [USDT], confirmation: { reason: 'Price service is down' } },
      offline,
    );
    expect(confirmed.status).toBe(200);
    const [audit] = await guardAudits(offlineDatabase.db);
    expect(audit!.after).toMatchObject({ reason: 'Price service is down' });
    // Saved, and shown to agents; visitors see "Fair Market Rate" until a market price checks it.
    expect((await agentRates(offline)).rates[1]).toMatchObject({
      managed: true,
      published: false,
      sellRateNaira: '1633.83',
    });
    expect((await publicRates(offline)).rates[1]).toMatchObject({
      managed: true,
      published: false,
      sellRateNaira: null,
    });
  });

  it.each([
    [
      'a naira sell rate above the naira buy rate',
      { ...BTC, sellRateNaira: '163251000.01' },
      /sellRateNaira: The sell rate cannot be above the buy rate/,
    ],
    [
      'a naira rate that is not its USD rate at the USD-to-Naira rate',
      { ...BTC, buyRateNaira: '163251000.01' },
      /BTC Naira buy rate must be its USD buy rate × the USD to Naira rate: 163251000\.00/,
    ],
    ['a USD rate that is not a number', { ...BTC, buyRateUsd: 'abc' }, /USD buy rate must be/],
    ['a naira rate that is not a number', { ...BTC, sellRateNaira: '1e5' }, /Naira sell rate/],
    [
      'a confirmation without a reason',
      BTC,
      /confirmation\.reason: Give a reason of at least 5 characters/,
      { reason: ' ' },
    ],
  ])('refuses %s with a 400', async (_what, rate, message, confirmation?: { reason: string }) => {
    const res = await save({ usdToNaira: '1650', rates: [rate], confirmation });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it('moves every saved naira rate with the USD-to-Naira rate, and guards it against the market', async () => {
    const usdtAt1700 = {
      ...USDT,
      buyRateNaira: nairaRate(USDT.buyRateUsd, '1700'),
      sellRateNaira: nairaRate(USDT.sellRateUsd, '1700'),
    };
    const alone = await save({ usdToNaira: '1700', rates: [usdtAt1700] });
    expect(alone.status).toBe(400);
    expect(alone.body.error).toBe(
      'Changing the USD to Naira rate changes every Naira rate: send the BTC rates with it',
    );
    expect((await save({ usdToNaira: '2000', rates: [] })).body.error).toMatch(
      /send the BTC and USDT rates with it/,
    );
    const at2000 = (usd: string) => nairaRate(usd, '2000');
    const both = [BTC, USDT].map((r) => ({
      ...r,
      buyRateNaira: at2000(r.buyRateUsd),
      sellRateNaira: at2000(r.sellRateUsd),
    }));
    const refused = await save({ usdToNaira: '2000', rates: both });
    expect(refused.status).toBe(409);
    expect(rateGuardRefusalSchema.parse(refused.body).deviations[0]).toEqual({
      label: 'USD to Naira rate',
      value: '2000.00',
      reference: '1602.50',
      deviationPercent: '24.80',
      message: 'USD to Naira rate ₦2,000.00 is 24.80 % above the market ₦1,602.50',
    });
    expect((await publicRates()).usdToNaira).toBe('1650');
    const confirmed = await save({
      usdToNaira: '2000',
      rates: both,
      confirmation: { reason: REASON },
    });
    expect(confirmed.status).toBe(200);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'rates.guard-confirmed'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.after).toMatchObject({
      reason: REASON,
      deviations: [expect.objectContaining({ label: 'USD to Naira rate', reference: '1602.50' })],
    });
    const back = [BTC, USDT];
    expect((await save({ usdToNaira: '1650', rates: back })).status).toBe(200);
  });

  it('does not guard the USD-to-Naira rate while the market has no naira price', async () => {
    const before = priceServer.quotes;
    priceServer.quotes = {
      bitcoin: { usd: 97_000, change: 1.5 },
      tether: { usd: 1.0002, change: 0 },
    };
    try {
      await app.priceFeed.refresh();
      // ₦1,000 is 39 % under the market's ₦1,602.50 (and the current ₦1,650); the coins' naira
      // rates, each at market x 1000, are within their own guard.
      const at1000 = [BTC, USDT].map((r) => ({
        ...r,
        buyRateNaira: nairaRate(r.buyRateUsd, '1000'),
        sellRateNaira: nairaRate(r.sellRateUsd, '1000'),
      }));
      const saved = await save({ usdToNaira: '1000', rates: at1000 });
      expect(saved.status).toBe(200);
      expect((await publicRates()).usdToNaira).toBe('1000');
    } finally {
      priceServer.quotes = before;
      await app.priceFeed.refresh();
      expect((await save({ usdToNaira: '1650', rates: [BTC, USDT] })).status).toBe(200);
    }
  });
});

describe.each(testDatabaseKinds())('a rates save told live on $name', (kind) => {
  let database: TestDatabase;
  let live: LiveApp;
  const cookie: Record<string, string> = {};

  beforeAll(async () => {
    database = await kind.open();
    live = await startLiveApp(database, { PRICE_API_URL: priceServer.url });
    await live.app.priceFeed.refresh();
    cookie.agent = await sessionCookie(database.db, await makeAgent(database.db));
    cookie.customer = await sessionCookie(database.db, await makeCustomer(database.db));
  });
  afterAll(async () => {
    await live.close();
    await database.dispose();
  });

  it('reaches every socket, a customer’s too, as `rates.updated` without figures; a refused save tells none', async () => {
    const customer = await TestSocket.connect(live.baseUrl, cookie.customer!);
    const agent = await TestSocket.connect(live.baseUrl, cookie.agent!);
    await customer.resume();
    await agent.resume();
    const save = (body: unknown) =>
      injectJson(live.app, {
        cookie: cookie.agent,
        method: 'POST',
        url: '/api/exchange-rates',
        body,
      });
    expect((await save({ usdToNaira: '1650', rates: [BTC_PER_USD] })).status).toBe(409);
    expect((await save({ usdToNaira: '1650', rates: [BTC] })).status).toBe(200);
    const told = (s: TestSocket) => s.events.filter((e) => e.type === 'rates.updated');
    for (const s of [customer, agent]) {
      await s.waitFor(() => told(s).length > 0, 'rates.updated');
    }
    expect(told(customer)).toEqual([{ id: expect.any(Number), type: 'rates.updated' }]);
    const rows = await database.db
      .select()
      .from(realtimeEvents)
      .where(eq(realtimeEvents.type, 'rates.updated'));
    expect(rows.map((r) => [r.audience, r.customerId])).toEqual([['everyone', null]]);
    // A socket resuming from before the save is sent it too.
    const late = await TestSocket.connect(live.baseUrl, cookie.customer!);
    await late.resume(0);
    expect(told(late)).toHaveLength(1);
    for (const s of [customer, agent, late]) s.ws.close();
  });
});

describe.each(testDatabaseKinds())('a market move told live on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let agentCookie: string;
  const market = priceServer.quotes;

  beforeAll(async () => {
    database = await kind.open();
    app = await createTestApp({ database, env: { PRICE_API_URL: priceServer.url } });
    await app.priceFeed.refresh();
    agentCookie = await sessionCookie(database.db, await makeAgent(database.db));
  });
  afterAll(async () => {
    priceServer.quotes = market;
    await app.close();
    await database.dispose();
  });

  const told = async () =>
    (
      await database.db
        .select()
        .from(realtimeEvents)
        .where(eq(realtimeEvents.type, 'rates.updated'))
    ).map((r) => [r.audience, r.customerId]);
  const btcAt = async (usd: number) => {
    priceServer.quotes = { ...market, bitcoin: { usd, change: 0 } };
    await app.priceFeed.refresh();
  };

  it('writes `rates.updated` when the market moves a rate into or out of the guard, and only then', async () => {
    const saved = await injectJson(app, {
      cookie: agentCookie,
      method: 'POST',
      url: '/api/exchange-rates',
      body: { usdToNaira: '1650', rates: [BTC] },
    });
    expect(saved.status).toBe(200);
    expect(await told()).toHaveLength(1);
    const published = async () =>
      ratesResponseSchema
        .parse((await injectJson(app, { method: 'GET', url: '/api/exchange-rates' })).body)
        .rates.find((r) => r.currency === 'bitcoin')!.published;
    expect(await published()).toBe(true);

    // $120,000: BTC's ₦156,849,000 sell rate is 20.8 % under ₦198,000,000, past the 10 % guard.
    await btcAt(120_000);
    await vi.waitFor(async () => expect(await told()).toHaveLength(2));
    expect(await published()).toBe(false);
    // Still outside: nothing to tell. Then back within: told again, for every socket.
    await btcAt(121_000);
    await btcAt(97_500);
    await vi.waitFor(async () => expect(await told()).toHaveLength(3));
    expect(await published()).toBe(true);
    // A move that keeps it within tells none (looks run in order: the next told one proves it).
    await btcAt(97_000);
    await btcAt(130_000);
    await vi.waitFor(async () => expect(await told()).toHaveLength(4));
    expect(await told()).toEqual(Array(4).fill(['everyone', null]));
  });
});
