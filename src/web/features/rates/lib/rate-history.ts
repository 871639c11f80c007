import type { z } from 'zod';
import type { rateHistoryEntrySchema } from '../../../../shared/api/rates';
import type { RateCurrency } from '../../../../shared/domain';
import { dec } from '../../../../shared/money';

export type RateHistoryEntry = z.infer<typeof rateHistoryEntrySchema>;

const FIELDS = [
  ['spreadPercentage', 'Spread', 'percent'],
  ['buyRateUsd', 'Buy (USD)', 'usd'],
  ['sellRateUsd', 'Sell (USD)', 'usd'],
  ['buyRateNaira', 'Buy (Naira)', 'naira'],
  ['sellRateNaira', 'Sell (Naira)', 'naira'],
] as const;

const ORDER: readonly RateCurrency[] = ['bitcoin', 'usdt'];

export type ValueKind = 'percent' | 'usd' | 'naira';

export interface HistoryChange {
  label: string;
  kind: ValueKind;
  /** Null when the value before is not known (the first save, or older than what is loaded). */
  before: string | null;
  after: string;
}

export interface HistorySave {
  key: string;
  changedAt: string;
  changedBy: string;
  usdToNaira: HistoryChange | null;
  currencies: { currency: RateCurrency; changes: HistoryChange[] }[];
}

function same(a: string, b: string): boolean {
  return dec(a).eq(b);
}

/**
 * Who changed what, when: the history's rows (one per currency per save, newest first) as
 * one entry per save, each value with the one it replaced. A row's "before" is the next
 * older row of its currency; without one every value is shown as set.
 */
export function describeHistory(items: readonly RateHistoryEntry[]): HistorySave[] {
  const saves: HistorySave[] = [];
  items.forEach((row, index) => {
    const older = items.slice(index + 1).find((r) => r.currency === row.currency) ?? null;
    const changes: HistoryChange[] = [];
    for (const [field, label, kind] of FIELDS) {
      if (older && same(older[field], row[field])) continue;
      changes.push({ label, kind, before: older ? older[field] : null, after: row[field] });
    }
    const by = row.changedBy?.name ?? 'Unknown';
    const key = `${row.changedAt}|${row.changedBy?.id ?? ''}`;
    let save = saves.at(-1);
    if (!save || save.key !== key) {
      save = { key, changedAt: row.changedAt, changedBy: by, usdToNaira: null, currencies: [] };
      saves.push(save);
    }
    if (!older || !same(older.usdToNaira, row.usdToNaira)) {
      save.usdToNaira ??= {
        label: 'USD to Naira',
        kind: 'naira',
        before: older ? older.usdToNaira : null,
        after: row.usdToNaira,
      };
    }
    save.currencies.push({ currency: row.currency, changes });
  });
  for (const save of saves) {
    save.currencies.sort((a, b) => ORDER.indexOf(a.currency) - ORDER.indexOf(b.currency));
  }
  return saves;
}
