import { RATE_CURRENCIES, type RateCurrency } from '../../shared/domain';
import { inputClasses, Label } from './ui/input';
import { RATE_NAMES } from '../lib/coin-names';

/** A labelled choice of the coins the desk trades (Bitcoin, USDT). */
export function CoinSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: RateCurrency;
  onChange: (coin: RateCurrency) => void;
}) {
  return (
    <div className="min-w-0">
      <Label htmlFor={id} className="mb-1.5">
        {label}
      </Label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as RateCurrency)}
        className={inputClasses}
      >
        {RATE_CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {RATE_NAMES[c]}
          </option>
        ))}
      </select>
    </div>
  );
}
