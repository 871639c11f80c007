import { z } from 'zod';
import { RATE_CURRENCIES, RATE_SYMBOLS, type RateCurrency } from '../domain';
import { guardConfirmationSchema } from '../market-guard';
import { dec } from '../money';
import { MAX_SPREAD_PERCENT, nairaRate, SELL_ABOVE_BUY } from '../rates';
import { isoDateTime, pageSchema } from './common';

/** A positive decimal as a string: no sign, no exponent, at most 8 places, at most 10^12. */
export function positiveDecimal(label: string, places = 8) {
  return z
    .string()
    .trim()
    .regex(
      new RegExp(`^\\d{1,13}(\\.\\d{1,${places}})?$`),
      `${label} must be a number with at most ${places} decimal places`,
    )
    .refine((v) => Number(v) > 0, `${label} must be greater than zero`)
    .refine((v) => Number(v) < 1e12, `${label} is too large`);
}

/**
 * One currency's rates, every figure per one coin (naira per 1 BTC, USD per 1 BTC). A currency
 * no agent has saved has no managed rate: `managed` is false and every figure is null (never
 * the spec's per-USD ₦1,550 in a per-coin field). `published` says whether visitors may be
 * shown the rate: managed, and its naira buy and sell within the market guard of market x
 * USD-to-Naira right now. The public answer carries only published figures: a managed rate
 * that is not published comes with `managed: true` and null figures.
 */
export const rateSchema = z.object({
  currency: z.enum(RATE_CURRENCIES),
  managed: z.boolean(),
  published: z.boolean(),
  buyRateUsd: z.string().nullable(),
  sellRateUsd: z.string().nullable(),
  buyRateNaira: z.string().nullable(),
  sellRateNaira: z.string().nullable(),
  spreadPercentage: z.string().nullable(),
  lastUpdated: isoDateTime.nullable(),
});
export type Rate = z.infer<typeof rateSchema>;

export const ratesResponseSchema = z.object({
  usdToNaira: z.string(),
  rates: z.array(rateSchema),
});
export type RatesResponse = z.infer<typeof ratesResponseSchema>;

/**
 * Refinements run even when a field failed its own check (its message is already there), so
 * they compare only values that are decimals: decimal.js throws on anything else.
 */
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
const decimals = (...values: string[]) => values.every((v) => PLAIN_DECIMAL.test(v));

/** `sell` is not above `buy`; true while either is not a number (its own message says so). */
function notAbove(sell: string, buy: string): boolean {
  return !decimals(sell, buy) || dec(sell).lte(buy);
}

export const rateInputSchema = z
  .object({
    currency: z.enum(RATE_CURRENCIES),
    spreadPercentage: z
      .string()
      .trim()
      .regex(/^\d{1,2}(\.\d{1,2})?$/, 'Spread % must be a number between 0 and 50')
      .refine(
        (v) => Number(v) <= MAX_SPREAD_PERCENT,
        `Spread % must be at most ${MAX_SPREAD_PERCENT}`,
      ),
    buyRateUsd: positiveDecimal('USD buy rate'),
    sellRateUsd: positiveDecimal('USD sell rate'),
    buyRateNaira: positiveDecimal('Naira buy rate', 2),
    sellRateNaira: positiveDecimal('Naira sell rate', 2),
  })
  .refine((r) => notAbove(r.sellRateUsd, r.buyRateUsd), {
    message: SELL_ABOVE_BUY,
    path: ['sellRateUsd'],
  })
  .refine((r) => notAbove(r.sellRateNaira, r.buyRateNaira), {
    message: SELL_ABOVE_BUY,
    path: ['sellRateNaira'],
  });
export type RateInput = z.infer<typeof rateInputSchema>;

/**
 * Save All Exchange Rates: the USD-to-naira rate and the currencies the agent edited or
 * confirmed, in one atomic call. Each Naira rate must be its USD rate at this USD-to-Naira
 * rate, to the kobo. `confirmation` takes a figure past the market guard (the server answers
 * 409 with the deviations without it), audited with its reason.
 */
export const saveRatesRequestSchema = z
  .object({
    usdToNaira: positiveDecimal('USD to Naira rate', 4),
    rates: z
      .array(rateInputSchema)
      .max(RATE_CURRENCIES.length)
      .refine(
        (rates) => new Set(rates.map((r) => r.currency)).size === rates.length,
        'Each currency at most once',
      ),
    confirmation: guardConfirmationSchema.optional(),
  })
  .superRefine((request, ctx) => {
    if (!decimals(request.usdToNaira)) return;
    request.rates.forEach((rate, index) => {
      for (const side of ['buy', 'sell'] as const) {
        if (!decimals(rate[`${side}RateUsd`], rate[`${side}RateNaira`])) continue;
        const expected = nairaRate(rate[`${side}RateUsd`], request.usdToNaira);
        if (dec(rate[`${side}RateNaira`]).eq(expected)) continue;
        ctx.addIssue({
          code: 'custom',
          path: ['rates', index, `${side}RateNaira`],
          message: nairaMismatchMessage(rate.currency, side, expected),
        });
      }
    });
  });
export type SaveRatesRequest = z.infer<typeof saveRatesRequestSchema>;

/** Why a Naira rate is refused: it is not its USD rate at the USD-to-Naira rate. */
export function nairaMismatchMessage(
  currency: RateCurrency,
  side: 'buy' | 'sell',
  expected: string,
): string {
  return `${RATE_SYMBOLS[currency]} Naira ${side} rate must be its USD ${side} rate × the USD to Naira rate: ${expected}`;
}

/** One figure past the market guard, or one with no market price to check it against. */
export const rateDeviationSchema = z.object({
  /** Which figure, in words: "BTC sell rate", "USD to Naira rate". */
  label: z.string(),
  /** The figure sent, in naira. */
  value: z.string(),
  /** What it is checked against, in naira; null when there is no market price. */
  reference: z.string().nullable(),
  /** Signed, in percent of the reference, to 2 places; null when there is no market price. */
  deviationPercent: z.string().nullable(),
  /** The whole finding in words: "BTC sell rate ₦1,550.00 is 99.99 % below the market ₦…". */
  message: z.string(),
});
export type RateDeviation = z.infer<typeof rateDeviationSchema>;

/** The 409 a save past the guard gets without a confirmation: what to show and ask. */
export const rateGuardRefusalSchema = z.object({
  error: z.string(),
  code: z.literal('rate_guard'),
  guardPercent: z.number(),
  deviations: z.array(rateDeviationSchema).min(1),
});
export type RateGuardRefusal = z.infer<typeof rateGuardRefusalSchema>;

export const rateHistoryEntrySchema = z.object({
  id: z.number().int(),
  currency: z.enum(RATE_CURRENCIES),
  buyRateUsd: z.string(),
  sellRateUsd: z.string(),
  buyRateNaira: z.string(),
  sellRateNaira: z.string(),
  spreadPercentage: z.string(),
  usdToNaira: z.string(),
  changedAt: isoDateTime,
  changedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export const rateHistoryResponseSchema = pageSchema(rateHistoryEntrySchema);
export const rateHistoryQuerySchema = z.object({
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
