import { TrendingDown, TrendingUp } from 'lucide-react';
import { dec } from '../../shared/money';
import { cn } from '../lib/cn';
import { formatChange } from '../lib/format';

/** A 24 h change below zero (zero itself is not down). */
export function isDown(change: string): boolean {
  return dec(change).isNegative() && !dec(change).isZero();
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
