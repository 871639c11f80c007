import { RATE_CURRENCIES, type RateCurrency } from '../../../shared/domain';
import { dec } from '../../../shared/money';
import type { RateFigures } from '../../../shared/rates';
import type { Db } from '../../db/client';
import { exchangeRates } from '../../db/schema';
import { getUsdToNaira, plain } from './get-usd-to-naira';

/** A currency's managed rate: what an agent saved, every figure per one coin. */
export interface ManagedRate extends RateFigures {
  currency: RateCurrency;
  lastUpdated: Date;
}

/** The USD-to-Naira rate and each currency's managed rate, null where none was ever saved. */
export interface ManagedRates {
  usdToNaira: string;
  rates: Record<RateCurrency, ManagedRate | null>;
}

/** The managed rates as saved, per one coin; a currency never saved is null (no default). */
export async function getRates({ db }: { db: Db }): Promise<ManagedRates> {
  const usdToNaira = await getUsdToNaira({ db });
  const rows = await db.select().from(exchangeRates);
  const rates = {} as Record<RateCurrency, ManagedRate | null>;
  for (const currency of RATE_CURRENCIES) {
    const row = rows.find((r) => r.currency === currency);
    rates[currency] = row
      ? {
          currency,
          buyRateUsd: plain(row.buyRateUsd),
          sellRateUsd: plain(row.sellRateUsd),
          buyRateNaira: dec(row.buyRateNaira).toFixed(2),
          sellRateNaira: dec(row.sellRateNaira).toFixed(2),
          spreadPercentage: plain(row.spreadPercentage),
          lastUpdated: row.lastUpdated,
        }
      : null;
  }
  return { usdToNaira, rates };
}

/** One currency's managed rate per coin, or null while no agent has saved one. */
export async function getManagedRate(options: {
  db: Db;
  currency: RateCurrency;
}): Promise<ManagedRate | null> {
  return (await getRates(options)).rates[options.currency];
}
