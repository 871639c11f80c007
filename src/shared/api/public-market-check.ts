/**
 * Hand checks of the two public answers the landing page reads (GET /api/prices and GET
 * /api/exchange-rates), and of the copy the server puts in the landing page itself: the same
 * shapes as `pricesResponseSchema` and `ratesResponseSchema` (public-market-check.test.ts holds
 * them to it), without zod, which would be a quarter of the landing page's JavaScript.
 */
import type { RATE_CURRENCIES } from '../domain';
import type { Price } from './prices';
import type { RatesResponse } from './rates';

/** `decimalString` of ./common. */
const DECIMAL = /^-?\d+(\.\d+)?$/;
/** `z.iso.datetime({ offset: true })`'s shape: date, time with optional fraction, Z or an offset. */
const ISO_DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/;

const PRICE_SYMBOLS: readonly Price['symbol'][] = ['BTC', 'USDT'];
const CURRENCIES: typeof RATE_CURRENCIES = ['bitcoin', 'usdt'];
const RATE_FIGURES = [
  'buyRateUsd',
  'sellRateUsd',
  'buyRateNaira',
  'sellRateNaira',
  'spreadPercentage',
] as const;

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isDecimal = (value: unknown) => typeof value === 'string' && DECIMAL.test(value);
const isDateTime = (value: unknown) => typeof value === 'string' && ISO_DATE_TIME.test(value);
const orNull = (check: (value: unknown) => boolean) => (value: unknown) =>
  value === null || check(value);

function checkPrice(value: unknown): Price | undefined {
  if (!isObject(value)) return undefined;
  const { symbol, name, usd, ngn, marketNgn, change24h, updatedAt, stale } = value;
  const ok =
    PRICE_SYMBOLS.includes(symbol as Price['symbol']) &&
    typeof name === 'string' &&
    isDecimal(usd) &&
    isDecimal(ngn) &&
    orNull(isDecimal)(marketNgn) &&
    orNull(isDecimal)(change24h) &&
    isDateTime(updatedAt) &&
    typeof stale === 'boolean';
  // Only the contract's fields, as zod's object keeps them.
  return ok
    ? ({ symbol, name, usd, ngn, marketNgn, change24h, updatedAt, stale } as Price)
    : undefined;
}

/** The prices answer, or undefined when it is not in the contract's shape. */
export function checkPrices(value: unknown): Price[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const prices = value.map(checkPrice);
  return prices.every((p) => p !== undefined) ? (prices as Price[]) : undefined;
}

function checkRate(value: unknown): RatesResponse['rates'][number] | undefined {
  if (!isObject(value)) return undefined;
  const { currency, managed, published, lastUpdated } = value;
  const ok =
    CURRENCIES.includes(currency as (typeof CURRENCIES)[number]) &&
    typeof managed === 'boolean' &&
    typeof published === 'boolean' &&
    RATE_FIGURES.every((field) => orNull((v) => typeof v === 'string')(value[field])) &&
    orNull(isDateTime)(lastUpdated);
  if (!ok) return undefined;
  const figures = Object.fromEntries(RATE_FIGURES.map((field) => [field, value[field]]));
  return {
    currency,
    managed,
    published,
    ...figures,
    lastUpdated,
  } as RatesResponse['rates'][number];
}

/** The exchange-rates answer, or undefined when it is not in the contract's shape. */
export function checkRates(value: unknown): RatesResponse | undefined {
  if (!isObject(value) || typeof value.usdToNaira !== 'string' || !Array.isArray(value.rates)) {
    return undefined;
  }
  const rates = value.rates.map(checkRate);
  if (!rates.every((r) => r !== undefined)) return undefined;
  return { usdToNaira: value.usdToNaira, rates: rates as RatesResponse['rates'] };
}
