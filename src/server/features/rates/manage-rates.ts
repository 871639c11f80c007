import { desc, eq, lt, sql } from 'drizzle-orm';
import type { Rate, RatesResponse, SaveRatesRequest } from '../../../shared/api/rates';
import { RATE_CURRENCIES, type RateCurrency } from '../../../shared/domain';
import { DEFAULT_USD_TO_NAIRA, dec } from '../../../shared/money';
import { DEFAULT_NAIRA_RATES, DEFAULT_SPREADS } from '../../../shared/rates';
import { displayName } from '../../../shared/names';
import type { Db } from '../../db/client';
import { exchangeRateHistory, exchangeRates, settings, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { SessionUser } from '../../platform/sessions';

export const USD_TO_NAIRA_KEY = 'usd_to_naira';

/** Strips trailing zeros numeric columns carry, so "1650.0000" reads "1650". */
function plain(value: string): string {
  return dec(value).toFixed();
}

/** Before any save: the spec's hard-coded naira rates, in USD at the default rate. */
function defaultRate(currency: RateCurrency, usdToNaira: string): Rate {
  const naira = DEFAULT_NAIRA_RATES[currency];
  const usd = dec(naira).div(usdToNaira).toDecimalPlaces(8).toFixed();
  return {
    currency,
    buyRateUsd: usd,
    sellRateUsd: usd,
    buyRateNaira: dec(naira).toFixed(2),
    sellRateNaira: dec(naira).toFixed(2),
    spreadPercentage: DEFAULT_SPREADS[currency] ?? '2',
    lastUpdated: null,
    managed: false,
  };
}

export async function getUsdToNaira({ db }: { db: Db }): Promise<string> {
  const [row] = await db.select().from(settings).where(eq(settings.key, USD_TO_NAIRA_KEY)).limit(1);
  return row ? plain(row.value) : DEFAULT_USD_TO_NAIRA;
}

export async function getRates({ db }: { db: Db }): Promise<RatesResponse> {
  const usdToNaira = await getUsdToNaira({ db });
  const rows = await db.select().from(exchangeRates);
  return {
    usdToNaira,
    rates: RATE_CURRENCIES.map((currency) => {
      const row = rows.find((r) => r.currency === currency);
      if (!row) return defaultRate(currency, usdToNaira);
      return {
        currency,
        buyRateUsd: plain(row.buyRateUsd),
        sellRateUsd: plain(row.sellRateUsd),
        buyRateNaira: dec(row.buyRateNaira).toFixed(2),
        sellRateNaira: dec(row.sellRateNaira).toFixed(2),
        spreadPercentage: plain(row.spreadPercentage),
        lastUpdated: row.lastUpdated.toISOString(),
        managed: true,
      };
    }),
  };
}

/**
 * Save All Exchange Rates, in one transaction: the USD-to-naira rate and every currency sent.
 * Each save adds a history row per currency and an audit entry with the values before and after.
 */
export async function saveRates(options: {
  db: Db;
  actor: SessionUser;
  input: SaveRatesRequest;
}): Promise<RatesResponse> {
  const { db, actor, input } = options;
  await db.transaction(async (tx) => {
    const before = await getRates({ db: tx });
    await tx
      .insert(settings)
      .values({ key: USD_TO_NAIRA_KEY, value: input.usdToNaira, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: input.usdToNaira, updatedBy: actor.id, updatedAt: sql`now()` },
      });
    if (dec(before.usdToNaira).cmp(input.usdToNaira) !== 0) {
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'rates.usd-to-naira',
        entityType: 'setting',
        entityId: USD_TO_NAIRA_KEY,
        before: { value: before.usdToNaira },
        after: { value: plain(input.usdToNaira) },
      });
    }
    for (const rate of input.rates) {
      const values = {
        buyRateUsd: rate.buyRateUsd,
        sellRateUsd: rate.sellRateUsd,
        buyRateNaira: rate.buyRateNaira,
        sellRateNaira: rate.sellRateNaira,
        spreadPercentage: rate.spreadPercentage,
      };
      await tx
        .insert(exchangeRates)
        .values({ currency: rate.currency, ...values, updatedBy: actor.id })
        .onConflictDoUpdate({
          target: exchangeRates.currency,
          set: { ...values, updatedBy: actor.id, lastUpdated: sql`now()` },
        });
      await tx.insert(exchangeRateHistory).values({
        currency: rate.currency,
        ...values,
        usdToNaira: input.usdToNaira,
        changedBy: actor.id,
      });
      const old = before.rates.find((r) => r.currency === rate.currency)!;
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'rates.update',
        entityType: 'exchange_rate',
        entityId: rate.currency,
        before: old.managed ? { ...old, lastUpdated: undefined, managed: undefined } : null,
        after: { currency: rate.currency, ...values },
      });
    }
  });
  return getRates({ db });
}

export async function rateHistory(options: { db: Db; cursor?: number | undefined; limit: number }) {
  const { db, cursor, limit } = options;
  const rows = await db
    .select({
      h: exchangeRateHistory,
      u: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(exchangeRateHistory)
    .leftJoin(users, eq(users.id, exchangeRateHistory.changedBy))
    .where(cursor ? lt(exchangeRateHistory.id, cursor) : undefined)
    .orderBy(desc(exchangeRateHistory.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map(({ h, u }) => ({
    id: h.id,
    currency: h.currency,
    buyRateUsd: plain(h.buyRateUsd),
    sellRateUsd: plain(h.sellRateUsd),
    buyRateNaira: dec(h.buyRateNaira).toFixed(2),
    sellRateNaira: dec(h.sellRateNaira).toFixed(2),
    spreadPercentage: plain(h.spreadPercentage),
    usdToNaira: plain(h.usdToNaira),
    changedAt: h.changedAt.toISOString(),
    changedBy: u?.id ? { id: u.id, name: displayName(u) } : null,
  }));
  return { items, nextCursor: rows.length > limit ? String(items.at(-1)!.id) : null };
}
