import { RadioButtons } from '../../../components/radio-buttons';
import { cn } from '../../../lib/cn';
import { UNITS, type Unit } from '../lib/order-form';

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
    <RadioButtons
      label="Amount in"
      value={unit}
      options={UNITS}
      onChange={onChange}
      className="grid grid-cols-2 gap-1 rounded-xl bg-canvas p-1"
      buttonClassName={(checked) =>
        cn(
          'min-h-11 rounded-lg text-sm font-semibold',
          checked ? 'bg-surface text-brand-800 shadow-sm' : 'text-ink-muted',
        )
      }
    >
      {(u) => (u === 'crypto' ? `In ${symbol}` : 'In naira (₦)')}
    </RadioButtons>
  );
}
