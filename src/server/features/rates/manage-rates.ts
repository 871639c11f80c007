import { desc, eq, lt, sql } from 'drizzle-orm';
import type {
  Rate,
  RateDeviation,
  RatesResponse,
  SaveRatesRequest,
} from '../../../shared/api/rates';
import { RATE_CURRENCIES, RATE_SYMBOLS, type RateCurrency } from '../../../shared/domain';
import { deviationPercent, withinGuard } from '../../../shared/market-guard';
import { DEFAULT_USD_TO_NAIRA, dec, formatNaira } from '../../../shared/money';
import { nairaRate, type RateFigures } from '../../../shared/rates';
import { displayName } from '../../../shared/names';
import type { Db } from '../../db/client';
import { exchangeRateHistory, exchangeRates, settings, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/event-bus';
import type { SessionUser } from '../../platform/sessions';

export const USD_TO_NAIRA_KEY = 'usd_to_naira';

/** Strips trailing zeros numeric columns carry, so "1650.0000" reads "1650". */
function plain(value: string): string {
  return dec(value).toFixed();
}

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

/** The market price of one coin in USD (the price feed's), or null when there is none. */
export type MarketUsd = (currency: RateCurrency) => string | null;

/** Who asks: visitors see only published figures; agents see every managed rate. */
export type RatesAudience = 'public' | 'agent';

export async function getUsdToNaira({ db }: { db: Db }): Promise<string> {
  const [row] = await db.select().from(settings).where(eq(settings.key, USD_TO_NAIRA_KEY)).limit(1);
  return row ? plain(row.value) : DEFAULT_USD_TO_NAIRA;
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

/** Market x USD-to-Naira, to the kobo: what a naira rate is guarded against. */
function marketNaira(marketUsd: string | null, usdToNaira: string): string | null {
  return marketUsd === null ? null : nairaRate(marketUsd, usdToNaira);
}

/**
 * Whether visitors may be shown a managed rate: both naira figures within the guard of the
 * market now. Without a market price nothing can be checked, so nothing is published.
 */
function publishable(rate: ManagedRate, reference: string | null, guardPercent: number): boolean {
  return (
    reference !== null &&
    withinGuard(rate.buyRateNaira, reference, guardPercent) &&
    withinGuard(rate.sellRateNaira, reference, guardPercent)
  );
}

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

function deviationOf(label: string, value: string, reference: string | null, against: string) {
  if (reference === null) {
    return {
      label,
      value,
      reference: null,
      deviationPercent: null,
      message: `${label} ${formatNaira(value)} cannot be checked: there is no market price`,
    };
  }
  const deviation = deviationPercent(value, reference);
  const direction = dec(deviation).isNegative() ? 'below' : 'above';
  return {
    label,
    value,
    reference,
    deviationPercent: deviation,
    message: `${label} ${formatNaira(value)} is ${dec(deviation).abs().toFixed(2)} % ${direction} ${against} ${formatNaira(reference)}`,
  };
}

/**
 * Every figure of a save the market guard stops: a naira buy or sell rate further than the
 * guard from market x USD-to-Naira (or with no market price to check it), and a USD-to-Naira
 * rate further than the guard from the current one (it moves every naira figure at once).
 */
export function guardDeviations(options: {
  input: SaveRatesRequest;
  currentUsdToNaira: string;
  marketUsd: MarketUsd;
  guardPercent: number;
}): RateDeviation[] {
  const { input, currentUsdToNaira, marketUsd, guardPercent } = options;
  const deviations: RateDeviation[] = [];
  if (!withinGuard(input.usdToNaira, currentUsdToNaira, guardPercent)) {
    deviations.push(
      deviationOf(
        'USD to Naira rate',
        dec(input.usdToNaira).toFixed(2),
        dec(currentUsdToNaira).toFixed(2),
        'the current',
      ),
    );
  }
  for (const rate of input.rates) {
    const reference = marketNaira(marketUsd(rate.currency), input.usdToNaira);
    for (const side of ['buy', 'sell'] as const) {
      const value = dec(rate[`${side}RateNaira`]).toFixed(2);
      if (reference !== null && withinGuard(value, reference, guardPercent)) continue;
      deviations.push(
        deviationOf(`${RATE_SYMBOLS[rate.currency]} ${side} rate`, value, reference, 'the market'),
      );
    }
  }
  return deviations;
}

/**
 * Save All Exchange Rates, in one transaction: the USD-to-naira rate and every currency sent.
 * Figures past the market guard need `input.confirmation`, whose reason is audited with them.
 * Each save adds a history row per currency and an audit entry with the values before and after.
 */
export async function saveRates(options: {
  db: Db;
  actor: SessionUser;
  input: SaveRatesRequest;
  marketUsd: MarketUsd;
  guardPercent: number;
  bus: EventBus;
}): Promise<RatesResponse> {
  const { db, actor, input, marketUsd, guardPercent } = options;
  await db.transaction(async (tx) => {
    const before = await getRates({ db: tx });
    const usdToNairaChanged = dec(before.usdToNaira).cmp(input.usdToNaira) !== 0;
    if (usdToNairaChanged) {
      // A saved Naira rate is its USD rate at the USD-to-Naira rate: changing that rate
      // changes every saved Naira rate, so each one must come with it.
      const missing = RATE_CURRENCIES.filter(
        (c) => before.rates[c] && !input.rates.some((r) => r.currency === c),
      );
      if (missing.length > 0) {
        throw new AppError(
          'bad_request',
          `Changing the USD to Naira rate changes every Naira rate: send the ${missing.map((c) => RATE_SYMBOLS[c]).join(' and ')} rates with it`,
        );
      }
    }
    const deviations = guardDeviations({
      input,
      currentUsdToNaira: before.usdToNaira,
      marketUsd,
      guardPercent,
    });
    if (deviations.length > 0 && !input.confirmation) {
      const what = deviations.length === 1 ? 'it' : 'them';
      throw new AppError(
        'conflict',
        `${deviations.map((d) => d.message).join('; ')}; confirm with a reason to save ${what}`,
        { code: 'rate_guard', guardPercent, deviations: deviations.map((d) => ({ ...d })) },
      );
    }
    if (deviations.length > 0 && input.confirmation) {
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'rates.guard-confirmed',
        entityType: 'exchange_rate',
        entityId: input.rates.map((r) => r.currency).join(',') || USD_TO_NAIRA_KEY,
        after: { reason: input.confirmation.reason, guardPercent, deviations },
      });
    }
    await tx
      .insert(settings)
      .values({ key: USD_TO_NAIRA_KEY, value: input.usdToNaira, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: input.usdToNaira, updatedBy: actor.id, updatedAt: sql`now()` },
      });
    if (usdToNairaChanged) {
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
      const old = before.rates[rate.currency];
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'rates.update',
        entityType: 'exchange_rate',
        entityId: rate.currency,
        before: old ? { ...old, lastUpdated: undefined } : null,
        after: { currency: rate.currency, ...values },
      });
    }
  });
  const saved = await listRates({ db, marketUsd, guardPercent, audience: 'agent' });
  options.bus.emit('usdToNairaChanged', { rate: saved.usdToNaira });
  return saved;
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
