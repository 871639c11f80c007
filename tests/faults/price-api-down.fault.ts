/**
 * The price API hangs, answers garbage or fails while the real server process runs:
 * GET /api/prices keeps answering at once with the last good prices, marked stale, and the rest
 * of the app keeps serving. When the price API is back, fresh prices return.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Price } from '../../src/shared/api/prices';
import { HttpClient } from '../support/http-client';
import { PriceServer, type PriceServerMode } from '../support/price-server';
import { ServerProcess } from '../support/server-process';
import { sleep } from './support/chat-client';

/** Far below the feed's 5 s call limit: an answer that waited for the price API would miss it. */
const QUICK_MS = 2_000;
const REFRESH_MS = 1_000;

const LAST_GOOD = { BTC: '97250.5', USDT: '1.0002' };

describe('the price API failing under the running app', () => {
  let prices: PriceServer;
  let server: ServerProcess;
  let customer: HttpClient;
  let chatSessionId: number;

  beforeAll(async () => {
    prices = await new PriceServer().start();
    server = await ServerProcess.start({
      priceApiUrl: prices.url,
      env: { PRICE_REFRESH_MS: String(REFRESH_MS) },
    });
    customer = new HttpClient(server.url);
    await customer.signInCustomer({ name: 'Ngozi Price', email: 'ngozi.price@example.com' });
    const created = await customer.json<{ id: number }>('/api/chat-sessions', {
      method: 'POST',
      body: { category: 'usdt' },
    });
    expect(created.status).toBe(201);
    chatSessionId = created.body.id;
  });
  afterAll(async () => {
    await server?.stop();
    await prices?.stop();
  });

  async function timedPrices(): Promise<{ ms: number; status: number; body: Price[] }> {
    const started = performance.now();
    const { status, body } = await customer.json<Price[]>('/api/prices');
    return { ms: performance.now() - started, status, body };
  }

  function usdBySymbol(list: Price[]): Record<string, string> {
    return Object.fromEntries(list.map((p) => [p.symbol, p.usd]));
  }

  /**
   * Holds the price API in `mode` for `forMs` and keeps using the app meanwhile: every prices
   * answer is quick and keeps the last good values; health, config and sending keep working.
   */
  async function holdAndUse(mode: PriceServerMode, forMs: number): Promise<string[]> {
    prices.mode = mode;
    const requestsBefore = prices.requests;
    const sent: string[] = [];
    let sawStale = false;
    const until = Date.now() + forMs;
    while (Date.now() < until) {
      const answer = await timedPrices();
      expect(answer.status).toBe(200);
      expect(answer.ms, `GET /api/prices while the price API is in mode ${mode}`).toBeLessThan(
        QUICK_MS,
      );
      expect(usdBySymbol(answer.body)).toEqual(LAST_GOOD);
      sawStale ||= answer.body.every((p) => p.stale);

      const health = await customer.json<{ status: string }>('/api/health');
      expect(health).toEqual({ status: 200, body: { status: 'ok', database: 'ok' } });
      expect((await customer.json('/api/config')).status).toBe(200);
      const clientMessageId = randomUUID();
      const send = await customer.json<{ id: number }>(
        `/api/chat-sessions/${chatSessionId}/messages`,
        { method: 'POST', body: { clientMessageId, content: `while the price API is ${mode}` } },
      );
      expect(send.status).toBe(201);
      sent.push(clientMessageId);
      await sleep(200);
    }
    // The app really was trying the failing price API, and said its prices were stale.
    expect(prices.requests).toBeGreaterThan(requestsBefore);
    expect(sawStale, `prices marked stale while the price API is in mode ${mode}`).toBe(true);
    return sent;
  }

  it('serves the last good prices, marked stale, and everything else, until the API is back', async () => {
    // A first good answer.
    await expect
      .poll(async () => (await timedPrices()).body, { timeout: 30_000, interval: 200 })
      .toSatisfy((list: Price[]) => list.length === 2 && list.every((p) => !p.stale));
    expect(usdBySymbol((await timedPrices()).body)).toEqual(LAST_GOOD);

    const sent = [
      ...(await holdAndUse('garbage', 2_000)),
      ...(await holdAndUse('error', 2_000)),
      // Last, since a hung call holds the feed until it times out; longer than the feed's 5 s
      // call limit, so a timed-out call and the one after it are covered.
      ...(await holdAndUse('hang', 6_500)),
    ];

    // Back to normal: new prices, fresh.
    prices.quotes = {
      bitcoin: { usd: 98_001.25, change: 1.5 },
      tether: { usd: 0.9998, change: 0 },
    };
    prices.mode = 'ok';
    await expect
      .poll(async () => (await timedPrices()).body, { timeout: 30_000, interval: 200 })
      .toSatisfy(
        (list: Price[]) =>
          list.length === 2 &&
          list.every((p) => !p.stale) &&
          usdBySymbol(list).BTC === '98001.25' &&
          usdBySymbol(list).USDT === '0.9998',
      );

    // Every message sent meanwhile is there once.
    const listed = await customer.json<{ items: { clientMessageId: string }[] }>(
      `/api/chat-sessions/${chatSessionId}/messages?limit=200`,
    );
    expect(listed.body.items.map((m) => m.clientMessageId)).toEqual(sent);
  });
});
