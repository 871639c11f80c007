import { sql } from 'drizzle-orm';
import type { RatesResponse, SaveRatesRequest } from '../../../shared/api/rates';
import { RATE_CURRENCIES, RATE_SYMBOLS } from '../../../shared/domain';
import { dec } from '../../../shared/money';
import type { Db } from '../../db/client';
import { exchangeRateHistory, exchangeRates, settings } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/event-bus';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { getRates } from './get-rates';
import { plain, USD_TO_NAIRA_KEY } from './get-usd-to-naira';
import { listRates } from './list-rates';
import { guardDeviations, type MarketUsd, type MarketUsdToNaira } from './market-guard';

/**
 * Save All Exchange Rates, in one transaction: the USD-to-naira rate and every currency sent.
 * Figures past the market guard need `input.confirmation`, whose reason is audited with them.
 * Each save adds a history row per currency and an audit entry with the values before and after,
 * and tells every socket `rates.updated`.
 */
export async function saveRates(options: {
  db: Db;
  actor: SessionUser;
  input: SaveRatesRequest;
  marketUsd: MarketUsd;
  /** The price feed's USDT in naira: the typed USD-to-Naira rate's reference. */
  marketUsdToNaira: MarketUsdToNaira;
  guardPercent: number;
  bus: EventBus;
  events: EventLog;
}): Promise<RatesResponse> {
  const { db, actor, input, marketUsd, marketUsdToNaira, guardPercent, events } = options;
  await events.transaction(async (tx) => {
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
    const deviations = guardDeviations({ input, marketUsd, marketUsdToNaira, guardPercent });
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
    // Every open calculator and order preview prices from these: they fetch again.
    await events.append(tx, { type: 'rates.updated' }, { customerId: null, audience: 'everyone' });
  });
  const saved = await listRates({ db, marketUsd, guardPercent, audience: 'agent' });
  options.bus.emit('usdToNairaChanged', { rate: saved.usdToNaira });
  return saved;
}
