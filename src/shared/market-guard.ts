import { z } from 'zod';
import { dec } from './money';

/**
 * PRODUCT.md "Market guard": a naira figure further than the guard from its reference (market x
 * USD-to-Naira for a managed rate, the managed rate for a trade) needs an explicit, audited
 * confirmation with a reason.
 */

/** The signed distance of `value` from `reference`, in percent of the reference, to 2 places. */
export function deviationPercent(value: string, reference: string): string {
  return dec(value).minus(reference).div(reference).times(100).toDecimalPlaces(2).toFixed(2);
}

/** True when `value` is within `guardPercent` of `reference` (either side, inclusive). */
export function withinGuard(value: string, reference: string, guardPercent: number): boolean {
  return dec(deviationPercent(value, reference)).abs().lte(guardPercent);
}

/** What a request carries to go past the guard on purpose: the agent's reason, audited. */
export const guardConfirmationSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(5, 'Give a reason of at least 5 characters')
    .max(500, 'The reason must be at most 500 characters'),
});
export type GuardConfirmation = z.infer<typeof guardConfirmationSchema>;
