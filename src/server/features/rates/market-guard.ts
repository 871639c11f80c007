import type { RateDeviation, SaveRatesRequest } from '../../../shared/api/rates';
import { RATE_SYMBOLS, type RateCurrency } from '../../../shared/domain';
import { deviationPercent, withinGuard } from '../../../shared/market-guard';
import { dec, formatNaira } from '../../../shared/money';
import { nairaRate } from '../../../shared/rates';
import type { ManagedRate } from './get-rates';

/** The market price of one coin in USD (the price feed's), or null when there is none. */
export type MarketUsd = (currency: RateCurrency) => string | null;

/**
 * The market's USD-to-naira rate (the price feed's USDT in naira), or null when there is none
 * yet: then the typed USD-to-Naira rate has nothing to be checked against and is not guarded.
 */
export type MarketUsdToNaira = () => string | null;

/** Market x USD-to-Naira, to the kobo: what a naira rate is guarded against. */
export function marketNaira(marketUsd: string | null, usdToNaira: string): string | null {
  return marketUsd === null ? null : nairaRate(marketUsd, usdToNaira);
}

/**
 * Whether visitors may be shown a managed rate: both naira figures within the guard of the
 * market now. Without a market price nothing can be checked, so nothing is published.
 */
export function publishable(
  rate: ManagedRate,
  reference: string | null,
  guardPercent: number,
): boolean {
  return (
    reference !== null &&
    withinGuard(rate.buyRateNaira, reference, guardPercent) &&
    withinGuard(rate.sellRateNaira, reference, guardPercent)
  );
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
 * rate further than the guard from the market's (it moves every naira figure at once). With no
 * market USD-to-naira yet, that rate is not checked: the coins' naira rates still are.
 */
export function guardDeviations(options: {
  input: SaveRatesRequest;
  marketUsd: MarketUsd;
  marketUsdToNaira: MarketUsdToNaira;
  guardPercent: number;
}): RateDeviation[] {
  const { input, marketUsd, guardPercent } = options;
  const deviations: RateDeviation[] = [];
  const marketUsdToNaira = options.marketUsdToNaira();
  if (marketUsdToNaira !== null && !withinGuard(input.usdToNaira, marketUsdToNaira, guardPercent)) {
    deviations.push(
      deviationOf(
        'USD to Naira rate',
        dec(input.usdToNaira).toFixed(2),
        dec(marketUsdToNaira).toFixed(2),
        'the market',
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
