import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Price } from '../../../../shared/api/prices';
import type { RatesResponse } from '../../../../shared/api/rates';
import type { RateCurrency } from '../../../../shared/domain';
import { dec, formatNaira, toKobo } from '../../../../shared/money';
import { DEFAULT_NAIRA_PER_USD, rateFigures } from '../../../../shared/rates';
import { usePrices } from '../../prices/api/get-prices';
import { managedRatesQuery } from '../api/get-rates';
import { RATE_SYMBOLS } from './symbols';

export interface AgentListRate {
  currency: RateCurrency;
  symbol: 'BTC' | 'USDT';
  /**
   * Naira a customer gets per US dollar of the coin, the unit of the spec's "BTC: ₦1,550/USD":
   * derived from the managed per-coin sell rate once there is one, else the spec's hard-coded
   * ₦1,550 / ₦1,600.
   */
  nairaPerUsd: string;
  /** The managed sell rate, naira per whole coin; null before any rate is saved. */
  sellRateNaira: string | null;
  managed: boolean;
  /** Whether customers are shown the managed rate (within the market guard). */
  published: boolean;
  /** "BTC: ₦1,617/USD", "BTC: ₦1,155/USD (not shown to customers)" or "… (default)". */
  label: string;
}

function nairaText(value: string): string {
  return formatNaira(value, { whole: dec(value).isInteger() });
}

/**
 * The rates the agent chat list shows. PRODUCT.md ("Money"): the managed naira sell rate per
 * USD, the sell rate over the coin's market USD price (GET /api/prices), so a rate saved 30 %
 * under the market reads 30 % under the market's naira per USD; labelled when customers are
 * not shown it. With no market price yet, the middle of the saved USD buy and sell rates (the
 * market price they were calculated from) stands in. With no managed rate (or while the rates
 * cannot be read), the spec's ₦1,550 / ₦1,600, labelled as defaults.
 */
export function getAgentListRates(
  rates?: RatesResponse | null,
  prices?: readonly Price[],
): AgentListRate[] {
  return (['bitcoin', 'usdt'] as const).map((currency) => {
    const symbol = RATE_SYMBOLS[currency];
    const rate = rates?.rates.find((r) => r.currency === currency);
    const figures = rateFigures(rate);
    if (!figures) {
      const nairaPerUsd = DEFAULT_NAIRA_PER_USD[currency];
      return {
        currency,
        symbol,
        nairaPerUsd,
        sellRateNaira: null,
        managed: false,
        published: false,
        label: `${symbol}: ${nairaText(nairaPerUsd)}/USD (default)`,
      };
    }
    const market = prices?.find((p) => p.symbol === symbol)?.usd;
    const coinUsd =
      market !== undefined && dec(market).gt(0)
        ? dec(market)
        : dec(figures.buyRateUsd).plus(figures.sellRateUsd).div(2);
    const nairaPerUsd = toKobo(dec(figures.sellRateNaira).div(coinUsd));
    const published = rate?.published === true;
    return {
      currency,
      symbol,
      nairaPerUsd,
      sellRateNaira: figures.sellRateNaira,
      managed: true,
      published,
      label: `${symbol}: ${nairaText(nairaPerUsd)}/USD${published ? '' : ' (not shown to customers)'}`,
    };
  });
}

/** getAgentListRates over the managed rates and the market prices: defaults while loading. */
export function useAgentListRates(): AgentListRate[] {
  const { data } = useQuery(managedRatesQuery);
  const prices = usePrices().data;
  return useMemo(() => getAgentListRates(data, prices), [data, prices]);
}
