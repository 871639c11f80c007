import type { RateCurrency } from '../../../../shared/domain';
import { cn } from '../../../lib/cn';

/** The coin's mark: Bitcoin orange, Tether green, as on the landing page. */
export function CoinBadge({ currency, className }: { currency: RateCurrency; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-lg font-bold text-white',
        currency === 'bitcoin' ? 'bg-[#f7931a]' : 'bg-[#26a17b]',
        className,
      )}
    >
      {currency === 'bitcoin' ? '₿' : '₮'}
    </span>
  );
}
