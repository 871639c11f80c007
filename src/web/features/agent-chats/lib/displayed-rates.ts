import { formatNaira } from '../../../../shared/money';

export interface DisplayedRate {
  symbol: 'BTC' | 'USDT';
  /** Naira per US dollar, as a decimal string. */
  nairaPerUsd: string;
}

/**
 * The rates the chat list shows. PRODUCT.md ("Money") wants the managed exchange rates here,
 * with the spec's ₦1,550 / ₦1,600 only as defaults when none are set; rates management is
 * issue 5 (Money), which replaces this function with one that reads the managed rates.
 */
export function displayedRates(): readonly DisplayedRate[] {
  return [
    { symbol: 'BTC', nairaPerUsd: '1550' },
    { symbol: 'USDT', nairaPerUsd: '1600' },
  ];
}

/** "BTC: ₦1,550/USD". */
export function formatDisplayedRate(rate: DisplayedRate): string {
  return `${rate.symbol}: ${formatNaira(rate.nairaPerUsd, { whole: true })}/USD`;
}
