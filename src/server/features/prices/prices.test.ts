import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pricesResponseSchema } from '../../../shared/api/prices';
import { createTestApp } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { PriceServer } from '../../../../tests/support/price-server';
import { settings } from '../../db/schema';

const priceServer = new PriceServer();
beforeAll(() => priceServer.start());
afterAll(() => priceServer.stop());
beforeEach(() => {
  priceServer.mode = 'ok';
});

describe.each(testDatabaseKinds())('GET /api/prices on $name', (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await kind.open();
  });
  afterEach(() => database.dispose());

  async function app(env: Record<string, string> = {}) {
    const instance = await createTestApp({
      database,
      env: { PRICE_API_URL: priceServer.url, ...env },
    });
    await instance.ready();
    await instance.priceFeed.refresh();
    return instance;
  }

  async function prices(instance: Awaited<ReturnType<typeof app>>) {
    const res = await instance.inject({ method: 'GET', url: '/api/prices' });
    expect(res.statusCode).toBe(200);
    return pricesResponseSchema.parse(res.json());
  }

  it('serves bitcoin and tether in USD and naira at the default 1650, as exact strings', async () => {
    const instance = await app();
    const list = await prices(instance);
    expect(list.map((p) => p.symbol)).toEqual(['BTC', 'USDT']);
    const [btc, usdt] = list;
    expect(btc).toMatchObject({
      name: 'Bitcoin',
      usd: '97250.5',
      ngn: '160463325.00',
      marketNgn: '155843926.25',
      change24h: '2.35',
      stale: false,
    });
    expect(usdt).toMatchObject({
      name: 'Tether',
      usd: '1.0002',
      ngn: '1650.33',
      marketNgn: '1602.5',
      change24h: '-0.01',
      stale: false,
    });
    expect(instance.priceFeed.marketUsdToNaira()).toBe('1602.5');
    await instance.close();
  });

  it('asks for naira too, and has no market USD-to-naira when the service gives none', async () => {
    const before = priceServer.quotes;
    priceServer.quotes = {
      bitcoin: { usd: 97_250.5, change: 2.35 },
      tether: { usd: 1.0002, change: -0.01 },
    };
    try {
      const instance = await app();
      const [btc, usdt] = await prices(instance);
      expect(btc).toMatchObject({ usd: '97250.5', marketNgn: null });
      expect(usdt).toMatchObject({ usd: '1.0002', ngn: '1650.33', marketNgn: null });
      expect(instance.priceFeed.marketUsdToNaira()).toBeNull();
      await instance.close();
    } finally {
      priceServer.quotes = before;
    }
  });

  it('uses the managed USD-to-naira rate', async () => {
    await database.db.insert(settings).values({ key: 'usd_to_naira', value: '1700.5' });
    const instance = await app();
    const [btc] = await prices(instance);
    // 97250.5 x 1700.5 = 165374475.25
    expect(btc?.ngn).toBe('165374475.25');
    await instance.close();
  });

  it('answers an empty list when the price service has never answered', async () => {
    priceServer.mode = 'error';
    const instance = await app();
    expect(await prices(instance)).toEqual([]);
    await instance.close();
  });

  it.each(['error', 'garbage', 'hang'] as const)(
    'keeps the last good prices, marked stale, when the service answers %s',
    async (mode) => {
      const instance = await app({ PRICE_API_URL: priceServer.url });
      expect((await prices(instance))[0]?.stale).toBe(false);
      priceServer.mode = mode;
      instance.priceFeed.timeoutMs = 200;
      await instance.priceFeed.refresh();
      const list = await prices(instance);
      expect(list).toHaveLength(2);
      expect(list.every((p) => p.stale)).toBe(true);
      expect(list[0]?.usd).toBe('97250.5');
      await instance.close();
    },
  );

  it('remembers the last good prices across a restart', async () => {
    const first = await app();
    await prices(first);
    await first.close();
    priceServer.mode = 'error';
    const second = await app();
    const list = await prices(second);
    expect(list.map((p) => p.usd)).toEqual(['97250.5', '1.0002']);
    expect(list.every((p) => p.stale)).toBe(true);
    await second.close();
  });
});
