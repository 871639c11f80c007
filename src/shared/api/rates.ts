import { z } from 'zod';
import { RATE_CURRENCIES } from '../domain';
import { MAX_SPREAD_PERCENT } from '../rates';
import { isoDateTime } from './common';

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

export const rateSchema = z.object({
  currency: z.enum(RATE_CURRENCIES),
  buyRateUsd: z.string(),
  sellRateUsd: z.string(),
  buyRateNaira: z.string(),
  sellRateNaira: z.string(),
  spreadPercentage: z.string(),
  lastUpdated: isoDateTime.nullable(),
  /** False while the rate is the default (never saved by an agent). */
  managed: z.boolean(),
});
export type Rate = z.infer<typeof rateSchema>;

export const ratesResponseSchema = z.object({
  usdToNaira: z.string(),
  rates: z.array(rateSchema),
});
export type RatesResponse = z.infer<typeof ratesResponseSchema>;

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
  .refine((r) => Number(r.sellRateUsd) <= Number(r.buyRateUsd), {
    message: 'The sell rate cannot be above the buy rate',
    path: ['sellRateUsd'],
  });

/** Save All Exchange Rates: every currency and the USD-to-naira rate in one atomic call. */
export const saveRatesRequestSchema = z.object({
  usdToNaira: positiveDecimal('USD to Naira rate', 4),
  rates: z
    .array(rateInputSchema)
    .min(1, 'Send at least one rate')
    .max(RATE_CURRENCIES.length)
    .refine(
      (rates) => new Set(rates.map((r) => r.currency)).size === rates.length,
      'Each currency at most once',
    ),
});
export type SaveRatesRequest = z.infer<typeof saveRatesRequestSchema>;

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
export const rateHistoryResponseSchema = z.object({
  items: z.array(rateHistoryEntrySchema),
  nextCursor: z.string().nullable(),
});
export const rateHistoryQuerySchema = z.object({
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
