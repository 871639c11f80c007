import type { Rate } from './api/rates';

/** A rate's figures, all per one coin. */
export interface RateFigures {
  buyRateUsd: string;
  sellRateUsd: string;
  buyRateNaira: string;
  sellRateNaira: string;
  spreadPercentage: string;
}

/**
 * The figures of a rate the answer carries them for (managed, and shown to this caller). In a
 * module of its own, not beside the schema nor the arithmetic, so the landing page reads rates
 * without loading zod or decimal.js.
 */
export function rateFigures(rate: Rate | undefined): RateFigures | null {
  if (!rate?.managed) return null;
  const { buyRateUsd, sellRateUsd, buyRateNaira, sellRateNaira, spreadPercentage } = rate;
  if (
    buyRateUsd === null ||
    sellRateUsd === null ||
    buyRateNaira === null ||
    sellRateNaira === null ||
    spreadPercentage === null
  ) {
    return null;
  }
  return { buyRateUsd, sellRateUsd, buyRateNaira, sellRateNaira, spreadPercentage };
}
