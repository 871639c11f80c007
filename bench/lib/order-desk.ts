import { exchangeRates } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';

/** The desk's Bitcoin book the order benchmarks trade on: a managed rate and a BTC address. */
export const BENCH_BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/** Writes the managed Bitcoin rate the orders are quoted at (kept if one is there). */
export async function seedBitcoinRate(db: Db): Promise<void> {
  await db
    .insert(exchangeRates)
    .values({
      currency: 'bitcoin',
      buyRateUsd: '0.98',
      sellRateUsd: '1.02',
      buyRateNaira: '151000000.00',
      sellRateNaira: '157254058.50',
      spreadPercentage: '2',
    })
    .onConflictDoNothing();
}

/** An order's main path after it is opened, in order. */
export const ORDER_STEPS = ['deposit', 'confirm-deposit', 'payout', 'received'] as const;

/** The p-th percentile of ascending `sorted` (NaN when empty). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Each step's own p99, as `<step>P99Ms` for a row's details. */
export function p99ByStep(byStep: Record<string, number[]>): Record<string, number> {
  return Object.fromEntries(
    ORDER_STEPS.map((step) => [
      `${step}P99Ms`,
      percentile(
        [...(byStep[step] ?? [])].sort((a, b) => a - b),
        99,
      ),
    ]),
  );
}
