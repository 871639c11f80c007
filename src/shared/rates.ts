import Decimal from 'decimal.js';
import { dec, toKobo } from './money';

/** The spec's default spreads: 2 % for bitcoin, 1 % for usdt (fallback 2). */
export const DEFAULT_SPREADS: Record<string, string> = { bitcoin: '2', usdt: '1' };
export const MAX_SPREAD_PERCENT = 50;
/**
 * The spec's hard-coded agent-list rates, naira per US dollar (not per coin): shown, labelled
 * as defaults, only until rates are managed. Never stored in a rate's per-coin fields.
 */
export const DEFAULT_NAIRA_PER_USD = { bitcoin: '1550', usdt: '1600' } as const;
export const SELL_ABOVE_BUY = 'The sell rate cannot be above the buy rate';

/** USD rates to 8 places (crypto prices need no more), naira to the kobo. */
const USD_PLACES = 8;

/**
 * The spec's Auto Calculate: buy = market x (1 + spread/100), sell = market x (1 - spread/100).
 */
export function autoCalculate(
  market: Decimal.Value,
  spreadPercent: Decimal.Value,
): { buyUsd: string; sellUsd: string } {
  const factor = dec(spreadPercent).div(100);
  const m = dec(market);
  return {
    buyUsd: m
      .times(dec(1).plus(factor))
      .toDecimalPlaces(USD_PLACES, Decimal.ROUND_HALF_UP)
      .toFixed(),
    sellUsd: m
      .times(dec(1).minus(factor))
      .toDecimalPlaces(USD_PLACES, Decimal.ROUND_HALF_UP)
      .toFixed(),
  };
}

/** A USD rate in naira at the USD-to-naira rate, to the kobo (half-up). */
export function nairaRate(usdRate: Decimal.Value, usdToNaira: Decimal.Value): string {
  return toKobo(dec(usdRate).times(usdToNaira));
}

/** What a trade pays: amount x rate, rounded half-up to the kobo. The server stores this. */
export function tradeTotal(amount: Decimal.Value, rate: Decimal.Value): string {
  return toKobo(dec(amount).times(rate));
}

/** The calculator's other direction: how much crypto a naira amount buys, rounded down to 8 places. */
export function cryptoForNaira(naira: Decimal.Value, rate: Decimal.Value): string {
  const r = dec(rate);
  if (r.isZero()) return '0';
  return dec(naira).div(r).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();
}

// Without decimal.js, for the landing page's price rows and calculator.
export { rateFigures, type RateFigures } from './rate-figures';
