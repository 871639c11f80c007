import { ArrowDownUp, Calculator } from 'lucide-react';
import { useId, useState } from 'react';
import type { RatesResponse } from '../../../../shared/api/rates';
import type { RateCurrency } from '../../../../shared/domain';
import { RadioButtons } from '../../../components/radio-buttons';
import { inputClasses, Label } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { formatNaira } from '../../../lib/format';
import { groupDigits } from '../../../lib/grouped-decimal';
import { usePrices } from '../../prices/api/get-prices';
import type { CalculatorSide, convert as Convert } from '../lib/calculator';
import { calculatorRate } from '../lib/calculator-rate';
import { RATE_NAMES, RATE_SYMBOLS } from '../lib/symbols';

type Converter = typeof Convert;

/** The arithmetic, once loaded: every calculator after the first has it at once. */
let loadedConvert: Converter | undefined;
const importConvert = () =>
  import('../lib/calculator').then((m) => {
    loadedConvert = m.convert;
    return m.convert;
  });

/**
 * The calculator's arithmetic (decimal.js, about 14 kB): loaded when a visitor first focuses,
 * touches or types in the calculator, not with the page that shows it.
 */
function useConverter(): [Converter | undefined, () => void] {
  const [convert, setConvert] = useState(() => loadedConvert);
  const load = () => {
    if (!convert) void importConvert().then((c) => setConvert(() => c));
  };
  return [convert, load];
}

const CURRENCIES: readonly RateCurrency[] = ['bitcoin', 'usdt'];

function AmountInput({
  id,
  label,
  unit,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  label: string;
  unit: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  return (
    <div className="min-w-0">
      <Label htmlFor={id} className="mb-1.5">
        {label}
      </Label>
      <div className="relative">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={cn(inputClasses, 'pr-16 text-lg font-semibold tabular-nums')}
        />
        <span
          aria-hidden
          className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-sm font-semibold text-ink-muted"
        >
          {unit}
        </span>
      </div>
    </div>
  );
}

/**
 * Type an amount of BTC or USDT, or of naira, and see the other: at the agents' managed sell
 * rate (else the market price in naira), with the same functions the server totals trades
 * with. For the landing page and the customer chat.
 */
export function RateCalculator({
  rates,
  currency: initialCurrency = 'bitcoin',
  lockCurrency = false,
  className,
}: {
  /**
   * The published rates: `useRates()` in a screen of the data layer (live), the landing page's
   * own store there (`usePublicRates()`).
   */
  rates: { data: RatesResponse | undefined; isPending: boolean };
  currency?: RateCurrency;
  /** In a chat about one coin: no choice of coin. */
  lockCurrency?: boolean;
  className?: string;
}) {
  const id = useId();
  const prices = usePrices();
  const [convert, loadConvert] = useConverter();
  const [currency, setCurrency] = useState<RateCurrency>(initialCurrency);
  const [side, setSide] = useState<CalculatorSide>('crypto');
  const [typed, setTyped] = useState('');

  const symbol = RATE_SYMBOLS[currency];
  // Never a market-price figure while the managed rates are still on their way.
  const rate = rates.isPending ? null : calculatorRate(currency, rates.data, prices.data);
  const loading = !rate && (rates.isPending || prices.isPending);
  const result = rate && convert ? convert(side, typed, rate.naira) : null;
  const error = result && !result.ok ? result.error : null;
  const crypto = side === 'crypto' ? typed : result?.ok ? result.crypto : '';
  const naira = side === 'naira' ? typed : result?.ok ? result.naira : '';

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="rate-calculator"
      onFocus={loadConvert}
      onPointerDown={loadConvert}
      className={cn(
        'rounded-3xl bg-surface p-4 text-ink shadow-card ring-1 ring-black/5 sm:p-6',
        className,
      )}
    >
      <div className="flex items-center gap-2">
        <Calculator aria-hidden className="size-5 text-brand-700" />
        <h2 id={`${id}-title`} className="text-lg font-bold">
          Rate calculator
        </h2>
      </div>

      {!lockCurrency && (
        <RadioButtons
          label="Coin"
          value={currency}
          options={CURRENCIES}
          onChange={setCurrency}
          className="mt-3 grid grid-cols-2 gap-1 rounded-xl bg-canvas p-1"
          buttonClassName={(checked) =>
            cn(
              'min-h-11 rounded-lg text-sm font-semibold transition-colors',
              checked
                ? 'bg-surface text-brand-800 shadow-sm ring-1 ring-black/5'
                : 'text-ink-muted hover:text-ink',
            )
          }
        >
          {(c) => RATE_NAMES[c]}
        </RadioButtons>
      )}

      {loading ? (
        <p role="status" className="mt-4 text-sm text-ink-muted">
          Loading rates...
        </p>
      ) : !rate ? (
        <p className="mt-4 text-sm text-ink-muted" data-testid="calculator-unavailable">
          <span className="font-semibold text-brand-800">Fair Market Rate.</span> Rates are not
          available right now; your agent confirms the rate in chat.
        </p>
      ) : (
        <>
          <div className="mt-4 flex flex-col gap-2">
            <AmountInput
              id={`${id}-crypto`}
              label={`You sell (${symbol})`}
              unit={symbol}
              value={crypto}
              onChange={(value) => {
                loadConvert();
                setSide('crypto');
                setTyped(value);
              }}
              invalid={side === 'crypto' && Boolean(error)}
              describedBy={side === 'crypto' && error ? `${id}-error` : undefined}
            />
            <ArrowDownUp aria-hidden className="mx-auto size-5 text-ink-muted" />
            <AmountInput
              id={`${id}-naira`}
              label="You receive (Naira)"
              unit="NGN"
              value={naira}
              onChange={(value) => {
                loadConvert();
                setSide('naira');
                setTyped(value);
              }}
              invalid={side === 'naira' && Boolean(error)}
              describedBy={side === 'naira' && error ? `${id}-error` : undefined}
            />
          </div>
          {error && (
            <p id={`${id}-error`} className="mt-2 text-sm font-medium text-down">
              {error}
            </p>
          )}
          <output
            htmlFor={`${id}-crypto ${id}-naira`}
            data-testid="calculator-result"
            className="mt-3 block rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900"
          >
            {result?.ok ? (
              <>
                <span className="font-semibold tabular-nums">
                  {groupDigits(result.crypto)} {symbol}
                </span>{' '}
                = <span className="font-bold tabular-nums">{formatNaira(result.naira)}</span>
              </>
            ) : (
              <>Type an amount of {symbol} or naira.</>
            )}
          </output>
          <p className="mt-2 text-xs text-ink-muted" data-testid="calculator-rate">
            {rate.source === 'managed' ? 'Our rate' : 'Market price'}:{' '}
            <span className="font-semibold tabular-nums">{formatNaira(rate.naira)}</span> per{' '}
            {symbol}.{' '}
            {rate.source === 'managed'
              ? 'Your agent confirms the final amount in chat.'
              : 'Your agent confirms the rate in chat.'}
          </p>
        </>
      )}
    </section>
  );
}
