import { Bitcoin } from 'lucide-react';
import { cn } from '../../../lib/cn';

const SIZES = { sm: 'size-10', md: 'size-11', lg: 'size-12' } as const;

/** Bitcoin's orange coin or Tether's green one; other desks show their initials. */
export function CoinAvatar({
  symbol,
  fallback = 'A',
  size = 'md',
  className,
}: {
  symbol: 'BTC' | 'USDT' | null;
  fallback?: string;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full text-white shadow-sm',
        SIZES[size],
        symbol === 'BTC' ? 'bg-[#f7931a]' : symbol === 'USDT' ? 'bg-[#26a17b]' : 'bg-brand-600',
        className,
      )}
    >
      {symbol === 'BTC' ? (
        <Bitcoin className="size-[55%] -rotate-12" strokeWidth={2.4} />
      ) : symbol === 'USDT' ? (
        <svg viewBox="0 0 24 24" className="size-[55%]" fill="none">
          <path d="M5.5 5h13M12 5v14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          <ellipse cx="12" cy="10.5" rx="7" ry="2.2" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      ) : (
        <span className="text-sm font-bold">{fallback}</span>
      )}
    </span>
  );
}

/** A person's initials in a circle. */
export function InitialsAvatar({ initials, className }: { initials: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-gold-300 text-sm font-bold text-brand-950',
        className,
      )}
    >
      {initials}
    </span>
  );
}
