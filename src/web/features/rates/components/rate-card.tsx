import { Calculator, Check } from 'lucide-react';
import type { Price } from '../../../../shared/api/prices';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { RATE_RULES, type RateDraft, type RateField } from '../lib/rate-form';
import { RATE_NAMES, RATE_SYMBOLS } from '../lib/symbols';
import { CoinIcon } from '../../../components/coin-icon';
import { MoneyField } from '../../../components/money-field';
import { PortalCard } from '../../../components/portal-page';

const FIELD_LABELS: Record<RateField, string> = {
  spreadPercentage: 'Spread %',
  buyRateUsd: 'Buy Rate (USD)',
  sellRateUsd: 'Sell Rate (USD)',
  buyRateNaira: 'Buy Rate (Naira)',
  sellRateNaira: 'Sell Rate (Naira)',
};

const BADGE = 'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

/** Whether the values are a suggestion, will be saved, or are saved but not shown publicly. */
function OriginBadge({ rate }: { rate: RateDraft }) {
  const testId = `${rate.currency}-origin`;
  if (rate.origin === 'suggested') {
    return (
      <span
        data-testid={testId}
        className={cn(BADGE, 'bg-yellow-50 text-yellow-900 ring-yellow-600/30')}
      >
        Suggestion
      </span>
    );
  }
  if (rate.origin === 'edited') {
    return (
      <span
        data-testid={testId}
        className={cn(BADGE, 'bg-brand-50 text-brand-800 ring-brand-600/20')}
      >
        Will be saved
      </span>
    );
  }
  if (!rate.published) {
    return (
      <span data-testid={testId} className={cn(BADGE, 'bg-down-soft text-down ring-down/20')}>
        Not shown to customers
      </span>
    );
  }
  return null;
}

/** No saved rate yet: what the values are, and the way to keep them as they are. */
function SuggestionNote({
  rate,
  hasMarket,
  onUse,
}: {
  rate: RateDraft;
  hasMarket: boolean;
  onUse: () => void;
}) {
  const filled = rate.buyRateUsd !== '' && rate.sellRateUsd !== '';
  return (
    <div
      data-testid={`${rate.currency}-suggestion`}
      className="mt-3 rounded-2xl bg-yellow-50 p-3 text-sm text-yellow-950 ring-1 ring-yellow-600/20 ring-inset"
    >
      {hasMarket && filled ? (
        <>
          <p>
            <span className="font-semibold">No saved rate yet.</span> These values are suggested
            from the market price: market × (1 ± spread) × the USD to Naira rate. They are saved
            only if you edit or use them.
          </p>
          <Button variant="outline" className="mt-2 bg-white" onClick={onUse}>
            <Check aria-hidden />
            Use suggested rates
          </Button>
        </>
      ) : (
        <p>
          <span className="font-semibold">No saved rate yet,</span> and no market price to suggest
          one: type the rates to save them.
        </p>
      )}
    </div>
  );
}

/**
 * One currency's rates: market price, spread, USD and Naira buy/sell, Auto Calculate and
 * when it was last saved.
 */
export function RateCard({
  rate,
  price,
  errors,
  autoError,
  onChange,
  onAutoCalculate,
  onUseSuggestion,
}: {
  rate: RateDraft;
  price: Price | undefined;
  /** The messages to show now, by field. */
  errors: Partial<Record<RateField, string>>;
  /** Why Auto Calculate could not run, when it was pressed and could not. */
  autoError: string | null;
  onChange: (field: RateField, value: string) => void;
  onAutoCalculate: () => void;
  /** The agent keeps the suggested values as they are: they will be saved. */
  onUseSuggestion: () => void;
}) {
  const symbol = RATE_SYMBOLS[rate.currency];
  const titleId = `rate-${rate.currency}-title`;
  const field = (
    name: RateField,
    extra: {
      prefix?: string;
      step?: string;
      suffix?: string;
      className?: string;
      grouped?: boolean;
    },
  ) => (
    <MoneyField
      id={`${rate.currency}-${name}`}
      data-testid={`${rate.currency}-${name}`}
      label={FIELD_LABELS[name]}
      value={rate[name]}
      onChange={(value) => onChange(name, value)}
      error={errors[name]}
      notANumber={`${RATE_RULES[name].label} must be a number`}
      {...extra}
    />
  );
  return (
    <PortalCard aria-labelledby={titleId} data-testid={`rate-card-${rate.currency}`}>
      <div className="flex items-start gap-3">
        <CoinIcon currency={rate.currency} />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-lg leading-tight font-bold">
            {RATE_NAMES[rate.currency]} <span className="font-normal text-ink-muted">{symbol}</span>
          </h2>
          <p className="mt-0.5 text-sm text-ink-muted" data-testid={`${rate.currency}-market`}>
            Market price{' '}
            <span className="font-semibold text-ink tabular-nums">
              {price ? formatUsd(price.usd) : 'unavailable'}
            </span>
            {price?.stale && <span className="font-semibold text-yellow-900"> (stale)</span>}
          </p>
        </div>
        <OriginBadge rate={rate} />
      </div>
      {rate.origin === 'suggested' && (
        <SuggestionNote rate={rate} hasMarket={price !== undefined} onUse={onUseSuggestion} />
      )}

      <div className="mt-4 flex items-start gap-3">
        {field('spreadPercentage', {
          step: '0.1',
          suffix: '%',
          className: 'w-28 shrink-0 sm:w-40',
        })}
        {/* Level with the input, below the label. */}
        <Button
          variant="outline"
          className="mt-[26px] shrink-0 whitespace-nowrap"
          onClick={onAutoCalculate}
          aria-describedby={autoError ? `${rate.currency}-auto-error` : undefined}
        >
          {/* On a phone the label alone fits beside the spread. */}
          <Calculator aria-hidden className="max-sm:hidden" />
          Auto Calculate
        </Button>
      </div>
      {autoError && (
        <p
          id={`${rate.currency}-auto-error`}
          role="alert"
          className="mt-1 text-sm font-medium text-down"
        >
          {autoError}
        </p>
      )}

      <fieldset className="mt-4">
        <legend className="text-xs font-semibold tracking-wider text-ink-muted uppercase">
          USD rates
        </legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {field('buyRateUsd', { prefix: '$' })}
          {field('sellRateUsd', { prefix: '$' })}
        </div>
      </fieldset>
      <fieldset className="mt-4">
        <legend className="text-xs font-semibold tracking-wider text-ink-muted uppercase">
          Naira rates
        </legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {field('buyRateNaira', { prefix: '₦', grouped: true })}
          {field('sellRateNaira', { prefix: '₦', grouped: true })}
        </div>
      </fieldset>

      <p className="mt-4 text-xs text-ink-muted" data-testid={`${rate.currency}-last-updated`}>
        {rate.lastUpdated
          ? `Last updated: ${formatDateTime(rate.lastUpdated)}`
          : 'Last updated: never (no saved rate)'}
      </p>
    </PortalCard>
  );
}
