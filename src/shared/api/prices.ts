import { z } from 'zod';
import { decimalString, isoDateTime } from './common';

export const PRICE_SYMBOLS = ['BTC', 'USDT'] as const;

export const priceSchema = z.object({
  symbol: z.enum(PRICE_SYMBOLS),
  name: z.string(),
  usd: decimalString,
  ngn: decimalString,
  /**
   * The price service's own naira price of the coin (CoinGecko's `ngn`); null until it gives
   * one. USDT's is the market's USD-to-naira rate, the reference of the typed one.
   */
  marketNgn: decimalString.nullable(),
  /** 24 h change in percent; null when the price service did not give one. */
  change24h: decimalString.nullable(),
  /** When the price service last gave this price. */
  updatedAt: isoDateTime,
  /** True when the last refresh failed or the price is older than two refresh periods. */
  stale: z.boolean(),
});
export type Price = z.infer<typeof priceSchema>;

/** Empty when no good answer has ever been had. */
export const pricesResponseSchema = z.array(priceSchema);
