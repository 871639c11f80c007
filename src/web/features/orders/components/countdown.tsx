import { Timer } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatRemaining } from '../lib/use-countdown';

/** The rate lock's time left (`left`, in milliseconds, from the card's clock); amber in its last two minutes. */
export function Countdown({ left }: { left: number }) {
  const urgent = left < 120_000;
  return (
    <p
      data-testid="order-countdown"
      className={cn(
        'flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-medium',
        urgent ? 'bg-yellow-50 text-yellow-900' : 'bg-brand-50 text-brand-800',
      )}
    >
      <Timer aria-hidden className="size-4 shrink-0" />
      {left > 0 ? (
        <span>
          Rate locked for{' '}
          <span className="font-mono font-semibold tabular-nums" aria-live="off">
            {formatRemaining(left)}
          </span>
        </span>
      ) : (
        <span>The rate lock has ended</span>
      )}
    </p>
  );
}
