import { TrendingDown, TrendingUp } from 'lucide-react';
import { cn } from '../lib/cn';
import { formatChange } from '../lib/format';

/**
 * A 24 h change below zero (zero itself is not down). From the decimal string's digits, so the
 * landing page's badge needs no decimal arithmetic.
 */
export function isDown(change: string): boolean {
  return /^\s*-/.test(change) && /[1-9]/.test(change);
}

/** The 24 h change, green up or red down: the landing page and the rates screen. */
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
