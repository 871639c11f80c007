import { useAgentListRates } from '../../../features/rates';

/** The rates agents quote per USD: from the managed rates, else the spec's, labelled defaults. */
export function RatesStrip() {
  const rates = useAgentListRates();
  return (
    <ul aria-label="Rates" className="flex flex-wrap gap-2">
      {rates.map((rate) => (
        <li
          key={rate.symbol}
          data-testid={`rate-${rate.symbol}`}
          className="rounded-full border border-white/15 bg-white/5 px-2.5 py-1 text-xs font-semibold text-gold-200 tabular-nums sm:px-3 sm:text-sm"
        >
          {rate.label}
        </li>
      ))}
    </ul>
  );
}
