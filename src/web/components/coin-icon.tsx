import { Bitcoin } from 'lucide-react';
import type { RateCurrency } from '../../shared/domain';
import { cn } from '../lib/cn';

const SIZES = {
  /** The rate and price cards. */
  md: { coin: 'size-10', mark: 'size-[22px]' },
  /** The landing page's sell card. */
  lg: { coin: 'size-11', mark: 'size-6' },
} as const;

/** Bitcoin's orange coin and Tether's green one, drawn here so no image is fetched. */
export function CoinIcon({
  currency,
  size = 'md',
  className,
}: {
  currency: RateCurrency;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const { coin, mark } = SIZES[size];
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full text-white shadow-sm',
        coin,
        currency === 'bitcoin' ? 'bg-[#f7931a]' : 'bg-[#26a17b]',
        className,
      )}
    >
      {currency === 'bitcoin' ? (
        <Bitcoin className={cn(mark, '-rotate-12')} strokeWidth={2.4} />
      ) : (
        <svg viewBox="0 0 24 24" className={mark} fill="none">
          <path d="M5.5 5h13M12 5v14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          <ellipse cx="12" cy="10.5" rx="7" ry="2.2" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      )}
    </span>
  );
}
