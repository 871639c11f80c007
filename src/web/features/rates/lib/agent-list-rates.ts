import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RatesResponse } from '../../../../shared/api/rates';
import type { RateCurrency } from '../../../../shared/domain';
import { dec, formatNaira, toKobo } from '../../../../shared/money';
import { DEFAULT_NAIRA_PER_USD, rateFigures } from '../../../../shared/rates';
import { managedRatesQuery } from '../api/get-rates';
import { RATE_SYMBOLS } from './symbols';

export interface AgentListRate {
  currency: RateCurrency;
  symbol: 'BTC' | 'USDT';
  /**
   * Naira a customer gets per US dollar of the coin, the unit of the spec's "BTC: ₦1,550/USD":
   * derived from the managed per-coin rates once there are some, else the spec's hard-coded
   * ₦1,550 / ₦1,600.
   */
  nairaPerUsd: string;
  /** The managed sell rate, naira per whole coin; null before any rate is saved. */
  sellRateNaira: string | null;
  managed: boolean;
  /** "BTC: ₦1,617/USD", or "BTC: ₦1,550/USD (default)", ready to show. */
  label: string;
}

function nairaText(value: string): string {
  return formatNaira(value, { whole: dec(value).isInteger() });
}

/**
 * The rates the agent chat list shows. PRODUCT.md ("Money"): the managed sell rate per USD,
 * derived from the per-coin rates: the naira sell rate over the coin's USD value, the middle
 * of its USD buy and sell rates (the market price they were calculated from). With no managed
 * rate (or while the rates cannot be read), the spec's ₦1,550 / ₦1,600, labelled as defaults.
 */
export function getAgentListRates(rates?: RatesResponse | null): AgentListRate[] {
  return (['bitcoin', 'usdt'] as const).map((currency) => {
    const symbol = RATE_SYMBOLS[currency];
    const figures = rateFigures(rates?.rates.find((r) => r.currency === currency));
    if (!figures) {
      const nairaPerUsd = DEFAULT_NAIRA_PER_USD[currency];
      return {
        currency,
        symbol,
        nairaPerUsd,
        sellRateNaira: null,
        managed: false,
        label: `${symbol}: ${nairaText(nairaPerUsd)}/USD (default)`,
      };
    }
    const coinUsd = dec(figures.buyRateUsd).plus(figures.sellRateUsd).div(2);
    const nairaPerUsd = toKobo(dec(figures.sellRateNaira).div(coinUsd));
    return {
      currency,
      symbol,
      nairaPerUsd,
      sellRateNaira: figures.sellRateNaira,
      managed: true,
      label: `${symbol}: ${nairaText(nairaPerUsd)}/USD`,
    };
  });
}

/** getAgentListRates over GET /api/exchange-rates/manage: the defaults while it loads or fails. */
export function useAgentListRates(): AgentListRate[] {
  const { data } = useQuery(managedRatesQuery);
  return useMemo(() => getAgentListRates(data), [data]);
}
