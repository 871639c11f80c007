import type { Rate, RatesResponse } from '../../../shared/api/rates';
import { RATE_CURRENCIES } from '../../../shared/domain';
import type { Db } from '../../db/client';
import { getRates } from './get-rates';
import { marketNaira, publishable, type MarketUsd } from './market-guard';

/** Who asks: visitors see only published figures; agents see every managed rate. */
export type RatesAudience = 'public' | 'agent';

/** GET /api/exchange-rates (public) and /api/exchange-rates/manage (agents). */
export async function listRates(options: {
  db: Db;
  marketUsd: MarketUsd;
  guardPercent: number;
  audience: RatesAudience;
}): Promise<RatesResponse> {
  const { marketUsd, guardPercent, audience } = options;
  const { usdToNaira, rates } = await getRates(options);
  return {
    usdToNaira,
    rates: RATE_CURRENCIES.map((currency): Rate => {
      const rate = rates[currency];
      const published =
        rate !== null &&
        publishable(rate, marketNaira(marketUsd(currency), usdToNaira), guardPercent);
      if (rate === null || (audience === 'public' && !published)) {
        return {
          currency,
          managed: rate !== null,
          published: false,
          buyRateUsd: null,
          sellRateUsd: null,
          buyRateNaira: null,
          sellRateNaira: null,
          spreadPercentage: null,
          lastUpdated: null,
        };
      }
      return {
        currency,
        managed: true,
        published,
        buyRateUsd: rate.buyRateUsd,
        sellRateUsd: rate.sellRateUsd,
        buyRateNaira: rate.buyRateNaira,
        sellRateNaira: rate.sellRateNaira,
        spreadPercentage: rate.spreadPercentage,
        lastUpdated: rate.lastUpdated.toISOString(),
      };
    }),
  };
}
