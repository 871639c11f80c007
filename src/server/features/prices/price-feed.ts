import { desc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Price } from '../../../shared/api/prices';
import { RATE_SYMBOLS, type RateCurrency } from '../../../shared/domain';
import { dec, usdToNaira } from '../../../shared/money';
import type { Db } from '../../db/client';
import { priceSnapshots } from '../../db/schema';
import type { EventBus } from '../../platform/event-bus';
import { getUsdToNaira } from '../rates';

const COINS = [
  { id: 'bitcoin', symbol: 'BTC', name: 'Bitcoin' },
  { id: 'tether', symbol: 'USDT', name: 'Tether' },
] as const satisfies readonly { id: string; symbol: Price['symbol']; name: string }[];

const positive = z.number().finite().positive();
/** `ngn` may be missing: without it the coin has no market naira price, the rest still counts. */
const coinQuote = z.object({
  usd: positive,
  usd_24h_change: z.number().finite().nullish(),
  ngn: positive.nullish(),
});
/** CoinGecko's `simple/price` answer for our two coins; anything else is garbage. */
const simplePriceSchema = z.object({ bitcoin: coinQuote, tether: coinQuote });

interface Quote {
  usd: string;
  /** The price service's own naira price; null when it gave none. Kept in memory only. */
  marketNgn: string | null;
  change24h: string | null;
  fetchedAt: Date;
}

export interface PriceFeedOptions {
  db: Db;
  apiUrl: string;
  refreshMs: number;
  logger: FastifyBaseLogger;
  /** How long one call to the price service may take. */
  timeoutMs?: number;
  /**
   * Hears `usdToNairaChanged`: an agent's new rate reaches the naira prices at once. Tells
   * `pricesRefreshed` after each good answer.
   */
  bus: EventBus;
}

/** Keep a week of snapshots: enough to look back, small enough to never matter. */
const SNAPSHOT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

function isConnectionReset(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET';
}

/** Numbers from JSON become exact decimals through their shortest round-trip text. */
function toDecimalString(value: number): string {
  return dec(String(value)).toFixed();
}

/**
 * Fetches bitcoin and tether prices from a CoinGecko-compatible API on the server, keeps the
 * last good answer in memory and in the database, and never lets a failure reach a request.
 */
export class PriceFeed {
  private quotes = new Map<Price['symbol'], Quote>();
  private lastRefreshFailed = false;
  private rate = '1650';
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  private stopped = false;
  /** How long one call to the price service may take; tests shorten it. */
  timeoutMs: number;

  constructor(private readonly options: PriceFeedOptions) {
    this.timeoutMs = options.timeoutMs ?? 5_000;
    options.bus.on('usdToNairaChanged', ({ rate }) => {
      this.rate = rate;
    });
  }

  /** Loads the last stored prices, then refreshes now and every `refreshMs`. */
  async start(): Promise<void> {
    await this.loadStored();
    await this.refreshRate();
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.options.refreshMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.inFlight;
  }

  /** The prices to show; empty until a good answer has been had. */
  current(now = new Date()): Price[] {
    const prices: Price[] = [];
    for (const coin of COINS) {
      const quote = this.quotes.get(coin.symbol);
      if (!quote) continue;
      const age = now.getTime() - quote.fetchedAt.getTime();
      prices.push({
        symbol: coin.symbol,
        name: coin.name,
        usd: quote.usd,
        ngn: usdToNaira(quote.usd, this.rate),
        marketNgn: quote.marketNgn,
        change24h: quote.change24h,
        updatedAt: quote.fetchedAt.toISOString(),
        stale: this.lastRefreshFailed || age > 2 * this.options.refreshMs,
      });
    }
    return prices;
  }

  /** One coin's current price, the market reference of rates and trades; null until known. */
  market(currency: RateCurrency): Price | null {
    return this.current().find((p) => p.symbol === RATE_SYMBOLS[currency]) ?? null;
  }

  /**
   * The market's USD-to-naira rate: what the price service says one USDT is in naira (tether
   * tracks the dollar). The reference the typed USD-to-Naira rate is guarded against; null until
   * the service has given a naira price.
   */
  marketUsdToNaira(): string | null {
    return this.market('usdt')?.marketNgn ?? null;
  }

  /** One refresh; concurrent callers share it. Never throws. */
  refresh(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.inFlight ??= this.doRefresh().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async doRefresh(): Promise<void> {
    await this.refreshRate();
    let body: z.infer<typeof simplePriceSchema>;
    try {
      body = await this.fetchQuotes();
    } catch (error) {
      this.lastRefreshFailed = true;
      this.options.logger.warn(
        { err: error },
        'price refresh failed; keeping the last good prices',
      );
      return;
    }
    const fetchedAt = new Date();
    for (const coin of COINS) {
      const q = body[coin.id];
      this.quotes.set(coin.symbol, {
        usd: toDecimalString(q.usd),
        marketNgn: q.ngn == null ? null : toDecimalString(q.ngn),
        change24h: q.usd_24h_change == null ? null : toDecimalString(q.usd_24h_change),
        fetchedAt,
      });
    }
    this.lastRefreshFailed = false;
    await this.store(fetchedAt);
    this.options.bus.emit('pricesRefreshed');
  }

  private async fetchQuotes(): Promise<z.infer<typeof simplePriceSchema>> {
    const url = new URL(`${this.options.apiUrl}/simple/price`);
    url.searchParams.set('ids', COINS.map((c) => c.id).join(','));
    url.searchParams.set('vs_currencies', 'usd,ngn');
    url.searchParams.set('include_24hr_change', 'true');
    const init = {
      signal: AbortSignal.timeout(this.timeoutMs),
      headers: { accept: 'application/json' },
    };
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      // A pooled keep-alive connection that the server closed while our event loop was busy
      // (PGlite blocks it) fails at once: one retry on a fresh connection, within the same timeout.
      if (!isConnectionReset(error)) throw error;
      response = await fetch(url, init);
    }
    if (!response.ok) throw new Error(`price service answered ${response.status}`);
    const json: unknown = await response.json();
    const parsed = simplePriceSchema.safeParse(json);
    if (!parsed.success) throw new Error(`price service answered garbage: ${parsed.error.message}`);
    return parsed.data;
  }

  private async refreshRate(): Promise<void> {
    try {
      this.rate = await getUsdToNaira({ db: this.options.db });
    } catch (error) {
      this.options.logger.warn(
        { err: error },
        'could not read the USD-to-naira rate; keeping the last one',
      );
    }
  }

  private async store(fetchedAt: Date): Promise<void> {
    try {
      const { db } = this.options;
      await db.insert(priceSnapshots).values(
        COINS.map((coin) => {
          const q = this.quotes.get(coin.symbol)!;
          return { symbol: coin.symbol, usd: q.usd, change24h: q.change24h, fetchedAt };
        }),
      );
      await db
        .delete(priceSnapshots)
        .where(lt(priceSnapshots.fetchedAt, new Date(fetchedAt.getTime() - SNAPSHOT_RETENTION_MS)));
    } catch (error) {
      this.options.logger.warn({ err: error }, 'could not store the price snapshot');
    }
  }

  private async loadStored(): Promise<void> {
    try {
      for (const coin of COINS) {
        const [row] = await this.options.db
          .select()
          .from(priceSnapshots)
          .where(eq(priceSnapshots.symbol, coin.symbol))
          .orderBy(desc(priceSnapshots.fetchedAt))
          .limit(1);
        if (row) {
          this.quotes.set(coin.symbol, {
            usd: dec(row.usd).toFixed(),
            // Snapshots keep the dollar price only: the naira reference waits for a fresh answer.
            marketNgn: null,
            change24h: row.change24h === null ? null : dec(row.change24h).toFixed(),
            fetchedAt: row.fetchedAt,
          });
        }
      }
    } catch (error) {
      this.options.logger.warn({ err: error }, 'could not load stored prices');
    }
  }
}
