import type { Price } from '../../../../shared/api/prices';
import type { RatesResponse } from '../../../../shared/api/rates';
import type { RateCurrency } from '../../../../shared/domain';
import { rateFigures } from '../../../../shared/rate-figures';
import { RATE_SYMBOLS } from './symbols';

export interface CalculatorRate {
  /** Naira per whole coin. */
  naira: string;
  /** managed: what agents pay (their sell rate); market: the price feed, before agents set one. */
  source: 'managed' | 'market';
}

/**
 * The rate a customer is paid: the agents' managed sell rate where the server publishes it
 * (within the market guard), else the market price in naira (PRODUCT.md "Money"), else none.
 */
export function calculatorRate(
  currency: RateCurrency,
  rates: RatesResponse | undefined,
  prices: readonly Price[] | undefined,
): CalculatorRate | null {
  const rate = rates?.rates.find((r) => r.currency === currency);
  const figures = rate?.published ? rateFigures(rate) : null;
  if (figures) return { naira: figures.sellRateNaira, source: 'managed' };
  const price = prices?.find((p) => p.symbol === RATE_SYMBOLS[currency]);
  return price ? { naira: price.ngn, source: 'market' } : null;
}
