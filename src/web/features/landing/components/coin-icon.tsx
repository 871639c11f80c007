import { Bitcoin } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** Bitcoin's orange coin and Tether's green one, drawn here so no image is fetched. */
export function CoinIcon({ symbol, className }: { symbol: 'BTC' | 'USDT'; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-white shadow-sm',
        symbol === 'BTC' ? 'bg-[#f7931a]' : 'bg-[#26a17b]',
        className,
      )}
    >
      {symbol === 'BTC' ? (
        <Bitcoin className="size-6 -rotate-12" strokeWidth={2.4} />
      ) : (
        <svg viewBox="0 0 24 24" className="size-6" fill="none">
          <path d="M5.5 5h13M12 5v14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          <ellipse cx="12" cy="10.5" rx="7" ry="2.2" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      )}
    </span>
  );
}
