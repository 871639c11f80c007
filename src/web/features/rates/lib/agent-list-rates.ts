import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RatesResponse } from '../../../../shared/api/rates';
import type { RateCurrency } from '../../../../shared/domain';
import { dec, formatNaira, toKobo } from '../../../../shared/money';
import { DEFAULT_NAIRA_RATES } from '../../../../shared/rates';
import { ratesQuery } from '../api/get-rates';
import { RATE_SYMBOLS } from './symbols';

export interface AgentListRate {
  currency: RateCurrency;
  symbol: 'BTC' | 'USDT';
  /**
   * Naira a customer gets per US dollar of the coin, the unit of the spec's "BTC: ₦1,550/USD":
   * the USD-to-Naira rate less the agents' spread once rates are managed, else the spec's
   * hard-coded ₦1,550 / ₦1,600.
   */
  nairaPerUsd: string;
  /** The managed sell rate, naira per whole coin; null before any rate is saved. */
  sellRateNaira: string | null;
  managed: boolean;
  /** "BTC: ₦1,617/USD", ready to show. */
  label: string;
}

function nairaText(value: string): string {
  return formatNaira(value, { whole: dec(value).isInteger() });
}

/**
 * The rates the agent chat list shows. PRODUCT.md ("Money"): the managed rates, with the
 * spec's ₦1,550 / ₦1,600 only until agents set some (or while the rates cannot be read).
 */
export function getAgentListRates(rates?: RatesResponse | null): AgentListRate[] {
  return (['bitcoin', 'usdt'] as const).map((currency) => {
    const symbol = RATE_SYMBOLS[currency];
    const rate = rates?.rates.find((r) => r.currency === currency);
    const managed = Boolean(rates && rate?.managed);
    const nairaPerUsd =
      managed && rates && rate
        ? toKobo(dec(rates.usdToNaira).times(dec(1).minus(dec(rate.spreadPercentage).div(100))))
        : DEFAULT_NAIRA_RATES[currency];
    return {
      currency,
      symbol,
      nairaPerUsd,
      sellRateNaira: managed && rate ? rate.sellRateNaira : null,
      managed,
      label: `${symbol}: ${nairaText(nairaPerUsd)}/USD`,
    };
  });
}

/** getAgentListRates over GET /api/exchange-rates: the defaults while it loads or fails. */
export function useAgentListRates(): AgentListRate[] {
  const { data } = useQuery(ratesQuery);
  return useMemo(() => getAgentListRates(data), [data]);
}
