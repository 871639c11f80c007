import { Bitcoin } from 'lucide-react';
import type { RateCurrency } from '../../../../shared/domain';
import { cn } from '../../../lib/cn';

/** The coin's mark as the landing page draws it: Bitcoin's orange coin, Tether's green one. */
export function CoinBadge({ currency, className }: { currency: RateCurrency; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-white shadow-sm',
        currency === 'bitcoin' ? 'bg-[#f7931a]' : 'bg-[#26a17b]',
        className,
      )}
    >
      {currency === 'bitcoin' ? (
        <Bitcoin className="size-[22px] -rotate-12" strokeWidth={2.4} />
      ) : (
        <svg viewBox="0 0 24 24" className="size-[22px]" fill="none">
          <path d="M5.5 5h13M12 5v14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          <ellipse cx="12" cy="10.5" rx="7" ry="2.2" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      )}
    </span>
  );
}
