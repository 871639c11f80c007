import type { RateCurrency } from '../../../shared/domain';
import { deviationPercent } from '../../../shared/market-guard';
import type { Db } from '../../db/client';
import { getRates } from './get-rates';
import { marketNaira, publishable, type MarketUsd } from './market-guard';

/** A currency's managed sell rate as an order is priced at it, beside the market now. */
export interface SellRate {
  /** Naira per one coin, to the kobo. */
  sellRateNaira: string;
  /** Market x USD-to-Naira, naira per one coin; null without a market price. */
  marketNaira: string | null;
  /** The sell rate's signed distance from the market, percent to 2 places; null without one. */
  marketDeviationPercent: string | null;
  /** Within the market guard (what GET /api/exchange-rates shows visitors). */
  published: boolean;
}

/** The managed sell rate of `currency` and whether it is published; null while none is saved. */
export async function getSellRate(options: {
  db: Db;
  currency: RateCurrency;
  marketUsd: MarketUsd;
  guardPercent: number;
}): Promise<SellRate | null> {
  const { currency, marketUsd, guardPercent } = options;
  const { usdToNaira, rates } = await getRates(options);
  const rate = rates[currency];
  if (!rate) return null;
  const market = marketNaira(marketUsd(currency), usdToNaira);
  return {
    sellRateNaira: rate.sellRateNaira,
    marketNaira: market,
    marketDeviationPercent: market === null ? null : deviationPercent(rate.sellRateNaira, market),
    published: publishable(rate, market, guardPercent),
  };
}
