/**
 * Everything that formats a price. It needs shared/money (and decimal.js with it), so it loads
 * in its own chunk, alongside the prices request, off the landing page's first load.
 */
import { TrendingDown, TrendingUp } from 'lucide-react';
import { dec } from '../../../../shared/money';
import { cn } from '../../../lib/cn';
import { formatChange, formatDateTime, formatNaira, formatUsd } from '../../../lib/format';
import type { Price } from '../../prices';

/** Naira prices this large read better without kobo. */
const WHOLE_NAIRA_FROM = 100_000;

/** Naira with kobo, except for large prices where kobo is noise. */
function displayNaira(ngn: string): string {
  return formatNaira(ngn, { whole: dec(ngn).gte(WHOLE_NAIRA_FROM) });
}

function isDown(change: string): boolean {
  return dec(change).isNegative() && !dec(change).isZero();
}

/** The 24 h change, green up or red down. */
export function ChangeBadge({ change }: { change: string }) {
  const down = isDown(change);
  const Icon = down ? TrendingDown : TrendingUp;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-semibold tabular-nums',
        down ? 'bg-down-soft text-down' : 'bg-up-soft text-up',
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {formatChange(change)}
      <span className="sr-only"> in 24 hours</span>
    </span>
  );
}

/** A row's naira price, large, and its USD price. */
export function PriceFigures({ price }: { price: Price }) {
  return (
    <>
      <p
        data-testid="price-ngn"
        className="text-2xl leading-tight font-bold tracking-tight tabular-nums sm:text-[1.625rem]"
      >
        {displayNaira(price.ngn)}
      </p>
      <p className="mt-0.5 text-sm text-ink-muted tabular-nums">{formatUsd(price.usd)}</p>
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

/** When the server could not refresh prices lately: when they were last good. */
export function StaleNote({ prices }: { prices: readonly Price[] }) {
  const stale = prices.filter((p) => p.stale);
  if (stale.length === 0) return null;
  const oldest = stale.map((p) => p.updatedAt).sort()[0]!;
  return (
    <p data-testid="prices-last-updated" className="mt-3 text-center text-xs text-ink-muted">
      Last updated {formatDateTime(oldest)}
    </p>
  );
}
