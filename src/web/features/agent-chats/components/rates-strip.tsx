import { displayedRates, formatDisplayedRate } from '../lib/displayed-rates';

export function RatesStrip() {
  return (
    <ul aria-label="Rates" className="flex flex-wrap gap-2">
      {displayedRates().map((rate) => (
        <li
          key={rate.symbol}
          data-testid={`rate-${rate.symbol}`}
          className="rounded-full border border-white/15 bg-white/5 px-2.5 py-1 text-xs font-semibold sm:px-3 sm:text-sm text-gold-200 tabular-nums"
        >
          {formatDisplayedRate(rate)}
        </li>
      ))}
    </ul>
  );
}
