/**
 * Everything that formats a price, and the managed rates a row shows: from the decimal strings'
 * digits (no decimal.js, no zod), so it comes with the page and the server renders it with the
 * prices (decision 005).
 */
import { isDown } from '../../../components/change-badge';
import { cn } from '../../../lib/cn';
import { formatChange, formatNaira, formatUsd } from '../../../lib/format';
import type { Price } from '../../../../shared/api/prices';
import { calculatorRate } from '../../rates/lib/calculator-rate';
import { usePublicRates } from '../../rates/api/get-public-rates';

/** Naira prices of 100,000 or more (six whole digits) read better without kobo. */
const WHOLE_NAIRA_DIGITS = 6;

/** Naira with kobo, except for large prices where kobo is noise. */
function displayNaira(ngn: string): string {
  const whole = /^(\d+)/.exec(ngn)?.[1]?.replace(/^0+/, '') ?? '';
  return formatNaira(ngn, { whole: whole.length >= WHOLE_NAIRA_DIGITS });
}

/** Same shape as the row's figures, while the rates load. */
function FiguresSkeleton() {
  return (
    <div aria-hidden className="flex flex-col gap-2 pt-1">
      <span className="h-7 w-44 animate-pulse rounded-md bg-line" />
      <span className="h-4 w-20 animate-pulse rounded-md bg-line/70" />
    </div>
  );
}

/**
 * A row's figures: what a customer is paid per coin, large: the agents' managed sell rate in
 * naira where the server publishes it (within the market guard), else the market price in
 * naira with its USD price. Without a market price, "Fair Market Rate" (the spec), even when
 * rates are managed: nothing checks them then.
 */
export function PriceFigures({ symbol, price }: { symbol: Price['symbol']; price?: Price }) {
  const rates = usePublicRates();
  if (price && rates.isPending) return <FiguresSkeleton />;
  const rate = price
    ? calculatorRate(symbol === 'BTC' ? 'bitcoin' : 'usdt', rates.data, [price])
    : null;
  if (!rate || !price) {
    return (
      <>
        <p className="text-xl leading-tight font-bold text-brand-800 sm:text-2xl">
          Fair Market Rate
        </p>
        <p className="mt-0.5 text-sm text-ink-muted">Your agent confirms it in chat.</p>
      </>
    );
  }
  return (
    <>
      <p
        data-testid="price-ngn"
        className="text-2xl leading-tight font-bold tracking-tight tabular-nums sm:text-[1.625rem]"
      >
        {/* The managed rate is what trades pay: exact, to the kobo. */}
        {rate.source === 'managed' ? formatNaira(rate.naira) : displayNaira(rate.naira)}
      </p>
      <p className="mt-0.5 text-sm text-ink-muted tabular-nums" data-testid="price-caption">
        {rate.source === 'managed' ? `Our rate per ${symbol}` : formatUsd(price.usd)}
      </p>
    </>
  );
}

/** One entry of the hero's ticker. */
export function TickerItem({ price }: { price: Price }) {
  const change = price.change24h;
  return (
    <span
      data-testid="price-ticker-item"
      className="flex items-center gap-2 whitespace-nowrap motion-safe:animate-ticker-in"
    >
      <span className="font-semibold">{price.symbol}</span>
      <span className="tabular-nums">{displayNaira(price.ngn)}</span>
      {change !== null && (
        <span
          className={cn(
            'font-semibold tabular-nums',
            isDown(change) ? 'text-[#ffb4a8]' : 'text-brand-200',
          )}
        >
          {formatChange(change)}
        </span>
      )}
    </span>
  );
}
