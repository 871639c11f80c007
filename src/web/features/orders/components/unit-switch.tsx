import { cn } from '../../../lib/cn';

/** What an amount is typed in: the coin, or naira (the coins it buys at the rate). */
export type Unit = 'crypto' | 'naira';

/** "In BTC" / "In naira (₦)": the unit an amount field takes. */
export function UnitSwitch({
  unit,
  symbol,
  onChange,
}: {
  unit: Unit;
  symbol: string;
  onChange: (u: Unit) => void;
}) {
  return (
    <div
      role="radiogroup"
      aria-label="Amount in"
      className="grid grid-cols-2 gap-1 rounded-xl bg-canvas p-1"
    >
      {(['crypto', 'naira'] as const).map((u) => (
        <button
          key={u}
          type="button"
          role="radio"
          aria-checked={unit === u}
          onClick={() => onChange(u)}
          className={cn(
            'min-h-10 rounded-lg text-sm font-semibold',
            unit === u ? 'bg-surface text-brand-800 shadow-sm' : 'text-ink-muted',
          )}
        >
          {u === 'crypto' ? `In ${symbol}` : 'In naira (₦)'}
        </button>
      ))}
    </div>
  );
}
